"""Rule scenes: a few plays on a small table, step by step, with captions.

A scene is what an embedded board (``embed.html``) shows: a starting position
and the plays that follow, each step captioned. The captions are written from
the engine's own events, so a scene always shows what the rules really do;
an author may replace any caption.

A scene comes from a short text (the *scene notation*, below), or from a
``kseri-record/1`` game: a window of one round, see :func:`from_match`.
Pure Python: the DOM layer (:mod:`kseri.web.embed`) only draws the steps;
the automatic captions are written by :mod:`kseri.scenes.captions`.

Scene notation
--------------
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
``rules``     a rules profile (default ``greek``).
``names``     the seats' names, ``|``-separated (default ``South|North``).
``title``     a heading for the scene.
``caption.N`` the caption of step N instead of the automatic one; step 0 is
              the starting position, step N the position after play N.

Card codes as everywhere (``10D``, ``JS``; lower case, ``T`` and ♠♥♦♣ are
accepted). Text values end at the next ``;``, so a caption cannot hold one.
In a URL the whole scene is one query value (``embed.html?scene=...``):
encode it as any query value (``+`` becomes ``%2B``, ``&`` ``%26``).

Every mistake raises :class:`SceneError` (a ``ValueError``) with one line
that names the part at fault.

>>> scene = from_text("pile=10D; plays=10S")
>>> [step.caption for step in scene.steps]
['A lone 10♦ lies on the table. South to play.', "South's 10♠ takes the lone 10♦: kseri! +10, and +3 for the cards (10♦ 2, 10♠ 1): 13 points."]
>>> scene.steps[-1].points
(13, 0)
>>> from_text("pile=10D; plays=JS").steps[-1].points
(3, 0)
>>> from_text("pile=JH; plays=JC").steps[-1].points
(22, 0)
>>> from_text("pile=10D; hands=10S|4H; plays=4H")
Traceback (most recent call last):
...
kseri.scenes.scene.SceneError: scene: plays: play 1 is South's turn, but 4H is in North's hand (South holds [10S])
>>> from_text("pile=10D; hand=10S")
Traceback (most recent call last):
...
kseri.scenes.scene.SceneError: scene: unknown key 'hand' (known: caption.N, dealer, end, first, hands, last, names, pile, plays, rules, title)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from kseri.scenes.captions import describe_table, play_caption, possessive, pretty
from kseri.engine.cards import CODES, Card
from kseri.engine.errors import KseriError
from kseri.engine.match import Match
from kseri.engine.round import Round
from kseri.engine.rules import PROFILES, Rules, card_points_table

__all__ = [
    "SceneError", "SceneSpec", "Scene", "Step",
    "parse", "build", "from_text", "from_match", "from_params", "pretty", "MAX_TEXT",
]

MAX_TEXT = 4000
"""Longest scene text read."""
MAX_VALUE = 300
"""Longest title, name or caption."""

_KEYS = ("caption.N", "dealer", "end", "first", "hands", "last", "names", "pile", "plays", "rules", "title")
_YES = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}


class SceneError(KseriError):
    """A scene that cannot be read or shown; the message names the part at fault."""

    def __init__(self, message: str) -> None:
        super().__init__(f"scene: {message}")


# --------------------------------------------------------------------------- the notation


@dataclass(frozen=True)
class SceneSpec:
    """A scene as written: the position and the plays, not yet played out."""

    pile: tuple[str, ...] = ()
    hands: tuple[tuple[str, ...], ...] | None = None
    plays: tuple[str, ...] = ()
    first: int = 0
    end: bool = False
    last: int | None = None
    rules: str = "greek"
    names: tuple[str, ...] | None = None
    title: str = ""
    captions: Mapping[int, str] = field(default_factory=dict)

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
        parts.append("pile=" + ",".join(self.pile))
        if self.hands is not None:
            parts.append("hands=" + "|".join(",".join(hand) for hand in self.hands))
        parts.append("plays=" + ",".join(self.plays))
        if self.end:
            parts.append("end=yes")
        if self.last is not None:
            parts.append(f"last={self.last}")
        parts.extend(f"caption.{n}={text}" for n, text in sorted(self.captions.items()))
        return ";".join(parts)


def _cards(value: str, what: str) -> tuple[str, ...]:
    codes = []
    for i, item in enumerate(value.split(",")):
        item = item.strip()
        if not item:
            if value.strip():
                raise SceneError(f"{what}: empty card in the list (two commas?)")
            continue
        try:
            codes.append(Card.parse(item).code)
        except KseriError:
            raise SceneError(f"{what}: {item!r} is not a card code (e.g. 10D, JS, 2C, AH)") from None
    return tuple(codes)


def _seat(value: str, what: str, players: int) -> int:
    if not value.strip().isdigit() or not 0 <= int(value) < players:
        raise SceneError(f"{what}: {value!r} is not a seat (0..{players - 1})")
    return int(value)


def _text(value: str, what: str) -> str:
    value = value.strip()
    if len(value) > MAX_VALUE:
        raise SceneError(f"{what}: longer than {MAX_VALUE} characters")
    if any(ord(ch) < 32 for ch in value):
        raise SceneError(f"{what}: control characters are not allowed")
    return value


def parse(text: str) -> SceneSpec:
    """Read the scene notation strictly; :class:`SceneError` names the bad part."""
    if not isinstance(text, str):
        raise SceneError(f"expected text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise SceneError(f"longer than {MAX_TEXT} characters")
    raw: dict[str, str] = {}
    for part in text.split(";"):
        part = part.strip()
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
    rules_name = raw.pop("rules", "greek").strip()
    if rules_name not in PROFILES:
        raise SceneError(f"rules: unknown profile {rules_name!r} (known: {', '.join(PROFILES)})")
    players = PROFILES[rules_name].players
    spec: dict[str, Any] = {"rules": rules_name}
    if "first" in raw and "dealer" in raw:
        raise SceneError("give first or dealer, not both")
    if "first" in raw:
        spec["first"] = _seat(raw.pop("first"), "first", players)
    if "dealer" in raw:
        spec["first"] = (_seat(raw.pop("dealer"), "dealer", players) + 1) % players
    spec["pile"] = _cards(raw.pop("pile", ""), "pile")
    if "hands" in raw:
        hands = raw.pop("hands").split("|")
        if len(hands) != players:
            raise SceneError(f"hands: {players} hands expected, separated by '|', got {len(hands)}")
        spec["hands"] = tuple(_cards(hand, f"hands (seat {seat})") for seat, hand in enumerate(hands))
    spec["plays"] = _cards(raw.pop("plays", ""), "plays")
    if "end" in raw:
        value = raw.pop("end").strip().lower()
        if value not in _YES:
            raise SceneError(f"end: {value!r} is not yes or no")
        spec["end"] = _YES[value]
    if "last" in raw:
        spec["last"] = _seat(raw.pop("last"), "last", players)
        if not spec.get("end"):
            raise SceneError("last: only means something with end=yes")
    if "names" in raw:
        names = tuple(_text(name, "names") for name in raw.pop("names").split("|"))
        if len(names) != players or not all(names):
            raise SceneError(f"names: {players} non-empty names expected, separated by '|'")
        spec["names"] = names
    if "title" in raw:
        spec["title"] = _text(raw.pop("title"), "title")
    captions = {}
    for key in sorted(raw):
        number = key.removeprefix("caption.")
        if not number.isdigit() or len(number) > 3:
            raise SceneError(f"{key}: the step must be a number (caption.0, caption.1, ...)")
        captions[int(number)] = _text(raw[key], key)
    spec["captions"] = captions
    result = SceneSpec(**spec)
    _check_cards(result)
    return result


def _check_cards(spec: SceneSpec) -> None:
    seen: dict[str, str] = {}
    places = [("pile", spec.pile)]
    if spec.hands is not None:
        places += [(f"seat {seat}'s hand", hand) for seat, hand in enumerate(spec.hands)]
    else:
        places += [("plays", spec.plays)]
    for place, cards in places:
        for code in cards:
            if code in seen:
                where = place if seen[code] == place else f"{seen[code]} and {place}"
                raise SceneError(f"{code} appears twice ({where})")
            seen[code] = place
    if len(spec.captions) and max(spec.captions) > len(spec.plays):
        raise SceneError(f"caption.{max(spec.captions)}: the scene has only steps 0..{len(spec.plays)}")


# --------------------------------------------------------------------------- the steps


@dataclass(frozen=True)
class Step:
    """One position of a scene. Card lists hold codes; per-seat tuples are indexed by seat.

    Step 0 is the starting position (``played`` is None); step N follows play N.
    ``taken``, ``points`` and ``kseris`` count what each seat captured *in the
    scene* (for a record scene: in the round so far); ``points`` are card points
    plus kseri bonuses, without the award for most cards.
    """

    index: int
    caption: str
    pile: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    to_move: int | None
    played: str | None = None
    seat: int | None = None
    kind: str | None = None
    captured: tuple[str, ...] = ()
    bonus: int = 0
    gain: int = 0
    sweep: tuple[str, ...] = ()
    sweep_seat: int | None = None
    dealt: bool = False
    taken: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    kseris: tuple[tuple[str, ...], ...] = ()
    stock: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (lists, not tuples)."""
        return {key: _listify(value) for key, value in dataclasses.asdict(self).items()}


