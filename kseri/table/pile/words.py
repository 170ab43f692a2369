"""What a play at a pile table did, in words: the sentence read aloud and the line on the table.

The open table's counterpart is :mod:`kseri.table.sums.words`; the end of a sentence (the
sweep, the round's end, a new packet) is every table's (:func:`kseri.table.views.play_ending`).
"""

from __future__ import annotations

from kseri.engine.cards import Card  # noqa: F401 - used by the doctests
from kseri.engine.events import PlayEvent
from kseri.engine.rules import GREEK
from kseri.i18n import _, card_name, ngettext
from kseri.table.seats import BOT, HUMAN  # noqa: F401 - BOT: used by the doctests
from kseri.table.views import LastPlay, card_text, play_ending, seat_named

__all__ = ["describe_event", "describe_take"]


def describe_event(event: PlayEvent, packet_size: int = GREEK.packet_size, names: tuple[str, ...] = (),
                   word: str = "kseri") -> str:
    """One sentence for the live region: what was played and what it did; with more than two
    ``names`` (each seat's), the bots are called by their names; ``word``: the table's word for a
    kseri (``pisti`` at the Pişti table).

    >>> from kseri.engine.events import PlayEvent
    >>> describe_event(PlayEvent(seat=1, card=Card.parse("7H"), kind="drop"))
    'Bot plays the seven of hearts.'
    >>> describe_event(PlayEvent(seat=2, card=Card.parse("7H"), kind="drop"), 4, ("You", "Eleni", "Nikos"))
    'Nikos plays the seven of hearts.'
    >>> describe_event(PlayEvent(seat=0, card=Card.parse("7H"), kind="kseri", bonus=10), 4, word="pisti")
    'You play the seven of hearts: Pişti, +10!'
    """
    you = event.seat == HUMAN
    card = card_name(event.card.code)
    bonus = f", +{event.bonus}" if event.bonus else ""
    taken = len(event.captured) + 1
    name = seat_named(event.seat, names)
    if name is not None:
        text = _named_play(event, name, card, bonus, taken, word)
    elif event.kind == "drop":
        text = (_("You play the {card}.") if you else _("Bot plays the {card}.")).format(card=card)
    elif event.kind in ("kseri", "jack_kseri") and word == "pisti":
        pisti = {(True, "kseri"): _("You play the {card}: Pişti{bonus}!"),
                 (False, "kseri"): _("Bot plays the {card}: Pişti{bonus}!"),
                 (True, "jack_kseri"): _("You play the {card}: Jack pişti{bonus}!"),
                 (False, "jack_kseri"): _("Bot plays the {card}: Jack pişti{bonus}!")}
        text = pisti[(you, event.kind)].format(card=card, bonus=bonus)
    elif event.kind == "kseri":
        text = (_("You play the {card}: Kseri{bonus}!") if you else _("Bot plays the {card}: Kseri{bonus}!")).format(
            card=card, bonus=bonus)
    elif event.kind == "jack_kseri":
        text = (_("You play the {card}: Jack kseri{bonus}!") if you
                else _("Bot plays the {card}: Jack kseri{bonus}!")).format(card=card, bonus=bonus)
    else:
        text = (ngettext("You play the {card} and take {n} card.", "You play the {card} and take {n} cards.", taken)
                if you else ngettext("Bot plays the {card} and takes {n} card.",
                                     "Bot plays the {card} and takes {n} cards.", taken)).format(card=card, n=taken)
    return text + play_ending(event, packet_size, names)


def _named_play(event: PlayEvent, name: str, card: str, bonus: str, taken: int, word: str = "kseri") -> str:
    """What a bot called ``name`` played (:func:`describe_event` at a table of more than two)."""
    if event.kind == "drop":
        return _("{name} plays the {card}.").format(name=name, card=card)
    if event.kind in ("kseri", "jack_kseri") and word == "pisti":
        words = (_("{name} plays the {card}: Pişti{bonus}!") if event.kind == "kseri"
                 else _("{name} plays the {card}: Jack pişti{bonus}!"))
        return words.format(name=name, card=card, bonus=bonus)
    if event.kind == "kseri":
        return _("{name} plays the {card}: Kseri{bonus}!").format(name=name, card=card, bonus=bonus)
    if event.kind == "jack_kseri":
        return _("{name} plays the {card}: Jack kseri{bonus}!").format(name=name, card=card, bonus=bonus)
    return ngettext("{name} plays the {card} and takes {n} card.", "{name} plays the {card} and takes {n} cards.",
                    taken).format(name=name, card=card, n=taken)


