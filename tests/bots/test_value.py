"""The leaf values at a packet's end: the live top card's terms of ``expert``'s, and values shaped for
the other two-sided tables (their packets and seats; no level uses a fit there)."""

from __future__ import annotations

import json
import random

import pytest

from kseri.bots.pile.heuristic import DEFAULT_HEURISTIC
from kseri.bots.pile.medium import choose_medium
from kseri.bots.pile.rollout import exposed_bottom, playout, public_seen
from kseri.bots.pile.value import GREEK_LIVE_VALUE, GREEK_PACKET_VALUE, PacketValue, live_terms
from kseri.engine.cards import JACK_INDEX, rank_index
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import GREEK, rules_from_spec


def packet_ends(seed: int) -> list[Round]:
    """The positions after packets 1-3 of a round of medium against itself."""
    rng = random.Random(seed)
    state = Round.deal(GREEK, dealer=seed % 2, rng=rng)
    out = []
    while not state.is_terminal():
        if len(state.plays) % 12 == 0 and 0 < len(state.plays) < 48:
            out.append(state.clone())
        state.apply_index(choose_medium(Observation.from_round(state, seat=state.to_move), rng).index)
    return out


@pytest.mark.parametrize("seed", range(8))
def test_live_terms_read_the_unseen_copies_of_the_top_cards_rank(seed: int) -> None:
    for state in packet_ends(seed):
        public = [rank_index(c) for c in (*state.opening, *state.plays)]
        unit = [tuple(1.0 if j == i else 0.0 for j in range(15)) for i in range(15)]
        got = [live_terms(state, terms) for terms in unit]
        if not state.pile:
            assert got == [1.0] + [0.0] * 14
            continue
        live = 4 - public.count(rank_index(state.pile[-1]))
        jacks = 4 - public.count(JACK_INDEX)
        want = [0.0] * 15
        want[1 + 3 * live] = 1.0
        want[2 + 3 * live] = 1.0 if len(state.pile) == 1 else 0.0
        want[3 + 3 * live] = float(state.pile_points)
        want[13] = jacks - 2.0
        want[14] = (jacks - 2.0) * state.pile_points
        assert got == want


def test_the_live_value_is_the_first_fit_plus_the_leaders_terms_and_sums_to_zero() -> None:
    for seed in range(8):
        for state in packet_ends(seed):
            lead = 1 if state.to_move == 0 else -1
            k = len(state.plays) // 12
            extra = live_terms(state, GREEK_LIVE_VALUE.live[k - 1])
            assert GREEK_LIVE_VALUE.value(state, 0) == pytest.approx(GREEK_PACKET_VALUE.value(state, 0) + lead * extra)
            assert GREEK_LIVE_VALUE.value(state, 0) + GREEK_LIVE_VALUE.value(state, 1) == pytest.approx(0.0)


def test_a_single_card_of_a_live_rank_is_worth_more_to_the_leader_than_a_dead_one() -> None:
    # After the third packet, the leader finds one card on the table: a kseri if it holds the rank.
    terms = GREEK_LIVE_VALUE.live[2]
    live3_single = terms[1 + 9] + terms[2 + 9]
    dead_single = terms[1] + terms[2]
    assert live3_single - dead_single > 5.0


@pytest.mark.parametrize("exposed", [False, True])
def test_the_counts_a_play_out_keeps_give_the_value_the_round_would_count(exposed: bool) -> None:
    """``expert`` hands the value the counts its play-out kept instead of counting the round again
    (not with an exposed bottom card: then it lets the value count)."""
    rules = rules_from_spec({"profile": "greek", "exposed_bottom": exposed})
    checked = 0
    for seed in range(200):
        rng = random.Random(seed)
        state = Round.deal(rules, dealer=seed % 2, rng=rng)
        start = rng.randrange(0, 48)
        while len(state.plays) < start:
            state.apply_index(choose_medium(Observation.from_round(state, seat=state.to_move), rng).index)
        bottom = exposed_bottom(state)
        seen = public_seen(state)
        playout(state, seen, DEFAULT_HEURISTIC, (len(state.plays) // 12 + 1) * 12, bottom)
        if bottom < 0:
            assert seen == public_seen(state)
            for team in (0, 1):
                assert GREEK_LIVE_VALUE.value(state, team, seen) == GREEK_LIVE_VALUE.value(state, team)
            checked += 1
    assert checked > 20


FOUR_CARD_PACKETS = PacketValue(coefficients=GREEK_LIVE_VALUE.coefficients, packet_plays=8, live=GREEK_LIVE_VALUE.live)
"""A value shaped for two seats with four-card packets (the Greek game's terms: only its seating matters here)."""
FOUR_SEATS = PacketValue(coefficients=GREEK_LIVE_VALUE.coefficients, packet_plays=16, players=4,
                         live=GREEK_LIVE_VALUE.live)
"""A value shaped for four seats in two partnerships with four-card packets."""
FITS = {"greek": GREEK_LIVE_VALUE, "fourcard": FOUR_CARD_PACKETS, "pisti": FOUR_CARD_PACKETS,
        '{"profile": "pisti", "players": 4}': FOUR_SEATS,
        '{"profile": "fourcard", "players": 4}': FOUR_SEATS}


@pytest.mark.parametrize("spec", [*FITS, '{"profile": "pisti", "players": 6}', '{"profile": "greek", "players": 4}',
                                  '{"profile": "fourcard", "players": 4, "partnerships": false}',
                                  '{"profile": "fourcard", "players": 4, "packs": 2}'])
def test_each_fit_applies_to_its_seating_only(spec: str) -> None:
    """A fit is for one seating and one packet size (two sides): it is looked up by the rules'
    properties, never by a table's name, and no other fit claims its rules."""
    rules = rules_from_spec(json.loads(spec) if spec.startswith("{") else {"profile": spec})
    applies = [fit for fit in (GREEK_LIVE_VALUE, FOUR_CARD_PACKETS, FOUR_SEATS) if fit.applies_to(rules)]
    assert applies == ([FITS[spec]] if spec in FITS else [])


@pytest.mark.parametrize("spec", list(FITS))
def test_every_fit_values_both_sides_alike_at_every_packets_end(spec: str) -> None:
    """Side 0's value is minus side 1's, and the two fitted parts add up (at four seats the sides
    are seats 0 and 2 against 1 and 3)."""
    rules = rules_from_spec(json.loads(spec) if spec.startswith("{") else {"profile": spec})
    fit = FITS[spec]
    base = PacketValue(coefficients=fit.coefficients, packet_plays=fit.packet_plays, players=fit.players)
    per = rules.players * rules.packet_size
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = Round.deal(rules, dealer=seed % rules.players, rng=rng)
        while not state.is_terminal():
            played = len(state.plays)
            if played % per == 0 and played:
                k = played // per
                lead = 1 if state.to_move % 2 == 0 else -1
                extra = live_terms(state, fit.live[min(k, len(fit.live)) - 1])
                assert fit.value(state, 0) == pytest.approx(base.value(state, 0) + lead * extra)
                assert fit.value(state, 0) + fit.value(state, 1) == pytest.approx(0.0)
                checked += 1
            state.apply_index(choose_medium(Observation.from_round(state, seat=state.to_move), rng).index)
        cards = sum(state.counts[0::2]) - sum(state.counts[1::2])
        majority = rules.majority_points * ((cards > 0) - (cards < 0))
        assert fit.value(state, 0) == sum(state.points[0::2]) + sum(state.bonus[0::2]) \
            - sum(state.points[1::2]) - sum(state.bonus[1::2]) + majority
    assert checked >= 6 * (rules.packets - 1)
