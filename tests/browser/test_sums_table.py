"""The open (sums) table in Chromium: a match by clicking, a round by keyboard alone, choosing between
two capture sets, a refused play explained, resuming after a reload.

The page contract (docs/formats.md): ``rules=sums``; the table's cards are ``#table [data-card]``, a
build one element with ``data-build``; a card with several legal ways offers one
``<button data-move>`` each, a card with one way plays at once. Every test runs on ``game_page``
(a console error or a request off the site's origin fails it), with reduced motion.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from .conftest import reload_page
from .rounds import SETTLED_JS

pytestmark = pytest.mark.browser

STATE_JS = """() => {
  const q = s => document.querySelector(s);
  const hand = [...document.querySelectorAll('#hand [data-card]')];
  return {
    phase: document.body.dataset.phase, table: document.body.dataset.table,
    hand: hand.map(b => b.dataset.card), enabled: hand.filter(b => !b.disabled).length,
    cards: [...document.querySelectorAll('#table [data-card]')].map(c => c.dataset.card),
    builds: [...document.querySelectorAll('#table [data-build]')].map(b => +b.dataset.build),
    ways: [...document.querySelectorAll('#ways:not([hidden]) [data-move]')].map(b => b.dataset.move),
    refusal: q('#ways:not([hidden]) .ways-refusal') ? q('#ways .ways-refusal').textContent : '',
    score: [+q('#score').dataset.seat0, +q('#score').dataset.seat1],
    stock: +q('#stock').dataset.count,
    taken: [+q('#you-stack').dataset.count, +q('#bot-stack').dataset.count],
    dialogs: [...document.querySelectorAll('dialog[open]')].map(d => d.id),
  };
}"""


TWO_CAPTURES_SEED = 2
"""With the easy bot, your first hand holds 9♠ and the table 2♥ 2♠ 7♦ 9♦: 9♠ takes 2♥+7♦, 2♠+7♦ or 9♦."""
REFUSAL_SEED = 1
"""With the easy bot, after these plays of yours you own a build of 9 and the Q♦ cannot be played."""
REFUSAL_PLAYS = ("9D", "6H", "7S", "KS", "10C", "JC", "6C>3H")


def state(page) -> dict:
    return page.evaluate(STATE_JS)


def settle(page, timeout: float = 60_000) -> dict:
    page.wait_for_function(SETTLED_JS, timeout=timeout)
    return state(page)


def open_sums(open_game, game_page, query: str):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(query)
    settle(page)
    return page


def play(page, move: str) -> None:
    """Play ``move`` by clicking: its card, then (when the card has several ways) its way's button."""
    card = move.split(":")[0].split(">")[0]
    page.click(f'#hand [data-card="{card}"]')
    if page.locator("#ways:not([hidden]) [data-move]").count():
        page.click(f'#ways [data-move="{move}"]')
    page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{card}\"]') || "
                           "document.querySelector('dialog[open]')")


def play_first_playable(page, hand: list[str]) -> str:
    """Click your first card that can be played (its first way when several are offered); return it."""
    for code in hand:
        page.click(f'#hand [data-card="{code}"]')
        s = state(page)
        if s["refusal"]:  # you own a build: this card cannot be laid loose
            page.click("#ways .way-cancel")
            continue
        if s["ways"]:
            page.click("#ways [data-move]")
        page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{code}\"]') || "
                               "document.querySelector('dialog[open]')")
        return code
    raise AssertionError(f"no card of {hand} could be played")


def play_round_by_clicking(page) -> int:
    """Play your first playable card each turn until the round's summary opens; return how many you played."""
    clicks = 0
    while True:
        s = settle(page)
        if s["dialogs"]:
            return clicks
        assert s["table"] == "sums" and s["enabled"] == len(s["hand"]) > 0
        play_first_playable(page, s["hand"])
        clicks += 1


# --------------------------------------------------------------------------- a match


