"""The open table's part of the scene notation: ``table=`` its items in order (a card, or a build with its
owner: ``5C+4H@1``), and the plays as moves in the record notation (:mod:`kseri.scenes.notation`).

>>> SUMS_NOTATION.read_position("3c, 5C+4H@1", 2)
{'table': ('3C', '5C+4H@1'), 'pile': ('3C', '5C', '4H')}
>>> SUMS_NOTATION.read_plays("7h:3c+4d, 5S>3H", "plays")
('7H:3C+4D', '5S>3H')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kseri.scenes.reading import TableNotation, item_text, moves, table_item

__all__ = ["SUMS_NOTATION"]


def _read(value: str, players: int) -> Mapping[str, Any]:
    items = [table_item(part, "table", players) for part in value.split(",") if part.strip()]
    return {"table": tuple(item_text(codes, owner) for codes, owner in items),
            "pile": tuple(code for codes, _ in items for code in codes)}


def _write(spec: Any) -> str:
    return "table=" + ",".join(spec.table)


SUMS_NOTATION = TableNotation(
    key="table", not_here="pile: the sums table has no pile; give its cards and builds as table=",
    read_position=_read, read_plays=moves, write_position=_write)
"""The open table's position and plays."""
