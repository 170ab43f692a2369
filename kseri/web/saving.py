"""Keeping the game between visits, and other tabs of the page.

The game is saved after every play (:meth:`SaveControl.save`). When another tab saves the game this
tab stops saving and offers to load the newer game (:meth:`SaveControl.on_storage`) instead of
silently overwriting it; when the browser refuses to store it, the player is told once and the tab
keeps a note of what a reload would lose (:mod:`kseri.table.unsaved`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from kseri.engine.errors import one_line
from kseri.i18n import N_, _
from kseri.scenes.lesson import lesson_of
from kseri.table.seats import SessionError
from kseri.table.session import GameSession
from kseri.table.unsaved import UnsavedNote
from kseri.web.page_host import PageHost
from kseri.web.render import NEWER_ELSEWHERE, Notice
from kseri.web.storage import SAVE_KEY, STATS_KEY, TAKEBACK_STATS_KEY, UNSAVED_KEY, Storage

__all__ = ["SaveControl", "SaveHost", "SessionKeeper"]


class SessionKeeper(Protocol):
    """Who else may keep a game: the matches against friends (:class:`kseri.web.duel.page.DuelPage`)."""

    def save(self, session: GameSession) -> bool:
        """Keep ``session`` if it is theirs (True), else leave it to the page (False)."""


class SaveHost(PageHost, Protocol):
    """The page, as saving sees it."""

    @property
    def duel(self) -> SessionKeeper | None: ...


class SaveControl:
    """This tab's saves of the game; ``on_stats`` redraws the statistics another tab changed."""

    def __init__(self, app: SaveHost, *, on_stats: Callable[[], None]) -> None:
        self.app = app
        self.on_stats = on_stats
        self.tab = Storage("sessionStorage")
        """This tab's storage, through a reload: the note of refused saves (:mod:`kseri.table.unsaved`)."""
        self._told_storage = not app.storage.available  # the opening notices said so already
        self._unsaved_noted = False
        self.stale = False
        """Another tab saved the game since this tab last did: this tab does not save until the player chooses."""
        self._saved: str | None = None
        """The save this tab last wrote or read (another tab's write differs from it)."""

    def save(self) -> None:
        """Save the game, unless another tab saved a newer one (then the player chooses first); a lesson
        is never saved (the saved game waits for the player's return)."""
        app = self.app
        if app.duel is not None and app.duel.save(app.session):
            return  # a match against a friend: kept (and its message handed on) by the duel store
        if self.stale or lesson_of(app.session) is not None:
            return
        text = app.session.to_save()
        stored = app.storage.set(SAVE_KEY, text)
        if stored:
            self._saved = text
            if self._unsaved_noted:  # saving works again: the note of the refused ones is moot
                self._unsaved_noted = False
                self.tab.remove(UNSAVED_KEY)
            return
        if not app.storage.failed:
            return  # storage is off altogether: the opening notices said so
        older = app.storage.get(SAVE_KEY)  # what a reload would resume: it will say what is lost
        self._unsaved_noted = self.tab.set(UNSAVED_KEY, UnsavedNote.taken(app.session, older).to_json())
        if not self._told_storage:
            self._told_storage = True
            app.notify(Notice(N_("Your browser refused to store the game: a reload now would go back to where it "
                                 "was last saved.") if older else
                              N_("Your browser refused to store the game, so it will not be resumed after a reload."),
                              lasting=True))

    def on_storage(self, event: Any) -> None:
        """Another tab of this site changed the storage (the browser tells every other tab)."""
        key = event.key
        if key in (STATS_KEY, TAKEBACK_STATS_KEY):  # another tab finished a match: add to its count
            self.on_stats()
            return
        if key != SAVE_KEY:
            return
        text = event.newValue
        if not isinstance(text, str) or text in (self._saved, self.app.session.to_save()):
            return  # the save was set aside, or it holds this very game
        self.stale = True
        self.app.notify(NEWER_ELSEWHERE)

    def load_newer(self) -> None:
        """Replace this tab's game with the one another tab saved."""
        app = self.app
        text = app.storage.get(SAVE_KEY)
        try:
            session = GameSession.restore(text)
        except SessionError as exc:
            app.notify(Notice(_("The other tab's game cannot be loaded ({reason}).").format(reason=one_line(exc)),
                              actions=(("keep-this", N_("Keep this one")),), key=NEWER_ELSEWHERE.key, sticky=True))
            return
        self.stale = False
        self._saved = text
        app.drop_notice(str(NEWER_ELSEWHERE.key))
        app.take_session(session)
        app.board.announce(_("The newer game is loaded.") + " " + app.turns.turn_text())

    def keep_this(self) -> None:
        """Go on with this tab's game, saving it over the other tab's (the player chose so)."""
        self.stale = False
        self.app.drop_notice(str(NEWER_ELSEWHERE.key))
        self.save()
