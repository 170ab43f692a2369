"""Which session plays a game: the one-pile tables' :class:`~kseri.table.session.GameSession`, or
the open table's :class:`~kseri.table.sums.session.SumsSession`, picked by the game's rules.

The page opens every game through these functions (a new match, a link's record, a saved game),
so it never needs to know which table a game is at.

>>> from kseri.engine.rules import SUMS
>>> type(new_session(rules=SUMS, seed=1, level="easy")).__name__
'SumsSession'
>>> type(restore_session(new_session(seed=1, level="easy").to_save())).__name__
'GameSession'
"""

from __future__ import annotations

from typing import Any

from kseri.engine.errors import KseriError
from kseri.engine.jsontext import parse_json
from kseri.engine.rules import GREEK, Rules, rules_from_spec
from kseri.table.seats import DEFAULT_LEVEL
from kseri.table.session import GameSession
from kseri.table.sums.session import SumsSession

__all__ = ["new_session", "restore_session", "session_class", "session_from_record"]


def session_class(rules: Rules) -> type[GameSession]:
    """The session for ``rules``' kind of table."""
    return SumsSession if rules.table == SumsSession.table else GameSession


def _class_of(spec: Any) -> type[GameSession]:
    """The session for a record's ``rules`` field; the pile tables' when it cannot be read (that
    session then says in one line what is wrong with it)."""
    try:
        return session_class(rules_from_spec(spec))
    except (KseriError, TypeError, ValueError):
        return GameSession


def _json(text: str | None, what: str) -> Any:
    try:
        return parse_json(text or "", what=what)
    except KseriError:
        return None


def new_session(*, rules: Rules = GREEK, level: str = DEFAULT_LEVEL, seed: int | None = None) -> GameSession:
    """A new match at ``rules``' table (:meth:`GameSession.new`)."""
    return session_class(rules).new(rules=rules, level=level, seed=seed)


def session_from_record(text: str, *, level: str = DEFAULT_LEVEL, seed: int | None = None) -> GameSession:
    """A ``kseri-record/1`` record opened at its table (:meth:`GameSession.from_record_text`)."""
    data = _json(text, "record")
    spec = data.get("rules", "greek") if isinstance(data, dict) else "greek"
    return _class_of(spec).from_record_text(text, level=level, seed=seed)


def restore_session(text: str | None) -> GameSession:
    """A saved game resumed at its table (:meth:`GameSession.restore`)."""
    data = _json(text, "save")
    record = data.get("record") if isinstance(data, dict) else None
    spec = record.get("rules", "greek") if isinstance(record, dict) else "greek"
    return _class_of(spec).restore(text)
