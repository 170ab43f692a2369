"""Why a card is good or bad, in words a player understands (pure Python).

The hint's numbers come from the hard bot's search (the expected point
difference at the round's end); this module adds what a player can check at the
table: what the card would take, and what it leaves behind. Every fact comes
from the player's own :class:`~kseri.engine.pile.observation.Observation` — the
hidden cards are dealt arbitrarily and never read — so a reason never gives away
what the other player holds.

>>> from kseri.engine.cards import Card
>>> codes = lambda *cs: tuple(Card.parse(c).index for c in cs)
>>> seen = Observation(seat=0, dealer=1, hand=codes("9D", "JC", "5S", "5H", "KD", "2C"),
...                    opening=codes("4C", "10D", "3D", "9S"), plays=())
>>> reason_for(seen, Card.parse("9D"))
HintReason(kind='capture', cards=5, points=2, rank='9', unseen=0, word='kseri', jacks=0)
>>> from kseri.i18n import set_language
>>> set_language("en")
'en'
>>> [reason_text(reason_for(seen, Card.parse(c))) for c in ("9D", "JC", "5S")]
['takes 5 cards, 2 points', 'takes 5 cards, 3 points', 'you hold another 5 to take it back']
>>> reason_text(reason_for(seen, Card.parse("KD")))
'leaves K on top: 3 more unseen, or a jack, could take it'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kseri.engine.cards import CODES, JACK_INDEX, Card, rank_index
from kseri.engine.pile.observation import Observation
from kseri.i18n import _, ngettext, rank_letter
from kseri.table.words import WordKey, word_key_for

__all__ = ["HintReason", "ReasonKind", "reason_for", "reason_text"]

ReasonKind = Literal["kseri", "capture", "jack_on_empty", "pair_in_hand", "safe", "lone", "drop"]


@dataclass(frozen=True, slots=True)
class HintReason:
    """What playing a card does, as the player can see it.

    ``cards`` and ``points`` are what a capture takes (the played card included;
    ``points`` with any kseri bonus); ``rank`` is the card's rank as printed on it;
    ``unseen`` counts the other cards of that rank the player has not seen; ``jacks``, for a card left on
    the pile, the jacks not seen where a jack takes any pile (they could take it too).
    """

    kind: ReasonKind
    cards: int = 0
    points: int = 0
    rank: str = ""
    unseen: int = 0
    word: WordKey = "kseri"
    """The table's word for a kseri (the Pişti table's is a pişti: :func:`~kseri.table.words.word_key_for`)."""
    jacks: int = 0


def reason_for(seen: Observation, card: Card) -> HintReason:
    """Why ``card`` (in ``seen.hand``) might be played: what it takes, or what it leaves."""
    word = word_key_for(seen.rules.profile, xeri=False)
    state = seen.public_round()  # arbitrary hidden cards: only public facts are read below
    pile_before = len(state.pile)
    event = state.apply(card)
    rank = CODES[card.index][:-1]
    if event.is_capture:
        taken = (*event.captured, card)
        points = sum(seen.rules.card_points(c) for c in taken) + event.bonus
        kind: ReasonKind = "kseri" if event.bonus else "capture"
        return HintReason(kind=kind, cards=len(taken), points=points, rank=rank, word=word)
    mine = rank_index(card.index)
    if pile_before == 0 and card.is_jack:
        return HintReason(kind="jack_on_empty", rank=rank, word=word)
    unseen = sum(1 for c in seen.unseen() if rank_index(c) == mine)
    if any(rank_index(c) == mine for c in seen.hand if c != card.index):
        return HintReason(kind="pair_in_hand", rank=rank, unseen=unseen, word=word)
    jacks = sum(1 for c in seen.unseen() if rank_index(c) == JACK_INDEX) if seen.rules.jacks_capture else 0
    if unseen == 0:
        return HintReason(kind="safe", rank=rank, word=word, jacks=jacks)
    return HintReason(kind="lone" if pile_before == 0 else "drop", rank=rank, unseen=unseen, word=word, jacks=jacks)


def reason_text(reason: HintReason) -> str:
    """The reason in the page's language, short enough for a line under the table."""
    if reason.kind in ("capture", "kseri"):
        cards = ngettext("{n} card", "{n} cards", reason.cards).format(n=reason.cards)
        points = ngettext("{n} point", "{n} points", reason.points).format(n=reason.points)
        if reason.kind == "kseri":  # starts like a capture: the hand's "takes" mark is the same word
            text = _("takes {cards}, {points}: a pişti") if reason.word == "pisti" else \
                _("takes {cards}, {points}: a kseri")
            return text.format(cards=cards, points=points)
        return _("takes {cards}, {points}").format(cards=cards, points=points)
    if reason.kind == "jack_on_empty":
        return _("spends a jack on an empty table")
    rank = rank_letter(reason.rank)  # Greek names it Α Ρ Ν Β (the record's code stays in reason.rank)
    if reason.kind == "pair_in_hand":
        return _("you hold another {rank} to take it back").format(rank=rank)
    if reason.kind == "safe" and reason.jacks:
        return _("no other {rank} is unseen: only a jack could take it").format(rank=rank)
    if reason.kind == "safe":
        return _("safe: no other {rank} is unseen").format(rank=rank)
    n = reason.unseen
    if reason.kind == "lone" and reason.word == "pisti":
        return ngettext("alone on the table ({rank}: {n} more unseen), a pişti risk",
                        "alone on the table ({rank}: {n} more unseen), a pişti risk", n).format(n=n, rank=rank)
    if reason.kind == "lone":
        return ngettext("alone on the table ({rank}: {n} more unseen), a kseri risk",
                        "alone on the table ({rank}: {n} more unseen), a kseri risk", n).format(n=n, rank=rank)
    # "2 more unseen", not "2 other Ks": a letter's plural read as a word ("3 other As")
    if reason.jacks:
        return ngettext("leaves {rank} on top: {n} more unseen, or a jack, could take it",
                        "leaves {rank} on top: {n} more unseen, or a jack, could take it", n).format(n=n, rank=rank)
    return ngettext("leaves {rank} on top: {n} more unseen could take it",
                    "leaves {rank} on top: {n} more unseen could take it", n).format(n=n, rank=rank)
