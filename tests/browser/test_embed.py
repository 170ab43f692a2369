"""The embeddable board (embed.html) and the rules guide that embeds it."""

from __future__ import annotations

import random
import time

import pytest

from kseri import Match
from kseri.table.share import encode

from .conftest import READY_TIMEOUT

_READY = "() => document.body && document.body.dataset.ready === 'true'"
SCENE_FRAMES = "iframe:not([name=kseri-runtime])"
"""A page's scene frames (not the shared runtime's)."""


def _step_to_end(frame) -> list[str]:
    """Click #next until it is disabled; return the captions seen (step 0 first)."""
    board = frame.locator("#board")
    steps = int(board.get_attribute("data-steps"))
    captions = [frame.locator("#caption").inner_text()]
    for i in range(1, steps):
        frame.locator("#next").click()
        frame.wait_for_function(f"() => document.querySelector('#board').dataset.step === '{i}'")
        captions.append(frame.locator("#caption").inner_text())
    assert frame.locator("#next").is_disabled()
    assert frame.locator("#play").get_attribute("data-state") == "ended"
    return captions


@pytest.mark.browser
def test_guide_scenes_load_and_play_to_the_end(game_page, page_watch, site_url):
    page = game_page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{site_url}/guide.html")
    iframes = page.locator(SCENE_FRAMES)
    count = iframes.count()
    assert count >= 6
    for i in range(count):  # lazy frames load once near the viewport
        iframes.nth(i).evaluate("frame => frame.scrollIntoView({block: 'center'})")
    deadline = time.monotonic() + READY_TIMEOUT
    frames = []
    while time.monotonic() < deadline:
        frames = [f for f in page.frames if f.url.startswith(f"{site_url}/embed.html")]
        if len(frames) == count and all(f.evaluate(_READY) for f in frames):
            break
        assert not page_watch.page_errors, page_watch.page_errors
        page.wait_for_timeout(250)
    else:
        pytest.fail(f"guide: {sum(f.evaluate(_READY) for f in frames)} of {count} scenes ready")
    assert page_watch.off_origin == []
    # Six scenes, one Python runtime: the interpreter and the package were fetched once.
    assert downloads(page_watch.requests) == {"pyodide.asm.wasm": 1, "python_stdlib.zip": 1, "kseri.zip": 1}
    finals = {}
    for frame in frames:
        assert frame.evaluate("() => document.body.dataset.error === undefined"), frame.url
        captions = _step_to_end(frame)
        assert all(c.strip() for c in captions) and len(set(captions)) == len(captions)
        south = int(frame.locator('.seat[data-seat="0"] .pts').inner_text().split()[0])
        finals[frame.locator(".scene-title").inner_text()] = (south, captions[-1])
    by_title = {title.split(":")[0]: value for title, value in finals.items()}
    assert by_title["Kseri"][0] == 13 and "kseri! +10" in by_title["Kseri"][1]
    assert by_title["The same 10♦ taken by a jack"][0] == 3
    assert by_title["Jack kseri"][0] == 22
    # The open (sums) table: its items side by side, a build drawn with its value and owner.
    assert by_title["A capture by sum, then a xeri"][1].endswith("The table is empty: a xeri, +10!")
    assert by_title["A build raised and taken"][0] == 0 and "whole" in by_title["A build raised and taken"][1]
    raised = next(f for f in frames if "rules=sums" in f.url and "table=3H" in f.url)
    for _ in range(2):
        raised.locator("#prev").click()
    build = raised.locator("#pile.open-table [data-build]")
    assert build.get_attribute("data-build") == "10" and build.get_attribute("data-owner") == "1"
    assert build.locator("[data-card]").count() == 3 and "raises" in raised.locator("#caption").inner_text()
    box = build.bounding_box()
    assert box is not None and box["width"] > 20 and box["height"] > 20
    empty = next(f for f in frames if "plays=JS,JD" in f.url)
    empty.locator("#prev").click()
    assert "captures nothing" in empty.locator("#caption").inner_text()
    assert empty.locator("#pile").get_attribute("data-count") == "1"
    assert empty.locator("#pile [data-card]").get_attribute("data-card") == "JS"


