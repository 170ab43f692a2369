"""Each table's part of the browser table, by the engine's table id: :func:`strategy_for`.

The session, the summaries and the new-game screen ask a game's :class:`~kseri.table.strategy.TableStrategy`
here, so that nothing at the browser table tests a table's name.

>>> from kseri.engine.rules import PROFILES, rules_from_spec
>>> {name: strategy_for(rules).words.xeri for name, rules in PROFILES.items()}
{'greek': False, 'fourcard': False, 'pisti': False, 'sums': True}
>>> table_refusal(rules_from_spec({"profile": "sums", "players": 4}))
'the open (sums) table seats two players'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kseri.engine.rules import Rules
from kseri.table.pile.strategy import PILE
from kseri.table.strategy import TableStrategy
from kseri.table.sums.strategy import SUMS_STRATEGY

__all__ = ["STRATEGIES", "strategy_for", "table_refusal"]

STRATEGIES: Mapping[str, TableStrategy[Any, Any]] = {strategy.name: strategy for strategy in (PILE, SUMS_STRATEGY)}
"""Every table's strategy by its engine id (:attr:`kseri.engine.rules.Rules.table`)."""


def strategy_for(rules: Rules) -> TableStrategy[Any, Any]:
    """The strategy of the table ``rules`` are played at."""
    return STRATEGIES[rules.table]


def table_refusal(rules: Rules) -> str | None:
    """Why the browser table cannot play ``rules``, or None when it can: every table the engine
    deals, with the seatings its strategy takes (the open table seats two)."""
    return strategy_for(rules).seating_refusal(rules)
