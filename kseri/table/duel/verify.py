"""The round's end check: with the friend's keys, everything the friend did in the round is checked.

- each of its shuffle passes: what it sent is what it was given (or the plain pack), every value
  locked with its key, in some order (so no card was left out, doubled or swapped for another);
- every value it opened for this device, and every proof of a card it played: that value, locked
  again with its keys, is the deck's value at that position (so it opened the right position,
  and played the card that lay there);
- so every position of the deck is known, and the 52 cards are all different.

Any failure raises :class:`~kseri.table.duel.errors.MatchBrokenError` naming what failed; the match ends.
This device's own steps need no check (it made them). The cost is about a hundred short powers
(``docs/performance.md``).
"""

from __future__ import annotations

from kseri.engine.cards import CODES
from kseri.table.duel.errors import MatchBrokenError
from kseri.table.duel.group import CARD_ELEMENTS, lock, lock_all
from kseri.table.duel.rounds import DuelRound

__all__ = ["verify_round"]


def verify_round(r: DuelRound, me: int, friend: str, number: int) -> dict[int, int]:
    """Check round ``number`` (from 1) with the friend's keys (``r.their_keys``); returns every
    position's card. ``me`` is this device's role."""
    keys = r.their_keys
    assert keys is not None
    they_first = r.first != me
    for n, shuffle in enumerate(r.passes):
        key = keys[n]
        if they_first:
            given = shuffle.source if shuffle.source is not None else list(CARD_ELEMENTS)
            sent = shuffle.middle
        else:
            given, sent = shuffle.middle or [], shuffle.result
        what = "pack" if shuffle.source is None else "redeal"
        if sent is None or sorted(lock_all(given, key)) != sorted(sent):
            raise MatchBrokenError(f"round {number}: {friend}'s shuffle of the {what} does not match its key "
                         "(a card was left out, doubled or swapped)")
    for opened in r.received:
        value = opened.value
        for key in keys[:opened.layers]:
            value = lock(value, key)
        if value != opened.target:
            card = r.known.get(opened.position)
            shown = f"the {CODES[card]} at" if card is not None else "the card at"
            raise MatchBrokenError(f"round {number}: {shown} position {opened.position}, as {friend} opened it, is not "
                         "the card the deck holds there")
    missing = [p for p in range(r.rules.cards) if p not in r.known]
    if missing or len(set(r.known.values())) != r.rules.cards:
        raise MatchBrokenError(f"round {number}: the deck does not hold every card once (position "
                     f"{missing[0] if missing else '?'} unknown or a card twice)")
    return dict(r.known)
