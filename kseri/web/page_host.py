"""What the page's controllers need from the page around them: :class:`PageHost`.

The page (:class:`kseri.web.app.App`) is split by job into controllers (``*_ui.py``: play, new game,
share, statistics, the match's end, settings, saving); each reaches the page only through this
protocol, never by importing the app (no import cycles: ``tests/web/test_web_layers.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from kseri.engine.rules import Rules
from kseri.table.session import GameSession
from kseri.table.stats import Stats
from kseri.web.dialogs import DialogHost
from kseri.web.install_ui import InstallControl
from kseri.web.lesson_ui import LessonHost
from kseri.web.render import Notice
from kseri.web.review_ui import ReviewHost, ReviewUi
from kseri.web.settings import Settings
from kseri.web.takeback_ui import TakeBackControl
from kseri.web.turns import Turns, TurnsHost

__all__ = ["PageHost"]


class PageHost(LessonHost, ReviewHost, TurnsHost, DialogHost, Protocol):
    """The page around one :class:`GameSession` at a time: what a play being shown, the turns, the
    lesson, the review and the dialogs need from it, and more."""

    session: GameSession
    stats: Stats
    settings: Settings
    keyboard_index: int | None
    """Hand position to refocus after the bot's turn (set when you play from the keyboard)."""

    # The controllers every other one may reach (the page's plain attributes, made once with the page).
    takeback: TakeBackControl
    install: InstallControl
    turns: Turns
    reviews: ReviewUi

    def notify(self, notice: str | Notice) -> None: ...

    def drop_notice(self, key: str) -> None: ...

    def proxy(self, handler: Callable[[Any], None]) -> Any:
        """``handler`` as a JavaScript function, kept alive as long as the page."""

    def open_dialog(self, name: str) -> None: ...

    def load_card_faces(self) -> None:
        """Load the faces and back the language and the look now show, before they are dealt."""

    def new_match_now(self, rules: Rules | None = None, *, level: str | None = None,
                      plan: Any = None) -> None: ...
