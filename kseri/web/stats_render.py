"""The statistics dialog's HTML: a chart of the last matches and a table per game (pure Python).

The chart is inline SVG (the page's Content-Security-Policy allows it; its colours
come from the stylesheet by class, as inline ``<style>`` is not allowed).

>>> from kseri.table.summaries import MatchSummary
>>> stats = Stats()
>>> _ = stats.add("greek", "easy", MatchSummary(0, (160, 90), 151, ((160, 90),), (2, 0), (30, 22)), day="2026-12-01")
>>> html = stats_html(stats)
>>> '<h3 id="stats-greek">Greek</h3>' in html and 'class="bar won"' in html
True
>>> "<script" in stats_html(Stats())
False
"""

from __future__ import annotations

import math
from html import escape

from kseri.engine.rules import PROFILES
from kseri.i18n import N_, _, decimal, ngettext
from kseri.table.goal import WordKey, word_key
from kseri.table.newgame import TABLES, seating_title
from kseri.table.seats import MIXED, levels
from kseri.table.stats import FRIENDS, RECENT, MatchResult, Record, Stats, game_parts
from kseri.web.render import level_label

__all__ = ["CHART_HEIGHT", "CHART_WIDTH", "apart_html", "chart_svg", "stats_html"]

CHART_WIDTH = 400
CHART_HEIGHT = 110
"""The chart's drawing box (it scales to the dialog's width)."""
_SLOT = CHART_WIDTH / RECENT
"""Every result has its slot, so that a few bars are as wide as twenty (oldest first, the latest at the right
edge, as the chart's caption says)."""
_GAME_NAMES = {profile: name for profile, name, _explain in TABLES}


def game_label(game: str) -> str:
    """A game (a :func:`~kseri.table.stats.game_key`) as the page names it, with its seating when it is not
    two players: ``Four-card``, ``Pişti, 4 players in partnerships``."""
    parts = game_parts(game)
    return seating_title(*parts) if parts is not None else game


def game_order(games: list[str]) -> list[str]:
    """The games in the order the new-game screen lists the tables, two players first, then by seats.

    >>> game_order(["pisti:4p", "greek:4p", "pisti", "greek"])
    ['greek', 'greek:4p', 'pisti', 'pisti:4p']
    """
    def order(key: str) -> tuple[int, int, bool, int]:
        parts = game_parts(key) or ("", 9, False, 9)
        table = list(_GAME_NAMES).index(parts[0]) if parts[0] in _GAME_NAMES else 99
        return (table, parts[1], parts[2], parts[3])
    return sorted(games, key=order)


def row_label(level: str) -> str:
    """A row's name: a bot level, or matches against friends on other devices.

    >>> row_label("hard"), row_label(FRIENDS)
    ('Hard', 'Against friends')
    """
    return _("Against friends") if level == FRIENDS else level_label(level)


def _pair(values: tuple[float, float] | None, *, whole: bool = False) -> str:
    """``34 – 51`` (points, whole) or ``0,8 – 1,0`` (kseris); a dash before any round is known."""
    if values is None:
        return "–"
    if whole:  # halves up, as a person rounds (Python's round takes 10.5 to 10)
        return f"{math.floor(values[0] + .5)} – {math.floor(values[1] + .5)}"
    return f"{decimal(values[0])} – {decimal(values[1])}"


_KSERIS_PER_ROUND: dict[WordKey, str] = {"kseri": N_("kseris {pair}"), "pisti": N_("piştis {pair}"),
                                         "xeri": N_("xeris {pair}")}
"""A row's kseris per round in its table's word (whole sentences, for the catalog)."""


def _word_of(game: str) -> WordKey:
    """The word a game's table uses for a kseri (a game key names its profile first)."""
    parts = game_parts(game)
    return word_key(PROFILES[parts[0]]) if parts is not None and parts[0] in PROFILES else "kseri"


def _row(level: str, record: Record, word: WordKey) -> str:
    """Four narrow columns (they fit a phone): a small second line holds each cell's detail."""
    won = escape(ngettext("{n} won", "{n} won", record.wins).format(n=record.wins))
    best = escape(_("best {n}").format(n=record.best))
    kseris = escape(_(_KSERIS_PER_ROUND[word]).format(pair=_pair(record.kseris_per_round())))
    return (f'<tr><th scope="row">{escape(row_label(level))}</th>'
            f'<td class="num">{record.matches}<small>{won}</small></td>'
            f'<td class="num">{record.streak}<small>{best}</small></td>'
            f'<td class="num">{_pair(record.points_per_round(), whole=True)}<small>{kseris}</small></td></tr>')


def _game_table(game: str, records: dict[str, Record], prefix: str = "stats", heading: str = "h3") -> str:
    """One game's table, a row per level (weakest first)."""
    heads = (_("Level"), _("Matches"), _("Streak"), _("Per round"))
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    word = _word_of(game)
    rows = "".join(_row(level, records[level], word) for level in (*levels(), MIXED, FRIENDS) if level in records)
    ident = escape(prefix + "-" + game.replace(":", "-"))
    return (f'<{heading} id="{ident}">{escape(game_label(game))}</{heading}>'
            f'<table class="breakdown compact stats-table" aria-labelledby="{ident}">'
            f'<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>')


