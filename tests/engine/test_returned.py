"""The opening cards every seat saw go back into the stock (``Round.returned``): dealt, recorded, observed,
and never dealt to a hand while the first packet is played."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri.bots.pile.belief import Sampler
from kseri.engine.cards import CODES, JACK_INDEX, rank_index
from kseri.engine.errors import ObservationError, RecordError
from kseri.engine.match import Match
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round, opening_is_allowed
from kseri.engine.record import dumps, loads, to_record
from kseri.engine.rules import FOURCARD, GREEK, Rules, rules_from_spec
from kseri.engine.state import in_stock_at_deal
from kseri.table.session import GameSession
from kseri.table.share import decode, encode

GREEK_BOTTOM = rules_from_spec({"profile": "greek", "exposed_bottom": True})
PISTI4 = rules_from_spec({"profile": "pisti", "players": 4})
TABLES = [GREEK, FOURCARD, PISTI4, GREEK_BOTTOM]


def _dealt_with_returned(rules: Rules, count: int = 3) -> list[Match]:
    """The first matches of seeds 0, 1, … whose first round put cards back."""
    found = []
    for seed in range(400):
        match = Match.new(rules, rng=random.Random(seed), first_dealer=seed % rules.players)
        if match.round.returned:
            found.append(match)
            if len(found) == count:
                return found
    raise AssertionError(f"no deal put cards back at {rules.profile}")


@pytest.mark.parametrize("rules", TABLES, ids=["greek", "fourcard", "pisti4", "greek-bottom"])
def test_the_deal_says_what_went_back_and_the_record_keeps_it(rules: Rules) -> None:
    for match in _dealt_with_returned(rules):
        state = match.round
        if rules.opening_redeal == "jacks":
            assert all(rank_index(c) == JACK_INDEX for c in state.returned)
        else:  # whole refused openings
            assert len(state.returned) % rules.opening_size == 0
            assert not opening_is_allowed(rules, state.returned[-rules.opening_size:])
        start = rules.players * rules.packet_size
        first_hands = state.deck[:start]
        assert not set(in_stock_at_deal(rules, state.opening, state.returned)) & set(first_hands)
        again = loads(dumps(match))
        assert again.round.returned == state.returned and again.round.deck == state.deck
        assert to_record(match)["rounds"][0]["returned"] == [CODES[c] for c in state.returned]
        assert decode(encode(match)).round.returned == state.returned  # a share link carries them too


def test_a_record_without_returned_reads_as_before() -> None:
    match = _dealt_with_returned(FOURCARD, 1)[0]
    record = to_record(match)
    del record["rounds"][0]["returned"]
    assert loads(json.dumps(record)).round.returned == ()
    plain = Match.new(GREEK, rng=random.Random(0), first_dealer=0)
    assert plain.round.returned == () and "returned" not in to_record(plain)["rounds"][0]


def _record_with(rules: Rules, returned: list[str], seed: int = 0) -> str:
    match = _dealt_with_returned(rules, 1)[0] if rules.opening_redeal != "none" else Match.new(
        rules, rng=random.Random(seed), first_dealer=0)
    record: dict[str, Any] = to_record(match)
    record["rounds"][0]["returned"] = returned
    return json.dumps(record)


def test_a_wrong_returned_is_refused_in_one_line() -> None:
    cases = [
        (FOURCARD, ["5H"], "round 0: returned: 5H is not a jack"),
        (FOURCARD, ["XX"], "round 0: returned card 0: not a card code: 'XX'"),
        (FOURCARD, "JS", "round 0: returned must be a list of card codes"),
        (GREEK, ["5H", "2S", "9C"], "round 0: returned: 3 cards are not whole openings of 4"),
        (GREEK, ["JS"], "round 0: returned: 1 card is not whole openings of 4"),
        (FOURCARD, ["JS", "JS"], "round 0: returned: JS is given more often than the pack holds it"),
        (FOURCARD, ["JS", "JC", "JD", "JH", "JS"], "round 0: returned lists 5 cards (a deal puts back at most 4)"),
        (GREEK, ["5H", "2S", "9C", "JS"] * 65, "round 0: returned lists 260 cards (a deal puts back at most 256)"),
        (GREEK, ["5H", "2S", "9C", "3S"], "round 0: returned: 5H 2S 9C 3S is an opening the rules let stand"),
        (rules_from_spec({"profile": "greek", "opening_redeal": "none"}), ["JS"],
         "round 0: returned: JS: these rules put no opening card back"),
        (rules_from_spec("sums"), ["JS"], "round 0: returned: the open table puts no opening card back"),
    ]
    for rules, returned, message in cases:
        with pytest.raises(RecordError) as caught:
            loads(_record_with(rules, returned))  # type: ignore[arg-type]
        text = str(caught.value)
        assert "\n" not in text and message in text, text


def test_a_link_whose_header_lists_a_round_wrongly_is_refused() -> None:
    import base64
    import zlib

    from kseri.table.share import _pack_binary

    record = to_record(_dealt_with_returned(GREEK, 1)[0])
    for wrong in (None, 0, "", "JS"):
        packed = _pack_binary(record)
        assert packed is not None
        head, body = packed.split(b"\n", 1)
        data = json.loads(head)
        data["returned"] = [wrong]
        raw = json.dumps(data, separators=(",", ":")).encode() + b"\n" + body
        link = "r=1" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode()
        with pytest.raises(RecordError, match="share link: damaged \\(the header's returned for round 0 is not a list"):
            decode(link)


def test_a_put_back_card_dealt_into_the_first_hands_is_refused() -> None:
    """A record that says a card went back into the stock, where the deck deals it into a first hand."""
    match = _dealt_with_returned(FOURCARD, 1)[0]
    record = to_record(match)
    deck = record["rounds"][0]["deck"]
    jack = record["rounds"][0]["returned"][0]
    at = deck.index(jack)
    deck[0], deck[at] = deck[at], deck[0]  # into the first seat's first packet
    with pytest.raises(RecordError, match=f"round 0: returned: {jack} went back into the stock but is not in it"):
        loads(json.dumps(record))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(TABLES), st.integers(0, 7))
def test_no_sampled_deal_gives_a_hand_a_card_known_to_be_in_the_stock(seed: int, rules: Rules, plays: int) -> None:
    rng = random.Random(seed)
    state = Round.deal(rules, rng.randrange(rules.players), rng)
    state.returned = state.returned or _forced(rules, state)
    if not state.returned:
        return
    for _ in range(min(plays, rules.players * rules.packet_size - 1)):
        state.apply_index(rng.choice(state.hands[state.to_move]))
    obs = Observation.from_round(state, seat=state.to_move)
    assert Observation.from_json(obs.to_json()) == obs
    held = obs.held_back()
    assert held  # still the first packet
    sampler = Sampler(obs, random.Random(seed), read_plays=True)
    for sampled in [obs.sample_round(rng) for _ in range(5)] + [sampler.sample(rng) for _ in range(5)]:
        others = [c for seat in range(rules.players) if seat != obs.seat for c in sampled.hands[seat]]
        assert not set(held) & set(others)
        assert sorted(_in_play(sampled)) == sorted(_in_play(state)) and sampled.pile == state.pile
        assert sampled.hands[obs.seat] == state.hands[obs.seat]


def _in_play(state: Round) -> list[int]:
    """Every card not yet captured or played out: the hands, the pile, the stock."""
    return [c for hand in state.hands for c in hand] + list(state.pile) + list(state.deck[state.next_card:])


def _forced(rules: Rules, state: Round) -> tuple[int, ...]:
    """A put-back card for a deal that had none: a jack (or for a refused opening, four cards with a jack on
    top) taken from the stock, as if it had gone back there."""
    stock = [c for c in state.deck[state.next_card:] if c != state.exposed_card]
    jacks = [c for c in stock if rank_index(c) == JACK_INDEX]
    if not jacks:
        return ()
    if rules.opening_redeal == "jacks":
        return (jacks[0],)
    others = [c for c in stock if c != jacks[0]][:rules.opening_size - 1]
    return (*others, jacks[0])


def test_once_the_next_packet_is_dealt_nothing_is_held_back() -> None:
    match = _dealt_with_returned(FOURCARD, 1)[0]
    state = match.round
    rng = random.Random(1)
    while state.packet == 1:
        obs = Observation.from_round(state, seat=state.to_move)
        assert obs.held_back() == list(state.returned) == state.held_back()  # the seat's view and the table's
        state.apply_index(rng.choice(state.hands[state.to_move]))
    assert Observation.from_round(state, seat=state.to_move).held_back() == [] == state.held_back()


def test_an_observation_whose_put_back_card_is_in_its_own_hand_is_refused() -> None:
    match = _dealt_with_returned(FOURCARD, 1)[0]
    obs = Observation.from_round(match.round, seat=match.round.to_move)
    jack = next(c for c in obs.unseen() if rank_index(c) == JACK_INDEX)
    data = obs.to_json() | {"hand": [*[CODES[c] for c in obs.hand[:-1]], CODES[jack]], "returned": [CODES[jack]]}
    with pytest.raises(ObservationError, match=f"returned: {CODES[jack]} went back into the stock, so it cannot"):
        Observation.from_json(data)
    with pytest.raises(ObservationError, match="returned: 5H is not a jack"):
        Observation.from_json(obs.to_json() | {"returned": ["5H"]})


def test_the_table_shows_the_put_back_cards_while_the_first_packet_is_played() -> None:
    seed = next(s for s in range(200) if GameSession.new(rules=FOURCARD, level="easy", seed=s).match.round.returned)
    session = GameSession.new(rules=FOURCARD, level="easy", seed=seed)
    state = session.match.round
    assert session.view().put_back == tuple(CODES[c] for c in state.returned)
    again = GameSession.restore(session.to_save())
    assert again.view().put_back == session.view().put_back  # a reload keeps them
    rng = random.Random(2)
    while state.packet == 1:
        state.apply_index(rng.choice(state.hands[state.to_move]))
    assert session.view().put_back == ()


def test_a_put_back_card_played_in_the_first_packet_is_refused_later_too() -> None:
    """After the first packet what went back may be anywhere, but not among the first packet's plays."""
    for seed in range(200):
        state = Round.deal(FOURCARD, 0, random.Random(seed))
        rng = random.Random(seed)
        while state.packet == 1:
            state.apply_index(rng.choice(state.hands[state.to_move]))
        jack = next((c for c in state.plays if rank_index(c) == JACK_INDEX), None)
        if jack is None:
            continue
        obs = Observation.from_round(state, seat=state.to_move)
        with pytest.raises(ObservationError, match=f"returned: {CODES[jack]} went back into the stock"):
            Observation.from_json(obs.to_json() | {"returned": [CODES[jack]]})
        return
    raise AssertionError("no jack played in a first packet")
