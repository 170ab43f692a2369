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
from tests.table.duel_play import SHORT_GREEK, pair


def _allowed(peer: Peer) -> set[int]:
    """The cards this device may know now: its packets dealt, the opening cards, the plays."""
    r = peer.round
    assert r is not None
    engine = peer.engine
    packets = dealt_packets(peer.rules, engine.round.next_card) if engine is not None and peer._dealt(r) else 1
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