@pytest.mark.browser
def test_small_frame_share_link_errors_and_autoplay(game_page, page_watch, site_url):
    """One page load, several scenes: a shared game, a bad scene, then autoplay (via hashchange)."""
    rng = random.Random(3)
    match = Match.new(rng=rng, first_dealer=1)
    while not match.round.is_terminal():
        match.play(rng.choice(match.round.legal_moves()))
    page = game_page
    page.set_viewport_size({"width": 320, "height": 240})
    page.goto(f"{site_url}/embed.html?from=40#{encode(match)}")
    page.wait_for_function(_READY, timeout=READY_TIMEOUT * 1000)
    assert page.locator("#board").get_attribute("data-steps") == str(48 - 40 + 1)
    # Everything fits the tiny frame: no scrolling, the buttons are on screen.
    assert page.evaluate("() => document.documentElement.scrollHeight") <= 240
    box = page.locator("#next").bounding_box()
    assert box["y"] + box["height"] <= 240 and box["x"] + box["width"] <= 320
    page.keyboard.press("End")
    assert page.locator("#board").get_attribute("data-step") == "8"
    assert "Round over" in page.locator("#caption").inner_text()
    page.keyboard.press("ArrowLeft")
    assert page.locator("#board").get_attribute("data-step") == "7"

    page.evaluate("() => { location.hash = 'scene=pile=10D;hands=10S|4H;plays=4H'; }")
    page.wait_for_function("() => document.body.dataset.error !== undefined")
    error = page.locator(".scene-error")
    assert error.is_visible()
    assert "play 1 is South's turn, but 4H is in North's hand" in error.inner_text()

    # A house rule, given as the documented URL gives it (the object percent-encoded): played and explained.
    page.evaluate("() => { location.hash = 'scene=rules=%7B%22profile%22:%22greek%22,%22jacks_capture%22:false%7D;"
                  "pile=5C;plays=JD'; }")
    page.wait_for_function("() => document.body.dataset.error === undefined")
    page.keyboard.press("End")
    assert "a jack takes only a jack" in page.locator("#caption").inner_text()

    page.evaluate("() => { location.hash = 'scene=pile=10D;plays=10S&autoplay=1'; }")
    page.wait_for_function("() => document.body.dataset.error === undefined")
    assert page.locator("#play").get_attribute("data-state") == "playing"
    page.wait_for_function("() => document.querySelector('#board').dataset.step === '1'", timeout=10_000)
    assert "kseri! +10" in page.locator("#caption").inner_text()
    assert page.locator("#play").get_attribute("data-state") == "ended"
    assert page_watch.off_origin == []


# --------------------------------------------------------------------------- many scenes, one runtime

INTERPRETER_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "kseri.zip")
"""What each Python runtime downloads once: the interpreter, its standard library, our package."""
SNIPPET_SITE = "https://example.github.io/kseri/"
"""The address the documented snippet says to replace with the site's own."""


def downloads(requests: list[str]) -> dict[str, int]:
    """How many times each of the runtime's files was requested."""
    names = [url.split("?")[0].rsplit("/", 1)[-1] for url in requests]
    return {name: names.count(name) for name in INTERPRETER_FILES}


def documented_snippet() -> str:
    """The "several scenes on one page" snippet of embed-docs.html, as an author copies it."""
    from html import unescape

    from .conftest import ROOT

    html = (ROOT / "embed-docs.html").read_text(encoding="utf-8")
    start = html.index('<pre tabindex="0" id="snippet-many"><code>') + len('<pre tabindex="0" id="snippet-many"><code>')
    return unescape(html[start:html.index("</code></pre>", start)])


def host_page(tmp_path, site_url: str, *, gap_px: int) -> None:
    """A third party's page (served by the test on another port) holding the documented snippet, with
    ``gap_px`` of text between its first scene and the rest."""
    snippet = documented_snippet().replace(SNIPPET_SITE, f"{site_url}/")
    runtime, scenes = snippet.split("\n\n", 1)
    first, rest = scenes.split("\n<iframe", 1)
    (tmp_path / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A guide elsewhere</title>'
        '<link rel="icon" href="data:,"></head><body><h1>A guide elsewhere</h1>'
        f'{runtime}\n{first}\n<div style="height:{gap_px}px">A long text.</div>\n<iframe{rest}</body></html>',
        encoding="utf-8")


def scene_frames(page, site_url: str) -> list:
    return [f for f in page.frames if f.url.startswith(f"{site_url}/embed.html")]


def wait_drawn(page, site_url: str, count: int) -> list:
    """Wait until ``count`` scene frames of the site are drawn; return them."""
    deadline = time.monotonic() + READY_TIMEOUT
    while True:
        frames = [f for f in scene_frames(page, site_url) if f.evaluate(_READY)]
        if len(frames) >= count:
            return frames
        assert time.monotonic() < deadline, f"{len(frames)} of {count} scenes drawn"
        page.wait_for_timeout(200)


def trouble(site, site_url: str) -> list[str]:
    """What went wrong on the host page, apart from requests to the game's site (which is the point)."""
    site.watch.off_origin[:] = [r for r in site.watch.off_origin if not r.split(" ", 1)[1].startswith(site_url + "/")]
    return site.watch.problems()


