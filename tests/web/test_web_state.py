"""The table's one UI state (kseri.web.state), under CPython."""

from __future__ import annotations

import dataclasses

import pytest

from kseri.web.state import Activity, UiState


def test_a_new_page_is_idle_in_its_first_match():
    state = UiState()
    assert state == UiState(Activity.IDLE, 0)
    assert not (state.busy or state.thinking or state.dealing or state.hinting)


@pytest.mark.parametrize("activity, busy", [
    (Activity.IDLE, False), (Activity.HINTING, False),
    (Activity.PLAYING, True), (Activity.THINKING, True), (Activity.DEALING, True),
])
def test_the_hand_is_locked_exactly_while_a_turn_plays_out(activity, busy):
    state = UiState(activity, 4)
    assert state.busy is busy
    assert state.thinking is (activity is Activity.THINKING)
    assert state.dealing is (activity is Activity.DEALING)
    assert state.hinting is (activity is Activity.HINTING)


def test_moving_on_keeps_the_match_and_a_new_match_stops_the_old_sequences():
    state = UiState(Activity.HINTING, 2)
    assert state.to(Activity.THINKING) == UiState(Activity.THINKING, 2)
    fresh = state.to(Activity.DEALING).new_match()
    assert fresh == UiState(Activity.PLAYING, 3)
    assert fresh.current(3) and not fresh.current(2)


def test_the_state_is_one_immutable_value():
    with pytest.raises(dataclasses.FrozenInstanceError):
        UiState().activity = Activity.PLAYING  # type: ignore[misc]
    assert len({UiState(), UiState(Activity.IDLE, 0)}) == 1
