"""What the page draws, as plain data: the table, each side, hints, and play descriptions.

:meth:`kseri.table.session.GameSession.view` builds a :class:`TableView`; the DOM
layer (:mod:`kseri.web.render`) turns it into markup.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kseri.engine.cards import Card  # noqa: F401 - used by the doctest of describe_event
from kseri.engine.events import PlayEvent
from kseri.engine.rules import GREEK
from kseri.i18n import _, card_name, card_symbol, ngettext
from kseri.table.hints import HintReason
from kseri.table.live import LiveSide
from kseri.table.seats import BOT, HUMAN, Phase

__all__ = ["HintEntry", "LastPlay", "SideView", "TableItemView", "TableView", "TeamView", "card_text", "describe_event",
           "describe_take"]


@dataclass(frozen=True)
class TableItemView:
    """One thing on the open (sums) table: a loose card, or a build (its cards, value and owner)."""

    cards: tuple[str, ...]
    value: int | None
    """The number it counts for (None for J, Q, K)."""
    owner: int | None = None
    """The seat whose build it is (None: a loose card)."""

    @property
    def is_build(self) -> bool:
        return self.owner is not None


@dataclass(frozen=True)
class SideView:
    """One player as the table shows them."""

    seat: int
    hand_count: int
    captured: int
    """Cards in the capture stack (a count: captured cards are face down)."""
    kseri_cards: tuple[str, ...]
    """The cards taken as kseris, shown sideways under the stack."""
    kseris: int
    jack_kseris: int
    total: int
    is_dealer: bool
    last_capturer: bool
    name: str = ""
    """The seat's name in the page's language ("You", or its bot's name)."""
    team: int = 0
    """The side the seat plays for (its own seat number unless in a partnership)."""
    level: str = ""
    """The level of the bot in this seat."""


@dataclass(frozen=True)
class TeamView:
    """One scoring side: a seat alone, or partners opposite (:attr:`kseri.engine.rules.Rules.team_of`)."""

    team: int
    seats: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class TableView:
    """Everything the page draws, as plain data (card codes, counts, numbers)."""

    phase: Phase
    hand: tuple[str, ...]
    """The human's cards, codes in hand order."""
    pile: tuple[str, ...]
    """The pile, bottom first (its top is the last)."""
    stock: int
    to_move: int
    dealer: int
    packet: int
    packets: int
    round_number: int
    """From 1."""
    plays_in_round: int
    sides: tuple[SideView, ...]
    """Every seat, in seat order (yours first)."""
    target: int
    base_target: int
    level: str
    rules_name: str
    winner: int | None
    live: tuple[LiveSide, ...]
    """Each side's round so far (points without the majority, cards): :mod:`kseri.table.live`; one per
    team in partnerships (:attr:`teams`)."""
    title: str = ""
    """The game's name as the table shows it (:func:`kseri.table.newgame.table_title`)."""
    teams: tuple[TeamView, ...] = ()
    """The scoring sides with their match totals (one per seat unless partners play together)."""
    partnered: bool = False
    packs: int = 1
    viewer: int = 0
    """The seat whose hand is drawn at the bottom (yours; with people sharing the device, whoever holds it)."""
    handover: int | None = None
    """With people sharing the device: the person it must be passed to before their hand shows."""
    people: int = 1
    """How many people share the device."""
    persons: tuple[int, ...] = (0,)
    """The people's seats (seat 0 first); bots sit in the others."""
    open_table: tuple[TableItemView, ...] | None = None
    """At the sums table, its cards side by side, in the order they came (None at a pile table)."""
    match_rounds: int | None = None
    """A match of this many rounds (most won wins), or None: first to :attr:`target` (:mod:`kseri.table.goal`)."""
    last_play: LastPlay | None = field(default=None, compare=False)
    """The latest play and what it gained (None before the round's first play or after a reload).
    Not part of a view's equality: a resumed game is the same table without it."""

    @property
    def human(self) -> SideView:
        return self.sides[HUMAN]

    @property
    def bot(self) -> SideView:
        return self.sides[BOT]

    @property
    def players(self) -> int:
        return len(self.sides)

    @property
    def panels(self) -> bool:
        """Whether the other seats are drawn as panels along the top (more than two seats, or people
        sharing the device), rather than the one bot's row."""
        return self.players > 2 or self.people > 1

    @property
    def totals(self) -> tuple[int, ...]:
        """The match totals per side (per team in partnerships)."""
        return tuple(team.total for team in self.teams) if self.teams else tuple(s.total for s in self.sides)

    def side_live(self, seat: int) -> LiveSide:
        """The round so far of ``seat``'s side."""
        return self.live[self.sides[seat].team]

    @property
    def target_raised(self) -> bool:
        return self.target != self.base_target


@dataclass(frozen=True)
class LastPlay:
    """A play and the points it gained each side (its capture, or the sweep at the round's end)."""

    event: PlayEvent
    gains: tuple[int, ...]
    """Per seat: the points the seat's side gained."""
    names: tuple[str, ...] = ()
    """Each seat's name for the lines that say who played ("" or none: "You" for seat 0, "Bot")."""
    viewer: int = 0
    """The seat whose hand was drawn (its side's "+N" shows on the bottom stack)."""
    open_table: bool = False
    """Played at the sums table (its lines say what was taken by sum, and builds)."""
    build_value: int | None = None
    """At the sums table, the value of the build this play made or raised."""
    word: str = "kseri"
    """The table's word for a kseri (:func:`kseri.table.goal.word_key`): the Pişti table's lines say pişti."""

    @property
    def taker(self) -> int | None:
        """Who took cards on this play: the capturer, else whoever swept the table (None: nobody)."""
        if self.event.is_capture:
            return self.event.seat
        return self.event.sweep_seat if self.event.sweep else None

    @property
    def gain(self) -> int:
        """The taker's points from this play (0 when nobody took anything)."""
        return self.gains[self.taker] if self.taker is not None else 0


@dataclass(frozen=True)
class HintEntry:
    """A card in your hand and what the bot's search thinks it is worth:
    the expected final point difference of the round (you minus the bot)."""

    card: str
    value: float
    best: bool
    loss: float = 0.0
    """How much worse than the best card it is expected to end the round (0 for the best)."""
    reason: HintReason | None = None
    """What the card does, as the player can see it (:mod:`kseri.table.hints`)."""
    way: str = ""
    """At the sums table: the card's best move, as its choice button reads (:mod:`kseri.table.sums_hints`)."""

    @property
    def takes(self) -> bool:
        """Whether the card would take the pile."""
        return self.reason is not None and self.reason.kind in ("capture", "kseri")


# --------------------------------------------------------------------------- describing plays

def _seat_named(seat: int | None, names: tuple[str, ...]) -> str | None:
    """The name a line gives ``seat`` (None: "You" or "Bot" say it)."""
    if seat is None or seat >= len(names) or not names[seat]:
        return None
    return names[seat]


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
    name = _seat_named(event.seat, names)
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
    sweeper = _seat_named(event.sweep_seat, names)
    if event.sweep and sweeper is not None:
        n = len(event.sweep)
        text += " " + ngettext("{name} takes the last {n} card on the table.",
                               "{name} takes the last {n} cards on the table.", n).format(name=sweeper, n=n)
    elif event.sweep:
        n = len(event.sweep)
        text += " " + (ngettext("You take the last {n} card on the table.",
                                "You take the last {n} cards on the table.", n)
                       if event.sweep_seat == HUMAN else
                       ngettext("Bot takes the last {n} card on the table.",
                                "Bot takes the last {n} cards on the table.", n)).format(n=n)
    if event.round_over:
        text += " " + _("The round is over.")
    elif event.dealt:
        text += " " + ngettext("{n} new card each.", "{n} new cards each.", packet_size).format(n=packet_size)
    return text


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


def card_text(code: str) -> str:
    """A card's short printed form in the page's language: ``10♦``, ``J♣`` (Greek: ``Β♣``,
    :func:`kseri.i18n.card_symbol`). Text only: attributes and records keep the canonical code.

    >>> card_text("10D")
    '10♦'
    """
    return card_symbol(code)


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
    name = _seat_named(taker, play.names)
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
        text = (ngettext("You took the last {n} card", "You took the last {n} cards", n) if you
                else ngettext("Bot took the last {n} card", "Bot took the last {n} cards", n)).format(n=n)
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
    return ngettext("{name} took the last {n} card", "{name} took the last {n} cards", n).format(name=name, n=n)
