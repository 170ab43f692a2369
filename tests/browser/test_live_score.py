"""The live score on the page (issue #13): each stack shows the round's points and cards as the
engine scores them, a capture shows its "+N", the bot's capture is said on screen, and the score
explains the scoring (by click and by keyboard)."""

from __future__ import annotations

import copy
import json
import re

import pytest

from kseri.engine.record import from_record
from kseri.engine.scoring import score_round
from kseri.table.live import live_score

from .rounds import SETTLED_JS

pytestmark = pytest.mark.browser


LIVE_JS = """() => ['#you-stack', '#bot-stack'].map(s => {
  const q = (x) => document.querySelector(`${s} ${x}`);
  return {points: +q('.live-pts').textContent, cards: q('.live-cards').textContent,
          gain: q('.gain-badge') ? q('.gain-badge').textContent : null};
})"""


def settle(page) -> None:
    page.wait_for_function(SETTLED_JS, timeout=60_000)


def saved_record(page) -> dict:
    """The game as the page saved it after the latest play (a ``kseri-record/1`` record)."""
    return json.loads(page.evaluate("() => localStorage.getItem('kseri.save')"))["record"]


def engine_points(record: dict) -> list[tuple[int, int]]:
    """Each side's (points without the majority bonus, cards) as the engine scores the round so far."""
    sides = score_round(from_record(record).round).sides
    return [(side.total - side.majority - side.final_capture, side.cards) for side in sides]


def test_the_live_score_follows_the_engine_and_the_bots_capture_is_shown(open_game, game_page):
    game_page.emulate_media(reduced_motion="reduce")  # the "+N" then stays still until the next play
    page = open_game("?seed=5&level=easy")
    settle(page)
    seen_bot_capture = False
    for _ in range(40):
        record = saved_record(page)
        live = page.evaluate(LIVE_JS)
        shown = [(side["points"], int(re.search(r"\d+", side["cards"]).group())) for side in live]
        assert shown == engine_points(record)
        line = page.locator("#status .take-line.bot")
        if line.count():
            # The bot's latest play took cards: its line is on screen and its stack shows the points it gained.
            assert line.is_visible()
            text = line.inner_text()
            assert re.match(r"(Bot took \d+ cards with |Kseri! Bot took |Jack kseri! Bot took )", text), text
            before = copy.deepcopy(record)
            before["rounds"][-1]["plays"] = before["rounds"][-1]["plays"][:-1]
            gain = live_score(from_record(record).round)[1].points - live_score(from_record(before).round)[1].points
            assert text.endswith(f"· +{gain}")
            assert live[1]["gain"] == f"+{gain}" and live[0]["gain"] is None
            assert page.locator("#bot-stack .gain-badge").is_visible()
            seen_bot_capture = True
            break
        page.click("#hand [data-card]:not([disabled])")
        settle(page)
    assert seen_bot_capture, "the bot took nothing in 40 plays"
    # The header keeps the match totals (nothing scored yet in round 1).
    assert page.locator("#score").get_attribute("data-seat0") == "0"


CAPTURING_CARD_JS = """() => {
  const top = document.querySelector('#pile [data-card]');
  if (!top) return null;
  const rank = (code) => code.slice(0, -1);
  const hand = [...document.querySelectorAll('#hand [data-card]:not([disabled])')].map(b => b.dataset.card);
  return hand.find(c => rank(c) === rank(top.dataset.card)) || hand.find(c => rank(c) === 'J') || null;
}"""

YOUR_GAIN_JS = """() => {
  const badge = document.querySelector('#you-stack .gain-badge');
  const line = document.querySelector('#status .take-line.you');
  return badge && line ? [badge.textContent, line.textContent] : null;
}"""


def test_your_capture_shows_its_points(open_game, game_page):
    """With motion on: the "+N" pops over your stack while the bot thinks, with your line in the status."""
    page = open_game("?seed=5&level=easy")
    for _ in range(24):
        settle(page)
        card = page.evaluate(CAPTURING_CARD_JS)
        if card:
            page.click(f'#hand [data-card="{card}"]')
            badge, line = page.wait_for_function(YOUR_GAIN_JS, timeout=15_000).json_value()
            assert re.fullmatch(r"\+\d+", badge) and line.endswith(f"· {badge}")
            assert line.startswith(("You took", "Kseri! You took", "Jack kseri! You took"))
            return
        page.click("#hand [data-card]:not([disabled])")
    pytest.fail("no capturing card in 24 plays")


def test_the_score_explains_the_scoring(open_game, game_page):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game("?seed=5&level=easy")
    settle(page)
    page.click("#score")
    dialog = page.locator("#scoring")
    dialog.wait_for(state="visible")
    assert dialog.locator("h2").inner_text() == "How the points are counted"
    for label in ("Points so far", "Cards taken", "Each ace, king, queen, jack, ten", "Most cards", "Kseri"):
        assert dialog.locator("th", has_text=label).count() >= 1, label
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    # By keyboard: the score is a button.
    page.focus("#score")
    page.keyboard.press("Enter")
    dialog.wait_for(state="visible")
    page.click('#scoring [data-action="rules-scoring"]')
    page.locator("#rules").wait_for(state="visible")
    assert page.evaluate("() => document.activeElement.id") == "rules-scoring"
    assert not dialog.is_visible()
