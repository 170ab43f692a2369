"""The embeddable board (embed.html) and the rules guide that embeds it."""

from __future__ import annotations

import random
import time

import pytest

from kseri import Match
from kseri.table.share import encode

from .conftest import READY_TIMEOUT

_READY = "() => document.body && document.body.dataset.ready === 'true'"


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
    iframes = page.locator("iframe")
    count = iframes.count()
    assert count >= 6
    for i in range(count):  # lazy frames load once near the viewport
        iframes.nth(i).scroll_into_view_if_needed()
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

    page.evaluate("() => { location.hash = 'scene=pile=10D;plays=10S&autoplay=1'; }")
    page.wait_for_function("() => document.body.dataset.error === undefined")
    assert page.locator("#play").get_attribute("data-state") == "playing"
    page.wait_for_function("() => document.querySelector('#board').dataset.step === '1'", timeout=10_000)
    assert "kseri! +10" in page.locator("#caption").inner_text()
    assert page.locator("#play").get_attribute("data-state") == "ended"
    assert page_watch.off_origin == []
