"""Who plays, from the first visit to a shared link (issue #12), clicked as a person would: the new-game
screen a first visit offers from its welcome, a link that seats two friends as partners against two bots
(``seats=``), the same seats carried by the share button's link, a ``seats=`` that does not fit, and the
word the Pişti table flashes."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from kseri.engine.text import isolated
from kseri.table.share import decode_record

from .conftest import reload_page
from .test_a11y import describe, run_axe
from .test_game import SETTLED_JS
from .test_hostile import notices
from .test_seats import HANDOVER_SETTLED_JS, rules_param, seats_state

pytestmark = pytest.mark.browser

FOUR = {"profile": "pisti", "players": 4}
FRIENDS = "person:Anna|hard|person:Bob|easy"


def test_a_first_visit_offers_the_new_game_screen(open_game, game_page):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game("?lang=el")  # nothing asked for: no game in the link, nothing saved
    page.locator("#welcome[open]").wait_for()  # the welcome: the game dealt, or another (issue 24)
    assert page.locator("#welcome-title").inner_text().startswith("Καλώς ήρθες")
    page.click("#welcome-other")
    page.locator("#new-game[open]").wait_for()
    assert page.locator("#new-game .new-game-warning").count() == 0  # nothing is given up yet
    violations = run_axe(page)
    assert not violations, describe(violations)
    page.click('#new-game label.choice:has(input[name="players"][value="4"])')
    page.select_option('#new-game select[name="seat2"]', "person")
    assert page.locator('#new-game input[name="name0"]').is_visible()  # two people: a name each
    page.click('#new-game label.choice:has(input[name="players"][value="2"])')
    assert page.locator('#new-game select[name="seat2"]').input_value() == "medium"  # left out: a bot again
    assert page.locator('#new-game input[name="name0"]').is_hidden()
    assert page.locator("#new-game-cancel").inner_text() == "Πίσω στο τραπέζι"  # no card played yet
    page.click("#new-game-cancel")  # keep the Greek game dealt behind it
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert page.locator("dialog[open]").count() == 0
    page.click("#hand [data-card]:not([disabled])")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    reload_page(page)  # a game is saved now: the screen does not open again
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert page.locator("#new-game[open], #welcome[open]").count() == 0


def test_a_link_seats_two_friends_as_partners_and_the_share_link_keeps_them(open_game, game_page):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(f"?seed=3&rules={rules_param(FOUR)}&seats={quote(FRIENDS)}")
    page.wait_for_function(HANDOVER_SETTLED_JS, timeout=60_000)
    assert "seats=" not in page.url  # a reload resumes the game instead of opening the link again
    panels = {p["seat"]: p for p in seats_state(page)["panels"]}
    levels = {seat: page.locator(f"#seat-{seat} .seat-level").inner_text() for seat in (1, 3)}
    assert levels == {1: "Hard", 3: "Easy"}
    assert page.locator("#seat-2").get_attribute("class").split().count("person") == 1
    names = [panels[seat]["name"] for seat in sorted(panels)]
    assert isolated("Bob") in names or isolated("Anna") in names  # the bottom seat is whoever holds the device
    page.click("#copy-link")
    page.wait_for_selector("#share[open]")
    record = decode_record(page.input_value("#share-url"))
    assert record["seats"] == ["person:Anna", "hard", "person:Bob", "easy"]


def test_seats_that_do_not_fit_the_game_are_explained(open_game, game_page):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(f"?seed=3&level=easy&rules={rules_param(FOUR)}&seats={quote('person|hard')}")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert "Ignored seats=person|hard: 2 entries for 4 seats." in notices(page)
    assert [page.locator(f"#seat-{seat} .seat-level").inner_text() for seat in (1, 2, 3)] == ["Easy"] * 3


def test_seats_that_do_not_fit_are_explained_in_greek_too(open_game, game_page):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(f"?seed=3&level=easy&lang=el&rules={rules_param(FOUR)}&seats={quote('person|hard')}")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert "Αγνοήθηκε το seats=person|hard: 2 καταχωρίσεις για 4 θέσεις." in notices(page)


FLASH_WATCH_JS = """
window.__flashes = [];
new MutationObserver(() => {
  const word = document.querySelector('#kseri-flash .kseri-word');
  if (word && window.__flashes[window.__flashes.length - 1] !== word.textContent) {
    window.__flashes.push(word.textContent);
  }
}).observe(document, {subtree: true, childList: true});
"""


def test_the_pisti_table_flashes_its_own_word(open_game, game_page):
    """Seed 87 at Pişti: your second card (the first in your hand each time) takes a lone card."""
    game_page.emulate_media(reduced_motion="reduce")
    game_page.add_init_script(FLASH_WATCH_JS)
    page = open_game("?seed=87&level=easy&rules=pisti&lang=el")
    for _ in range(2):
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        page.click("#hand [data-card]:not([disabled])")
    page.wait_for_function("() => window.__flashes.length > 0", timeout=60_000)
    assert page.evaluate("window.__flashes") == ["Πίστι!"]


def test_bad_language_theme_and_lesson_values_are_explained_and_dropped(open_game, game_page):
    """``lang=``, ``theme=`` and ``learn=`` are read where they are used (the language, the first paint's
    theme, the lessons): a value none of them knows was ignored without a word, and stayed in the address."""
    page = open_game("?seed=3&level=easy&lang=xx&theme=purple&learn=chess")
    said = notices(page)
    assert "Ignored lang=xx: the languages are el (Greek) and en (English)." in said
    assert "Ignored theme=purple: the themes are light and dark." in said
    assert "Ignored learn=chess: the lessons are 1 (the Greek game) and sums (the open table)." in said
    query = page.evaluate("() => location.search")
    assert not any(key in query for key in ("lang=", "theme=", "learn=")), query
    assert page.evaluate("() => document.documentElement.dataset.theme") in ("light", "dark")
    assert page.locator("#hand [data-card]").count() == 6  # the game plays on


LONG_NAME = "M" * 20  # the name field's most, in one of the widest letters, with nowhere to break


@pytest.mark.parametrize("size", [(320, 568), (1280, 800)], ids=["phone", "desktop"])
def test_a_name_of_twenty_wide_letters_fits_the_pass_screen_and_the_name_tag(open_game, game_page, size):
    game_page.set_viewport_size({"width": size[0], "height": size[1]})
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(f"?seed=5&seats={quote(f'person:Anna|person:{LONG_NAME}')}")
    page.wait_for_selector("#pass .pass-card .btn", state="visible")
    card = page.locator("#pass .pass-card").bounding_box()
    assert card and card["x"] >= 0 and card["x"] + card["width"] <= size[0], card  # it broke, not widened
    page.locator("#pass .pass-card .btn").first.click()
    page.wait_for_function(HANDOVER_SETTLED_JS, timeout=60_000)
    page.wait_for_selector("#hand [data-card]:not([disabled])")
    # nothing of the name tag lies over a card of the hand: the name ends in "…" instead
    covered = page.evaluate("""() => {
      const tag = document.querySelector('#you-tag').getBoundingClientRect();
      return [...document.querySelectorAll('#hand [data-card]')].some((card) => {
        const box = card.getBoundingClientRect();
        return tag.right > box.left && tag.left < box.right && tag.bottom > box.top && tag.top < box.bottom;
      });
    }""")
    assert not covered


def test_after_a_persons_card_the_keyboard_is_on_pass_the_device(open_game, game_page):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(f"?seed=4&seats={quote('person:Anna|person:Bob')}")
    page.wait_for_selector("#pass .pass-card .btn", state="visible")
    page.locator("#pass .pass-card .btn").first.press("Enter")
    page.wait_for_selector("#hand [data-card]:not([disabled])")
    page.keyboard.press("1")
    page.wait_for_selector('#status [data-action="pass-device"]')
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.action === 'pass-device'")


def test_the_header_level_picker_says_when_the_bots_levels_differ(open_game, game_page):
    """The picker showed the table's default level (Easy) for bots of three levels, as if all played it; a
    level chosen there sets every bot, and the picker then names it alone."""
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(f"?seed=3&level=easy&rules={rules_param(FOUR)}&seats={quote('person|hard|medium|easy')}")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    picked = page.locator("#level option:checked")
    assert (picked.inner_text(), picked.get_attribute("disabled")) == ("Mixed", "")
    page.select_option("#level", "hard")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert {page.locator(f"#seat-{seat} .seat-level").inner_text() for seat in (1, 2, 3)} == {"Hard"}
    assert page.locator("#level option").all_inner_texts() == ["Easy", "Medium", "Hard", "Expert"]
    reload_page(page)
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    assert page.locator("#level option:checked").inner_text() == "Hard"
