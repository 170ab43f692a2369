"""The game a first visit is dealt (pure Python): one tap from the welcome to a hand (issue 24).

Nobody has chosen anything yet, so the page deals the table of the player's language, against a
bot that plays sensibly (:data:`~kseri.table.seats.DEFAULT_LEVEL`): a Turkish browser gets the
Pişti table, everyone else the Greek game the page is named after. The welcome offers the full
new-game screen for anything else.

>>> first_rules(["tr-TR", "en"]).profile, first_rules(["el-GR"]).profile, first_rules([]).profile
('pisti', 'greek', 'greek')
"""

from __future__ import annotations

from collections.abc import Iterable

from kseri.engine.rules import GREEK, PROFILES, Rules

__all__ = ["TABLE_OF_LANGUAGE", "first_rules"]

TABLE_OF_LANGUAGE = {"tr": "pisti", "el": "greek"}
"""The table each language's players know by name (the others: the Greek game)."""


def first_rules(preferred: Iterable[object]) -> Rules:
    """The rules of a first visit's game, from the browser's preferred languages (first match wins)."""
    for tag in preferred:
        if isinstance(tag, str):
            profile = TABLE_OF_LANGUAGE.get(tag.strip().lower().replace("_", "-").split("-")[0])
            if profile is not None:
                return PROFILES[profile]
    return GREEK