def _bar_title(result: MatchResult) -> str:
    words = (_("{day}: {game}, {level}, {you}–{bot}, won") if result.won
             else _("{day}: {game}, {level}, {you}–{bot}, lost"))
    return words.format(day=result.day, game=game_label(result.game), level=row_label(result.level),
                        you=result.score[0], bot=result.score[1])


def chart_svg(recent: list[MatchResult]) -> str:
    """Your points minus your opponent's in each of the last matches: a bar up (green) for a win, down (red) for a loss.

    >>> chart_svg([]).count("<rect")
    0
    >>> from kseri.table.stats import MatchResult
    >>> one = MatchResult(game="greek", level="easy", won=True, score=(160, 90), day="2026-12-01")
    >>> 'x="382.0"' in chart_svg([one])  # one match: its bar at the right edge, where the latest goes
    True
    """
    won = sum(r.won for r in recent)
    label = ngettext("The last match: {won} won, {lost} lost", "The last {n} matches: {won} won, {lost} lost",
                     len(recent)).format(n=len(recent), won=won, lost=len(recent) - won)
    middle = CHART_HEIGHT / 2
    scale = (middle - 4) / max([abs(r.margin) for r in recent] + [1])
    bars = []
    first = RECENT - len(recent)  # the latest in the last slot, on the right
    for i, result in enumerate(recent, first):
        height = max(abs(result.margin) * scale, 2)  # an even match still shows
        top = middle - height if result.margin >= 0 else middle
        bars.append(f'<rect class="bar {"won" if result.won else "lost"}" x="{i * _SLOT + 2:.1f}" y="{top:.1f}" '
                    f'width="{_SLOT - 4:.1f}" height="{height:.1f}" rx="2">'
                    f'<title>{escape(_bar_title(result))}</title></rect>')
    return (f'<svg class="stats-chart" viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" '
            f'aria-label="{escape(label)}" preserveAspectRatio="xMinYMid meet">'
            f'<line class="axis" x1="0" y1="{middle}" x2="{CHART_WIDTH}" y2="{middle}"/>{"".join(bars)}</svg>')


def stats_html(stats: Stats, *, apart: bool = False) -> str:
    """The dialog's body: its heading, the chart of the last matches and a table per game played;
    ``apart``: matches with take-backs are counted below it (:func:`apart_html`).

    >>> print(stats_html(Stats(), apart=True).split('<p class="sub">')[1])
    No match finished without take-backs yet: those with take-backs count below, apart.</p>
    """
    title = f'<h2 id="stats-title">{escape(_("Statistics"))}</h2>'
    if stats.empty:
        nothing = (_("No match finished without take-backs yet: those with take-backs count below, apart.") if apart
                   else _("No finished matches yet: play one to the end and it counts here."))
        return f'{title}<p class="sub">{escape(nothing)}</p>'
    chart = ""
    if stats.recent:
        caption = _("Your points minus your opponent’s, match by match (the latest on the right).")
        chart = (f'<figure class="stats-recent">{chart_svg(stats.recent)}'
                 f'<figcaption>{escape(caption)}</figcaption></figure>')
    tables = "".join(_game_table(game, stats.games[game]) for game in game_order(list(stats.games))
                     if stats.games.get(game))
    sub = _("Each table, seating and level counts on its own. Per round: your points and kseris (piştis at the "
            "Pişti table, xeris at the open table) – your opponent’s, a bot’s or a friend’s (with more sides, the "
            "others’ average). Kept in "
            "this browser only.")
    return f'{title}<p class="sub">{escape(sub)}</p>{chart}{tables}'


def apart_html(stats: Stats) -> str:
    """The matches played with take-backs (:mod:`kseri.table.takeback`), counted apart from your record:
    a section of their own under the record's tables (nothing while there are none).

    >>> from kseri.table.summaries import MatchSummary
    >>> apart = Stats()
    >>> apart_html(apart)
    ''
    >>> _ = apart.add("sums", "hard", MatchSummary(1, (20, 37), 37, ((20, 37),), (0, 1), (20, 32)), day="2026-12-01")
    >>> html = apart_html(apart)
    >>> '<h3 id="apart-title">With take-backs</h3>' in html, 'id="apart-sums"' in html
    (True, True)
    """
    if stats.empty:
        return ""
    tables = "".join(_game_table(game, stats.games[game], prefix="apart", heading="h4")
                     for game in game_order(list(stats.games)) if stats.games.get(game))
    sub = _("Matches in which you took cards back count here, apart from your record above.")
    return (f'<section class="stats-apart" aria-labelledby="apart-title">'
            f'<h3 id="apart-title">{escape(_("With take-backs"))}</h3><p class="sub">{escape(sub)}</p>'
            f'{tables}</section>')
