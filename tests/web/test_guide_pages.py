"""The documentation pages in both languages: guide.el.html and embed-docs.el.html are the Greek twins of
guide.html and embed-docs.html (the same scenes, each embedded with ``lang=el``), with no English word left
outside code; the table's rules link to the guide in its language.

These pages run no script, so each language is its own static page (linked both ways).
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


TWINS = (("guide.html", "guide.el.html"), ("embed-docs.html", "embed-docs.el.html"))
CODE = ("code", "pre", "kbd")
"""Notation, snippets and key caps: the same in both languages."""
PROPER_NAMES = {"Python", "JSON"}
"""Names Greek writes in Latin letters too."""


class Page(HTMLParser):
    """A static page's ``<html lang>``, iframes, links, and the text a reader sees or hears (outside
    ``lang="en"`` elements, which name the other language in its own words, and outside code)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.lang = ""
        self.frames: list[str] = []
        """The scene frames' addresses."""
        self.runtimes: list[str] = []
        """The shared runtime's frames (``name="kseri-runtime"``)."""
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
            (self.runtimes if found.get("name") == "kseri-runtime" else self.frames).append(found.get("src") or "")
        if (found.get("lang") == "en" and tag != "html") or tag in CODE:
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


@pytest.mark.parametrize("name", ["guide.html", "guide.el.html"])
def test_the_guides_scenes_share_one_runtime(name):
    """One hidden ``kseri-runtime`` frame draws every scene; the scenes load lazily (off screen: nothing)."""
    assert Page(name).runtimes == ["./embed-runtime.html"]
    html = (ROOT / name).read_text(encoding="utf-8")
    assert re.search(r'<iframe name="kseri-runtime" src="./embed-runtime.html" title="[^"]+" hidden>', html)
    assert html.count('loading="lazy"') == 9


def test_the_greek_guide_shows_the_same_scenes_in_greek():
    english, greek = Page("guide.html"), Page("guide.el.html")
    assert (english.lang, greek.lang) == ("en", "el")
    assert len(greek.frames) == len(english.frames) == 9
    for en_src, el_src in zip(english.frames, greek.frames, strict=True):
        en_params, el_params = scene_params(en_src), scene_params(el_src)
        # each pins its language: a frame without lang= speaks the one the reader chose at the table
        assert (el_params.get("lang"), en_params.get("lang")) == ("el", "en")
        assert without_title(el_params) == without_title(en_params)
        assert not english_words(re.search(r"title=([^;]*)", el_params["scene"])[1])


@pytest.mark.parametrize(("english_name", "greek_name"), TWINS)
def test_no_english_left_in_a_greek_page(english_name, greek_name):
    page = Page(greek_name)
    spoken = " ".join(page.spoken)
    assert page.lang == "el" and Page(english_name).lang == "en"
    left = [word for word in english_words(spoken) if word not in PROPER_NAMES]
    assert not left, left
    assert "ξερή" in spoken.lower()


@pytest.mark.parametrize(("english_name", "greek_name"), TWINS)
def test_each_page_links_to_its_twin(english_name, greek_name):
    english, greek = Page(english_name), Page(greek_name)
    assert {"rel": "alternate", "hreflang": "el", "href": f"./{greek_name}"} in english.links
    assert {"rel": "alternate", "hreflang": "en", "href": f"./{english_name}"} in greek.links
    assert any(link.get("href") == f"./{english_name}" and link.get("lang") == "en" for link in greek.links)
    assert any(link.get("href") == f"./{greek_name}" and link.get("lang") == "el" for link in english.links)
    pages = {name for pair in TWINS for name in pair if name.endswith(".el.html")} | {
        "index.html?lang=el", "index.html?rules=sums&lang=el", "index.html?rules=pisti&lang=el"}
    internal = {str(link.get("href"))[2:] for link in greek.links if str(link.get("href")).startswith("./")}
    assert {name for name in internal if name.endswith("html") or "?" in name} - {english_name} <= pages


def test_the_greek_embed_docs_example_is_the_english_one_in_greek():
    english, greek = Page("embed-docs.html"), Page("embed-docs.el.html")
    assert [scene_params(src) | {"lang": "el"} for src in english.frames] == [scene_params(src) for src in greek.frames]


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
