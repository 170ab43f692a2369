"""One play at the open (sums) table, shown in time: the card comes in, what it takes lights up and
goes to the taker's stack, a build or a loose card settles on the table; "Xeri!" when the table is
swept clean. The pile tables' counterpart is :mod:`kseri.web.pile.play`.

With ``prefers-reduced-motion: reduce`` (the pacer is instant) nothing waits.
"""

from __future__ import annotations

from kseri.engine.events import PlayEvent
from kseri.table.goal import kseri_cry, word_key
from kseri.table.sums.words import describe_sums_event
from kseri.web import motion
from kseri.web.dom import exists
from kseri.web.pace import BOT_FLIGHT, CAPTURE_VIEW, HUMAN_FLIGHT, LAND_PAUSE
from kseri.web.play_host import PlayHost, lift_played_card, seat_stack
from kseri.web.sound_plan import landing_sound

__all__ = ["show_table_play"]


TAKE_PAUSE = 2 * LAND_PAUSE
"""How long the cards a play takes stay lit before they go (long enough to see what the bot took)."""


async def show_table_play(host: PlayHost, event: PlayEvent, gen: int) -> None:
    """Animate ``event`` from the table as drawn before it, then draw the table after it."""
    pacer, el = host.pacer, host.board.el
    code = event.card.code
    human, source_rect = lift_played_card(host, event)  # you against one bot, or a friend on another device
    play = host.session.last_play
    names = play.names if play is not None else ()
    host.board.announce(describe_sums_event(event, play.build_value if play is not None else None,
                                            host.session.rules.packet_size, names))
    flight = HUMAN_FLIGHT if human else BOT_FLIGHT
    if event.is_capture:
        taken = [el["table"].querySelector(f'[data-card="{card.code}"]') for card in event.captured]
        taken = [card for card in taken if exists(card)]
        for card in taken:
            card.classList.add("taking")
        flyer = motion.flyer(el["fx"], code)
        await motion.fly_onto_pile(pacer, flyer, taken[0] if taken else el["table"], source_rect,
                                   -10 if human else 10, flight)
        if not host.state.current(gen):
            flyer.remove()
            return
        host.sound.play((landing_sound(event),))
        if event.kind == "kseri":
            word = kseri_cry(word_key(host.session.rules), event.kind)
            await motion.kseri_flash(pacer, el["kseri-flash"], el["table"], event, word=word,
                                     who=names[event.seat] if names and names[event.seat] else None)
        else:  # your own capture stays in view longer: you see what your card took
            await pacer.pause(CAPTURE_VIEW if human else TAKE_PAUSE)
        stack = seat_stack(host, event.seat, ".stack-visual", ".seat-stack")
        await motion.gather(pacer, [flyer, *taken], stack)
        flyer.remove()
        host.render()
    else:
        host.render()
        landed = el["table"].querySelector(f'[data-card="{code}"]')
        if exists(landed):
            landed.classList.add("fresh")  # the card just laid (or built) stands out until the next redraw
            if source_rect is not None:
                await motion.settle_from(pacer, landed, source_rect, -8 if human else 8, flight)
        host.sound.play((landing_sound(event),))
        if event.sweep:
            await pacer.pause(LAND_PAUSE)
            host.render()
        elif not human:
            await pacer.pause(LAND_PAUSE)
