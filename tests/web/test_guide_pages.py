"""The rules guide in both languages: guide.el.html is guide.html's Greek twin (the same scenes, each
embedded with ``lang=el``), with no English word left; the table's rules link to the guide in its language.

The guide pages run no script, so each language is its own static page (linked both ways).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from kseri import i18n
from kseri.scenes import from_params
from kseri.web import render
from tests.web.test_web_greek import SPOKEN_ATTRIBUTES, english_words

ROOT = Path(__file__).resolve().parents[2]


class Page(HTMLParser):
    """A static page's ``<html lang>``, iframes, links, and the text a reader sees or hears (outside
    ``lang="en"`` elements, which name the other language in its own words)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.lang = ""
        self.frames: list[str] = []
        self.links: list[dict[str, str | None]] = []
        self.spoken: list[str] = []
        self._english: list[str] = []
        self.feed((ROOT / name).read_text(encoding="utf-8"))

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang") or ""
        if tag in ("a", "link"):
            self.links.append(found)
        if tag == "iframe":
            self.frames.append(found.get("src") or "")
        if found.get("lang") == "en" and tag != "html":
            self._english.append(tag)
        elif not self._english:
            self.spoken += [value for name, value in attrs if name in SPOKEN_ATTRIBUTES and value]
            if tag == "meta" and found.get("name") == "description":
                self.spoken.append(found.get("content") or "")

    def handle_endtag(self, tag):
        if self._english and self._english[-1] == tag:
            self._english.pop()

    def handle_data(self, data):
        if not self._english:
            self.spoken.append(data)


def scene_params(src: str) -> dict[str, str]:
    parts = urlsplit(src)
    assert parts.path == "embed.html", src
    return dict(parse_qsl(parts.query)) | dict(parse_qsl(parts.fragment))


def without_title(params: dict[str, str]) -> str:
    return re.sub(r"(^|;)title=[^;]*", "", params["scene"])


@pytest.fixture
def greek():
    i18n.set_language("el")
    yield
    i18n.set_language("en")


def test_the_greek_guide_shows_the_same_scenes_in_greek():
    english, greek = Page("guide.html"), Page("guide.el.html")
    assert (english.lang, greek.lang) == ("en", "el")
    assert len(greek.frames) == len(english.frames) == 6
    for en_src, el_src in zip(english.frames, greek.frames, strict=True):
        en_params, el_params = scene_params(en_src), scene_params(el_src)
        assert el_params.get("lang") == "el" and "lang" not in en_params
        assert without_title(el_params) == without_title(en_params)
        assert not english_words(re.search(r"title=([^;]*)", el_params["scene"])[1])


def test_no_english_left_in_the_greek_guide():
    page = Page("guide.el.html")
    spoken = " ".join(page.spoken)
    assert not english_words(spoken), english_words(spoken)
    assert "ξερή" in spoken


def test_the_guides_link_to_each_other():
    english, greek = Page("guide.html"), Page("guide.el.html")
    assert {"rel": "alternate", "hreflang": "el", "href": "./guide.el.html"} in english.links
    assert {"rel": "alternate", "hreflang": "en", "href": "./guide.html"} in greek.links
    assert any(link.get("href") == "./guide.html" and link.get("lang") == "en" for link in greek.links)
    assert any(link.get("href") == "./guide.el.html" and link.get("lang") == "el" for link in english.links)


def test_the_greek_guides_scenes_play_in_greek(greek):
    for src in Page("guide.el.html").frames:
        scene = from_params(scene_params(src))
        for step in scene.steps:
            assert not english_words(step.caption), step.caption
    kseri = from_params(scene_params(Page("guide.el.html").frames[1]))
    assert kseri.steps[-1].points == (13, 0) and "ξερή! +10" in kseri.steps[-1].caption


def test_the_rules_link_to_the_guide_in_their_language(greek):
    assert 'href="guide.el.html"' in render.guide_link_html()
    i18n.set_language("en")
    assert 'href="guide.html"' in render.guide_link_html()
