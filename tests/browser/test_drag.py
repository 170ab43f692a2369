"""Dragging a card of your hand onto the table plays it, as a click does (kseri/web/drag_ui.py): with the
mouse at two and six seats, with a finger on a phone, and at the open table, where a card with several ways
offers them as a click does. A drag let go anywhere else puts the card back and plays nothing, and the click
the browser sends after a drag does not play or lift it a second time.

Every test runs on ``game_page`` or a page watched as it is (a console error or a request off the site's
origin fails it), with reduced motion.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from .conftest import reload_page, wait_ready
from .rounds import SETTLED_JS
from .test_first_visit import fresh_page

pytestmark = pytest.mark.browser

HAND_JS = """() => [...document.querySelectorAll('#hand [data-card]')].map(b => b.dataset.card)"""
DRAGGING_JS = """() => [...document.querySelectorAll('#hand [data-card]')].filter(
  b => b.classList.contains('dragging') || b.style.getPropertyValue('--drag-x')).length"""


def centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=12)
    page.mouse.up()


def touch_drag(page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger's drag, through Chromium's own touch input (it makes the pointer events a phone sends)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
    for step in range(1, 13):
        x = start[0] + (end[0] - start[0]) * step / 12
        y = start[1] + (end[1] - start[1]) * step / 12
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def first_playable(page) -> tuple[str, tuple[float, float]]:
    """Your first playable card, and a point on it that no other card covers (the fan overlaps them). Waited
    for: a card whose face is still decoding is hidden (.face-pending), and the pointer passes through it."""
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    found = page.wait_for_function("""() => {
      for (const card of document.querySelectorAll('#hand [data-card]:not([disabled])')) {
        const r = card.getBoundingClientRect();
        for (const [fx, fy] of [[.3, .5], [.5, .5], [.25, .3], [.5, .3]]) {
          const x = r.left + r.width * fx, y = r.top + r.height * fy;
          const hit = document.elementFromPoint(x, y);
          if (hit && hit.closest('[data-card]') === card) return [card.dataset.card, x, y];
        }
      }
      return null;
    }""", timeout=30_000).json_value()
    assert found, "no playable card can be pointed at"
    return found[0], (found[1], found[2])


@pytest.mark.parametrize("rules", ["greek", json.dumps({"profile": "pisti", "players": 6})])
def test_a_card_dragged_onto_the_table_is_played_and_one_let_go_elsewhere_goes_back(open_game, game_page, rules):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(f"?seed=5&level=easy&rules={quote(rules)}")
    code, (x, y) = first_playable(page)
    hand = page.evaluate(HAND_JS)

    # Let go over the hand itself: nothing is played, the card is back in its place.
    mouse_drag(page, (x, y), (x + 30, y - 25))
    assert page.evaluate(HAND_JS) == hand and page.evaluate(DRAGGING_JS) == 0
    assert page.locator(f'#hand [data-card="{code}"]').is_enabled()

    # Onto the pile: played, as a click plays it (the bots then answer and it is your turn again).
    mouse_drag(page, (x, y), centre(page, "#pile-area"))
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert code not in page.evaluate(HAND_JS), (code, page.evaluate(HAND_JS))
    assert page.evaluate(DRAGGING_JS) == 0

    # A plain click still plays (the drag's own click was swallowed, not the next one).
    code2, (x2, y2) = first_playable(page)
    page.mouse.click(x2, y2)
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert code2 not in page.evaluate(HAND_JS)


def test_a_finger_drags_a_card_onto_the_pile_on_a_phone(browser, site_url):
    context, page, watch = fresh_page(browser, site_url, viewport={"width": 390, "height": 844}, has_touch=True,
                                      is_mobile=True)
    try:
        page.goto(f"{site_url}/index.html?seed=5&level=easy&lang=en")
        page.wait_for_selector("body[data-ready='true']", timeout=120_000)
        page.evaluate("() => document.querySelector('[data-action=dismiss-intro]')?.click()")
        code, (x, y) = first_playable(page)
        hand = page.evaluate(HAND_JS)
        touch_drag(page, (x, y), (x, y - 30))  # a short drag over the hand: nothing
        assert page.evaluate(HAND_JS) == hand and page.evaluate(DRAGGING_JS) == 0
        code, (x, y) = first_playable(page)
        touch_drag(page, (x, y), centre(page, "#pile-area"))
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        assert code not in page.evaluate(HAND_JS)
        assert page.evaluate(DRAGGING_JS) == 0
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_at_the_open_table_a_card_with_several_ways_dropped_offers_them(open_game, game_page):
    """With the easy bot and seed 2 your 9♠ takes 2♥+7♦, 2♠+7♦ or 9♦: dropped on the table, the ways are offered
    and the card waits in the hand, as after a click."""
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game("?seed=2&level=easy&rules=sums")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    mouse_drag(page, centre(page, '#hand [data-card="9S"]'), centre(page, "#table"))
    page.wait_for_selector("#ways:not([hidden]) [data-move]")
    assert len(page.locator("#ways [data-move]").all()) >= 3  # (the three captures, and laying it loose)
    assert "9S" in page.evaluate(HAND_JS) and page.evaluate(DRAGGING_JS) == 0
    page.locator("#ways [data-move]").first.click()
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert "9S" not in page.evaluate(HAND_JS)


def test_with_tap_to_lift_a_drag_let_go_lifts_nothing_and_one_dropped_plays_at_once(open_game, game_page,
                                                                                     page_watch):
    """The drag's own click is swallowed: it neither lifts the card (tap to lift on) nor plays it; a tap right
    after it lifts the card as a first tap does, so no real click is swallowed; a drop plays at once."""
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game("?seed=5&level=easy")
    page.evaluate("() => localStorage.setItem('kseri.settings', JSON.stringify({lift: true}))")
    reload_page(page)
    wait_ready(page, page_watch)
    code, (x, y) = first_playable(page)
    hand = page.evaluate(HAND_JS)
    mouse_drag(page, (x, y), (x + 30, y - 25))
    assert page.evaluate(HAND_JS) == hand and page.locator("#hand .lifted").count() == 0
    page.mouse.click(x, y)  # at once: a real tap, not the drag's
    assert page.locator(f'#hand [data-card="{code}"].lifted').count() == 1
    mouse_drag(page, (x, y), centre(page, "#pile-area"))
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert code not in page.evaluate(HAND_JS)


def test_escape_during_a_drag_puts_the_card_back_and_the_release_plays_nothing(open_game, game_page):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game("?seed=5&level=easy")
    code, (x, y) = first_playable(page)
    hand = page.evaluate(HAND_JS)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(*centre(page, "#pile-area"), steps=10)
    page.keyboard.press("Escape")
    assert page.evaluate(DRAGGING_JS) == 0 and page.locator("#pile-area.drop-over").count() == 0
    page.mouse.up()  # over the pile, and seconds later for all it matters: the drag was called off
    page.wait_for_timeout(300)
    assert page.evaluate(HAND_JS) == hand and page.locator(f'#hand [data-card="{code}"]').is_enabled()
