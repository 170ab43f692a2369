"""The table's sequences in time: your play, the bot's turns, a new deal, a hint.

Each is a coroutine run as an asyncio task by the page
(:class:`~kseri.web.app.App`), which it reaches only through the small
:class:`TurnsHost` protocol: the session, the :class:`~kseri.web.state.UiState`
the sequences share, the board and the pacer. The game's decisions are calls on
:class:`~kseri.table.session.GameSession`; this module only decides *when*
things show.

Pacing. The bot thinks in slices of :data:`SLICE_MS` and yields to the browser
between slices (``asyncio.sleep(0)`` is a macrotask in Pyodide's event loop),
so the page never blocks for long. Plays are animated with the Web Animations
API; a click or a key press finishes the running animation and skips the rest
of the turn's pauses, and ``prefers-reduced-motion: reduce`` removes every
delay. A new match starts a new ``state.generation``: a sequence of the old
match stops at its next step.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

from kseri.engine.errors import KseriError, one_line
from kseri.engine.events import PlayEvent
from kseri.i18n import _, card_name
from kseri.table.views import HintEntry
from kseri.web import motion, render
from kseri.web.pacer import BOT_MIN_THINK, ROUND_END_PAUSE, SLICE_MS
from kseri.web.play_host import PlayHost
from kseri.web.sound_plan import ROUND_END
from kseri.web.state import Activity
from kseri.web.tables import SHOW_PLAY

__all__ = ["SLICE_MS", "Turns", "TurnsHost"]

HintKey = tuple[int, int]
"""Where a hint was worked out: ``(round number, plays in the round)``."""


THINK_AHEAD_DELAY = 0.3
"""Seconds between your turn coming up and the hint's search starting ahead (the table settles first)."""
THINK_AHEAD_GAP = 0.005
"""Seconds left to the page between two slices of that search (clicks and animation come first)."""


