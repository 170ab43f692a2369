"""The statistics dialog's HTML (kseri.web.stats_render): the chart's bars, a table per game, the empty state."""

from __future__ import annotations

import re

from kseri.table.stats import RECENT, Stats
from kseri.table.summaries import MatchSummary
from kseri.web.stats_render import CHART_HEIGHT, chart_svg, stats_html
from tests.web.test_web_render import Tags


def result(you: int, bot: int) -> MatchSummary:
    return MatchSummary(winner=0 if you > bot else 1, totals=(you, bot), target=151, rounds=((you, bot),),
                        kseris=(1, 0), cards=(30, 22))


def played(*games: tuple[str, str, int, int]) -> Stats:
    stats = Stats()
    for game, level, you, bot in games:
        stats.add(game, level, result(you, bot), day="2026-12-01")
    return stats


def test_a_bar_per_match_up_for_a_win_down_for_a_loss():
    stats = played(("greek", "easy", 151, 40), ("greek", "easy", 60, 151), ("pisti", "hard", 101, 99))
    bars = [attrs for tag, attrs in Tags(chart_svg(stats.recent)).tags if tag == "rect"]
    assert [b["class"] for b in bars] == ["bar won", "bar lost", "bar won"]
    middle = CHART_HEIGHT / 2
    up, down, close = ((float(b["y"]), float(b["height"])) for b in bars)
    assert up[0] + up[1] == middle and down[0] == middle  # from the axis, up or down
    assert up[1] > down[1] > close[1] >= 2  # taller for a bigger margin; a close match still shows
    assert float(bars[0]["x"]) < float(bars[1]["x"]) < float(bars[2]["x"])


def test_the_view_has_a_table_per_game_played_and_a_labelled_chart():
    stats = played(("pisti", "hard", 101, 99), ("greek", "easy", 151, 40), ("greek", "medium", 20, 151))
    html = stats_html(stats)
    assert re.findall(r'<h3 id="stats-(\w+)">', html) == ["greek", "pisti"]  # the page's order of tables
    assert html.count('<tr><th scope="row">') == 3
    assert 'role="img" aria-label="The last 3 matches: 2 won, 1 lost"' in html
    assert "<style" not in html and "<script" not in html and "style=" not in html


def test_only_the_last_results_are_drawn():
    stats = played(*[("fourcard", "easy", 101, i) for i in range(RECENT + 3)])
    assert stats_html(stats).count("<rect") == RECENT


def test_with_nothing_played_the_view_says_so_and_draws_no_chart():
    html = stats_html(Stats())
    assert "No finished matches yet" in html and "<svg" not in html and "<table" not in html


def test_carried_over_counts_show_without_averages():
    html = stats_html(Stats.read('{"played": {"hard": 4}, "won": {"hard": 1}}'))
    assert "<svg" not in html and ">4<small>1 won</small>" in html and ">–<small>kseris –</small>" in html


def test_each_table_counts_its_own_word_and_points_round_half_up():
    stats = played(("pisti:4p", "hard", 101, 99), ("greek", "easy", 151, 40), ("sums", "easy", 37, 20))
    html = stats_html(stats)
    rows = re.findall(r'<h3 id="stats-([\w-]+)">.*?<small>(\w+) [\d.,]+ – [\d.,]+</small></td></tr>', html)
    assert rows == [("greek", "kseris"), ("pisti-4p", "piştis"), ("sums", "xeris")]
    halves = played(("greek", "easy", 21, 151))  # one round: 21 – 151 a round
    halves.add("greek", "easy", MatchSummary(winner=1, totals=(0, 0), target=151, rounds=((0, 0),),
                                             kseris=(0, 0), cards=(0, 0)), day="2026-12-01")
    assert "11 – 76" in stats_html(halves)  # 10.5 and 75.5 a round
