"""The round's review at every seating (issue 23): after a round played by clicking at four seats in
partnerships, at six seats (three partnerships), at the open table, and in pass and play (each person
their own plays), the summary's
``[data-action=review]`` opens the review, worked out in slices, then stepped through.

Short: seeded, reduced motion, ``easy`` bots; the page's searches are bounded by samples and nodes."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest

from kseri.engine.text import isolated

from .test_a11y import describe, run_axe
from .test_seats import HANDOVER_SETTLED_JS, open_seats, rules_param
from .test_seats import play_round as play_seats_round
from .test_sums_table import open_sums, play_round_by_clicking

pytestmark = pytest.mark.browser

REVIEW_JS = """() => {
  const q = s => document.querySelector('#round-summary ' + s);
  return {title: q('h2')?.textContent, count: q('.review-count')?.textContent, overview: q('p.sub')?.textContent,
          hand: [...document.querySelectorAll('#round-summary .review-cards li')].map(li => li.dataset.card),
          played: q('.review-cards .is-played')?.dataset.card, verdict: q('.review-verdict')?.textContent,
          table: !!q('.review-table'), items: document.querySelectorAll('#round-summary .review-item').length};
}"""


def review(page) -> dict:
    return page.evaluate(REVIEW_JS)


def open_review(page, button: str = "[data-action=review]") -> dict:
    """Click the summary's way into the review and wait until it is worked out."""
    page.click(f"#round-summary[open] {button}")
    page.wait_for_selector("#round-summary [data-action=review-next]", timeout=120_000)
    return review(page)


def step_through(page, plays: int) -> None:
    """Every play, one after the other: each shows the card played among the hand."""
    for number in range(1, plays + 1):
        shown = review(page)
        assert shown["count"] == f"Play {number} of {plays}", shown
        assert shown["played"] in shown["hand"], shown
        if number < plays:
            page.keyboard.press("ArrowRight")


@pytest.mark.parametrize(("spec", "seed", "plays"), [
    pytest.param({"profile": "greek", "players": 4}, 11, 12, id="four seats in partnerships"),  # 2 packets of 6
    # three partnerships, one pack in 2 packets of 4: the evaluation at the biggest seating
    pytest.param({"profile": "fourcard", "players": 6}, 7, 8, id="six seats"),
])
def test_the_review_at_more_seats(open_game, game_page, spec, seed, plays):
    page = open_seats(open_game, game_page, spec, seed=seed)
    play_seats_round(page, plays)
    shown = open_review(page)
    assert shown["title"] == "Round 1, your plays" and shown["count"] == f"Play 1 of {plays}"
    assert re.match(rf"\d+ of your {plays} plays were among the best · "
                    r"(about \d+\.\d points given away|no points given away)", shown["overview"])
    assert not shown["table"]
    step_through(page, plays)
    page.keyboard.press("Escape")  # back to the summary
    page.wait_for_selector("#round-summary[open] [data-action=review]")


def test_the_review_at_the_open_table(open_game, game_page):
    rules = quote(json.dumps({"profile": "sums"}))
    page = open_sums(open_game, game_page, f"?rules={rules}&seed=5&level=easy")
    assert play_round_by_clicking(page) == 24
    shown = open_review(page)
    assert shown["count"] == "Play 1 of 24" and shown["table"] and shown["items"] >= 1
    assert "You played " in shown["verdict"] and " (" in shown["verdict"]  # the card and the way it was played
    violations = run_axe(page)
    assert not violations, describe(violations)
    step_through(page, 24)


def test_pass_and_play_each_person_reviews_their_own_plays(open_game, game_page):
    """Anna and Bob (partners, seats 0 and 2) against two bots: a button each in the summary; each review
    goes through its person's 12 plays under their name."""
    seats = quote("person:Anna|easy|person:Bob|easy")
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(f"?seed=14&level=easy&rules={rules_param({'profile': 'greek', 'players': 4})}&seats={seats}")
    plays = 0
    while True:
        page.wait_for_function(HANDOVER_SETTLED_JS, timeout=60_000)
        if page.locator("#round-summary[open]").count():
            break
        if page.locator("#status [data-action=pass-device]").count():
            page.click("#status [data-action=pass-device]")
        elif page.locator("#pass").is_visible():
            page.click("[data-action=take-seat]")
        else:
            page.click("#hand [data-card]:not([disabled])")
            plays += 1
    assert plays == 24
    buttons = page.locator("#round-summary [data-action=review]")
    assert buttons.count() == 2 and buttons.all_inner_texts() == [isolated("Anna"), isolated("Bob")]
    violations = run_axe(page)
    assert not violations, describe(violations)
    bob = open_review(page, '[data-action=review][data-seat="2"]')
    assert bob["title"] == f"Round 1, plays of {isolated('Bob')}" and bob["count"] == "Play 1 of 12"
    step_through(page, 12)
    page.click("[data-action=review-back]")
    anna = open_review(page, '[data-action=review][data-seat="0"]')
    assert anna["title"] == f"Round 1, plays of {isolated('Anna')}" and anna["count"] == "Play 1 of 12"
    assert anna["hand"] != bob["hand"]  # (their first hands)
