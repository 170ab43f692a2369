"""One play at a pile table, shown in time: the card flies to the pile, and the pile to the taker's
stack if it takes ("Kseri!" on a kseri). The open table's counterpart is :mod:`kseri.web.sums.play`;
:mod:`kseri.web.tables` finds a game's.

With ``prefers-reduced-motion: reduce`` (the pacer is instant) nothing waits.
"""

from __future__ import annotations

from kseri.engine.events import PlayEvent
from kseri.table.goal import kseri_cry, word_key
from kseri.table.pile.words import describe_event
from kseri.web import motion
from kseri.web.dom import exists
from kseri.web.pace import BOT_FLIGHT, CAPTURE_VIEW, HUMAN_FLIGHT, LAND_PAUSE
from kseri.web.play_host import PlayHost, lift_played_card, seat_stack
from kseri.web.sound_plan import landing_sound

__all__ = ["show_pile_play"]


async def show_pile_play(host: PlayHost, event: PlayEvent, gen: int) -> None:
    """A play at a pile table: the card flies to the pile, and the pile to the taker if it takes."""
    pacer, el = host.pacer, host.board.el
    code = event.card.code
    human, source_rect = lift_played_card(host, event)
    names = host.session.last_play.names if host.session.last_play is not None else ()
    host.board.announce(describe_event(event, host.session.rules.packet_size, names,
                                       word_key(host.session.rules)))
    if event.kind == "drop" and not event.sweep:
        host.render()
        top = el["pile"].querySelector("[data-card]")
        if exists(top) and source_rect is not None:
            await motion.settle_from(pacer, top, source_rect, -8 if human else 8,
                                     HUMAN_FLIGHT if human else BOT_FLIGHT)
        host.sound.play((landing_sound(event),))
    else:
        # The card lands on the pile, then the pile goes to the taker's stack.
        flyer = motion.flyer(el["fx"], code)
        await motion.fly_onto_pile(pacer, flyer, el["pile"], source_rect, -10 if human else 10,
                                   HUMAN_FLIGHT if human else BOT_FLIGHT)
        if not host.state.current(gen):
            flyer.remove()
            return
        host.sound.play((landing_sound(event),))
        if event.kind in ("kseri", "jack_kseri"):
            word = kseri_cry(word_key(host.session.rules), event.kind)
            await motion.kseri_flash(pacer, el["kseri-flash"], el["pile"], event, word=word,
                                     who=names[event.seat] if names and names[event.seat] else None)
        else:  # your own capture stays in view a moment longer: you see what your card took
            await pacer.pause(CAPTURE_VIEW if human and event.is_capture else LAND_PAUSE)
        taker = event.seat if event.is_capture else event.sweep_seat
        stack = seat_stack(host, taker, ".stack-visual", ".seat-stack")
        await motion.gather(pacer, [flyer, *el["pile"].querySelectorAll(".pile-card")], stack)
        flyer.remove()
        host.render()
        bump = seat_stack(host, taker, ".stack-count", ".seat-count")
        await pacer.animate(bump, [{"transform": "scale(1.5)"}, {"transform": "scale(1)"}], 260, fill="none")
