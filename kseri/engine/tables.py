"""The registry of the engine's tables: a rules profile's :class:`~kseri.engine.table.Table`.

Every layer above the engine finds a game's table here (or, for its own per-table parts,
in its own registry keyed by :attr:`Table.name <kseri.engine.table.Table.name>`), so that
nothing above the engine tests a table's name.

>>> from kseri.engine.rules import PROFILES
>>> {name: table_for(rules).name for name, rules in PROFILES.items()}
{'greek': 'pile', 'fourcard': 'pile', 'pisti': 'pile', 'sums': 'sums'}
>>> observation_from_json({"rules": "sums", "seat": 0, "dealer": 1, "hand": ["7H"],
...                        "opening": ["3C", "4D", "JC", "10S"], "plays": []})
Traceback (most recent call last):
...
kseri.engine.sums.observation.SumsObservationError: seat 0 should hold 6 cards after 0 plays, not 1
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kseri.engine.errors import KseriError
from kseri.engine.pile.table import PILE_TABLE
from kseri.engine.rules import GREEK, Rules, rules_from_spec
from kseri.engine.sums.table import SUMS_TABLE
from kseri.engine.table import Table, TableObservation

__all__ = ["TABLES", "observation_from_json", "table_for"]

TABLES: Mapping[str, Table[Any, Any]] = {table.name: table for table in (PILE_TABLE, SUMS_TABLE)}
"""Every table of the engine by its id (:attr:`kseri.engine.rules.Rules.table`)."""


def table_for(rules: Rules) -> Table[Any, Any]:
    """The table ``rules`` are played at."""
    return TABLES[rules.table]


def observation_from_json(data: Any) -> TableObservation[Any]:
    """A ``kseri-bot/1`` observation of whichever table its ``rules`` name, read and checked
    (:meth:`Table.observation_from_json <kseri.engine.table.Table.observation_from_json>`).
    Rules that cannot be read are left to the Greek table's reader, which names the problem."""
    try:
        rules = rules_from_spec(data.get("rules", GREEK.profile)) if isinstance(data, dict) else GREEK
    except KseriError:
        rules = GREEK
    observation: TableObservation[Any] = table_for(rules).observation_from_json(data)
    return observation
