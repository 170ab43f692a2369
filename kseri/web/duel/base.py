"""Playing a friend, in the page: what every part of :class:`~kseri.web.duel.page.DuelPage` shares.

The page around it (:class:`DuelHost`), the match on the table, the app's save hook, the bar over the
table, and the dialog's frame (a screen opened, an error shown, the dialog closed).
"""

from __future__ import annotations

import datetime
import random
from typing import TYPE_CHECKING, Any, Protocol

from pyodide.ffi import JsProxy
from pyscript import document

from kseri.i18n import _
from kseri.table.duel import codec
from kseri.table.duel.session import DuelSession
from kseri.table.duel.words import waiting_line
from kseri.table.session import GameSession
from kseri.table.stats import FRIENDS, game_key
from kseri.web.dom import exists
from kseri.web.duel.channel import DirectLink
from kseri.web.duel.choices import now as _now
from kseri.web.duel.render import BAR_ID, DIALOG_ID, PROMPT_CLASS, bar_html, prompt_html
from kseri.web.duel.store import DuelStore, Entry
from kseri.web.storage import STATS_KEY, Storage

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from kseri.table.stats import Stats
    from kseri.web.board import Board
    from kseri.web.pacer import Pacer
    from kseri.web.render import Notice
    from kseri.web.state import StateOwner, UiState
    from kseri.web.turns import Turns

__all__ = ["REFUSED_KEY", "DuelBase", "DuelHost"]

REFUSED_KEY = "duel-refused"
"""The key of the notice of a refused message: the next refusal replaces it, and the next message that comes
through, or your own next move, removes it (it told of a link that changed nothing; once play has gone on it
is stale)."""


class DuelHost(Protocol):
    """What :class:`~kseri.web.duel.page.DuelPage` needs from the page around it (:class:`kseri.web.app.App`)."""

    session: GameSession

    @property
    def state(self) -> UiState: ...

    @property
    def ui(self) -> StateOwner: ...

    unasked: bool
    storage: Storage
    stats: Stats
    board: Board
    pacer: Pacer
    turns: Turns

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None: ...

    def notify(self, notice: str | Notice) -> None: ...

    def drop_notice(self, key: str) -> None: ...

    def render(self) -> None: ...

    def save(self) -> None: ...

    def take_session(self, session: GameSession) -> None: ...

    def show_round_summary(self) -> None: ...

    def show_match_end(self) -> None: ...


