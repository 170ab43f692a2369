"""Playing a friend, in the page: the messages that arrive (a ``#duel=`` link opened, a text pasted, the
direct channel, another tab), applied one at a time and played out on the table; an invitation shown."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from js import console
from pyscript import document, window

from kseri.engine.errors import one_line
from kseri.i18n import _
from kseri.scenes.lesson import lesson_of
from kseri.table.duel import codec
from kseri.table.duel.errors import DuelError, MatchBrokenError, RefusedError
from kseri.table.duel.peer import HOST, Peer
from kseri.table.duel.session import DuelSession
from kseri.table.duel.words import refusal_notice
from kseri.table.newgame import table_title, under_way
from kseri.table.notices import clip
from kseri.web.duel.base import REFUSED_KEY, DuelBase
from kseri.web.duel.render import accept_html, length_label
from kseri.web.notices_render import Notice
from kseri.web.state import Activity
from kseri.web.tables import DESCRIBE_PLAY

__all__ = ["DuelInbox"]


class DuelInbox(DuelBase):
    """Messages in."""

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
            app.notify(Notice(refusal_notice(exc, _("your friend")), key=REFUSED_KEY))
            return
        ident = match.hex()
        if ident not in self.store.ids():
            if seq == 0 and sender == HOST:
                self.show_invitation(data)
            else:
                app.notify(Notice(_("This message is for a match that is not on this device; nothing changed."),
                                  key=REFUSED_KEY))
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
        sent_before = session.peer.sent
        try:
            outcome = session.receive(data)
        except RefusedError as exc:
            console.warn(clip(f"kseri: message refused ({exc.kind}): {exc}", 300))
            app.notify(Notice(refusal_notice(exc, session.friend), key=REFUSED_KEY))
            self.draw_bar()
            return
        except MatchBrokenError as exc:
            console.warn(clip(f"kseri: {exc}", 300))
            app.save()
            app.render()
            app.notify(_("The match against {name} has ended: a check failed ({reason}).").format(
                name=session.friend, reason=one_line(exc)))
            return
        # The friend answered, so every message of ours before this one arrived (the messages alternate):
        # none is left to send, however it went (a link copied by hand never told the page).
        self.delivered = max(self.delivered, sent_before)
        entry.unsent = False
        if self.sending():  # the link it shows was sent, since the friend answered it: copied again, it would be
            self.close()  # refused as applied already; the bar says what to send now
        app.drop_notice(REFUSED_KEY)  # a message has come through: an earlier refusal is history, not news
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
            app.board.focus_hand(0, unless_elsewhere=True)  # not from a control you moved to meanwhile
            app.board.announce(app.turns.turn_text())

    # -- an invitation --------------------------------------------------------------------

    def show_invitation(self, data: bytes) -> None:
        try:
            _match, friend, rules = Peer.read_invitation(data)
        except RefusedError as exc:
            self.app.notify(Notice(refusal_notice(exc, _("your friend")), key=REFUSED_KEY))
            return
        self.invitation = data
        length = length_label(target=rules.target, rounds=rules.match_rounds)
        session = self.app.session  # a game against the bots under way waits, saved: say so, and the way back
        kept = (not session.remote and lesson_of(session) is None and under_way(session.match)
                and not session.match.is_over)
        self.open_screen(_("An invitation"), accept_html(friend=friend, table=table_title(rules), length=length,
                                                         name=self.store.name, bot_game_kept=kept),
                         [("duel-close", _("Not now"), False), ("duel-accept", _("Accept"), True)])

