"""The engine's match of a friend's match, built again from what one device knows, and its record.

Each device plays the match on the engine's :class:`~kseri.engine.match.Match` as seat 0
(:attr:`Peer.engine <kseri.table.duel.peer.Peer.engine>`), on each round's deck as it knows it: the
cards it has seen in their places, the others filled in and never shown (:mod:`kseri.table.duel.hidden`).
What it knows changes with every message, so the match is built again from its rounds when next asked
for. A round played out and checked never changes again: the match of such rounds is made once
(:func:`finished_match`) and every later build goes on from a fork of it (:func:`continued`).

>>> from kseri.engine.rules import GREEK
>>> finished = finished_match(GREEK, 0, [])
>>> continued(finished, [], friend=1) is None, finished.rounds
(True, [])
"""

from __future__ import annotations

from collections.abc import Sequence

from kseri.engine.match import Match
from kseri.engine.rules import Rules
from kseri.table.duel.hidden import fill_deck, playable_deck
from kseri.table.duel.rounds import DuelRound
from kseri.table.tables import strategy_for

__all__ = ["continued", "finished_match", "record"]


def finished_match(rules: Rules, first_dealer: int, rounds: Sequence[DuelRound]) -> Match:
    """The match of ``rounds``, each played out and checked (every card known), dealt first by the seat
    ``first_dealer``."""
    match = Match(rules, first_dealer=first_dealer)
    for r in rounds:
        match.next_round(fill_deck(rules, r.known, {}), r.returned)
        for move in r.moves:
            match.play(move)
    return match


def continued(finished: Match, rounds: Sequence[DuelRound], *, friend: int) -> Match | None:
    """The match of ``finished`` (left unchanged) with ``rounds``, the ones after it, dealt and played as
    far as this device knows them (None if none is dealt). At the open table the unseen cards of a round
    in play are filled so that the friend's plays are legal (``friend``: its seat, whose hidden hand may
    be refilled; :func:`~kseri.table.duel.hidden.playable_deck`)."""
    match = _fork(finished)
    rules = match.rules
    for r in rounds:
        if not r.dealt():
            break
        if r.verified or not strategy_for(rules).hand_matters:
            deck = fill_deck(rules, r.known, r.fill, last=r.returned)
        else:
            deck = playable_deck(rules, match.next_dealer, r.known, r.moves, friend, r.fill)
        match.next_round(deck, r.returned)
        for move in r.moves:
            match.play(move)
    return match if match.rounds else None


def _fork(match: Match) -> Match:
    """A match that goes on from ``match``'s finished rounds without changing it (they are never played again)."""
    forked = Match(match.rules, first_dealer=match.first_dealer)
    forked.rounds = list(match.rounds)
    forked.scores = list(match.scores)
    forked.totals = list(match.totals)
    forked.round_wins = list(match.round_wins)
    forked.target = match.target
    forked.winner = match.winner
    return forked


def record(rules: Rules, rounds: Sequence[DuelRound], first_dealer: int) -> dict[str, object]:
    """Of ``rounds``, those played to their end (checked), as a ``kseri-record/1`` dealt first by the seat
    ``first_dealer``."""
    from kseri.engine.record import FORMAT
    entries = [r.record_entry() for r in rounds if r.verified]
    return {"format": FORMAT, "rules": rules.to_spec(), "first_dealer": first_dealer, "rounds": entries}
