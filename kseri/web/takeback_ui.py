"""The take-back on the page: its button (``[data-action="undo"]``, next to your name), and the
statistics of the matches played with take-backs, kept apart from your record.

What a take-back does is :mod:`kseri.table.takeback`'s (pure, tested in CPython); this module
only places the button, says when it can be pressed, and keeps the separate statistics under
their own key in ``localStorage`` (:data:`~kseri.web.storage.TAKEBACK_STATS_KEY`), so they are
never mixed into the record (:data:`~kseri.web.storage.STATS_KEY`).
"""

from __future__ import annotations

from html import escape
from typing import Any

from pyscript import document

from kseri.i18n import _
from kseri.scenes.lesson import lesson_of
from kseri.table.session import GameSession
from kseri.table.stats import Stats
from kseri.table.takeback import can_take_back
from kseri.web.dom import exists
from kseri.web.storage import TAKEBACK_STATS_KEY, Storage

__all__ = ["BUTTON_ID", "TakeBackControl", "button_html"]

BUTTON_ID = "undo"

_ICON = ('<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M9 14 4 9l5-5"/>'
         '<path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/></svg>')


def button_html() -> str:
    """The button, in the page's language (its label is redrawn on a language switch)."""
    title = _("Take back your last card and the replies since (Ctrl+Z or Backspace)")
    return (f'<button id="{BUTTON_ID}" type="button" class="btn undo-button" data-action="undo" disabled '
            f'aria-keyshortcuts="Control+Z Backspace" title="{escape(title)}">{_ICON}'
            f'<span class="undo-label">{escape(_("Take back"))}</span></button>')


class TakeBackControl:
    """The button and the apart statistics of one page."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.stats = Stats.from_json(storage.get(TAKEBACK_STATS_KEY))
        """The matches finished with take-backs (unreadable text reads as none: they are a side count)."""
        self._lang = ""
        self._known: tuple[object, ...] = ()
        """The position :func:`can_take_back` last answered for, and its answer (a replay of the round)."""

    def place(self) -> None:
        """Put the button beside your name (once)."""
        if exists(document.getElementById(BUTTON_ID)):
            return
        tag = document.getElementById("you-tag")
        if exists(tag):
            tag.insertAdjacentHTML("afterend", button_html())

    @property
    def button(self) -> Any:
        return document.getElementById(BUTTON_ID)

    def update(self, session: GameSession, *, idle: bool, lang: str) -> None:
        """Enabled on your turn against bots after one of your plays in this packet; hidden with people
        sharing the device (the take-back is off then)."""
        button = self.button
        if not exists(button):
            return
        if lang != self._lang:  # the words of the page's language
            self._lang = lang
            fresh = document.createElement("div")
            fresh.innerHTML = button_html()
            button.innerHTML = fresh.firstElementChild.innerHTML
            button.setAttribute("title", fresh.firstElementChild.getAttribute("title"))
        button.hidden = session.people != 1 or lesson_of(session) is not None  # a lesson's own "try again"
        match = session.match
        plays = len(match.round.plays) if match.rounds else 0  # (a friend's match waits for its first deal)
        where = (id(session), session.takebacks, len(match.rounds), plays, session.phase)
        if self._known[:-1] != where:
            self._known = (*where, can_take_back(session))
        button.disabled = not (idle and self._known[-1])

    def lock(self) -> None:
        """A card is being played: no take-back until it is your turn again."""
        button = self.button
        if exists(button):
            button.disabled = True

    def stats_for(self, session: GameSession, record: Stats) -> Stats:
        """Where a finished match counts: the apart statistics if it had take-backs, else ``record``."""
        return self.stats if session.takebacks else record

    def save_stats(self) -> None:
        self.storage.set(TAKEBACK_STATS_KEY, self.stats.to_json())

    def reload_stats(self) -> None:
        """Another tab changed them."""
        self.stats = Stats.from_json(self.storage.get(TAKEBACK_STATS_KEY))

    def clear_stats(self) -> None:
        self.stats.clear()
        self.save_stats()
