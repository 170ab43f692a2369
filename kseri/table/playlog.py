"""The plays of the packet in play, for the table's short log (pure Python; issue 24).

At three to six seats several plays go by between two of yours, and the table's line says only
the latest; the log lists every play of the packet: who played what, and what it took. It is
worked out from the round itself (its deck and its plays, replayed), so it is the same after a
reload, and it holds nothing a player at the table has not seen.

>>> import random
>>> from kseri.engine.pile.round import Round
>>> from kseri.engine.rules import GREEK
>>> state = Round.deal(GREEK, dealer=1, rng=random.Random(5))
>>> for _ in range(5):
...     _event = state.apply(state.legal_moves()[0])
>>> log = packet_log(state)
>>> [entry.seat for entry in log], log[0].card == state.play_codes()[0]
([0, 1, 0, 1, 0], True)
>>> len(packet_log(state, whole_round=True))
5
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kseri.engine.events import PlayEvent, PlayKind
from kseri.engine.state import RoundState
from kseri.engine.table import TableRound
from kseri.engine.tables import table_for
from kseri.table.live import gains, live_score

__all__ = ["LogEntry", "packet_log"]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One play of the packet: the seat, the card (its code), what it did and took."""

    seat: int
    card: str
    kind: PlayKind
    taken: int = 0
    """Cards the play took, the played card included (0: it took nothing)."""
    points: int = 0
    """Points the play brought its side (its capture, any kseri bonus)."""
    sweep: int = 0
    """With the round's last card: the cards left on the table that went to :attr:`sweep_seat`."""
    sweep_seat: int | None = None
    sweep_points: int = 0

    @property
    def is_capture(self) -> bool:
        return self.kind in ("capture", "kseri", "jack_kseri")


def _entry(event: PlayEvent, code: str, gained: tuple[int, ...], team_of: Any) -> LogEntry:
    taken = len(event.captured) + 1 if event.is_capture else 0
    points = gained[team_of(event.seat)] if event.is_capture else 0
    sweep_points = gained[team_of(event.sweep_seat)] if event.sweep and event.sweep_seat is not None else 0
    if event.is_capture and event.sweep and event.sweep_seat is not None \
            and team_of(event.sweep_seat) == team_of(event.seat):
        sweep_points = 0  # one side's gain, said once (with the capture)
    return LogEntry(seat=event.seat, card=code.split(":")[0].split(">")[0], kind=event.kind, taken=taken,
                    points=points, sweep=len(event.sweep), sweep_seat=event.sweep_seat if event.sweep else None,
                    sweep_points=sweep_points)


def packet_log(state: RoundState, *, whole_round: bool = False) -> tuple[LogEntry, ...]:
    """The plays of the packet being played (the last packet's, once the round is over), in order;
    ``whole_round``: every play of the round so far (a person's latest card may be the previous
    packet's last).

    The round is replayed from its deck; a round set up from a position (a scene, a puzzle) has no
    deck to replay and gives no log.
    """
    codes = state.play_codes()
    if not codes:
        return ()
    rules = state.rules
    table = table_for(rules)

    def dealt() -> TableRound[Any]:
        round_: TableRound[Any] = table.from_deck(rules, state.dealer, state.deck, check=False)
        return round_

    try:
        replay = dealt()
        events = [replay.apply(code) for code in codes]
    except (ValueError, IndexError):  # not a round dealt from its deck: no log rather than a wrong one
        return ()
    first = 0 if whole_round else max((i + 1 for i, event in enumerate(events[:-1]) if event.dealt), default=0)
    replay = dealt()
    for code in codes[:first]:
        replay.apply(code)
    entries = []
    before = live_score(replay)
    for code in codes[first:]:
        event = replay.apply(code)
        after = live_score(replay)
        entries.append(_entry(event, code, gains(before, after), rules.team_of))
        before = after
    return tuple(entries)
