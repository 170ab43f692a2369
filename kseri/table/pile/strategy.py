"""The pile tables' :class:`~kseri.table.strategy.TableStrategy`: a card is its one move.

>>> import random
>>> from kseri.engine.rules import GREEK
>>> from kseri.engine.tables import table_for
>>> state = table_for(GREEK).deal(GREEK, 1, random.Random(3))
>>> PILE.ways(state, "7H"), PILE.open_table(state)
((MoveWay(move='7H', kind='card', label='', cards=(), value=None),), None)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from kseri.engine.cards import Card, rank_index
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import Rules, card_points_table
from kseri.engine.scoring import Breakdown
from kseri.i18n import N_, ngettext
from kseri.table.estimates import loss_against_best
from kseri.table.moves import MoveWay
from kseri.table.pile.hints import reason_for
from kseri.table.pile.words import describe_take
from kseri.table.strategy import HintRows, TableStrategy, TableWords
from kseri.table.views import HintEntry, LastPlay, TableItemView
from kseri.table.words import WordKey, counted

__all__ = ["PILE", "PileStrategy"]

_JACK_COUNTS: Mapping[WordKey, Callable[[int], str]] = {
    "kseri": lambda n: ngettext("{n} jack kseri", "{n} jack kseris", n),
    "pisti": lambda n: ngettext("{n} jack pişti", "{n} jack piştis", n),
}
"""A side's jack kseris in words, by the table's word for a kseri (a pile table's word is never the
open table's xeri)."""


class PileStrategy:
    """One pile, a card takes it by matching the top card: the Greek game, four-card, pişti."""

    name = "pile"
    hand_matters = False
    laid_out = False
    words = TableWords(xeri=False, kseri_rule=N_("a lone card taken with its twin"),
                       intro=N_("Play a card of the <b>same rank</b> as the top card — or a <b>jack</b> — to take "
                                "the pile. Take a <b>lone</b> card with its twin for a <b>{word}</b>: +{points}."),
                       intro_jacks_take_jacks=N_("Play a card of the <b>same rank</b> as the top card to take the "
                                                 "pile (a jack too takes only a jack). Take a <b>lone</b> card with "
                                                 "its twin for a <b>{word}</b>: +{points}."))

    def seating_refusal(self, rules: Rules) -> str | None:
        return None  # every seating the engine deals (2 to 6 seats, one or two packs)

    def plays_house_rule(self, key: str) -> bool:
        return True

    def kseri_note(self, side: Breakdown, word: WordKey) -> str:
        parts = []
        if side.kseris:
            parts.append(counted(word, side.kseris))
        if side.jack_kseris:
            parts.append(_JACK_COUNTS[word](side.jack_kseris).format(n=side.jack_kseris))
        return ", ".join(parts)

    def take_line(self, play: LastPlay) -> str:
        return describe_take(play)

    def open_table(self, state: Round) -> tuple[TableItemView, ...] | None:
        return None

    def ways(self, state: Round, code: str) -> tuple[MoveWay, ...]:
        return (MoveWay(code, "card", "", ()),)

    def refusal(self, state: Round, code: str) -> str | None:
        return None  # any card in hand may be played (the engine names a card that is not)

    def person_move(self, state: Round, given: Card | str) -> Card:
        return Card.parse(given) if isinstance(given, str) else given

    def last_play(self, state: Round, move: Card, play: LastPlay) -> LastPlay:
        return play

    def fallback(self, state: Round, observation: Observation, rng: random.Random) -> Card:
        """The ``easy`` policy's card."""
        from kseri.bots.pile.easy import choose_easy  # the bots load on first use (start-up time)
        return choose_easy(observation, rng)

    def hidden_hand_key(self, state: Round, move: str) -> Callable[[int], bool] | None:
        return None  # any card in hand may be played: no filling makes a refused play legal

    def hint_rows(self, observation: Observation, state: Round, values: Sequence[tuple[Card, float]],
                  errors: Sequence[tuple[Card, float]] | None = None) -> HintRows:
        best = values[0][1]
        error = dict(errors or ())
        return HintRows(tuple(HintEntry(card=card.code, value=round(value, 1), best=value >= best - 1e-9,
                                        loss=round(loss_against_best(best, value, error.get(card, 0.0)), 1),
                                        reason=reason_for(observation, card))
                              for card, value in values))

    def no_choice(self, observation: Observation) -> bool:
        points = card_points_table(observation.rules)  # same rank and points: cards that play alike
        return len({(rank_index(c), points[c]) for c in observation.hand}) == 1

    def played_row(self, rows: HintRows, move: str) -> HintEntry:
        for row in rows.cards:
            if row.card == move:
                return row
        raise ValueError(f"the hint's rows do not value the card played, {move}")


PILE: TableStrategy[Round, Observation] = PileStrategy()
"""The pile tables' strategy."""
