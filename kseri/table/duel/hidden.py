"""The deck a device plays its match on: the cards it knows in their places, the others (which it cannot
know) filled in so that the friend's plays are legal.

At a pile table any card in hand may be played, so any filling will do. At the open (sums) table
some plays depend on the hand they come from: a build of 7 needs a 7 kept in hand, and a player who
owns a build may lay a card loose only when no card in hand can take or build. Such a play by the
friend is checked here against *some* filling of the unseen cards: the first one found by trying
exchanges of unseen cards between the friend's hand and the rest (:func:`playable_deck`). The
true deck is checked at the round's end (the friend's keys open it): a claim no card backed then
fails the replay and ends the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kseri.engine.errors import IllegalMoveError, KseriError
from kseri.engine.rules import Rules
from kseri.engine.table import TableRound
from kseri.engine.tables import table_for
from kseri.table.tables import strategy_for

__all__ = ["SEARCH_LIMIT", "fill_deck", "playable_deck", "replay_checked"]

SEARCH_LIMIT = 120
"""Most trial replays spent looking for a filling (each replays the round up to the play in question)."""


def fill_deck(rules: Rules, known: dict[int, int], prefer: dict[int, int], *, last: Sequence[int] = ()) -> list[int]:
    """The deck with ``known`` cards in place, ``prefer``'s choices for unseen positions where their card
    is still unseen, and the remaining unseen cards in ascending order, those of ``last`` at the end (the
    opening cards put back into the stock: never in the first packet's hands)."""
    deck: list[int | None] = [None] * rules.cards
    used = set()
    for position, card in known.items():
        deck[position] = card
        used.add(card)
    for position, card in prefer.items():
        if deck[position] is None and card not in used:
            deck[position] = card
            used.add(card)
    rest = iter(sorted(set(range(rules.cards)) - used, key=lambda card: (card in last, card)))
    return [card if card is not None else next(rest) for card in deck]


def _new_state(rules: Rules, dealer: int, deck: list[int]) -> TableRound[Any]:
    state: TableRound[Any] = table_for(rules).from_deck(rules, dealer, deck)
    return state


def _progress(rules: Rules, dealer: int, deck: list[int], moves: Sequence[str]) -> tuple[int, int]:
    """How far ``moves`` play legally on ``deck`` (all: ``len(moves)``), and then minus how many plays
    other than laying a card loose the mover could make (a loose card is refused while those exist)."""
    state = _new_state(rules, dealer, deck)
    for i, move in enumerate(moves):
        try:
            state.apply(move)
        except KseriError:
            others = [m for m in state.legal_moves() if getattr(m, "kind", "") != "drop"]
            return i, -len(others)
    return len(moves), 0


def playable_deck(rules: Rules, dealer: int, known: dict[int, int], moves: Sequence[str], friend: int,
                  prefer: dict[int, int]) -> list[int]:
    """A filled deck on which every move of ``moves`` is legal (``friend``: the other device's seat, whose
    hidden hand may be refilled); ``prefer`` keeps the choices made so far and is updated.
    :class:`~kseri.engine.errors.KseriError` from the engine when no filling is found."""
    budget = SEARCH_LIMIT
    deck = fill_deck(rules, known, prefer)
    best = _progress(rules, dealer, deck, moves)
    while best[0] < len(moves):
        bad = best[0]
        state = _new_state(rules, dealer, deck)
        for move in moves[:bad]:
            state.apply(move)
        wanted = strategy_for(rules).hidden_hand_key(state, moves[bad])
        if wanted is None or state.to_move != friend or budget <= 0:
            state.apply(moves[bad])  # the engine's own one-line error
            raise AssertionError("the replay was expected to fail")  # pragma: no cover
        where = {card: position for position, card in enumerate(deck)}
        hand = [where[c] for c in state.hands[friend] if where[c] not in known]
        outside = [p for p in range(state.next_card, rules.cards) if p not in known]
        outside.sort(key=lambda p: (not wanted(deck[p]), p))
        hand.sort(key=lambda p: (wanted(deck[p]), p))  # the cards in the way are exchanged first
        improved = False
        for p in hand:
            for q in outside:
                budget -= 1
                trial = dict(prefer)
                trial[p], trial[q] = deck[q], deck[p]
                trial_deck = fill_deck(rules, known, trial)
                score = _progress(rules, dealer, trial_deck, moves)
                if score > best:
                    prefer.clear()
                    prefer.update(trial)
                    deck, best, improved = trial_deck, score, True
                    break
                if budget <= 0:
                    break
            if improved or budget <= 0:
                break
        if not improved:
            budget = 0
    return deck


def replay_checked(rules: Rules, dealer: int, codes: Sequence[str], moves: Sequence[str]) -> None:
    """Play ``moves`` on the true deck (card codes), checked: the engine's error names the first illegal play."""
    from kseri.engine.cards import Card
    state = _new_state(rules, dealer, [Card.parse(code).index for code in codes])
    for i, move in enumerate(moves):
        try:
            state.apply(move)
        except KseriError as exc:
            raise IllegalMoveError(f"play {i} ({move}): {exc}") from None
