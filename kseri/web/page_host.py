"""What the page's controllers need from the page around them: :class:`PageHost`.

The page (:class:`kseri.web.app.App`) is split by job into controllers (``*_ui.py``: play, new game,
share, statistics, the match's end, settings, saving); each reaches the page only through this
protocol, never by importing the app (no import cycles: ``tests/web/test_web_layers.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from kseri.engine.rules import Rules
from kseri.table.session import GameSession
from kseri.table.stats import Stats
from kseri.web.install_ui import InstallControl
from kseri.web.play_host import PlayHost
from kseri.web.render import Notice
from kseri.web.review_ui import ReviewUi
from kseri.web.settings import Settings
from kseri.web.state import StateOwner
from kseri.web.storage import Storage
from kseri.web.takeback_ui import TakeBackControl
from kseri.web.turns import Turns

__all__ = ["PageHost"]


class PageHost(PlayHost, Protocol):
    """The page around one :class:`GameSession` at a time (what a play being shown needs, and more)."""

    session: GameSession
    stats: Stats
    settings: Settings
    keyboard_index: int | None
    """Hand position to refocus after the bot's turn (set when you play from the keyboard)."""

    @property
    def storage(self) -> Storage: ...

    @property
    def el(self) -> Any:
        """The page's elements by id."""

    @property
    def takeback(self) -> TakeBackControl: ...

    @property
    def install(self) -> InstallControl: ...

    @property
    def turns(self) -> Turns: ...

    @property
    def reviews(self) -> ReviewUi: ...

    @property
    def ui(self) -> StateOwner:
        """The one owner of the table's state."""

    def notify(self, notice: str | Notice) -> None: ...

    def drop_notice(self, key: str) -> None: ...

    def save(self) -> None: ...

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None: ...

    def proxy(self, handler: Callable[[Any], None]) -> Any:
        """``handler`` as a JavaScript function, kept alive as long as the page."""

    def open_dialog(self, name: str) -> None: ...

    def focus_at_top(self, name: str, button: str) -> None:
        """Focus a dialog's button and show the dialog from its top."""

    def take_session(self, session: GameSession) -> None:
        """Go on with ``session`` where it stands (the running sequences of the old one stop)."""

    def new_match_now(self, rules: Rules | None = None, *, level: str | None = None,
                      plan: Any = None) -> None: ...

    def go_on(self) -> None:
        """Carry on from the session's phase."""

    def show_round_summary(self) -> None: ...

    def show_match_end(self) -> None: ...
