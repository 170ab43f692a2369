"""The bot levels: legal, reproducible, blind to hidden cards, and sensible."""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri import Card, Observation, Round
from kseri.bots import LEVELS, Bot, BotError, LevelBot, Thinker, choose, evaluate, get_bot
from kseri.bots import names as level_names
from kseri.bots.pile.belief import Sampler, excluded_ranks, mismatches, other_decisions, seat_decisions
from kseri.bots.pile.easy import EasyBot
from kseri.bots.pile.endgame import solve_moves
from kseri.bots.pile.evaluation import expand_values
from kseri.bots.pile.levels import SPECS, level_spec
from kseri.bots.pile.medium import MediumBot
from kseri.bots.thinking import finish
from kseri.engine.cards import rank_index
from kseri.engine.rules import GREEK, card_points_table, rules_from_spec

RULE_SPECS = [
    "greek",
    "fourcard",
    {"profile": "greek", "players": 4},
    {"profile": "greek", "exposed_bottom": True},
    {"profile": "greek", "jacks_capture": False},
    {"profile": "fourcard", "players": 4},
    "pisti",
    {"profile": "fourcard", "players": 3},
    {"profile": "fourcard", "jack_table_points": 10, "final_capture_points": 10},
]

# Search levels get a small budget in the property tests; the default budgets are
# exercised by the arena and the benchmarks.
SMALL = {"hard": 3}


def idx(codes: str) -> tuple[int, ...]:
    return tuple(Card.parse(c).index for c in codes.split())


def position(spec: str | dict[str, Any], seed: int, plays: int) -> Observation:
    """The observation of the seat to move after ``plays`` random plays."""
    rules = rules_from_spec(spec)
    rng = random.Random(seed)
    state = Round.deal(rules, dealer=seed % rules.players, rng=rng)
    total = 52 - rules.opening_size
    for _ in range(min(plays, total - 1)):
        hand = state.hands[state.to_move]
        state.apply_index(hand[rng.randrange(len(hand))])
    return Observation.from_round(state, seat=state.to_move, totals=(seed % 90, 17), target=rules.target)


def pick(level: str, obs: Observation, rng: random.Random) -> Card:
    return Thinker(level, obs, rng, samples=SMALL.get(level)).run()


@settings(max_examples=60, deadline=None)
@given(spec=st.sampled_from(RULE_SPECS), seed=st.integers(0, 10 ** 6), plays=st.integers(0, 47),
       level=st.sampled_from(LEVELS), bot_seed=st.integers(0, 1000))
def test_bots_only_play_cards_they_hold(spec: str | dict[str, Any], seed: int, plays: int, level: str,
                                        bot_seed: int) -> None:
    obs = position(spec, seed, plays)
    card = pick(level, obs, random.Random(bot_seed))
    assert isinstance(card, Card)
    assert card.index in obs.hand


@pytest.mark.parametrize("level", LEVELS)
def test_a_whole_round_is_legal_at_full_strength(level: str) -> None:
    """Default budgets, one round against itself (sliced thinking, as in the page)."""
    state = Round.deal(GREEK, dealer=1, rng=random.Random(5))
    rng = random.Random(9)
    moves = 0
    while not state.is_terminal():
        obs = Observation.from_round(state, seat=state.to_move)
        think = Thinker(level, obs, rng)
        while not think.step(max_ms=15):
            pass
        state.apply(think.choice())  # apply() checks legality
        moves += 1
    assert moves == 52 - GREEK.opening_size  # every card dealt to a hand was played, one decision each
    assert sum(state.counts) == 52  # and every card ended in a stack


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choice(level: str) -> None:
    for seed in range(4):
        obs = position("greek", seed, 7 * seed)
        first = pick(level, obs, random.Random(seed))
        assert all(pick(level, obs, random.Random(seed)) == first for _ in range(2))


@pytest.mark.parametrize("plays", [0, 5, 13, 30, 40])
def test_slicing_does_not_change_the_choice(plays: int) -> None:
    obs = position("greek", 77, plays)
    whole = Thinker("hard", obs, random.Random(3), samples=40).run()
    sliced = Thinker("hard", obs, random.Random(3), samples=40)
    steps = 0
    while not sliced.step(max_ms=0.0):  # the smallest slice: one unit of work
        steps += 1
    assert sliced.choice() == whole
    assert steps >= 1 or len({rank_index(c) for c in obs.hand}) == 1


def test_choice_before_thinking_is_an_error() -> None:
    think = Thinker("hard", position("greek", 1, 3), random.Random(1), samples=5)
    with pytest.raises(BotError):
        think.choice()
    assert not think.done


