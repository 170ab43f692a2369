"""Playing a friend on another device, in the page: the dialog, the bar over the table, and the messages in
and out (links, pasted text, or a direct connection).

The table itself is the page's own (:class:`~kseri.web.app.App`): a match against a friend is a
:class:`~kseri.table.duel.session.DuelSession` on it. The app calls :meth:`DuelPage.save` where it
saves (a match against a friend is kept in the duel store, and its new message is handed on) and
leaves the next round's deal to the friend's message. Everything else happens here: messages that
arrive (a ``#duel=`` link opened, a text pasted, the direct channel) are applied one at a time and
played out on the table; a message to send is offered as a link (Share, Copy) or goes through the
direct channel when one is open.

The class is built in layers, one job each: :mod:`~kseri.web.duel.base` (the state, the app's hooks,
the bar, the dialog's frame), :mod:`~kseri.web.duel.inbox` (messages in),
:mod:`~kseri.web.duel.dialog` (the dialog's screens, links out), :mod:`~kseri.web.duel.connect` (a
direct connection); here: the wiring, the start and the clicks.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from pyodide.ffi import JsProxy, create_proxy
from pyscript import document, window

from kseri.engine.errors import KseriError, one_line
from kseri.i18n import _
from kseri.table.duel import codec
from kseri.table.duel.errors import DuelError
from kseri.web.dom import exists
from kseri.web.duel.base import DuelHost
from kseri.web.duel.channel import DirectLink
from kseri.web.duel.choices import TABLES, match_rules, table_targets
from kseri.web.duel.connect import DuelConnect
from kseri.web.duel.render import (
    BAR_ID,
    DIALOG_ID,
    PROMPT_CLASS,
    PROMPT_DIALOGS,
    bar_shell_html,
    dialog_shell_html,
    entry_html,
    length_options_html,
)
from kseri.web.duel.store import DuelStore, Entry

__all__ = ["TABLES", "DuelHost", "DuelPage", "match_rules", "table_targets"]


class DuelPage(DuelConnect):
    """The page's side of matches against friends (one per page, made by :func:`kseri.web.duel.attach`)."""

    def __init__(self, app: DuelHost, fragment: str) -> None:
        self.app = app
        self.rng: random.Random = random.SystemRandom()
        self.store = DuelStore(app.storage, self.rng)
        self.pending = fragment if codec.FRAGMENT in fragment else None
        self.entry: Entry | None = None
        """The match on the table (None: the game against the bot)."""
        self.delivered = 0
        """How many of the current match's messages were handed on (a link shared or copied, or sent directly)."""
        self.link: DirectLink | None = None
        self.queue: list[str] = []
        self.busy = False
        self.invitation: bytes | None = None
        """An invitation opened and not yet accepted."""
        self.handled = 0
        """Messages handled so far (``body[data-duel-handled]``: tests wait on it)."""
        self._proxies: list[JsProxy] = []
        self._inject()
        self._listen(document, "click", self.on_click)
        self._listen(document, "change", self.on_change)
        self._listen(window, "hashchange", self.on_hashchange)
        self._listen(window, "storage", self.on_storage)
        if self.pending is not None or self.store.current is not None:
            app.unasked = False  # a friend's game opens, not the first-visit screen

    # -- wiring -------------------------------------------------------------------------

    def _listen(self, target: Any, kind: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy)

    def _inject(self) -> None:
        """The dialog, the bar and the new-game screen's button (no static markup of their own)."""
        document.body.insertAdjacentHTML("beforeend", dialog_shell_html())
        notice = document.getElementById("notice")
        if exists(notice):
            notice.insertAdjacentHTML("afterend", bar_shell_html())
        actions = document.querySelector("#new-game .sheet-actions")
        if exists(actions):
            actions.insertAdjacentHTML("beforebegin", entry_html())
        for dialog in PROMPT_DIALOGS:
            actions = document.querySelector(f"#{dialog} .sheet-actions")
            if exists(actions):
                actions.insertAdjacentHTML("beforebegin", f'<div class="{PROMPT_CLASS}" hidden></div>')

    def _retranslate_shells(self) -> None:
        """What :meth:`_inject` put in the page, in the language just chosen (the page's own words are
        translated by :mod:`kseri.web.language`, which does not know these)."""
        entry = document.querySelector("#new-game .duel-entry")
        if exists(entry):
            entry.outerHTML = entry_html()
        bar = document.getElementById(BAR_ID)
        if exists(bar):
            bar.setAttribute("aria-label", _("Match against a friend"))

    def start(self) -> None:
        """After the table opened: a message in the link, else the match left on the table last time."""
        if self.pending is not None:
            text, self.pending = self.pending, None
            self.receive_text(text)
            return
        current = self.store.current
        if current is not None:
            try:
                self.switch_to(self.store.get(current))
            except DuelError as exc:
                self.store.current = None
                self.app.notify(_("Your match against a friend could not be resumed ({problem}).").format(
                    problem=one_line(exc)))


    # -- clicks -----------------------------------------------------------------------------

    def on_change(self, event: Any) -> None:
        """Another table chosen for an invitation: the match's lengths offered become that table's."""
        target = event.target
        if not exists(target) or str(getattr(target, "name", "")) != "duel-table":
            return
        length = document.querySelector('#duel [name="duel-length"]')
        if exists(length):
            length.innerHTML = length_options_html(table_targets(str(target.value)))

    def on_click(self, event: Any) -> None:
        target = event.target
        if not exists(target) or not hasattr(target, "closest"):
            return
        action = target.closest('[data-action^="duel-"], [data-action="set-language"]')
        if not exists(action):
            return
        name = str(action.getAttribute("data-action"))
        if name == "set-language":
            async def redraw() -> None:
                await asyncio.sleep(0)
                self._retranslate_shells()
                self.draw_bar()
                dialog = self.el(DIALOG_ID)
                if dialog.open:
                    dialog.close()
            self.app.spawn(redraw())
            return
        ident = str(action.getAttribute("data-match") or "")
        handlers = {
            "duel-open": self.open_list,
            "duel-close": self.close,
            "duel-invite": self.invite,
            "duel-accept": self.accept,
            "duel-send": lambda: self.open_send(),
            "duel-share": self.share,
            "duel-copy": lambda: self.copy(),
            "duel-copy-code": lambda: self.copy("duel-own-code"),
            "duel-apply": self.apply_pasted,
            "duel-open-match": lambda: self.open_match(ident),
            "duel-delete": lambda: self.delete(ident),
            "duel-delete-yes": lambda: self.delete(ident, confirmed=True),
            "duel-back": self.back_to_bot,
            "duel-direct": self.start_direct,
            "duel-join": self.join_direct,
            "duel-connect": self.connect,
        }
        handler = handlers.get(name)
        if handler is not None:
            try:
                handler()
            except KseriError as exc:
                self._error(one_line(exc))
