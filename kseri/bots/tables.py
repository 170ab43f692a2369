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

__all__ = ["PACKAGES", "SHARED_MODULES", "THINKERS", "decision", "search_modules"]

PACKAGES: Mapping[str, str] = {"pile": "kseri.bots.pile", "sums": "kseri.bots.sums"}
"""Each table's bots, by :attr:`Table.name <kseri.engine.table.Table.name>`: a package with a
``thinker`` module (its ``decide`` function) and ``SEARCH_MODULES`` (:func:`search_modules`)."""
THINKERS: Mapping[str, str] = {table: f"{package}.thinker" for table, package in PACKAGES.items()}
"""The module of each table's decision (its ``decide`` function)."""
SHARED_MODULES = ("kseri.bots.base", "kseri.bots.thinking", "kseri.bots.tables")
"""What every table's search imports first."""


def search_modules(table: str) -> tuple[str, ...]:
    """What a decision, the hint and the review import on first use at ``table``, in an order that
    imports one new module at a time (the page loads them one per task, so none of its tasks pays
    for all of them); the other tables' are not among them.

    >>> "kseri.bots.pile.tree" in search_modules("pile"), "kseri.bots.sums.search" in search_modules("pile")
    (True, False)
    >>> search_modules("sums")[-1]
    'kseri.bots.sums.thinker'
    """
    modules: tuple[str, ...] = import_module(PACKAGES[table]).SEARCH_MODULES
    return SHARED_MODULES + modules


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
