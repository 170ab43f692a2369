"""What the table does next, decided apart from the page (pure Python, tested in CPython).

The page's handlers (:mod:`kseri.web.play_ui`, :mod:`kseri.web.app`) ask here which step follows a
phase, whether your input counts now, and whether a failed bot's turn starts again by itself.

>>> next_step("bot"), next_step("round_over"), next_step("human")
('drive', 'round_summary', None)
"""

from __future__ import annotations

from typing import Literal

from kseri.table.seats import Phase
from kseri.web.state import Activity, UiState

__all__ = ["Recovery", "Step", "may_hint", "may_play", "next_step", "starts_on_close"]

Step = Literal["drive", "round_summary", "match_end"]
"""What carries the table on: the bots' turns, the round's summary, the match's result."""


def next_step(phase: Phase) -> Step | None:
    """What the table does on its own in ``phase`` (None: it waits for a person, or a friend's message).

    >>> next_step("match_over"), next_step("friend")
    ('match_end', None)
    """
    if phase == "bot":
        return "drive"
    if phase == "round_over":
        return "round_summary"
    if phase == "match_over":
        return "match_end"
    return None


def may_play(state: UiState, phase: Phase) -> bool:
    """Whether a card you choose is played now: on your turn, while no turn plays out (a hint being
    worked out does not stop you).

    >>> may_play(UiState(Activity.HINTING), "human"), may_play(UiState(Activity.PLAYING), "human")
    (True, False)
    >>> may_play(UiState(), "bot")
    False
    """
    return not state.busy and phase == "human"


def may_hint(state: UiState, phase: Phase) -> bool:
    """Whether the Hint button starts a hint: on your turn, on a quiet table (not twice at once).

    >>> may_hint(UiState(), "human"), may_hint(UiState(Activity.HINTING), "human")
    (True, False)
    """
    return state.activity is Activity.IDLE and phase == "human"


def starts_on_close(dialog: str, *, any_open: bool, phase: Phase, state: UiState) -> bool:
    """Whether the game dealt behind the first visit's welcome (or the new-game screen it led to) starts
    as ``dialog`` closes: the bot waited for the choice, so the game is one nobody has played yet.

    >>> starts_on_close("welcome", any_open=False, phase="bot", state=UiState())
    True
    >>> starts_on_close("welcome", any_open=True, phase="bot", state=UiState())  # the new-game screen opened
    False
    >>> starts_on_close("stats", any_open=False, phase="bot", state=UiState())
    False
    """
    return not any_open and dialog in ("welcome", "new-game") and phase == "bot" and state.activity is Activity.IDLE


class Recovery:
    """After a failure with the bot to play, its turn starts again by itself once per position; should it
    fail there again, the player is asked (a button), so a failure that repeats never loops.

    >>> recovery = Recovery()
    >>> recovery.retry((1, 4)), recovery.retry((1, 4)), recovery.retry((1, 5))
    (True, False, True)
    >>> recovery.forget(); recovery.retry((1, 5))
    True
    """

    __slots__ = ("_retried_at",)

    def __init__(self) -> None:
        self._retried_at: tuple[int, int] | None = None

    def retry(self, here: tuple[int, int]) -> bool:
        """A failure at ``here`` (round, plays in it): whether the bot's turn starts again by itself."""
        retry = here != self._retried_at
        self._retried_at = here
        return retry

    def forget(self) -> None:
        """Another game: an earlier failure no longer counts."""
        self._retried_at = None