def test_a_whole_match_to_a_short_target_by_clicking(open_game, game_page):
    # First to 8: with this seed and the easy bot, one round (with a xeri of yours) decides it.
    rules = quote(json.dumps({"profile": "sums", "target": 8}))
    page = open_sums(open_game, game_page, f"?rules={rules}&seed=5&level=easy")
    assert state(page)["table"] == "sums" and len(state(page)["cards"]) >= 4  # 5 when the bot led
    rounds = 0
    while True:
        assert play_round_by_clicking(page) == 24
        s = settle(page)
        rounds += 1
        if "match-end" in s["dialogs"]:
            break
        assert s["dialogs"] == ["round-summary"]
        page.click("#next-round")
    s = state(page)
    assert s["hand"] == [] and s["stock"] == 0 and sum(s["taken"]) == 52 and s["cards"] == []
    assert max(s["score"]) >= 8
    ending = page.locator("#match-end")
    title = ending.locator("h2").inner_text()
    assert title in ("You win!", "The bot wins") and (s["score"][0] > s["score"][1]) == (title == "You win!")
    assert ending.locator("[data-action=review]").count() == 1  # the review of the match's last round
    assert len(ending.locator(".rounds tbody tr").all()) == rounds
    page.click("#match-new")
    s = settle(page)
    assert s["score"] == [0, 0] and s["table"] == "sums" and len(s["hand"]) in (5, 6)


# --------------------------------------------------------------------------- keyboard


def test_a_round_by_keyboard_alone(open_game, game_page):
    page = open_sums(open_game, game_page, "?rules=sums&seed=8&level=easy")
    turns = 0
    while True:
        s = settle(page)
        if s["dialogs"]:
            assert s["dialogs"] == ["round-summary"]
            summary = page.locator("#round-summary")
            for label in ("Cards taken", "Aces", "10♦", "2♣", "Most cards", "Xeris", "Round total"):
                assert summary.locator("th", has_text=label).count() == 1, label
            assert summary.locator("[data-action=review]").count() == 1  # the review at the open table too
            assert page.evaluate("document.activeElement.id") == "next-round"
            page.keyboard.press("Enter")
            break
        for n in range(1, len(s["hand"]) + 1):
            code = s["hand"][n - 1]
            page.keyboard.press(str(n))
            now = state(page)
            if now["refusal"]:
                page.keyboard.press("Escape")
                assert state(page)["refusal"] == ""
                continue
            if now["ways"]:
                # The first way has the focus: Escape goes back to the card, Enter on it again offers
                # the ways again, and Enter plays the focused way.
                assert page.evaluate("document.activeElement.dataset.move") == now["ways"][0]
                page.keyboard.press("Escape")
                assert state(page)["ways"] == []
                assert page.evaluate("document.activeElement.dataset.card") == code
                page.keyboard.press("Enter")
                page.keyboard.press("Tab")
                assert page.evaluate("document.activeElement.dataset.move") == (now["ways"] + [None])[1]
                page.keyboard.press("Shift+Tab")
                page.keyboard.press("Enter")
            page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{code}\"]') || "
                                   "document.querySelector('dialog[open]')")
            turns += 1
            break
        else:
            raise AssertionError(f"no card of {s['hand']} could be played")
    s = settle(page)
    assert turns == 24 and s["dialogs"] == [] and "Round 2" in page.locator("#status").inner_text()


# --------------------------------------------------------------------------- choosing, refusing


def test_choosing_between_two_capture_sets(open_game, game_page):
    page = open_sums(open_game, game_page, f"?rules=sums&seed={TWO_CAPTURES_SEED}&level=easy")
    s = state(page)
    assert "9S" in s["hand"] and {"2H", "2S", "7D", "9D"} <= set(s["cards"])
    page.click('#hand [data-card="9S"]')
    s = state(page)
    assert s["ways"] == ["9S:2H+7D", "9S:2S+7D", "9S:9D", "9S"]  # three captures, or lay it down
    assert page.locator("#ways [data-move]").first.evaluate("b => b === document.activeElement")
    assert page.locator("#announce > :last-child").inner_text().startswith("Play the nine of spades: Take 2♥ + 7♦;")
    # With the hint asked for, every way carries its value (the hint values every legal move).
    page.click("#ways .way-cancel")
    page.click("#hint-button")
    page.wait_for_function("() => [...document.querySelectorAll('#hand [data-card]')].every(b => b.dataset.hint)")
    assert page.locator("#status .hint-line.best").count() >= 1  # (equal values: more than one)
    said = page.locator("#announce > :last-child").inner_text()
    assert said.startswith("Hint: the ") and any(f". {verb} " in said for verb in ("Take", "Build", "Raise", "Lay"))
    page.click('#hand [data-card="9S"]')
    marks = page.eval_on_selector_all("#ways [data-move]", "bs => bs.map(b => b.dataset.hint)")
    assert len(marks) == 4 and all(marks)
    # Pointing at a way lights up its cards on the table.
    page.hover('#ways [data-move="9S:2S+7D"]')
    lit = page.eval_on_selector_all("#table .picked", "cs => cs.map(c => c.dataset.card)")
    assert sorted(lit) == ["2S", "7D"]
    page.click('#ways [data-move="9S:2S+7D"]')
    s = settle(page)
    assert "2S" not in s["cards"] and "7D" not in s["cards"] and "2H" in s["cards"]
    assert s["taken"][0] >= 3  # 9♠ 2♠ 7♦ (and maybe more, had the bot's turn left you a sweep)
    assert s["ways"] == []


