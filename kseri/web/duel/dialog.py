"""Playing a friend, in the page: the dialog's screens (the list of matches, an invitation made or accepted,
a message to send as a link: Share, Copy; a text pasted), and going back to the game against the bot."""

from __future__ import annotations

import contextlib
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from kseri.engine.errors import KseriError, one_line
from kseri.engine.rules import PROFILES
from kseri.i18n import _
from kseri.table.duel import codec
from kseri.table.duel.deal import duel_refusal
from kseri.table.duel.errors import DuelError, RefusedError
from kseri.table.duel.peer import Peer
from kseri.table.duel.words import refusal_notice, waiting_line
from kseri.table.newgame import table_title
from kseri.table.session import GameSession
from kseri.web.dom import exists, js_object
from kseri.web.duel.choices import TABLES, match_rules, table_targets
from kseri.web.duel.choices import now as _now
from kseri.web.duel.inbox import DuelInbox
from kseri.web.duel.render import MatchRow, list_html, sent_html
from kseri.web.duel.store import Entry

__all__ = ["DuelDialog"]


class DuelDialog(DuelInbox):
    """The dialog's screens."""

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
        self.keep(entry)
        self.switch_to(entry)
        self.app.save()
        self.after_send(invitation=False)

    # -- the dialog ---------------------------------------------------------------------

    def open_list(self, *, confirming: str = "") -> None:
        """The list of matches (``confirming``: the match whose Delete asks once more)."""
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
                current=self.entry is not None and self.entry.peer.match == peer.match, confirming=ident == confirming))
        tables = tuple((key, table_title(PROFILES[key])) for key, _targets in TABLES)
        picked = self.app.session.rules.profile  # the table you are playing comes first
        back = [("duel-back", _("Back to the game against the bot"), False)] if self.entry is not None else []
        self.open_screen(_("Play a friend"), list_html(rows, name=self.store.name, tables=tables,
                                                       targets=table_targets(picked), picked=picked),
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
        self.keep(entry)
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
        self.keep(entry)
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

    def delete(self, ident: str, *, confirmed: bool = False) -> None:
        """Delete a match; one still under way only once asked again (its keys go with it)."""
        if not confirmed:
            with contextlib.suppress(DuelError):
                if self.store.get(ident).peer.awaiting() != "over":
                    self.open_list(confirming=ident)
                    focus = document.querySelector('#duel [data-action="duel-delete-yes"]')
                    if exists(focus):
                        focus.focus()
                    return
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

