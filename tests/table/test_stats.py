"""The statistics (kseri.table.stats): counting per game and level, streaks, averages, the last results,
the first stored format carried over, and stored text that is refused in one line."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri.engine.errors import one_line
from kseri.table.newgame import TABLE_NAMES
from kseri.table.seats import SessionError, levels
from kseri.table.stats import MAX_COUNT, MAX_TEXT, RECENT, Record, Stats
from kseri.table.summaries import MatchSummary

DAY = "2026-12-01"


def summary(won: bool, rounds: tuple[tuple[int, int], ...] = ((90, 60), (70, 40)),
            kseris: tuple[int, int] = (2, 1)) -> MatchSummary:
    totals = (sum(r[0] for r in rounds), sum(r[1] for r in rounds))
    return MatchSummary(winner=0 if won else 1, totals=totals, target=151, rounds=rounds, kseris=kseris,
                        cards=(52, 52))


def test_a_streak_runs_until_a_loss_and_the_best_one_stays():
    stats = Stats()
    for won in (True, True, False, True):
        stats.add("fourcard", "hard", summary(won), day=DAY)
    record = stats.record("fourcard", "hard")
    assert (record.matches, record.wins, record.losses, record.streak, record.best) == (4, 3, 1, 1, 2)
    assert record.points_per_round() == (80.0, 50.0)
    assert record.kseris_per_round() == (1.0, 0.5)
    assert stats.record("greek", "hard") == Record()  # each game apart
    assert stats.record("fourcard", "easy") == Record()  # each level apart


def test_the_last_results_are_kept_oldest_first():
    stats = Stats()
    for i in range(RECENT + 5):
        stats.add("pisti", "easy", summary(i % 2 == 0, rounds=((i, 1),)), day=DAY)
    assert len(stats.recent) == RECENT
    assert [r.score[0] for r in stats.recent] == list(range(5, RECENT + 5))
    assert stats.recent[-1].margin == RECENT + 3 and stats.recent[-1].day == DAY


def test_an_unseated_game_or_level_counts_nothing():
    stats = Stats()
    assert not stats.add("poker", "easy", summary(True), day=DAY)
    assert not stats.add("greek", "grandmaster", summary(True), day=DAY)
    assert stats.empty and stats == Stats()


def test_bots_of_mixed_levels_count_on_a_row_of_their_own_and_it_is_read_back():
    from kseri.table.seats import MIXED
    stats = Stats()
    assert stats.add("pisti:4p", MIXED, summary(True), day=DAY)
    again = Stats.from_json(stats.to_json())
    assert again.record("pisti:4p", MIXED).matches == 1 and again.recent == stats.recent


def test_the_first_format_becomes_the_greek_game():
    stats = Stats.read('{"played": {"easy": 5, "hard": 2}, "won": {"easy": 3}}')
    assert stats.record("greek", "easy") == Record(matches=5, wins=3)
    assert stats.record("greek", "hard") == Record(matches=2)
    assert stats.record("greek", "easy").points_per_round() is None  # no rounds known
    stats.add("greek", "easy", summary(True), day=DAY)
    again = Stats.read(stats.to_json())
    assert again == stats and again.record("greek", "easy").matches == 6
    assert json.loads(stats.to_json())["v"] == 2


def test_clear_forgets_everything():
    stats = Stats()
    stats.add("greek", "medium", summary(True), day=DAY)
    stats.clear()
    assert stats.empty and Stats.read(stats.to_json()) == Stats()


def test_counters_stop_at_their_bounds():
    full = Record(matches=MAX_COUNT, wins=MAX_COUNT, streak=MAX_COUNT, best=MAX_COUNT)
    assert full.after(True, 3, (10, 10), (0, 0)) is full
    stats = Stats(games={"greek": {"easy": full}})
    assert Stats.read(stats.to_json()) == stats


def test_a_full_store_stays_well_under_the_size_limit():
    stats = Stats()
    for game in TABLE_NAMES:
        for level in levels():
            stats.add(game, level, summary(True, rounds=((10**11, 10**11),) * 3, kseris=(10**11, 10**11)), day=DAY)
    assert len(stats.to_json()) < MAX_TEXT // 2
    assert Stats.read(stats.to_json()) == stats


@pytest.mark.parametrize("text", ["null", "[1]", '"x"', '{"v": 2, "games": {"greek": {"easy": []}}}',
                                  '{"v": 2, "recent": [{"game": "greek"}]}', '{"played": {"easy": true}}'])
def test_damaged_stores_are_one_line_errors(text):
    with pytest.raises(SessionError) as info:
        Stats.read(text)
    assert "\n" not in one_line(info.value) and len(one_line(info.value)) < 300


# --------------------------------------------------------------------------- properties

matches = st.tuples(st.sampled_from(TABLE_NAMES), st.sampled_from(levels()), st.booleans(),
                    st.lists(st.tuples(st.integers(0, 400), st.integers(0, 400)), min_size=1, max_size=12),
                    st.tuples(st.integers(0, 20), st.integers(0, 20)), st.dates().map(lambda d: d.isoformat()))


@settings(max_examples=80, deadline=None)
@given(st.lists(matches, max_size=30))
def test_any_history_keeps_its_invariants_and_round_trips(history):
    stats = Stats()
    for game, level, won, rounds, kseris, day in history:
        assert stats.add(game, level, summary(won, tuple(rounds), kseris), day=day)
    for per_level in stats.games.values():
        for record in per_level.values():
            assert 0 <= record.streak <= record.best <= record.wins <= record.matches
            assert record.losses >= 0 and record.rounds >= 0
            assert min(record.points + record.kseris) >= 0
    assert sum(r.matches for per_level in stats.games.values() for r in per_level.values()) == len(history)
    assert len(stats.recent) == min(len(history), RECENT)
    assert Stats.read(stats.to_json()) == stats
    assert Stats.from_json(stats.to_json()) == stats


counts = st.integers(-3, 5) | st.integers(MAX_COUNT - 1, MAX_COUNT + 1) | st.floats() | st.text(max_size=3) | st.none()
records = st.fixed_dictionaries({}, optional=dict.fromkeys(("matches", "wins", "streak", "best", "rounds"), counts)
                                | {"points": st.lists(counts, max_size=3), "kseris": st.lists(counts, max_size=3)})
results = st.fixed_dictionaries({}, optional={"game": st.sampled_from((*TABLE_NAMES, "sums", "")),
                                              "level": st.sampled_from((*levels(), "x")),
                                              "won": st.booleans() | counts, "score": st.lists(counts, max_size=3),
                                              "day": st.sampled_from(("2026-12-01", "2026-13-01", "", "x" * 11))
                                              | st.dates().map(str)})
stores = st.fixed_dictionaries({"v": st.sampled_from((2, 2, 1, "2"))}, optional={
    "games": st.dictionaries(st.sampled_from((*TABLE_NAMES, "poker")),
                             st.dictionaries(st.sampled_from((*levels(), "god")), records, max_size=3), max_size=3),
    "recent": st.lists(results, max_size=RECENT + 1)})


@settings(max_examples=150, deadline=None)
@given(stores)
def test_any_store_is_read_whole_or_refused_in_one_line(data):
    text = json.dumps(data)
    try:
        stats = Stats.read(text)
    except SessionError as exc:
        assert "\n" not in one_line(exc)
        assert Stats.from_json(text) == Stats()
        return
    for per_level in stats.games.values():
        for record in per_level.values():
            assert 0 <= record.streak <= record.best <= record.wins <= record.matches
    assert Stats.read(stats.to_json()) == stats