def test_one_list_of_levels() -> None:
    """The level names (the leaf :mod:`kseri.bots.names`, which the table reads) and what
    the levels run (:mod:`kseri.bots.pile.levels`) name the same levels in the same order."""
    assert tuple(spec.name for spec in SPECS) == level_names.LEVELS == LEVELS
    assert level_names.DEFAULT_LEVEL in LEVELS
    assert all(level_spec(name).name == name for name in LEVELS)


def test_unknown_level() -> None:
    with pytest.raises(BotError, match="unknown bot level 'godlike'"):
        choose("godlike", position("greek", 1, 0), random.Random(1))
    with pytest.raises(BotError):
        LevelBot("godlike")
    assert issubclass(BotError, ValueError)


def test_not_its_turn() -> None:
    obs = position("greek", 2, 3)
    other = dataclasses.replace(obs, seat=1 - obs.seat, hand=())
    with pytest.raises(BotError, match="turn"):
        choose("medium", other, random.Random(1))


# -- the bot's input carries no hidden card ---------------------------------------


def test_observation_has_no_field_for_hidden_cards() -> None:
    fields = {f.name for f in dataclasses.fields(Observation)}
    assert fields == {"rules", "seat", "dealer", "hand", "opening", "plays", "totals", "target", "bottom",
                      "returned"}


def test_bots_take_observations_not_rounds() -> None:
    state = Round.deal(GREEK, dealer=1, rng=random.Random(2))
    with pytest.raises(BotError, match="Observation"):
        Thinker("hard", state, random.Random(1))  # type: ignore[arg-type]


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_choice(level: str) -> None:
    """Two rounds that differ only in cards the bot cannot see give the same view and play."""
    rng = random.Random(4)
    for trial in range(3):
        state = Round.deal(GREEK, dealer=1, rng=rng)
        for _ in range(5 + 2 * trial):
            state.apply_index(state.hands[state.to_move][0])
        seat = state.to_move
        other = 1 - seat
        # Swap the other hand with cards from the stock: same observation, different truth.
        twin = state.clone()
        stock = list(twin.deck[twin.next_card:])
        hand = twin.hands[other]
        hand[0], stock[0] = stock[0], hand[0]
        twin.deck = twin.deck[:twin.next_card] + tuple(stock)
        a = Observation.from_round(state, seat=seat)
        b = Observation.from_round(twin, seat=seat)
        assert a == b and state.hands[other] != twin.hands[other]
        assert pick(level, a, random.Random(trial)) == pick(level, b, random.Random(trial))


def test_bot_protocol_type() -> None:
    assert isinstance(get_bot("hard"), Bot)
    assert isinstance(EasyBot(), Bot) and isinstance(MediumBot(), Bot)
    obs = position("greek", 3, 2)
    assert EasyBot().choose(obs, random.Random(1)).index in obs.hand
    assert LevelBot("medium").choose(obs, random.Random(1)).index in obs.hand


# -- sensible play ------------------------------------------------------------------


def scripted(hand: str, opening: str, plays: str = "", dealer: int = 1) -> Observation:
    """Seat 0 (first player when seat 1 deals) to move."""
    return Observation(seat=0, dealer=dealer, hand=idx(hand), opening=idx(opening), plays=idx(plays))


@pytest.mark.parametrize("level", LEVELS)
def test_takes_a_kseri(level: str) -> None:
    # After 2 plays seat 0 to move with a lone 10D on the pile: 10S makes a kseri (13 points).
    obs = scripted("10S 4H 8C 3D KD", "3C 9D QH 5S", "5H 10D")
    assert Knowledge_pile(obs) == ["10D"]
    assert pick(level, obs, random.Random(1)).code == "10S"


def Knowledge_pile(obs: Observation) -> list[str]:
    from kseri.bots.pile.counting import Knowledge
    return [Card.from_index(c).code for c in Knowledge.from_observation(obs).pile]


def test_medium_leads_a_rank_nobody_can_match() -> None:
    # 2D dropped, 2H takes it, 8C led, JH takes it: seat 0 leads onto an empty pile.
    # Every other eight is seen, so 8D cannot be answered by a kseri; 7C, 4H, KD could.
    obs = scripted("8D 7C 4H KD", "8S 8H 9D 5S", "2D 2H 8C JH")
    assert Knowledge_pile(obs) == []
    assert choose("medium", obs, random.Random(1)).code == "8D"


