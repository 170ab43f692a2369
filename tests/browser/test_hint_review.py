"""Hint and review agree (issue 24): a whole Greek round against Hard played by clicking the hint's ★
card every turn, then reviewed from the round's summary: no play of yours is reported as a loss.

Fast as it can be: a seed, reduced motion (no animation delays) and the fastest speed setting; the
page's searches are bounded by samples and nodes (the hint's own number), not by time."""

from __future__ import annotations

import time

import pytest

from .rounds import HUMAN_CARDS_PER_ROUND
from .test_game import open_table, settle

pytestmark = pytest.mark.browser

SEED = 24
"""The deal (any seed would do: the review shows at each position the values the hint showed)."""

HINTED_JS = "() => [...document.querySelectorAll('#hand [data-card]')].every(b => b.dataset.hint)"

STARRED_JS = """() => [...document.querySelectorAll('#hand [data-card]')]
  .filter(b => b.querySelector('.hint-badge')?.textContent === '★').map(b => b.dataset.card)"""

PLAY_JS = """() => {
  const q = s => document.querySelector('#round-summary ' + s);
  const played = q('.review-cards .is-played');
  return {count: q('.review-count')?.textContent, card: played?.dataset.card,
          badge: played?.querySelector('.hint-badge')?.textContent, best: played?.classList.contains('is-best'),
          verdict: q('.review-verdict')?.textContent, mistake: !!q('.review-play.is-mistake')};
}"""


def test_a_round_played_by_the_hints_star_is_reviewed_without_a_loss(open_game, game_page):
    game_page.add_init_script("localStorage.setItem('kseri.settings', JSON.stringify({sound: false, speed: 'fast'}))")
    page = open_table(open_game, game_page, f"?seed={SEED}&level=hard")
    start = time.monotonic()
    starred: list[str] = []
    for turn in range(HUMAN_CARDS_PER_ROUND):
        settle(page, timeout=90_000)
        page.click("#hint-button")
        page.wait_for_function(HINTED_JS, timeout=90_000)
        stars = page.evaluate(STARRED_JS)
        assert stars, f"turn {turn + 1}: the hint shows no ★"
        starred.append(stars[0])
        page.click(f'#hand [data-card="{stars[0]}"]')
        page.locator(f'#hand [data-card="{stars[0]}"]').wait_for(state="detached", timeout=90_000)
    page.click("#round-summary[open] [data-action=review]", timeout=90_000)
    page.wait_for_selector("#round-summary [data-action=review-next]", timeout=90_000)
    print(f"\na round by the hint against hard, then its review: {time.monotonic() - start:.1f} s in the page")

    overview = page.locator("#round-summary p.sub").first.inner_text()
    n = HUMAN_CARDS_PER_ROUND
    assert overview.startswith(f"{n} of your {n} plays were among the best"), overview
    assert "no points given away" in overview, overview
    assert page.locator("#round-summary .review-mistakes .review-jump").count() == 0
    for number in range(1, n + 1):  # every play: the card played wears the ★, and no words of a loss
        play = page.evaluate(PLAY_JS)
        assert play["count"] == f"Play {number} of {n}"
        assert play["card"] == starred[number - 1], play
        assert play["badge"] == "★" and play["best"] and not play["mistake"], play
        assert "points fewer" not in play["verdict"], play
        if number < n:
            page.click("[data-action=review-next]")