class DuelBase:
    """The state of the page's side of matches against friends (set by :class:`~kseri.web.duel.page.DuelPage`),
    and what every part of it uses."""

    app: DuelHost
    rng: random.Random
    store: DuelStore
    pending: str | None
    entry: Entry | None
    delivered: int
    link: DirectLink | None
    queue: list[str]
    busy: bool
    invitation: bytes | None
    handled: int
    _proxies: list[JsProxy]

    def el(self, name: str) -> Any:
        return document.getElementById(name)

    # -- the app's hooks ------------------------------------------------------------------

    def save(self, session: GameSession) -> bool:
        """The app saves: True if ``session`` is a match against a friend (kept here, and its new message handed
        on); False for a game against the bot (the app saves that one)."""
        document.body.dataset.duel = "true" if isinstance(session, DuelSession) else "false"
        if not isinstance(session, DuelSession):
            if self.entry is not None:
                self.entry = None
                self.store.current = None
            bar = self.el(BAR_ID)
            if exists(bar) and not bar.hidden:  # (left by Back or New match) hidden, and no call to send left behind
                self.draw_bar()
            return False
        entry = self.entry
        if entry is None or entry.peer is not session.peer:
            return True
        entry.seen = session.seen
        self._count(session, entry)
        peer = session.peer
        if peer.sent > self.delivered:
            self.app.drop_notice(REFUSED_KEY)  # your move went on: a refused link's notice is history now
            if self.link is not None and self.link.state == "open" and peer.outbox is not None \
                    and self.link.send(codec.to_text(peer.outbox)):
                self.delivered = peer.sent
                entry.unsent = False
            else:
                entry.unsent = True
        entry.updated = _now()
        self.keep(entry)
        self.draw_bar()
        return True

    def keep(self, entry: Entry) -> None:
        """Store ``entry``; where the browser refuses, this page keeps it and says so."""
        if not self.store.put(entry) and self.app.storage.available:  # (blocked: the page said so at its start)
            self.app.notify(_("Your browser refused to store the match, so it will not be resumed after a reload."))

    def _count(self, session: DuelSession, entry: Entry) -> None:
        """A finished match goes into the statistics once, apart from the bots' ("against friends")."""
        peer = session.peer
        if entry.counted or peer.broken is not None or session.phase != "match_over":
            return
        app = self.app
        app.stats.add(game_key(session.rules), FRIENDS, session.match_summary(), day=datetime.date.today().isoformat())
        app.storage.set(STATS_KEY, app.stats.to_json())
        entry.counted = True

    # -- switching matches -----------------------------------------------------------------

    def switch_to(self, entry: Entry) -> None:
        """Put ``entry``'s match on the table."""
        self.entry = entry
        self.delivered = entry.peer.sent - (1 if entry.unsent else 0)
        self.store.current = entry.peer.match.hex()
        session = DuelSession(entry.peer, seen=entry.seen)
        self.app.take_session(session)
        document.body.dataset.duel = "true"
        self.draw_bar()
        peer = entry.peer
        self.app.board.announce(waiting_line(peer.awaiting(), session.friend, unsent=entry.unsent))

    @property
    def session(self) -> DuelSession | None:
        session = self.app.session
        return session if isinstance(session, DuelSession) else None

    # -- the bar ----------------------------------------------------------------------------

    def draw_bar(self) -> None:
        bar = self.el(BAR_ID)
        session, entry = self.session, self.entry
        if not exists(bar):
            return
        if session is None or entry is None:
            bar.hidden = True
            self._draw_prompts("")
            return
        peer = session.peer
        unsent = entry.unsent and peer.outbox is not None
        state = self.link.state if self.link is not None else ""
        direct = _("connected directly") if state == "open" else ""
        line = waiting_line(peer.awaiting(), session.friend, unsent=unsent)
        bar.innerHTML = bar_html(friend=peer.friend, line=line, code=peer.pairing_code, unsent=unsent, direct=direct)
        self._draw_prompts(line if unsent else "")
        bar.dataset.awaiting = peer.awaiting()
        bar.dataset.unsent = "true" if unsent else "false"
        bar.dataset.match = peer.match.hex()
        bar.hidden = False

    def _draw_prompts(self, line: str) -> None:
        """The round's and the match's end cover the bar: they repeat its call to send (``line``; "": none)."""
        for prompt in document.querySelectorAll(f".{PROMPT_CLASS}"):
            prompt.innerHTML = prompt_html(line) if line else ""
            prompt.hidden = not line

    # -- the dialog ---------------------------------------------------------------------

    def open_screen(self, title: str, body: str, actions: list[tuple[str, str, bool]]) -> None:
        dialog = self.el(DIALOG_ID)
        self.el("duel-title").textContent = title
        self.el("duel-body").innerHTML = body
        self.el("duel-error").hidden = True
        self.el("duel-actions").innerHTML = "".join(
            f'<button type="button" class="btn {"solid" if solid else "ghost dark"}" data-action="{action}">'
            f'{label}</button>' for action, label, solid in actions)
        if not dialog.open:
            dialog.showModal()
        first = dialog.querySelector("input, textarea:not([readonly]), .btn.solid")
        if exists(first):
            first.focus()

    def _error(self, text: str) -> None:
        error = self.el("duel-error")
        error.textContent = text
        error.hidden = False

    def sending(self) -> bool:
        """The dialog shows a message to send (its link, ``#duel-link``, goes stale once the friend's next
        message is applied)."""
        return bool(self.el(DIALOG_ID).open) and exists(self.el("duel-link"))

    def close(self) -> None:
        dialog = self.el(DIALOG_ID)
        if dialog.open:
            dialog.close()

