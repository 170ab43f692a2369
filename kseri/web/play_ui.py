"""Play: your card and its ways, the hint, the pass screen, the bot's level, take-back, and a failed
sequence recovered.

The turns themselves are played out in time by :mod:`kseri.web.turns` (pure: tested in CPython); what
decides whether your input counts now and what follows a failure is :mod:`kseri.web.flow`. The page's
handlers forward here (:meth:`kseri.web.app.App.on_click`, ``on_key``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from js import console
from pyscript import document

from kseri.engine.errors import one_line
from kseri.i18n import N_, _, card_name, items_joined
from kseri.table.moves import MoveWay
from kseri.table.notices import clip
from kseri.table.seats import SessionError
from kseri.table.session import GameSession
from kseri.table.takeback import can_take_back, take_back, takeback_text
from kseri.web import render
from kseri.web.dom import exists
from kseri.web.flow import Recovery, may_hint, may_play
from kseri.web.lesson_ui import LessonUi
from kseri.web.page_host import PageHost
from kseri.web.playlog_render import PlayLog
from kseri.web.render import Notice
from kseri.web.state import Activity
from kseri.web.sums import render as sums_render

__all__ = ["PlayControl", "PlayHost"]


class PlayHost(PageHost, Protocol):
    """The page, as play sees it."""

    passing: bool
    """With people sharing the device: whether the pass screen may show."""

    @property
    def lessons(self) -> LessonUi: ...

    @property
    def log(self) -> PlayLog: ...


class PlayControl:
    """Your input at the table, forwarded by the page's handlers."""

    def __init__(self, app: PlayHost) -> None:
        self.app = app
        self.ways_card: str | None = None
        """At the open table, the hand card whose ways are offered (focused again on Cancel)."""
        self.recovery = Recovery()
        """Where the bot's turn was last restarted after a failure (see :meth:`recover`)."""

    def on_pointer(self, event: Any) -> None:
        self.app.sound.unlock()  # a user gesture: the browser lets audio start now
        document.body.removeAttribute("data-arrows")  # the pointer's turn: no ring for a focused card
        if self.app.state.busy and self.app.pacer.busy:
            self.app.pacer.skip()

    def on_level(self, event: Any) -> None:
        value = self.app.el["level"].value
        try:
            self.app.session.level = value
        except SessionError:
            return
        self.app.save()
        self.app.render()
        self.app.board.announce(_("Bot level: {level}, from its next card.").format(level=render.level_label(value)))

    def on_log_toggle(self, event: Any) -> None:
        """The play log opened or closed: its list is worked out while it is open."""
        target = event.target
        if not exists(target) or str(getattr(target, "className", "")) != "play-log":
            return
        if bool(target.open) != self.app.log.open:
            self.app.log.open = bool(target.open)
            self.app.render()

    def play(self, code: str) -> None:
        """Your card ``code`` was chosen: play it (its one way; at the open table, offer its ways)."""
        if not may_play(self.app.state, self.app.session.phase):
            return
        self.choose_way(self.app.session, code)

    def play_move(self, move: str) -> None:
        """Play ``move`` (a card code; at the open table, a move such as ``7H:3C+4D``)."""
        if not may_play(self.app.state, self.app.session.phase):
            return
        self.app.board.hide_ways()
        if not self.app.lessons.accepts(move):
            return  # a lesson's panel says why not this one: try again
        if self.app.session.people > 1:  # the person sees what their card did before passing the device on
            self.app.passing = False
        # Lock the hand now, not when the task starts: a second click must find it disabled.
        self.app.ui.to(Activity.PLAYING)
        self.app.board.lock_hand()
        self.app.takeback.lock()
        self.app.spawn(self.app.turns.human_turn(move, self.app.state.generation))

    def choose_way(self, session: GameSession, code: str) -> None:
        """One legal way plays at once (a pile table's card); several are offered as buttons; none is explained."""
        ways = session.ways(code)
        if len(ways) == 1:
            self.play_move(ways[0].move)
            return
        self.ways_card = code
        if not ways:
            reason = session.refusal(code) or _("This card cannot be played now.")
            self.app.board.show_ways(code, sums_render.refusal_html(reason))
            self.app.board.announce(reason)
            return
        self._draw_ways(code, ways, focus="")
        self.app.board.announce(_("Play the {card}:").format(card=card_name(code)) + " "
                                + items_joined(way.label for way in ways))

    def value_open_ways(self) -> bool:
        """The hint arrived (or was taken off) while a card's ways are open: draw them again with their
        values (or without), the focus on the same way (the first if it was elsewhere). Whether they were
        open (a refusal's line is left)."""
        session, board = self.app.session, self.app.board
        code = self.ways_card
        if not board.ways_open or code is None:
            return False
        ways = session.ways(code)
        if len(ways) < 2:
            return False
        active = document.activeElement
        focused = str(active.dataset.move) if exists(active) and active.closest("#ways") else ""
        self._draw_ways(code, ways, focus=focused)
        return True

    def _draw_ways(self, code: str, ways: Sequence[MoveWay], *, focus: str) -> None:
        """The ways of ``code`` as buttons, valued once the hint is shown; the focus on the way ``focus``
        (a move), else on the first."""
        session = self.app.session
        self.app.board.show_ways(code, sums_render.ways_html(code, ways, session.way_hints() if session.shown_hints()
                                                             else None))
        again = document.querySelector(f'#ways button[data-move="{focus}"]') if focus else None
        target = again if again is not None and exists(again) else document.querySelector("#ways button[data-move]")
        if exists(target):
            target.focus()

    def cancel_ways(self) -> None:
        """Escape or Cancel: no way chosen; back to the card that was chosen."""
        self.app.board.hide_ways()
        card = self.app.el["hand"].querySelector(f'button[data-card="{self.ways_card}"]') if self.ways_card else None
        if card is not None and exists(card) and not card.disabled:
            card.focus()

    def on_way_pointed(self, event: Any) -> None:
        """Light up the table cards the pointed (or focused) way takes or builds on."""
        target = event.target
        way = target.closest("button[data-move]") if exists(target) and hasattr(target, "closest") else None
        self.app.board.highlight(str(way.dataset.takes).split() if way is not None and exists(way) else ())

    def hint(self) -> None:
        """The Hint button or H: show the hint on your cards, or take it off again if it shows."""
        if not may_hint(self.app.state, self.app.session.phase):
            return
        if self.app.session.shown_hints() is not None:
            self.hide_hint()
            return
        self.app.ui.to(Activity.HINTING)  # now: a second press must find it working
        self.app.spawn(self.app.turns.hint(self.app.state.generation))

    def hide_hint(self) -> bool:
        """Take the hint off your cards (Hint pressed again, or Escape); False if none showed."""
        if self.app.session.phase != "human" or self.app.session.shown_hints() is None:
            return False
        self.app.session.hide_hint()
        self.app.render()
        self.value_open_ways()  # an open choice of ways drops its values too
        self.app.board.announce(_("Hint hidden."))
        return True

    def take_seat(self) -> None:
        """The next person has the device (the pass screen's button): their hand shows."""
        if self.app.session.handover is None or self.app.state.busy:
            return
        self.app.session.take_seat()
        self.app.render()
        self.app.board.focus_hand(0)
        self.app.spawn(self.app.turns.think_ahead(self.app.state.generation))

    def pass_device(self) -> None:
        """The person who just played passes the device on: the pass screen covers the table."""
        self.app.passing = True
        self.app.render()
        self.app.board.focus_handover()

    def recover(self, exc: BaseException) -> None:
        """A sequence failed with ``exc``: say so in one line and leave the table playable.

        The session's own safety nets (a bot that fails plays a simple card) make
        this rare. If the bot is still to play, its turn starts again, once per
        position; should it fail there again, a button lets it try again. Another
        button starts a new game.
        """
        console.warn(clip(f"kseri: {type(exc).__name__}: {exc}", 300))
        self.app.ui.to(Activity.IDLE)
        actions: tuple[tuple[str, str], ...] = (("match-new", N_("New game")),)
        retry = False
        try:
            if self.app.session.phase == "bot":
                view = self.app.session.view()
                here = (view.round_number, view.plays_in_round)
                retry = self.recovery.retry(here)  # once per position: a failure that repeats waits for a click
                if not retry:
                    actions = (("resume", N_("Let the bot play")), *actions)
            self.app.render()
        except Exception as again:  # the table cannot even be drawn: the new game is the way out
            retry = False
            console.warn(clip(f"kseri: {type(again).__name__}: {again}", 300))
        self.app.notify(Notice(_("Something went wrong ({error}); nothing was lost.").format(error=type(exc).__name__),
                               actions=actions, key="recover"))
        if retry:
            self.app.go_on()

    def forget_failure(self) -> None:
        """Another game: an earlier failure's notice and retry no longer apply."""
        self.recovery.forget()
        self.app.drop_notice("recover")

    def resume(self) -> None:
        """After a failure: let the bot try its turn again."""
        self.app.drop_notice("recover")
        if not self.app.state.busy:
            self.app.go_on()

    def take_back(self) -> None:
        """Take your last card back, and the bots' replies since (:mod:`kseri.table.takeback`)."""
        if self.app.state.busy or not can_take_back(self.app.session):
            return
        try:
            done = take_back(self.app.session)
        except SessionError as exc:
            self.app.notify(one_line(exc))
            return
        self.app.take_session(done.session)
        self.app.save()
        self.app.board.announce(takeback_text(done.removed) + " " + self.app.turns.turn_text())
        self.app.board.focus_hand(self.app.keyboard_index or 0)
        self.app.spawn(self.app.turns.think_ahead(self.app.state.generation))

