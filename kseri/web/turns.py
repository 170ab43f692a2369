"""The table's sequences in time: your play, the bot's turns, a new deal, a hint (pure Python).

Each is a coroutine run as an asyncio task by the page (:class:`~kseri.web.app.App`), which it
reaches only through the small :class:`TurnsHost` protocol: the session, the table's state (read as
:attr:`TurnsHost.state`, changed only through its :class:`~kseri.web.state.StateOwner`), the board's
words and focus, the pacer, and the animations of a play and of a deal. The game's decisions are calls
on :class:`~kseri.table.session.GameSession`; this module only decides *when* things show. It imports
nothing of the page, so the loop runs in CPython against fakes (``tests/web/test_web_turns.py``).

Pacing. The bot thinks in slices of :data:`SLICE_MS` and yields to the browser
between slices (``asyncio.sleep(0)`` is a macrotask in Pyodide's event loop),
and before the first and after the last, so that no slice runs in the same task as
drawing the table (the hint's search likewise): the page never blocks for long.
A bot that plays next starts its search while the card before it flies and lands, so at a table of
several bots a long search is mostly done by the time its turn comes up.
Plays are animated with the Web Animations API; a click or a key press finishes
the running animation and skips the rest of the turn's pauses, and
``prefers-reduced-motion: reduce`` removes every delay. A new match starts a new
``state.generation``: a sequence of the old match stops at its next step.

>>> THINK_AHEAD_DELAY > THINK_AHEAD_GAP
True
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from typing import Protocol

from kseri.engine.errors import KseriError, one_line
from kseri.engine.events import PlayEvent
from kseri.i18n import _, card_name
from kseri.table.views import TableView
from kseri.web import render
from kseri.web.hosts import TableHost
from kseri.web.pace import BOT_MIN_THINK, ROUND_END_PAUSE, SLICE_MS
from kseri.web.search_modules import load_search_modules
from kseri.web.sound_plan import ROUND_END, SoundName
from kseri.web.state import Activity, StateOwner

__all__ = ["SLICE_MS", "Turns", "TurnsBoard", "TurnsHost", "TurnsPacer", "TurnsSound"]

THINK_AHEAD_DELAY = 0.3
"""Seconds between your turn coming up and the hint's search starting ahead (the table settles first)."""
THINK_AHEAD_GAP = 0.005
"""Seconds left to the page between two slices of that search (clicks and animation come first)."""


class TurnsBoard(Protocol):
    """What the turns say and focus on the table (:class:`kseri.web.board.Board`)."""

    def announce(self, text: str) -> None:
        """Say ``text`` to screen readers."""

    def draw_status(self, view: TableView, *, dealing: bool = ...) -> None:
        """Redraw the status column only (the table keeps its cards)."""

    def focus_hand(self, index: int, *, unless_elsewhere: bool = ...) -> None:
        """Focus your hand's card at ``index`` (the keyboard's place); ``unless_elsewhere``: not if the
        keyboard went to another control meanwhile."""

    def keep_keyboard_place(self) -> None:
        """Your card played by keyboard left the hand: the hand keeps the focus until your next turn."""

    def focus_pass_device(self) -> None:
        """Focus the status's "Pass the device to …" (pass and play, after a person's card)."""


class TurnsPacer(Protocol):
    """The pauses of a turn (:class:`kseri.web.pacer.Pacer`)."""

    @property
    def instant(self) -> bool:
        """Pauses and animations are skipped (a click, or reduced motion)."""

    def begin(self) -> None:
        """A new sequence starts: pauses count again."""

    async def pause(self, ms: float) -> None: ...


class TurnsSound(Protocol):
    """The table's sounds (:class:`kseri.web.sound.SoundBoard`)."""

    def play(self, names: tuple[SoundName, ...]) -> None: ...


class TurnsHost(TableHost[TurnsBoard, TurnsPacer, TurnsSound], Protocol):
    """What :class:`Turns` needs from the page around it."""

    @property
    def ui(self) -> StateOwner:
        """The one owner of the table's state."""

    @property
    def keyboard_index(self) -> int | None:
        """Hand position to refocus after the bot's turn (None: you used the mouse)."""

    def save(self) -> None: ...

    def notify(self, text: str) -> None: ...

    def show_round_summary(self) -> None: ...

    def show_match_end(self) -> None: ...

    def value_open_ways(self) -> bool:
        """The hint is shown: an open choice of ways (the open table) takes its values, the focus staying
        in it. Whether one was open."""

    async def animate_play(self, event: PlayEvent, gen: int) -> None:
        """Show one play from the table as drawn before it, then draw the table after it."""

    async def animate_deal(self, *, with_pile: bool) -> None:
        """New cards slide in from the stock (drawn where they rest)."""


