"""The ``expert`` bot in the page (issue #26): picked from the level picker and the new-game screen,
it plays in the page's slices at both kinds of table. Its long tasks are measured in
``benchmarks/long_tasks.py``, not asserted here (a busy machine lengthens them; the slice's work is
bounded in ``tests/bots/test_bounds.py``)."""

from __future__ import annotations

from . import test_sums_table as sums
from .test_game import _turn_seconds, open_table


def test_expert_plays_in_the_page(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=5&level=expert", reduced=False)
    assert page.locator("#level").input_value() == "expert"
    assert "Expert" in page.locator('#level option[value="expert"]').inner_text()
    turns = _turn_seconds(page, 3, skip=True)
    assert len(turns) == 3


def test_expert_at_the_open_table_and_in_greek(open_game, game_page):
    page = sums.open_sums(open_game, game_page, "?seed=4&level=expert&rules=sums&lang=el")
    assert "Έμπειρο" in page.locator('#level option[value="expert"]').inner_text()
    for _ in range(3):
        s = sums.settle(page)
        sums.play_first_playable(page, s["hand"])
    s = sums.settle(page)
    assert s["table"] == "sums" and len(s["hand"]) == 3
