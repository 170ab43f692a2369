"""One decision at the sums table, computed in slices: :class:`SumsThinker`.

The sums table's counterpart of :class:`~kseri.bots.pile.thinker.Thinker`, with the
same shape (``step(max_ms)`` until True, then ``choice()``), so the page drives
both alike. A decision is a :class:`~kseri.engine.sums.round.SumsMove` (which card,
and which capture or build), written in the record's notation by ``str()``.

``easy`` and ``medium`` answer in one step (:mod:`kseri.bots.sums.policy`);
``hard`` runs :func:`~kseri.bots.sums.search.search_values` a play-out at a time,
returning from :meth:`SumsThinker.step` once ``max_ms`` have passed. The move
depends only on the level, the observation and the state of the injected
generator, never on how the work is sliced.

>>> import random
>>> from kseri.engine.rules import SUMS
>>> from kseri.engine.sums.round import SumsRound, _demo_deck
>>> from kseri.engine.sums.observation import SumsObservation
>>> state = SumsRound.from_deck(SUMS, 1, _demo_deck())
>>> obs = SumsObservation.from_round(state, seat=0)
>>> think = SumsThinker("medium", obs, random.Random(1))
>>> while not think.step(max_ms=5):
...     pass
>>> think.choice() in obs.legal_moves()
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Generator

from kseri.bots.base import BotError, check_level, check_turn
from kseri.bots.sums.policy import SumsValues, choose_move, value_moves
from kseri.bots.sums.search import SearchResult, SumsSearchParams, search_values
from kseri.bots.thinking import Decision, SlicedDecision
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsMove

__all__ = ["EXACT_SEARCH", "EXPERT_SEARCH", "SEARCH", "SumsThinker", "decide"]

SEARCH = SumsSearchParams()
"""``hard``'s search when it chooses a move."""
EXACT_SEARCH = SumsSearchParams(budget=12_000, endgame_nodes=12_000)
"""``hard``'s search when it values every legal move (hints, the review)."""
EXPERT_SEARCH = SumsSearchParams(budget=20_000, candidates=6, endgame_cards=10, endgame_nodes=40_000)
"""``expert``'s search (``docs/bots.md``)."""


class SumsThinker(SlicedDecision[SumsMove, SearchResult]):
    """One sums-table decision, computed in slices: ``step()`` until it returns True, then ``choice()``
    (a :class:`~kseri.bots.thinking.Decision`).

    ``exact=True`` asks for a value for every legal move (hints, the review): for
    ``hard`` the expected final round difference (this seat's side minus the other,
    points already scored included); for the policy levels their policy's value.
    ``search`` overrides ``hard``'s :class:`~kseri.bots.sums.search.SumsSearchParams`.
    The result depends only on the level, the observation and the state of ``rng``.
    """

    observation: SumsObservation

    def __init__(self, level: str, observation: SumsObservation, rng: random.Random, *,
                 exact: bool = False, search: SumsSearchParams | None = None) -> None:
        if not isinstance(observation, SumsObservation):
            raise BotError(f"a sums bot takes a SumsObservation, not {type(observation).__name__}")
        check_level(level)
        check_turn(observation)
        super().__init__(level, observation)
        self._rng = rng
        self._exact = exact
        self._search_params = search if search is not None else EXACT_SEARCH if exact else \
            EXPERT_SEARCH if level == "expert" else SEARCH
        self._values: SumsValues | None = None

    def _answer_now(self) -> bool:
        if self.level in ("hard", "expert"):
            return False
        if self._exact:
            self._take(value_moves(self.level, self.observation, self._rng))
        else:
            self._move = choose_move(self.level, self.observation, self._rng)
        return True

    def _search(self) -> Generator[int, None, SearchResult]:
        return search_values(self.observation, self._rng, self._search_params, exact=self._exact)

    def _finish(self, result: SearchResult) -> None:
        values, move = result
        self._take(values, move)

    def _take(self, values: SumsValues, move: SumsMove | None = None) -> None:
        best = max(values.values())
        # The first best in legal-move order: deterministic, whatever the slicing.
        self._move = move if move is not None else next(m for m, v in values.items() if v >= best - 1e-9)
        self._values = values

    def values(self) -> SumsValues | None:
        """With ``exact=True``, once done: every legal move's value (higher is better).

        ``hard`` plays the heuristic's move unless the play-outs beat it clearly (sampling noise
        never overrules it), so its :meth:`choice` need not be the move valued highest here;
        in the last packet, solved exactly, it is. Without ``exact``, ``hard``'s values cover only
        the moves it searched (the others just below); the policy levels then give None."""
        return self._values

    def move_values(self) -> list[tuple[SumsMove, float]] | None:
        """:meth:`values` best first, ties in legal-move order (None before they exist)."""
        values = self._values
        if values is None:
            return None
        ranked = sorted(enumerate(values.items()), key=lambda entry: (-entry[1][1], entry[0]))
        return [pair for _, pair in ranked]


def decide(level: str, observation: SumsObservation, rng: random.Random, *, exact: bool = False,
           samples: int | None = None) -> Decision[SumsMove]:
    """The decision of ``level`` at the open table (:func:`kseri.bots.tables.decision` finds it);
    ``samples`` fixes a search's sampled deals per move (its budget decides them otherwise)."""
    search = None
    if samples is not None:
        base = EXACT_SEARCH if exact else EXPERT_SEARCH if level == "expert" else SEARCH
        search = dataclasses.replace(base, min_samples=max(1, samples), max_samples=max(1, samples))
    return SumsThinker(level, observation, rng, exact=exact, search=search)

