"""What a play at the sums table did, in words: the line on the table and the sentence read aloud.

The pile tables' sentences (:func:`kseri.table.pile.words.describe_event`) speak of one pile; at the
open table a card takes several cards by their sum, builds and raises. A xeri (a capture that
empties the table) is called so. With ``names`` (each seat's, "" where "You" or "Bot" says it), the
other player is called by name: a friend on another device (:mod:`kseri.table.duel.session`).

>>> from kseri.engine.cards import Card
>>> from kseri.engine.events import PlayEvent
>>> took = PlayEvent(seat=1, card=Card.parse("7H"), kind="capture", captured=(Card.parse("3C"), Card.parse("4D")))
>>> describe_sums_event(took)
'Bot plays the seven of hearts and takes three of clubs and four of diamonds.'
>>> describe_sums_event(took, names=("", "Anna"))
'Anna plays the seven of hearts and takes three of clubs and four of diamonds.'
>>> sums_take_line(LastPlay(took, (0, 0)))
'Bot took 3♣ 4♦ with 7♥ · +0'
>>> sums_take_line(LastPlay(took, (0, 0), names=("", "Anna")))
'Anna took 3♣ 4♦ with 7♥ · +0'
>>> built = PlayEvent(seat=0, card=Card.parse("5S"), kind="build")
>>> describe_sums_event(built, build_value=8)
'You play the five of spades: a build of 8.'
"""

from __future__ import annotations

from kseri.engine.events import PlayEvent
from kseri.i18n import _, card_name, ngettext
from kseri.table.seats import HUMAN
from kseri.table.views import LastPlay, card_text, play_ending, seat_named

__all__ = ["describe_sums_event", "sums_take_line"]


def _symbols(event: PlayEvent) -> str:
    """The cards taken as the table's line shows them: ``3♣ 4♦``."""
    return " ".join(card_text(card.code) for card in event.captured)


def _cards(event: PlayEvent) -> str:
    """The cards taken, named in words: the sentence is read aloud, and a screen reader says "7♠" as
    "7 black spade suit" (the line on the table shows the symbols)."""
    names = [card_name(card.code) for card in event.captured]
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def describe_sums_event(event: PlayEvent, build_value: int | None = None, packet_size: int = 6,
                        names: tuple[str, ...] = ()) -> str:
    """One sentence for the live region: the card played and what it took or built (``names``: each
    seat's, for a seat called by its name rather than "Bot")."""
    card = card_name(event.card.code)
    name = seat_named(event.seat, names)
    if name is not None:
        text = _named_play(event, name, card, build_value)
    else:
        text = _play(event, event.seat == HUMAN, card, build_value)
    return text + play_ending(event, packet_size, names)


def _play(event: PlayEvent, you: bool, card: str, build_value: int | None) -> str:
    """What you or the bot played (:func:`describe_sums_event` without names)."""
    if event.kind == "kseri":
        return (_("You play the {card} and take {cards}: Xeri, +{bonus}!") if you
                else _("Bot plays the {card} and takes {cards}: Xeri, +{bonus}!")).format(
            card=card, cards=_cards(event), bonus=event.bonus)
    if event.is_capture:
        return (_("You play the {card} and take {cards}.") if you
                else _("Bot plays the {card} and takes {cards}.")).format(card=card, cards=_cards(event))
    if event.kind == "build":
        return (_("You play the {card}: a build of {value}.") if you
                else _("Bot plays the {card}: a build of {value}.")).format(card=card, value=build_value)
    return (_("You lay the {card} on the table.") if you else _("Bot lays the {card} on the table.")).format(card=card)


def _named_play(event: PlayEvent, name: str, card: str, build_value: int | None) -> str:
    """What the seat called ``name`` played."""
    if event.kind == "kseri":
        return _("{name} plays the {card} and takes {cards}: Xeri, +{bonus}!").format(
            name=name, card=card, cards=_cards(event), bonus=event.bonus)
    if event.is_capture:
        return _("{name} plays the {card} and takes {cards}.").format(name=name, card=card, cards=_cards(event))
    if event.kind == "build":
        return _("{name} plays the {card}: a build of {value}.").format(name=name, card=card, value=build_value)
    return _("{name} lays the {card} on the table.").format(name=name, card=card)


def sums_take_line(play: LastPlay) -> str:
    """The short line on the table for what a play took or built ("" for a card laid down)."""
    event, taker = play.event, play.taker
    if event.kind == "build" and play.build_value is not None:
        name = seat_named(event.seat, play.names)
        built = (_("{name} built {value} with {card}") if name is not None else
                 _("You built {value} with {card}") if event.seat == HUMAN else _("Bot built {value} with {card}"))
        return built.format(name=name, value=play.build_value, card=card_text(event.card.code))
    if taker is None:
        return ""
    you = taker == HUMAN
    name = seat_named(taker, play.names)
    if event.is_capture:
        took = (_("{name} took {cards} with {card}") if name is not None else
                _("You took {cards} with {card}") if you else _("Bot took {cards} with {card}"))
        line = took.format(name=name, cards=_symbols(event), card=card_text(event.card.code))
        if event.kind == "kseri":
            line = _("Xeri!") + " " + line
    else:
        n = len(event.sweep)
        line = (ngettext("{name} took the last card", "{name} took the last {n} cards", n) if name is not None
                else ngettext("You took the last card", "You took the last {n} cards", n) if you
                else ngettext("Bot took the last card", "Bot took the last {n} cards", n)).format(name=name, n=n)
    return f"{line} · +{play.gain}"