class Turns:
    """The coroutines that play out turns on ``host``'s table."""

    def __init__(self, host: TurnsHost) -> None:
        self.host = host

    def turn_text(self) -> str:
        session = self.host.session
        phase = session.phase
        if session.phase == "human" and session.handover is not None:
            return _("Pass the device to {name}").format(name=session.name_of(session.to_move)) + "."
        if phase == "bot" and session.players > 2:
            return _("{name} leads.").format(name=session.view().sides[session.to_move].name)
        if phase == "friend":
            return session.view().waiting
        return _("Your turn.") if phase == "human" else _("The bot leads.") if phase == "bot" else ""

    async def human_turn(self, code: str, gen: int) -> None:
        host = self.host
        if not host.state.current(gen):
            return
        host.ui.to(Activity.PLAYING)
        host.pacer.begin()
        try:
            event = host.session.play_human(code)
        except KseriError as exc:
            host.ui.to(Activity.IDLE)
            host.notify(one_line(exc))
            host.render()
            return
        host.save()
        host.session.take_events()
        if host.keyboard_index is not None:
            host.board.keep_keyboard_place()
        await self.show_play(event, gen)
        if not host.state.current(gen):
            return
        await self.drive(gen)

    async def new_round(self, gen: int) -> None:
        host = self.host
        host.ui.to(Activity.PLAYING)
        host.pacer.begin()
        host.render()
        host.board.announce(_("Round {number}.").format(number=len(host.session.match.rounds)) + " "
                            + self.turn_text())
        await self.thinking_meanwhile(gen, self.deal_in(with_pile=True))
        if not host.state.current(gen):
            return
        await self.drive(gen)

    async def drive(self, gen: int) -> None:
        """Play the bot's turns until it is your turn or the round ends."""
        host = self.host
        session = host.session
        while host.state.current(gen) and session.phase == "bot":
            # No pacer.begin() here: a skip during your card's flight hurries the whole exchange.
            host.ui.to(Activity.THINKING)
            host.render()
            started = time.perf_counter()
            if not await self.think(gen):
                return
            await asyncio.sleep(0)  # the bot's card is drawn in a task of its own too
            if not host.state.current(gen):
                return
            await host.pacer.pause(BOT_MIN_THINK - (time.perf_counter() - started) * 1000)
            if not host.state.current(gen):
                return
            host.ui.to(Activity.PLAYING)
            host.board.draw_status(session.view())
            event = session.play_bot()
            session.take_events()
            for line in session.take_notices():  # the bot had trouble and played a simple card
                host.notify(line)
            host.save()
            await self.show_play(event, gen)
        if not host.state.current(gen):
            return
        host.ui.to(Activity.IDLE)
        host.render()
        phase = session.phase
        if phase == "human" and session.handover is not None:
            host.board.focus_pass_device()  # the played card's hand is locked: the keyboard goes on from here
            return  # the pass screen shows: the next person takes the device first (App.take_seat)
        if phase == "human" and host.keyboard_index is not None:
            host.board.focus_hand(host.keyboard_index, unless_elsewhere=True)
        elif phase == "round_over":
            host.show_round_summary()
        elif phase == "match_over":
            host.show_match_end()
        if phase == "human":
            await self.think_ahead(gen)

    async def think_ahead(self, gen: int) -> None:
        """Think while you look at your cards: first the hint, so the Hint button answers at once
        (the search takes longer than a tap can wait: about 0.1–0.3 s in CPython, twice or three
        times that in the page), then the next bot's move after each card you may play
        (:meth:`GameSession.ponder <kseri.table.session.GameSession.ponder>`), so its card is more
        often ready before it would fly. Slices at an idle pace; stops as soon as the position
        moves on or the Hint button's own sequence takes over (it continues the same search)."""
        host = self.host
        session = host.session
        view = session.view()
        key = (view.round_number, view.plays_in_round)
        await asyncio.sleep(THINK_AHEAD_DELAY)
        hinted = False
        while host.state.current(gen) and host.state.activity is Activity.IDLE and session.phase == "human":
            now = session.view()
            if (now.round_number, now.plays_in_round) != key:
                return
            if not hinted:
                try:
                    hinted = session.hint_step(SLICE_MS)
                except KseriError:
                    hinted = True  # the Hint button works it out again and says what went wrong
            elif session.ponder(SLICE_MS):
                return
            await asyncio.sleep(THINK_AHEAD_GAP)

    async def show_play(self, event: PlayEvent, gen: int) -> None:
        """Animate one play from the table as drawn before it, then draw the table after it (the
        next bot thinking meanwhile: :meth:`thinking_meanwhile`)."""
        await self.thinking_meanwhile(gen, self._play_shown(event, gen))

    async def _play_shown(self, event: PlayEvent, gen: int) -> None:
        host = self.host
        await host.animate_play(event, gen)
        if not host.state.current(gen):
            return
        if event.round_over:
            host.sound.play((ROUND_END,))
            await host.pacer.pause(ROUND_END_PAUSE)
        elif event.dealt:
            await self.deal_in(with_pile=False)

    async def thinking_meanwhile(self, gen: int, shown: Awaitable[None]) -> None:
        """Await ``shown`` (a play flying, landing and the new cards dealt; a new round dealt in) while
        the bot to move next, if any, starts its search: the page mostly waits on its animations
        then. Its turn then goes on from there and keeps its pace (:data:`BOT_MIN_THINK` from when it
        comes up), so its card is ready in time more often where a search may take longer than that
        pause. The move is the same, however the search is sliced."""
        landed = asyncio.Event()
        ahead = None if self.host.pacer.instant else asyncio.ensure_future(self.think(gen, until=landed))
        try:
            await shown
        finally:
            landed.set()
            if ahead is not None:
                await ahead

    async def think(self, gen: int, until: asyncio.Event | None = None) -> bool:
        """The bot to move thinks in slices of :data:`SLICE_MS` while its turn is current (and
        ``until`` is not set); True when its move is ready.

        Each slice runs in a task of its own: never in one with the drawing before it (your card's,
        the table's) or after it (the bot's card), where it would add its 25 ms to a task that is
        already the longest of the turn."""
        host = self.host
        session = host.session

        def going() -> bool:
            return (until is None or not until.is_set()) and host.state.current(gen) and session.phase == "bot"

        await asyncio.sleep(0)
        if not going():
            return False
        await load_search_modules(session.rules.table)  # before the warm-up has: a module a task
        while going():
            if session.think(SLICE_MS):
                return True
            await asyncio.sleep(0)
        return False

    async def deal_in(self, *, with_pile: bool) -> None:
        """New cards slide in from the stock (after a render that shows them)."""
        host = self.host
        if host.pacer.instant:
            return
        before = host.state
        dealing = host.ui.to(Activity.DEALING)
        host.board.draw_status(host.session.view(), dealing=True)
        try:
            await host.animate_deal(with_pile=with_pile)
        finally:
            host.ui.to_if(dealing, before.activity)  # not if a new match took over meanwhile

    async def hint(self, gen: int) -> None:
        """Let the hard bot value each of your cards (in slices), then show the values."""
        host = self.host
        if not host.state.current(gen) or host.state.busy:
            return  # a new match, or you played a card before this started
        session = host.session
        view = session.view()
        key = (view.round_number, view.plays_in_round)
        hinting = host.ui.to(Activity.HINTING)
        host.render()
        try:
            done = False
            await asyncio.sleep(0)
            await load_search_modules(session.rules.table)  # before the warm-up has: a module a task
            while True:
                await asyncio.sleep(0)  # each slice a task of its own, apart from the drawing's too
                if not host.state.current(gen) or host.session.phase != "human" or host.state.busy:
                    return
                now = host.session.view()
                if (now.round_number, now.plays_in_round) != key:
                    return
                if done:
                    break
                done = session.hint_step(SLICE_MS)
            entries = session.show_hint()
        except KseriError as exc:  # the search failed: no hint this time, the table plays on
            host.notify(_("No hint this time: {reason}.").format(reason=one_line(exc)))
            return
        finally:  # however it ended (a bug too), the button leaves its working look; not if you played a card or
            if host.ui.to_if(hinting, Activity.IDLE):  # a new match began meanwhile
                host.render()
        best = entries[0]
        words = _("Hint: the {card} is best, about {value} points for you by the round's end.").format(
            card=card_name(best.card), value=render.format_value(best.value))
        host.board.announce(f"{words} {best.way}." if best.way else words)  # at the open table: its best move
        if not host.value_open_ways() and host.keyboard_index is not None:
            host.board.focus_hand(host.keyboard_index, unless_elsewhere=True)
        await self.think_ahead(gen)  # the bot's move after each of your cards, as before you asked
