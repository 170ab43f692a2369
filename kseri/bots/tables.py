"""Each table's bots, by the engine's table id: :func:`decision` starts a decision of any level
at any table.

The registry names each table's thinker module rather than importing it: a table's search is
loaded on its bot's first decision (the page loads the pile tables' search without the open
table's, and the other way round).

>>> import random
>>> from kseri.engine.rules import GREEK, SUMS
>>> from kseri.engine.tables import table_for
>>> for rules in (GREEK, SUMS):
...     state = table_for(rules).deal(rules, 1, random.Random(2))
...     seen = table_for(rules).observation(state, state.to_move)
...     move = decision("medium", seen, random.Random(3)).run()
...     print(rules.table, move in seen.legal_moves())
pile True
sums True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from importlib import import_module
from typing import Any, Protocol

from kseri.bots.thinking import Decision
from kseri.engine.table import TableObservation

__all__ = ["THINKERS", "decision"]

THINKERS: Mapping[str, str] = {"pile": "kseri.bots.pile.thinker", "sums": "kseri.bots.sums.thinker"}
"""The module of each table's decision (its ``decide`` function), by :attr:`Table.name
<kseri.engine.table.Table.name>`."""


class _Decide(Protocol):
    def __call__(self, level: str, observation: Any, rng: random.Random, *, exact: bool = False,
                 samples: int | None = None) -> Decision[Any]:
        ...


def decision(level: str, observation: TableObservation[Any], rng: random.Random, *,
             exact: bool = False, samples: int | None = None) -> Decision[Any]:
    """The decision of the bot of ``level`` seeing ``observation``, at its table; ``exact`` asks
    for a value for every legal move (:meth:`~kseri.bots.thinking.Decision.move_values`);
    ``samples`` fixes a search's sampled deals per move (None: its own budget decides)."""
    decide: _Decide = import_module(THINKERS[observation.rules.table]).decide
    return decide(level, observation, rng, exact=exact, samples=samples)
