"""The table's dialogs: opened modal with a history entry of their own (the back button closes them),
and closed all at once when another game takes the table.

Which history entry belongs to an open dialog is :class:`kseri.web.navigation.DialogHistory` (pure);
what the back button means with the round's summary or its review open stays with the page
(:meth:`kseri.web.app.App.on_popstate`).
"""

from __future__ import annotations

from typing import Any, Protocol

from pyscript import document, window

from kseri.web.dom import exists, js_object
from kseri.web.flow import starts_on_close
from kseri.web.hosts import GameHost
from kseri.web.navigation import DialogHistory

__all__ = ["DIALOGS", "HISTORY_MARK", "DialogControl", "DialogHost"]

DIALOGS = ("round-summary", "match-end", "confirm-new", "new-game", "share", "rules", "scoring", "stats",
           "confirm-reset", "settings", "welcome")
"""The table's dialogs (each has its history entry while open: see :mod:`kseri.web.navigation`)."""

HISTORY_MARK = "kseriDialog"
"""The key in ``history.state`` of the entry the page adds while a dialog is open."""

GAME_DIALOGS = ("confirm-reset", "stats", "match-end", "round-summary", "confirm-new", "new-game", "welcome")
"""The dialogs about the game at hand, closed when another game takes the table."""


class DialogHost(GameHost, Protocol):
    """What the dialogs need from the page."""

    keyboard_index: int | None

    @property
    def el(self) -> Any: ...

    def go_on(self) -> None: ...


class DialogControl:
    """The dialogs and their history entries."""

    def __init__(self, app: DialogHost) -> None:
        self.app = app
        self.history = DialogHistory()
        """The back button closes an open dialog (see :meth:`open_dialog`)."""

    def open_dialog(self, name: str) -> None:
        """Open a dialog (modal) with a history entry of its own, so the back button closes it."""
        dialog = self.app.el[name]
        if not dialog.open:
            dialog.showModal()
            # Its first control, as the page marks it: data-autofocus, not autofocus, which a browser
            # refuses (with a console error for each) in a page framed by another site's. Shown from
            # its top, headline first (its body too, if it scrolls on its own): the control is often at
            # its foot, and on a small phone focusing it scrolled the dialog's title out of sight.
            target = dialog.querySelector("[data-autofocus]")
            if exists(target):
                target.focus(js_object({"preventScroll": True}))
            dialog.scrollTop = 0
            body = document.getElementById(f"{name}-body")
            if exists(body):
                body.scrollTop = 0
        if self.history.opened():
            window.history.pushState(js_object({HISTORY_MARK: True}), "")

    def on_dialog_close(self, event: Any) -> None:
        """A dialog closed (its button, Escape, the page): the last one takes its history entry along.
        The first visit's welcome (or the new-game screen it led to) closed on the game dealt: it starts."""
        any_open = exists(document.querySelector("dialog[open]"))
        if self.history.closed(any_open=any_open):
            window.history.back()
        if starts_on_close(str(event.target.id), any_open=any_open, phase=self.app.session.phase,
                           state=self.app.state):
            self.app.go_on()
        if not any_open:
            self._keep_focus_on_table()

    def _keep_focus_on_table(self) -> None:
        """The browser gives the focus back to what opened a dialog; where nothing did (the welcome, the
        match's end) or it is gone, the focus falls to the page, and a keyboard went on from the top of
        it. It goes to your first card; while a bot plays first, to your hand, and to its first card once the
        bot has (on New match, a second Enter opened the new-game screen); with no hand, to New match."""
        active = document.activeElement  # (still in the closed dialog here, until the browser's next frame)
        if exists(active) and str(active.tagName) != "BODY" and not exists(active.closest("dialog:not([open])")):
            return
        hand = self.app.el["hand"]
        held = exists(hand.querySelector("button[data-card]"))
        if held:
            self.app.keyboard_index = 0  # (a bot about to play first: your first card once it has)
        card = hand.querySelector("button[data-card]:not([disabled])")
        target = card if exists(card) else hand if held else self.app.el["new-match"]
        target.focus(js_object({"preventScroll": True}))

    def forget_stale_entry(self) -> None:
        """A reload or a return to the page starts on the entry a dialog had: it no longer has one."""
        state = window.history.state
        if exists(state) and bool(getattr(state, HISTORY_MARK, False)):
            window.history.replaceState(None, "")

    def close_game_dialogs(self) -> None:
        """Another game takes the table: the dialogs about the old one close."""
        for name in GAME_DIALOGS:
            if self.app.el[name].open:
                self.app.el[name].close()
