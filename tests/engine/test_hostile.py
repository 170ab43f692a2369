"""Hostile input at the engine (issue #10): rules, records and observations from outside.

Whatever arrives, the engine's entry points (:func:`rules_from_spec`, :func:`loads`,
:func:`from_record`, :meth:`Observation.from_json`) give a result or one short line of
:class:`KseriError`, never another exception; every :class:`Rules` they accept deals and
plays out; and no message quotes a huge input whole. The command line's side is in
``tests/engine/test_cli.py``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import random
import signal
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from kseri.engine.cards import CODES
from kseri.engine.errors import (
    MESSAGE_LIMIT,
    IllegalMoveError,
    KseriError,
    ObservationError,
    RecordError,
    RulesError,
    one_line,
    quoted,
)
from kseri.engine.match import Match
from kseri.engine.pile.observation import Observation
from kseri.engine.record import dumps, from_record, loads, summary, to_record
from kseri.engine.rules import (
    BONUS_POINTS_MAX,
    CARD_POINTS_MAX,
    GREEK,
    MATCH_ROUNDS_MAX,
    PROFILES,
    TARGET_MAX,
    Rules,
    rules_from_spec,
    rules_from_text,
)
from kseri.engine.scoring import score_round

OPTIONS = sorted(f.name for f in dataclasses.fields(Rules) if f.name != "profile")
MEGA = "x" * 1_000_000


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Fail (TimeoutError) instead of hanging when the block runs longer than ``seconds``."""
    def expired(signum: int, frame: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def is_one_line(exc: BaseException) -> bool:
    text = str(exc)
    return "\n" not in text and 0 < len(text) <= MESSAGE_LIMIT


def play_round(rules: Rules, seed: int) -> Match:
    """A match of ``rules`` with its first round dealt and played at random (at most 52 plays)."""
    rng = random.Random(seed)
    with deadline(10):
        match = Match.new(rules, rng=rng)
        for _ in range(52):
            if match.round.is_terminal():
                break
            match.play(rng.choice(match.round.legal_moves()))
    state = match.round
    assert state.is_terminal(), "a round must end within 52 plays"
    assert sum(state.counts) + len(state.pile) == 52
    assert len(match.scores) == 1
    return match


# --------------------------------------------------------------------------- the reproducers (issue #10)

@pytest.mark.parametrize("spec, message", [
    # never dealt: the deal looked for an opening forever
    ({"profile": "fourcard", "packet_size": 24},
     r"^packet_size 24 with opening_size 4 leaves a stock of 0 cards, too few for opening_redeal 'jacks'"),
    ({"profile": "greek", "packet_size": 25, "opening_size": 2},
     r"^packet_size 25 leaves 2 cards outside the hands, too few for opening_redeal 'top' \(at least 5"),
    # an IndexError in replay: a one-card opening has no card under the top
    ({"profile": "greek", "players": 3, "packet_size": 17, "opening_size": 1},
     r"^opening_size 1 is too small for opening_redeal 'top' \(.*at least 2\)$"),
    ({"profile": "greek", "players": 3},
     r"^packet_size 6 with opening_size 4 leaves no valid deal \(the 52 - 4 = 48 cards after the opening must "
     r"split into whole packets of 6 for 3 players\)$"),
    ({"profile": "greek", "packet_size": 27}, r"^packet_size must be an integer from 1 to 26, got 27$"),
    ({"profile": "greek", "opening_size": 0}, r"^opening_size must be an integer from 1 to 50, got 0$"),
    ({"profile": "greek", "opening_redeal": "none", "exposed_bottom": True, "packet_size": 24},
     r"^exposed_bottom needs a stock of at least 5 cards after the opening"),
    # absurd values that overflowed or confused the bots
    ({"profile": "greek", "rank_points": [10**400] + [0] * 12},
     r"^rank_points: the entry for A must be an integer from 0 to 100, got <an integer of 401 digits>$"),
    ({"profile": "greek", "rank_points": [0, 0, 0, -1] + [0] * 9},
     r"^rank_points: the entry for 4 must be an integer from 0 to 100, got -1$"),
    ({"profile": "greek", "rank_points": [1] * 12}, r"^rank_points must be a list of 13 integers"),
    ({"profile": "greek", "rank_points": "1" * 13}, r"^rank_points must be a list of 13 integers"),
    ({"profile": "greek", "kseri_points": 10**400}, r"^kseri_points must be an integer from 0 to 1000, got <an"),
    ({"profile": "greek", "kseri_points": -10}, r"^kseri_points must be an integer from 0 to 1000, got -10$"),
    ({"profile": "greek", "kseri_points": 1001}, r"^kseri_points must be an integer from 0 to 1000"),
    ({"profile": "greek", "jack_kseri_points": 2.5},
     r"^jack_kseri_points must be an integer from 0 to 1000 or null, got 2.5$"),
    ({"profile": "greek", "ten_of_diamonds_points": 101}, r"^ten_of_diamonds_points must be an integer from 0 to 100"),
    ({"profile": "greek", "two_of_clubs_points": True}, r"^two_of_clubs_points must be an integer .*, got true$"),
    ({"profile": "greek", "majority_points": None}, r"^majority_points must be an integer from 0 to 1000, got null$"),
    ({"profile": "greek", "target": 0}, r"^target must be an integer from 1 to 10000, got 0$"),
    ({"profile": "greek", "target": 10001}, r"^target must be an integer from 1 to 10000, got 10001$"),
    ({"profile": "greek", "target": 151.0}, r"^target must be an integer from 1 to 10000, got 151.0$"),
    ({"profile": "greek", "target_raise": 0}, r"^target_raise must be an integer from 1 to 10000"),
    ({"profile": "greek", "match_rounds": 0}, r"^match_rounds must be an integer from 1 to 100 or null, got 0$"),
    ({"profile": "greek", "match_rounds": 101}, r"^match_rounds must be an integer from 1 to 100 or null"),
    ({"profile": "greek", "players": True}, r"^players must be an integer from 2 to 6, got true$"),
    ({"profile": "greek", "players": 2.0}, r"^players must be an integer from 2 to 6, got 2.0$"),
    ({"profile": "greek", "exposed_bottom": None}, r"^exposed_bottom must be true or false, got null$"),
    ({"profile": "greek", "jacks_capture": 0}, r"^jacks_capture must be true or false, got 0$"),
    ({"profile": "greek", "last_card_kseri": "false"}, r"^last_card_kseri must be true or false, got 'false'$"),
    ({"profile": "greek", "tie_break": "coin"}, r"^tie_break must be 'raise' or 'higher', got 'coin'$"),
    ({"profile": "greek", "table": None}, r"^table must be 'pile' or 'sums', got null$"),
    ({"profile": "greek", "opening_redeal": ["top"]},
     r"^opening_redeal must be 'top', 'jacks' or 'none', got \['top'\]$"),
    ({"profile": "greek", "rank_points": [0] * 13, "ten_of_diamonds_points": 0, "two_of_clubs_points": 0,
      "majority_points": 0},
     r"^rank_points, ten_of_diamonds_points, two_of_clubs_points and majority_points are all 0"),
    ({"profile": None}, r"^profile must be a profile name, got null$"),
    ({"profile": "sums", "profile_name": 1}, r"^unknown rules option 'profile_name'$"),
    ([], r"^rules must be a profile name or an object, got \[\]$"),
])
def test_rules_out_of_range_are_one_line_naming_the_field(spec, message):
    with pytest.raises(RulesError, match=message) as info:
        rules_from_spec(spec)
    assert is_one_line(info.value)


@pytest.mark.parametrize("option, value", [
    ("opening_redeal", "top"), ("opening_redeal", "jacks"), ("exposed_bottom", True), ("jacks_capture", False),
    ("jack_kseri_points", 20), ("jack_kseri_points", 0), ("double_kseri_points", 20), ("jack_table_points", 10),
])
def test_the_sums_table_refuses_options_it_does_not_use(option, value):
    with pytest.raises(RulesError, match=rf"^{option} .* has no effect at the sums table \(leave it out or give"):
        rules_from_spec({"profile": "sums", option: value})
    # its own (neutral) value is fine, and the pile profiles take the option
    assert rules_from_spec({"profile": "sums", option: getattr(PROFILES["sums"], option)}) == PROFILES["sums"]
    with pytest.raises(RulesError, match="has no effect at the sums table"):
        rules_from_spec({"profile": "greek", "table": "sums"})


def test_direct_construction_is_checked_too():
    with pytest.raises(RulesError, match="leaves no valid deal"):
        Rules(packet_size=7)
    with pytest.raises(RulesError, match=r"^profile must be"):
        Rules(profile="poker")
    with pytest.raises(RulesError, match=r"^exposed_bottom must be true or false"):
        dataclasses.replace(GREEK, exposed_bottom=None)  # type: ignore[arg-type]
    assert Rules(rank_points=list(GREEK.rank_points)) == GREEK  # type: ignore[arg-type]


def test_the_profiles_and_the_edges_of_every_range_are_accepted():
    for profile in PROFILES.values():
        assert rules_from_spec(profile.to_spec()) == profile
    edges = {"kseri_points": BONUS_POINTS_MAX, "jack_kseri_points": 0, "double_kseri_points": BONUS_POINTS_MAX,
             "jack_table_points": BONUS_POINTS_MAX, "final_capture_points": 0, "majority_points": BONUS_POINTS_MAX,
             "rank_points": [CARD_POINTS_MAX] * 13, "ten_of_diamonds_points": CARD_POINTS_MAX,
             "two_of_clubs_points": 0, "target": TARGET_MAX, "target_raise": 1, "match_rounds": MATCH_ROUNDS_MAX}
    rules = rules_from_spec({"profile": "greek", **edges})
    play_round(rules, 1)
    assert rules_from_spec({"profile": "greek", "rank_points": [0] * 13, "ten_of_diamonds_points": 0,
                            "two_of_clubs_points": 0, "majority_points": 1}).majority_points == 1


def test_rules_from_text_reads_json_within_bounds():
    assert rules_from_text(" pisti ") is PROFILES["pisti"]
    assert rules_from_text('{"profile": "greek", "target": 51}').target == 51
    for text, message in (('{"target": 1e999}', "out of range"), ('{"target": ' + "9" * 5000 + "}", "30 digits"),
                          ("{" * 5000, "nested more than 64"), ("{nope", "^not JSON"), ('{"target": NaN}', "NaN")):
        with pytest.raises(RulesError, match=message) as info:
            rules_from_text(text)
        assert is_one_line(info.value)


# --------------------------------------------------------------------------- every accepted deal plays

def structural_specs() -> Iterator[dict[str, Any]]:
    """Every combination of the fields that shape the deal, at both tables."""
    for n, k, o, redeal, bottom, table in itertools.product(
            (2, 3, 4), range(1, 27), range(1, 51), ("top", "jacks", "none"), (False, True), ("pile", "sums")):
        yield {"profile": "sums" if table == "sums" else "greek", "players": n, "packet_size": k,
               "opening_size": o, "opening_redeal": redeal, "exposed_bottom": bottom}


def test_every_accepted_shape_of_deal_deals_and_plays_a_round():
    """Exhaustive: each of the ~47,000 shapes is refused with a RulesError or deals and plays out
    (twice, from different seeds) and round-trips through a record. The reproducers above sit
    among them, so the validation is exactly tight enough for the deal's loops."""
    accepted = 0
    for i, spec in enumerate(structural_specs()):
        try:
            rules = rules_from_spec(spec)
        except RulesError as exc:
            assert is_one_line(exc)
            continue
        accepted += 1
        for seed in (i, i + 1):
            match = play_round(rules, seed)
            again = loads(dumps(match))
            assert again.scores == match.scores
    assert accepted > 900  # the shapes people play are among them (the profiles, 3 and 4 players, ...)
    for spec in ({"profile": "fourcard", "players": 3}, {"profile": "greek", "players": 4},
                 {"profile": "pisti", "players": 4}, {"profile": "greek", "exposed_bottom": True}):
        play_round(rules_from_spec(spec), 7)


def _opening_sizes(n: int, k: int) -> list[int]:
    return [o for o in range(1, 51) if 52 - o >= n * k and (52 - o) % (n * k) == 0]


@st.composite
def accepted_rules(draw: st.DrawFn) -> Rules:
    """Random rules, every field drawn within its accepted range (shapes that deal)."""
    n = draw(st.sampled_from([2, 3, 4]))
    k = draw(st.sampled_from([k for k in range(1, 27) if _opening_sizes(n, k)]))
    table = draw(st.sampled_from(["pile", "sums"]))
    fields: dict[str, Any] = {
        "players": n, "packet_size": k, "opening_size": draw(st.sampled_from(_opening_sizes(n, k))), "table": table,
        "kseri_points": draw(st.integers(0, BONUS_POINTS_MAX)),
        "last_card_kseri": draw(st.booleans()),
        "final_capture_points": draw(st.integers(0, BONUS_POINTS_MAX)),
        "rank_points": tuple(draw(st.lists(st.integers(0, CARD_POINTS_MAX), min_size=13, max_size=13))),
        "ten_of_diamonds_points": draw(st.integers(0, CARD_POINTS_MAX)),
        "two_of_clubs_points": draw(st.integers(0, CARD_POINTS_MAX)),
        "majority_points": draw(st.integers(0, BONUS_POINTS_MAX)),
        "target": draw(st.integers(1, TARGET_MAX)),
        "tie_break": draw(st.sampled_from(["raise", "higher"])),
        "target_raise": draw(st.integers(1, TARGET_MAX)),
        "match_rounds": draw(st.none() | st.integers(1, MATCH_ROUNDS_MAX)),
    }
    if table == "pile":
        fields |= {
            "opening_redeal": draw(st.sampled_from(["top", "jacks", "none"])),
            "jacks_capture": draw(st.booleans()),
            "exposed_bottom": draw(st.booleans()),
            "jack_kseri_points": draw(st.none() | st.integers(0, BONUS_POINTS_MAX)),
            "double_kseri_points": draw(st.none() | st.integers(0, BONUS_POINTS_MAX)),
            "jack_table_points": draw(st.integers(0, BONUS_POINTS_MAX)),
        }
    profile = "sums" if table == "sums" else draw(st.sampled_from(["greek", "fourcard", "pisti"]))
    try:
        return rules_from_spec({"profile": profile, **fields})
    except RulesError:
        assume(False)  # a redeal or bottom card that this shape cannot serve, or a round worth 0
        raise


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(accepted_rules(), st.integers(0, 2**32 - 1))
def test_random_accepted_rules_deal_and_play_a_round_in_bounded_steps(rules, seed):
    match = play_round(rules, seed)
    score = match.scores[0]
    assert all(0 <= points <= 52 * (CARD_POINTS_MAX + 1) + 27 * BONUS_POINTS_MAX for points in score.points)
    assert score == score_round(match.round)
    again = loads(dumps(match))
    assert again.scores == match.scores and again.rules == rules
    json.dumps(summary(again))
    if rules.table == "pile":
        state = match.pile_round()
        rng = random.Random(seed)
        again = Match.new(rules, rng=rng)
        while not again.round.is_terminal():  # an observation of every seat, every play
            seat = again.round.to_move
            observation = Observation.from_round(again.round, seat=seat, totals=again.totals, target=again.target)
            assert Observation.from_json(json.loads(json.dumps(observation.to_json()))) == observation
            again.play(rng.choice(again.round.legal_moves()))
        assert state.is_terminal()


# --------------------------------------------------------------------------- any JSON, one line

json_leaves = (st.none() | st.booleans() | st.integers() | st.integers(-(10**40), 10**40)
               | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
               | st.sampled_from(["kseri-record/1", "greek", "fourcard", "pisti", "sums", "top", "JS", "10D"]))
json_values = st.recursive(
    json_leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8) | st.sampled_from(OPTIONS),
                                                                inner, max_size=4),
    max_leaves=24)
