"""How the points are counted, in words: one :class:`PointRule` per thing that scores under the
rules being played (the scoring dialog's list).

Read from the very fields :func:`kseri.engine.scoring.score_round` uses, so the explanation
follows any profile or option; what makes a kseri is the table's own word
(:attr:`TableWords.kseri_rule <kseri.table.strategy.TableWords.kseri_rule>`).
"""

from __future__ import annotations

from dataclasses import dataclass

from kseri.engine.cards import TEN
from kseri.engine.rules import Rules
from kseri.i18n import N_, _, rank_name
from kseri.table.goal import again_word_title, jack_word_title, table_word_title
from kseri.table.tables import strategy_for

__all__ = ["PointRule", "point_rules", "ten_of_diamonds_label"]


@dataclass(frozen=True, slots=True)
class PointRule:
    """One line of "how the points are counted", in the current language."""

    label: str
    points: int
    note: str = ""


_RANK_ORDER = (1, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)
"""Ranks as a player lists the honours: ace, king, queen, jack, ten, then the rest."""


def ten_of_diamonds_label(rules: Rules) -> str:
    """What the 10♦'s points are called (a ``msgid``): a bonus on a ten's own point where tens score, else
    the card's whole worth (Pişti, four-card, the open table).

    >>> from kseri.engine.rules import PROFILES
    >>> ten_of_diamonds_label(PROFILES["greek"]), ten_of_diamonds_label(PROFILES["pisti"])
    ('10♦ bonus', '10♦')
    """
    return N_("10♦ bonus") if rules.rank_points[TEN - 1] else "10♦"


def point_rules(rules: Rules) -> tuple[PointRule, ...]:
    """What scores under ``rules``, read from the very fields :func:`score_round` uses (so the
    explanation follows any profile or option), in the current language.

    >>> from kseri.engine.rules import PROFILES
    >>> [(r.label, r.points) for r in point_rules(PROFILES["pisti"])]  # doctest: +NORMALIZE_WHITESPACE
    [('Each ace, jack', 1), ('10♦', 3), ('2♣', 2), ('Most cards', 3), ('Pişti', 10), ('Jack pişti', 20)]
    >>> point_rules(PROFILES["greek"])[0]
    PointRule(label='Each ace, king, queen, jack, ten', points=1, note='')
    >>> [r.label for r in point_rules(PROFILES["greek"]) if "10♦" in r.label]  # on top of the ten's own point
    ['10♦ bonus']

    A run of kseris (the four-card table's 20) is listed only where it can happen, at two seats:

    >>> from kseri.engine.rules import rules_from_spec
    >>> [len(point_rules(rules_from_spec({"profile": "fourcard", "players": n}))) for n in (2, 3, 6)]
    [6, 5, 5]
    """
    by_points: dict[int, list[int]] = {}  # ranks worth the same in one line: "Each ace, jack"
    for rank in _RANK_ORDER:
        if rules.rank_points[rank - 1]:
            by_points.setdefault(rules.rank_points[rank - 1], []).append(rank)
    lines = [PointRule(_("Each {rank}").format(rank=", ".join(rank_name(rank) for rank in ranks)), points)
             for points, ranks in by_points.items()]
    if rules.ten_of_diamonds_points:
        lines.append(PointRule(_(ten_of_diamonds_label(rules)), rules.ten_of_diamonds_points))
    if rules.two_of_clubs_points:
        lines.append(PointRule("2♣", rules.two_of_clubs_points))
    if rules.majority_points:
        lines.append(PointRule(_("Most cards"), rules.majority_points,
                               _("counted at the round's end; nobody on a tie")))
    kseri_rule = _(strategy_for(rules).words.kseri_rule)
    if not rules.last_card_kseri:
        kseri_rule = _("{rule}; not with the round's last card").format(rule=kseri_rule)
    lines.append(PointRule(table_word_title(rules), rules.kseri_points, kseri_rule))
    if rules.double_kseri_points and rules.players == 2:  # with more seats a run cannot happen (docs/rules.md)
        lines.append(PointRule(again_word_title(rules), rules.double_kseri_points))
    if rules.jack_kseri_points is not None:  # 0 too: still a jack kseri, counted; the last card rule holds for it
        lines.append(PointRule(jack_word_title(rules), rules.jack_kseri_points,
                               "" if rules.last_card_kseri else _("not with the round's last card")))
    if rules.jack_table_points:
        lines.append(PointRule(_("Jack tables"), rules.jack_table_points, _("a pile of only jacks")))
    if rules.final_capture_points:
        lines.append(PointRule(_("Last capture"), rules.final_capture_points, _("counted at the round's end")))
    return tuple(lines)
