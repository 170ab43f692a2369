"""What a friend can be invited to from the page: the tables, the lengths of their matches (pure).

>>> table_targets("sums")
(37, 21)
>>> match_rules("greek", "r3").match_rounds
3
>>> match_rules("greek", "101").target
101
>>> match_rules("nowhere", "x") == PROFILES["greek"]
True
>>> len(now()) == len("2026-12-03T11:00:00")
True
"""

from __future__ import annotations

import dataclasses
import datetime

from kseri.engine.rules import PROFILES, Rules

__all__ = ["TABLES", "match_rules", "now", "table_targets"]

TABLES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("greek", (151, 101, 51)), ("fourcard", (101, 51)), ("pisti", (101, 51)), ("sums", (37, 21)))
"""The tables a friend can be invited to from the page (their profiles), each with the targets its matches may
be played to, its own first (the open table counts 11 points a round besides its xeris: it plays to 37, not 151).
Every table may also be played over 1 or 3 rounds."""


def table_targets(table: str) -> tuple[int, ...]:
    """The targets offered for ``table`` (a profile; the first table's for one not offered)."""
    return dict(TABLES).get(table, TABLES[0][1])


def match_rules(table: str, length: str) -> Rules:
    """The rules of a friend's match: the table's profile, to a number of points (``"101"``) or of rounds (``"r3"``)."""
    base = PROFILES[table if table in dict(TABLES) else TABLES[0][0]]
    if length.startswith("r") and length[1:].isdigit() and 1 <= int(length[1:]) <= 99:
        return dataclasses.replace(base, match_rounds=int(length[1:]))
    if length.isdigit() and 1 <= int(length) <= 10_000:
        return dataclasses.replace(base, target=int(length))
    return base



def now() -> str:
    """The time now, to the second (when a friend's match was last changed)."""
    return datetime.datetime.now().isoformat(timespec="seconds")
