"""The install offer on the page: reads what ``static/install.js`` caught (``window.kseriInstall``) and
the browser's facts, shows the way to install in the Settings dialog, once at the end of a match, and
makes the browser's own install prompt on request (:mod:`kseri.web.install` says which way and how).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from kseri.i18n import _
from kseri.web.dom import exists
from kseri.web.install import InstallWay, install_offer_html, install_section_html, install_way
from kseri.web.storage import Storage

__all__ = ["OFFERED_KEY", "InstallControl"]

OFFERED_KEY = "kseri.install-offered"
"""Set once the match's end has offered the install: it is not offered there again (Settings keeps it)."""


class InstallControl:
    """The page's install offer."""

    def __init__(self, storage: Storage, announce: Callable[[str], None]) -> None:
        self.storage = storage
        self.announce = announce
        self._offer_now = False
        self._proxies: list[Any] = []

    def listen(self) -> None:
        """Redraw the Settings' part when the browser's offer comes or goes."""
        proxy = create_proxy(lambda _event: self.redraw())
        self._proxies.append(proxy)
        window.addEventListener("kseri-install", proxy)

    def way(self) -> InstallWay | None:
        helper: Any = getattr(window, "kseriInstall", None)
        offered = False
        with contextlib.suppress(Exception):
            offered = exists(helper) and bool(helper.available())
        standalone = False
        with contextlib.suppress(Exception):
            standalone = bool(window.matchMedia("(display-mode: standalone)").matches) or \
                bool(getattr(window.navigator, "standalone", False))
        navigator = window.navigator
        return install_way(offered=offered, standalone=standalone, user_agent=str(navigator.userAgent or ""),
                           touch_points=int(getattr(navigator, "maxTouchPoints", 0) or 0))

    def section_html(self) -> str:
        return install_section_html(self.way())

    def redraw(self) -> None:
        """The Settings' part again (if the dialog shows it, or should now)."""
        settings = document.getElementById("settings-body")
        if not exists(settings):
            return
        old = document.getElementById("install-section")
        html = self.section_html()
        if exists(old):
            old.outerHTML = html or '<span id="install-section" hidden></span>'
        elif html:
            settings.insertAdjacentHTML("beforeend", html)
        if not self.way():
            for offer in document.querySelectorAll(".install-offer"):
                offer.remove()

    def decide_offer(self) -> None:
        """A match ended: offer the install there if the browser can, and never did so before."""
        self._offer_now = self.way() == "prompt" and not self.storage.get(OFFERED_KEY)
        if self._offer_now:
            self.storage.set(OFFERED_KEY, "1")

    def offer_html(self) -> str:
        return install_offer_html() if self._offer_now and self.way() == "prompt" else ""

    def prompt(self) -> None:
        """The Install button: the browser's own dialog."""
        helper: Any = getattr(window, "kseriInstall", None)
        if not exists(helper):
            return

        def done(outcome: Any) -> None:
            if str(outcome) == "accepted":
                self.announce(_("Kseri is being installed."))
            self.redraw()

        proxy = create_proxy(done)
        self._proxies.append(proxy)
        with contextlib.suppress(Exception):
            helper.prompt().then(proxy)