def test_medium_keeps_its_jack_for_a_pile_worth_it() -> None:
    # 5C takes the opening pile, 7D is led: a lone worthless card is not worth a jack.
    obs = scripted("JS 4H 6C 3D 9C", "3C 9D QH 5S", "5C 7D")
    assert Knowledge_pile(obs) == ["7D"]
    assert choose("medium", obs, random.Random(1)).code != "JS"
    # ... but a jack takes a pile with the 10D and the 2C in it.
    rich = scripted("JS 4H 6C 3D 9C", "3C 9D QH 5S", "10D 2C")
    assert choose("medium", rich, random.Random(1)).code == "JS"


def test_medium_does_not_feed_a_big_pile_with_points() -> None:
    obs = scripted("10D 4H 6C 3S QC", "3C 9D KH 5S", "AH 2D")
    choice = choose("medium", obs, random.Random(1)).code
    assert choice not in ("10D", "QC")


def test_hard_plays_the_last_packet_exactly() -> None:
    rng = random.Random(12)
    state = Round.deal(GREEK, dealer=0, rng=rng)
    while state.next_card < 52 or len(state.hands[state.to_move]) < 6:
        state.apply_index(state.hands[state.to_move][0])
    obs = Observation.from_round(state, seat=state.to_move)
    values = dict(solve_moves(state))
    sign = 1 if obs.seat == 0 else -1
    best = max(sign * v for v in values.values())
    card = choose("hard", obs, random.Random(1))
    points = card_points_table(state.rules)
    twin = next(c for c in values if rank_index(c) == rank_index(card.index) and points[c] == points[card.index])
    assert sign * values[twin] == best
    evaluated = evaluate(obs, random.Random(1))
    assert evaluated[0][1] == best
    assert sorted(c.index for c, _ in evaluated) == sorted(obs.hand)


def test_evaluate_every_card() -> None:
    for plays in (0, 9, 20):
        obs = position("greek", 31, plays)
        rows = evaluate(obs, random.Random(2), samples=8)
        assert sorted(c.index for c, _ in rows) == sorted(obs.hand)
        assert all(math.isfinite(v) for _, v in rows)
        assert [v for _, v in rows] == sorted((v for _, v in rows), reverse=True)
        assert evaluate(obs, random.Random(2), samples=8) == rows


def test_evaluate_sliced_matches_one_shot() -> None:
    obs = position("greek", 8, 14)
    think = Thinker("hard", obs, random.Random(5), samples=10, exact=True)
    while not think.step(max_ms=0):
        pass
    values = think.values()
    assert values is not None
    assert expand_values(obs, values) == evaluate(obs, random.Random(5), samples=10)


# -- sampling the hidden cards --------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(RULE_SPECS), seed=st.integers(0, 10 ** 6), plays=st.integers(0, 47))
def test_samples_are_consistent_with_the_observation(spec: str | dict[str, Any], seed: int, plays: int) -> None:
    obs = position(spec, seed, plays)
    excluded = excluded_ranks(obs)
    sampler = Sampler(obs, random.Random(seed), excluded)
    for _ in range(3):
        world = sampler.sample(random.Random(seed + 1))
        assert Observation.from_round(world, seat=obs.seat, totals=obs.totals, target=obs.target) == obs
        cards = [c for h in world.hands for c in h] + list(world.deck[world.next_card:])
        assert sorted(cards + list(world.pile) + [c for cs in world.captured for c in cs]) == list(range(52))
        if obs.rules.players == 2:
            other = 1 - obs.seat
            ranks = excluded.get(other, frozenset())
            allowed = [c for c in obs.unseen() if rank_index(c) not in ranks]
            if len(allowed) >= len(world.hands[other]):
                assert not any(rank_index(c) in ranks for c in world.hands[other])


@settings(max_examples=30, deadline=None)
@given(spec=st.sampled_from([{"profile": "greek", "players": 4}, {"profile": "fourcard", "players": 3},
                             {"profile": "pisti", "players": 4}, {"profile": "pisti", "players": 6}]),
       seed=st.integers(0, 10 ** 6), plays=st.integers(0, 47), attempts=st.sampled_from([1, 24]),
       read_many=st.booleans())
def test_samples_that_read_every_seat_are_consistent_with_the_observation(spec: dict[str, Any], seed: int,
                                                                         plays: int, attempts: int,
                                                                         read_many: bool) -> None:
    obs = position(spec, seed, plays)
    sampler = Sampler(obs, random.Random(seed), excluded_ranks(obs), True, exclude_many=True, attempts=attempts,
                      read_many=read_many)
    for _ in range(3):
        world = sampler.sample(random.Random(seed + 1))
        assert Observation.from_round(world, seat=obs.seat, totals=obs.totals, target=obs.target) == obs
        cards = [c for h in world.hands for c in h] + list(world.deck[world.next_card:])
        assert sorted(cards + list(world.pile) + [c for cs in world.captured for c in cs]) == list(range(52))


