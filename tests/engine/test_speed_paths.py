"""The fast path gives the same rounds as before it was made faster (issue #15).

``benchmarks/baseline_round.py`` is a frozen copy of the engine's fast path before the
work (deal, clone, unchecked play, the round's end, the random play-out). Here today's
engine and that copy deal the same seeds, play the same cards and must agree on every
field after every play, under every rules variant the pile table has; a random play-out
with today's unchecked play (``tests/scenario.py``) must end in the same state as the frozen
copy's written-out loop, and leave the generator in the same state.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from kseri.engine.pile.round import Round
from kseri.engine.rules import FOURCARD, GREEK, PISTI, Rules
from kseri.engine.state import _SAME_AS_SHUFFLE, shuffle
from tests.scenario import random_playout, random_round

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "baseline_round.py"
_spec = importlib.util.spec_from_file_location("baseline_round", _PATH)
assert _spec is not None and _spec.loader is not None
baseline = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("baseline_round", baseline)
_spec.loader.exec_module(baseline)

FIELDS = ("rules", "dealer", "deck", "hands", "pile", "pile_points", "next_card", "to_move", "plays", "captured",
          "counts", "points", "kseris", "jack_kseris", "bonus", "jack_tables", "kseri_cards", "last_capturer",
          "last_kseri_seat", "sweep_seat")

VARIANTS: dict[str, Rules] = {
    "greek": GREEK,
    "fourcard": FOURCARD,
    "pisti": PISTI,
    "four players": dataclasses.replace(GREEK, players=4),
    "three players": dataclasses.replace(GREEK, players=3, packet_size=4),
    "house rules": dataclasses.replace(GREEK, jack_table_points=5, final_capture_points=2, double_kseri_points=30,
                                       last_card_kseri=False, exposed_bottom=True),
    "no jack captures": dataclasses.replace(GREEK, jacks_capture=False, jack_kseri_points=None,
                                            opening_redeal="none"),
    "big opening": dataclasses.replace(FOURCARD, opening_size=12, jack_table_points=1, exposed_bottom=True),
}


def fields(state: Any) -> dict[str, object]:
    return {name: getattr(state, name) for name in FIELDS} | {"terminal": state.is_terminal()}


def as_baseline(state: Round) -> Any:
    """The same position in the frozen engine (field by field; an open-ended one stays open-ended)."""
    cls = baseline.OpenEndedBaselineRound if state.open_ended else baseline.BaselineRound
    other = cls.__new__(cls)
    for name in (*FIELDS, "_card_points"):
        value = getattr(state, name)
        if isinstance(value, list):
            value = [v[:] if isinstance(v, list) else v for v in value]
        setattr(other, name, value)
    return other


@pytest.mark.parametrize("name", VARIANTS)
def test_deal_and_every_play_match_the_frozen_engine(name):
    rules = VARIANTS[name]
    for seed in range(250):
        new = Round.deal(rules, seed % rules.players, random.Random(seed))
        old = baseline.BaselineRound.deal(rules, seed % rules.players, random.Random(seed))
        assert fields(new) == fields(old)
        choose = random.Random(f"moves {seed}")
        while not old.is_terminal():
            hand = old.hands[old.to_move]
            card = hand[choose.randrange(len(hand))]
            if choose.random() < 0.1:  # a clone plays on, as in search; the original is dropped
                new, old = new.clone(), old.clone()
            new.apply_index(card)
            old.apply_index(card)
            assert fields(new) == fields(old), (seed, old.plays)
        assert new.is_terminal()


@pytest.mark.parametrize("name", VARIANTS)
def test_random_rounds_match_the_frozen_engine(name):
    rules = VARIANTS[name]
    for seed in range(1000):
        rng_new, rng_old = random.Random(seed), random.Random(seed)
        new = random_round(rules, rng_new, dealer=seed % rules.players)
        old = baseline.random_round(rules, rng_old, dealer=seed % rules.players)
        assert fields(new) == fields(old), seed
        assert rng_new.getstate() == rng_old.getstate()  # the same draws, no more and no fewer


@pytest.mark.parametrize("name", VARIANTS)
def test_play_outs_from_the_middle_match_the_frozen_engine(name):
    rules = VARIANTS[name]
    for seed in range(200):
        rng = random.Random(seed)
        state = Round.deal(rules, 0, rng)
        for _ in range(rng.randrange(40)):
            if state.is_terminal():
                break
            hand = state.hands[state.to_move]
            state.apply_index(hand[rng.randrange(len(hand))])
        old = as_baseline(state)
        new = state.clone()
        assert fields(new) == fields(old)
        rng_new, rng_old = random.Random(seed), random.Random(seed)
        assert random_playout(new, rng_new) is new
        baseline.random_playout(old, rng_old)
        assert fields(new) == fields(old), seed
        assert rng_new.getstate() == rng_old.getstate()


def test_open_ended_positions_match_the_frozen_engine():
    rng = random.Random(5)
    for _ in range(300):
        deck = list(range(52))
        rng.shuffle(deck)
        to_move, size = rng.randrange(2), rng.randrange(1, 7)  # a position play can go on from
        sizes = [size, size]
        sizes[1 - to_move] -= rng.randrange(2)
        hands = [deck[:sizes[0]], deck[6:6 + sizes[1]]]
        pile = deck[12:12 + rng.randrange(5)]
        captured = [deck[20:20 + rng.randrange(4)], deck[30:30 + rng.randrange(4)]]
        state = Round.from_position(GREEK, hands=hands, to_move=to_move, pile=pile, stock=None,
                                    captured=captured, last_capturer=rng.choice([None, 0, 1]))
        old = as_baseline(state)
        assert state.open_ended and old.open_ended
        if rng.random() < 0.5:
            seed = rng.random()
            rng_new, rng_old = random.Random(seed), random.Random(seed)
            random_playout(state, rng_new)
            baseline.random_playout(old, rng_old)
            assert rng_new.getstate() == rng_old.getstate()
        else:
            while not old.is_terminal():
                hand = old.hands[old.to_move]
                card = hand[rng.randrange(len(hand))]
                state = state.clone()
                state.apply_index(card)
                old.apply_index(card)
                assert fields(state) == fields(old)
        assert fields(state) == fields(old)
        assert state.open_ended


def test_a_subclass_of_random_deals_as_before():
    class Counting(random.Random):
        draws = 0

        def random(self) -> float:
            self.draws += 1
            return super().random()

    new, old = Counting(9), Counting(9)
    assert fields(random_round(GREEK, new)) == fields(baseline.random_round(GREEK, old))
    assert new.draws == old.draws > 0


def test_the_deals_shuffle_is_randoms_shuffle():
    assert _SAME_AS_SHUFFLE  # on this interpreter the written-out loop is used (else no speed-up)
    for length in (0, 1, 2, 3, 4, 8, 12, 16, 31, 32, 33, 44, 48, 52):
        for seed in range(60):
            mine, theirs = list(range(length)), list(range(length))
            a, b = random.Random(seed), random.Random(seed)
            shuffle(mine, a)
            b.shuffle(theirs)
            assert mine == theirs
            assert a.getstate() == b.getstate()
    longer = list(range(60))  # not a deal: random's own shuffle
    shuffle(longer, random.Random(1))
    expected = list(range(60))
    random.Random(1).shuffle(expected)
    assert longer == expected


def test_the_search_sample_is_randoms_sample():
    from kseri.engine.state import _SAME_AS_SAMPLE, sample

    assert _SAME_AS_SAMPLE  # on this interpreter the written-out loops are used (else no speed-up)
    for n in (0, 1, 2, 5, 6, 20, 21, 22, 30, 40, 46, 85, 86, 104):
        for k in sorted({0, 1, 2, 4, 5, 6, 7, 12, n // 2, n}):
            if k > n:
                continue
            for seed in range(20):
                population = [3 * i + 1 for i in range(n)]
                a, b = random.Random(seed), random.Random(seed)
                assert sample(population, k, a) == b.sample(population, k), (n, k, seed)
                assert a.getstate() == b.getstate()
                assert population == [3 * i + 1 for i in range(n)]  # left as it was
