"""A full ``localStorage`` (issue #22): the game goes on, says once that it is no longer saved, and the
reload says which position it resumed ("The last 4 plays could not be saved…"), in English and in
Greek. The storage is really filled (junk items until the browser refuses even one character), so every
save after that is refused by the browser itself, as on a site whose other pages filled the origin's
quota (a GitHub Pages user site shares one origin between all its projects). The words themselves are
tested in tests/table/test_unsaved.py."""

from __future__ import annotations

import json

import pytest

from .conftest import reload_page, wait_ready
from .test_hostile import HUMAN_TURN_JS, notices, plays_a_card

pytestmark = pytest.mark.browser

FILL_JS = """() => {
  let items = 0;
  for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 16, 1]) {
    const chunk = 'x'.repeat(size);
    for (;;) {
      try { localStorage.setItem(`junk.${items}`, chunk); items += 1; } catch { break; }
    }
  }
  return items;
}"""
PLAYS_JS = """() => JSON.parse(localStorage.getItem('kseri.save')).record.rounds
  .reduce((n, round) => n + round.plays.length, 0)"""
HAND_JS = "() => document.querySelectorAll('#hand [data-card]').length"
REFUSED = "Your browser refused to store the game: a reload now would go back to where it was last saved."


def your_turn_after(page, cards: int) -> None:
    """Play ``cards`` of yours by clicking, the bot answering each."""
    for _ in range(cards):
        plays_a_card(page)
        page.wait_for_function(HUMAN_TURN_JS, timeout=30_000)


def test_a_reload_after_refused_saves_says_what_was_lost(game_page, page_watch, site_url):
    page = game_page
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{site_url}/index.html?seed=5&level=easy")
    wait_ready(page, page_watch)
    your_turn_after(page, 1)
    saved_plays = page.evaluate(PLAYS_JS)
    saved_hand = page.evaluate(HAND_JS)
    assert saved_plays >= 2 and page.evaluate(FILL_JS) > 0

    your_turn_after(page, 2)  # two of yours and two of the bot's: every save refused
    assert notices(page) == [REFUSED]  # said once
    assert page.evaluate(PLAYS_JS) == saved_plays  # the browser kept the older save

    reload_page(page)
    wait_ready(page, page_watch)
    assert notices(page) == [
        "The last 4 plays could not be saved (this browser's storage is full): the game goes on from before them."]
    assert page.evaluate(HAND_JS) == saved_hand  # resumed where it was saved, as said

    your_turn_after(page, 1)  # refused again: the note now tells of these two plays
    page.goto(f"{site_url}/index.html?lang=el")
    wait_ready(page, page_watch)
    assert notices(page) == [
        "Οι τελευταίες 2 κινήσεις δεν αποθηκεύτηκαν (ο χώρος αποθήκευσης του φυλλομετρητή είναι γεμάτος): "
        "η παρτίδα συνεχίζει από πριν από αυτές."]
    page.evaluate("() => { for (const key of Object.keys(localStorage)) "
                  "if (key.startsWith('junk.')) localStorage.removeItem(key); }")
    your_turn_after(page, 1)  # room again: saved, and no note is left for the next load
    assert page.evaluate(PLAYS_JS) == saved_plays + 2
    assert page.evaluate("() => sessionStorage.getItem('kseri.unsaved')") is None
    assert json.loads(page.evaluate("() => localStorage.getItem('kseri.save')"))["record"]
