"""The rules as data: one frozen, keyword-only settings object per table.

Every difference between the tables the sources describe is a field here, so
the engine never tests a profile *name*. ``GREEK`` is the default profile
(``docs/rules.md`` §"Greek profile"); :func:`rules_from_spec` reads the ``rules``
value of a game record (a profile name, or an object of a profile plus option
overrides; ``docs/rules.md`` §"Options").

>>> GREEK.target, GREEK.packet_size, GREEK.jack_kseri_points
(151, 6, 20)
>>> rules_from_spec({"profile": "greek", "jack_kseri_points": 25}).jack_kseri_points
25
>>> rules_from_spec("poker")
Traceback (most recent call last):
...
kseri.engine.errors.RulesError: unknown rules profile 'poker' (known: greek, fourcard, pisti, sums)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from kseri.engine.cards import ACE, JACK, KING, QUEEN, RANK_CODES, TEN, Card, rank_index
from kseri.engine.errors import RulesError, quoted, shown
from kseri.engine.jsontext import JsonTextError, parse_json

__all__ = [
    "FOURCARD", "GREEK", "PISTI", "PROFILES", "PROFILE_NAMES", "SUMS", "Rules", "card_points_table",
    "double_pack_opening", "rules_from_spec", "rules_from_text",
]

OpeningRedeal = Literal["top", "jacks", "none"]
TieBreak = Literal["raise", "higher"]


def _rank_points(**by_rank: int) -> tuple[int, ...]:
    names = {"ace": ACE, "ten": TEN, "jack": JACK, "queen": QUEEN, "king": KING}
    table = [0] * 13
    for name, points in by_rank.items():
        table[names[name] - 1] = points
    return tuple(table)


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """How one table plays. Defaults are the Greek profile."""

    profile: str = "greek"
    """Name of the profile these settings started from (for records and display)."""
    players: int = 2
    """2 to 6 seats, as many as deal the pack into whole packets. 2, 3 and 5 play each
    alone; 4 and 6 play in partnerships of seats opposite (see :attr:`partnerships`)."""
    packs: int = 1
    """1: one 52-card pack; 2: the double 104-card pack, two copies of every card
    (4 to 6 players; ``docs/rules.md`` §"Double pack")."""
    partnerships: bool = True
    """With 4 or 6 players, seats opposite each other (seat and seat + players/2) are
    partners: 0+2 against 1+3, or 0+3, 1+4 and 2+5. False: every seat plays alone."""
    packet_size: int = 6
    """Cards dealt to each player per packet."""
    opening_size: int = 4
    """Cards dealt face up to start the pile."""
    opening_redeal: OpeningRedeal = "top"
    """``top``: a jack on top or a top pair sends all four back to be redealt;
    ``jacks``: each jack among the four is replaced; ``none``: the pile stands."""
    jacks_capture: bool = True
    """A jack takes any non-empty pile (off in the children's no-jack variant)."""
    kseri_points: int = 10
    """Bonus for taking a lone card with a card of the same rank."""
    jack_kseri_points: int | None = 20
    """Bonus for a jack on a lone jack; ``None``: that is no kseri at all."""
    double_kseri_points: int | None = None
    """If set, a kseri by the player whose previous capture was also a kseri
    (no capture between) scores this instead of ``kseri_points``."""
    last_card_kseri: bool = True
    """Whether a kseri made with the round's very last card scores its bonus."""
    jack_table_points: int = 0
    """Bonus for taking a pile made only of jacks (a house rule; on top of any kseri)."""
    final_capture_points: int = 0
    """Bonus for the round's last capture (a house rule; the leftover pile is not a capture)."""
    rank_points: tuple[int, ...] = _rank_points(ace=1, ten=1, jack=1, queen=1, king=1)
    """Points for each captured card by rank, ace first."""
    ten_of_diamonds_points: int = 1
    """Extra points for the 10♦ on top of its rank's points."""
    two_of_clubs_points: int = 1
    """Extra points for the 2♣ on top of its rank's points."""
    majority_points: int = 3
    """For capturing more cards than the other side (none on a tie)."""
    target: int = 151
    """Match total checked at each round end."""
    tie_break: TieBreak = "raise"
    """Both sides reach the target in one round: ``raise`` it by ``target_raise``
    and play on, or the ``higher`` total wins (equal: play on)."""
    target_raise: int = 100
    exposed_bottom: bool = False
    """The stock's bottom card (never a jack) is shown to everyone."""
    match_rounds: int | None = None
    """If set, the match is a fixed number of rounds won by most round wins."""
    table: Literal["pile", "sums"] = "pile"
    """``pile``: one pile, match the top card (the Greek game); ``sums``: cards side
    by side, captures by rank or by sum, builds (see :mod:`kseri.engine.sums.round`)."""

    def __post_init__(self) -> None:
        given: object = self.rank_points
        if isinstance(given, list):  # a list from JSON or Python: keep the tuple
            object.__setattr__(self, "rank_points", tuple(given))
        problem = _problem(self)
        if problem:
            raise RulesError(problem)

    @property
    def partnered(self) -> bool:
        """Whether partners opposite play as one side (4 or 6 players, :attr:`partnerships` on)."""
        return self.partnerships and self.players in (4, 6)

    @property
    def teams(self) -> int:
        """Scoring sides: half the seats in partnerships (2 with 4 players, 3 with 6), else every seat.

        >>> GREEK.teams, dataclasses.replace(FOURCARD, players=6, packs=2, opening_size=8).teams
        (2, 3)
        """
        return self.players // 2 if self.partnered else self.players

    def team_of(self, seat: int) -> int:
        """The side ``seat`` plays for: partners opposite share ``seat % teams``."""
        return seat % (self.players // 2) if self.partnered else seat

    @property
    def cards(self) -> int:
        """Cards in play: 52, or 104 with the double pack."""
        return 52 * self.packs

    @property
    def packets(self) -> int:
        """How many packets use the whole pack (4 in the Greek game)."""
        return (self.cards - self.opening_size) // (self.players * self.packet_size)

    def card_points(self, card: Card) -> int:
        """Points one captured card is worth under these rules."""
        return card_points_table(self)[card.index]

    def to_spec(self) -> str | dict[str, Any]:
        """The record's ``rules`` value: the profile name, plus changed options."""
        base = PROFILES[self.profile]
        changes = {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)
                   if f.name != "profile" and getattr(self, f.name) != getattr(base, f.name)}
        return {"profile": self.profile, **changes} if changes else self.profile


# -- the accepted range of every field (docs/rules.md §"Accepted values") -------------------------

PROFILE_NAMES = ("greek", "fourcard", "pisti", "sums")
"""The named profiles (:data:`PROFILES` maps them to their rules)."""

CARD_POINTS_MAX = 100
"""``rank_points`` entries, ``ten_of_diamonds_points`` and ``two_of_clubs_points``: 0 .. 100."""
BONUS_POINTS_MAX = 1000
"""Kseri bonuses, the majority and the house bonuses: 0 .. 1000."""
TARGET_MAX = 10_000
"""``target`` and ``target_raise``: 1 .. 10000."""
MATCH_ROUNDS_MAX = 100
"""``match_rounds``: 1 .. 100 (or null)."""
MAX_PLAYERS = 6
"""``players``: 2 .. 6."""

_MIN_TOP_POOL = 5
"""Cards outside the hands needed (per pack) so that an opening with ``opening_redeal = "top"``
always exists: of any five cards at least one is not a jack and one has another rank than it
(nine of the double pack, with its eight jacks)."""
_MIN_JACKS_STOCK = 8
"""Stock needed (per pack) after the opening with ``opening_redeal = "jacks"``: a jack is replaced by
cards from the stock's top half (the rest stays below), so that half must hold more than the jacks."""
_MIN_BOTTOM_STOCK = 5
"""Stock needed (per pack) after the opening for ``exposed_bottom``: it must always hold a non-jack."""

_SUMS_UNUSED = {"opening_redeal": "none", "exposed_bottom": False, "jacks_capture": True,
                "jack_kseri_points": None, "double_kseri_points": None, "jack_table_points": 0}
"""Fields the sums table does not use, with the only value it accepts (the ``sums`` profile's)."""


def _int_problem(rules: Rules, name: str, low: int, high: int, *, nullable: bool = False) -> str | None:
    value = getattr(rules, name)
    if (nullable and value is None) or (type(value) is int and low <= value <= high):
        return None
    allowed = f"an integer from {low} to {high}" + (" or null" if nullable else "")
    return f"{name} must be {allowed}, got {shown(value)}"


def _problem(rules: Rules) -> str | None:
    """What is wrong with ``rules`` (one line naming the field and its accepted range), or None."""
    return next((problem for problem in _problems(rules) if problem), None)


def _choice_problem(rules: Rules, name: str, allowed: tuple[str, ...]) -> str | None:
    value = getattr(rules, name)
    if isinstance(value, str) and value in allowed:
        return None
    names = ", ".join(repr(a) for a in allowed[:-1]) + f" or {allowed[-1]!r}"
    return f"{name} must be {names}, got {shown(value)}"


def _problems(rules: Rules) -> Iterator[str | None]:
    """Each field's check in turn (lazily: the deal and the points are checked only once every
    field has its type and range)."""
    yield _choice_problem(rules, "profile", PROFILE_NAMES)
    yield _choice_problem(rules, "table", ("pile", "sums"))
    if not (type(rules.players) is int and 2 <= rules.players <= MAX_PLAYERS):
        yield f"players must be an integer from 2 to {MAX_PLAYERS}, got {shown(rules.players)}"
    if not (type(rules.packs) is int and rules.packs in (1, 2)):
        yield f"packs must be 1 or 2, got {shown(rules.packs)}"
    if rules.packs == 2 and not 4 <= rules.players <= MAX_PLAYERS:
        yield f"packs 2 (the double pack) is for 4 to {MAX_PLAYERS} players, got players {rules.players}"
    yield _int_problem(rules, "packet_size", 1, 26)
    yield _int_problem(rules, "opening_size", 1, 50)
    yield _choice_problem(rules, "opening_redeal", ("top", "jacks", "none"))
    for name in ("jacks_capture", "last_card_kseri", "exposed_bottom", "partnerships"):
        if not isinstance(getattr(rules, name), bool):
            yield f"{name} must be true or false, got {shown(getattr(rules, name))}"
    yield _int_problem(rules, "kseri_points", 0, BONUS_POINTS_MAX)
    yield _int_problem(rules, "jack_kseri_points", 0, BONUS_POINTS_MAX, nullable=True)
    yield _int_problem(rules, "double_kseri_points", 0, BONUS_POINTS_MAX, nullable=True)
    yield _int_problem(rules, "jack_table_points", 0, BONUS_POINTS_MAX)
    yield _int_problem(rules, "final_capture_points", 0, BONUS_POINTS_MAX)
    yield _rank_points_problem(rules.rank_points)
    yield _int_problem(rules, "ten_of_diamonds_points", 0, CARD_POINTS_MAX)
    yield _int_problem(rules, "two_of_clubs_points", 0, CARD_POINTS_MAX)
    yield _int_problem(rules, "majority_points", 0, BONUS_POINTS_MAX)
    yield _int_problem(rules, "target", 1, TARGET_MAX)
    yield _choice_problem(rules, "tie_break", ("raise", "higher"))
    yield _int_problem(rules, "target_raise", 1, TARGET_MAX)
    yield _int_problem(rules, "match_rounds", 1, MATCH_ROUNDS_MAX, nullable=True)
    yield _deal_problem(rules)
    yield _points_problem(rules)


def _rank_points_problem(value: object) -> str | None:
    if not isinstance(value, tuple) or len(value) != 13:
        return f"rank_points must be a list of 13 integers (ace first), got {shown(value)}"
    for rank, points in zip(RANK_CODES, value, strict=True):
        if not (type(points) is int and 0 <= points <= CARD_POINTS_MAX):
            return f"rank_points: the entry for {rank} must be an integer from 0 to {CARD_POINTS_MAX}, " \
                   f"got {shown(points)}"
    return None


def _deal_problem(rules: Rules) -> str | None:
    """Whether the pack deals: whole packets after the opening, and an opening and a bottom card
    that the deal can always find (otherwise it would look for them forever)."""
    n, k, o, packs = rules.players, rules.packet_size, rules.opening_size, rules.packs
    dealt = n * k
    total = rules.cards
    rest = total - o
    if rest < dealt or rest % dealt:
        return (f"packet_size {k} with opening_size {o} leaves no valid deal (the {total} - {o} = {rest} cards "
                f"after the opening must split into whole packets of {k} for {n} players)")
    if rules.table == "sums" and packs != 1:
        return f"packs {packs}: the sums table plays with one pack"
    extra_jacks = 4 * (packs - 1)  # the first pack's thresholds grow by the second pack's four jacks
    if rules.table == "sums":
        for name, neutral in _SUMS_UNUSED.items():
            value = getattr(rules, name)
            if value != neutral or type(value) is not type(neutral):
                return (f"{name} {shown(value)} has no effect at the sums table "
                        f"(leave it out or give {shown(neutral)})")
        return None
    stock = rest - dealt
    if rules.opening_redeal == "top":
        if o < 2:
            return (f"opening_size {o} is too small for opening_redeal 'top' "
                    f"(it checks the top card and the one under it: at least 2)")
        if total - dealt < _MIN_TOP_POOL + extra_jacks:
            return (f"packet_size {k} leaves {total - dealt} cards outside the hands, too few for "
                    f"opening_redeal 'top' (at least {_MIN_TOP_POOL + extra_jacks}, so that an opening always "
                    f"exists)")
    if rules.opening_redeal == "jacks" and stock < _MIN_JACKS_STOCK + 2 * extra_jacks:
        return (f"packet_size {k} with opening_size {o} leaves a stock of {stock} cards, too few for "
                f"opening_redeal 'jacks' (at least {_MIN_JACKS_STOCK + 2 * extra_jacks} to replace opening "
                f"jacks from)")
    if rules.exposed_bottom and stock < _MIN_BOTTOM_STOCK + extra_jacks:
        return (f"exposed_bottom needs a stock of at least {_MIN_BOTTOM_STOCK + extra_jacks} cards after the "
                f"opening (packet_size {k} with opening_size {o} leaves {stock})")
    return None


def _points_problem(rules: Rules) -> str | None:
    """A round must be worth something, else no total ever grows and a match never ends."""
    if 4 * sum(rules.rank_points) + rules.ten_of_diamonds_points + rules.two_of_clubs_points \
            + rules.majority_points == 0:
        return ("rank_points, ten_of_diamonds_points, two_of_clubs_points and majority_points are all 0: "
                "a round must be worth at least 1 point, or a match could never end")
    return None


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


GREEK = Rules()
"""``docs/rules.md`` §"Greek profile": two players, 6-card packets, 25 base points, 151 with +100 raises."""

FOURCARD = Rules(
    profile="fourcard",
    packet_size=4,
    opening_redeal="jacks",
    jack_kseri_points=None,
    double_kseri_points=20,
    rank_points=_rank_points(ace=1, jack=1),
    ten_of_diamonds_points=2,
    two_of_clubs_points=2,
    target=101,
    tie_break="higher",
)
"""``docs/rules.md`` §"Fourcard profile": 4-card packets, no jack kseri, double kseri 20, target 101 (or 51)."""

PISTI = dataclasses.replace(
    FOURCARD,
    profile="pisti",
    ten_of_diamonds_points=3,
    jack_kseri_points=20,
    double_kseri_points=None,
)
"""``docs/rules.md`` §"Pisti profile": the four-card game with Turkish Pişti scoring: 10♦ 3, 2♣ 2,
each ace and jack 1, most cards 3, pişti (kseri) 10, jack pişti 20."""

SUMS = Rules(
    profile="sums",
    table="sums",
    opening_redeal="none",
    jack_kseri_points=None,
    rank_points=_rank_points(ace=1),
    ten_of_diamonds_points=2,
    two_of_clubs_points=1,
    majority_points=4,
    target=37,
    tie_break="higher",
)
"""``docs/rules.md`` §"Sums table": captures by rank or sum, builds, xeri 10, most cards 4, target 37."""

PROFILES: dict[str, Rules] = {"greek": GREEK, "fourcard": FOURCARD, "pisti": PISTI, "sums": SUMS}

_OPTION_NAMES = frozenset(f.name for f in dataclasses.fields(Rules)) - {"profile"}


def rules_from_spec(spec: Any) -> Rules:
    """Rules from a record's ``rules`` value: a profile name, or an object of a profile plus options.

    Every field is checked against the range in which a game can be dealt and played
    (``docs/rules.md`` §"Accepted values"); :class:`RulesError` names the first problem in one line.

    >>> rules_from_spec({"profile": "fourcard", "packet_size": 24})
    Traceback (most recent call last):
    ...
    kseri.engine.errors.RulesError: packet_size 24 with opening_size 4 leaves a stock of 0 cards, too few for \
opening_redeal 'jacks' (at least 8 to replace opening jacks from)
    """
    if isinstance(spec, str):
        options: dict[str, Any] = {}
        name = spec
    elif isinstance(spec, dict):
        options = dict(spec)
        name = options.pop("profile", "greek")
        if not isinstance(name, str):
            raise RulesError(f"profile must be a profile name, got {shown(name)}")
    else:
        raise RulesError(f"rules must be a profile name or an object, got {shown(spec)}")
    if name not in PROFILES:
        raise RulesError(f"unknown rules profile {quoted(name)} (known: {', '.join(PROFILES)})")
    unknown = sorted((key for key in options if key not in _OPTION_NAMES), key=str)
    if unknown:
        raise RulesError(f"unknown rules option {quoted(unknown[0])}")
    if options.get("packs") == 2 and "opening_size" not in options:
        opening = double_pack_opening(PROFILES[name], options.get("players"), options.get("packet_size"))
        if opening is not None:
            options["opening_size"] = opening
    return dataclasses.replace(PROFILES[name], **options) if options else PROFILES[name]


def double_pack_opening(base: Rules, players: Any, packet_size: Any) -> int | None:
    """The opening pile of the double pack when a record does not give one (``docs/rules.md``
    §"Double pack"): the profile's own (4) if the other 100 cards split into whole packets,
    else the smallest larger one that deals every card, up to twice the profile's (8).
    None when no such size exists (or the inputs are not numbers: validation then names them).

    >>> [double_pack_opening(FOURCARD, players, None) for players in (4, 5, 6)], double_pack_opening(GREEK, 4, None)
    ([8, 4, 8], 8)
    >>> rules_from_spec({"profile": "fourcard", "packs": 2, "players": 6}).packets
    4
    """
    n = base.players if players is None else players
    k = base.packet_size if packet_size is None else packet_size
    if type(n) is not int or type(k) is not int or n < 1 or k < 1:
        return None
    return next((o for o in range(base.opening_size, 2 * base.opening_size + 1) if (104 - o) % (n * k) == 0),
                None)


def rules_from_text(text: str) -> Rules:
    """Rules from text as the command line takes it: a profile name, or a rules object (or any
    other JSON value starting ``{``, ``[`` or ``"``), read within the bounds of
    :func:`~kseri.engine.jsontext.parse_json`.

    >>> rules_from_text('{"profile": "pisti", "target": 51}').target
    51
    >>> rules_from_text('{"profile": "greek", "target": 1e999}')
    Traceback (most recent call last):
    ...
    kseri.engine.errors.RulesError: a number out of range (1e999)
    """
    text = text.strip()
    if not text.startswith(("{", "[", '"')):
        return rules_from_spec(text)
    try:
        spec = parse_json(text, what="rules")
    except JsonTextError as exc:
        raise RulesError(str(exc).removeprefix("rules: ")) from None
    return rules_from_spec(spec)


def card_points_table(rules: Rules) -> tuple[int, ...]:
    """Points of each card index under ``rules`` (the engine sums these).

    Every round looks this up when it is dealt, so the rules object of the last call is
    recognised by identity: hashing a :class:`Rules` for the cache by value takes about
    as long as the rest of a deal.
    """
    global _last_points
    last_rules, table = _last_points
    if last_rules is not rules:
        table = _points_by_value(rules)
        _last_points = (rules, table)
    return table


@lru_cache(maxsize=32)
def _points_by_value(rules: Rules) -> tuple[int, ...]:
    table = [rules.rank_points[rank_index(index)] for index in range(52)]
    table[Card.parse("10D").index] += rules.ten_of_diamonds_points
    table[Card.parse("2C").index] += rules.two_of_clubs_points
    return tuple(table)


_last_points: tuple[Rules | None, tuple[int, ...]] = (None, ())
