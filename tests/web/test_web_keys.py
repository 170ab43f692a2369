"""What a key press means at the table (kseri.web.keys), under CPython."""

from __future__ import annotations

import doctest

import pytest

from kseri.web import keys
from kseri.web.keys import KeyCommand, KeyContext, command_for


def ctx(**kw) -> KeyContext:
    return KeyContext(**{"hand_size": 6, "focus": "body", **kw})


def test_doctests():
    assert doctest.testmod(keys).failed == 0


@pytest.mark.parametrize("key, index", [("1", 0), ("6", 5)])
def test_number_keys_play_that_card(key, index):
    assert command_for(key, ctx()) == KeyCommand("play", index)
    assert command_for(key, ctx(focus="other")) == KeyCommand("play", index)


def test_number_keys_beyond_the_hand_or_on_a_disabled_card_do_nothing():
    assert command_for("7", ctx()) is None
    assert command_for("0", ctx()) is None
    assert command_for("2", ctx(playable=(True, False, True, True, True, True))) is None


def test_arrows_move_along_the_hand_and_wrap():
    hand = {"focus": "hand", "focused_index": 2}
    assert command_for("ArrowRight", ctx(**hand)) == KeyCommand("focus", 3)
    assert command_for("ArrowDown", ctx(**hand)) == KeyCommand("focus", 3)
    assert command_for("ArrowLeft", ctx(**hand)) == KeyCommand("focus", 1)
    assert command_for("ArrowUp", ctx(focus="hand", focused_index=0)) == KeyCommand("focus", 5)
    assert command_for("ArrowRight", ctx(focus="hand", focused_index=5)) == KeyCommand("focus", 0)
    assert command_for("Home", ctx(**hand)) == KeyCommand("focus", 0)
    assert command_for("End", ctx(**hand)) == KeyCommand("focus", 5)
    # From the bare page an arrow enters the hand at its start; End at its end.
    assert command_for("ArrowRight", ctx()) == KeyCommand("focus", 0)
    assert command_for("End", ctx()) == KeyCommand("focus", 5)


def test_arrows_keep_their_meaning_elsewhere():
    assert command_for("ArrowDown", ctx(focus="form")) is None
    assert command_for("ArrowDown", ctx(focus="other")) is None
    assert command_for("ArrowRight", ctx(hand_size=0)) is None


def test_shortcuts_and_what_is_not_ours():
    assert command_for("h", ctx()) == KeyCommand("hint")
    assert command_for("H", ctx()) == KeyCommand("hint")
    assert command_for("?", ctx()) == KeyCommand("rules")
    assert command_for("1", ctx(modifiers=True)) is None  # Ctrl+1 switches tabs
    assert command_for("1", ctx(dialog_open=True)) is None
    assert command_for("h", ctx(focus="form")) is None  # typing in a field
    assert command_for("x", ctx()) is None


def test_any_key_but_tab_hurries_an_animation():
    for key in ("1", " ", "Enter", "Escape", "ArrowLeft", "x"):
        assert command_for(key, ctx(animating=True)) == KeyCommand("hurry")
    assert command_for("Tab", ctx(animating=True)) is None
    assert command_for("1", ctx(animating=True, modifiers=True)) is None
    assert {" ", "Enter", "Escape"} == keys.HURRY_KEYS_CONSUMED
