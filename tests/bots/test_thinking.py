"""One bot interface: every level of every table is a :class:`~kseri.bots.thinking.Decision`, made in
slices on one driver (:class:`~kseri.bots.thinking.SlicedSearch`), found by the table's id."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kseri.bots.base import BotError
from kseri.bots.names import LEVELS
from kseri.bots.tables import decision
from kseri.engine.rules import GREEK, SUMS, rules_from_spec
from kseri.engine.table import TableObservation
from kseri.engine.tables import table_for

RULES = {"greek": GREEK, "sums": SUMS, "fourcard, 4 players": rules_from_spec({"profile": "fourcard", "players": 4})}


def seen_after(name: str, plays: int) -> TableObservation[Any]:
    """The view of the seat to move after ``plays`` plays of a deal (each the first legal move)."""
    rules = RULES[name]
    table = table_for(rules)
    state = table.deal(rules, 1, random.Random(4))
    for _ in range(plays):
        state.apply(state.legal_moves()[0])
    return table.observation(state, state.to_move)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", RULES)
def test_every_level_of_every_table_decides_in_slices(name: str, level: str) -> None:
    seen = seen_after(name, 5)
    whole = decision(level, seen, random.Random(7)).run()
    think = decision(level, seen, random.Random(7))
    assert think.level == level and think.observation is seen and not think.done
    with pytest.raises(BotError, match="not finished"):
        think.choice()
    slices = 1
    while not think.step(max_ms=0.0):  # the smallest slice: one unit of work
        slices += 1
    assert think.done and think.choice() == whole and whole in seen.legal_moves()
    assert think.step() and think.choice() == whole  # done stays done
    if level == "hard":  # a search: one unit per slice at least, measured without a clock
        assert think.units == slices - 1 > 0 and think.work >= think.largest_unit > 0  # the last slice finds it done
    else:  # a policy answers at once
        assert slices == 1 and think.units == think.work == think.largest_unit == 0


@pytest.mark.parametrize("name", RULES)
def test_exact_values_cover_every_legal_move_best_first(name: str) -> None:
    seen = seen_after(name, 3)
    think = decision("hard", seen, random.Random(2), exact=True)
    assert think.move_values() is None  # not yet
    think.run()
    rows = think.move_values()
    assert rows is not None
    moves = [move for move, _ in rows]
    assert sorted(map(str, moves)) == sorted(map(str, seen.legal_moves()))
    values = [value for _, value in rows]
    assert values == sorted(values, reverse=True)
