"""The statistics dialog: your results per game and level, the matches with take-backs apart, and their reset.

The counting itself is :mod:`kseri.table.stats` (pure); a match's result is added at its end
(:mod:`kseri.web.match_end_ui`).
"""

from __future__ import annotations

from collections.abc import Callable

from kseri.i18n import _
from kseri.table.stats import Stats
from kseri.web.page_host import PageHost
from kseri.web.stats_render import apart_html, stats_html
from kseri.web.storage import STATS_KEY

__all__ = ["StatsControl"]


class StatsControl:
    """The Statistics button, dialog and reset; ``on_reset`` redraws what shows the counts elsewhere."""

    def __init__(self, app: PageHost, *, on_reset: Callable[[], None]) -> None:
        self.app = app
        self.on_reset = on_reset

    def show_stats(self) -> None:
        """The statistics dialog (over the match's end or the rules, which it returns to)."""
        self.draw_stats()
        self.app.open_dialog("stats")

    def draw_stats(self) -> None:
        apart = self.app.takeback.stats
        self.app.el["stats-body"].innerHTML = stats_html(self.app.stats, apart=not apart.empty) + apart_html(apart)
        self.app.el["stats-reset"].disabled = self.app.stats.empty and self.app.takeback.stats.empty

    def reset_stats(self) -> None:
        """The player confirmed: every count starts again from zero, here and in the store."""
        self.app.el["confirm-reset"].close()
        self.app.stats.clear()
        self.app.storage.set(STATS_KEY, self.app.stats.to_json())
        self.app.takeback.clear_stats()
        self.draw_stats()
        self.on_reset()
        self.app.el["stats-close"].focus()
        self.app.board.announce(_("The statistics were reset."))

    def reload(self) -> None:
        """Another tab finished a match or reset the counts: they are the store's now."""
        self.app.stats = Stats.from_json(self.app.storage.get(STATS_KEY))
        self.app.takeback.reload_stats()
        if self.app.el["stats"].open:
            self.draw_stats()
        self.on_reset()  # the match's end, if it shows, says the new record too
