"""The page's looks, applied when the player changes them: ``<html data-theme data-cards data-back>``.

``static/theme.js`` sets them before the first paint from the stored settings, the address
(``?theme=light|dark``) and the system's preference (``prefers-color-scheme``), and follows that
preference live; it leaves its function on the page (``window.kseriLooks``), and this module calls
it again once the new settings are stored, so both always decide alike. A theme chosen in the
settings replaces the address's ``theme=`` (dropped from it, so a reload keeps the choice).
"""

from __future__ import annotations

import contextlib
from typing import Any

from pyscript import window

from kseri.table.querystring import param, without_keys
from kseri.web.dom import exists

__all__ = ["apply_looks"]


def apply_looks(*, theme_chosen: bool) -> None:
    """Set the looks again from the stored settings (``theme_chosen``: the player picked a theme just now)."""
    location = window.location
    search = str(location.search or "")
    if theme_chosen and param(search, "theme"):
        with contextlib.suppress(Exception):  # some embedders forbid it: the address's theme then stays
            window.history.replaceState(window.history.state, "", str(location.pathname)
                                        + without_keys(search, ("theme",)) + str(location.hash or ""))
    looks: Any = getattr(window, "kseriLooks", None)
    if exists(looks):
        looks()