def describe_take(play: LastPlay) -> str:
    """One short line, shown on the table, for what a play took and scored ("" for a plain drop).

    >>> from kseri.engine.events import PlayEvent
    >>> pile = tuple(map(Card.parse, "2H 5S 9D 7C".split()))
    >>> describe_take(LastPlay(PlayEvent(seat=BOT, card=Card.parse("JC"), kind="capture", captured=pile), (0, 2)))
    'Bot took 5 cards with J♣ · +2'
    >>> kseri = PlayEvent(seat=HUMAN, card=Card.parse("7H"), kind="kseri", captured=(Card.parse("7S"),), bonus=10)
    >>> describe_take(LastPlay(kseri, (10, 0)))
    'Kseri! You took the 7♠ with the 7♥ · +10'
    >>> describe_take(LastPlay(PlayEvent(seat=HUMAN, card=Card.parse("7H"), kind="drop"), (0, 0)))
    ''
    >>> describe_take(LastPlay(PlayEvent(seat=2, card=Card.parse("7H"),
    ...     kind="kseri", captured=(Card.parse("7S"),), bonus=10), (0, 0, 10), names=("You", "Eleni", "Nikos")))
    'Kseri! Nikos took the 7♠ with the 7♥ · +10'
    """
    event, taker = play.event, play.taker
    if taker is None:
        return ""
    you = taker == HUMAN
    name = seat_named(taker, play.names)
    if name is not None:
        text = _named_take(event, name, play.word)
    elif event.kind in ("kseri", "jack_kseri") and play.word == "pisti":
        lone, card = card_text(event.captured[0].code), card_text(event.card.code)
        pisti = {(True, "kseri"): _("Pişti! You took the {lone} with the {card}"),
                 (False, "kseri"): _("Pişti! Bot took the {lone} with the {card}"),
                 (True, "jack_kseri"): _("Jack pişti! You took the {lone} with the {card}"),
                 (False, "jack_kseri"): _("Jack pişti! Bot took the {lone} with the {card}")}
        text = pisti[(you, event.kind)].format(lone=lone, card=card)
    elif event.kind in ("kseri", "jack_kseri"):
        lone, card = card_text(event.captured[0].code), card_text(event.card.code)
        if event.kind == "kseri":
            text = (_("Kseri! You took the {lone} with the {card}") if you
                    else _("Kseri! Bot took the {lone} with the {card}")).format(lone=lone, card=card)
        else:
            text = (_("Jack kseri! You took the {lone} with the {card}") if you
                    else _("Jack kseri! Bot took the {lone} with the {card}")).format(lone=lone, card=card)
    elif event.is_capture:
        n = len(event.captured) + 1  # the played card joins the taker's stack too
        text = (ngettext("You took {n} card with {card}", "You took {n} cards with {card}", n) if you
                else ngettext("Bot took {n} card with {card}", "Bot took {n} cards with {card}", n)).format(
            n=n, card=card_text(event.card.code))
    else:  # a drop with the round's last card: the last capturer sweeps the table
        n = len(event.sweep)
        text = (ngettext("You took the last card", "You took the last {n} cards", n) if you
                else ngettext("Bot took the last card", "Bot took the last {n} cards", n)).format(n=n)
    return f"{text} · +{play.gain}"


def _named_take(event: PlayEvent, name: str, word: str = "kseri") -> str:
    """What a bot called ``name`` took (:func:`describe_take` at a table of more than two)."""
    if event.kind in ("kseri", "jack_kseri"):
        lone, card = card_text(event.captured[0].code), card_text(event.card.code)
        if word == "pisti":
            words = (_("Pişti! {name} took the {lone} with the {card}") if event.kind == "kseri"
                     else _("Jack pişti! {name} took the {lone} with the {card}"))
        else:
            words = (_("Kseri! {name} took the {lone} with the {card}") if event.kind == "kseri"
                     else _("Jack kseri! {name} took the {lone} with the {card}"))
        return words.format(name=name, lone=lone, card=card)
    if event.is_capture:
        n = len(event.captured) + 1
        return ngettext("{name} took {n} card with {card}", "{name} took {n} cards with {card}", n).format(
            name=name, n=n, card=card_text(event.card.code))
    n = len(event.sweep)
    return ngettext("{name} took the last card", "{name} took the last {n} cards", n).format(name=name, n=n)
