"""Friends sharing the device ("pass and play"): what the table says when no bot sits (pure Python).

>>> bots_seated(2, ["person"]), bots_seated(4, ["person", "easy", "person"])
(False, True)
>>> bots_seated(3, ["person", "person", "hard"])  # the third seat's bot is left out
False
"""

from __future__ import annotations

from collections.abc import Sequence

from kseri.table.seat_plan import PERSON

__all__ = ["bots_seated"]


def bots_seated(players: int, seats: Sequence[str]) -> bool:
    """Whether a bot sits at a table of ``players`` whose seats 1, 2, … hold ``seats`` (a bot level, or
    :data:`~kseri.table.seat_plan.PERSON`; seats past ``players`` are left out): the bot's level is
    shown, and asked for, only then."""
    return any(entry != PERSON for entry in list(seats)[:players - 1])