def _listify(value: Any) -> Any:
    return [_listify(v) for v in value] if isinstance(value, (tuple, list)) else value


@dataclass(frozen=True)
class Scene:
    """A scene ready to show: its title, the seats' names and every step."""

    title: str
    names: tuple[str, ...]
    rules: Rules
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "names": list(self.names), "rules": self.rules.profile,
                "steps": [step.to_json() for step in self.steps]}


def _default_names(players: int) -> tuple[str, ...]:
    return ("South", "North") if players == 2 else ("South", "West", "North", "East")[:players]


def _codes(cards: Iterable[int]) -> tuple[str, ...]:
    return tuple(CODES[c] for c in cards)


class _Recorder:
    """Plays a Round forward and snapshots each position as a :class:`Step`."""

    def __init__(self, state: Round, names: Sequence[str], *, phantom: int | None, show_stock: bool,
                 captions: Mapping[int, str]) -> None:
        self.state = state
        self.names = tuple(names)
        self.phantom = phantom
        self.show_stock = show_stock
        self.captions = captions
        self.base_taken = tuple(state.counts)
        self.steps: list[Step] = []

    def hands(self) -> tuple[tuple[str, ...], ...]:
        return tuple(_codes(c for c in hand if c != self.phantom) for hand in self.state.hands)

    def snapshot(self, caption: str, **extra: Any) -> None:
        state = self.state
        index = len(self.steps)
        over = state.is_terminal() or not any(self.hands())
        self.steps.append(Step(
            index=index,
            caption=self.captions.get(index, caption),
            pile=_codes(state.pile),
            hands=self.hands(),
            to_move=None if over else state.to_move,
            taken=tuple(state.counts),
            points=tuple(p + b for p, b in zip(state.points, state.bonus)),
            kseris=tuple(_codes(k) for k in state.kseri_cards),
            stock=state.stock_count if self.show_stock else None,
            **extra,
        ))

    def start(self) -> None:
        state = self.state
        text = describe_table(state.pile)
        if not state.is_terminal() and any(self.hands()):
            text += f" {self.names[state.to_move]} to play."
        self.snapshot(text)

    def play(self, code: str, number: int) -> None:
        state = self.state
        seat = state.to_move
        held = [c for c in state.hands[seat] if c != self.phantom]
        card = Card.parse(code)
        if card.index not in held:
            name = self.names[seat]
            owner = next((s for s, hand in enumerate(state.hands) if card.index in hand), None)
            if owner is not None:
                raise SceneError(f"plays: play {number} is {possessive(name)} turn, but {code} is in "
                                 f"{possessive(self.names[owner])} hand ({name} holds [{' '.join(_codes(held))}])")
            if not held:
                raise SceneError(f"plays: play {number} ({code}) is {possessive(name)} turn, "
                                 f"but {name} has no card left")
            raise SceneError(f"plays: play {number}: {code} is not in {possessive(name)} hand "
                             f"[{' '.join(_codes(held))}]")
        pile_before = list(state.pile)
        event = state.apply(card)
        self.snapshot(
            play_caption(event, pile_before, self.names, state.rules),
            played=card.code, seat=seat, kind=event.kind, captured=_codes(c.index for c in event.captured),
            bonus=event.bonus, gain=_gain(event, state.rules), sweep=_codes(c.index for c in event.sweep),
            sweep_seat=event.sweep_seat, dealt=event.dealt,
        )


