"""What the table is doing right now: one :class:`UiState` value (pure Python).

The page is always in exactly one :class:`Activity`, and every sequence it
runs (a turn, a deal, a hint) belongs to one match, counted by
``generation``: a new match starts a new generation, and a sequence of an
older one stops at its next step.

>>> state = UiState()
>>> state.activity.name, state.busy
('IDLE', False)
>>> thinking = state.to(Activity.THINKING)
>>> thinking.busy, thinking.thinking, thinking.generation
(True, True, 0)
>>> fresh = thinking.new_match()
>>> fresh.activity.name, fresh.generation, fresh.current(0)
('PLAYING', 1, False)
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass

__all__ = ["Activity", "UiState"]


class Activity(enum.Enum):
    """What the table is busy with (``IDLE``: nothing)."""

    IDLE = "idle"
    """Nothing runs: on your turn your cards are live."""
    HINTING = "hinting"
    """The hint is being worked out; your cards stay live (playing one drops the hint)."""
    PLAYING = "playing"
    """A turn is played out (cards fly, pauses run); your hand is locked."""
    THINKING = "thinking"
    """The bot is thinking; your hand is locked."""
    DEALING = "dealing"
    """New cards slide in from the stock; your hand is locked."""


_LOCKED = frozenset({Activity.PLAYING, Activity.THINKING, Activity.DEALING})


@dataclass(frozen=True, slots=True)
class UiState:
    """The table's activity and the match (``generation``) its sequences belong to."""

    activity: Activity = Activity.IDLE
    generation: int = 0
    """Bumped by every new match."""

    @property
    def busy(self) -> bool:
        """A turn is being played out: your hand is locked.

        >>> UiState(Activity.HINTING).busy, UiState(Activity.DEALING).busy
        (False, True)
        """
        return self.activity in _LOCKED

    @property
    def thinking(self) -> bool:
        return self.activity is Activity.THINKING

    @property
    def dealing(self) -> bool:
        return self.activity is Activity.DEALING

    @property
    def hinting(self) -> bool:
        return self.activity is Activity.HINTING

    def to(self, activity: Activity) -> UiState:
        """The same match doing ``activity``."""
        return dataclasses.replace(self, activity=activity)

    def new_match(self) -> UiState:
        """A new match, its first deal under way (the old match's sequences stop)."""
        return UiState(Activity.PLAYING, self.generation + 1)

    def current(self, generation: int) -> bool:
        """Whether a sequence started in ``generation`` may go on.

        >>> UiState(generation=3).current(3), UiState(generation=3).current(2)
        (True, False)
        """
        return generation == self.generation
