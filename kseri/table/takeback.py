"""Take-back: your last card, and the bots' replies since, taken back (pure Python).

A game is a ``kseri-record/1`` record (each round's deck and plays), and a session resumes
exactly from its save (the record plus the seed, the levels and who sits where). So a
take-back is *the same match with its last plays removed*: the save with the current round's
plays cut back to just before your last card, resumed through the engine's own record replay
(:func:`~kseri.table.session.GameSession.restore`). It works the same at every table and seating,
the open table included, as it only asks the session and the engine. The bots' choices are
seeded by the seed and the position alone, so after a take-back they stay reproducible: the
same card played again gets the same replies.

Rules of the page: against bots only (not while people share the device), on your turn, and
within the packet being played (the cards dealt since are not dealt back). Each take-back
counts in the save (``takebacks``), so a match with take-backs is counted apart in the
statistics (:mod:`kseri.web.takeback_ui`), never mixed into your record.

>>> from kseri.table.session import GameSession
>>> s = GameSession.new(seed=11, level="easy")
>>> while s.phase == "bot":
...     _ = s.play_bot()
>>> before = s.view()
>>> can_take_back(s)
False
>>> _ = s.play_human(before.hand[0])
>>> while s.phase == "bot":
...     _ = s.play_bot()
>>> back = take_back(s)
>>> back.session.view().hand == before.hand and back.session.view().pile == before.pile
True
>>> back.session.takebacks, back.removed[0] == (0, before.hand[0])
(1, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from kseri.engine.errors import KseriError
from kseri.engine.errors import one_line as _one_line
from kseri.engine.match import Match
from kseri.i18n import _, card_name
from kseri.table.seats import HUMAN, SessionError
from kseri.table.session import GameSession

__all__ = ["MAX_TAKEBACKS", "TakeBack", "can_take_back", "take_back", "take_back_point", "takeback_text"]

MAX_TAKEBACKS = 10**6
"""Most take-backs a save may count (more was not written by the page)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class TakeBack:
    """A take-back done: the session at the position before your last card, and the plays taken
    back, ``(seat, play)`` in the order they were made (yours first)."""

    session: GameSession
    removed: tuple[tuple[int, str], ...]


def _movers(match: Match) -> list[tuple[int, int]]:
    """``(seat to move, cards left in the stock)`` before each play of the match's last round, found
    by dealing its deck again and replaying its plays through the engine (the earlier rounds are not
    replayed: a round's plays follow from its deck and dealer alone)."""
    last = len(match.rounds) - 1
    state = match.rounds[last]
    again = Match(match.rules, first_dealer=match.dealer_of(last))
    again.next_round(list(state.deck), state.returned)
    movers = []
    for play in state.play_codes():
        now = again.round
        movers.append((now.to_move, now.stock_count))
        again.play(play)
    return movers


def take_back_point(session: GameSession) -> int | None:
    """How many plays of the round stay once your last card is taken back (None: nothing to take back).

    There is one on your turn against bots, when you played a card in the packet in play.
    """
    if session.people != 1 or session.phase != "human" or not session.match.rounds:
        return None
    if not session.match.round.plays:
        return None
    stock = session.match.round.stock_count
    try:
        movers = _movers(session.match)
    except KseriError:  # a round set up at a position (a lesson): it has no deck to deal again
        return None
    for index, (seat, left) in reversed(list(enumerate(movers))):
        if left != stock:
            return None  # an earlier packet: its cards are not dealt back
        if seat == HUMAN:
            return index
    return None


def can_take_back(session: GameSession) -> bool:
    """Whether :func:`take_back` would take a card back now."""
    return take_back_point(session) is not None


def take_back(session: GameSession) -> TakeBack:
    """The match as it stood before your last card (:class:`SessionError`, one line, if there is none).

    ``session`` itself is left as it is; the new session counts one more take-back."""
    keep = take_back_point(session)
    if keep is None:
        raise SessionError("there is no card of yours to take back in this packet")
    data = json.loads(session.to_save())
    last = data["record"]["rounds"][-1]
    plays = list(last["plays"])
    movers = _movers(session.match)
    last["plays"] = plays[:keep]
    data["takebacks"] = min(session.takebacks + 1, MAX_TAKEBACKS)
    data.pop("counted", None)
    try:
        again = GameSession.restore(json.dumps(data, separators=(",", ":")))
    except KseriError as exc:  # the record replays by construction; should it not, say so in one line
        raise SessionError(f"the card could not be taken back ({_one_line(exc)})") from None
    removed = tuple((movers[i][0], plays[i]) for i in range(keep, len(plays)))
    return TakeBack(session=again, removed=removed)


def _card_of(play: str) -> str:
    """The hand card a play puts down (at the open table a move names it first: ``7H:3C+4D``)."""
    return play.split(":", 1)[0].split(">", 1)[0]


def takeback_text(removed: tuple[tuple[int, str], ...]) -> str:
    """What the screen reader hears after a take-back.

    >>> takeback_text(((0, "7H"), (1, "9C")))
    'Taken back: your seven of hearts, and the nine of clubs played since.'
    >>> takeback_text(((0, "7H:3C+4D"),))
    'Taken back: your seven of hearts.'
    """
    if not removed:
        return ""
    yours = card_name(_card_of(removed[0][1]))
    others = [card_name(_card_of(play)) for _seat, play in removed[1:]]
    if not others:
        return _("Taken back: your {card}.").format(card=yours)
    return _("Taken back: your {card}, and the {cards} played since.").format(card=yours, cards=", ".join(others))