option_values = (json_values | st.integers(-3, 60) | st.booleans() | st.sampled_from(["top", "jacks", "none", "raise",
                                                                                       "higher", "pile", "sums"])
                 | st.lists(st.integers(-1, 3), min_size=12, max_size=14))
rules_specs = (st.sampled_from(["greek", "fourcard", "pisti", "sums", "poker", ""])
               | st.dictionaries(st.sampled_from([*OPTIONS, "profile"]), option_values, max_size=5)
               | json_values)

FAST = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(rules_specs)
def test_any_json_as_rules_gives_rules_or_one_line(spec):
    try:
        rules = rules_from_spec(spec)
    except RulesError as exc:
        assert is_one_line(exc), str(exc)
        event("refused")
        return
    event("accepted")
    assert rules_from_spec(rules.to_spec()) == rules
    play_round(rules, 3)


def real_record(seed: int, plays: int, rules: Rules = GREEK) -> dict[str, Any]:
    rng = random.Random(seed)
    match = Match.new(rules, rng=rng)
    for _ in range(plays):
        if match.is_over:
            break
        if match.round.is_terminal():
            match.next_round()
        match.play(rng.choice(match.round.legal_moves()))
    return to_record(match)


def mostly(usual: st.SearchStrategy[Any], other: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``usual`` nine times in ten, else ``other``."""
    return st.integers(0, 9).flatmap(lambda n: usual if n else other)


round_entries = st.fixed_dictionaries({
    "deck": st.permutations(CODES) | st.lists(st.sampled_from(CODES), max_size=53) | json_values,
    "plays": st.lists(st.sampled_from(CODES), max_size=60) | st.lists(st.text(max_size=8), max_size=4) | json_values,
})
records = st.fixed_dictionaries({
    "format": mostly(st.just("kseri-record/1"), json_leaves),
    "rules": mostly(st.sampled_from(["greek", "fourcard", "pisti", "sums"]), rules_specs),
    "first_dealer": mostly(st.integers(0, 1), st.integers(-1, 4) | json_leaves),
    "rounds": st.lists(round_entries, max_size=3) | json_values,
})


def check_loads(text: str | bytes) -> None:
    """``loads`` gives a match whose ``round`` never raises IndexError, or one line of RecordError."""
    try:
        match = loads(text)
    except RecordError as exc:
        assert is_one_line(exc), str(exc)
        event("refused: " + one_line(exc).split(":")[0][:20])
        return
    event(f"loaded, {len(match.rounds)} rounds")
    json.dumps(summary(match))
    if match.rounds:
        assert match.round is match.rounds[-1]
    else:
        with pytest.raises(IllegalMoveError, match="no round has been dealt yet"):
            _ = match.round


@FAST
@given(records)
def test_any_record_shaped_json_loads_or_is_one_line(record):
    check_loads(json.dumps(record))


@FAST
@given(json_values)
def test_any_json_value_as_a_record_loads_or_is_one_line(value):
    check_loads(json.dumps(value))


@FAST
@given(st.text(max_size=60) | st.binary(max_size=60))
def test_any_text_as_a_record_loads_or_is_one_line(text):
    check_loads(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.integers(0, 120), st.integers(0, 10**6), json_values)
def test_a_real_record_with_one_value_replaced_loads_or_is_one_line(seed, plays, where, value):
    """Mostly valid records with one value anywhere swapped for any JSON value."""
    record = real_record(seed, plays)
    paths: list[tuple[Any, Any]] = [(record, key) for key in record]
    for entry in record["rounds"]:
        paths += [(entry, "deck"), (entry, "plays")]
        paths += [(entry["deck"], i) for i in range(len(entry["deck"]))]
        paths += [(entry["plays"], i) for i in range(len(entry["plays"]))]
    container, key = paths[where % len(paths)]
    container[key] = value
    check_loads(json.dumps(record))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({}, optional={
    "rules": rules_specs, "seat": st.integers(-1, 4) | json_leaves, "dealer": st.integers(-1, 4) | json_leaves,
    "hand": st.lists(st.sampled_from(CODES), max_size=8) | json_values,
    "opening": st.lists(st.sampled_from(CODES), max_size=5) | json_values,
    "plays": st.lists(st.sampled_from(CODES), max_size=8) | json_values,
    "pile": json_values, "stock": json_values, "totals": json_values, "target": json_values, "bottom": json_values,
}))
def test_any_observation_json_reads_or_is_one_line(data):
    try:
        Observation.from_json(data)
    except ObservationError as exc:
        assert is_one_line(exc), str(exc)


# --------------------------------------------------------------------------- records with no rounds

def test_a_record_with_no_rounds_is_a_match_not_dealt_yet():
    match = loads('{"format": "kseri-record/1", "rules": "pisti", "first_dealer": 1, "rounds": []}')
    assert match.rounds == [] and match.rules.profile == "pisti" and match.next_dealer == 1
    assert summary(match) == {"rounds": [], "totals": [0, 0], "target": 101, "winner": None}
    for touch in (lambda: match.round, lambda: match.play("AS"), lambda: match.play_index(0),
                  lambda: match.pile_round()):
        with pytest.raises(IllegalMoveError) as info:
            touch()
        assert is_one_line(info.value)
    match.rng = random.Random(2)
    assert match.next_round() is match.round and match.round.dealer == 1
    assert loads(dumps(match)).round.deck == match.round.deck


# --------------------------------------------------------------------------- echoes are cut short

def test_messages_never_echo_a_megabyte():
    base = real_record(5, 20)
    sums = real_record(5, 6, PROFILES["sums"])
    cases: list[dict[str, Any]] = []
    for key in ("format", "rules", "first_dealer", "rounds"):
        cases.append({**base, key: MEGA})
    cases += [
        {**base, "rules": {"profile": MEGA}},
        {**base, "rules": {"profile": "greek", MEGA: 1}},
        {**base, "rules": {"profile": "greek", "tie_break": MEGA}},
        {**base, "rules": {"profile": "greek", "rank_points": [MEGA] * 13}},
        {**base, "rules": {"profile": "greek", "target": [MEGA]}},
        {**base, "first_dealer": [MEGA]},
        {**base, "rounds": [{"deck": [MEGA] * 52, "plays": []}]},
        {**base, "rounds": [{"deck": base["rounds"][0]["deck"], "plays": [MEGA]}]},
        {**base, "rounds": [{"deck": base["rounds"][0]["deck"], "plays": [[MEGA]]}]},
        {**sums, "rounds": [{"deck": sums["rounds"][0]["deck"], "plays": [MEGA]}]},
        {**sums, "rounds": [{"deck": sums["rounds"][0]["deck"], "plays": ["7H:" + "+".join(["3C"] * 200_000)]}]},
        {**sums, "rounds": [{"deck": sums["rounds"][0]["deck"], "plays": ["7H>" + MEGA]}]},
    ]
    for record in cases:
        with pytest.raises(RecordError) as info:
            from_record(record)
        assert len(str(info.value)) <= 200, str(info.value)[:300]
    observation = {"seat": 0, "dealer": 1, "hand": ["AS"], "opening": ["2S", "3S", "4S", "5S"], "plays": []}
    for key in ("seat", "hand", "opening", "plays", "bottom", "totals", "target", "pile", "stock", "rules"):
        for value in (MEGA, [MEGA]):
            with pytest.raises(ObservationError) as info2:
                Observation.from_json({**observation, key: value})
            assert len(str(info2.value)) <= 200, (key, str(info2.value)[:300])


def test_quoted_and_one_line_bound_any_value():
    deep: list[Any] = []
    for _ in range(10_000):
        deep = [deep]
    for value in (MEGA, 10**5000, -(10**50), deep, {"a": MEGA}, b"x" * 10**6, 1e308, float("nan")):
        assert len(quoted(value)) <= 40
    assert quoted("10X") == "'10X'" and quoted(None) == "None" and quoted(7) == "7"

    class UnprintableError(Exception):
        def __str__(self) -> str:
            raise ValueError("no")

    assert one_line(UnprintableError()) == "UnprintableError"
    assert one_line(KseriError("a\nb")) == "a"
    assert len(one_line(KseriError(MEGA))) == MESSAGE_LIMIT
