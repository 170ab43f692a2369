"""The search's play-out writes the heuristic out inline (speed, issue #15): it must play exactly
the card :func:`~kseri.bots.pile.rollout.policy_card` (and so :func:`~kseri.bots.pile.heuristic.card_scores`)
chooses, at every play, whatever the rules and weights."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kseri.bots.pile.heuristic import DEFAULT_HEURISTIC, HeuristicParams
from kseri.bots.pile.rollout import exposed_bottom, playout, policy_card, public_seen
from kseri.engine.cards import RANK_INDEX
from kseri.engine.pile.round import Round
from kseri.engine.rules import rules_from_spec

RULES: list[Any] = [
    "greek", "fourcard", "pisti",
    {"profile": "greek", "jack_table_points": 10, "final_capture_points": 5, "exposed_bottom": True},
    {"profile": "greek", "jacks_capture": False, "jack_kseri_points": None},
    {"profile": "fourcard", "players": 3},
    {"profile": "pisti", "players": 4},
    {"profile": "fourcard", "packs": 2, "players": 6},
]

PARAMS = [DEFAULT_HEURISTIC,
          HeuristicParams(card_weight=0.5, jack_keep=0.5, jack_keep_late=3.0, jack_worth=1.0, drop_cost=0.0),
          HeuristicParams(house_bonuses=False)]


def _reference_playout(state: Round, seen: list[int], params: HeuristicParams, stop: int, bottom: int) -> None:
    """The play-out as it was before it was written out: policy_card at every play."""
    while (state.next_card < len(state.deck) or any(state.hands)) and len(state.plays) < stop:
        c = policy_card(state, seen, params)
        state.apply_index(c)
        if c != bottom:
            seen[RANK_INDEX[c]] += 1
            seen[13] += 1


@pytest.mark.parametrize("spec", RULES)
def test_playout_plays_the_policy_card(spec: Any) -> None:
    rules = rules_from_spec(spec)
    rng = random.Random(f"rollout:{spec}")
    for trial in range(30):
        state = Round.deal(rules, dealer=trial % rules.players, rng=rng)
        # Start somewhere in the round, reached by random plays.
        for _ in range(rng.randrange(rules.cards - rules.opening_size)):
            state.apply_index(rng.choice(state.hands[state.to_move]))
        params = PARAMS[trial % len(PARAMS)]
        stop = len(state.plays) + rng.randrange(1, 40)
        a, b = state.clone(), state.clone()
        seen_a, seen_b = public_seen(state), public_seen(state)
        bottom = exposed_bottom(state)
        playout(a, seen_a, params, stop, bottom)
        _reference_playout(b, seen_b, params, stop, bottom)
        assert a.plays == b.plays, (spec, trial)
        assert seen_a == seen_b
