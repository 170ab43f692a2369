"""The hint at the sums table: every legal move valued, and each card by its best move (pure Python).

At the pile tables a card is a move, so the hint values cards. At the open table one
card may take, build, raise or lie loose, and those ways can differ by several points,
so the hint values every legal move (the hard bot's exact search,
:meth:`~kseri.bots.sums.thinker.SumsThinker.values`: the expected final point difference
of the round, you minus the bot). :func:`way_hints` turns those values into rows the
page shows on the choice buttons (:func:`kseri.web.sums.render.ways_html`);
:func:`card_hints` keeps each card's best move for the badges on the hand, with that
move's label as the reason.

>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import SumsRound, _demo_deck
>>> from kseri.i18n import set_language
>>> _ = set_language("en")
>>> state = SumsRound.from_deck(SUMS, 1, _demo_deck())
>>> values = {move: 0.0 for move in state.legal_moves()}
>>> values[state.parse_move("7H:3C+4D")] = 2.5
>>> rows = way_hints(state, values)
>>> rows[0]
HintEntry(card='7H', value=2.5, best=True, loss=0.0, reason=None, way='Take 3♣ + 4♦', move='7H:3C+4D')
>>> [(h.card, h.best, h.loss, h.way) for h in card_hints(rows)][:2]
[('7H', True, 0.0, 'Take 3♣ + 4♦'), ('10H', False, 2.5, 'Take 10♠')]
>>> way_hint_text(rows[0]), way_hint_text(rows[1])
('★', '−2.5')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kseri.engine.cards import CODES
from kseri.engine.sums.round import SumsMove, SumsRound
from kseri.i18n import decimal
from kseri.table.sums.moves import ways_for
from kseri.table.views import HintEntry

__all__ = ["card_hints", "way_hint_text", "way_hints"]


def way_hints(state: SumsRound, values: Mapping[SumsMove, float]) -> tuple[HintEntry, ...]:
    """Every valued move as a row, best first (ties in the engine's order of moves): its card, its value,
    and the move (:attr:`~kseri.table.views.HintEntry.move`, with its label as the way).

    ``values`` must value every legal move of ``state`` (the search's ``exact`` mode does);
    a move missing or not legal is an error, not a quiet gap in the hint."""
    legal = state.legal_moves()
    if set(values) != set(legal):
        missing = [str(m) for m in legal if m not in values]
        extra = [str(m) for m in values if m not in legal]
        raise ValueError(f"the hint must value every legal move (missing {missing}, not legal {extra})")
    labels = {way.move: way.label for code in {CODES[m.card] for m in legal} for way in ways_for(state, code)}
    best = max(values.values())
    order = {move: i for i, move in enumerate(legal)}
    rows = sorted(legal, key=lambda move: (-values[move], order[move]))
    return tuple(HintEntry(card=CODES[move.card], value=round(values[move], 1), best=values[move] >= best - 1e-9,
                           loss=round(max(0.0, best - values[move]), 1), way=labels[str(move)], move=str(move))
                 for move in rows)


def card_hints(rows: Sequence[HintEntry]) -> tuple[HintEntry, ...]:
    """Each card valued by its best move: its first row (``rows`` best first, as :func:`way_hints` gives them)."""
    seen: dict[str, HintEntry] = {}
    for row in rows:
        seen.setdefault(row.card, row)
    return tuple(seen.values())


def way_hint_text(row: HintEntry) -> str:
    """A choice button's badge: ``★`` on the best move, the points it costs against the best on the others."""
    if row.best or row.loss == 0:
        return "★" if row.best else decimal(0.0)
    return f"−{decimal(row.loss)}"
