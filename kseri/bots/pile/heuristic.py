"""The counting heuristic shared by level ``medium``, search play-outs and inference.

Every card in hand gets a one-move score from what the seat has seen:

- a capture is worth the pile's points, its cards (towards the majority) and
  any kseri bonus (and, with the house rules on, the bonus for a pile of only
  jacks and a share of the last capture's bonus); using a jack costs the jack's
  future value, so jacks are kept for piles worth taking;
- a drop risks the new pile: the chance that the next player holds the top
  card's rank (or a jack, for a pile worth a jack) times what they would take,
  including the kseri they would score on a lone card. Ranks whose other
  copies are all seen are safe leads; valuable cards are not fed to a big pile
  the next player may take.

The chance that the next player holds a rank is exact for a seat that counts
cards: hypergeometric over the cards it has not seen.

>>> from kseri.engine.cards import Card
>>> from kseri.engine.rules import GREEK, card_points_table
>>> hand = [Card.parse(c).index for c in ("10S", "4H", "JD")]
>>> pile = [Card.parse("10D").index]           # a lone 10D: the ten takes it as a kseri
>>> seen = [0] * 14; seen[9] = 1; seen[13] = 5
>>> [round(s, 2) for s in card_scores(hand, pile, 2, seen, 6, True, GREEK, card_points_table(GREEK), DEFAULT_HEURISTIC)]
[13.5, -1.49, 1.5]
"""

from __future__ import annotations

from dataclasses import dataclass

from kseri.engine.cards import JACK_INDEX, RANK_INDEX
from kseri.engine.rules import Rules

__all__ = ["CHANCE_ROWS", "DEFAULT_HEURISTIC", "HeuristicParams", "card_scores", "holding_chances"]


@dataclass(frozen=True, slots=True)
class HeuristicParams:
    """The weights of the heuristic, in points."""

    card_weight: float = 0.25
    """Worth of one captured card towards the 3-point majority."""
    jack_keep: float = 2.0
    """Worth of keeping a jack for a later pile, while the stock lasts."""
    jack_keep_late: float = 1.0
    """Same, in the last packet."""
    jack_worth: float = 2.5
    """A pile the next player is assumed to spend a jack on."""
    drop_cost: float = 0.3
    """Share of a dropped card's points lost by giving up control of it."""
    house_bonuses: bool = True
    """Count the house bonuses when they are on: a pile of only jacks is worth ``jack_table_points``
    more, and in the last packet a capture may be the round's last (``final_capture_points``)."""


DEFAULT_HEURISTIC = HeuristicParams()


CHANCE_ROWS: dict[tuple[int, int, int], tuple[float, ...]] = {}
""":func:`holding_chances` already computed (a few thousand rows at most: hidden cards up to
104, hand sizes up to a packet, two pack sizes)."""


def holding_chances(hidden: int, next_hand: int, copies: int) -> tuple[float, ...]:
    """For ``u`` = 0 .. ``copies``: the chance that a hand of ``next_hand`` cards dealt from
    ``hidden`` unseen ones holds at least one of ``u`` unseen copies of a rank (hypergeometric).

    The heuristic asks this for every card it scores, so each row is computed once and kept:
    the same loop, the same floats, as computing it each time (the search's play-outs score
    about a million cards a second; the product was a good part of that).

    >>> [round(p, 4) for p in holding_chances(10, 2, 4)]
    [0.0, 0.2, 0.3778, 0.5333, 0.6667]
    """
    key = (hidden, next_hand, copies)
    row = CHANCE_ROWS.get(key)
    if row is None:
        chances = []
        for u in range(copies + 1):
            if u <= 0 or next_hand <= 0:
                p = 0.0
            elif next_hand >= hidden or u > hidden - next_hand:
                p = 1.0  # (the product below would reach a factor 0 first)
            else:
                none = 1.0
                for i in range(u):
                    none *= (hidden - next_hand - i) / (hidden - i)
                p = 1.0 - none
            chances.append(p)
        row = CHANCE_ROWS[key] = tuple(chances)
    return row


def card_scores(hand: list[int], pile: list[int], pile_points: int, seen: list[int], next_hand: int,
                stock_left: bool, rules: Rules, pts: tuple[int, ...], params: HeuristicParams) -> list[float]:
    """The heuristic's score of each card of ``hand`` (higher is better).

    ``seen`` counts the copies of each rank seen in public (total in slot 13),
    ``next_hand`` is the size of the next player's hand, ``stock_left`` whether
    cards remain to be dealt.
    """
    ranks = RANK_INDEX  # rank index of each card index, as a local: this is the play-outs' hot loop
    n = len(pile)
    top = ranks[pile[-1]] if n else -1
    jacks_capture = rules.jacks_capture
    w = params.card_weight
    held = [0] * 13
    for c in hand:
        held[ranks[c]] += 1
    copies = 4 * rules.packs  # cards of each rank in the pack (8 in the double pack)
    hidden = rules.cards - seen[13] - len(hand)
    chances = holding_chances(hidden, next_hand, copies)  # by unseen copies of a rank
    jack_keep = params.jack_keep if stock_left else params.jack_keep_late
    scores = []
    p_jack = -1.0
    # House bonuses (off by default, so the hot loop pays nothing for them then).
    jack_pile = 0
    if params.house_bonuses and rules.jack_table_points and n and all(ranks[x] == JACK_INDEX for x in pile):
        jack_pile = rules.jack_table_points
    last_capture = 0.0
    if params.house_bonuses and rules.final_capture_points and not stock_left:
        # The fewer plays are left, the likelier this capture is the round's last one.
        last_capture = rules.final_capture_points / (len(hand) + next_hand)
    for c in hand:
        r = ranks[c]
        p = pts[c]
        if n and (r == top or (r == JACK_INDEX and jacks_capture)):
            score = pile_points + p + w * (n + 1) + jack_pile + last_capture
            if n == 1 and r == top:
                score += (rules.jack_kseri_points or 0) if r == JACK_INDEX else rules.kseri_points
            elif r == JACK_INDEX:
                score -= jack_keep
        else:
            u = copies - seen[r] - held[r]
            p_rank = chances[u] if u > 0 else 0.0
            at_risk = pile_points + p + w * (n + 1)
            loss = p_rank * at_risk
            if n == 0:
                loss += p_rank * ((rules.jack_kseri_points or 0) if r == JACK_INDEX else rules.kseri_points)
            if r != JACK_INDEX:
                if jacks_capture:
                    if p_jack < 0:
                        uj = copies - seen[JACK_INDEX] - held[JACK_INDEX]
                        p_jack = chances[uj] if uj > 0 else 0.0
                    loss += (1.0 - p_rank) * p_jack * (1.0 if at_risk >= params.jack_worth else 0.3) * at_risk
                score = -loss - params.drop_cost * p
            else:
                score = -loss - params.drop_cost * p - jack_keep
        scores.append(score)
    return scores
