"""One decision of any level at the pile tables, computed in slices: :class:`Thinker`.

A level that plays a policy (``easy``, ``medium``) answers in one step; a
search level (``hard``) runs :func:`~kseri.bots.pile.search.search_values` a unit
of work at a time. The card depends only on the level, the observation and
the state of the injected generator, never on how the work is sliced:

>>> import random
>>> from kseri.engine.match import Match
>>> obs = Observation.from_round(Match.new(rng=random.Random(8), first_dealer=1).round, seat=0)
>>> think = Thinker("hard", obs, random.Random(1), samples=8)
>>> while not think.step(max_ms=5):
...     pass            # a page lets the browser breathe here
>>> think.choice() == Thinker("hard", obs, random.Random(1), samples=8).run()
True
"""

from __future__ import annotations

import random
from collections.abc import Generator

from kseri.bots.base import BotError, check_turn
from kseri.bots.pile.counting import expand_values
from kseri.bots.pile.levels import level_spec
from kseri.bots.pile.scale import bot_view, unscale
from kseri.bots.pile.search import Values, search_values
from kseri.bots.thinking import Decision, SlicedDecision
from kseri.engine.cards import Card, rank_index
from kseri.engine.pile.observation import Observation
from kseri.engine.rules import card_points_table

__all__ = ["Thinker", "decide"]


class Thinker(SlicedDecision[Card, Values]):
    """One decision, computed in slices: ``step()`` until it returns True, then ``choice()``
    (a :class:`~kseri.bots.thinking.Decision`).

    ``level`` is a level name (see :data:`kseri.bots.names.LEVELS`). ``samples``
    overrides a search level's number of sampled deals per card (default: from
    its work budget; when clearly worse cards are dropped, the close ones may
    get up to :attr:`~kseri.bots.pile.params.SearchParams.max_factor` times as many).
    ``exact=True`` asks for a value for every card (not just the best one), as
    :func:`kseri.bots.pile.evaluation.evaluate` needs; it then defaults to at most
    :data:`~kseri.bots.pile.params.EVALUATE_SAMPLES` samples.

    The result depends only on the level, the observation, ``samples``,
    ``exact`` and the state of ``rng``, never on how the work is sliced.

    A slice is short whatever the rules: the search hands back control after
    every few milliseconds of work (:data:`~kseri.bots.pile.params.STEP_WORK`), inside a
    sample and inside an exact solve too, and its total work is bounded (a
    budget of simulated plays, and of nodes for the exact last packet).
    :attr:`work`, :attr:`units` and :attr:`largest_unit` measure it without a clock.
    Point values too big for floats are scaled first (:mod:`kseri.bots.pile.scale`).
    """

    observation: Observation

    def __init__(self, level: str, observation: Observation, rng: random.Random, *,
                 samples: int | None = None, exact: bool = False) -> None:
        if not isinstance(observation, Observation):
            raise BotError(f"a bot takes an Observation (one seat's view), not {type(observation).__name__}")
        if getattr(observation.rules, "table", "pile") != "pile":
            raise BotError(f"the bots play one-pile tables only, not {observation.rules.profile!r}")
        check_turn(observation)
        super().__init__(level, observation)
        self._view, self._scale = bot_view(observation)
        self._spec = level_spec(level)
        self._rng = rng
        self._samples = samples
        self._exact = exact
        self._values: Values | None = None
        self._errors: Values = {}
        """Filled by the search: each distinct card's standard error against the best (``search_values``)."""

    def _answer_now(self) -> bool:
        spec = self._spec
        if spec.search is not None:
            return False
        self._move = spec.policy(self._view, self._rng)
        return True

    def _search(self) -> Generator[int, None, Values]:
        assert self._spec.search is not None
        if self._spec.searcher == "tree":  # the expert's (imported when used: start-up time)
            from kseri.bots.pile.tree import EXPERT, expert_values
            return expert_values(self._view, self._rng, EXPERT)
        return search_values(self._view, self._rng, self._spec.search, self._samples, self._exact, self._errors)

    def _finish(self, values: Values) -> None:
        best = max(values.values())
        # First best in hand order: deterministic, whatever the slicing.
        self._move = Card.from_index(next(c for c in values if values[c] >= best - 1e-9))
        scale = self._scale
        self._values = values if scale == 1 else {c: unscale(v, scale) for c, v in values.items()}
        if scale != 1:
            self._errors = {c: unscale(e, scale) for c, e in self._errors.items()}

    def values(self) -> Values | None:
        """For search levels, once done: ``{card index: expected final point difference}``
        (this seat's side minus the other, points already scored included), one entry per
        distinct card (same rank and points). With ``exact=True`` every entry is a full
        estimate; otherwise cards dropped as clearly worse are only reported below the
        chosen one. ``None`` for levels that do not search."""
        return self._values

    def move_values(self) -> list[tuple[Card, float]] | None:
        """Every card in hand with the value of its class (:meth:`values`), best first, ties in
        hand order (:func:`~kseri.bots.pile.counting.expand_values`); None without a search."""
        values = self._values
        return None if values is None else expand_values(self.observation, values)

    def move_errors(self) -> list[tuple[Card, float]] | None:
        """Once done, every card in hand (in :meth:`move_values`' order) with the standard error of
        the best card's value minus its own (paired on the same sampled deals; 0 where the values
        are exact, and for the best card); None without a search, or one that does not say (the
        expert's tree)."""
        rows = self.move_values()
        if rows is None or not self._errors:
            return None
        points = card_points_table(self.observation.rules)
        by_class = {(rank_index(c), points[c]): e for c, e in self._errors.items()}
        return [(card, by_class.get((rank_index(card.index), points[card.index]), 0.0)) for card, _ in rows]


def decide(level: str, observation: Observation, rng: random.Random, *, exact: bool = False,
           samples: int | None = None) -> Decision[Card]:
    """The decision of ``level`` at a pile table (:func:`kseri.bots.tables.decision` finds it);
    ``samples`` overrides a search's sampled deals per card (:class:`Thinker`)."""
    return Thinker(level, observation, rng, exact=exact, samples=samples)
