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
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from kseri.engine.cards import ACE, JACK, KING, QUEEN, TEN, Card, rank_index
from kseri.engine.errors import RulesError

__all__ = ["FOURCARD", "GREEK", "PISTI", "PROFILES", "SUMS", "Rules", "card_points_table", "rules_from_spec"]

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
    """2; 3, each alone (needs 4-card packets: four use the pack); or 4 in two
    partnerships (seats 0+2 against 1+3)."""
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
    by side, captures by rank or by sum, builds (see :mod:`kseri.engine.sums`)."""

    def __post_init__(self) -> None:
        problems = []
        if self.players not in (2, 3, 4):
            problems.append(f"players={self.players!r} (2, 3 or 4)")
        if len(self.rank_points) != 13:
            problems.append("rank_points needs 13 entries")
        if self.opening_redeal not in ("top", "jacks", "none"):
            problems.append(f"opening_redeal={self.opening_redeal!r} (top, jacks or none)")
        if self.tie_break not in ("raise", "higher"):
            problems.append(f"tie_break={self.tie_break!r} (raise or higher)")
        dealt = self.players * self.packet_size
        if not (self.packet_size >= 1 and 0 < self.opening_size < 52 and (52 - self.opening_size) % dealt == 0):
            problems.append(
                f"packet_size={self.packet_size} with opening_size={self.opening_size} "
                f"does not divide the pack into whole packets"
            )
        if self.target < 1 or self.target_raise < 1:
            problems.append("target and target_raise must be positive")
        if self.table not in ("pile", "sums"):
            problems.append(f"table={self.table!r} (pile or sums)")
        if self.table == "sums" and self.jack_table_points:
            problems.append("jack_table_points belongs to the pile game, not the sums table")
        if self.match_rounds is not None and self.match_rounds < 1:
            problems.append(f"match_rounds={self.match_rounds!r} must be positive")
        if problems:
            raise RulesError("invalid rules: " + "; ".join(problems))

    @property
    def teams(self) -> int:
        """Scoring sides: every seat alone with 2 or 3 players, two partnerships with 4."""
        return 3 if self.players == 3 else 2

    def team_of(self, seat: int) -> int:
        return seat if self.players == 3 else seat % 2

    @property
    def packets(self) -> int:
        """How many packets use the whole pack (4 in the Greek game)."""
        return (52 - self.opening_size) // (self.players * self.packet_size)

    def card_points(self, card: Card) -> int:
        """Points one captured card is worth under these rules."""
        return card_points_table(self)[card.index]

    def to_spec(self) -> str | dict[str, Any]:
        """The record's ``rules`` value: the profile name, plus changed options."""
        base = PROFILES[self.profile]
        changes = {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)
                   if f.name != "profile" and getattr(self, f.name) != getattr(base, f.name)}
        return {"profile": self.profile, **changes} if changes else self.profile


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
_OPTION_TYPES = {f.name: f.type for f in dataclasses.fields(Rules)}


def rules_from_spec(spec: Any) -> Rules:
    """Rules from a record's ``rules`` value; :class:`RulesError` names any unknown part."""
    if isinstance(spec, str):
        options: dict[str, Any] = {}
        name = spec
    elif isinstance(spec, dict):
        options = dict(spec)
        name = options.pop("profile", "greek")
        if not isinstance(name, str):
            raise RulesError(f"rules profile must be a string, got {name!r}")
    else:
        raise RulesError(f"rules must be a profile name or an object, got {spec!r}")
    if name not in PROFILES:
        raise RulesError(f"unknown rules profile {name!r} (known: {', '.join(PROFILES)})")
    unknown = sorted(set(options) - _OPTION_NAMES)
    if unknown:
        raise RulesError(f"unknown rules option {unknown[0]!r}")
    for key, value in options.items():
        if key == "rank_points":
            if not (isinstance(value, (list, tuple)) and all(type(v) is int for v in value)):
                raise RulesError("rules option rank_points must be a list of 13 integers")
            options[key] = tuple(value)
        elif isinstance(value, bool) != (_OPTION_TYPES[key] == "bool") and value is not None:
            raise RulesError(f"rules option {key}={value!r} has the wrong type")
        elif _OPTION_TYPES[key].startswith("int") and not (type(value) is int or
                                                          (value is None and "None" in _OPTION_TYPES[key])):
            raise RulesError(f"rules option {key}={value!r} must be an integer")
    try:
        return dataclasses.replace(PROFILES[name], **options)
    except TypeError as exc:  # pragma: no cover - guarded above
        raise RulesError(str(exc)) from None


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
