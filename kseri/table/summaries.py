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
from kseri.i18n import N_, _
from kseri.table.goal import counted_word_msgid, round_wins, word_key
from kseri.table.points import ten_of_diamonds_label
from kseri.table.tables import strategy_for

__all__ = ["MatchSummary", "RoundSummary", "SummaryRow", "match_summary", "round_summary"]


@dataclass(frozen=True)
class SummaryRow:
    key: str
    label: str
    """The row's name: an English ``msgid`` (the page shows it translated)."""
    values: tuple[int, ...]
    """Points per side (for ``cards``: the number of cards)."""
    notes: tuple[str, ...] = ()
    """Small print per side, e.g. ``2 kseris``."""
    is_points: bool = True
    note: str = ""
    """Small print for the row, e.g. ``26–26: nobody``."""

    def __post_init__(self) -> None:
        if not self.notes:  # no small print: one empty note per side
            object.__setattr__(self, "notes", ("",) * len(self.values))


@dataclass(frozen=True)
class RoundSummary:
    number: int
    dealer: int
    rows: tuple[SummaryRow, ...]
    points: tuple[int, ...]
    totals_before: tuple[int, ...]
    totals: tuple[int, ...]
    target_before: int
    target: int
    winner: int | None
    """The match winner if this round decided the match."""
    match_rounds: int | None = None
    """A match of this many rounds (:mod:`kseri.table.goal`): then :attr:`wins` counts the rounds won."""
    wins: tuple[int, ...] = ()
    """Rounds won by each side so far, this one included."""

    @property
    def raised(self) -> bool:
        return self.target != self.target_before


@dataclass(frozen=True)
class MatchSummary:
    winner: int | None
    totals: tuple[int, ...]
    target: int
    rounds: tuple[tuple[int, ...], ...]
    """Each round's points, per side."""
    kseris: tuple[int, ...]
    cards: tuple[int, ...]
    match_rounds: int | None = None
    """A match of this many rounds (:mod:`kseri.table.goal`), or None: a match to :attr:`target`."""



def round_summary(match: Match, index: int = -1) -> RoundSummary:
    """The breakdown of a finished round, by category and side (a seat, or a partnership)."""
    if not match.scores:
        raise IllegalMoveError("no round has finished yet")
    n = len(match.scores)
    index = index % n
    score = match.scores[index]
    rules = match.rules
    strategy = strategy_for(rules)
    sides = score.sides

    def per_side(key: str) -> tuple[int, ...]:
        return tuple(int(getattr(side, key)) for side in sides)

    rows = [SummaryRow("cards", N_("Cards taken"), per_side("cards"), is_points=False)]
    for key, label, rank in (("aces", N_("Aces"), ACE), ("kings", N_("Kings"), KING),
                             ("queens", N_("Queens"), QUEEN), ("jacks", N_("Jacks"), JACK), ("tens", N_("Tens"), TEN)):
        if rules.rank_points[rank - 1]:
            rows.append(SummaryRow(key, label, per_side(key)))
    if any(side.other_ranks for side in sides):
        rows.append(SummaryRow("other_ranks", N_("Other cards"), per_side("other_ranks")))
    if rules.ten_of_diamonds_points:
        rows.append(SummaryRow("ten_of_diamonds", ten_of_diamonds_label(rules), per_side("ten_of_diamonds")))
    if rules.two_of_clubs_points:
        rows.append(SummaryRow("two_of_clubs", "2♣", per_side("two_of_clubs")))
    cards = per_side("cards")
    most = max(cards)
    tied = cards.count(most) > 1
    rows.append(SummaryRow("majority", N_("Most cards"), per_side("majority"),
                           note=_("{a}–{b}: nobody").format(a=most, b=most) if tied else ""))
    word = word_key(rules)
    rows.append(SummaryRow("kseri", counted_word_msgid(word), per_side("kseri"),
                           notes=tuple(strategy.kseri_note(side, word) for side in sides)))
    if rules.jack_table_points:
        rows.append(SummaryRow("jack_table", N_("Jack tables"), per_side("jack_table")))
    if rules.final_capture_points:
        rows.append(SummaryRow("final_capture", N_("Last capture"), per_side("final_capture")))
    rows.append(SummaryRow("total", N_("Round total"), per_side("total")))
    points = tuple(score.points)
    totals_after = _totals_after(match, index)
    totals_before = tuple(after - got for after, got in zip(totals_after, points, strict=True))
    target_before, target_after = _targets_around(match, index)
    decided = match.winner if index == n - 1 else None
    return RoundSummary(number=index + 1, dealer=score.dealer, rows=tuple(rows), points=points,
                        totals_before=totals_before, totals=totals_after, target_before=target_before,
                        target=target_after, winner=decided, match_rounds=rules.match_rounds,
                        wins=round_wins([s.points for s in match.scores[:index + 1]], rules.teams))

def match_summary(match: Match) -> MatchSummary:
    """The match's result: totals, each round's points, kseris and cards per side."""
    sides = range(match.rules.teams)
    rounds = tuple(tuple(s.points) for s in match.scores)
    kseris = tuple(sum(s.kseris[i] for s in match.scores) for i in sides)
    cards = tuple(sum(s.cards[i] for s in match.scores) for i in sides)
    return MatchSummary(winner=match.winner, totals=tuple(match.totals), target=match.target,
                        rounds=rounds, kseris=kseris, cards=cards, match_rounds=match.rules.match_rounds)


def _totals_after(match: Match, index: int) -> tuple[int, ...]:
    return tuple(sum(s.points[i] for s in match.scores[:index + 1]) for i in range(match.rules.teams))


def _targets_around(match: Match, index: int) -> tuple[int, int]:
    """The target before and after round ``index`` was scored (it rises when both pass it)."""
    rules = match.rules
    target = rules.target
    before = after = target
    totals = [0] * rules.teams
    for score in match.scores[:index + 1]:
        before = target
        totals = [t + p for t, p in zip(totals, score.points, strict=True)]
        if rules.match_rounds is None and rules.tie_break == "raise" \
                and sum(t >= target for t in totals) > 1:
            target += rules.target_raise
        after = target
    return before, after
