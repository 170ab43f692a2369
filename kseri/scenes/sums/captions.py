"""The automatic captions of a scene at the open (sums) table: what a move did, in words.

The sums table's counterpart of :mod:`kseri.scenes.captions`, written from the engine's
events and the table as it was before the move (a capture by rank or by a sum, a build, a
raise, a card laid loose, a xeri). One catalog sentence per case, with placeholders.

>>> from kseri.engine.cards import Card
>>> from kseri.i18n import set_language
>>> _ = set_language("en")
>>> build = TableItem((Card.parse("5S").index, Card.parse("3H").index), 8, 1)
>>> describe_open_table([TableItem((Card.parse("4D").index,), 4), build], ("South", "North"))
"On the table: 4♦ and North's build of 8 (5♠ 3♥)."
"""

from __future__ import annotations

from collections.abc import Sequence

from kseri.engine.cards import rank_index
from kseri.engine.events import PlayEvent
from kseri.engine.rules import Rules, card_points_table
from kseri.engine.sums.round import SumsMove, TableItem
from kseri.i18n import _
from kseri.scenes.captions import owner, pretty, round_end, worth_phrase

__all__ = ["describe_open_table", "sums_caption"]


def _item(item: TableItem, names: Sequence[str]) -> str:
    if not item.is_build or item.owner is None:
        return pretty(item.cards[0])
    return _("{name}'s build of {value} ({cards})").format(
        name=names[item.owner], value=item.value, cards=" ".join(pretty(c) for c in item.cards))


def _listing(items: Sequence[TableItem], names: Sequence[str]) -> str:
    words = [_item(item, names) for item in items]
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def describe_open_table(items: Sequence[TableItem], names: Sequence[str]) -> str:
    """The open table in one sentence, in the current language."""
    if not items:
        return _("The table is empty.")
    return _("On the table: {items}.").format(items=_listing(items, names))


def _capture(event: PlayEvent, move: SumsMove, before: Sequence[TableItem], names: Sequence[str],
             rules: Rules) -> str:
    who = names[event.seat]
    taken = set(move.take)
    items = [item for item in before if taken & set(item.cards)]
    words = {"owner": owner(who), "card": pretty(event.card), "items": _listing(items, names),
             "cards": worth_phrase([*move.take, move.card], card_points_table(rules))}
    single = len(items) == 1 and not items[0].is_build
    if single and rank_index(items[0].cards[0]) == rank_index(move.card):
        text = _("{owner} {card} takes the {items}, its twin: {cards}.").format(**words)
    elif len(items) == 1:
        text = _("{owner} {card} takes {items} whole: {cards}.").format(**words)
    else:
        sums = " + ".join(str(item.value) for item in items)
        text = _("{owner} {card} takes {items}: {sums} = {value}, {cards}.").format(
            **words, sums=sums, value=sum(item.value or 0 for item in items))
    if event.kind == "kseri":
        text += " " + _("The table is empty: a xeri, +{bonus}!").format(bonus=event.bonus)
    elif len(items) == len(before) and not rules.last_card_kseri and event.round_over:
        text += " " + _("The table is empty, but these rules give no xeri for the round's last card.")
    return text


def _build(event: PlayEvent, move: SumsMove, before: Sequence[TableItem], names: Sequence[str],
           built: int | None) -> str:
    who = names[event.seat]
    base = next(item for item in before if item.cards[0] == move.onto)
    words = {"owner": owner(who), "card": pretty(event.card), "value": built, "name": who}
    if base.is_build and base.owner is not None:
        return _("{owner} {card} raises {old} to {value}: the build is now {name}'s, and it is taken only "
                 "whole.").format(**words, old=_item(base, names))
    return _("{owner} {card} goes on the {base}: a build of {value}. To build it {name} must keep a card worth "
             "{value}, and while the build stands may not lay a card loose if able to take or build.").format(
        **words, base=pretty(base.cards[0]))


def sums_caption(event: PlayEvent, move: SumsMove, before: Sequence[TableItem], names: Sequence[str],
                 rules: Rules, built: int | None = None) -> str:
    """The automatic caption of one move: ``event`` as the engine reported it, ``before`` the table
    before the move, ``built`` the build's value after a build or a raise."""
    if move.kind == "capture":
        text = _capture(event, move, before, names, rules)
    elif move.kind == "build":
        text = _build(event, move, before, names, built)
    else:
        text = _("{owner} {card} takes nothing and lies loose on the table.").format(
            owner=owner(names[event.seat]), card=pretty(event.card))
    return text + round_end(event, names, rules)
