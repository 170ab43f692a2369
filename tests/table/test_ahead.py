"""The next bot's decisions thought out while you choose (kseri.table.ahead, GameSession.ponder)."""

from __future__ import annotations

from typing import Any

import pytest

from kseri.engine.rules import rules_from_spec
from kseri.table.session import GameSession

SEATINGS = {
    "greek": {"profile": "greek"},
    "pisti four seats": {"profile": "pisti", "players": 4},
    "open table": {"profile": "sums"},
}


def your_turn(session: GameSession) -> GameSession:
    while session.phase == "bot":
        session.play_bot()
    return session


def ponder_to_the_end(session: GameSession) -> int:
    """Slices until there is nothing more to think about (bounded: a slice a unit of work or more)."""
    slices = 0
    while not session.ponder(5.0):
        slices += 1
        assert slices < 20_000
    return slices


@pytest.mark.parametrize("seating", SEATINGS)
def test_a_bot_that_thought_ahead_plays_what_it_would_have_and_is_ready_at_once(seating: str) -> None:
    rules = rules_from_spec(SEATINGS[seating])
    pondered = your_turn(GameSession.new(rules=rules, seed=5, level="hard"))
    fresh = your_turn(GameSession.new(rules=rules, seed=5, level="hard"))
    fresh_units = 0
    for turn in range(3):
        assert ponder_to_the_end(pondered) > 0
        moves = pondered.round.legal_moves()
        move: Any = moves[turn % len(moves)]
        pondered.play_human(move)
        fresh.play_human(move)
        assert pondered.phase == fresh.phase == "bot"
        assert pondered.think(0.0)  # its first slice: the decision thought out ahead is taken up, done
        while not fresh.think(0.0):  # thinking afresh: a unit of work a slice
            fresh_units += 1
        while pondered.phase == "bot":
            assert pondered.play_bot() == fresh.play_bot()
        assert pondered.round.play_codes() == fresh.round.play_codes()
    assert fresh_units > 3  # so there was something to think ahead


def test_the_hints_best_card_is_thought_about_first() -> None:
    session = your_turn(GameSession.new(seed=8, level="hard"))
    best = session.hints()[0].card
    asked: list[str] = []
    decide = session.bot_turns._decision_after

    def spy(move: Any) -> Any:
        asked.append(str(move))
        return decide(move)

    session.bot_turns._decision_after = spy  # type: ignore[method-assign]
    ponder_to_the_end(session)
    assert asked[0] == best and sorted(asked) == sorted(session.view().hand)


def test_nothing_is_thought_ahead_when_a_person_moves_next() -> None:
    session = GameSession.new(seed=3, level="hard")
    session.set_people(2)
    if session.handover is not None:
        session.take_seat()
    assert session.ponder(5.0)  # at once: the card after yours is the other person's
    session.play_human(session.round.legal_moves()[0])
    assert session.phase == "human"


def test_a_level_changed_meanwhile_thinks_again_at_the_new_level() -> None:
    session = your_turn(GameSession.new(seed=4, level="hard"))
    ponder_to_the_end(session)
    session.level = "easy"
    ponder_to_the_end(session)
    twin = your_turn(GameSession.new(seed=4, level="hard"))
    twin.level = "easy"
    move = session.round.legal_moves()[0]
    session.play_human(move)
    twin.play_human(move)
    assert session.play_bot() == twin.play_bot()


def test_a_failure_while_thinking_ahead_only_ends_it() -> None:
    session = your_turn(GameSession.new(seed=6, level="hard"))

    def broken(move: Any) -> Any:
        raise MemoryError

    session.bot_turns._decision_after = broken  # type: ignore[method-assign]
    assert session.ponder(5.0)
    assert session.ponder(5.0)  # and stays ended at this position
    session.play_human(session.round.legal_moves()[0])
    session.play_bot()
    assert session.take_notices() == []  # the bot's own turn thought afresh, with no trouble


def test_thinking_ahead_is_only_for_your_turn() -> None:
    session = GameSession.new(seed=2, level="easy")
    while session.phase == "human":
        session.play_human(session.round.legal_moves()[0])
    assert session.phase == "bot" and session.ponder(5.0)
