"""The next bot's decisions, thought out while a person chooses their card.

A search level may need longer than the page's pause before a bot's card flies (at the Greek
table ``expert`` plays 16,000 play-outs a decision). A person choosing their card leaves the page
idle for a second or more, so the bot who moves after them thinks ahead meanwhile: for each card
they may play (the hint's best first, where it has been worked out), the decision that bot would
make once that card is down. When the card is played, the decision thought out for it is taken up,
finished or not, and the others are dropped.

This changes when a bot's move is ready, never which move it is: a decision depends only on the
level, the observation and its generator, which is derived from the seed and the position
(:class:`~kseri.table.bot_turns.BotTurns`), and a decision is taken up
only where all three are what the bot has when its turn comes.

>>> ahead = ThinkingAhead()
>>> ahead.restart((0, 3), ["7H", "KS"])
>>> made = []
>>> def decide(move):
...     made.append(move)
...     return None                  # nobody's bot moves after this card (a person, the round's end)
>>> ahead.step(decide, max_ms=25.0), made
(True, ['7H', 'KS'])
>>> ahead.take((0, 4), "expert", None) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the bots load on first use (start-up time in the page)
    from kseri.bots.thinking import Decision
    from kseri.engine.table import TableObservation

__all__ = ["Ahead", "ThinkingAhead"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Ahead:
    """A bot's decision at the position one move on."""

    position: tuple[int, int]
    """Where it decides (round index, plays in the round before its move)."""
    level: str
    """The level deciding."""
    observation: TableObservation[Any]
    """What it sees there."""
    decision: Decision[Any]
    """Its decision, thought out in :meth:`ThinkingAhead.step` slices."""


class ThinkingAhead:
    """The decisions thought out at one person's position, one candidate move at a time."""

    def __init__(self) -> None:
        self.position: tuple[int, int] | None = None
        """The person's position they were thought out at (None: nothing thought out)."""
        self._todo: list[Any] = []
        self._ahead: list[Ahead] = []

    def restart(self, position: tuple[int, int], moves: Sequence[Any]) -> None:
        """Think ahead at ``position`` afresh, about ``moves`` in this order."""
        self.position = position
        self._todo = list(moves)
        self._ahead = []

    def forget(self) -> None:
        """Drop everything thought out (the table moved on in another way: a new round, a new match)."""
        self.position = None
        self._todo = []
        self._ahead = []

    def step(self, decide: Callable[[Any], Ahead | None], max_ms: float) -> bool:
        """Think for about ``max_ms`` about the next move still to think about, starting its
        decision with ``decide(move)`` (None: no bot decides after it); True once every move has
        been thought about. Each decision is finished before the next one starts, so the person's
        likeliest card (listed first) is the one most often ready."""
        current = self._ahead[-1].decision if self._ahead else None
        if current is not None and not current.done:
            current.step(max_ms)
            return False  # the next call goes on (a slice each, not two when this one finishes)
        while self._todo:
            started = decide(self._todo.pop(0))
            if started is not None:
                self._ahead.append(started)
                return False
        return True

    def take(self, position: tuple[int, int], level: str, observation: TableObservation[Any] | None
             ) -> Decision[Any] | None:
        """The decision thought out for a bot of ``level`` seeing ``observation`` at ``position``
        (finished or not), or None; everything else thought out is dropped either way."""
        found = next((a.decision for a in self._ahead if a.position == position and a.level == level
                      and a.observation == observation), None)
        self.forget()
        return found
