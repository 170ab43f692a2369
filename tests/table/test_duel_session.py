"""The table's session for a friend's match (:class:`DuelSession`): what the page draws never holds a card the
device may not see, the phases follow the match, and plays go through the protocol."""

from __future__ import annotations

import random

import pytest

from kseri.engine.cards import Card
from kseri.engine.errors import IllegalMoveError
from kseri.table.duel.deal import dealt_packets, opening_positions
from kseri.table.duel.peer import Peer
from kseri.table.duel.session import DuelSession
from kseri.table.seats import SessionError
from tests.table.duel_play import SHORT_GREEK, SHORT_SUMS, pair


def _allowed(peer: Peer) -> set[int]:
    """The cards this device may know now: its packets dealt, the opening cards, the plays."""
    r = peer.round
    assert r is not None
    engine = peer.engine
    packets = dealt_packets(peer.rules, engine.round.next_card) if engine is not None and r.dealt() else 1
    positions = set(opening_positions(peer.rules)) | set(r.positions)
    for packet in range(packets):
        positions |= set(r.hand(peer.role, packet))
    return {r.known[p] for p in positions if p in r.known}


def test_the_view_shows_only_cards_the_device_knows() -> None:
    table = pair(SHORT_GREEK, 3)
    checked = 0
    while table.step():
        for peer in (table.host, table.guest):
            session = DuelSession(peer)
            view = session.view()
            r = peer.round
            if r is None or r.verified:
                continue
            shown = {Card.parse(code).index for code in view.hand} | {Card.parse(code).index for code in view.pile}
            assert shown <= _allowed(peer), (sorted(shown - _allowed(peer)), len(r.moves))
            assert view.sides[1].name == (peer.friend or "Your friend")
            checked += 1
    assert checked > 80


def test_phases_and_the_waiting_line() -> None:
    host = Peer.invite(name="Anna", rules=SHORT_GREEK, rng=random.Random(1))
    session = DuelSession(host)
    assert session.phase == "friend" and "accept the invitation" in session.view().waiting
    with pytest.raises(IllegalMoveError):
        session.play_human("7H")
    with pytest.raises(SessionError):
        session.hint_step()
    guest = DuelSession(Peer.accept(host.outbox or b"", name="Ben", rng=random.Random(2)))
    session.receive(guest.peer.outbox or b"")
    assert session.friend == "Ben" and session.phase == "friend" and "Dealing with Ben" in session.view().waiting
    guest.receive(host.outbox or b"")
    players = [s for s in (session, guest) if s.phase == "human"]
    waiting = [s for s in (session, guest) if s.phase == "friend"]
    if not players:  # the guest dealt last and leads only after the host's next message
        session.receive(guest.peer.outbox or b"")
        players = [s for s in (session, guest) if s.phase == "human"]
        waiting = [s for s in (session, guest) if s.phase == "friend"]
    assert len(players) == 1 and len(waiting) == 1
    mover, other = players[0], waiting[0]
    assert "'s turn" in other.view().waiting
    card = mover.view().hand[0]
    event = mover.play_human(card)
    assert event.card.code == card and mover.phase == "friend"
    other.receive(mover.peer.outbox or b"")
    assert [e.card.code for e in other.take_events()] == [card]
    assert other.phase == "human" and other.last_play is not None and other.last_play.names == ("", mover.peer.name)


def test_records_hold_only_the_rounds_played_out() -> None:
    table = pair(SHORT_GREEK, 4)
    table.run(until=10)
    session = DuelSession(table.host)
    assert '"rounds":[]' in session.record_text() and "person:" in session.record_text()
    table.run()
    assert '"deck":' in DuelSession(table.host).record_text()


@pytest.mark.parametrize("seed", [1, 2])
def test_a_round_at_the_open_table_names_the_friend_and_its_builds(seed: int) -> None:
    """Two sessions play the open table by its ways (captures by sum and builds included): each device's latest
    play is drawn as an open-table play (its build's value), and the friend is named, never "the bot"."""
    from kseri.table.sums.words import describe_sums_event, sums_take_line
    host = DuelSession(Peer.invite(name="Anna", rules=SHORT_SUMS, rng=random.Random(f"h{seed}")))
    guest = DuelSession(Peer.accept(host.peer.outbox or b"", name="Ben", rng=random.Random(f"g{seed}")))
    host.receive(guest.peer.outbox or b"")
    choose = random.Random(seed)
    kinds: set[str] = set()
    theirs = 0
    for _step in range(300):
        moved = False
        for me in (host, guest):
            if me.phase == "round_over":
                me.next_round()
            if me.phase == "human":
                ways = [way for code in me.view().hand for way in me.ways(code)]
                ways.sort(key=lambda way: way.kind == "drop")  # ways that take or build first
                way = ways[0] if choose.random() < 0.7 else choose.choice(ways)
                event = me.play_human(way.move)
                kinds.add(event.kind)
                play = me.last_play
                assert play is not None and play.table == "sums"
                assert (play.build_value is not None) == (event.kind == "build")
        for me, other in ((host, guest), (guest, host)):
            if other.peer.sent > me.peer.received and other.peer.outbox is not None:
                outcome = me.receive(other.peer.outbox)
                moved = True
                for event in outcome.events:
                    play = me.last_play
                    if outcome.dealt or play is None:
                        continue
                    assert play.table == "sums" and play.names == ("", other.peer.name)
                    assert (play.build_value is not None) == (event.kind == "build")
                    sentence = describe_sums_event(event, play.build_value, 6, play.names)
                    assert sentence.startswith(other.peer.name) and "Bot" not in sentence, sentence
                    line = sums_take_line(play)
                    assert "Bot" not in line and (not line or other.peer.name in line or "You" in line), line
                    theirs += 1
        if not moved and all(s.phase == "match_over" for s in (host, guest)):
            break
    assert host.phase == guest.phase == "match_over"
    assert {"build", "capture"} <= kinds and theirs > 30


def test_before_the_deal_the_open_table_is_drawn_empty_and_the_pile_table_with_no_pile() -> None:
    for rules, expected in ((SHORT_SUMS, ()), (SHORT_GREEK, None)):
        view = DuelSession(Peer.invite(name="Anna", rules=rules, rng=random.Random(1))).view()
        assert view.open_table == expected and view.hand == () and view.pile == ()
