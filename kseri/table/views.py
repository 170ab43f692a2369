"""What the page draws, as plain data: the table, each side, hints; and the words every table's
play descriptions share (each table's own: :mod:`kseri.table.pile.words`, :mod:`kseri.table.sums.words`).

:meth:`kseri.table.session.GameSession.view` builds a :class:`TableView`; the DOM
layer (:mod:`kseri.web.render`) turns it into markup.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kseri.engine.events import PlayEvent
from kseri.i18n import _, card_symbol, ngettext
from kseri.table.live import LiveSide
from kseri.table.pile.hints import HintReason
from kseri.table.seats import BOT, HUMAN, Phase
from kseri.table.words import WordKey

__all__ = ["HintEntry", "LastPlay", "SideView", "TableItemView", "TableView", "TeamView", "card_text", "play_ending",
           "seat_named"]


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
    bottom: str | None = None
    """The exposed bottom card (house rule ``exposed_bottom``): shown for the whole round, under the
    stock and, once dealt, as the dealer's."""
    put_back: tuple[str, ...] = ()
    """Opening cards every seat saw go back into the stock (``opening_redeal``), while the first packet
    is played: known to be in the stock until the next deal (:func:`kseri.engine.state.in_stock_at_deal`)."""
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
    waiting: str = ""
    """In phase ``friend``: what the table waits for from the friend on another device, in a line."""
    word: WordKey = "kseri"
    """The table's word for a kseri (:func:`kseri.table.goal.word_key`): xeri, pişti or kseri."""
    table: str = "pile"
    """The engine's id of the table (:attr:`kseri.engine.rules.Rules.table`): the page's ``data-table``."""
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

    def has_partner(self, seat: int) -> bool:
        """Whether ``seat`` shares its side (its side's points and cards are not its own alone)."""
        team = self.sides[seat].team
        return sum(1 for side in self.sides if side.team == team) > 1

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
    table: str = "pile"
    """The engine's id of the table it was played at (:attr:`kseri.engine.rules.Rules.table`): its
    strategy says the play in a line (:meth:`~kseri.table.strategy.TableStrategy.take_line`)."""
    build_value: int | None = None
    """At the sums table, the value of the build this play made or raised."""
    word: WordKey = "kseri"
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
    """What the card does, as the player can see it (:mod:`kseri.table.pile.hints`)."""
    way: str = ""
    """At the sums table: the card's best move, as its choice button reads (:mod:`kseri.table.sums.hints`)."""
    move: str = ""
    """At the sums table: that move in record notation (the ``data-move`` of its choice button)."""

    @property
    def takes(self) -> bool:
        """Whether the card would take the pile."""
        return self.reason is not None and self.reason.kind in ("capture", "kseri")


# --------------------------------------------------------------------------- describing plays

def seat_named(seat: int | None, names: tuple[str, ...]) -> str | None:
    """The name a line gives ``seat`` (None: "You" or "Bot" say it)."""
    if seat is None or seat >= len(names) or not names[seat]:
        return None
    return names[seat]


def play_ending(event: PlayEvent, packet_size: int, names: tuple[str, ...] = ()) -> str:
    """The end of a play's sentence, at every table: who took the cards left at the round's end,
    that the round is over, or that a packet was dealt ("" when none of these happened).

    >>> from kseri.engine.cards import Card
    >>> play_ending(PlayEvent(seat=1, card=Card.parse("7H"), kind="drop", dealt=True), 6)
    ' 6 new cards each.'
    """
    text = ""
    sweeper = seat_named(event.sweep_seat, names)
    if event.sweep and sweeper is not None:
        n = len(event.sweep)
        text += " " + ngettext("{name} takes the last card on the table.",
                               "{name} takes the last {n} cards on the table.", n).format(name=sweeper, n=n)
    elif event.sweep:
        n = len(event.sweep)
        text += " " + (ngettext("You take the last card on the table.",
                                "You take the last {n} cards on the table.", n)
                       if event.sweep_seat == HUMAN else
                       ngettext("Bot takes the last card on the table.",
                                "Bot takes the last {n} cards on the table.", n)).format(n=n)
    if event.round_over:
        text += " " + _("The round is over.")
    elif event.dealt:
        text += " " + ngettext("{n} new card each.", "{n} new cards each.", packet_size).format(n=packet_size)
    return text


def card_text(code: str) -> str:
    """A card's short printed form in the page's language: ``10♦``, ``J♣`` (Greek: ``Β♣``,
    :func:`kseri.i18n.card_symbol`). Text only: attributes and records keep the canonical code.

    >>> card_text("10D")
    '10♦'
    """
    return card_symbol(code)
