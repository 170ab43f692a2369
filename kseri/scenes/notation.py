"""The scene notation: the short text of ``embed.html?scene=...``, read and written.

:func:`parse` reads the text strictly into a :class:`SceneSpec` (the scene as
written, not yet played out); :meth:`SceneSpec.to_text` writes the canonical
text back. :mod:`kseri.scenes.build` plays a spec out into steps. The notation
is specified in ``docs/formats.md`` (scene notation); in short:

``key=value`` parts separated by ``;`` (spaces around parts are ignored)::

    pile=3C,9D,QH,5S; hands=10S,KD|10D,4H; plays=10D,10S; dealer=1

``pile``      the cards on the table, bottom first (the last is the top card);
              empty or left out: an empty table.
``hands``     each seat's hand, seats separated by ``|`` (seat 0 first; seat 0
              sits at the bottom of the board). Left out: every seat holds
              just the cards it plays.
``plays``     the cards played, in order; seats take turns.
``first``     the seat that plays first (default 0); or ``dealer``, the seat
              that dealt (the seat after it plays first), as in records.
``end``       ``yes``: the stock is empty, so when the last hand card is
              played the last capturer takes what is left (default ``no``:
              the scene is in the middle of a round).
``last``      with ``end``: the seat that made the last capture before the
              scene, if any.
``rules``     a rules profile (default ``greek``; ``fourcard``, ``pisti``, or
              ``sums`` for the open table, below), or house rules as a record's
              ``rules`` object: ``{"profile":"greek","jacks_capture":false}``.
``names``     the seats' names, ``|``-separated (default ``South|North``).
``title``     a heading for the scene.
``caption.N`` the caption of step N instead of the automatic one; step 0 is
              the starting position, step N the position after play N.

At the open table (``rules=sums``) the cards lie side by side, so ``table``
replaces ``pile`` and the plays are moves in the record notation:

``table``     the items on the table, in order: a card (``3C``), or a build,
              its cards joined by ``+`` and its owner's seat after ``@``
              (``5C+4H@1``: North's build of 9).
``plays``     moves: ``7H`` lays the 7♥ loose, ``7H:3C+4D`` takes the 3♣ and
              the 4♦ (naming every card of each item taken), ``5S>3H`` builds
              the 5♠ onto the item holding the 3♥ (a build or a raise).

Card codes as everywhere (``10D``, ``JS``; lower case, ``T`` and ♠♥♦♣ are
accepted). Text values end at the next ``;``, so a caption cannot hold one.
In a URL the whole scene is one query value (``embed.html?scene=...``):
encode it as any query value (``+`` becomes ``%2B``, ``&`` ``%26``).

Every mistake raises :class:`~kseri.scenes.errors.SceneError` (a ``ValueError``)
with one line that names the part at fault.

>>> spec = parse("pile=10D; plays=10S; caption.1=Kseri!")
>>> spec.pile, spec.plays, spec.captions
(('10D',), ('10S',), {1: 'Kseri!'})
>>> spec.to_text()
'pile=10D;plays=10S;caption.1=Kseri!'
>>> sums = parse("rules=sums; table=3C,4D,5C+4H@1; plays=7H:3C+4D")
>>> sums.table, sums.plays
(('3C', '4D', '5C+4H@1'), ('7H:3C+4D',))
>>> parse("pile=10D,ZZ")
Traceback (most recent call last):
...
kseri.scenes.errors.SceneError: scene: pile: 'ZZ' is not a card code (e.g. 10D, JS, 2C, AH)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kseri.engine.cards import played_code
from kseri.engine.errors import KseriError, one_line
from kseri.engine.jsontext import parse_json
from kseri.engine.rules import PROFILES, Rules, rules_from_spec
from kseri.scenes.errors import SceneError
from kseri.scenes.pile.notation import PILE_NOTATION
from kseri.scenes.reading import TableNotation, cards, check_text, seat
from kseri.scenes.sums.notation import SUMS_NOTATION
from kseri.table.tables import table_refusal

__all__ = ["MAX_TEXT", "NOTATIONS", "PILE_PROFILES", "SceneSpec", "parse"]

MAX_TEXT = 4000
"""Longest scene text read."""

_NOT_DRAWN = ("players", "packs", "partnerships", "exposed_bottom")
"""Rules a scene cannot show: the board draws two seats, one pack and no stock's bottom card."""
PILE_PROFILES: tuple[str, ...] = tuple(name for name, rules in PROFILES.items() if rules.table == "pile")
"""The rules profiles played on one pile (``pile=``); ``sums`` scenes use ``table=`` instead."""

