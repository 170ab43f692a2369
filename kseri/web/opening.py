"""Which game the page opens with: the URL's, else the saved one, else a new one.

Also tidies the address bar afterwards, so that a reload resumes the game
instead of starting the URL's game again. Nothing from outside can stop the
page from opening: a bad link, save or statistics gives a one-line notice, and
a save or statistics that cannot be read are set aside under another key
(:mod:`kseri.web.storage`), never thrown away.
"""

from __future__ import annotations

import contextlib
from typing import Any

from js import console
from pyscript import window

from kseri.engine.errors import KseriError, one_line
from kseri.engine.rules import GREEK
from kseri.i18n import N_, _
from kseri.scenes.lessons import lesson_named
from kseri.table.first_visit import first_rules
from kseri.table.notices import clip
from kseri.table.querystring import without_keys
from kseri.table.seat_plan import SeatPlan
from kseri.table.seats import DEFAULT_LEVEL, SessionError, levels
from kseri.table.session import GameSession
from kseri.table.stats import Stats
from kseri.table.unsaved import UnsavedNote, reload_notice
from kseri.table.urlparams import UrlOptions, parse_url
from kseri.web.dom import preferred_languages
from kseri.web.notices_render import Notice
from kseri.web.storage import SAVE_KEY, SET_ASIDE_KEY, STATS_KEY, STATS_SET_ASIDE_KEY, UNSAVED_KEY, Storage

__all__ = ["STORAGE_OFF", "clean_url", "open_session", "open_stats"]

STORAGE_OFF = N_("This browser does not let the page store anything, so the game will not be resumed after a reload.")


def _url_game(options: UrlOptions, level: str) -> tuple[GameSession | None, str | None]:
    """The game the URL asks for (None: it asks for none) and why its record could not be opened."""
    record_error = options.record_error
    if options.record is not None:
        try:
            return GameSession.from_record_text(options.record, level=level, seed=options.seed), None
        except KseriError as exc:
            record_error = one_line(exc).removeprefix("share link: ")
    if options.seed is not None or options.rules is not None or options.seats is not None:
        try:
            return GameSession.new(rules=options.rules or GREEK, level=level, seed=options.seed), record_error
        except Exception as exc:  # rules the URL reader let through but the table cannot deal
            detail = one_line(exc) if isinstance(exc, KseriError) else type(exc).__name__
            return None, record_error or f"the link's game cannot be dealt ({detail})"
    return None, record_error


def open_session(storage: Storage, tab: Storage | None = None) -> tuple[GameSession, list[Notice], bool]:
    """The session the page starts with: the URL's game, else the saved one, else a new one; and whether
    it is a game nobody asked for: no link (not even one refused) and nothing saved, not even a save set
    aside (the page then offers the new-game screen on a first visit). ``tab`` (this tab's
    ``sessionStorage``) holds the note of saves the browser refused before this load
    (:mod:`kseri.table.unsaved`): the notices say what was lost."""
    location = window.location
    options = parse_url(str(location.search or ""), str(location.hash or ""), levels(),
                        known_lesson=lambda value: lesson_named(value) is not None)
    notices = [Notice(text) for text in options.notices]
    if not storage.available:  # a condition that lasts: later notices never push it out of the banner
        notices.append(Notice(STORAGE_OFF, lasting=True))
    saved: GameSession | None = None
    saved_text = storage.get(SAVE_KEY)
    save_problem: str | None = None
    if saved_text:
        try:
            saved = GameSession.restore(saved_text)
        except SessionError as exc:
            save_problem = one_line(exc)
            storage.set_aside(SAVE_KEY, SET_ASIDE_KEY, saved_text)
            console.warn(clip(f"kseri: saved game set aside under {SET_ASIDE_KEY!r}: {save_problem}", 300))
    level = options.level or (saved.level if saved is not None else DEFAULT_LEVEL)
    session, record_error = _url_game(options, level)
    from_url = session is not None
    if session is not None and options.level and options.record is not None:
        session.level = options.level  # the link's level= over the record's own bots' levels
    if session is not None and options.seats is not None:
        try:
            session.apply_plan(SeatPlan.parse(options.seats, players=session.players))
        except SessionError as exc:
            notices.append(Notice(_("Ignored seats={value}: {reason}.").format(
                value=clip(options.seats, 24), reason=one_line(exc).removeprefix("seats: "))))
    resumed = False
    if session is None and saved is not None:
        session = saved
        resumed = True
        if options.level:
            session.level = options.level
    if session is None:  # a first visit is dealt the table of its language (kseri/table/first_visit.py)
        session = GameSession.new(rules=GREEK if saved_text else first_rules(preferred_languages()), level=level)
    if save_problem is not None:
        notices.append(Notice((
            _("Your saved game could not be resumed ({problem}). It was set aside.") if from_url else
            _("Your saved game could not be resumed ({problem}). It was set aside and a new game started.")
        ).format(problem=save_problem)))
    tab = tab if tab is not None else Storage("sessionStorage")
    note = UnsavedNote.read(tab.get(UNSAVED_KEY))
    if note is not None:
        tab.remove(UNSAVED_KEY)  # said once
        lost = reload_notice(note, saved_text, session if resumed else None)
        if lost is not None:
            notices.append(Notice(lost))
    if record_error is not None:
        outcome = _("Your saved game continues.") if resumed else _("A new game was started instead.")
        notices.insert(0, Notice(_("Could not open the game record in the link: {error}.").format(
            error=record_error) + " " + outcome))
    clean_url(location, consumed=options.starts_game or bool(options.record) or bool(str(location.hash or "")),
              ignored=options.ignored)
    # A link whose every part was refused still came from someone: its notices show on the table, not
    # behind the first visit's welcome (which would cover them until dismissed).
    asked = from_url or bool(saved_text) or bool(options.notices) or record_error is not None
    return session, notices, not asked


def open_stats(storage: Storage) -> tuple[Stats, list[Notice]]:
    """The statistics per game and level; statistics that cannot be read are set aside with a notice."""
    text = storage.get(STATS_KEY)
    try:
        return Stats.read(text), []
    except SessionError as exc:
        assert text is not None  # no text reads as empty statistics
        storage.set_aside(STATS_KEY, STATS_SET_ASIDE_KEY, text)
        return Stats(), [Notice(_("Your match statistics were set aside and start again from zero: {reason}.").format(
            reason=one_line(exc)))]


def clean_url(location: Any, *, consumed: bool, ignored: tuple[str, ...] = ()) -> None:
    """Drop the parameters that opened this game, so a reload resumes it instead of restarting, and
    those whose value was ignored (``ignored``: their notice said so once)."""
    search = str(location.search or "")
    query = without_keys(search, ("seed", "level", "rules", "record", "seats", *ignored))
    if query == search and not consumed:
        return
    with contextlib.suppress(Exception):  # some embedders forbid it; nothing breaks
        window.history.replaceState(None, "", str(location.pathname) + query)
