"""Matches against friends in this browser's ``localStorage``, one key per match, saved under the friend's name.

``kseri.duel.m.<match id>``: the page's record of one match (:class:`Entry` as JSON: the protocol's
save, ``kseri-duel/1``, plus what the page needs: summaries seen, the result counted, whether the
last message still has to be sent); ``kseri.duel.current``: the match on the table (none: the game
against the bot); ``kseri.duel.name``: the name you gave last. A match that cannot be read is set
aside under ``kseri.duel.set-aside.<id>`` and left out, with a notice.

Where the browser refuses to store (storage blocked, or full), what it refused is kept in this page
instead: the match plays on until the page is closed, as a game against the bots does.
"""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass
from typing import Any

from pyscript import window

from kseri.table.duel.errors import DuelError
from kseri.table.duel.peer import Peer
from kseri.table.duel.saved import dump, load
from kseri.table.saves import read_save
from kseri.web.dom import exists
from kseri.web.storage import Storage

__all__ = ["CURRENT_KEY", "NAME_KEY", "PREFIX", "DuelStore", "Entry"]

PREFIX = "kseri.duel.m."
CURRENT_KEY = "kseri.duel.current"
NAME_KEY = "kseri.duel.name"
ASIDE = "kseri.duel.set-aside."
PAGE_FORMAT = "kseri-duel-page/1"


@dataclass
class Entry:
    """One match as the page keeps it."""

    peer: Peer
    seen: int = 0
    """Round summaries the player has seen."""
    counted: bool = False
    """The finished match is in the statistics."""
    unsent: bool = False
    """The last message was made but not yet handed to a messenger (or a direct connection)."""
    updated: str = ""

    @property
    def key(self) -> str:
        return PREFIX + self.peer.match.hex()

    def to_json(self) -> str:
        return json.dumps({"format": PAGE_FORMAT, "peer": dump(self.peer), "seen": self.seen, "counted": self.counted,
                           "unsent": self.unsent, "updated": self.updated}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None, rng: random.Random) -> Entry:
        data = read_save(text or "", name="saved match", what="saved match", format=PAGE_FORMAT, fail=DuelError)
        peer = load(data.get("peer") if isinstance(data.get("peer"), str) else None, rng=rng)
        seen = data.get("seen", 0)
        return cls(peer=peer, seen=seen if type(seen) is int and 0 <= seen < 10_000 else 0,
                   counted=data.get("counted") is True, unsent=data.get("unsent") is True,
                   updated=str(data.get("updated", ""))[:40])


class DuelStore:
    """The matches against friends kept in this browser."""

    def __init__(self, storage: Storage, rng: random.Random) -> None:
        self.storage = storage
        self.rng = rng
        self._held: dict[str, str] = {}
        """Matches whose last write the browser refused (id -> JSON), newer than what it stored."""
        self._held_values: dict[str, str | None] = {}
        """``current`` and ``name`` when the browser refused to store them."""

    def _set(self, key: str, value: str | None) -> None:
        """Store a small value, kept in the page if the browser refuses it."""
        if value is None:
            self.storage.remove(key)
            self._held_values.pop(key, None)
        elif self.storage.set(key, value):
            self._held_values.pop(key, None)
        else:
            self._held_values[key] = value

    def _get(self, key: str) -> str | None:
        return self._held_values[key] if key in self._held_values else self.storage.get(key)

    def ids(self) -> list[str]:
        """Every stored match's id (hex)."""
        found: list[str] = []
        with contextlib.suppress(Exception):  # storage disabled: no matches
            store: Any = window.localStorage
            if exists(store):
                for i in range(int(store.length)):
                    key = str(store.key(i))
                    if key.startswith(PREFIX):
                        found.append(key[len(PREFIX):])
        return sorted(set(found) | set(self._held))

    def get(self, match: str) -> Entry:
        """The stored match ``match``; :class:`DuelError` if it is missing or unreadable (then set aside)."""
        text = self._held.get(match) or self.storage.get(PREFIX + match)
        if text is None:
            raise DuelError("this match is not on this device")
        try:
            return Entry.from_json(text, self.rng)
        except DuelError:
            self.storage.set_aside(PREFIX + match, ASIDE + match, text)
            raise

    def put(self, entry: Entry) -> bool:
        """Store ``entry``; False if the browser refused (then this page keeps it until it is closed)."""
        text = entry.to_json()
        ident = entry.peer.match.hex()
        if self.storage.set(entry.key, text):
            self._held.pop(ident, None)
            return True
        self._held[ident] = text
        return False

    def remove(self, match: str) -> None:
        self.storage.remove(PREFIX + match)
        self._held.pop(match, None)
        if self.current == match:
            self.current = None

    @property
    def current(self) -> str | None:
        value = self._get(CURRENT_KEY)
        return value if value and all(c in "0123456789abcdef" for c in value) else None

    @current.setter
    def current(self, match: str | None) -> None:
        self._set(CURRENT_KEY, match)

    @property
    def name(self) -> str:
        return (self._get(NAME_KEY) or "")[:20]

    @name.setter
    def name(self, value: str) -> None:
        self._set(NAME_KEY, value[:20])