NOTATIONS: Mapping[str, TableNotation] = {"pile": PILE_NOTATION, "sums": SUMS_NOTATION}
"""Each table's part of the notation, by the engine's table id (its position's key and how its plays read)."""
_KEYS = ("caption.N", "dealer", "end", "first", "hands", "last", "names", "pile", "plays", "rules", "table", "title")
_YES = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}


@dataclass(frozen=True)
class SceneSpec:
    """A scene as written: the position and the plays, not yet played out."""

    pile: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    """At the sums table: the items in canonical notation (``3C``, ``5C+4H@1``)."""
    hands: tuple[tuple[str, ...], ...] | None = None
    plays: tuple[str, ...] = ()
    first: int = 0
    end: bool = False
    last: int | None = None
    rules: str = "greek"
    """A profile's name, or the rules as a compact JSON object (``{"profile":"greek","jacks_capture":false}``):
    :meth:`game_rules` reads it."""
    names: tuple[str, ...] | None = None
    title: str = ""
    captions: Mapping[int, str] = field(default_factory=dict)

    def game_rules(self) -> Rules:
        """The engine's rules of the scene (:attr:`rules` as a record's ``rules`` value)."""
        return rules_from_spec(parse_json(self.rules, what="rules") if self.rules.startswith("{") else self.rules)

    def notation(self) -> TableNotation:
        """The notation of the scene's table (:data:`NOTATIONS`)."""
        try:
            return NOTATIONS[self.game_rules().table]
        except KseriError:  # a spec made by hand with rules no scene reads: its own items say which table
            return SUMS_NOTATION if self.table else PILE_NOTATION

    def to_text(self) -> str:
        """The canonical notation; ``parse(spec.to_text()) == spec``."""
        parts = []
        if self.title:
            parts.append(f"title={self.title}")
        if self.rules != "greek":
            parts.append(f"rules={self.rules}")
        if self.names is not None:
            parts.append("names=" + "|".join(self.names))
        if self.first:
            parts.append(f"first={self.first}")
        parts.append(self.notation().write_position(self))
        if self.hands is not None:
            parts.append("hands=" + "|".join(",".join(hand) for hand in self.hands))
        parts.append("plays=" + ",".join(self.plays))
        if self.end:
            parts.append("end=yes")
        if self.last is not None:
            parts.append(f"last={self.last}")
        parts.extend(f"caption.{n}={text}" for n, text in sorted(self.captions.items()))
        return ";".join(parts)


def _drawn(spec: object) -> None:
    """Refuse, before the engine reads them, the rules a scene's board cannot draw (:data:`_NOT_DRAWN`), and a
    table named apart from its profile: said as a scene's limits, not as the engine's ranges."""
    if not isinstance(spec, dict):
        return
    base = PROFILES.get(spec.get("profile", "greek")) if isinstance(spec.get("profile", "greek"), str) else None
    if base is None:
        return
    if "table" in spec and spec["table"] != base.table:
        raise SceneError("rules: the table comes with the profile (rules=sums for the open table)")
    for name in _NOT_DRAWN:
        if name in spec and spec[name] != getattr(base, name):
            raise SceneError(f"rules: a scene shows two players at one table, so it takes no {name!r} "
                             "(give the house rules only)")


def _rules(value: str) -> tuple[str, Rules]:
    """The ``rules`` part: a profile's name, or an object of a profile and house rules as a record takes it;
    returned as its canonical text and the engine's rules."""
    text = value.strip()
    try:
        spec = parse_json(text, what="rules") if text.startswith("{") else text
    except KseriError as exc:
        raise SceneError(f"rules: {one_line(exc).removeprefix('rules: ')}") from None
    _drawn(spec)
    try:
        rules = rules_from_spec(spec)
    except KseriError as exc:
        raise SceneError(f"rules: {one_line(exc).removeprefix('rules: ')}") from None
    refusal = table_refusal(rules)
    if refusal:
        raise SceneError(f"rules: {refusal}")
    canonical = rules.to_spec()
    return (canonical if isinstance(canonical, str) else json.dumps(canonical, separators=(",", ":"))), rules