def test_a_refused_play_is_explained_and_the_game_resumes_after_a_reload(open_game, game_page):
    page = open_sums(open_game, game_page, f"?rules=sums&seed={REFUSAL_SEED}&level=easy")
    for move in REFUSAL_PLAYS:
        settle(page)
        play(page, move)
    s = settle(page)
    assert 9 in s["builds"]
    build = page.locator('#table [data-build="9"]')
    assert sorted(build.locator("[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")) == ["3H", "6C"]
    page.click('#hand [data-card="QD"]')
    s = state(page)
    assert s["refusal"] == "You own a build of 9: take it, or play another way first."
    assert "QD" in s["hand"] and page.locator("#announce > :last-child").inner_text() == s["refusal"]
    page.keyboard.press("Escape")
    page.wait_for_timeout(1_100)  # (the same line within a second is one event said twice: not repeated)
    page.click('#hand [data-card="QD"]')  # tried again: said again (the log skipped a repeat, however late)
    assert page.locator("#announce > p").all_inner_texts()[-2:] == [s["refusal"]] * 2
    page.keyboard.press("Escape")
    before = state(page)
    assert before["refusal"] == ""
    # The game is saved after every play: a reload resumes it (the link's seed was consumed).
    assert "seed=" not in page.url
    reload_page(page)
    page.wait_for_selector("body[data-ready=true]")
    after = settle(page)
    keys = ("hand", "cards", "builds", "score", "stock", "taken", "table")
    assert {k: after[k] for k in keys} == {k: before[k] for k in keys}
    # In Greek, the same refusal in Greek.
    page.click('.lang-switch [data-lang="el"]')
    page.click('#hand [data-card="QD"]')
    assert state(page)["refusal"] == "Έχεις χτίσιμο του 9: μάζεψέ το ή παίξε πρώτα αλλιώς."
    assert page.locator('#table [data-build="9"]').get_attribute("aria-label").startswith("το χτίσιμό σου του 9")


# --------------------------------------------------------------------------- think time in the page


def test_the_hard_bot_plays_and_hints_at_the_open_table(open_game, game_page):
    """The hard sums bot thinks, and the hint values every way, in slices. The main thread's
    longest tasks meanwhile are measured in ``benchmarks/long_tasks.py``, not asserted here."""
    page = open_sums(open_game, game_page, "?rules=sums&seed=5&level=hard")
    played = [play_first_playable(page, settle(page)["hand"]) for _ in range(3)]
    settle(page)
    page.click("#hint-button")
    page.wait_for_function("() => [...document.querySelectorAll('#hand [data-card]')].every(b => b.dataset.hint)")
    for _ in range(3):
        s = settle(page)
        if s["dialogs"]:
            break
        played.append(play_first_playable(page, s["hand"]))
    settle(page)
    assert len(played) >= 4 and all(played), played


def test_a_hint_asked_while_a_cards_ways_are_open_values_them_and_keeps_the_focus(open_game, game_page):
    """H with the ways of a card showing: each way gets its value there and then, and the keyboard
    stays on the way it was on (it had jumped back to the hand, the ways left without values)."""
    page = open_sums(open_game, game_page, "?rules=sums&seed=6&level=easy")
    settle(page)
    page.keyboard.press("1")  # A♠: raise the build of 7 to 8, or lay it on the table
    page.wait_for_selector("#ways button[data-move]")
    assert page.evaluate("() => !!document.activeElement.closest('#ways')")
    page.keyboard.press("h")
    page.wait_for_function("() => [...document.querySelectorAll('#ways button[data-move]')].every(b => b.dataset.hint)",
                           timeout=60_000)
    assert page.evaluate("() => !!document.activeElement.closest('#ways')")
    page.keyboard.press("h")  # pressed again: the hint comes off the hand and off the ways, which stay open
    page.wait_for_function("() => !document.querySelector('#ways [data-hint], #hand [data-hint]')")
    assert page.locator("#ways button[data-move]").count() >= 2
    assert page.evaluate("() => !!document.activeElement.closest('#ways')")
