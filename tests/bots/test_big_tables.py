"""The bots at three to six seats and with the double 104-card pack (docs/rules.md §"Double pack"):
legal and sensible moves from the observation alone, two copies of every card counted, the right
multiset dealt by the search's sampling, partners playing for their side."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from kseri.bots.arena import run_arena
from kseri.bots.pile.belief import Sampler
from kseri.bots.pile.counting import Knowledge
from kseri.bots.pile.heuristic import DEFAULT_HEURISTIC, card_scores
from kseri.bots.pile.params import SearchParams
from kseri.bots.pile.rollout import final_difference
from kseri.bots.pile.value import is_big_table, running_value
from kseri.bots.play import choose
from kseri.bots.protocol import answer
from kseri.engine.cards import Card, rank_index
from kseri.engine.match import Match
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import GREEK, Rules, card_points_table, rules_from_spec
from tests.scenario import random_playout

SEATINGS = [rules_from_spec(spec) for spec in (
    {"profile": "fourcard", "players": 3},
    {"profile": "fourcard", "players": 4},
    {"profile": "fourcard", "packs": 2, "players": 4},
    {"profile": "fourcard", "packs": 2, "players": 5},
    {"profile": "fourcard", "packs": 2, "players": 6},
    {"profile": "pisti", "packs": 2, "players": 6, "partnerships": False},
    {"profile": "greek", "packs": 2, "players": 4},
    {"profile": "fourcard", "players": 6},
)]
"""Every seat count from 3 to 6, with one pack and with two."""

DOUBLE_SIX = SEATINGS[4]


def idx(codes: str) -> tuple[int, ...]:
    return tuple(Card.parse(c).index for c in codes.split())


def positions(rules: Rules, seed: int, count: int) -> list[Round]:
    """``count`` positions of one random round, spread over it (the seat to move holds a card)."""
    rng = random.Random(seed)
    state = Round.deal(rules, seed % rules.players, rng)
    plays = rules.cards - rules.opening_size
    stops = sorted(rng.sample(range(plays), count))
    out = []
    for stop in stops:
        while len(state.plays) < stop:
            state.apply_index(rng.choice(state.hands[state.to_move]))
        out.append(state.clone())
    return out


@pytest.mark.parametrize("rules", SEATINGS, ids=lambda r: json.dumps(r.to_spec()))
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_easy_and_medium_play_whole_rounds_legally(rules, level):
    rng = random.Random(2)
    match = Match.new(rules, rng=random.Random(7))
    state = match.pile_round()
    while not state.is_terminal():
        obs = Observation.from_round(state, seat=state.to_move, totals=match.totals, target=match.target)
        card = choose(level, obs, rng)
        assert card.index in state.hands[state.to_move]
        match.play(card)
    assert sum(match.scores[-1].cards) == rules.cards


@pytest.mark.parametrize("rules", SEATINGS, ids=lambda r: json.dumps(r.to_spec()))
def test_hard_plays_legal_cards_from_the_observation_alone(rules):
    for state in positions(rules, 11, 5):
        obs = Observation.from_round(state, seat=state.to_move)
        card = choose("hard", obs, random.Random(3))
        assert card.index in state.hands[state.to_move]
        # Fair: another deal of the hidden cards gives the same observation, hence the same card.
        other = obs.sample_round(random.Random(99))
        again = Observation.from_round(other, seat=other.to_move)
        assert again == obs and choose("hard", again, random.Random(3)) == card


def test_the_bot_protocol_answers_a_double_pack_observation():
    state = positions(DOUBLE_SIX, 4, 1)[0]
    line = json.dumps(Observation.from_round(state, seat=state.to_move).to_json())
    for level in ("easy", "medium", "hard"):
        reply = answer(line, level, random.Random(1))
        assert Card.parse(reply).index in state.hands[state.to_move]


def test_hard_takes_a_kseri_on_the_other_copy():
    rules = SEATINGS[2]
    # Seat 0 takes the opening with 5S, seat 2 takes seat 1's 2S, seat 3 leaves a lone 7H.
    obs = Observation(rules=rules, seat=0, dealer=3, hand=idx("7H 9S KD"), opening=idx("3S 4H 8C 9D 10S QH KC 5D"),
                      plays=idx("5S 2S 2D 7H"), totals=(0, 0), target=101)
    obs.check()
    assert [c.code for c in obs.public_round().pile_cards()] == ["7H"]
    for level in ("easy", "medium", "hard"):
        assert choose(level, obs, random.Random(1)).code == "7H"


def test_counting_knows_two_copies_of_every_rank():
    rules = SEATINGS[2]
    obs = Observation(rules=rules, seat=0, dealer=3, hand=idx("7H 7H JS 2C"), opening=idx("7C 9D QH 5S 3C 3D 4H 8C"),
                      plays=())
    k = Knowledge.from_observation(obs)
    seven = rank_index(Card.parse("7C").index)
    assert (k.copies, k.hidden_of_rank(seven), k.hidden) == (8, 5, 104 - 4 - 8)
    assert k.hidden_of_rank(rank_index(Card.parse("KS").index)) == 8
    # The heuristic, too: all eight sevens seen makes a seven a safe lead.
    seen = [0] * 14
    seen[seven] = 6
    seen[13] = 6
    pts = card_points_table(rules)
    safe = card_scores([Card.parse("7S").index], [], 0, seen, 4, True, rules, pts, DEFAULT_HEURISTIC)[0]
    seen[seven] = 2
    risky = card_scores([Card.parse("7S").index], [], 0, seen, 4, True, rules, pts, DEFAULT_HEURISTIC)[0]
    assert safe > risky


@pytest.mark.parametrize("rules", SEATINGS[2:6], ids=lambda r: json.dumps(r.to_spec()))
def test_the_search_samples_deal_the_unseen_multiset(rules):
    for state in positions(rules, 5, 3):
        obs = Observation.from_round(state, seat=state.to_move)
        sampler = Sampler(obs, random.Random(1))
        rng = random.Random(2)
        for _ in range(5):
            world = sampler.sample(rng)
            placed = [*world.pile, *world.deck[world.next_card:]]
            for seat in range(rules.players):
                placed += [*world.hands[seat], *world.captured[seat]]
            assert sorted(placed) == sorted(list(range(52)) * rules.packs)
            assert world.hands[obs.seat] == state.hands[obs.seat] and world.pile == state.pile
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            hidden = [c for s, h in enumerate(world.hands) if s != obs.seat for c in h]
            hidden += world.deck[world.next_card:]
            assert Counter(hidden) == Counter(obs.unseen())


def test_partners_play_for_their_side():
    rules = DOUBLE_SIX
    state = random_playout(Round.deal(rules, 0, random.Random(8)), random.Random(8))
    # The value of a finished round is the side's: partners (seat and seat + 3) see the same number.
    for seat in range(3):
        assert final_difference(state, rules.team_of(seat)) == final_difference(state, rules.team_of(seat + 3))
    assert abs(sum(final_difference(state, side) for side in range(3))) < 1e-9


def test_the_big_tables_stop_play_outs_at_a_packet_end():
    assert not is_big_table(GREEK) and not is_big_table(rules_from_spec({"profile": "fourcard", "players": 4}))
    assert all(is_big_table(rules) for rules in SEATINGS[2:])
    state = positions(DOUBLE_SIX, 3, 1)[0]
    obs = Observation.from_round(state, seat=state.to_move)
    stop = SearchParams().stop_for(obs)
    assert stop % obs.per_packet == 0 and stop - len(obs.plays) <= 2 * obs.per_packet
    finished = random_playout(state.clone(), random.Random(1))
    assert running_value(finished, 0) == final_difference(finished, 0)


def test_the_arena_seats_every_side():
    result = run_arena("medium", "easy", rounds=1, seed=3, rules=rules_from_spec(
        {"profile": "fourcard", "packs": 2, "players": 5}))
    assert len(result.diffs) == 1
    data = result.to_json()
    assert data["rounds"] == 5  # each deal played once with A on each of the five sides
    # A plays one seat of five in each of the five rounds: a fifth of all plays.
    assert len(result.think_ms[0]) * 4 == len(result.think_ms[1])
    six = run_arena("easy", "easy", rounds=1, seed=1, rules=DOUBLE_SIX, matches=1)
    assert six.to_json()["rounds"] == 3 and six.match_scores[0] in (0.0, 1 / 3, 2 / 3, 1.0)
