"""Cards, their codes and the 52-card pack.

A card is written as its rank followed by its suit: ``10D``, ``JS``, ``2C``,
``AH``. Parsing is lenient (lower case, ``T`` for ten, the suit symbols
♠♥♦♣); output is always canonical.

Inside the engine a card is a small integer, its *index*
``(rank - 1) * 4 + suit``, so that the search fast path can work on plain
lists of ints; :class:`Card` is the value type of the public API and converts
both ways with table look-ups.

>>> Card.parse("10d")
Card(rank=10, suit='D')
>>> str(Card.parse("2♣")), str(Card.parse("td"))
('2C', '10D')
>>> Card.parse("JS").name
'jack of spades'
>>> Card.from_index(Card.parse("10D").index)
Card(rank=10, suit='D')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kseri.engine.errors import CardCodeError, KseriError, RecordError, card_code_error, quoted

__all__ = [
    "ACE",
    "JACK",
    "JACK_INDEX",
    "KING",
    "PACK",
    "QUEEN",
    "RANK_CODES",
    "RANK_INDEX",
    "SUITS",
    "SUIT_NAMES",
    "TEN",
    "Card",
    "CardLike",
    "card_index",
    "code_index",
    "deck_mismatch",
    "format_cards",
    "parse_cards",
    "played_code",
    "rank_index",
    "rank_of",
    "record_cards",
    "suit_index",
]

SUITS = "SHDC"
"""Suit letters in index order: spades, hearts, diamonds, clubs."""

RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank codes; ``RANK_CODES[rank - 1]`` is the code of ``rank`` (1..13)."""

ACE, TEN, JACK, QUEEN, KING = 1, 10, 11, 12, 13

_RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight",
               "nine", "ten", "jack", "queen", "king")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""English suit names by suit letter (the one table of them)."""
_SUIT_NAMES = SUIT_NAMES
_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_RANK_ALIASES = {"T": "10", "1": "A"}


def rank_of(index: int) -> int:
    """The rank (1..13) of a card index.

    >>> rank_of(Card.parse("JS").index)
    11
    """
    return (index >> 2) + 1


def rank_index(index: int) -> int:
    """The rank of a card index counted from 0 (ace) to 12 (king): cards of equal
    rank have equal rank indices. The engine's own comparisons.

    >>> rank_index(Card.parse("JS").index) == JACK_INDEX
    True
    """
    return index >> 2


def suit_index(index: int) -> int:
    """The suit of a card index, 0..3 in the order of :data:`SUITS`.

    >>> SUITS[suit_index(Card.parse("10D").index)]
    'D'
    """
    return index & 3


JACK_INDEX = JACK - 1
"""The rank index (:func:`rank_index`) of a jack."""

RANK_INDEX: tuple[int, ...] = tuple(rank_index(i) for i in range(52))
""":func:`rank_index` of every card index, for hot loops (``RANK_INDEX[card]``)."""


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: ``rank`` 1 (ace) .. 13 (king), ``suit`` one of ``S H D C``."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not (isinstance(self.rank, int) and 1 <= self.rank <= 13) or self.suit not in _SUIT_NAMES:
            raise CardCodeError(f"not a card: rank={quoted(self.rank)}, suit={quoted(self.suit)}")

    @classmethod
    def parse(cls, code: str) -> Card:
        """Parse a card code; raise :class:`CardCodeError` naming the input if it is not one."""
        if not isinstance(code, str):
            raise CardCodeError(f"card code must be a string, got {quoted(code)}")
        text = code.strip().upper()
        if text[:1] in _SUIT_SYMBOLS:  # symbol first, e.g. "♦10"
            text = text[1:] + text[:1]
        suit = _SUIT_SYMBOLS.get(text[-1:], text[-1:])
        rank_text = _RANK_ALIASES.get(text[:-1], text[:-1])
        if suit not in _SUIT_NAMES or rank_text not in _RANK_INDEX:
            raise CardCodeError(f"not a card code: {quoted(code)} (expected e.g. 10D, JS, 2C, AH)")
        return _BY_INDEX[_RANK_INDEX[rank_text] * 4 + SUITS.index(suit)]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with engine index ``index`` (0..51)."""
        return _BY_INDEX[index]

    @property
    def index(self) -> int:
        """The engine's integer for this card: ``(rank - 1) * 4 + suit``."""
        return (self.rank - 1) * 4 + SUITS.index(self.suit)

    @property
    def code(self) -> str:
        """The canonical code, e.g. ``10D``."""
        return RANK_CODES[self.rank - 1] + self.suit

    @property
    def name(self) -> str:
        """The English name, e.g. ``ten of diamonds`` (for screen readers)."""
        return f"{_RANK_NAMES[self.rank - 1]} of {_SUIT_NAMES[self.suit]}"

    @property
    def is_jack(self) -> bool:
        return self.rank == JACK

    def __str__(self) -> str:
        return self.code


_RANK_INDEX = {code: i for i, code in enumerate(RANK_CODES)}
_BY_INDEX = tuple(Card(rank, suit) for rank in range(1, 14) for suit in SUITS)

PACK: tuple[Card, ...] = _BY_INDEX
"""The 52 cards in index order (A♠ A♥ A♦ A♣ 2♠ ... K♣)."""

