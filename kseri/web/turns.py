"""The table's sequences in time: your play, the bot's turns, a new deal, a hint.

Each is a coroutine run as an asyncio task by :class:`~kseri.web.app.App`,
which holds the state they share (the session, ``busy`` and friends). The
game's decisions are calls on :class:`~kseri.table.session.GameSession`; this
module only decides *when* things show.

Pacing. The bot thinks in slices of :data:`SLICE_MS` and yields to the browser
between slices (``asyncio.sleep(0)`` is a macrotask in Pyodide's event loop),
so the page never blocks for long. Plays are animated with the Web Animations
API; a click or a key press finishes the running animation and skips the rest
of the turn's pauses, and ``prefers-reduced-motion: reduce`` removes every
delay. A new match bumps ``app.generation``: a sequence of the old match
stops at its next step.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from kseri.engine.cards import Card
from kseri.engine.errors import KseriError
from kseri.engine.events import PlayEvent
from kseri.table.seats import HUMAN
from kseri.table.views import describe_event
from kseri.web import motion
from kseri.web import render
from kseri.web.dom import bounds, exists
from kseri.web.pacer import BOT_FLIGHT, BOT_MIN_THINK, HUMAN_FLIGHT, LAND_PAUSE, ROUND_END_PAUSE, SLICE_MS

if TYPE_CHECKING:
    from kseri.web.app import App

__all__ = ["Turns", "SLICE_MS"]


class Turns:
    """The coroutines that play out turns on ``app``'s table."""

    def __init__(self, app: App) -> None:
        self.app = app

    def turn_text(self) -> str:
        return {"human": "Your turn.", "bot": "The bot leads."}.get(self.app.session.phase, "")

    async def human_turn(self, code: str) -> None:
        app = self.app
        gen = app.generation
        app.busy = True
        app.pacer.begin()
        try:
            event = app.session.play_human(code)
        except KseriError as exc:
            app.busy = False
            app.notify(str(exc))
            app.render()
            return
        app.save()
        app.session.take_events()
        await self.show_play(event, gen)
        if gen != app.generation:
            return
        await self.drive(gen)

    async def new_round(self, gen: int) -> None:
        app = self.app
        app.busy = True
        app.pacer.begin()
        app.render()
        app.board.announce(f"Round {len(app.session.match.rounds)}. {self.turn_text()}")
        await self.deal_in(with_pile=True)
        if gen != app.generation:
            return
        await self.drive(gen)

    async def drive(self, gen: int) -> None:
        """Play the bot's turns until it is your turn or the round ends."""
        app = self.app
        session = app.session
        while gen == app.generation and session.phase == "bot":
            # No pacer.begin() here: a skip during your card's flight hurries the whole exchange.
            app.busy = True
            app.thinking = True
            app.render()
            started = time.perf_counter()
            while not session.think(SLICE_MS):
                await asyncio.sleep(0)
                if gen != app.generation:
                    return
            await app.pacer.pause(BOT_MIN_THINK - (time.perf_counter() - started) * 1000)
            if gen != app.generation:
                return
            app.thinking = False
            app.board.draw_status(session.view())
            event = session.play_bot()
            session.take_events()
            app.save()
            await self.show_play(event, gen)
        if gen != app.generation:
            return
        app.busy = False
        app.thinking = False
        app.render()
        phase = session.phase
        if phase == "human" and app.keyboard_index is not None:
            app.board.focus_hand(app.keyboard_index)
        elif phase == "round_over":
            app.show_round_summary()
        elif phase == "match_over":
            app.show_match_end()

    async def show_play(self, event: PlayEvent, gen: int) -> None:
        """Animate one play from the table as drawn before it, then draw the table after it."""
        app = self.app
        pacer, el = app.pacer, app.board.el
        human = event.seat == HUMAN
        code = event.card.code
        if human:
            source = el["hand"].querySelector(f'button[data-card="{code}"]')
        else:
            backs = el["bot-hand"].querySelectorAll(".back")
            source = backs.item(backs.length // 2) if backs.length else el["bot-hand"]
        source_rect = bounds(source) or bounds(el["stock"])
        if exists(source):
            source.style.visibility = "hidden"
        app.board.announce(describe_event(event, app.session.rules.packet_size))
        if event.kind == "drop" and not event.sweep:
            app.render()
            top = el["pile"].querySelector("[data-card]")
            if exists(top) and source_rect is not None:
                await motion.settle_from(pacer, top, source_rect, -8 if human else 8,
                                         HUMAN_FLIGHT if human else BOT_FLIGHT)
        else:
            # The card lands on the pile, then the pile goes to the taker's stack.
            flyer = motion.flyer(el["fx"], code)
            await motion.fly_onto_pile(pacer, flyer, el["pile"], source_rect, -10 if human else 10,
                                       HUMAN_FLIGHT if human else BOT_FLIGHT)
            if gen != app.generation:
                flyer.remove()
                return
            if event.kind in ("kseri", "jack_kseri"):
                await motion.kseri_flash(pacer, el["kseri-flash"], el["pile"], event)
            else:
                await pacer.pause(LAND_PAUSE)
            taker = event.seat if event.is_capture else event.sweep_seat
            stack = el["you-stack" if taker == HUMAN else "bot-stack"].querySelector(".stack-visual")
            await motion.gather(pacer, [flyer] + list(el["pile"].querySelectorAll(".pile-card")), stack)
            flyer.remove()
            app.render()
            bump = el["you-stack" if taker == HUMAN else "bot-stack"].querySelector(".stack-count")
            await pacer.animate(bump, [{"transform": "scale(1.5)"}, {"transform": "scale(1)"}], 260, fill="none")
        if gen != app.generation:
            return
        if event.round_over:
            await pacer.pause(ROUND_END_PAUSE)
        elif event.dealt:
            await self.deal_in(with_pile=False)

    async def deal_in(self, *, with_pile: bool) -> None:
        """New cards slide in from the stock (after a render that shows them)."""
        app = self.app
        if app.pacer.instant:
            return
        app.dealing = True
        app.board.draw_status(app.session.view(), dealing=True)
        try:
            el = app.board.el
            stock = el["stock"].querySelector(".stock-top") or el["stock"]
            cards = list(app.board.hand_buttons()) + list(el["bot-hand"].querySelectorAll(".back"))
            if with_pile:
                cards += list(el["pile"].querySelectorAll(".pile-card"))
            await motion.fly_from_stock(app.pacer, stock, cards)
        finally:
            app.dealing = False

    async def hint(self, gen: int) -> None:
        """Let the hard bot value each of your cards (in slices), then show the values."""
        app = self.app
        session = app.session
        view = session.view()
        key = (view.round_number, view.plays_in_round)
        app.hinting = True
        app.render()
        try:
            while not session.hint_step(SLICE_MS):
                await asyncio.sleep(0)
                if gen != app.generation or app.session.phase != "human" or app.busy:
                    return
                now = app.session.view()
                if (now.round_number, now.plays_in_round) != key:
                    return
            entries = session.hints()
        finally:
            app.hinting = False
        app.hints = {entry.card: entry for entry in entries}
        app.hint_key = key
        app.render()
        best = entries[0]
        app.board.announce(f"Hint: the {Card.parse(best.card).name} is best, about "
                           f"{render.format_value(best.value)} points for you by the round's end.")
        if app.keyboard_index is not None:
            app.board.focus_hand(app.keyboard_index)
