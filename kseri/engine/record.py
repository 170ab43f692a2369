"""Game records, ``kseri-record/1``: write a match, read and check one, replay it.

A record holds the rules, the first dealer and, per round, the deck in the
order it is used and the cards played; a replay needs no randomness.

>>> import random
>>> from kseri.engine.match import Match
>>> m = Match.new(rng=random.Random(2), first_dealer=0)
>>> _ = m.play(m.round.legal_moves()[0])
>>> again = loads(dumps(m))
>>> again.round.plays == m.round.plays and again.round.deck == m.round.deck
True
>>> loads('{"format": "kseri-record/9"}')
Traceback (most recent call last):
...
kseri.engine.errors.RecordError: format: expected 'kseri-record/1', got 'kseri-record/9'
"""

from __future__ import annotations

import json
import random
from typing import Any

from kseri.engine.cards import CODES, record_cards
from kseri.engine.errors import KseriError, RecordError, shown
from kseri.engine.jsontext import JsonTextError, parse_json
from kseri.engine.match import Match
from kseri.engine.rules import rules_from_spec
from kseri.engine.state import most_returned
from kseri.engine.table import TableRound

__all__ = ["FORMAT", "dumps", "from_record", "loads", "summary", "to_record"]

FORMAT = "kseri-record/1"



def to_record(match: Match) -> dict[str, Any]:
    """The match so far as a ``kseri-record/1`` object (the last round may be unfinished)."""
    return {
        "format": FORMAT,
        "rules": match.rules.to_spec(),
        "first_dealer": match.first_dealer,
        "rounds": [_round_entry(r) for r in match.rounds],
    }


def _round_entry(state: TableRound[Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {"deck": [CODES[c] for c in state.deck], "plays": state.play_codes()}
    if state.returned:  # written only when there are some: a record without it reads as before
        entry["returned"] = [CODES[c] for c in state.returned]
    return entry


def dumps(match: Match) -> str:
    """The record as compact JSON text."""
    return json.dumps(to_record(match), separators=(",", ":"))


def loads(text: str | bytes, *, rng: random.Random | None = None) -> Match:
    """Read a record from JSON text (within the bounds of
    :func:`~kseri.engine.jsontext.parse_json`: size, nesting, numbers); see :func:`from_record`.

    Every problem is a one-line :class:`RecordError`:

    >>> loads('{"format": "kseri-record/1", "first_dealer": ' + "1" * 5000 + "}")
    Traceback (most recent call last):
    ...
    kseri.engine.errors.RecordError: record: a number with more than 30 digits
    """
    try:
        data = parse_json(text, what="record")
    except JsonTextError as exc:
        raise RecordError(str(exc)) from None
    return from_record(data, rng=rng)



def from_record(data: Any, *, rng: random.Random | None = None) -> Match:
    """Rebuild a match from a record, checking every rule on the way.

    Raises :class:`RecordError` naming the problem and where it is (round and
    play index). ``rng`` shuffles later rounds if play goes on from here.

    A record with no rounds (``"rounds": []``) is a valid, empty game: a match whose
    first round is not dealt yet. The match returned then has no :attr:`~Match.round`
    (reading it raises a one-line :class:`~kseri.engine.errors.IllegalMoveError`, never
    an ``IndexError``) until :meth:`~Match.next_round` deals one.
    """
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        got = "nothing" if "format" not in data else shown(data["format"])
        raise RecordError(f"expected {FORMAT!r}, got {got}", "format")
    try:
        rules = rules_from_spec(data.get("rules", "greek"))
    except KseriError as exc:
        raise RecordError(str(exc), "rules") from None
    first_dealer = data.get("first_dealer")
    if "first_dealer" not in data:
        raise RecordError(f"missing (the seat that dealt round 0, 0 to {rules.players - 1})", "first_dealer")
    if type(first_dealer) is not int or not 0 <= first_dealer < rules.players:
        raise RecordError(f"{shown(first_dealer)} is not a seat (0 to {rules.players - 1})", "first_dealer")
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        got = "nothing" if "rounds" not in data else shown(rounds)
        raise RecordError(f"must be a list of rounds, got {got}", "rounds")
    match = Match(rules, first_dealer=first_dealer, rng=rng)
    for r, entry in enumerate(rounds):
        where = f"round {r}"
        if not isinstance(entry, dict):
            raise RecordError("must be an object with deck and plays", where)
        if match.is_over:
            raise RecordError(f"the match was already won by side {match.winner}", where)
        if r > 0 and not match.round.is_terminal():
            raise RecordError("round is unfinished but more rounds follow", f"round {r - 1}")
        deck = record_cards(entry.get("deck"), where, "deck", rules.cards)
        if "plays" not in entry:  # not read as "no plays yet": a round cut short must say so itself
            raise RecordError("plays is missing (an unplayed round gives \"plays\": [])", where)
        plays = match.table.read_plays(entry["plays"], where, rules)
        most = most_returned(rules)
        returned = record_cards(entry.get("returned", []), where, "returned", max(most, 1),
                                bound=f"a deal puts back at most {most}")
        try:
            match.next_round(deck, returned)
        except KseriError as exc:
            raise RecordError(str(exc), where) from None
        for i, play in enumerate(plays):
            match.table.replay(match, play, f"{where}, play {i}")
    return match


def summary(match: Match) -> dict[str, Any]:
    """The replay command's output: per complete round, then totals, target, winner."""
    rounds = []
    for score in match.scores:
        rounds.append({
            "dealer": score.dealer,
            "cards": list(score.cards),
            "kseris": list(score.kseris),
            "points": list(score.points),
            "breakdown": [side.to_json() for side in score.sides],
        })
    return {"rounds": rounds, "totals": list(match.totals), "target": match.target, "winner": match.winner}
