"""The protocol between two devices (``kseri-duel/1``): whole rounds between two in-process peers, and
every message that must be refused (tampered, replayed, reordered, a card the sender does not hold,
a move the rules forbid) refused without changing anything; cheating caught at the round's end."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kseri.engine.cards import CODES, JACK_INDEX, Card, rank_index
from kseri.engine.events import PlayEvent
from kseri.engine.pile.round import replace_opening_jacks
from kseri.engine.record import from_record
from kseri.engine.rules import Rules
from kseri.table.duel import codec, outgoing
from kseri.table.duel.codec import Keys, Message, Partials, Play
from kseri.table.duel.errors import MatchBrokenError, RefusedError
from kseri.table.duel.group import CARD_ELEMENTS, lock
from kseri.table.duel.peer import GUEST, HOST, Peer
from kseri.table.duel.rounds import DuelRound, open_value
from kseri.table.duel.saved import dump, load
from tests.table.duel_play import (
    SHORT_FOURCARD,
    SHORT_GREEK,
    SHORT_PISTI,
    SHORT_SUMS,
    Table,
    pair,
    resealed,
    rigged,
    shuffled_order,
)

SLOW = settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play_out(table: Table) -> None:
    table.run()
    assert table.host.over and table.guest.over, (table.host.awaiting(), table.guest.awaiting())


def _mirrored(table: Table) -> None:
    """Both devices hold the same finished match, each from its own seat, and it replays as a record."""
    host, guest = table.host.record(), table.guest.record()
    assert host["rounds"] == guest["rounds"]
    assert host["first_dealer"] == 1 - guest["first_dealer"]  # type: ignore[operator]
    a, b = from_record(host), from_record(guest)
    assert a.is_over and b.is_over
    assert a.totals == b.totals[::-1]
    assert table.host.engine is not None and table.host.engine.totals == a.totals


@SLOW
@given(seed=st.integers(0, 10**6))
def test_a_whole_greek_round_between_two_devices(seed: int) -> None:
    table = pair(SHORT_GREEK, seed)
    _play_out(table)
    _mirrored(table)
    assert table.host.pairing_code == table.guest.pairing_code


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
@example(seed=3898)  # a loose card beside one's own build, whose filling needed four exchanges in hand
def test_a_whole_round_at_the_open_table(seed: int) -> None:
    table = pair(SHORT_SUMS, seed)
    _play_out(table)
    _mirrored(table)


def test_a_rejected_opening_is_dealt_again_by_both() -> None:
    """The Greek game redeals an opening with a jack on top or a top pair: a second pass over the
    opening cards and the stock (seed 3's first opening is rejected)."""
    seed = next(s for s in range(60) if _first_opening_rejected(s))
    table = pair(SHORT_GREEK, seed)
    _play_out(table)
    _mirrored(table)
    assert len(table.host.rounds[0].passes) >= 2 or table.host.rounds[0].verified
    # the refused opening's cards, which both saw, went back into the stock: the round says so, its record too
    returned = table.host.record()["rounds"][0]["returned"]  # type: ignore[index]
    assert len(returned) % 4 == 0 and returned == table.guest.record()["rounds"][0]["returned"]  # type: ignore[index]
    assert from_record(table.host.record()).rounds[0].returned == tuple(table.host.rounds[0].returned)


def _first_opening_rejected(seed: int) -> bool:
    table = pair(SHORT_GREEK, seed)
    table.run(until=3)
    table.step()  # the second shuffler's deck reaches the first: it knows the opening now
    first = table.guest
    r = first.rounds[0]
    return len(r.passes) == 2


def _state(peer: Peer) -> str:
    return dump(peer)


def _refused(peer: Peer, data: bytes, kind: str) -> RefusedError:
    before = _state(peer)
    with pytest.raises(RefusedError) as caught:
        peer.receive(data)
    assert caught.value.kind == kind, str(caught.value)
    assert _state(peer) == before  # never applied
    return caught.value


def _in_play(seed: int = 5) -> Table:
    """A match in its first packet, the host to move (the guest's message has arrived)."""
    table = pair(SHORT_GREEK, seed)
    for _ in range(12):
        host, guest = table.host, table.guest
        if host.engine is not None and host.needs_move:
            return table
        if guest.needs_move:
            engine = guest.engine
            assert engine is not None
            guest.play(str(engine.round.legal_moves()[0]))
        assert table.step(play=False)
    raise AssertionError("the host never came to move")


@SLOW
@given(seed=st.integers(0, 10**6), data=st.data())
def test_a_tampered_message_is_refused_and_not_applied(seed: int, data: st.DataObject) -> None:
    table = pair(SHORT_GREEK, seed)
    table.run(until=6)
    host, guest = table.host, table.guest
    receiver, sender = (host, guest) if guest.sent > host.received else (guest, host)
    message = bytearray(sender.outbox or b"")
    at = data.draw(st.integers(0, len(message) - 1))
    bit = data.draw(st.integers(0, 7))
    message[at] ^= 1 << bit
    with pytest.raises(RefusedError) as caught:
        before = _state(receiver)
        receiver.receive(bytes(message))
    assert caught.value.kind in ("forged", "damaged", "other_match", "replayed", "missing")
    assert _state(receiver) == before
    receiver.receive(sender.outbox or b"")  # the true one still goes through


def test_a_replayed_message_is_refused() -> None:
    table = _in_play()
    last = table.guest.outbox or b""
    _refused(table.host, last, "replayed")


def test_a_changed_copy_of_an_applied_message_is_called_changed_not_applied() -> None:
    table = _in_play()
    last = bytearray(table.guest.outbox or b"")
    last[-30] ^= 1  # inside the parts, not the number: the seal tells it from the friend's own message
    _refused(table.host, bytes(last), "forged")


def test_two_different_messages_under_one_number_are_called_a_conflict_not_applied() -> None:
    """A device that sends two different moves as one message (a cheat with its own key, or a tool): the
    second is no link opened again, and the player is told the tables may now differ. The first, opened
    again, is still a replay; and a save keeps what tells them apart."""
    table = _in_play()
    host, guest = table.host, table.guest
    twin = load(dump(host), rng=random.Random(1))  # the same device, before its move
    moves = (host.engine or _no()).round.legal_moves()
    assert len(moves) >= 2
    host.play(str(moves[0]))
    twin.play(str(moves[1]))
    first, second = host.outbox or b"", twin.outbox or b""
    assert first != second
    guest.receive(first)
    _refused(guest, second, "conflict")
    _refused(guest, first, "replayed")
    again = load(dump(guest), rng=random.Random(2))
    _refused(again, second, "conflict")


def test_the_invitation_opened_again_after_accepting_is_called_applied_not_changed() -> None:
    host = Peer.invite(name="Anna", rules=SHORT_GREEK, rng=random.Random("host 8"))
    invitation = host.outbox or b""
    ben = Peer.accept(invitation, name="Ben", rng=random.Random("guest 8"))
    _refused(ben, invitation, "replayed")  # a messenger's link tapped twice: not "changed on the way"
    host.receive(ben.outbox or b"")
    _refused(ben, invitation, "replayed")


def test_another_device_answering_the_same_invitation_is_not_called_the_friend() -> None:
    host = Peer.invite(name="Anna", rules=SHORT_GREEK, rng=random.Random("host 9"))
    invitation = host.outbox or b""
    ben = Peer.accept(invitation, name="Ben", rng=random.Random("guest 9"))
    carl = Peer.accept(invitation, name="Carl", rng=random.Random("guest 10"))
    host.receive(ben.outbox or b"")
    # Carl's answer carries the number Ben's had: it is no replay of Ben's but a stranger's message
    _refused(host, carl.outbox or b"", "forged")
    assert host.friend == "Ben"


def test_a_reordered_message_is_refused_until_the_missing_one_comes() -> None:
    table = _in_play()
    host, guest = table.host, table.guest
    host.play(str((host.engine or _no()).round.legal_moves()[0]))
    first = host.outbox or b""
    guest.receive(first)
    guest.play(str((guest.engine or _no()).round.legal_moves()[0]))
    second_from_guest = guest.outbox or b""
    host.receive(second_from_guest)
    host.play(str((host.engine or _no()).round.legal_moves()[0]))
    later = host.outbox or b""
    # A message two ahead of what the guest has: crafted by the host's device with the next number.
    ahead = codec.decode(later, key=host.key or b"")
    skipped = resealed(host, Message(match=ahead.match, sender=HOST, seq=ahead.seq + 1, parts=ahead.parts))
    _refused(guest, skipped, "missing")
    guest.receive(later)  # the one it waits for still applies


def _no() -> object:
    raise AssertionError("no engine")


def _hand_positions(peer: Peer) -> list[int]:
    r = peer.round
    assert r is not None
    return list(peer._my_hand_positions(r))


def test_a_card_the_sender_does_not_hold_is_refused() -> None:
    table = _in_play()
    host, guest = table.host, table.guest
    r = host.round
    assert r is not None and r.deck is not None
    position = _hand_positions(host)[0]
    held = {r.known[p] for p in _hand_positions(host)}
    # A card the host does not hold: one of the guest's (the host cannot know which) or any other.
    claimed = next(c for c in range(52) if c not in held and c not in r.known.values())
    proof = open_value(r.deck[position], r.my_keys[:r.layers(position)])
    cheat = resealed(host, Message(match=host.match, sender=HOST, seq=host.sent,
                                   parts=(Play(position=position, move=CODES[claimed], proof=proof),)))
    error = _refused(guest, cheat, "not_held")
    assert CODES[claimed] in str(error)
    # The same card claimed from a position that is not the host's.
    other = next(p for p in range(52) if p not in _hand_positions(host) and p not in r.known)
    cheat = resealed(host, Message(match=host.match, sender=HOST, seq=host.sent,
                                   parts=(Play(position=other, move=CODES[r.known[position]], proof=proof),)))
    _refused(guest, cheat, "not_held")


def test_a_card_the_receiver_holds_is_refused() -> None:
    table = _in_play()
    host, guest = table.host, table.guest
    r, g = host.round, guest.round
    assert r is not None and r.deck is not None and g is not None
    position = _hand_positions(host)[0]
    theirs = g.known[_hand_positions(guest)[0]] if guest.engine is not None else 0
    proof = open_value(r.deck[position], r.my_keys[:1])
    cheat = resealed(host, Message(match=host.match, sender=HOST, seq=host.sent,
                                   parts=(Play(position=position, move=CODES[theirs], proof=proof),)))
    _refused(guest, cheat, "not_held")


def test_a_forged_message_without_the_key_is_refused() -> None:
    table = _in_play()
    host = table.host
    r = host.round
    assert r is not None and r.deck is not None
    position = _hand_positions(host)[0]
    proof = open_value(r.deck[position], r.my_keys[:1])
    forged = codec.encode(Message(match=host.match, sender=HOST, seq=host.sent,
                                  parts=(Play(position=position, move=CODES[r.known[position]], proof=proof),)),
                          key=b"not the match key" * 2)
    _refused(table.guest, forged, "forged")


def test_a_message_of_another_match_or_ones_own_is_refused() -> None:
    table = _in_play()
    other = pair(SHORT_GREEK, 99)
    other.run(until=4)
    _refused(table.host, other.guest.outbox or b"", "other_match")
    _refused(table.guest, table.guest.outbox or b"", "other_match")


def test_a_move_out_of_turn_is_refused() -> None:
    table = _in_play()
    guest = table.guest
    g = guest.round
    assert g is not None and g.deck is not None
    position = _hand_positions(guest)[0]
    proof = open_value(g.deck[position], g.my_keys[:1])
    # The guest sends a second message while the host's move is awaited.
    cheat = resealed(guest, Message(match=guest.match, sender=GUEST, seq=guest.sent,
                                    parts=(Play(position=position, move=CODES[g.known[position]], proof=proof),)))
    _refused(table.host, cheat, "unexpected")


def test_damaged_text_is_refused_in_one_line() -> None:
    for text in ("", "hello", "https://example.org/#duel=", "#duel=AAAA", "x" * 100_000, "#duel=" + "A" * 40):
        with pytest.raises(RefusedError) as caught:
            data = codec.from_text(text)
            codec.peek(data)
        assert "\n" not in str(caught.value)


def test_links_carry_the_message_and_survive_a_messenger_s_line_breaks() -> None:
    table = pair(SHORT_GREEK, 1)
    data = table.host.outbox or b""
    link = codec.link("https://example.org/kseri/index.html?lang=el#old", data)
    assert link.startswith("https://example.org/kseri/index.html?lang=el#duel=")
    wrapped = "\n".join(link[i:i + 50] for i in range(0, len(link), 50))
    assert codec.from_text(wrapped) == data
    assert codec.from_text(codec.to_text(data)) == data


# --------------------------------------------------------------------------- caught at the round's end


def _finish_round_expecting_break(table: Table) -> str:
    with pytest.raises(MatchBrokenError) as caught:
        table.run()
    broken = [peer for peer in (table.host, table.guest) if peer.broken is not None]
    assert len(broken) == 1 and broken[0].over and broken[0].broken == str(caught.value)
    return str(caught.value)


def test_a_wrongly_opened_card_ends_the_match_when_the_keys_come(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host opens, for the guest, another position than the one due (so the guest would see a card
    that lies elsewhere): the guest cannot tell at once, but the host's keys show it at the round's end."""
    table = pair(SHORT_GREEK, 11)
    table.run(until=2)
    host = table.host
    original = outgoing._open_for_friend

    def lying(peer: Peer) -> Partials:
        part = original(peer)
        if peer is host and len(part.items) >= 2:
            r = peer.round
            assert r is not None and r.deck is not None
            (p0, _v0), (p1, v1) = part.items[0], part.items[1]
            wrong = open_value(r.deck[p1], r.my_keys[:r.layers(p1)])
            return Partials(items=((p0, wrong), (p1, v1), *part.items[2:]))
        return part

    monkeypatch.setattr(outgoing, "_open_for_friend", lying)
    with pytest.raises(RefusedError):  # the card then shows twice to the guest: refused at once
        table.run()


def test_a_shuffle_that_swaps_a_card_ends_the_match_when_the_keys_come(monkeypatch: pytest.MonkeyPatch) -> None:
    """The guest (first shuffler) replaces one card of the pack by another: every value is still a
    distinct element, so nothing shows until its key is checked at the round's end."""
    host = Peer.invite(name="Anna", rules=SHORT_GREEK, rng=random.Random(3))
    original = outgoing._lock_pack

    def stacked(peer: Peer) -> codec.Pack:
        pack = original(peer)
        r = peer.round
        assert r is not None
        fake = lock(lock(CARD_ELEMENTS[0], 3), r.my_keys[0])  # not a card's element locked: a forgery
        values = (fake, *pack.values[1:])
        r.passes[0].middle = list(values)
        return codec.Pack(values=values)

    with monkeypatch.context() as patched:
        patched.setattr(outgoing, "_lock_pack", stacked)
        guest = Peer.accept(host.outbox or b"", name="Ben", rng=random.Random(4))
    table = Table(host=host, guest=guest, moves=random.Random(5), log=[host.outbox or b"", guest.outbox or b""])
    try:
        table.run()
    except (MatchBrokenError, RefusedError) as exc:
        assert "shuffle" in str(exc) or "no card" in str(exc) or "opens" in str(exc)
    else:
        raise AssertionError("the forged pack went through")


def test_keys_that_do_not_fit_end_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    table = pair(SHORT_GREEK, 21)
    original = outgoing._my_play

    def wrong_keys(peer: Peer, r: DuelRound, move: str) -> tuple[PlayEvent, list[codec.Part]]:
        event, parts = original(peer, r, move)
        return event, [Keys(keys=tuple(k + 2 for k in p.keys)) if isinstance(p, Keys) else p for p in parts]

    monkeypatch.setattr(outgoing, "_my_play", wrong_keys)
    message = _finish_round_expecting_break(table)
    assert "round 1" in message and "shuffle" in message


# --------------------------------------------------------------------------- saved between visits


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_a_match_saved_after_every_message_goes_on_the_same(seed: int) -> None:
    _saved_after_every_message(pair(SHORT_GREEK, seed))


def _saved_after_every_message(table: Table) -> None:
    """Carry the match to its end, both devices saved and loaded again after every message: it goes on the same."""
    while table.step():
        for name in ("host", "guest"):
            peer = getattr(table, name)
            again = load(dump(peer), rng=peer.rng)
            assert dump(again) == dump(peer)
            setattr(table, name, again)
    assert table.host.over and table.guest.over
    _mirrored(table)


def test_the_saved_match_holds_no_card_it_may_not_see() -> None:
    table = _in_play()
    for peer in (table.host, table.guest):
        text = dump(peer)
        r = peer.round
        assert r is not None
        hidden = [CODES[c] for c in range(52) if c not in r.known.values()]
        for code in hidden:
            assert f'"{code}"' not in text
        plain = {format(x, "x") for x in CARD_ELEMENTS}
        blob_values = _all_values(text)
        assert not blob_values & set(CARD_ELEMENTS)
        assert not any(p in text for p in plain)


def _all_values(text: str) -> set[int]:
    import base64
    import json
    import re
    found: set[int] = set()
    for blob in re.findall(r'"([A-Za-z0-9+/=]{170,})"', text):
        raw = base64.b64decode(blob)
        found |= {int.from_bytes(raw[i:i + 128], "big") for i in range(0, len(raw), 128)}
    json.loads(text)
    return found


def test_a_save_that_is_not_one_is_refused_in_one_line() -> None:
    from kseri.table.duel.errors import DuelError
    table = _in_play()
    text = dump(table.host)
    for bad in ("", "[]", '{"format": "kseri-duel/1"}', text.replace('"role":0', '"role":7'),
                text.replace('"sent":', '"sent":-'), text[:len(text) // 2]):
        with pytest.raises(DuelError) as caught:
            load(bad, rng=random.Random(1))
        assert "\n" not in str(caught.value)


def test_message_sizes() -> None:
    """A move is small; the deal's messages are the big ones (about 8 KB)."""
    table = pair(SHORT_GREEK, 2)
    table.run()
    sizes = [len(codec.to_text(m)) for m in table.log]
    moves = [s for s in sizes if s < 2048]
    assert max(sizes) < 12_000
    assert len(moves) >= 40
    assert all(s <= 2048 for s in sorted(sizes)[:-6])


def test_the_played_card_and_its_position() -> None:
    assert Card.parse("7H").index == Card.parse("7h").index


# --------------------------------------------------------------------------- the opening's jacks replaced


def _dealt_order(r: DuelRound) -> list[int]:
    """The round's deck as the shuffles made it, before any jack was replaced (every card known: after the round)."""
    return shuffled_order(r, [r.known[p] for p in range(r.rules.cards)])


def _replaced(r: DuelRound) -> tuple[list[int], list[int]]:
    """The round's deck as the engine's deal would make it from the shuffled order, and the jacks it replaced."""
    order, start = _dealt_order(r), r.opening().start
    opening, stock = order[start:start + r.rules.opening_size], order[start + r.rules.opening_size:]
    jacks = replace_opening_jacks(opening, stock)
    return order[:start] + opening + stock, jacks


@pytest.mark.parametrize("rules", [SHORT_FOURCARD, SHORT_PISTI], ids=["fourcard", "pisti"])
def test_opening_jacks_are_replaced_between_two_devices_as_the_engine_deals(rules: Rules) -> None:
    """At the four-card and Pişti tables each opening jack goes into the middle of the stock and the stock's
    next card takes its place: both devices move their locked cards exactly as the engine's deal moves the
    cards (:func:`replace_opening_jacks`), and the round plays out and checks out on both."""
    replaced = chained = 0
    for seed in range(8):
        table = pair(rules, seed)
        _play_out(table)
        _mirrored(table)
        for peer in (table.host, table.guest):
            r = peer.rounds[0]
            deck, jacks = _replaced(r)
            assert [CODES[c] for c in deck] == [CODES[r.known[p]] for p in range(rules.cards)]
            # the jacks both saw go back are the round's own, in its record too
            assert r.returned == jacks and peer.engine is not None and list(peer.engine.rounds[0].returned) == jacks
            assert peer.record()["rounds"][0].get("returned", []) == [CODES[c] for c in jacks]  # type: ignore[index]
        opening = _dealt_order(r)[r.opening().start:r.opening().stop]
        replaced += bool(jacks)
        chained += len(jacks) > sum(rank_index(c) == JACK_INDEX for c in opening)
    assert replaced >= 2 and chained >= 1  # seeds 0–7 replace jacks, once a jack that had taken a jack's place


def test_a_jack_replaced_at_the_opening_is_played_later_by_whoever_is_dealt_it() -> None:
    """The jack is known to both from the opening; when it comes round in a hand, playing it is no
    'card seen elsewhere'."""
    for seed in range(8):
        table = pair(SHORT_FOURCARD, seed)
        _play_out(table)
        r = table.host.rounds[0]
        _deck, jacks = _replaced(r)
        if jacks:  # every card is played in a round: the replaced jacks were too, and each side took the play
            assert set(jacks) <= {r.known[p] for p in r.positions}
            assert table.host.over and table.guest.over and table.host.broken is None is table.guest.broken
            return
    raise AssertionError("no jack was replaced in seeds 0-7")


def test_a_match_with_an_opening_jack_saved_after_every_message_goes_on_the_same() -> None:
    seed = next(s for s in range(8) if _has_opening_jack(s))
    _saved_after_every_message(pair(SHORT_FOURCARD, seed))


def _has_opening_jack(seed: int) -> bool:
    """Whether the first round's opening holds a jack: the first shuffler, once it has seen the opening,
    has replaced one (its locked deck no longer lies as the shuffles made it)."""
    table = pair(SHORT_FOURCARD, seed)
    table.run(until=3)
    table.step()  # the deck reaches the first shuffler (the guest), which answers at once
    r = table.guest.rounds[0]
    return r.deck != r.passes[0].result


def test_a_device_that_keeps_an_opening_jack_is_refused() -> None:
    """A first shuffler that opens the opening but does not replace its jack (nor open the card in its place)
    sends too little: refused, nothing applied."""
    seed = next(s for s in range(8) if _has_opening_jack(s))
    table = pair(SHORT_FOURCARD, seed)
    table.run(until=3)
    original = DuelRound.replace_seen_jacks
    DuelRound.replace_seen_jacks = lambda self: False  # type: ignore[method-assign]
    try:
        table.step()  # the first shuffler answers the deck, keeping the jack
    finally:
        DuelRound.replace_seen_jacks = original  # type: ignore[method-assign]
    assert table.guest.outbox is not None
    _refused(table.host, table.guest.outbox, "unexpected")


def test_a_chain_of_jacks_at_one_place_is_settled_before_the_next_place() -> None:
    """The opening J♠ 6♣ 7♣ J♥ over a stock J♦ 8♣ 9♣: the J♠'s place takes the J♦, which goes back too, then
    the 8♣; only then is the J♥ replaced, by the 9♣ (a reviewer found both jacks once replaced together, which
    gave 9♣ 6♣ 7♣ 8♣: about one deal in a thousand)."""
    front = "2H 3H 4H 5H 2D 3D 4D 5D JS 6C 7C JH JD 8C 9C"
    table = rigged(SHORT_FOURCARD, 1, front)
    _play_out(table)
    _mirrored(table)
    deck = table.host.record()["rounds"][0]["deck"]
    assert deck[8:12] == ["8C", "6C", "7C", "9C"]
    for peer in (table.host, table.guest):
        r = peer.rounds[0]
        assert [CODES[c] for c in _dealt_order(r)][:15] == front.split()
        engine_deck, jacks = _replaced(r)
        assert [CODES[c] for c in engine_deck] == deck and [CODES[c] for c in jacks] == ["JS", "JD", "JH"]


def test_a_play_from_the_place_of_a_replaced_jack_must_be_that_jack() -> None:
    """Both saw the J♠ go to position 31, the first player's third packet: a play claiming that position with
    another card's proof is refused at once (the keys would show it only at the round's end)."""
    table = rigged(SHORT_FOURCARD, 3, "2C 3C 4C 5C 2D 3D 4D 5D JS 6C 7C 8C")
    host, guest = table.host, table.guest
    while not (host.rounds and host.rounds[0].passes[-1].opened):
        assert table.step()
    leader = host if host.rounds[0].dealer != host.role else guest
    other = guest if leader is host else host
    assert CODES[other.rounds[0].known[31]] == "JS"
    for _ in range(200):
        r = leader.rounds[0]
        if leader.needs_move and 31 in leader._my_hand_positions(r) and len(leader._my_hand_positions(r)) >= 2:
            break
        for peer in (leader, other):
            if peer.needs_move:
                engine = peer.engine
                assert engine is not None
                peer.play(str(table.moves.choice(engine.round.legal_moves())))
        table.step(play=False)
    else:
        raise AssertionError("the leader never held position 31")
    r = leader.rounds[0]
    assert r.deck is not None
    position = next(p for p in leader._my_hand_positions(r) if p != 31)
    twin = load(dump(leader), rng=random.Random(9))
    twin.play(CODES[r.known[position]])  # an honest play of another card, then its position changed to 31
    assert twin.outbox is not None and twin.key is not None
    message = codec.decode(twin.outbox, key=twin.key)
    parts = tuple(Play(position=31, move=p.move, proof=p.proof) if isinstance(p, Play) else p for p in message.parts)
    cheat = resealed(leader, Message(match=message.match, sender=message.sender, seq=message.seq, parts=parts))
    _refused(other, cheat, "not_held")


def test_the_peer_module_offers_the_names_it_reads_messages_with() -> None:
    """``Outcome`` and ``played_card`` live with the reading of the friend's message
    (:mod:`kseri.table.duel.incoming`); they were the peer's public names before it was split, and stay so."""
    from kseri.table.duel import incoming, peer
    assert (peer.Outcome, peer.played_card) == (incoming.Outcome, incoming.played_card)
    assert set(peer.__all__) == {"GUEST", "HOST", "Outcome", "Peer", "message_digest", "played_card"}
