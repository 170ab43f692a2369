"""Take-back in the page (issue 25): the button and the keys restore your hand and the table exactly,
the screen reader hears it, and a match with take-backs is counted apart in the statistics."""

from __future__ import annotations

import json

import pytest

from tests.browser.test_game import SHORT_MATCH_SEED, click_first_card, open_table, settle, state, table_part

pytestmark = pytest.mark.browser

UNDO = '[data-action="undo"]'


def stored(page, key: str) -> dict | None:
    return json.loads(page.evaluate(f"() => localStorage.getItem({json.dumps(key)})") or "null")


def test_take_back_restores_the_table_and_counts_the_match_apart(open_game, game_page):
    page = open_table(open_game, game_page, f"?seed={SHORT_MATCH_SEED}&level=easy")
    assert page.locator(UNDO).is_visible() and page.locator(UNDO).is_disabled()
    before = table_part(settle(page))
    click_first_card(page)
    after = settle(page)
    assert after["hand"] != before["hand"]
    page.wait_for_selector(f"{UNDO}:not([disabled])")
    page.click(UNDO)
    back = settle(page)
    assert table_part(back) == before
    assert page.locator("#announce > :last-child").inner_text().startswith("Taken back: your ")
    assert stored(page, "kseri.save")["takebacks"] == 1
    # The keys do it too: Ctrl+Z, and Backspace.
    for key in ("Control+z", "Backspace"):
        click_first_card(page)
        settle(page)
        page.wait_for_selector(f"{UNDO}:not([disabled])")
        page.keyboard.press(key)
        page.wait_for_function("() => document.querySelector('#announce > :last-child')?.textContent"
                               ".startsWith('Taken back')")
        assert table_part(settle(page)) == before
    assert stored(page, "kseri.save")["takebacks"] == 3
    # The same card again gets the same replies (the bot's choices follow the seed and the position).
    click_first_card(page)
    assert table_part(settle(page)) == table_part(after)
    # The match played to its end counts apart, never in the record.
    while True:
        s = settle(page, timeout=120_000)
        if "match-end" in s["dialogs"]:
            break
        if "round-summary" in s["dialogs"]:
            page.click("#next-round")
            continue
        click_first_card(page)
    line = page.locator("#match-end .stats").inner_text()
    assert line.startswith("With take-backs (counted apart from your record) against Easy: ")
    assert page.locator("#match-end .streak").count() == 0  # no streak of yours either
    assert stored(page, "kseri.table.stats.takebacks")["games"]["greek"]["easy"]["matches"] == 1
    record = stored(page, "kseri.table.stats")
    assert record is None or not record["games"]
    page.click("#match-end [data-action=stats]")
    page.wait_for_selector("#stats[open]")
    assert page.locator("#stats-body #apart-title").inner_text() == "With take-backs"
    assert page.locator("#stats-body > p.sub").first.inner_text() == (
        "No match finished without take-backs yet: those with take-backs count below, apart.")
    assert page.locator("#stats-body table[aria-labelledby=apart-greek] tbody tr").count() == 1


def test_take_back_at_the_open_table(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=3&level=easy&rules=sums")
    before = table_part(settle(page))
    table = page.eval_on_selector_all("#table [data-card]", "els => els.map(e => e.dataset.card)")
    click_first_card(page)
    if page.locator("#ways button[data-move]").count():
        page.click("#ways button[data-move]")
    settle(page)
    page.wait_for_selector(f"{UNDO}:not([disabled])")
    page.click(UNDO)
    assert table_part(settle(page)) == before
    assert page.eval_on_selector_all("#table [data-card]", "els => els.map(e => e.dataset.card)") == table


def test_no_take_back_in_pass_and_play(open_game, game_page):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game("?seed=5&seats=person%7Cperson")
    page.wait_for_selector("#pass:not([hidden]) button")
    page.click("#pass button")
    settle(page)
    assert state(page)["phase"] == "human"
    assert page.locator(UNDO).count() == 1 and not page.locator(UNDO).is_visible()
