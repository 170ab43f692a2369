"""Take-back (kseri.table.takeback): the same match with its last plays removed, at every table and seating."""

from __future__ import annotations

import json

import pytest

from kseri.engine.rules import rules_from_spec
from kseri.table import share
from kseri.table.seats import SessionError
from kseri.table.session import GameSession
from kseri.table.takeback import can_take_back, take_back, take_back_point, takeback_text

SEATINGS = [
    "greek",
    "sums",
    "pisti",
    {"profile": "fourcard", "players": 3},
    {"profile": "greek", "players": 4},
    {"profile": "fourcard", "players": 6, "packs": 2, "opening_size": 8},
]


def bots_to_you(session: GameSession) -> None:
    while session.phase == "bot":
        session.play_bot()


def your_move(session: GameSession, pick: int = 0) -> str:
    """A legal play of yours (at the open table, a move of the card)."""
    code = session.view().hand[pick % len(session.view().hand)]
    ways = getattr(session, "ways", None)
    return ways(code)[0].move if ways is not None else code


def table_of(session: GameSession) -> tuple[object, ...]:
    """Everything a take-back must restore: your hand, the table, the stock, the counts and whose turn."""
    view = session.view()
    return (view.hand, view.pile, view.open_table, view.stock, view.to_move, view.phase,
            tuple((side.hand_count, side.captured, side.kseris, side.total) for side in view.sides),
            tuple(session.match.totals), view.round_number, view.plays_in_round)


@pytest.mark.parametrize("spec", SEATINGS, ids=lambda spec: json.dumps(spec))
def test_take_back_restores_the_hand_and_the_table(spec):
    session = GameSession.new(rules=rules_from_spec(spec), seed=5, level="easy")
    bots_to_you(session)
    assert not can_take_back(session)  # nothing of yours played yet
    before = table_of(session)
    session.play_human(your_move(session))
    bots_to_you(session)
    assert session.phase == "human"
    done = take_back(session)
    assert table_of(done.session) == before
    assert done.session.takebacks == 1 and session.takebacks == 0  # the session given is left as it was
    assert done.removed[0][0] == 0 and len(done.removed) == session.players
    assert type(done.session) is type(session)


@pytest.mark.parametrize("spec", ["greek", "sums"])
def test_as_many_times_as_you_like_within_the_packet(spec):
    session = GameSession.new(rules=rules_from_spec(spec), seed=9, level="easy")
    bots_to_you(session)
    packet_start = table_of(session)
    stock = session.view().stock
    positions = []
    while session.view().stock == stock and session.phase == "human" and len(session.view().hand) > 1:
        positions.append(table_of(session))
        session.play_human(your_move(session, 1))
        bots_to_you(session)
    assert len(positions) >= 3
    if session.view().stock != stock:  # the next packet was dealt: its cards are not dealt back
        assert not can_take_back(session)
        return
    for expected in reversed(positions):
        session = take_back(session).session
        assert table_of(session) == expected
    assert table_of(session) == packet_start
    assert session.takebacks == len(positions)
    with pytest.raises(SessionError, match="no card of yours to take back"):
        take_back(session)


def test_not_across_packets():
    session = GameSession.new(seed=2, level="easy")
    while session.view().packet == 1 or session.phase != "human":
        if session.phase == "human":
            session.play_human(your_move(session))
        else:
            session.play_bot()
    # Your first turn of packet 2: your cards of packet 1 are not dealt back.
    assert session.view().packet == 2 and take_back_point(session) is None
    session.play_human(your_move(session))
    bots_to_you(session)
    assert take_back_point(session) in (12, 13)  # the bot may have led the packet


def test_the_bots_replies_stay_reproducible():
    session = GameSession.new(seed=21, level="medium")
    bots_to_you(session)
    card = your_move(session, 2)
    session.play_human(card)
    bots_to_you(session)
    replies = session.match.round.play_codes()
    again = take_back(session).session
    again.play_human(card)
    bots_to_you(again)
    assert again.match.round.play_codes() == replies


def test_off_in_pass_and_play_and_between_turns():
    session = GameSession.new(seed=4, level="easy")
    session.set_people(2)  # two people at the device: no bots to take back against
    for _ in range(3):
        if session.handover is not None:
            session.take_seat()
        session.play_human(session.view().hand[0])
        assert not can_take_back(session)
    alone = GameSession.new(seed=4, level="easy")
    bots_to_you(alone)
    alone.play_human(alone.view().hand[0])
    if alone.phase == "bot":
        assert not can_take_back(alone)  # the bot's turn: not until it is yours again


def test_the_save_the_record_and_the_share_link_carry_it():
    session = GameSession.new(seed=8, level="hard")
    session.set_seat_levels(("hard", "easy"))
    bots_to_you(session)
    session.play_human(session.view().hand[0])
    bots_to_you(session)
    back = take_back(session).session
    assert back.level_of(1) == "easy" and back.seed == session.seed
    saved = GameSession.restore(back.to_save())
    assert saved.takebacks == 1 and table_of(saved) == table_of(back)
    record = json.loads(back.record_text())
    assert record["takebacks"] == 1
    assert GameSession.from_record_text(back.record_text()).takebacks == 1
    fragment = share.encode(back.record_text())
    assert share.decode_record(fragment)["takebacks"] == 1
    assert GameSession.from_record_text(json.dumps(share.decode_record(fragment))).takebacks == 1
    plain = GameSession.new(seed=8, level="hard")
    assert "takebacks" not in plain.to_save() and "takebacks" not in plain.record_text()


def test_a_bad_count_reads_as_none():
    session = GameSession.new(seed=3, level="easy")
    for bad in (-1, "3", 1.5, True, 10**7):
        data = json.loads(session.to_save())
        data["takebacks"] = bad
        assert GameSession.restore(json.dumps(data)).takebacks == 0


def test_what_the_screen_reader_hears():
    assert takeback_text(()) == ""
    assert takeback_text(((0, "10D"), (1, "JS"), (2, "5S>3H"))) == \
        "Taken back: your ten of diamonds, and the jack of spades, five of spades played since."