@pytest.mark.browser
def test_the_documented_snippet_works_from_another_origin_with_one_runtime(browser, site_url, tmp_path):
    """A page on a second local port pastes the docs' snippet: both scenes are drawn by one runtime, the second
    (far below) only once scrolled to."""
    from .conftest import own_site

    host_page(tmp_path, site_url, gap_px=20_000)
    with own_site(browser, tmp_path, service_workers="block", viewport={"width": 1000, "height": 700}) as site:
        assert site.url != site_url
        page = site.page
        page.goto(f"{site.url}/index.html")
        first = wait_drawn(page, site_url, 1)[0]
        assert "plays=10S" in first.url and first.locator("#pile").get_attribute("data-count") == "1"
        page.wait_for_timeout(1000)
        assert [f for f in scene_frames(page, site_url) if f.evaluate(_READY)] == [first]  # off screen: not drawn
        page.locator("iframe").last.evaluate("frame => frame.scrollIntoView({block: 'center'})")
        frames = wait_drawn(page, site_url, 2)
        second = next(f for f in frames if f is not first)
        _step_to_end(second)
        assert "jack kseri! +20" in second.locator("#caption").inner_text()
        _step_to_end(first)
        assert downloads(site.watch.requests) == dict.fromkeys(INTERPRETER_FILES, 1)
        assert trouble(site, site_url) == []


@pytest.mark.browser
def test_scenes_off_screen_start_nothing_until_scrolled_to(browser, site_url, tmp_path):
    """Every scene below the fold: no runtime starts (no interpreter, not even PyScript) until one is reached."""
    from .conftest import own_site

    host_page(tmp_path, site_url, gap_px=0)
    page_html = (tmp_path / "index.html").read_text(encoding="utf-8")
    (tmp_path / "index.html").write_text(page_html.replace("<h1>", '<div style="height:20000px">Words.</div><h1>'))
    with own_site(browser, tmp_path, service_workers="block", viewport={"width": 1000, "height": 700}) as site:
        page = site.page
        page.goto(f"{site.url}/index.html")
        page.wait_for_load_state("load")
        page.wait_for_timeout(2000)
        assert scene_frames(page, site_url) == [] or not any(f.evaluate(_READY) for f in scene_frames(page, site_url))
        fetched = [url for url in site.watch.requests if "/runtime/" in url or url.endswith("kseri.zip")]
        assert fetched == []
        page.locator("iframe").last.evaluate("frame => frame.scrollIntoView({block: 'center'})")
        wait_drawn(page, site_url, 2)
        assert downloads(site.watch.requests) == dict.fromkeys(INTERPRETER_FILES, 1)
        assert trouble(site, site_url) == []


@pytest.mark.browser
@pytest.mark.parametrize(("name", "done"), [("embed-docs.html", "Copied."), ("embed-docs.el.html", "Αντιγράφηκε.")])
def test_the_docs_copy_buttons_copy_the_snippets(game_page, site_url, name, done):
    page = game_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    page.goto(f"{site_url}/{name}")
    buttons = page.locator("button[data-copy]")
    assert buttons.count() == 2
    for i in range(2):
        button = buttons.nth(i)
        button.click()
        status = button.locator("xpath=following-sibling::span[@class='copy-status']")
        page.wait_for_function("(s) => s.textContent !== ''", arg=status.element_handle())
        assert status.inner_text() == done
        copied = page.evaluate("() => navigator.clipboard.readText()")
        assert copied == page.locator(f"#{button.get_attribute('data-copy')}").inner_text()
        assert "embed.html?" in copied and copied.startswith("<iframe")
        page.evaluate("(s) => { s.textContent = ''; }", status.element_handle())
    many = page.locator("#snippet-many").inner_text()
    assert many.count('name="kseri-runtime"') == 1 and many.count("embed.html?") == 2


@pytest.mark.browser
def test_a_scene_draws_alone_when_the_runtime_frame_never_loads(browser, site_url, tmp_path):
    """A wrong address for the runtime frame (a 404 page on the site) must not leave the scenes blank: after
    waiting a while for it, each frame starts a runtime of its own."""
    from .conftest import own_site

    host_page(tmp_path, site_url, gap_px=0)
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    (tmp_path / "index.html").write_text(html.replace("/embed-runtime.html", "/no-such-runtime.html"))
    with own_site(browser, tmp_path, service_workers="block", viewport={"width": 1000, "height": 1400}) as site:
        site.page.goto(f"{site.url}/index.html")
        frames = wait_drawn(site.page, site_url, 2)
        assert all(f.evaluate("() => document.body.dataset.error === undefined") for f in frames)
        assert downloads(site.watch.requests)["pyodide.asm.wasm"] == 2  # one runtime per scene, as without one
        missing = [e for e in site.watch.console_errors if "404" in e and "/no-such-runtime.html" in e]
        assert len(missing) == 1  # the one error the page asked for
        site.watch.console_errors.remove(missing[0])
        assert trouble(site, site_url) == []


