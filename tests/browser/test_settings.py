"""The settings dialog in Chromium: sound on or off and the animation speed, remembered across a
reload; a stored value the page cannot read is ignored; a card played with sound on makes its
sound (``body[data-sounds]`` counts them) without a console error (``game_page`` fails on one).
"""

from __future__ import annotations

import json

import pytest

from .conftest import reload_page, wait_ready
from .test_game import _turn_seconds, open_table, settle

pytestmark = pytest.mark.browser


def open_settings(page) -> None:
    page.click("#settings-button")
    page.wait_for_selector("#settings[open] input[name=sound]")


def shown(page) -> dict:
    return page.evaluate("""() => ({
      sound: document.querySelector('#settings input[name=sound]').checked,
      speed: document.querySelector('#settings input[name=speed]:checked').value,
      lift: document.querySelector('#settings input[name=lift]').checked,
    })""")


def test_sound_and_speed_are_remembered(open_game, game_page, page_watch):
    page = open_table(open_game, game_page, "?seed=3&level=easy")
    open_settings(page)
    assert shown(page) == {"sound": True, "speed": "normal", "lift": False}  # defaults: sound on (quiet), normal pace
    page.click("#settings .choice:has(input[name=sound])")
    page.click("#settings .choice:has(input[value=fast])")
    assert json.loads(page.evaluate("localStorage.getItem('kseri.settings')")) == {
        "sound": False, "speed": "fast", "lift": False, "theme": "system", "cards": "normal", "back": "blue"}
    page.click("#settings [data-action=close-settings]")
    page.wait_for_selector("#settings:not([open])", state="attached")
    reload_page(page)
    wait_ready(page, page_watch)
    open_settings(page)
    assert shown(page) == {"sound": False, "speed": "fast", "lift": False}
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings:not([open])", state="attached")


def test_a_stored_value_that_cannot_be_read_is_ignored(open_game, game_page, page_watch):
    """One broken value in the page; every other kind is the unit tests' (tests/web/test_web_settings.py)."""
    page = open_table(open_game, game_page, "?seed=3&level=easy")
    page.evaluate("text => localStorage.setItem('kseri.settings', text)", '{"sound": "loud", "speed": 9')
    reload_page(page)
    wait_ready(page, page_watch)
    open_settings(page)
    assert shown(page) == {"sound": True, "speed": "normal", "lift": False}


def test_a_card_played_with_sound_on_sounds_without_a_console_error(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=3&level=easy")
    assert page.evaluate("document.body.dataset.sounds") is None  # nothing before a gesture
    page.click("#hand [data-card]:not([disabled])")
    settle(page)
    assert int(page.evaluate("document.body.dataset.sounds || '0'")) >= 2  # your card, then the bot's


def test_sound_off_makes_none(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=3&level=easy")
    page.evaluate("localStorage.setItem('kseri.settings', JSON.stringify({sound: false, speed: 'normal'}))")
    reload_page(page)
    settle(page)
    page.click("#hand [data-card]:not([disabled])")
    settle(page)
    assert page.evaluate("document.body.dataset.sounds") is None


def choose_speed(page, speed: str) -> None:
    open_settings(page)
    page.click(f"#settings .choice:has(input[value={speed}])")
    page.click("#settings [data-action=close-settings]")
    page.wait_for_selector("#settings:not([open])", state="attached")


# Every animation of the table goes through Element.animate (kseri.web.pacer): record its durations.
RECORD_DURATIONS_JS = """(() => {
  const animate = Element.prototype.animate;
  window.__durations = [];
  Element.prototype.animate = function (frames, options) {
    window.__durations.push(options && options.duration);
    return animate.call(this, frames, options);
  };
})();"""


def durations_of_a_turn(page) -> list[float]:
    page.evaluate("window.__durations = []")
    _turn_seconds(page, 1)
    return page.evaluate("window.__durations")


def test_the_speed_sets_the_pace(open_game, game_page):
    game_page.add_init_script(RECORD_DURATIONS_JS)
    page = open_table(open_game, game_page, "?seed=29&level=easy", reduced=False)
    normal = durations_of_a_turn(page)
    choose_speed(page, "slow")
    slow = durations_of_a_turn(page)
    choose_speed(page, "fast")
    fast = durations_of_a_turn(page)
    print(f"\nanimation ms: normal {normal}, slow {slow}, fast {fast}")
    # The shortest of the table's animations lasts 260 ms and the longest 950 (kseri.web.pacer), so
    # at 1.6 times (slow) nothing is shorter than 416 ms, and at half (fast) nothing longer than 475.
    assert normal and slow and fast
    assert min(normal) >= 260 and max(normal) <= 950, normal
    assert min(slow) >= 1.6 * 260, slow
    assert max(fast) <= 0.5 * 950, fast


def test_tap_to_lift_then_tap_again_to_play(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=3&level=easy")
    open_settings(page)
    page.click("#settings .choice:has(input[name=lift])")
    page.click("#settings [data-action=close-settings]")
    page.wait_for_selector("#settings:not([open])", state="attached")
    first, second = page.evaluate(
        "[...document.querySelectorAll('#hand [data-card]')].slice(0, 2).map(b => b.dataset.card)")
    top_js = "code => document.querySelector(`#hand [data-card='${code}']`).getBoundingClientRect().top"
    resting = page.evaluate(top_js, second)
    page.click(f"#hand [data-card='{first}']")
    assert page.evaluate("[...document.querySelectorAll('#hand .lifted')].map(b => b.dataset.card)") == [first]
    page.click(f"#hand [data-card='{second}']")  # another card: that one is lifted instead, nothing played
    assert page.evaluate("[...document.querySelectorAll('#hand .lifted')].map(b => b.dataset.card)") == [second]
    # It stands up out of the fan, higher than hovering alone would raise it (26 px against 16).
    page.wait_for_function(f"({top_js})('{second}') < {resting} - 22")
    assert page.locator("#hand [data-card]").count() == 6
    page.click(f"#hand [data-card='{second}']")
    page.wait_for_function(f"!document.querySelector(\"#hand [data-card='{second}']\")")
    settle(page)
    # The keyboard plays at once, lift or not.
    page.locator("#hand [data-card]:not([disabled])").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#hand [data-card]').length === 4")
