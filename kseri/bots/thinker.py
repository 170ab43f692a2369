"""One decision of any level, computed in slices: :class:`Thinker`.

A level that plays a policy (``easy``, ``medium``) answers in one step; a
search level (``hard``) runs :func:`~kseri.bots.search.search_values` a unit
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
import time
from collections.abc import Generator

from kseri.bots.base import BotError, check_turn
from kseri.bots.levels import level_spec
from kseri.bots.scale import bot_view, unscale
from kseri.bots.search import Values, search_values
from kseri.engine.cards import Card
from kseri.engine.observation import Observation

__all__ = ["Thinker"]


class Thinker:
    """One decision, computed in slices: ``step()`` until it returns True, then ``choice()``.

    ``level`` is a level name (see :data:`kseri.bots.names.LEVELS`). ``samples``
    overrides a search level's number of sampled deals per card (default: from
    its work budget; when clearly worse cards are dropped, the close ones may
    get up to :attr:`~kseri.bots.params.SearchParams.max_factor` times as many).
    ``exact=True`` asks for a value for every card (not just the best one), as
    :func:`kseri.bots.evaluation.evaluate` needs; it then defaults to at most
    :data:`~kseri.bots.params.EVALUATE_SAMPLES` samples.

    The result depends only on the level, the observation, ``samples``,
    ``exact`` and the state of ``rng``, never on how the work is sliced.

    A slice is short whatever the rules: the search hands back control after
    every few milliseconds of work (:data:`~kseri.bots.params.STEP_WORK`), inside a
    sample and inside an exact solve too, and its total work is bounded (a
    budget of simulated plays, and of nodes for the exact last packet).
    :attr:`work`, :attr:`units` and :attr:`largest_unit` measure it without a clock.
    Point values too big for floats are scaled first (:mod:`kseri.bots.scale`).
    """

    def __init__(self, level: str, observation: Observation, rng: random.Random, *,
                 samples: int | None = None, exact: bool = False) -> None:
        if not isinstance(observation, Observation):
            raise BotError(f"a bot takes an Observation (one seat's view), not {type(observation).__name__}")
        if getattr(observation.rules, "table", "pile") != "pile":
            raise BotError(f"the bots play one-pile tables only, not {observation.rules.profile!r}")
        check_turn(observation)
        self.level = level
        self.observation = observation
        self._view, self._scale = bot_view(observation)
        self._spec = level_spec(level)
        self._rng = rng
        self._samples = samples
        self._exact = exact
        self._work: Generator[int, None, Values] | None = None
        self._values: Values | None = None
        self._card: Card | None = None
        self.units = 0
        """Units of work done so far: the search's pieces between two chances to stop."""
        self.work = 0
        """Work done so far, in the search's measure (:data:`~kseri.bots.params.STEP_WORK`)."""
        self.largest_unit = 0
        """The most work done in one unit: what one slice may overrun by."""

    @property
    def done(self) -> bool:
        return self._card is not None

    def step(self, max_ms: float = 25.0) -> bool:
        """Think for about ``max_ms`` milliseconds at most (one unit of work at least);
        True once the choice is made."""
        if self._card is not None:
            return True
        spec = self._spec
        if spec.search is None:
            self._card = spec.policy(self._view, self._rng)
            return True
        if self._work is None:
            if spec.searcher == "tree":
                from kseri.bots.expert.tree import EXPERT, expert_values
                self._work = expert_values(self._view, self._rng, EXPERT)
            else:
                self._work = search_values(self._view, self._rng, spec.search, self._samples, self._exact)
        deadline = time.perf_counter() + max_ms / 1000.0
        work = self._work
        while True:
            try:
                done = next(work)
            except StopIteration as stop:
                self._finish(stop.value)
                return True
            self.units += 1
            self.work += done
            if done > self.largest_unit:
                self.largest_unit = done
            if time.perf_counter() >= deadline:
                return False

    def _finish(self, values: Values) -> None:
        best = max(values.values())
        # First best in hand order: deterministic, whatever the slicing.
        self._card = Card.from_index(next(c for c in values if values[c] >= best - 1e-9))
        scale = self._scale
        self._values = values if scale == 1 else {c: unscale(v, scale) for c, v in values.items()}

    def run(self) -> Card:
        """Think to the end in one go and return the card."""
        while not self.step(1e9):
            pass
        return self.choice()

    def choice(self) -> Card:
        """The chosen card; :class:`BotError` if :meth:`step` has not finished."""
        if self._card is None:
            raise BotError("the bot has not finished thinking: call step() until it returns True")
        return self._card

    def values(self) -> Values | None:
        """For search levels, once done: ``{card index: expected final point difference}``
        (this seat's side minus the other, points already scored included), one entry per
        distinct card (same rank and points). With ``exact=True`` every entry is a full
        estimate; otherwise cards dropped as clearly worse are only reported below the
        chosen one. ``None`` for levels that do not search."""
        return self._values
