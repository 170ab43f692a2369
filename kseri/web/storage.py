"""The page's ``localStorage`` (and this tab's ``sessionStorage``): the keys it uses and a wrapper that
never throws."""

from __future__ import annotations

import contextlib
from typing import Any

from pyscript import window

from kseri.web.dom import exists

__all__ = ["INTRO_KEY", "LANG_KEY", "SAVE_KEY", "SETTINGS_KEY", "SET_ASIDE_KEY", "STATS_KEY", "STATS_SET_ASIDE_KEY",
           "TAKEBACK_STATS_KEY", "UNSAVED_KEY", "Storage"]

SAVE_KEY = "kseri.save"
SET_ASIDE_KEY = "kseri.save.set-aside"
"""Where a saved game that cannot be resumed is kept (nothing is thrown away)."""
INTRO_KEY = "kseri.intro-seen"
LANG_KEY = "kseri.lang"
"""The language the player chose with the header's switch (``en`` or ``el``)."""
SETTINGS_KEY = "kseri.settings"
"""The player's settings: sound and animation speed (:class:`kseri.web.settings.Settings`, JSON)."""
STATS_KEY = "kseri.table.stats"
STATS_SET_ASIDE_KEY = "kseri.table.stats.set-aside"
"""Where statistics that cannot be read are kept."""
UNSAVED_KEY = "kseri.unsaved"
"""In ``sessionStorage`` (this tab, through a reload): the note a refused save leaves
(:class:`kseri.table.unsaved.UnsavedNote`), so that the reload says which position it resumed."""
TAKEBACK_STATS_KEY = "kseri.table.stats.takebacks"
"""The matches finished with take-backs, counted apart from the record (:mod:`kseri.web.takeback_ui`)."""


class Storage:
    """``localStorage`` (or ``area``, ``"sessionStorage"``) that never throws (private windows, quotas,
    disabled storage).

    ``available`` is False when the page may not use it at all (reading
    ``window.localStorage`` throws when the browser disables storage for the
    site); ``failed`` turns True when a write was refused (a full quota).
    """

    def __init__(self, area: str = "localStorage") -> None:
        self._store: Any = None
        with contextlib.suppress(Exception):  # a SecurityError when storage is disabled
            self._store = getattr(window, area)
        self.available = exists(self._store)
        self.failed = False

    def get(self, key: str) -> str | None:
        if not exists(self._store):
            return None
        try:
            value = self._store.getItem(key)
        except Exception:  # a SecurityError, as above
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        if not exists(self._store):
            return False
        try:
            self._store.setItem(key, value)
            return True
        except Exception:  # quota exceeded
            self.failed = True
            return False

    def remove(self, key: str) -> None:
        if exists(self._store):
            with contextlib.suppress(Exception):  # a SecurityError, as above
                self._store.removeItem(key)

    def set_aside(self, key: str, aside: str, value: str) -> None:
        """Keep ``value`` under ``aside`` and clear ``key`` (a save the page cannot use, kept)."""
        self.set(aside, value)
        self.remove(key)