@pytest.mark.parametrize(("seed", "plays"), [(0, 10), (8, 6), (31, 10), (39, 11)])
def test_expert_deals_no_seat_a_rank_it_declined_at_four_seats(seed: int, plays: int) -> None:
    """Three seats of a Pişti table for four have each dropped cards on piles they could not take:
    with ``exclude_many`` (expert's) no sampled hand holds those ranks; without it (hard's, which
    reads a declined capture at two seats only) many do."""
    obs = position({"profile": "pisti", "players": 4}, seed, plays)
    excluded = excluded_ranks(obs)
    assert len(excluded) >= 2

    def breaches(sampler: Sampler) -> int:
        worlds = [sampler.sample(random.Random(i)) for i in range(30)]
        return sum(any(rank_index(c) in ranks for seat, ranks in excluded.items() for c in world.hands[seat])
                   for world in worlds)

    assert breaches(Sampler(obs, random.Random(1), excluded, exclude_many=True)) == 0
    assert breaches(Sampler(obs, random.Random(1), excluded)) >= 5


def test_excluded_ranks_reads_declined_captures() -> None:
    # Seat 0 dropped 4H on 5S: it holds no five now.
    obs = Observation(seat=1, dealer=1, hand=idx("7H 8S 9S 2C QD"), opening=idx("3C 9D QH 5S"),
                      plays=idx("4H 6D"))
    assert excluded_ranks(obs) == {0: frozenset({4})}


def test_medium_plays_are_what_the_opponent_model_expects() -> None:
    """The hard level reads its opponent with the medium heuristic: medium's real hands
    never contradict one of its own plays."""
    from kseri.bots.pile.belief import mismatches, other_decisions, play_fit
    from kseri.bots.pile.medium import choose_medium

    rng = random.Random(6)
    checked = 0
    for r in range(6):
        state = Round.deal(GREEK, dealer=r % 2, rng=rng)
        while not state.is_terminal():
            seat = state.to_move
            obs = Observation.from_round(state, seat=seat)
            decisions = other_decisions(obs)
            assert mismatches(list(state.hands[1 - seat]), decisions, obs) == 0
            agree, total = play_fit(obs)
            assert agree == total  # in hindsight too, every play was the heuristic's
            checked += len(decisions) + total
            state.apply(choose_medium(obs, rng))
    assert checked > 100


def test_reading_plays_keeps_samples_consistent() -> None:
    for seed in range(30):
        obs = position("greek", seed, 3 + seed % 40)
        sampler = Sampler(obs, random.Random(seed), excluded_ranks(obs), read_plays=True)
        for k in range(3):
            world = sampler.sample(random.Random(k))
            assert Observation.from_round(world, seat=obs.seat, totals=obs.totals, target=obs.target) == obs


def test_reading_a_random_player_is_gentle() -> None:
    """A player who drops cards at random does not look like the heuristic: q falls."""
    from kseri.bots.pile.easy import choose_easy

    rng = random.Random(2)
    state = Round.deal(GREEK, dealer=1, rng=rng)
    while len(state.plays) < 38:
        obs = Observation.from_round(state, seat=state.to_move)
        state.apply(choose_easy(obs, rng) if state.to_move == 1 else choose("medium", obs, rng))
    obs = Observation.from_round(state, seat=state.to_move)
    assert obs.seat == 0
    sampler = Sampler(obs, random.Random(1), excluded_ranks(obs), read_plays=True)
    assert 0.0 < sampler.q < 0.8


def test_solving_the_last_packet_inside_the_search() -> None:
    """The ``solve_last`` option (no level uses it) picks a legal card and slices the same."""
    from kseri.bots.pile.params import SearchParams
    from kseri.bots.pile.search import search_values

    params = SearchParams(solve_last=True)
    for plays in (25, 33):
        obs = position("greek", 40 + plays, plays)
        assert params.stop_for(obs) == 36
        values = finish(search_values(obs, random.Random(1), params, samples=3))
        assert set(values) <= set(obs.hand) and values


def test_sums_table_is_refused() -> None:
    from kseri.engine.rules import rules_from_spec

    obs = dataclasses.replace(position("greek", 1, 0), rules=rules_from_spec("sums"))
    with pytest.raises(BotError, match="one-pile"):
        Thinker("medium", obs, random.Random(1))


