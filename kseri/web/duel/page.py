"""Playing a friend on another device, in the page: the dialog, the bar over the table, and the messages in
and out (links, pasted text, or a direct connection).

The table itself is the page's own (:class:`~kseri.web.app.App`): a match against a friend is a
:class:`~kseri.table.duel.session.DuelSession` on it. The app calls :meth:`DuelPage.save` where it
saves (a match against a friend is kept in the duel store, and its new message is handed on) and
leaves the next round's deal to the friend's message. Everything else happens here: messages that
arrive (a ``#duel=`` link opened, a text pasted, the direct channel) are applied one at a time and
played out on the table; a message to send is offered as a link (Share, Copy) or goes through the
direct channel when one is open.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime
import random
from typing import TYPE_CHECKING, Any, Protocol

from js import console
from pyodide.ffi import JsProxy, create_proxy
from pyscript import document, window

from kseri.engine.errors import KseriError, one_line
from kseri.engine.rules import PROFILES, Rules
from kseri.i18n import _
from kseri.table.duel import codec
from kseri.table.duel.deal import duel_refusal
from kseri.table.duel.errors import DuelError, MatchBrokenError, RefusedError
from kseri.table.duel.peer import HOST, Peer
from kseri.table.duel.session import DuelSession
from kseri.table.duel.words import refusal_notice, waiting_line
from kseri.table.newgame import table_title
from kseri.table.notices import clip
from kseri.table.session import GameSession
from kseri.table.stats import FRIENDS, game_key
from kseri.web.dom import exists, js_object
from kseri.web.duel.channel import DirectLink
from kseri.web.duel.render import (
    BAR_ID,
    DIALOG_ID,
    MatchRow,
    accept_html,
    bar_html,
    bar_shell_html,
    dialog_shell_html,
    direct_html,
    entry_html,
    length_options_html,
    list_html,
    sent_html,
)
from kseri.web.duel.store import DuelStore, Entry
from kseri.web.state import Activity
from kseri.web.storage import STATS_KEY, Storage
from kseri.web.tables import DESCRIBE_PLAY

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from kseri.table.stats import Stats
    from kseri.web.board import Board
    from kseri.web.pacer import Pacer
    from kseri.web.render import Notice
    from kseri.web.state import StateOwner, UiState
    from kseri.web.turns import Turns

__all__ = ["DuelHost", "DuelPage"]


class DuelHost(Protocol):
    """What :class:`DuelPage` needs from the page around it (:class:`kseri.web.app.App`)."""

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

    def render(self) -> None: ...

    def save(self) -> None: ...

    def take_session(self, session: GameSession) -> None: ...

    def show_round_summary(self) -> None: ...

    def show_match_end(self) -> None: ...

TABLES: tuple[tuple[str, tuple[int, ...]], ...] = (("greek", (151, 101, 51)), ("sums", (37, 21)))
"""The tables a friend can be invited to from the page (their profiles), each with the targets its matches may
be played to, its own first (the open table counts 11 points a round besides its xeris: it plays to 37, not 151).
Every table may also be played over 1 or 3 rounds."""


def table_targets(table: str) -> tuple[int, ...]:
    """The targets offered for ``table`` (a profile; the first table's for one not offered)."""
    return dict(TABLES).get(table, TABLES[0][1])


def match_rules(table: str, length: str) -> Rules:
    """The rules of a friend's match: the table's profile, to a number of points (``"101"``) or of rounds (``"r3"``)."""
    base = PROFILES[table if table in dict(TABLES) else TABLES[0][0]]
    if length.startswith("r") and length[1:].isdigit() and 1 <= int(length[1:]) <= 99:
        return dataclasses.replace(base, match_rounds=int(length[1:]))
    if length.isdigit() and 1 <= int(length) <= 10_000:
        return dataclasses.replace(base, target=int(length))
    return base


def _now() -> str:
    return datetime.datetime.now().isoformat(timespec="seconds")


class DuelPage:
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

    def el(self, name: str) -> Any:
        return document.getElementById(name)

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

    # -- the app's hooks ------------------------------------------------------------------

    def save(self, session: GameSession) -> bool:
        """The app saves: True if ``session`` is a match against a friend (kept here, and its new message handed
        on); False for a game against the bot (the app saves that one)."""
        document.body.dataset.duel = "true" if isinstance(session, DuelSession) else "false"
        if not isinstance(session, DuelSession):
            if self.entry is not None:
                self.entry = None
                self.store.current = None
                self.el(BAR_ID).hidden = True
            return False
        entry = self.entry
        if entry is None or entry.peer is not session.peer:
            return True
        entry.seen = session.seen
        self._count(session, entry)
        peer = session.peer
        if peer.sent > self.delivered:
            if self.link is not None and self.link.state == "open" and peer.outbox is not None \
                    and self.link.send(codec.to_text(peer.outbox)):
                self.delivered = peer.sent
                entry.unsent = False
            else:
                entry.unsent = True
        entry.updated = _now()
        if not self.store.put(entry):
            self.app.notify(_("Your browser refused to store the match, so it will not be resumed after a reload."))
        self.draw_bar()
        return True

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
            return
        peer = session.peer
        unsent = entry.unsent and peer.outbox is not None
        state = self.link.state if self.link is not None else ""
        direct = _("connected directly") if state == "open" else ""
        bar.innerHTML = bar_html(
            friend=peer.friend, line=waiting_line(peer.awaiting(), session.friend, unsent=unsent),
            code=peer.pairing_code, unsent=unsent, direct=direct)
        bar.dataset.awaiting = peer.awaiting()
        bar.dataset.unsent = "true" if unsent else "false"
        bar.dataset.match = peer.match.hex()
        bar.hidden = False

    # -- messages in ------------------------------------------------------------------------

    def on_hashchange(self, _event: Any) -> None:
        """A link of the game opened in this tab (a messenger gave it to the page already open)."""
        fragment = str(window.location.hash or "")
        if codec.FRAGMENT not in fragment:
            return
        with contextlib.suppress(Exception):  # some embedders forbid it; the message is applied anyway
            window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search or ""))
        self.receive_text(fragment)

    def on_storage(self, event: Any) -> None:
        """Another tab changed the match on this table (it applied a message): take its state."""
        entry = self.entry
        if entry is None or str(event.key) != entry.key or self.busy:
            return
        try:
            self.switch_to(self.store.get(entry.peer.match.hex()))
        except DuelError:
            return

    def receive_text(self, text: str) -> None:
        """A message from the friend (a link, a fragment or the bare text): applied after any before it."""
        self.queue.append(text)
        if not self.busy:
            self.busy = True
            self.app.spawn(self._drain())

    async def _drain(self) -> None:
        document.body.dataset.duelBusy = "true"
        try:
            while self.queue:
                try:
                    await self._receive(self.queue.pop(0))
                finally:
                    self.handled += 1
                    document.body.dataset.duelHandled = str(self.handled)
        finally:
            self.busy = False
            document.body.dataset.duelBusy = "false"

    async def _receive(self, text: str) -> None:
        app = self.app
        try:
            data = codec.from_text(text)
            match, sender, seq = codec.peek(data)
        except RefusedError as exc:
            app.notify(refusal_notice(exc, _("your friend")))
            return
        ident = match.hex()
        if ident not in self.store.ids():
            if seq == 0 and sender == HOST:
                self.show_invitation(data)
            else:
                app.notify(_("This message is for a match that is not on this device; nothing changed."))
            return
        try:
            entry = self.entry if self.entry is not None and self.entry.peer.match == match else self.store.get(ident)
        except DuelError as exc:
            app.notify(_("The match of this message could not be read ({problem}).").format(problem=one_line(exc)))
            return
        if self.entry is not entry:
            self.switch_to(entry)
        session = self.session
        assert session is not None
        await self._settled()
        gen = app.state.generation
        try:
            outcome = session.receive(data)
        except RefusedError as exc:
            console.warn(clip(f"kseri: message refused ({exc.kind}): {exc}", 300))
            app.notify(refusal_notice(exc, session.friend))
            self.draw_bar()
            return
        except MatchBrokenError as exc:
            console.warn(clip(f"kseri: {exc}", 300))
            app.save()
            app.render()
            app.notify(_("The match against {name} has ended: a check failed ({reason}).").format(
                name=session.friend, reason=one_line(exc)))
            return
        app.save()
        await self._show(session, outcome.dealt, gen)

    async def _settled(self) -> None:
        """Wait for the table to finish what it is showing (a card in flight) before the next message."""
        for _step in range(400):
            if not self.app.state.busy:
                return
            await asyncio.sleep(0.025)

    async def _show(self, session: DuelSession, dealt: bool, gen: int) -> None:
        """Play out on the table what the friend's message did."""
        app = self.app
        events = session.take_events()
        app.ui.to(Activity.PLAYING)
        app.pacer.begin()
        try:
            if dealt:
                app.board.forget()
                app.render()
                app.board.announce(_("Round {number}.").format(number=len(session.match.rounds)))
                await app.turns.deal_in(with_pile=True)
                describe = DESCRIBE_PLAY[session.rules.table]
                for event in events:
                    app.board.announce(describe(event, session.rules.packet_size, ("", session.friend)))
            else:
                for event in events:
                    await app.turns.show_play(event, gen)
                    if not app.state.current(gen):
                        return
        finally:
            if app.state.current(gen):
                app.ui.to(Activity.IDLE)
        app.render()
        self.draw_bar()
        phase = session.phase
        if phase == "round_over":
            app.show_round_summary()
        elif phase == "match_over":
            app.show_match_end()
        elif phase == "human":
            app.board.focus_hand(0)
            app.board.announce(app.turns.turn_text())

    # -- an invitation --------------------------------------------------------------------

    def show_invitation(self, data: bytes) -> None:
        try:
            _match, friend, rules = Peer.read_invitation(data)
        except RefusedError as exc:
            self.app.notify(refusal_notice(exc, _("your friend")))
            return
        self.invitation = data
        self.open_screen(_("An invitation"), accept_html(friend=friend, table=table_title(rules),
                                                                     name=self.store.name),
                         [("duel-close", _("Not now"), False), ("duel-accept", _("Accept"), True)])

    def accept(self) -> None:
        data = self.invitation
        if data is None:
            return
        name = self._name()
        if name is None:
            return
        try:
            peer = Peer.accept(data, name=name, rng=self.rng)
        except (RefusedError, DuelError) as exc:
            self._error(refusal_notice(exc, _("your friend")) if isinstance(exc, RefusedError) else one_line(exc))
            return
        self.invitation = None
        entry = Entry(peer=peer, unsent=True, updated=_now())
        self.store.put(entry)
        self.switch_to(entry)
        self.app.save()
        self.after_send(invitation=False)

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

    def close(self) -> None:
        dialog = self.el(DIALOG_ID)
        if dialog.open:
            dialog.close()

    def open_list(self) -> None:
        new_game = document.getElementById("new-game")
        if exists(new_game) and new_game.open:
            new_game.close()
        rows = []
        for ident in self.store.ids():
            try:
                entry = self.store.get(ident)
            except DuelError:
                continue
            peer = entry.peer
            friend = peer.friend or _("Invitation of {day}").format(day=entry.updated[:10])
            rows.append(MatchRow(
                match=ident, friend=friend, table=table_title(peer.rules),
                status=waiting_line(peer.awaiting(), peer.friend or _("your friend"), unsent=entry.unsent),
                current=self.entry is not None and self.entry.peer.match == peer.match))
        tables = tuple((key, table_title(PROFILES[key])) for key, _targets in TABLES)
        back = [("duel-back", _("Back to the game against the bot"), False)] if self.entry is not None else []
        self.open_screen(_("Play a friend"), list_html(rows, name=self.store.name, tables=tables,
                                                       targets=TABLES[0][1]),
                         [*back, ("duel-close", _("Close"), False)])

    def _name(self) -> str | None:
        field = document.querySelector('#duel [name="duel-name"]')
        name = " ".join(str(field.value).split())[:20] if exists(field) else ""
        if not name:
            self._error(_("Write your name first: your friend sees it."))
            return None
        self.store.name = name
        return name

    def invite(self) -> None:
        name = self._name()
        if name is None:
            return
        pick = document.querySelector('#duel [name="duel-table"]')
        table = str(pick.value) if exists(pick) else TABLES[0][0]
        length = document.querySelector('#duel [name="duel-length"]')
        rules = match_rules(table, str(length.value) if exists(length) else "")
        refusal = duel_refusal(rules)
        if refusal:
            self._error(refusal)
            return
        peer = Peer.invite(name=name, rules=rules, rng=self.rng)
        entry = Entry(peer=peer, unsent=True, updated=_now())
        self.store.put(entry)
        self.switch_to(entry)
        self.after_send(invitation=True)

    def after_send(self, *, invitation: bool) -> None:
        """Offer the message just made: the link to send (unless a direct channel took it)."""
        entry, session = self.entry, self.session
        if entry is None or session is None:
            return
        if not entry.unsent:
            self.close()
            return
        self.open_send(invitation=invitation)

    def _link(self) -> str:
        entry = self.entry
        assert entry is not None and entry.peer.outbox is not None
        base = str(window.location.origin) + str(window.location.pathname)
        return codec.link(base, entry.peer.outbox)

    def open_send(self, *, invitation: bool | None = None) -> None:
        entry, session = self.entry, self.session
        if entry is None or session is None or entry.peer.outbox is None:
            return
        if invitation is None:
            invitation = entry.peer.key is None
        self.open_screen(_("Send to your friend") if invitation else _("Send to {name}").format(name=session.friend),
                         sent_html(link=self._link(), friend=session.friend, invitation=invitation,
                                               code=entry.peer.pairing_code),
                         [("duel-close", _("Close"), False)])

    def handed_on(self) -> None:
        """The link was shared or copied: the message is on its way."""
        entry = self.entry
        if entry is None:
            return
        entry.unsent = False
        self.delivered = entry.peer.sent
        self.store.put(entry)
        self.draw_bar()

    def share(self) -> None:
        link = self._link()
        navigator = window.navigator
        share = getattr(navigator, "share", None)
        if exists(share) and getattr(share, "typeof", "") == "function":
            def done(_result: Any) -> None:
                self.handed_on()

            def failed(_error: Any) -> None:
                self.copy()

            self._proxies += [create_proxy(done), create_proxy(failed)]
            try:
                navigator.share(js_object({"title": str(document.title), "url": link})).then(
                    self._proxies[-2], self._proxies[-1])
                return
            except Exception:  # refused at once: copy instead
                pass
        self.copy()

    def copy(self, field_id: str = "duel-link") -> None:
        field = self.el(field_id)
        status = self.el("duel-copy-status") if field_id == "duel-link" else self.el("duel-direct-state")
        if not exists(field):
            return
        field.focus()
        field.select()
        if field_id == "duel-link":
            self.handed_on()
        clipboard: Any = getattr(window.navigator, "clipboard", None)
        if not exists(clipboard):
            if exists(status):
                status.textContent = _("Select the text and copy it.")
            return

        def done(_result: Any) -> None:
            if exists(status):
                status.textContent = _("Copied to the clipboard.")

        def refused(_error: Any) -> None:
            if exists(status):
                status.textContent = _("Select the text and copy it (the clipboard is not available here).")

        self._proxies += [create_proxy(done), create_proxy(refused)]
        clipboard.writeText(field.value).then(self._proxies[-2], self._proxies[-1])

    def apply_pasted(self) -> None:
        field = document.querySelector('#duel [name="duel-paste"]')
        text = str(field.value) if exists(field) else ""
        if not text.strip():
            self._error(_("Paste the link or the text your friend sent first."))
            return
        self.close()
        self.receive_text(text)

    def delete(self, ident: str) -> None:
        if self.entry is not None and self.entry.peer.match.hex() == ident:
            self.back_to_bot()
        self.store.remove(ident)
        self.open_list()

    def open_match(self, ident: str) -> None:
        try:
            entry = self.store.get(ident)
        except DuelError as exc:
            self._error(one_line(exc))
            return
        self.close()
        self.switch_to(entry)

    def back_to_bot(self) -> None:
        """Leave the friend's match (it stays saved) for the game against the bot that was saved."""
        from kseri.web.storage import SAVE_KEY
        self.close()
        try:
            session = GameSession.restore(self.app.storage.get(SAVE_KEY))
        except KseriError:
            session = GameSession.new()
        self.entry = None
        self.store.current = None
        self.app.take_session(session)
        self.save(session)

    # -- a direct connection -----------------------------------------------------------------

    def _direct(self) -> DirectLink:
        if self.link is not None:
            self.link.close()
        self.link = DirectLink(self.receive_text, self.on_link_state)
        return self.link

    def start_direct(self) -> None:
        """From an invitation: this device makes the first code."""
        link = self._direct()

        async def offer() -> None:
            try:
                code = await link.offer()
            except Exception as exc:  # no WebRTC here
                self._error(_("This browser cannot connect directly ({error}); send links instead.").format(
                    error=type(exc).__name__))
                return
            self.open_screen(_("Connect directly"), direct_html(own=code, state="", joining=False),
                             [("duel-close", _("Close"), False)])

        self.app.spawn(offer())

    def join_direct(self) -> None:
        self._direct()
        self.open_screen(_("Connect directly"), direct_html(own="", state="", joining=True),
                         [("duel-close", _("Close"), False)])

    def connect(self) -> None:
        field = document.querySelector('#duel [name="duel-their-code"]')
        code = str(field.value) if exists(field) else ""
        link = self.link
        if link is None or not code.strip():
            self._error(_("Paste your friend’s code first."))
            return

        async def go() -> None:
            try:
                if link.state == "waiting":
                    await link.finish(code)
                    self._state_line(_("Connecting…"))
                else:
                    own = await link.answer(code)
                    self.open_screen(_("Connect directly"),
                                     direct_html(own=own, state=_("Connecting…"), joining=True),
                                     [("duel-close", _("Close"), False)])
            except DuelError as exc:
                self._error(one_line(exc))
            except Exception as exc:  # the browser refused the description
                self._error(_("The connection could not start ({error}).").format(error=type(exc).__name__))

        self.app.spawn(go())

    def _state_line(self, text: str) -> None:
        line = self.el("duel-direct-state")
        if exists(line):
            line.textContent = text

    def on_link_state(self, state: str) -> None:
        if state == "open":
            self._state_line(_("Connected: the game goes on by itself."))
            self.close()
            self.app.notify(_("Connected directly: moves now travel between the devices by themselves."))
            entry, session = self.entry, self.session
            if entry is not None and session is not None and entry.unsent and entry.peer.outbox is not None \
                    and self.link is not None and self.link.send(codec.to_text(entry.peer.outbox)):
                entry.unsent = False
                self.delivered = entry.peer.sent
                self.store.put(entry)
        elif state in ("failed", "closed"):
            self._state_line(_("Could not reach your friend’s device."))
            self.app.notify(_("Could not reach your friend’s device on this network (or the connection was lost). "
                              "Send the moves as links instead."))
            entry = self.entry
            if entry is not None and entry.unsent and entry.peer.outbox is not None:
                self.open_send()  # the link, at once
            else:
                self.close()
        self.draw_bar()

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