def parse(text: str) -> SceneSpec:
    """Read the scene notation strictly; :class:`SceneError` names the bad part."""
    if not isinstance(text, str):
        raise SceneError(f"expected text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise SceneError(f"longer than {MAX_TEXT} characters")
    raw: dict[str, str] = {}
    for part in (piece.strip() for piece in text.split(";")):
        if not part:
            continue
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep:
            raise SceneError(f"{part[:40]!r} is not key=value")
        known = key in _KEYS or (key.startswith("caption.") and key != "caption.N")
        if not known:
            raise SceneError(f"unknown key {key!r} (known: {', '.join(_KEYS)})")
        if key in raw:
            raise SceneError(f"{key} is given twice")
        raw[key] = value
    rules_text, rules = _rules(raw.pop("rules", "greek"))
    players = rules.players
    notation = NOTATIONS[rules.table]
    spec: dict[str, Any] = {"rules": rules_text}
    if "first" in raw and "dealer" in raw:
        raise SceneError("give first or dealer, not both")
    if "first" in raw:
        spec["first"] = seat(raw.pop("first"), "first", players)
    if "dealer" in raw:
        spec["first"] = (seat(raw.pop("dealer"), "dealer", players) + 1) % players
    if any(other.key in raw for other in NOTATIONS.values() if other.key != notation.key):
        raise SceneError(notation.not_here)
    spec.update(notation.read_position(raw.pop(notation.key, ""), players))
    if "hands" in raw:
        hands = raw.pop("hands").split("|")
        if len(hands) != players:
            raise SceneError(f"hands: {players} hands expected, separated by '|', got {len(hands)}")
        spec["hands"] = tuple(cards(hand, f"hands (seat {number})") for number, hand in enumerate(hands))
    plays = raw.pop("plays", "")
    spec["plays"] = notation.read_plays(plays, "plays")
    if "end" in raw:
        value = raw.pop("end").strip().lower()
        if value not in _YES:
            raise SceneError(f"end: {value!r} is not yes or no")
        spec["end"] = _YES[value]
    if "last" in raw:
        spec["last"] = seat(raw.pop("last"), "last", players)
        if not spec.get("end"):
            raise SceneError("last: only means something with end=yes")
    if "names" in raw:
        names = tuple(check_text(name, "names") for name in raw.pop("names").split("|"))
        if len(names) != players or not all(names):
            raise SceneError(f"names: {players} non-empty names expected, separated by '|'")
        spec["names"] = names
    if "title" in raw:
        spec["title"] = check_text(raw.pop("title"), "title")
    captions = {}
    for key in sorted(raw):
        number = key.removeprefix("caption.")
        if not number.isdigit() or len(number) > 3:
            raise SceneError(f"{key}: the step must be a number (caption.0, caption.1, ...)")
        captions[int(number)] = check_text(raw[key], key)
    spec["captions"] = captions
    result = SceneSpec(**spec)
    _check_cards(result)
    return result


def _check_cards(spec: SceneSpec) -> None:
    """No card in two places, and captions only for steps the scene has."""
    seen: dict[str, str] = {}
    places = [(spec.notation().key, spec.pile)]
    if spec.hands is not None:
        places += [(f"seat {number}'s hand", hand) for number, hand in enumerate(spec.hands)]
    else:
        places += [("plays", tuple(played_code(move) for move in spec.plays))]
    for place, codes in places:
        for code in codes:
            if code in seen:
                where = place if seen[code] == place else f"{seen[code]} and {place}"
                raise SceneError(f"{code} appears twice ({where})")
            seen[code] = place
    if len(spec.captions) and max(spec.captions) > len(spec.plays):
        raise SceneError(f"caption.{max(spec.captions)}: the scene has only steps 0..{len(spec.plays)}")