def test_the_heuristic_counts_the_house_bonuses_only_when_they_are_on():
    """A pile of only jacks is worth ``jack_table_points`` more to take; in the last packet a capture
    gets a share of ``final_capture_points``; with the bonuses off nothing changes."""
    import dataclasses

    from kseri.bots.pile.heuristic import DEFAULT_HEURISTIC, card_scores
    from kseri.engine.cards import Card
    from kseri.engine.rules import FOURCARD, card_points_table
    hand = [Card.parse(c).index for c in ("JS", "4H")]
    pile = [Card.parse("JD").index]
    seen = [0] * 14
    seen[10] = 1
    seen[13] = 9
    house = dataclasses.replace(FOURCARD, jack_table_points=10, final_capture_points=10)
    blind = dataclasses.replace(DEFAULT_HEURISTIC, house_bonuses=False)
    def score(rules, params, stock_left=True):
        return card_scores(hand, pile, 1, seen, 4, stock_left, rules, card_points_table(rules), params)
    plain, counted, ignored = score(FOURCARD, DEFAULT_HEURISTIC), score(house, DEFAULT_HEURISTIC), score(house, blind)
    assert counted[0] == plain[0] + 10 and counted[1] == plain[1]
    assert ignored == plain
    late = score(house, DEFAULT_HEURISTIC, stock_left=False)[0] - score(house, blind, stock_left=False)[0]
    assert late == 10 + 10 / (len(hand) + 4)


def medium_position(spec: dict[str, Any], seed: int, plays: int) -> Observation:
    """The observation of the seat to move after ``plays`` plays of ``medium`` for every seat."""
    rules = rules_from_spec(spec)
    rng = random.Random(seed)
    state = Round.deal(rules, dealer=seed % rules.players, rng=rng)
    bot = MediumBot()
    for _ in range(plays):
        seat = state.to_move
        obs = Observation.from_round(state, seat=seat, totals=(0, 0), target=rules.target)
        state.apply_index(bot.choose(obs, rng).index)
    return Observation.from_round(state, seat=state.to_move, totals=(0, 0), target=rules.target)


def test_seat_decisions_is_other_decisions_at_two_seats_and_counts_the_next_hand() -> None:
    for seed in range(6):
        obs = medium_position({"profile": "greek"}, seed, 9)
        for finished in (False, True):
            assert seat_decisions(obs, 1 - obs.seat, finished=finished) == other_decisions(obs, finished=finished)
    obs = medium_position({"profile": "pisti", "players": 4}, 3, 22)  # packet 2, six plays in
    for seat in range(4):
        if seat == obs.seat:
            continue
        mine = seat_decisions(obs, seat)
        assert [d.card for d in mine] == [obs.plays[i] for i in range(16, 22) if obs.seat_of_play(i) == seat]
        for d in mine:
            i = obs.plays.index(d.card, 16)
            after = obs.seat_of_play(i + 1)
            assert d.next_hand == 4 - sum(1 for j in range(16, i + 1) if obs.seat_of_play(j) == after)


def misfits(sampler: Sampler, obs: Observation, samples: int = 20) -> int:
    """Over ``samples`` deals of ``sampler``: how many plays this packet of the other seats the
    heuristic would not have made with the hands dealt to them (each deal must respect the ranks
    they declined)."""
    excluded = excluded_ranks(obs)
    others = [seat for seat in range(obs.rules.players) if seat != obs.seat]
    decisions = {seat: seat_decisions(obs, seat) for seat in others}
    total = 0
    for i in range(samples):
        world = sampler.sample(random.Random(i))
        assert not any(rank_index(c) in excluded.get(seat, ()) for seat in others for c in world.hands[seat])
        total += sum(mismatches(world.hands[seat], decisions[seat], obs) for seat in others)
    return total


@pytest.mark.parametrize("players", [4, 6])
def test_reading_every_seat_samples_hands_that_explain_their_plays(players: int) -> None:
    """Every seat played like ``medium``; with ``read_many`` the sampled hands explain those plays
    (the heuristic would have made them) more often than deals that only respect the declined
    ranks, and they still respect those."""
    spec = {"profile": "pisti", "players": players}
    with_reading = without = 0
    for seed in range(8):
        obs = medium_position(spec, seed, 4 * players + players - 1)  # packet 2, this seat last
        excluded = excluded_ranks(obs)
        with_reading += misfits(Sampler(obs, random.Random(1), excluded, True, exclude_many=True, read_many=True), obs)
        without += misfits(Sampler(obs, random.Random(1), excluded, True, exclude_many=True), obs)
    assert with_reading < without * 0.6, (with_reading, without)
