"""Playing a friend, in the page: a direct connection between the two devices (codes exchanged in the
dialog, then the messages travel by themselves)."""

from __future__ import annotations

from pyscript import document

from kseri.engine.errors import one_line
from kseri.i18n import _
from kseri.table.duel import codec
from kseri.table.duel.errors import DuelError
from kseri.web.dom import exists, js_object
from kseri.web.duel.channel import DirectLink
from kseri.web.duel.dialog import DuelDialog
from kseri.web.duel.render import direct_html

__all__ = ["DuelConnect"]


def connecting() -> str:
    """The state line while the devices look for each other: what happens if they cannot meet (the
    browser gives up on its own, in about half a minute in Chromium), so nobody waits on a blank."""
    return _("Connecting… If the devices cannot reach each other (on different networks, say), the page "
             "tells you, which may take half a minute, and offers links instead.")


class DuelConnect(DuelDialog):
    """A direct connection."""

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
                    self._state_line(connecting())
                else:
                    own = await link.answer(code)
                    self.open_screen(_("Connect directly"),
                                     direct_html(own=own, state=connecting(), joining=True),
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
            line.scrollIntoView(js_object({"block": "nearest"}))  # under the codes: off a small phone's screen

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
                self.keep(entry)
        elif state in ("failed", "closed"):
            self._state_line(_("Could not reach your friend’s device."))
            entry = self.entry
            self.app.notify(_("Could not reach your friend’s device on this network (or the connection was lost). "
                              "Send the moves as links instead.") if entry is not None else
                            _("Could not reach your friend’s device on this network. Ask your friend to send the "
                              "invitation as a link instead."))
            if entry is not None and entry.unsent and entry.peer.outbox is not None:
                self.open_send()  # the link, at once
            else:
                self.close()
        self.draw_bar()