CODES: tuple[str, ...] = tuple(card.code for card in PACK)
"""Canonical code of each card index."""


CardLike = Card | int | str
"""A card as the engine's constructors take it: a :class:`Card`, an index (0..51) or a code."""


def card_index(card: CardLike) -> int:
    """The index of a card given as :class:`Card`, index or code; :class:`CardCodeError` if it is none.

    >>> card_index("10D") == card_index(Card.parse("10D")) == Card.parse("10D").index
    True
    >>> card_index(52)
    Traceback (most recent call last):
    ...
    kseri.engine.errors.CardCodeError: not a card index: 52 (0..51)
    """
    if isinstance(card, Card):
        return card.index
    if isinstance(card, str):
        return Card.parse(card).index
    if type(card) is int and 0 <= card < 52:
        return card
    raise CardCodeError(f"not a card index: {quoted(card)} (0..51)")


def code_index(code: object) -> int:
    """The index of a card code read from outside (a record, a link, a protocol line): the
    error quotes the code cut short, whatever its size or type.

    >>> code_index("10D") == Card.parse("10D").index
    True
    >>> code_index(10)
    Traceback (most recent call last):
    ...
    kseri.engine.errors.CardCodeError: card code must be a string, got 10
    """
    try:
        return Card.parse(code).index  # type: ignore[arg-type]
    except CardCodeError:
        raise card_code_error(code) from None


def played_code(move: str) -> str:
    """The code of the hand card a move in the record's notation puts down: a pile table's move is
    the card itself, an open table's starts with it (``7H:3C+4D`` takes, ``5S>3H`` builds).

    >>> played_code("7H"), played_code("7H:3C+4D"), played_code("5S>3H")
    ('7H', '7H', '5S')
    """
    return move.split(":", 1)[0].split(">", 1)[0]


def record_cards(value: object, where: str, what: str, most: int, *, entry: str | None = None,
                 bound: str | None = None) -> list[int]:
    """A list of card codes in a record (``deck``, a pile table's ``plays``) as indices, at most
    ``most`` of them; :class:`~kseri.engine.errors.RecordError` names ``what`` and ``where``, and a bad
    code's place: ``{where}, {entry} N`` when each entry has a name of its own (``play``: the replay
    names a play it refuses so), else ``{what} card N``.

    >>> record_cards(["10D", "JS"], "round 0", "plays", 52) == [card_index("10D"), card_index("JS")]
    True
    >>> record_cards(["10D", 7], "round 0", "plays", 52, entry="play")
    Traceback (most recent call last):
    ...
    kseri.engine.errors.RecordError: round 0, play 1: card code must be a string, got 7
    >>> record_cards(["10D", "XX"], "round 0", "deck", 52)
    Traceback (most recent call last):
    ...
    kseri.engine.errors.RecordError: round 0: deck card 1: not a card code: 'XX' (expected e.g. 10D, JS, 2C, AH)
    """
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list of card codes", where)
    if len(value) > most:
        pack = bound or ("a pack has 52" if most == 52 else f"the pack has {most}")
        raise RecordError(f"{what} lists {len(value)} cards ({pack})", where)
    indices = []
    for position, code in enumerate(value):
        try:
            indices.append(code_index(code))
        except KseriError as exc:
            if entry is not None:
                raise RecordError(str(exc), f"{where}, {entry} {position}") from None
            raise RecordError(f"{what} card {position}: {exc}", where) from None
    return indices


def deck_mismatch(deck: Iterable[int], packs: int = 1) -> str:
    """What keeps ``deck`` (card indices) from being the pack ``packs`` times over, for an error message:
    the first card there too often and the first one missing ("" when it is the pack).

    >>> deck_mismatch([0, 0, *range(2, 52)])
    'AS twice, AH missing'
    >>> deck_mismatch(range(52)), deck_mismatch(range(51)), deck_mismatch([*range(52), *range(51)], packs=2)
    ('', 'KC missing', 'KC only once')
    >>> deck_mismatch([*range(51), 52]), deck_mismatch([*range(51), 5.0])
    ('52 is not a card index (0 to 51)', '5.0 is not a card index (0 to 51)')
    """
    counts = [0] * 52
    for card in deck:
        if type(card) is not int or not 0 <= card < 52:  # (from Python: a record's codes are read before this)
            return f"{card!r} is not a card index (0 to 51)"
        counts[card] += 1
    extra = next((c for c in range(52) if counts[c] > packs), None)
    missing = next((c for c in range(52) if counts[c] < packs), None)
    times = {2: "twice", 3: "three times"}
    parts = []
    if extra is not None:
        parts.append(f"{CODES[extra]} {times.get(counts[extra], f'{counts[extra]} times')}")
    if missing is not None:
        parts.append(f"{CODES[missing]} missing" if counts[missing] == 0 else f"{CODES[missing]} only once")
    return ", ".join(parts)


def parse_cards(codes: Iterable[str]) -> list[Card]:
    """Parse several codes, e.g. ``parse_cards("10D JS".split())``."""
    return [Card.parse(code) for code in codes]


def format_cards(cards: Iterable[Card | int]) -> list[str]:
    """Canonical codes of cards given as :class:`Card` or index."""
    return [CODES[c] if isinstance(c, int) else c.code for c in cards]
