"""Sharing the game: its link through the system's share sheet, else the Share dialog (copied).

The page (:class:`kseri.web.app.App`) forwards the Share buttons here; it reaches the page only through
:class:`ShareHost`. The link itself is :func:`kseri.table.share.link` (pure, tested in CPython).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pyscript import document, window

from kseri.i18n import _
from kseri.table.session import GameSession
from kseri.web.dom import exists, js_object
from kseri.web.navigation import copy_after_share_error

__all__ = ["ShareControl", "ShareHost"]


class ShareHost(Protocol):
    """What sharing needs from the page."""

    @property
    def session(self) -> GameSession: ...

    @property
    def el(self) -> Any:
        """The page's elements by id."""

    def proxy(self, handler: Callable[[Any], None]) -> Any:
        """``handler`` as a JavaScript function, kept alive as long as the page."""

    def open_dialog(self, name: str) -> None: ...


class ShareControl:
    """The Share button and dialog."""

    def __init__(self, app: ShareHost) -> None:
        self.app = app

    def share_link(self) -> str:
        """A link that opens this match at its current position (hook for the share button)."""
        from kseri.table.share import link
        return link(str(window.location.href).split("?")[0], self.app.session.record_text())

    def open_share(self) -> None:
        """Share the link to this game: the system's share sheet where the browser has one,
        else (or should the sheet fail) the Share dialog, with the link selected and copied."""
        link = self.share_link()
        self.app.el["share-url"].value = link
        navigator = window.navigator
        share = getattr(navigator, "share", None)
        if exists(share) and getattr(share, "typeof", "") == "function":
            def failed(error: Any) -> None:
                name = str(getattr(error, "name", "")) if exists(error) else ""
                if copy_after_share_error(name):
                    self.show_share_dialog()

            shared, refused = self.app.proxy(lambda _: None), self.app.proxy(failed)
            try:
                navigator.share(js_object({"title": str(document.title), "url": link})).then(shared, refused)
            except Exception:  # refused at once (no user gesture, say): copy instead
                self.show_share_dialog()
            return
        self.show_share_dialog()

    def show_share_dialog(self) -> None:
        """The Share dialog, the link selected and (if the browser lets us) copied."""
        self.app.open_dialog("share")
        self.copy_share()

    def copy_share(self) -> None:
        field, status = self.app.el["share-url"], self.app.el["share-status"]
        field.focus()
        field.select()
        clipboard: Any = getattr(window.navigator, "clipboard", None)
        if not exists(clipboard):
            status.textContent = _("Select the link and copy it.")
            return

        def done(_result: Any) -> None:
            status.textContent = _("Copied to the clipboard.")

        def refused(_error: Any) -> None:
            status.textContent = _("Select the link and copy it (the clipboard is not available here).")

        clipboard.writeText(field.value).then(self.app.proxy(done), self.app.proxy(refused))
