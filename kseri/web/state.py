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

The page holds its state in one :class:`StateOwner`: every change goes through it, and a change the
table cannot make (dealing while the bot thinks, a hint while a card flies) is refused:

>>> owner = StateOwner()
>>> owner.to(Activity.HINTING).activity.name
'HINTING'
>>> owner.to(Activity.DEALING)
Traceback (most recent call last):
...
kseri.web.state.StateError: the table cannot go from hinting to dealing
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass

__all__ = ["TRANSITIONS", "Activity", "StateError", "StateOwner", "UiState"]


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


TRANSITIONS: dict[Activity, frozenset[Activity]] = {
    Activity.IDLE: frozenset({Activity.IDLE, Activity.HINTING, Activity.PLAYING, Activity.THINKING}),
    Activity.HINTING: frozenset({Activity.IDLE, Activity.HINTING, Activity.PLAYING}),
    Activity.PLAYING: frozenset({Activity.IDLE, Activity.PLAYING, Activity.THINKING, Activity.DEALING}),
    Activity.THINKING: frozenset({Activity.IDLE, Activity.PLAYING}),
    Activity.DEALING: frozenset({Activity.IDLE, Activity.PLAYING}),
}
"""The activities each activity may move on to within a match (a new match may start from any).
Cards are dealt in only while a turn or a round plays out; the bot thinks only between plays; a hint
is asked for only on a quiet table (a card played while it is worked out moves on to ``PLAYING``)."""


class StateError(ValueError):
    """A change of the table's activity that the table cannot make (a bug in the page, never the player's)."""


class StateOwner:
    """The one holder of the page's :class:`UiState`: every change of it goes through here, checked
    against :data:`TRANSITIONS`.

    >>> owner = StateOwner()
    >>> playing = owner.to(Activity.PLAYING)
    >>> owner.to_if(playing, Activity.DEALING), owner.value.activity.name
    (True, 'DEALING')
    >>> owner.to_if(playing, Activity.IDLE)  # moved on meanwhile: left alone
    False
    >>> owner.new_match(Activity.IDLE)
    UiState(activity=<Activity.IDLE: 'idle'>, generation=1)
    """

    __slots__ = ("_value",)

    def __init__(self, value: UiState | None = None) -> None:
        self._value = value if value is not None else UiState()

    @property
    def value(self) -> UiState:
        """What the table is doing now."""
        return self._value

    def to(self, activity: Activity) -> UiState:
        """Move on to ``activity`` in the same match and return the new state; :class:`StateError` if the
        table cannot go there from where it is."""
        here = self._value.activity
        if activity not in TRANSITIONS[here]:
            raise StateError(f"the table cannot go from {here.value} to {activity.value}")
        self._value = self._value.to(activity)
        return self._value

    def to_if(self, at: UiState, activity: Activity) -> bool:
        """Move on to ``activity`` only if the state is still ``at`` (False, and nothing changes, when a
        newer sequence or match took over meanwhile)."""
        if self._value != at:
            return False
        self.to(activity)
        return True

    def new_match(self, activity: Activity = Activity.PLAYING) -> UiState:
        """A new match (or game taken over where it stands): the old match's sequences stop at their
        next step; the new one starts ``activity`` (its first deal under way, or quiet)."""
        self._value = self._value.new_match().to(activity)
        return self._value

    def __repr__(self) -> str:
        return f"StateOwner({self._value!r})"
