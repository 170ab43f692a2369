"""The hard bot's decisions, frozen: speed work on the search must not change a single move.

``hard_moves.json`` (next to this file) was recorded from the search as it was before issue #15's
speed work: for seeded self-play rounds of several tables, every decision's card and its values
(``Thinker.values()``, rounded to 10 decimals). The rounds are replayed from the recorded cards,
so each position is fixed by the fixture, and the search must give the same card and the same
values (within 1e-9: a change in the order of a floating-point sum would show here).

Record it again (only when a change is *meant* to change the bot's play) with

    .venv/bin/python -m tests.bots.test_hard_moves --write [TABLE ...]
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from kseri.bots import Thinker
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import rules_from_spec

FIXTURE = Path(__file__).with_name("hard_moves.json")

# (name, rules spec, rounds): the three profiles at two seats, house bonuses and an exposed bottom
# card (other branches of the heuristic), and three and four seats.
TABLES: list[tuple[str, Any, int]] = [
    ("greek", "greek", 3),
    ("fourcard", "fourcard", 2),
    ("pisti", "pisti", 2),
    ("greek-house", {"profile": "greek", "jack_table_points": 10, "final_capture_points": 5,
                     "exposed_bottom": True, "double_kseri_points": 20}, 1),
    ("fourcard-3", {"profile": "fourcard", "players": 3}, 1),
    ("pisti-4", {"profile": "pisti", "players": 4}, 1),
    # The rules expose a bottom card but the observation leaves it out (the bot protocol accepts
    # that): each sample then deals its own bottom card, which the search must count per sample.
    ("greek-bottom-left-out", {"profile": "greek", "exposed_bottom": True}, 1),
]
LEFT_OUT = {"greek-bottom-left-out"}
"""Tables whose observations have their exposed bottom card removed."""


def _decide(rules: Any, name: str, r: int, state: Round, move: int) -> tuple[int, dict[int, float]]:
    # Recorded before observations carried the opening cards put back into the stock: the same
    # observations as then, so that the search itself is what is compared.
    obs = dataclasses.replace(Observation.from_round(state, seat=state.to_move), returned=())
    if name in LEFT_OUT:
        obs = dataclasses.replace(obs, bottom=None)
    thinker = Thinker("hard", obs, random.Random(f"fixture:{name}:{r}:{move}"))
    card = thinker.run().index
    values = thinker.values() or {}
    return card, values


def _deal(rules: Any, name: str, r: int) -> Round:
    return Round.deal(rules, dealer=r % rules.players, rng=random.Random(f"fixture:{name}:{r}"))


def record(only: set[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, spec, rounds in TABLES:
        if only is not None and name not in only:
            continue
        rules = rules_from_spec(spec)
        table = []
        for r in range(rounds):
            state = _deal(rules, name, r)
            moves = []
            move = 0
            while not state.is_terminal():
                card, values = _decide(rules, name, r, state, move)
                moves.append([card, [[c, round(v, 10)] for c, v in values.items()]])
                state.apply_index(card)
                move += 1
            table.append(moves)
        out[name] = {"rules": spec, "rounds": table}
    return out


def _cases() -> list[tuple[str, int]]:
    if not FIXTURE.exists():
        return []
    data = json.loads(FIXTURE.read_text())
    return [(name, r) for name in data for r in range(len(data[name]["rounds"]))]


@pytest.mark.parametrize(("name", "r"), _cases())
def test_hard_makes_the_recorded_moves(name: str, r: int) -> None:
    data = json.loads(FIXTURE.read_text())[name]
    rules = rules_from_spec(data["rules"])
    state = _deal(rules, name, r)
    for move, (card, values) in enumerate(data["rounds"][r]):
        got, got_values = _decide(rules, name, r, state, move)
        where = f"{name} round {r} move {move}"
        assert got == card, where
        assert list(got_values) == [c for c, _ in values], where
        for c, v in values:
            assert abs(got_values[c] - v) <= 1e-9, (where, c, got_values[c], v)
        state.apply_index(card)
    assert state.is_terminal()


def test_the_fixture_is_big_enough() -> None:
    data = json.loads(FIXTURE.read_text())
    assert sum(len(moves) for table in data.values() for moves in table["rounds"]) >= 300


if __name__ == "__main__" and "--write" in sys.argv:
    # --write [TABLE ...]: record every table, or only those named (kept with the others).
    names = {a for a in sys.argv[1:] if a != "--write"}
    data = json.loads(FIXTURE.read_text()) if names and FIXTURE.exists() else {}
    data.update(record(names or None))
    FIXTURE.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURE}")
