"""The automatic captions of a scene's steps: what a play did, in words.

Written from the engine's own events (:class:`~kseri.engine.events.PlayEvent`), so a
caption always says what the rules really did. Used by :mod:`kseri.scenes.build`, which
writes a scene's captions once, in the language set when it is built (:mod:`kseri.i18n`:
the embed page sets it from ``?lang=`` first). Each caption is one catalog sentence with
placeholders, so a translation may order its words freely.

>>> describe_table([Card.parse("10D").index])
'A lone 10♦ lies on the table.'
"""

from __future__ import annotations

from collections.abc import Sequence

from kseri.engine.cards import Card, rank_index
from kseri.engine.events import PlayEvent
from kseri.engine.rules import Rules, card_points_table
from kseri.engine.text import isolated, plain_name, unisolated
from kseri.i18n import N_, _, card_symbol, language, ngettext, pgettext
from kseri.table.goal import word_key

__all__ = ["default_names", "describe_table", "error_names", "jack_table_bonus", "last_capturer", "owner",
           "play_caption", "possessive", "pretty",
           "round_end", "scene_names", "worth_phrase"]



_SEAT_NAMES = (N_("South"), N_("West"), N_("North"), N_("East"))
"""The compass seats, clockwise from seat 0 at the bottom of the board."""


def scene_names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """The seats' names a scene shows: an author's (from a link: each valid text in a directional
    isolate, as it goes into sentences) or :func:`default_names`.

    >>> scene_names(("\\u202eAnna", "Bob"), 2) == (isolated("Anna"), isolated("Bob"))
    True
    """
    if not names:
        return default_names(players)
    return tuple(isolated(plain_name(name)) for name in names)


def default_names(players: int) -> tuple[str, ...]:
    """The seats' names when a scene gives none, in the current language: ``South``, ``North``
    (seat 0 at the bottom)."""
    names = (_SEAT_NAMES[0], _SEAT_NAMES[2]) if players == 2 else _SEAT_NAMES[:players]
    return tuple(_(name) for name in names)


def error_names(names: Sequence[str]) -> tuple[str, ...]:
    """The seats' names for an error message, which is English in every language: an author's names
    as given, the default ones in English (a Greek frame's ``Νότος`` has no place in "South's turn").

    >>> error_names(default_names(2)), error_names(("Anna", "Bob"))
    (('South', 'North'), ('Anna', 'Bob'))
    """
    names = tuple(names)
    if names == default_names(len(names)):
        plain = (_SEAT_NAMES[0], _SEAT_NAMES[2]) if len(names) == 2 else _SEAT_NAMES[:len(names)]
        return tuple(plain)
    return names


def pretty(card: Card | str | int) -> str:
    """A card for people: ``10♦``, ``J♠``."""
    if isinstance(card, int):
        card = Card.from_index(card)
    elif isinstance(card, str):
        card = Card.parse(card)
    return card_symbol(card.code)  # in the page's language: Greek writes Α Ρ Ν Β


def possessive(name: str) -> str:
    """``South's``, ``Thomas'`` (an isolated name too)."""
    return name + ("'" if unisolated(name).endswith("s") else "'s")


def describe_table(pile: Sequence[int]) -> str:
    """The table in one sentence (``pile``: card indices, bottom first), in the current language."""
    if not pile:
        return _("The table is empty.")
    if len(pile) == 1:
        return _("A lone {card} lies on the table.").format(card=pretty(pile[0]))
    return _("{n} cards lie on the table, {card} on top.").format(n=len(pile), card=pretty(pile[-1]))


def owner(name: str) -> str:
    """Whose card plays, before the card: ``South's`` in English; Greek, which cannot decline any
    name an author gives, says ``Νότος:`` (the catalog's ``owner`` context holds each language's form).

    >>> owner("Thomas")
    "Thomas'"
    """
    return possessive(name) if language() == "en" else pgettext("owner", "{name}'s").format(name=name)


def _worth(cards: Sequence[int], table: Sequence[int]) -> tuple[int, str]:
    """Points of ``cards`` and, when few cards carry them, which ones (``10♦ 2, 10♠ 1``)."""
    scoring = [(pretty(c), table[c]) for c in cards if table[c]]
    total = sum(p for _, p in scoring)
    detail = ", ".join(f"{name} {p}" for name, p in scoring) if 0 < len(scoring) <= 3 and len(cards) > 1 else ""
    return total, detail


