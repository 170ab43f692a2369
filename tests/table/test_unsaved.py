"""A reload after refused saves (the browser's storage is full) says which position it resumed (issue #22):
``kseri.table.unsaved``, in both languages. The page's side (the note kept in sessionStorage, the notice
on reload) is tests/browser/test_storage_full.py."""

from __future__ import annotations

import pytest

from kseri.i18n import set_language
from kseri.table.session import GameSession
from kseri.table.unsaved import UnsavedNote, reload_notice


def play(session: GameSession, cards: int) -> GameSession:
    """``cards`` plays, yours and the bot's in turn."""
    for _ in range(cards):
        if session.phase == "bot":
            session.play_bot()
        else:
            session.play_human(session.view().hand[0])
    return session


@pytest.fixture
def greek():
    set_language("el")
    yield
    set_language("en")


def refused(game: GameSession, stored: str | None) -> UnsavedNote:
    """The note a refused save leaves, as the reload reads it back."""
    note = UnsavedNote.read(UnsavedNote.taken(game, stored).to_json())
    assert note is not None
    return note


def test_the_reload_says_how_many_plays_were_lost():
    game = play(GameSession.new(seed=5, level="easy"), 3)
    stored = game.to_save()
    play(game, 1)
    assert reload_notice(refused(game, stored), stored, GameSession.restore(stored)) == (
        "The last play could not be saved (this browser's storage is full): the game goes on from before it.")
    play(game, 5)  # the round goes on, and so do the refusals: each leaves a newer note
    assert reload_notice(refused(game, stored), stored, GameSession.restore(stored)) == (
        "The last 6 plays could not be saved (this browser's storage is full): the game goes on from before them.")


def test_in_greek(greek):
    game = play(GameSession.new(seed=5, level="easy"), 2)
    stored = game.to_save()
    play(game, 4)
    assert reload_notice(refused(game, stored), stored, GameSession.restore(stored)) == (
        "Οι τελευταίες 4 κινήσεις δεν αποθηκεύτηκαν (ο χώρος αποθήκευσης του φυλλομετρητή είναι γεμάτος): "
        "η παρτίδα συνεχίζει από πριν από αυτές.")


def test_a_new_match_that_could_not_be_saved():
    stored = play(GameSession.new(seed=5, level="easy"), 2).to_save()
    newer = play(GameSession.new(seed=6, level="easy"), 2)
    assert reload_notice(refused(newer, stored), stored, GameSession.restore(stored)) == (
        "Your latest game could not be saved (this browser's storage is full): this is the last one that was.")
    assert reload_notice(refused(newer, None), None, None) == (
        "Your latest game could not be saved (this browser's storage is full).")


def test_nothing_to_say():
    game = play(GameSession.new(seed=5, level="easy"), 2)
    stored = game.to_save()
    note = refused(play(game, 2), stored)
    later = game.to_save()
    assert reload_notice(note, later, GameSession.restore(later)) is None  # a later save went through
    assert reload_notice(None, stored, GameSession.restore(stored)) is None
    assert reload_notice(note, stored, None) is None  # a link's game opened instead of the save
    for text in (None, "", "{", '{"format": "kseri-unsaved/1", "stored": 1}', "x" * 10_000):
        assert UnsavedNote.read(text) is None
