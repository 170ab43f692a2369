"""The open table's :class:`~kseri.table.strategy.TableStrategy`: a card and what it takes or builds.

A move is a :class:`~kseri.engine.sums.round.SumsMove`, written ``7H:3C+4D``, ``5S>3H``, ``9D``:
a hand card may be played several ways (:mod:`kseri.table.sums.moves`), the hint values every
way (:mod:`kseri.table.sums.hints`), and the table's lines speak of sums and builds
(:mod:`kseri.table.sums.words`). The open table seats you against one bot.

>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import SumsRound, _demo_deck
>>> state = SumsRound.from_deck(SUMS, 1, _demo_deck())
>>> [way.move for way in SUMS_STRATEGY.ways(state, "7H")]
['7H:3C+4D', '7H>3C', '7H']
>>> SUMS_STRATEGY.open_table(state)[0]
TableItemView(cards=('3C',), value=3, owner=None)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence

from kseri.engine.cards import CODES, Card, rank_index
from kseri.engine.errors import IllegalMoveError, KseriError
from kseri.engine.rules import Rules
from kseri.engine.scoring import Breakdown
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsMove, SumsRound, number_value
from kseri.i18n import N_, _
from kseri.table.moves import MoveWay
from kseri.table.strategy import HintRows, TableStrategy, TableWords
from kseri.table.sums.hints import card_hints, way_hints
from kseri.table.sums.moves import refusal_for, ways_for
from kseri.table.sums.words import sums_take_line
from kseri.table.views import HintEntry, LastPlay, TableItemView
from kseri.table.words import WordKey, counted

__all__ = ["SUMS_STRATEGY", "SumsStrategy"]


class SumsStrategy:
    """Cards side by side, captures by rank or by sum, builds: you against one bot."""

    name = "sums"
    hand_matters = True
    laid_out = True
    words = TableWords(xeri=True, kseri_rule=N_("a capture that empties the table"),
                       intro=N_("A card takes one of its rank, or cards that <b>add up</b> to it; you may <b>build</b> "
                                "a sum you hold. Empty the table for a <b>{word}</b>: +{points}."))

    def seating_refusal(self, rules: Rules) -> str | None:
        return _("the open (sums) table seats two players") if rules.players != 2 else None

    def plays_house_rule(self, key: str) -> bool:
        # The open table keeps a kseri's last-card rule and the last capture's bonus (docs/rules.md §"Sums
        # options"); the others speak of a pile, a bottom card or jacks taking, which it has not.
        return key in ("no_last_card_kseri", "last_capture_bonus")

    def kseri_note(self, side: Breakdown, word: WordKey) -> str:
        return counted(word, side.kseris) if side.kseris else ""

    def take_line(self, play: LastPlay) -> str:
        return sums_take_line(play)

    def open_table(self, state: SumsRound) -> tuple[TableItemView, ...]:
        return tuple(TableItemView(tuple(CODES[c] for c in item.cards), item.value, item.owner) for item in state.table)

    def ways(self, state: SumsRound, code: str) -> tuple[MoveWay, ...]:
        return ways_for(state, code)

    def refusal(self, state: SumsRound, code: str) -> str | None:
        return refusal_for(state, code)

    def person_move(self, state: SumsRound, given: SumsMove | Card | str) -> SumsMove:
        move = state.parse_move(given) if isinstance(given, str) else (
            SumsMove(given.index, "drop") if isinstance(given, Card) else given)
        if move not in state.legal_moves():
            why = refusal_for(state, CODES[move.card]) if move.card in state.hands[state.to_move] else None
            raise IllegalMoveError(why or _("That play is not allowed here."))
        return move

    def last_play(self, state: SumsRound, move: SumsMove, play: LastPlay) -> LastPlay:
        built = None
        if move.kind == "build":
            built = next((item.value for item in state.table if move.card in item.cards), None)
        return dataclasses.replace(play, build_value=built)

    def fallback(self, state: SumsRound, observation: SumsObservation, rng: random.Random) -> SumsMove:
        """A random legal move."""
        return rng.choice(state.legal_moves())

    def hidden_hand_key(self, state: SumsRound, move: str) -> Callable[[int], bool] | None:
        """A build needs a card of its value kept in hand; a card laid loose beside one's own build, a
        hand with nothing that takes: cards that take nothing on the table are tried first."""
        if ">" in move:
            wanted = _build_value(state, move)
            return lambda card: number_value(card) == wanted
        return lambda card: not _takes(state, card)

    def hint_rows(self, observation: SumsObservation, state: SumsRound, values: Sequence[tuple[SumsMove, float]],
                  errors: Sequence[tuple[SumsMove, float]] | None = None) -> HintRows:
        # (The open table's search does not say its errors: ``errors`` is None here.)
        rows = way_hints(state, dict(values))
        return HintRows(card_hints(rows), {row.move: row for row in rows})

    def no_choice(self, observation: SumsObservation) -> bool:
        return len(observation.legal_moves()) == 1

    def played_row(self, rows: HintRows, move: str) -> HintEntry:
        row = rows.ways.get(move)
        if row is None:
            raise ValueError(f"the hint's rows do not value the move played, {move}")
        return row


def _takes(state: SumsRound, card: int) -> bool:
    """Whether ``card`` would take something on the table: a loose card of its rank, or numbers adding to its value."""
    value = number_value(card)
    if value is None:
        return any(not item.is_build and rank_index(item.cards[0]) == rank_index(card) for item in state.table)
    sums: set[int] = set()
    for item in state.table:
        if item.value is not None:
            sums |= {item.value} | {total + item.value for total in sums if total + item.value <= 10}
    return value in sums


def _build_value(state: SumsRound, move: str) -> int | None:
    """For a build (``5S>3H``): the value it makes, which a card kept in hand must have."""
    if ">" not in move:
        return None
    try:
        parsed = state.parse_move(move)
    except KseriError:
        return None
    item = next((item for item in state.table if parsed.onto in item.cards), None)
    value = number_value(parsed.card)
    return None if item is None or item.value is None or value is None else item.value + value


SUMS_STRATEGY: TableStrategy[SumsRound, SumsObservation] = SumsStrategy()
"""The open table's strategy."""