def worth_phrase(cards: Sequence[int], table: Sequence[int], joined: bool = False) -> str:
    """What the cards taken are worth; ``joined``: after another clause (``and +3 for the cards``)."""
    total, detail = _worth(cards, table)
    if not total:
        phrase = _("the cards are worth nothing")
    elif detail:
        phrase = _("+{points} for the cards ({detail})").format(points=total, detail=detail)
    else:
        phrase = _("+{points} for the cards").format(points=total)
    return _("and {phrase}").format(phrase=phrase) if joined else phrase


def _all(pile: Sequence[int]) -> str:
    return _("both cards") if len(pile) == 2 else _("all {n} cards").format(n=len(pile))


def _drop(event: PlayEvent, pile_before: Sequence[int], who: str, rules: Rules) -> str:
    card = pretty(event.card)
    if not pile_before:
        if event.card.is_jack:
            return _("{who} plays {card} on the empty table: with nothing to take, a jack captures nothing "
                     "and just starts a new pile.").format(who=who, card=card)
        return _("{who} plays {card} on the empty table, starting a new pile.").format(who=who, card=card)
    if event.card.is_jack and not rules.jacks_capture:
        return _("{who} plays {card}: in these rules a jack takes only a jack, so it stays on top.").format(
            who=who, card=card)
    return _("{who} plays {card}: it does not match the {top} on top, so it becomes the new top card.").format(
        who=who, card=card, top=pretty(pile_before[-1]))


def _says_pisti(rules: Rules) -> bool:
    """Whether the table calls a kseri a pişti (the Pişti table never says kseri, as on the page)."""
    return word_key(rules) == "pisti"


def _kseri(event: PlayEvent, pile_before: Sequence[int], who: str, rules: Rules) -> str:
    table = card_points_table(rules)
    taken = [*pile_before, event.card.index]
    pisti = _says_pisti(rules)
    if event.kind == "jack_kseri":
        label = _("jack pişti") if pisti else _("jack kseri")
    else:
        label = _("pişti") if pisti else _("kseri")
    if (event.kind == "kseri" and rules.double_kseri_points not in (None, rules.kseri_points)
            and event.bonus == rules.double_kseri_points):
        label = _("double pişti") if pisti else _("double kseri")
    words = {"owner": owner(who), "card": pretty(event.card), "top": pretty(pile_before[-1]), "label": label}
    if not event.bonus:
        return _("{owner} {card} takes the lone {top}: a {label}, but these rules give no bonus for it here; "
                 "{cards}.").format(**words, cards=worth_phrase(taken, table))
    worth = _worth(taken, table)[0]
    if worth:
        return _("{owner} {card} takes the lone {top}: {label}! +{bonus}, {cards}: {total} points.").format(
            **words, bonus=event.bonus, cards=worth_phrase(taken, table, joined=True), total=event.bonus + worth)
    return _("{owner} {card} takes the lone {top}: {label}! +{bonus}, {cards}.").format(
        **words, bonus=event.bonus, cards=worth_phrase(taken, table, joined=True))


def _capture(event: PlayEvent, pile_before: Sequence[int], who: str, rules: Rules) -> str:
    """A capture that is no kseri (the engine said so): which kind, and why not a kseri where one might expect it."""
    table = card_points_table(rules)
    played = event.card.index
    lone = len(pile_before) == 1
    words = {"owner": owner(who), "card": pretty(event.card), "top": pretty(pile_before[-1]),
             "cards": worth_phrase([*pile_before, played], table)}
    pisti = _says_pisti(rules)
    if lone and rank_index(pile_before[0]) == rank_index(played) and event.card.is_jack \
            and rules.jack_kseri_points is None:
        text = (N_("{owner} {card} takes the lone {top}. These rules give no pişti for a jack on a jack, so this "
                   "is an ordinary capture: {cards}.") if pisti else
                N_("{owner} {card} takes the lone {top}. These rules give no kseri for a jack on a jack, so this is "
                   "an ordinary capture: {cards}."))
    elif lone and rank_index(pile_before[0]) == rank_index(played):  # the engine's one other reason: the last card
        text = (N_("{owner} {card} takes the lone {top} with the round's last card. These rules give no pişti "
                   "for that, so this is an ordinary capture: {cards}.") if pisti else
                N_("{owner} {card} takes the lone {top} with the round's last card. These rules give no kseri for "
                   "that, so this is an ordinary capture: {cards}."))
    elif lone and event.card.is_jack and _says_pisti(rules):
        text = N_("{owner} {card} takes the lone {top}. Only a card of the same rank makes a pişti, so this is "
                  "an ordinary capture: {cards}.")
    elif lone and event.card.is_jack:
        text = N_("{owner} {card} takes the lone {top}. Only a card of the same rank makes a kseri, so this is "
                  "an ordinary capture: {cards}.")
    elif event.card.is_jack and rank_index(pile_before[-1]) != rank_index(played):
        text = N_("{owner} {card} takes {all} of the pile (a jack takes it whatever lies on top): {cards}.")
    elif lone:
        text = N_("{owner} {card} takes the lone {top}: {cards}.")
    else:
        text = N_("{owner} {card} matches the {top} on top and takes {all} of the pile: {cards}.")
    return _(text).format(**words, all=_all(pile_before))