class TurnsHost(PlayHost, Protocol):
    """What :class:`Turns` needs from the page around it (besides what showing a play needs)."""

    @property
    def keyboard_index(self) -> int | None:
        """Hand position to refocus after the bot's turn (None: you used the mouse)."""

    def save(self) -> None: ...

    def notify(self, text: str) -> None: ...

    def show_hints(self, key: HintKey, hints: dict[str, HintEntry]) -> None:
        """Show the hint worked out at ``key`` on your cards."""

    def show_round_summary(self) -> None: ...

    def show_match_end(self) -> None: ...


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
        return _("Your turn.") if phase == "human" else _("The bot leads.") if phase == "bot" else ""

    async def human_turn(self, code: str, gen: int) -> None:
        host = self.host
        if not host.state.current(gen):
            return
        host.state = host.state.to(Activity.PLAYING)
        host.pacer.begin()
        try:
            event = host.session.play_human(code)
        except KseriError as exc:
            host.state = host.state.to(Activity.IDLE)
            host.notify(one_line(exc))
            host.render()
            return
        host.save()
        host.session.take_events()
        await self.show_play(event, gen)
        if not host.state.current(gen):
            return
        await self.drive(gen)

    async def new_round(self, gen: int) -> None:
        host = self.host
        host.state = host.state.to(Activity.PLAYING)
        host.pacer.begin()
        host.render()
        host.board.announce(_("Round {number}.").format(number=len(host.session.match.rounds)) + " "
                            + self.turn_text())
        await self.deal_in(with_pile=True)
        if not host.state.current(gen):
            return
        await self.drive(gen)

    async def drive(self, gen: int) -> None:
        """Play the bot's turns until it is your turn or the round ends."""
        host = self.host
        session = host.session
        while host.state.current(gen) and session.phase == "bot":
            # No pacer.begin() here: a skip during your card's flight hurries the whole exchange.
            host.state = host.state.to(Activity.THINKING)
            host.render()
            started = time.perf_counter()
            while not session.think(SLICE_MS):
                await asyncio.sleep(0)
                if not host.state.current(gen):
                    return
            await host.pacer.pause(BOT_MIN_THINK - (time.perf_counter() - started) * 1000)
            if not host.state.current(gen):
                return
            host.state = host.state.to(Activity.PLAYING)
            host.board.draw_status(session.view())
            event = session.play_bot()
            session.take_events()
            for line in session.take_notices():  # the bot had trouble and played a simple card
                host.notify(line)
            host.save()
            await self.show_play(event, gen)
        if not host.state.current(gen):
            return
        host.state = host.state.to(Activity.IDLE)
        host.render()
        phase = session.phase
        if phase == "human" and session.handover is not None:
            return  # the pass screen shows: the next person takes the device first (App.take_seat)
        if phase == "human" and host.keyboard_index is not None:
            host.board.focus_hand(host.keyboard_index)
        elif phase == "round_over":
            host.show_round_summary()
        elif phase == "match_over":
            host.show_match_end()
        if phase == "human":
            await self.think_ahead(gen)

    async def think_ahead(self, gen: int) -> None:
        """Work the hint out while you look at your cards, so the Hint button answers at once
        (the search takes longer than a tap can wait: about 0.1–0.3 s in CPython, twice or three
        times that in the page). Slices at an idle pace; stops as soon as the position
        moves on or the Hint button's own sequence takes over (it continues the same search)."""
        host = self.host
        session = host.session
        view = session.view()
        key = (view.round_number, view.plays_in_round)
        await asyncio.sleep(THINK_AHEAD_DELAY)
        try:
            while host.state.current(gen) and host.state.activity is Activity.IDLE and session.phase == "human":
                now = session.view()
                if (now.round_number, now.plays_in_round) != key or session.hint_step(SLICE_MS):
                    return
                await asyncio.sleep(THINK_AHEAD_GAP)
        except KseriError:
            return  # the Hint button works it out again and says what went wrong

    async def show_play(self, event: PlayEvent, gen: int) -> None:
        """Animate one play from the table as drawn before it, then draw the table after it."""
        host = self.host
        pacer = host.pacer
        await SHOW_PLAY[host.session.table](host, event, gen)
        if not host.state.current(gen):
            return
        if event.round_over:
            host.sound.play((ROUND_END,))
            await pacer.pause(ROUND_END_PAUSE)
        elif event.dealt:
            await self.deal_in(with_pile=False)

    async def deal_in(self, *, with_pile: bool) -> None:
        """New cards slide in from the stock (after a render that shows them)."""
        host = self.host
        if host.pacer.instant:
            return
        before = host.state
        dealing = before.to(Activity.DEALING)
        host.state = dealing
        host.board.draw_status(host.session.view(), dealing=True)
        try:
            el = host.board.el
            stock = el["stock"].querySelector(".stock-top") or el["stock"]
            cards = [*host.board.hand_buttons(), *el["bot-hand"].querySelectorAll(".back"),
                     *el["seats"].querySelectorAll(".back")]
            if with_pile:
                cards += [*el["pile"].querySelectorAll(".pile-card"), *el["table"].querySelectorAll(".table-card")]
            await motion.fly_from_stock(host.pacer, stock, cards)
        finally:
            if host.state == dealing:  # not if a new match took over meanwhile
                host.state = before

    async def hint(self, gen: int) -> None:
        """Let the hard bot value each of your cards (in slices), then show the values."""
        host = self.host
        if not host.state.current(gen) or host.state.busy:
            return  # a new match, or you played a card before this started
        session = host.session
        view = session.view()
        key = (view.round_number, view.plays_in_round)
        hinting = host.state.to(Activity.HINTING)
        host.state = hinting
        host.render()
        try:
            while not session.hint_step(SLICE_MS):
                await asyncio.sleep(0)
                if not host.state.current(gen) or host.session.phase != "human" or host.state.busy:
                    return
                now = host.session.view()
                if (now.round_number, now.plays_in_round) != key:
                    return
            entries = session.hints()
        except KseriError as exc:  # the search failed: no hint this time, the table plays on
            host.notify(_("No hint this time: {reason}.").format(reason=one_line(exc)))
            return
        finally:
            if host.state == hinting:  # not if you played a card or a new match began meanwhile
                host.state = hinting.to(Activity.IDLE)
        host.show_hints(key, {entry.card: entry for entry in entries})
        best = entries[0]
        words = _("Hint: the {card} is best, about {value} points for you by the round's end.").format(
            card=card_name(best.card), value=render.format_value(best.value))
        host.board.announce(f"{words} {best.way}." if best.way else words)  # at the open table: its best move
        if host.keyboard_index is not None:
            host.board.focus_hand(host.keyboard_index)
