"""What a reload says when the game's last saves could not be written (the browser's storage is full).

The page saves the game after every card. When the browser refuses a save, the save still stored
is an older position, and a reload resumes it: the player must be told which one. So each refused
save leaves an :class:`UnsavedNote` for this tab (the page keeps it in ``sessionStorage``, which
survives a reload and has a quota of its own): which save text is still stored, which match could
not be saved and how many plays it had. The next load reads it back with the save it resumes, and
:func:`reload_notice` says what was lost ("The last 4 plays could not be saved…"). A note about
another save than the one stored (a later save went through, another tab saved) says nothing.

>>> from kseri.table.session import GameSession
>>> game = GameSession.new(seed=3)
>>> stored = game.to_save()
>>> for _ in range(2):
...     _ = game.play_human(game.view().hand[0]), game.play_bot()
>>> note = UnsavedNote.taken(game, stored)
>>> note.plays
4
>>> print(reload_notice(UnsavedNote.read(note.to_json()), stored, GameSession.restore(stored)))
The last 4 plays could not be saved (this browser's storage is full): the game goes on from before them.
>>> reload_notice(note, game.to_save(), game) is None  # a later save went through
True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from kseri.engine.match import Match
from kseri.i18n import _, ngettext

__all__ = ["FORMAT", "UnsavedNote", "match_key", "plays_made", "reload_notice", "save_key"]

FORMAT = "kseri-unsaved/1"


def save_key(text: str | None) -> str:
    """A short digest of a save text ("" for no save at all)."""
    if not text:
        return ""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:20]


def match_key(match: Match) -> str:
    """Which match this is: its rules, first dealer and first deck (what a new match changes)."""
    first = match.rounds[0]
    what = json.dumps([match.rules.profile, match.rules.players, match.first_dealer, list(first.deck)])
    return hashlib.sha256(what.encode("utf-8")).hexdigest()[:20]


def plays_made(match: Match) -> int:
    """Cards played in the whole match so far, by every seat."""
    return sum(len(entry.plays) for entry in match.rounds)


@dataclass(frozen=True, kw_only=True, slots=True)
class UnsavedNote:
    """A refused save: the save text still stored (its :func:`save_key`), and the match that could not
    be saved (its :func:`match_key`) with the plays it had then."""

    stored: str
    match: str
    plays: int

    @classmethod
    def taken(cls, session: Any, stored_text: str | None) -> UnsavedNote:
        """The note for ``session`` (a :class:`~kseri.table.session.GameSession`) whose save was refused,
        while ``stored_text`` is what the browser still holds."""
        return cls(stored=save_key(stored_text), match=match_key(session.match), plays=plays_made(session.match))

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "stored": self.stored, "match": self.match, "plays": self.plays},
                          separators=(",", ":"))

    @classmethod
    def read(cls, text: str | None) -> UnsavedNote | None:
        """The note in ``text``; None for none, or for anything else (a note is only ever a courtesy).

        >>> UnsavedNote.read('{"format": "kseri-unsaved/1", "stored": "", "match": "ab", "plays": 3}')
        UnsavedNote(stored='', match='ab', plays=3)
        >>> UnsavedNote.read("[1]"), UnsavedNote.read('{"format": "kseri-unsaved/1", "plays": -1}')
        (None, None)
        """
        try:
            data = json.loads(text or "")
        except ValueError:
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        stored, match, plays = data.get("stored"), data.get("match"), data.get("plays")
        if not (isinstance(stored, str) and isinstance(match, str) and type(plays) is int and 0 <= plays < 10**6):
            return None
        return cls(stored=stored[:64], match=match[:64], plays=plays)


def reload_notice(note: UnsavedNote | None, stored_text: str | None, resumed: Any) -> str | None:
    """What the load that found ``stored_text`` saved (and resumed it: ``resumed``, a
    :class:`~kseri.table.session.GameSession`, or None when a link's game opened instead) says about
    the saves refused before it; None when there is nothing to say."""
    if note is None or note.stored != save_key(stored_text):
        return None
    if resumed is not None and note.match == match_key(resumed.match):
        lost = note.plays - plays_made(resumed.match)
        if lost <= 0:
            return None
        return ngettext("The last play could not be saved (this browser's storage is full): "
                        "the game goes on from before it.",
                        "The last {n} plays could not be saved (this browser's storage is full): "
                        "the game goes on from before them.", lost).format(n=lost)
    if resumed is not None:
        return _("Your latest game could not be saved (this browser's storage is full): "
                 "this is the last one that was.")
    if not stored_text:
        return _("Your latest game could not be saved (this browser's storage is full).")
    return None