def _gain(event, rules: Rules) -> int:
    """Points this play earned its seat: captured cards plus bonus (not the sweep)."""
    if not event.is_capture:
        return 0
    table = card_points_table(rules)
    return sum(table[c.index] for c in event.captured) + table[event.card.index] + event.bonus


def build(spec: SceneSpec) -> Scene:
    """Play a parsed scene out through the engine; :class:`SceneError` if a play is impossible."""
    rules = PROFILES[spec.rules]
    players = rules.players
    names = spec.names or _default_names(players)
    hands = spec.hands
    if hands is None:  # each seat holds what it plays
        held: list[list[str]] = [[] for _ in range(players)]
        for i, code in enumerate(spec.plays):
            held[(spec.first + i) % players].append(code)
        hands = tuple(tuple(h) for h in held)
    if not spec.end:
        # Mid-round: the engine must never see the round end (no sweep, no last-card rule).
        rules = dataclasses.replace(rules, last_card_kseri=True)
    used = {Card.parse(c).index for c in (*spec.pile, *(c for h in hands for c in h))}
    state = Round.from_deck(rules, (spec.first - 1) % players, list(range(52)), check=False)
    state.hands = [[Card.parse(c).index for c in hand] for hand in hands]
    phantom = None
    if not spec.end:
        # A card nobody sees keeps one hand non-empty, so the engine neither deals nor ends the round.
        phantom = next(c for c in range(52) if c not in used)
        state.hands[spec.first].append(phantom)
    state.pile = [Card.parse(c).index for c in spec.pile]
    table = card_points_table(rules)
    state.pile_points = sum(table[c] for c in state.pile)
    state.next_card = 52
    state.to_move = spec.first
    state.last_capturer = spec.last
    recorder = _Recorder(state, names, phantom=phantom, show_stock=spec.end, captions=spec.captions)
    recorder.start()
    for i, code in enumerate(spec.plays, 1):
        recorder.play(code, i)
    return Scene(title=spec.title, names=tuple(names), rules=rules, steps=tuple(recorder.steps))


