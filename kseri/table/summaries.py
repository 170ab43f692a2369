"""The breakdown shown after a round and the result shown after the match.

Computed from a :class:`~kseri.engine.match.Match` (the session's methods
:meth:`~kseri.table.session.GameSession.round_summary` and
:meth:`~kseri.table.session.GameSession.match_summary` call these).
"""

from __future__ import annotations

from dataclasses import dataclass

from kseri.engine.cards import ACE, JACK, KING, QUEEN, TEN
from kseri.engine.errors import IllegalMoveError
from kseri.engine.match import Match
from kseri.i18n import N_, _, ngettext

__all__ = ["MatchSummary", "RoundSummary", "SummaryRow", "match_summary", "round_summary"]


@dataclass(frozen=True)
class SummaryRow:
    key: str
    label: str
    """The row's name: an English ``msgid`` (the page shows it translated)."""
    values: tuple[int, int]
    """Points per side (for ``cards``: the number of cards)."""
    notes: tuple[str, str] = ("", "")
    """Small print per side, e.g. ``2 kseris``."""
    is_points: bool = True
    note: str = ""
    """Small print for the row, e.g. ``26–26: nobody``."""


@dataclass(frozen=True)
class RoundSummary:
    number: int
    dealer: int
    rows: tuple[SummaryRow, ...]
    points: tuple[int, int]
    totals_before: tuple[int, int]
    totals: tuple[int, int]
    target_before: int
    target: int
    winner: int | None
    """The match winner if this round decided the match."""

    @property
    def raised(self) -> bool:
        return self.target != self.target_before


@dataclass(frozen=True)
class MatchSummary:
    winner: int | None
    totals: tuple[int, int]
    target: int
    rounds: tuple[tuple[int, int], ...]
    """Each round's points, per side."""
    kseris: tuple[int, int]
    cards: tuple[int, int]



def round_summary(match: Match, index: int = -1) -> RoundSummary:
    """The breakdown of a finished round, by category and side."""
    if not match.scores:
        raise IllegalMoveError("no round has finished yet")
    n = len(match.scores)
    index = index % n
    score = match.scores[index]
    rules = match.rules
    a, b = score.sides
    rows = [SummaryRow("cards", N_("Cards taken"), (a.cards, b.cards), is_points=False)]
    for key, label, rank in (("aces", N_("Aces"), ACE), ("kings", N_("Kings"), KING),
                             ("queens", N_("Queens"), QUEEN), ("jacks", N_("Jacks"), JACK), ("tens", N_("Tens"), TEN)):
        if rules.rank_points[rank - 1]:
            rows.append(SummaryRow(key, label, (getattr(a, key), getattr(b, key))))
    if a.other_ranks or b.other_ranks:
        rows.append(SummaryRow("other_ranks", N_("Other cards"), (a.other_ranks, b.other_ranks)))
    if rules.ten_of_diamonds_points:
        # At the open table tens score nothing, so the 10♦'s points are not a bonus on top of a ten's.
        label = "10♦" if rules.table == "sums" else N_("10♦ bonus")
        rows.append(SummaryRow("ten_of_diamonds", label, (a.ten_of_diamonds, b.ten_of_diamonds)))
    if rules.two_of_clubs_points:
        rows.append(SummaryRow("two_of_clubs", "2♣", (a.two_of_clubs, b.two_of_clubs)))
    rows.append(SummaryRow("majority", N_("Most cards"), (a.majority, b.majority),
                           note=_("{a}–{b}: nobody").format(a=a.cards, b=b.cards) if a.cards == b.cards else ""))
    if rules.table == "sums":  # the open table's word for a capture that empties it
        rows.append(SummaryRow("kseri", N_("Xeris"), (a.kseri, b.kseri),
                               notes=(_xeri_note(a.kseris), _xeri_note(b.kseris))))
    else:
        rows.append(SummaryRow("kseri", N_("Kseris"), (a.kseri, b.kseri),
                               notes=(_kseri_note(a.kseris, a.jack_kseris), _kseri_note(b.kseris, b.jack_kseris))))
    if rules.jack_table_points:
        rows.append(SummaryRow("jack_table", N_("Jack tables"), (a.jack_table, b.jack_table)))
    if rules.final_capture_points:
        rows.append(SummaryRow("final_capture", N_("Last capture"), (a.final_capture, b.final_capture)))
    rows.append(SummaryRow("total", N_("Round total"), (a.total, b.total)))
    points = score.points
    totals_after = _totals_after(match, index)
    totals_before = (totals_after[0] - points[0], totals_after[1] - points[1])
    target_before, target_after = _targets_around(match, index)
    decided = match.winner if index == n - 1 else None
    return RoundSummary(number=index + 1, dealer=score.dealer, rows=tuple(rows), points=(points[0], points[1]),
                        totals_before=totals_before, totals=totals_after, target_before=target_before,
                        target=target_after, winner=decided)

def match_summary(match: Match) -> MatchSummary:
    """The match's result: totals, each round's points, kseris and cards per side."""
    rounds = tuple((s.points[0], s.points[1]) for s in match.scores)
    kseris = (sum(s.kseris[0] for s in match.scores), sum(s.kseris[1] for s in match.scores))
    cards = (sum(s.cards[0] for s in match.scores), sum(s.cards[1] for s in match.scores))
    return MatchSummary(winner=match.winner, totals=(match.totals[0], match.totals[1]), target=match.target,
                        rounds=rounds, kseris=kseris, cards=cards)


def _kseri_note(kseris: int, jack_kseris: int) -> str:
    parts = []
    if kseris:
        parts.append(ngettext("{n} kseri", "{n} kseris", kseris).format(n=kseris))
    if jack_kseris:
        parts.append(ngettext("{n} jack kseri", "{n} jack kseris", jack_kseris).format(n=jack_kseris))
    return ", ".join(parts)


def _xeri_note(xeris: int) -> str:
    return ngettext("{n} xeri", "{n} xeris", xeris).format(n=xeris) if xeris else ""


def _totals_after(match: Match, index: int) -> tuple[int, int]:
    t0 = sum(s.points[0] for s in match.scores[:index + 1])
    t1 = sum(s.points[1] for s in match.scores[:index + 1])
    return (t0, t1)


def _targets_around(match: Match, index: int) -> tuple[int, int]:
    """The target before and after round ``index`` was scored (it rises when both pass it)."""
    rules = match.rules
    target = rules.target
    before = after = target
    totals = [0, 0]
    for score in match.scores[:index + 1]:
        before = target
        totals = [totals[0] + score.points[0], totals[1] + score.points[1]]
        if rules.match_rounds is None and rules.tie_break == "raise" and all(t >= target for t in totals):
            target += rules.target_raise
        after = target
    return before, after
