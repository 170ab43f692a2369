"""Which game the page opens with: the URL's, else the saved one, else a new one.

Also tidies the address bar afterwards, so that a reload resumes the game
instead of starting the URL's game again.
"""

from __future__ import annotations

import contextlib
from typing import Any

from js import console
from pyscript import window

from kseri.engine.errors import RecordError
from kseri.engine.rules import GREEK
from kseri.table.querystring import without_keys
from kseri.table.seats import DEFAULT_LEVEL, SessionError, levels
from kseri.table.session import GameSession
from kseri.table.urlparams import parse_url
from kseri.web.storage import SAVE_KEY, SET_ASIDE_KEY, Storage

__all__ = ["clean_url", "open_session"]


def open_session(storage: Storage) -> tuple[GameSession, list[str]]:
    """The session the page starts with: the URL's game, else the saved one, else a new one."""
    location = window.location
    known = levels()
    options = parse_url(str(location.search or ""), str(location.hash or ""), known)
    notices = list(options.notices)
    session: GameSession | None = None
    saved_text = storage.get(SAVE_KEY)
    level = options.level or DEFAULT_LEVEL
    if options.level is None and saved_text:
        with contextlib.suppress(SessionError):  # the save is dealt with below
            level = GameSession.from_save(saved_text).level
    record_error = options.record_error
    if options.record is not None:
        try:
            session = GameSession.from_record_text(options.record, level=level, seed=options.seed)
        except RecordError as exc:
            record_error = str(exc).removeprefix("share link: ")
    if session is None and (options.seed is not None or options.rules is not None):
        session = GameSession.new(rules=options.rules or GREEK, level=level, seed=options.seed)
    resumed = False
    if session is None and saved_text:
        try:
            session = GameSession.from_save(saved_text)
            resumed = True
            if options.level:
                session.level = options.level
        except SessionError as exc:
            storage.set(SET_ASIDE_KEY, saved_text)
            storage.remove(SAVE_KEY)
            console.warn(f"kseri: saved game set aside under {SET_ASIDE_KEY!r}: {exc}")
            notices.append(f"Your saved game could not be resumed ({exc}). It was set aside and a new game started.")
    if session is None:
        session = GameSession.new(level=level)
    if record_error is not None:
        outcome = "Your saved game continues." if resumed else "A new game was started instead."
        notices.insert(0, f"Could not open the game record in the link: {record_error}. {outcome}")
    clean_url(location, consumed=options.starts_game or bool(options.record) or bool(str(location.hash or "")))
    return session, notices


def clean_url(location: Any, *, consumed: bool) -> None:
    """Drop the parameters that opened this game, so a reload resumes it instead of restarting."""
    search = str(location.search or "")
    query = without_keys(search, ("seed", "level", "rules", "record"))
    if query == search and not consumed:
        return
    with contextlib.suppress(Exception):  # some embedders forbid it; nothing breaks
        window.history.replaceState(None, "", str(location.pathname) + query)