def jack_table_bonus(event: PlayEvent, rules: Rules) -> int:
    """The house bonus for taking a pile made only of jacks (the pile tables' ``jack_table_points``), or 0."""
    if not rules.jack_table_points or not event.is_capture or not event.captured:  # (the open table refuses it)
        return 0
    return rules.jack_table_points if all(card.is_jack for card in event.captured) else 0


def last_capturer(event: PlayEvent) -> int | None:
    """The seat that made the round's last capture, when ``event`` ended the round (None otherwise, or when
    nobody captured all round)."""
    if not event.round_over:
        return None
    if event.sweep:
        return event.sweep_seat
    return event.seat if event.is_capture else None


def _jack_table(event: PlayEvent, rules: Rules) -> str:
    """The house bonus of a pile of jacks only, as a sentence (or "")."""
    jacks = jack_table_bonus(event, rules)
    return " " + _("A pile of jacks only: +{n}.").format(n=jacks) if jacks else ""


def _final_capture(event: PlayEvent, names: Sequence[str], rules: Rules) -> str:
    """The house bonus of the round's last capture, once the round is over (or "")."""
    last = last_capturer(event)
    if last is None or not rules.final_capture_points:
        return ""
    return " " + _("{name} scores +{n} for the round's last capture.").format(name=names[last],
                                                                            n=rules.final_capture_points)


def round_end(event: PlayEvent, names: Sequence[str], rules: Rules) -> str:
    """What follows the play: the round's end (with the last cards' sweep) or a new packet; "" if nothing."""
    parts = []
    if event.sweep and event.sweep_seat is not None:
        cards = worth_phrase([c.index for c in event.sweep], card_points_table(rules))
        word, left = word_key(rules), len(event.sweep)  # the table's word for a kseri, as the page says it
        if word == "pisti":
            sweep = ngettext("Round over: {name} captured last and takes the card left, {cards} (never a pişti).",
                             "Round over: {name} captured last and takes the {n} cards left, {cards} "
                             "(never a pişti).", left)
        elif word == "xeri":
            sweep = ngettext("Round over: {name} captured last and takes the card left, {cards} (never a xeri).",
                             "Round over: {name} captured last and takes the {n} cards left, {cards} "
                             "(never a xeri).", left)
        else:
            sweep = ngettext("Round over: {name} captured last and takes the card left, {cards} (never a kseri).",
                             "Round over: {name} captured last and takes the {n} cards left, {cards} "
                             "(never a kseri).", left)
        parts.append(sweep.format(
            name=names[event.sweep_seat], n=len(event.sweep), cards=cards))
    elif event.round_over and event.kind == "drop":  # the last card laid and no sweep: nobody captured all round
        parts.append(_("Round over: nobody captured all round, so the cards left on the table go to nobody."))
    elif event.round_over:
        parts.append(_("Round over."))
    if event.round_over:
        parts.append(_final_capture(event, names, rules).strip())
    if event.dealt:
        empty = (_("Both hands are empty: the dealer gives {n} more cards to each.") if rules.players == 2
                 else _("Every hand is empty: the dealer gives {n} more cards to each."))
        parts.append(empty.format(n=rules.packet_size))
    return _jack_table(event, rules) + "".join(" " + part for part in parts if part)


def play_caption(event: PlayEvent, pile_before: Sequence[int], names: Sequence[str], rules: Rules) -> str:
    """The automatic caption of one play, in the current language: ``event`` as the engine reported it,
    ``pile_before`` the pile's card indices before it."""
    who = names[event.seat]
    if event.kind == "drop":
        text = _drop(event, pile_before, who, rules)
    elif event.kind in ("kseri", "jack_kseri"):
        text = _kseri(event, pile_before, who, rules)
    else:
        text = _capture(event, pile_before, who, rules)
    return text + round_end(event, names, rules)