def from_text(text: str) -> Scene:
    """:func:`parse` then :func:`build`."""
    return build(parse(text))


def from_match(match: Match, round_index: int = 0, start: int = 0, stop: int | None = None, *,
               title: str = "", names: Sequence[str] | None = None,
               captions: Mapping[int, str] | None = None) -> Scene:
    """A window of one round of a game: the position after ``start`` plays, then plays up to ``stop``.

    Everything is face up (a record knows every card); the stock is counted.
    ``round_index`` may be negative (``-1``: the last round).
    """
    count = len(match.rounds)
    if not -count <= round_index < count:
        raise SceneError(f"round: {round_index} is not a round of this game (it has {count})")
    played = match.rounds[round_index]
    plays = played.plays
    stop = len(plays) if stop is None else stop
    if not 0 <= start <= stop <= len(plays):
        raise SceneError(f"from/to: need 0 <= from <= to <= {len(plays)}, got from={start}, to={stop}")
    names = tuple(names) if names else _default_names(played.rules.players)
    if len(names) != played.rules.players:
        raise SceneError(f"names: {played.rules.players} names expected")
    state = Round.from_deck(played.rules, played.dealer, played.deck, check=False)
    for card in plays[:start]:
        state.apply_index(card)
    recorder = _Recorder(state, names, phantom=None, show_stock=True,
                         captions={i - start: text for i, text in (captions or {}).items()})
    recorder.start()
    for i, card in enumerate(plays[start:stop], start + 1):
        recorder.play(CODES[card], i)
    return Scene(title=title, names=names, rules=played.rules, steps=tuple(recorder.steps))


def _int(params: Mapping[str, str], key: str, default: int | None) -> int | None:
    value = params.get(key)
    if value is None or value == "":
        return default
    text = value.strip()
    if not text.lstrip("-").isdigit() or len(text) > 6:
        raise SceneError(f"{key}: {value!r} is not a whole number")
    return int(text)


def from_params(params: Mapping[str, str]) -> Scene:
    """The scene an embed URL asks for; ``params`` are its query and fragment values, decoded.

    - ``scene=NOTATION`` (see the module doc);
    - ``r=...``: a shared game (:mod:`kseri.table.share`), or ``record=JSON``: a
      ``kseri-record/1``; with ``round=`` (default 0, ``-1`` the last), ``from=``
      and ``to=`` (plays made at the first and the last step; default: the
      whole round), ``title=`` and ``names=A|B``.
    """
    from kseri.engine import record as record_module
    from kseri.table import share

    if "scene" in params:
        return from_text(params["scene"])
    if "r" in params or "record" in params:
        try:
            if "r" in params:
                match = share.decode("r=" + params["r"]) if params["r"] else share.decode("")
            else:
                match = record_module.loads(params["record"])
        except KseriError as exc:
            raise SceneError(str(exc)) from None
        names = None
        if params.get("names"):
            names = tuple(_text(n, "names") for n in params["names"].split("|"))
        return from_match(match, _int(params, "round", 0), _int(params, "from", 0), _int(params, "to", None),
                          title=_text(params.get("title", ""), "title"), names=names)
    raise SceneError("nothing to show: give scene=..., r=... or record=...")
