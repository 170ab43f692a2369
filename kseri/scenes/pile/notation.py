"""The pile tables' part of the scene notation: ``pile=`` the cards on the table, bottom first, and the
plays as cards (:mod:`kseri.scenes.notation`).

>>> PILE_NOTATION.read_position("3c, 9D", 2), PILE_NOTATION.read_plays("10s", "plays")
({'pile': ('3C', '9D')}, ('10S',))
"""

from __future__ import annotations

from typing import Any

from kseri.scenes.reading import TableNotation, cards

__all__ = ["PILE_NOTATION"]


def _write(spec: Any) -> str:
    return "pile=" + ",".join(spec.pile)


PILE_NOTATION = TableNotation(
    key="pile", not_here="table: only at the sums table (rules=sums); the pile tables use pile=",
    read_position=lambda value, players: {"pile": cards(value, "pile")}, read_plays=cards, write_position=_write)
"""A pile table's position and plays."""
