"""The review of a round in the page: opened from the round's summary (here a finished round
opened from a share link), worked out in slices with a progress line and no long task, then
stepped through with Previous/Next and the arrow keys, its mistakes a click away."""

from __future__ import annotations

import time

from kseri.table import share

from .test_a11y import finished
from .test_game import open_table

COUNT_JS = "() => document.querySelector('#round-summary .review-count')?.textContent"


def test_review_a_shared_round_step_by_step(open_game, game_page):
    session = finished("round_over")
    page = open_table(open_game, game_page, f"#{share.encode(session.match)}")
    page.wait_for_selector("#round-summary[open] [data-action=review]")
    start = time.monotonic()
    page.click("[data-action=review]")
    page.wait_for_selector("#round-summary .review-status")  # the progress line while it works
    page.wait_for_selector("#round-summary [data-action=review-next]", timeout=90_000)
    seconds = time.monotonic() - start
    print(f"\nreview of a round: {seconds:.1f} s in the page")  # its long tasks: benchmarks/long_tasks.py

    plays = 24  # the Greek game: 4 packets of 6 cards each
    assert page.evaluate(COUNT_JS) == f"Play 1 of {plays}"
    assert page.is_disabled("[data-action=review-prev]")
    assert page.locator("#round-summary .review-cards .is-played").count() == 1
    assert page.locator("#round-summary .review-cards .hint-badge").filter(has_text="★").count() >= 1
    page.click("[data-action=review-next]")
    assert page.evaluate(COUNT_JS) == f"Play 2 of {plays}"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(COUNT_JS) == f"Play 3 of {plays}"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(COUNT_JS) == f"Play 2 of {plays}"
    page.keyboard.press("End")
    assert page.evaluate(COUNT_JS) == f"Play {plays} of {plays}"
    assert page.is_disabled("[data-action=review-next]")

    jumps = page.locator("#round-summary .review-mistakes .review-jump")
    assert 1 <= jumps.count() <= 3  # this round (first card each turn) has mistakes to show
    target = int(jumps.first.get_attribute("data-play") or "0")
    jumps.first.click()
    assert page.evaluate(COUNT_JS) == f"Play {target + 1} of {plays}"
    assert page.locator("#round-summary .review-play.is-mistake").count() == 1
    assert page.locator("#round-summary .review-jump[aria-current=true]").count() == 1

    page.keyboard.press("Escape")  # back to the summary, not on to the next round
    page.wait_for_selector("#round-summary[open] [data-action=review]")
    assert page.locator("#round-summary .breakdown").count() == 1
    page.click("[data-action=review]")  # worked out once: back at the same play at once
    assert page.evaluate(COUNT_JS) == f"Play {target + 1} of {plays}"

    page.evaluate("() => history.back()")  # the back button: from the review to the summary, still open
    page.wait_for_selector("#round-summary[open] [data-action=review]")
    page.evaluate("() => history.back()")  # and from the summary on to the next round, as before
    page.wait_for_selector("#round-summary:not([open])", state="attached")


def test_review_the_last_round_from_the_match_result(open_game, game_page):
    """The match's last round: its result offers the review; the summary then leads back to the result."""
    session = finished("match_over")
    page = open_table(open_game, game_page, f"#{share.encode(session.match)}")
    page.click("#match-end[open] [data-action=review]")
    page.wait_for_selector("#round-summary[open] .review-status")
    assert page.eval_on_selector("#match-end", "d => d.open") is False
    assert page.inner_text("#next-round") == "See the result"
    page.wait_for_selector("#round-summary [data-action=review-next]", timeout=90_000)
    assert page.evaluate(COUNT_JS).startswith("Play 1 of ")
    page.click("#next-round")
    page.wait_for_selector("#match-end[open]")
    assert page.eval_on_selector("#round-summary", "d => d.open") is False
    page.evaluate("() => history.back()")  # the result's history entry is still there: back closes it
    page.wait_for_selector("#match-end:not([open])", state="attached")