@pytest.mark.browser
def test_the_whole_game_framed_by_another_site_plays_without_console_errors(browser, site_url, tmp_path):
    """A page on a second local port frames the game itself: it plays a card, and a dialog opened there
    takes the focus on its first control. The dialogs' controls once carried ``autofocus``, which
    Chromium refuses in a cross-origin frame with a console error each (eight of them)."""
    from .conftest import own_site

    (tmp_path / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A guide elsewhere</title>'
        '<link rel="icon" href="data:,"></head><body><h1>A guide elsewhere</h1>'
        f'<iframe src="{site_url}/index.html?seed=3&amp;level=easy" width="900" height="620" '
        'title="Kseri"></iframe></body></html>', encoding="utf-8")
    with own_site(browser, tmp_path, service_workers="block", viewport={"width": 1000, "height": 700}) as site:
        assert site.url != site_url
        page = site.page
        page.goto(f"{site.url}/index.html")
        deadline = time.monotonic() + READY_TIMEOUT
        game = None
        while game is None:
            game = next((f for f in page.frames if f.url.startswith(f"{site_url}/index.html")
                         and f.evaluate("() => document.body && document.body.dataset.ready === 'true'")), None)
            assert game is not None or time.monotonic() < deadline, "the framed game never got ready"
            page.wait_for_timeout(200)
        card = game.locator("#hand [data-card]:not([disabled])").first
        code = card.get_attribute("data-card")
        card.click()
        game.wait_for_function("code => !document.querySelector(`#hand [data-card='${code}']`)", arg=code,
                               timeout=30_000)
        game.evaluate("() => document.querySelector('#stats-button').click()")
        game.wait_for_function("() => document.activeElement && document.activeElement.id === 'stats-close'",
                               timeout=10_000)
        assert trouble(site, site_url) == []


@pytest.mark.browser
def test_the_guides_longest_captions_fit_the_smallest_frame_whole(game_page, page_watch, site_url):
    """At 320×240 (the smallest frame README promises) the Greek guide's two longest captions show
    every line: none is cut through its middle or left to a scroll nobody sees."""
    import html
    import re

    from .conftest import ROOT

    frames = re.findall(r'<iframe src="(embed\.html\?[^"]+)"', (ROOT / "guide.el.html").read_text(encoding="utf-8"))
    page = game_page
    page.set_viewport_size({"width": 320, "height": 240})
    for index, step in ((5, 4), (7, 1)):  # the last card of the round; a build raised and taken
        page.goto(f"{site_url}/{html.unescape(frames[index])}")
        page.wait_for_function(_READY, timeout=READY_TIMEOUT * 1000)
        for number in range(1, step + 1):
            page.locator("#next").click()
            page.wait_for_function(f"() => document.querySelector('#board').dataset.step === '{number}'")
        size = page.evaluate("() => [document.querySelector('#caption').scrollHeight, "
                             "document.querySelector('#caption').clientHeight]")
        assert size[0] <= size[1] + 1, (index, step, size)


@pytest.mark.browser
def test_a_title_in_a_short_frame_is_still_read_and_a_repeated_lang_counts_once(game_page, page_watch, site_url):
    """At 480×300 (every snippet's size) the author's heading was display:none, so screen readers lost it; it
    is now only moved out of sight. And ``lang=`` given twice counted the last time, the game's page the first."""
    page = game_page
    page.set_viewport_size({"width": 480, "height": 300})
    page.goto(f"{site_url}/embed.html?scene=title=A%20kseri;pile=10D;plays=10S&lang=en&lang=el")
    page.wait_for_function(_READY, timeout=READY_TIMEOUT * 1000)
    assert page.evaluate("() => document.documentElement.lang") == "en"
    title = page.locator(".scene-title")
    assert title.evaluate("e => getComputedStyle(e).display") != "none" and title.inner_text() == "A kseri"
    assert page.locator("[role=heading], h1, h2").filter(has_text="A kseri").count() == 1


@pytest.mark.browser
def test_a_scene_that_cannot_be_shown_is_titled_and_headed_in_the_frames_language(game_page, page_watch, site_url):
    """A Greek frame's error kept the English document title "Kseri scene" and had no heading (axe:
    page-has-heading-one)."""
    from .test_a11y import describe, run_axe
    page = game_page
    page.goto(f"{site_url}/embed.html?lang=el&scene=pile=10D;hands=10S,3H|KC,8D;plays=KC")
    page.wait_for_function(_READY, timeout=READY_TIMEOUT * 1000)
    assert page.locator("h1").inner_text() == "Αυτή η σκηνή δεν μπορεί να εμφανιστεί."
    assert page.title() != "Kseri scene"
    violations = run_axe(page)
    assert not violations, describe(violations)
