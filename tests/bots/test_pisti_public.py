"""The adapter to the public Pişti bot (``benchmarks/pisti_public.py``), without the framework:
its card mapping, its rules check, and whole deals against a stub agent that plays from the
framework's game as the adapter builds it (CI has no checkout of the framework)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from benchmarks import pisti_public as adapter
from kseri.bots.arena import ArenaError, run_arena
from kseri.bots.tables import decision
from kseri.engine.cards import Card
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.rules import FOURCARD, GREEK, PISTI

# The framework's card ids: suit * 13 + rank id, ranks two .. ace, suits S H D C.
PUBLIC_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
PUBLIC_SUITS = "SHDC"


def test_card_mapping_round_trips_and_names_the_same_card() -> None:
    assert sorted(adapter.to_public(i) for i in range(52)) == list(range(52))
    for index in range(52):
        assert adapter.from_public(adapter.to_public(index)) == index
    for card_id in range(52):
        suit, rank = divmod(card_id, 13)
        assert str(Card.from_index(adapter.from_public(card_id))) == PUBLIC_RANKS[rank] + PUBLIC_SUITS[suit]
    with pytest.raises(ValueError, match="52"):
        adapter.from_public(52)


def test_only_rules_scored_like_the_framework_are_played() -> None:
    adapter.check_rules(PISTI)
    adapter.check_rules(dataclasses.replace(PISTI, last_card_kseri=False))  # its engine's last card
    for rules, word in ((GREEK, "packet_size"), (FOURCARD, "jack_kseri_points"),
                        (dataclasses.replace(PISTI, players=4), "players")):
        with pytest.raises(ValueError, match=word):
            adapter.check_rules(rules)


class StubGame:
    """Stands in for the framework's ``PistiGame``: its fields, and its ``seen_cards``."""

    hands: list[list[int]]
    table: list[int]
    stock: list[int]
    history: list[tuple[int, int, bool, int]]
    initial_upcard: int
    captured_count: list[int]

    def seen_cards(self, player: int) -> list[int]:
        return [move[1] for move in self.history] + [self.initial_upcard] + self.hands[player]


class StubAgent:
    """Checks every game it is given, then plays a random card of its hand."""

    wants_game = True

    def __init__(self) -> None:
        self.rng = random.Random(0)
        self.other_hands: list[list[int]] = []

    def predict(self, obs: Any, action_mask: Any, game: StubGame, player: int) -> int:
        seen = game.seen_cards(player)
        other, stock = game.hands[1 - player], game.stock
        # Every card is once in what the seat has seen, the other hand or the stock.
        assert sorted(seen + other + stock) == list(range(52))
        assert set(game.table) <= set(seen)
        on_table = len(game.table) + len(game.hands[0]) + len(game.hands[1]) + len(stock)
        assert sum(game.captured_count) + on_table == 52
        self.other_hands.append(sorted(other))
        return self.rng.choice(game.hands[player])


def _reseed(agent: Any, seed: int) -> None:
    agent.rng = random.Random(seed)


def _stub_player() -> adapter.PublicPlayer:
    return adapter.PublicPlayer("stub", StubAgent(), StubGame, reseed=_reseed)


def test_deals_against_a_stub_play_to_the_end_with_every_card_accounted_for() -> None:
    player = _stub_player()
    for deal in range(3):
        state = Round.deal(PISTI, deal % 2, random.Random(deal))
        rng = random.Random(100 + deal)
        while not state.is_terminal():
            seat = state.to_move
            obs = Observation.from_round(state, seat=seat)
            card = player.play(obs, rng) if seat == 1 else decision("easy", obs, rng).run()
            state.apply(card)
        assert sum(state.counts) == 52
        assert sorted(c for taken in state.captured for c in taken) == list(range(52))
        majority = PISTI.majority_points if state.counts[0] != state.counts[1] else 0
        assert sum(state.returns()) == sum(state.points) + sum(state.bonus) + majority


def test_the_stub_sees_only_its_seat() -> None:
    # The other hand it is given is dealt at random from the unseen cards: two draws differ.
    state = Round.deal(PISTI, 0, random.Random(7))
    obs = Observation.from_round(state, seat=state.to_move)
    games = [adapter.public_game(obs, random.Random(seed), StubGame) for seed in range(2)]
    assert games[0].hands[1 - obs.seat] != games[1].hands[1 - obs.seat]
    assert games[0].hands[obs.seat] == games[1].hands[obs.seat] == [adapter.to_public(c) for c in obs.hand]
    assert games[0].table == [adapter.to_public(c) for c in state.pile]


def test_the_arena_plays_the_stub_on_duplicate_deals() -> None:
    result = run_arena("easy", _stub_player(), rounds=3, seed=5, rules=PISTI)
    assert result.b == "stub" and len(result.diffs) == 3
    again = run_arena("easy", _stub_player(), rounds=3, seed=5, rules=PISTI)
    assert again.diffs == result.diffs  # the agent is reseeded from the arena's seeded rng


def test_a_card_not_in_hand_is_an_arena_error() -> None:
    class Cheat(StubAgent):
        def predict(self, obs: Any, action_mask: Any, game: StubGame, player: int) -> int:
            return game.hands[1 - player][0]

    with pytest.raises(ArenaError, match="not in its hand"):
        run_arena("easy", adapter.PublicPlayer("cheat", Cheat(), StubGame), rounds=1, seed=1, rules=PISTI)
