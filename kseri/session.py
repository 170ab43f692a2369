"""A game at the browser table: you (seat 0) against a bot (seat 1).

Everything the page does that is not drawing lives here, in plain Python that
runs the same under CPython (where it is tested) and in the page (Pyodide):
starting a match from a seed, checking your plays, letting the bot think in
slices, queueing what happened for the page to animate, the round summary and
the match result, hints, the saved game and the URL parameters.

Randomness never comes from a global generator. A session has one integer
``seed`` and derives a fresh :class:`random.Random` for each purpose from it
(the shuffle of round *r*, the bot's decision at play *i* of round *r*, ...),
so a seed reproduces the deals *and* the bot's choices, and a saved game needs
to store only the record and the seed to resume exactly.

>>> s = GameSession.new(seed=7, level="easy")
>>> s.phase in ("human", "bot")
True
>>> while s.phase == "bot":
...     _ = s.play_bot()
>>> event = s.play_human(s.view().hand[0])
>>> event.seat
0
>>> again = GameSession.from_save(s.to_save())
>>> again.view() == s.view()
True
"""

from __future__ import annotations

import base64
import json
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterable, Literal
from urllib.parse import parse_qsl, unquote

from .cards import CODES, JACK, Card
from .errors import IllegalMoveError, KseriError, RecordError
from .events import PlayEvent
from .match import Match
from .observation import Observation
from .record import from_record, to_record
from .rules import GREEK, Rules, rules_from_spec

__all__ = [
    "HUMAN", "BOT", "DEFAULT_LEVEL", "SAVE_FORMAT", "SessionError", "Phase",
    "UrlOptions", "parse_url", "decode_record_param",
    "SideView", "TableView", "HintEntry", "SummaryRow", "RoundSummary", "MatchSummary",
    "GameSession", "Stats", "describe_event", "new_seed", "levels",
]

HUMAN, BOT = 0, 1
"""Seats at the browser table: the human plays seat 0, the bot seat 1."""

DEFAULT_LEVEL = "medium"
SAVE_FORMAT = "kseri-save/1"
MAX_SEED = 2**53 - 1
"""Seeds are kept below 2**53 so that they survive a trip through JavaScript numbers."""

Phase = Literal["human", "bot", "round_over", "match_over"]


class SessionError(KseriError):
    """A saved game or a URL parameter that cannot be used (one-line message)."""


def levels() -> tuple[str, ...]:
    """The bot levels, weakest first."""
    from .bots import LEVELS
    return tuple(LEVELS)


def new_seed() -> int:
    """A fresh seed from the operating system (the browser's crypto in the page)."""
    return random.SystemRandom().randrange(1, MAX_SEED)


def _rng(seed: int, *parts: object) -> random.Random:
    """A generator for one purpose, derived from the session seed.

    String seeds are hashed with SHA-512 by :mod:`random`, the same in every
    CPython and in Pyodide, whatever ``PYTHONHASHSEED`` is.
    """
    return random.Random(":".join(["kseri", str(seed), *map(str, parts)]))


# --------------------------------------------------------------------------- the bot


def _thinker(level: str, observation: Observation, rng: random.Random, *, exact: bool = False):
    """The bot's sliceable decision (``kseri.bots.Thinker``)."""
    from .bots import Thinker
    return Thinker(level, observation, rng, exact=exact)


# --------------------------------------------------------------------------- URL parameters


@dataclass(frozen=True)
class UrlOptions:
    """What the page's URL asks for. ``notices`` explain every part that was ignored."""

    seed: int | None = None
    level: str | None = None
    rules: Rules | None = None
    record: str | None = None
    """A record's JSON text (decoded from ``record=`` or the fragment), not yet checked."""
    notices: tuple[str, ...] = ()
    record_error: str | None = None
    """Why the URL's record could not even be unpacked (it is then ``None``)."""

    @property
    def starts_game(self) -> bool:
        """Whether the URL asks for a particular game (and so replaces a saved one)."""
        return self.seed is not None or self.rules is not None or self.record is not None


def decode_record_param(value: str) -> str:
    """A record's JSON text from a URL value: JSON (percent-encoded or not), a share-link
    payload (:mod:`kseri.share`, ``1...`` or ``J...``), or base64url JSON.

    Only the packaging is checked here (:class:`SessionError`); the record's content is
    checked when it is opened.

    >>> decode_record_param('%7B%22format%22%3A1%7D')
    '{"format":1}'
    """
    from .share import decode_record

    text = value.strip()
    if "%" in text:
        text = unquote(text)
    if text.startswith("{"):
        return text
    if not text:
        raise SessionError("the record is empty")
    if text[0] in "1J":
        try:
            return json.dumps(decode_record("r=" + text), separators=(",", ":"))
        except RecordError as exc:
            share_error = _one_line(exc).removeprefix("share link: ")
        else:  # pragma: no cover - returned above
            share_error = ""
    else:
        share_error = ""
    try:
        decoded = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
    except ValueError:
        decoded = ""
    if decoded.lstrip().startswith("{"):
        return decoded
    raise SessionError(share_error or "the record is neither JSON nor an encoded record")


def _short(value: str, limit: int = 24) -> str:
    return value if len(value) <= limit else value[:limit - 1] + "…"


def parse_url(search: str = "", fragment: str = "", known_levels: Iterable[str] | None = None) -> UrlOptions:
    """Read ``?seed=&level=&rules=&record=`` and a ``#`` fragment (``#record=...`` or a bare record).

    Nothing here raises: a bad part is left out and explained in ``notices``.

    >>> parse_url("?seed=12&level=hard", known_levels=["easy", "hard"]).seed
    12
    >>> parse_url("?seed=x").notices
    ('Ignored seed=x: a seed is a whole number from 0 to 9007199254740991.',)
    """
    known = tuple(known_levels) if known_levels is not None else levels()
    params: dict[str, str] = {}
    for key, value in parse_qsl(search.lstrip("?"), keep_blank_values=True):
        params.setdefault(key, value)
    notices: list[str] = []
    seed = level = rules = record = None
    record_error: str | None = None

    if "seed" in params:
        text = params["seed"].strip()
        if text.isdigit() and len(text) <= 16 and int(text) <= MAX_SEED:
            seed = int(text)
        else:
            notices.append(f"Ignored seed={_short(text)}: a seed is a whole number from 0 to {MAX_SEED}.")

    if "level" in params:
        text = params["level"].strip().lower()
        if text in known:
            level = text
        else:
            notices.append(f"Ignored level={_short(text)}: the levels are {', '.join(known)}.")

    if "rules" in params:
        text = params["rules"].strip()
        try:
            spec: Any = json.loads(text) if text.startswith("{") else text.lower()
            parsed = rules_from_spec(spec)
            if parsed.players != 2:
                raise SessionError("the browser table seats two players")
            rules = parsed
        except (ValueError, KseriError) as exc:
            notices.append(f"Ignored rules={_short(text)}: {_one_line(exc)}.")

    raw_record = params.get("record")
    frag = fragment.lstrip("#")
    if raw_record is None and frag:
        frag_params = dict(parse_qsl(frag, keep_blank_values=True)) if "=" in frag[:8] else {}
        if "record" in frag_params:
            raw_record = frag_params["record"]
        elif "r" in frag_params:
            raw_record = frag_params["r"]  # a share link (kseri.share)
        elif frag.startswith(("{", "%7B", "%7b")):
            raw_record = frag  # a bare record; any other fragment is an in-page anchor
    if raw_record is not None:
        try:
            record = decode_record_param(raw_record)
        except SessionError as exc:
            record_error = _one_line(exc)
    return UrlOptions(seed=seed, level=level, rules=rules, record=record, notices=tuple(notices),
                      record_error=record_error)


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text.rstrip(".")


# --------------------------------------------------------------------------- views


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
    sides: tuple[SideView, SideView]
    target: int
    base_target: int
    level: str
    rules_name: str
    winner: int | None

    @property
    def human(self) -> SideView:
        return self.sides[HUMAN]

    @property
    def bot(self) -> SideView:
        return self.sides[BOT]

    @property
    def totals(self) -> tuple[int, int]:
        return (self.sides[0].total, self.sides[1].total)

    @property
    def target_raised(self) -> bool:
        return self.target != self.base_target


@dataclass(frozen=True)
class HintEntry:
    """A card in your hand and what the bot's search thinks it is worth:
    the expected final point difference of the round (you minus the bot)."""

    card: str
    value: float
    best: bool


@dataclass(frozen=True)
class SummaryRow:
    key: str
    label: str
    values: tuple[int, int]
    """Points per side (for ``cards``: the number of cards)."""
    notes: tuple[str, str] = ("", "")
    """Small print per side, e.g. ``2 kseris``."""
    is_points: bool = True
    note: str = ""
    """Small print for the row, e.g. ``26–26: nobody``."""


@dataclass(frozen=True)
class RoundSummary:
    number: int
    dealer: int
    rows: tuple[SummaryRow, ...]
    points: tuple[int, int]
    totals_before: tuple[int, int]
    totals: tuple[int, int]
    target_before: int
    target: int
    winner: int | None
    """The match winner if this round decided the match."""

    @property
    def raised(self) -> bool:
        return self.target != self.target_before


@dataclass(frozen=True)
class MatchSummary:
    winner: int | None
    totals: tuple[int, int]
    target: int
    rounds: tuple[tuple[int, int], ...]
    """Each round's points, per side."""
    kseris: tuple[int, int]
    cards: tuple[int, int]


# --------------------------------------------------------------------------- describing plays

_KIND_WORDS = {"kseri": "Kseri", "jack_kseri": "Jack kseri"}


def describe_event(event: PlayEvent, packet_size: int = 6) -> str:
    """One sentence for the live region: what was played and what it did.

    >>> from kseri.events import PlayEvent
    >>> describe_event(PlayEvent(seat=1, card=Card.parse("7H"), kind="drop"))
    'Bot plays the seven of hearts.'
    """
    who = "You" if event.seat == HUMAN else "Bot"
    verb = "play" if event.seat == HUMAN else "plays"
    text = f"{who} {verb} the {event.card.name}"
    if event.kind == "drop":
        text += "."
    elif event.kind in _KIND_WORDS:
        bonus = f", +{event.bonus}" if event.bonus else ""
        text += f": {_KIND_WORDS[event.kind]}{bonus}!"
    else:
        taken = len(event.captured) + 1
        text += f" and {'take' if event.seat == HUMAN else 'takes'} {taken} cards."
    if event.sweep:
        taker = "You take" if event.sweep_seat == HUMAN else "Bot takes"
        text += f" {taker} the last {len(event.sweep)} cards on the table."
    if event.round_over:
        text += " The round is over."
    elif event.dealt:
        text += f" {packet_size} new cards each."
    return text


# --------------------------------------------------------------------------- the session


class GameSession:
    """One match at the browser table, plus the settings that go with it."""

    def __init__(self, match: Match, *, seed: int, level: str) -> None:
        self.match = match
        self.seed = seed
        self._level = _check_level(level)
        self.events: deque[PlayEvent] = deque()
        """Plays not yet shown by the page (it drains them with :meth:`take_events`)."""
        self._thinker: Any = None
        self._thinker_key: tuple[int, int] | None = None
        self._hint_key: tuple[int, int] | None = None
        self._hint_thinker: Any = None
        self._hints: tuple[HintEntry, ...] | None = None
        self.result_counted = False
        """Whether the finished match was added to the statistics (kept in the save)."""

    # -- construction ---------------------------------------------------------

    @classmethod
    def new(cls, *, rules: Rules = GREEK, level: str = DEFAULT_LEVEL, seed: int | None = None) -> GameSession:
        """A new match: the first dealer and every deal follow from ``seed``."""
        if rules.players != 2:
            raise SessionError("the browser table seats two players")
        seed = new_seed() if seed is None else seed
        first_dealer = _rng(seed, "first-dealer").randrange(rules.players)
        match = Match(rules, first_dealer=first_dealer)
        session = cls(match, seed=seed, level=level)
        session._deal()
        return session

    @classmethod
    def from_record_text(cls, text: str, *, level: str = DEFAULT_LEVEL, seed: int | None = None) -> GameSession:
        """Open a ``kseri-record/1`` record at its last position; :class:`RecordError` if it is bad.

        Later rounds are shuffled from ``seed`` (a fresh one if not given).
        """
        from .record import loads
        match = loads(text)
        if match.rules.players != 2:
            raise RecordError("the browser table seats two players", "rules")
        return cls(match, seed=new_seed() if seed is None else seed, level=level)

    @classmethod
    def from_save(cls, text: str | None) -> GameSession:
        """Resume a saved game; :class:`SessionError` (one line) if it is not one we can use."""
        if not text:
            raise SessionError("there is no saved game")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise SessionError("the saved game is not JSON") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            found = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise SessionError(f"the saved game has format {found!r}, not {SAVE_FORMAT!r}")
        seed = data.get("seed")
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise SessionError(f"the saved game's seed {seed!r} is not valid")
        level = data.get("level")
        try:
            level = _check_level(level)
        except SessionError:
            level = DEFAULT_LEVEL
        try:
            match = from_record(data.get("record"))
        except RecordError as exc:
            raise SessionError(f"the saved game's record is broken ({_one_line(exc)})") from None
        if match.rules.players != 2:
            raise SessionError("the saved game is not a two-player game")
        session = cls(match, seed=seed, level=level)
        session.result_counted = bool(data.get("counted", False)) and match.is_over
        return session

    def to_save(self) -> str:
        """The saved-game JSON: the match as a record, plus seed and level."""
        data: dict[str, Any] = {"format": SAVE_FORMAT, "seed": self.seed, "level": self._level,
                                "record": to_record(self.match)}
        if self.result_counted:
            data["counted"] = True
        return json.dumps(data, separators=(",", ":"))

    def record_text(self) -> str:
        """The match as ``kseri-record/1`` JSON (for a link or a download)."""
        return json.dumps(to_record(self.match), separators=(",", ":"))

    # -- settings ---------------------------------------------------------------

    @property
    def level(self) -> str:
        return self._level

    @level.setter
    def level(self, value: str) -> None:
        """A new level takes effect from the bot's next decision."""
        self._level = _check_level(value)
        self._thinker = None
        self._thinker_key = None

    @property
    def rules(self) -> Rules:
        return self.match.rules

    # -- state -------------------------------------------------------------------

    @property
    def round(self):
        return self.match.round

    @property
    def phase(self) -> Phase:
        if self.match.is_over:
            return "match_over"
        state = self.match.round
        if state.is_terminal():
            return "round_over"
        return "human" if state.to_move == HUMAN else "bot"

    def _position(self) -> tuple[int, int]:
        return (len(self.match.rounds) - 1, len(self.match.round.plays))

    def view(self) -> TableView:
        match, state = self.match, self.match.round
        sides = []
        for seat in (HUMAN, BOT):
            sides.append(SideView(
                seat=seat,
                hand_count=len(state.hands[seat]),
                captured=state.counts[seat],
                kseri_cards=tuple(CODES[c] for c in state.kseri_cards[seat]),
                kseris=state.kseris[seat],
                jack_kseris=state.jack_kseris[seat],
                total=match.totals[seat],
                is_dealer=state.dealer == seat,
                last_capturer=state.last_capturer == seat,
            ))
        return TableView(
            phase=self.phase,
            hand=tuple(CODES[c] for c in state.hands[HUMAN]),
            pile=tuple(CODES[c] for c in state.pile),
            stock=state.stock_count,
            to_move=state.to_move,
            dealer=state.dealer,
            packet=state.packet,
            packets=match.rules.packets,
            round_number=len(match.rounds),
            plays_in_round=len(state.plays),
            sides=(sides[0], sides[1]),
            target=match.target,
            base_target=match.rules.target,
            level=self._level,
            rules_name=match.rules.profile,
            winner=match.winner,
        )

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (the bot gets nothing more)."""
        return Observation.from_round(self.match.round, seat=seat, totals=tuple(self.match.totals),
                                      target=self.match.target)

    # -- playing -------------------------------------------------------------------

    def _record(self, event: PlayEvent) -> PlayEvent:
        self.events.append(event)
        self._thinker = None
        self._thinker_key = None
        self._hints = None
        self._hint_thinker = None
        self._hint_key = None
        return event

    def take_events(self) -> list[PlayEvent]:
        """The plays made since the last call, oldest first (for the page to animate)."""
        out = list(self.events)
        self.events.clear()
        return out

    def play_human(self, card: Card | str) -> PlayEvent:
        """Your play, checked: :class:`IllegalMoveError` if it is not your turn or not your card."""
        if self.phase != "human":
            raise IllegalMoveError(f"it is not your turn ({self.phase.replace('_', ' ')})")
        card = Card.parse(card) if isinstance(card, str) else card
        return self._record(self.match.play(card))

    def think(self, max_ms: float = 25.0) -> bool:
        """Let the bot think for about ``max_ms``; True once its card is chosen.

        The decision is the same however it is sliced: its generator is derived
        from the seed and the position only.
        """
        if self.phase != "bot":
            raise IllegalMoveError(f"it is not the bot's turn ({self.phase.replace('_', ' ')})")
        key = self._position()
        if self._thinker is None or self._thinker_key != key:
            round_index, play_index = key
            self._thinker = _thinker(self._level, self.observation(BOT), _rng(self.seed, "bot", round_index, play_index))
            self._thinker_key = key
        return bool(self._thinker.step(max_ms))

    def play_bot(self) -> PlayEvent:
        """Play the card the bot chose (thinking to the end first if needed)."""
        while not self.think(1000.0):
            pass
        return self._record(self.match.play(self._thinker.choice()))

    def next_round(self) -> None:
        """Deal the next round once the summary has been seen."""
        if self.phase != "round_over":
            raise IllegalMoveError(f"the round is not over ({self.phase.replace('_', ' ')})")
        self._deal()

    def _deal(self) -> None:
        self.match.rng = _rng(self.seed, "deal", len(self.match.rounds))
        self.match.next_round()
        self.match.rng = None
        self._thinker = None
        self._hints = None

    # -- hints -------------------------------------------------------------------------

    def hint_step(self, max_ms: float = 25.0) -> bool:
        """Think for about ``max_ms`` about your cards; True once :meth:`hints` is ready."""
        if self.phase != "human":
            raise IllegalMoveError("hints are for your turn")
        key = self._position()
        if self._hints is not None and self._hint_key == key:
            return True
        if self._hint_thinker is None or self._hint_key != key:
            round_index, play_index = key
            self._hint_thinker = _thinker("hard", self.observation(HUMAN), _rng(self.seed, "hint", round_index, play_index),
                                          exact=True)
            self._hint_key = key
            self._hints = None
        if not self._hint_thinker.step(max_ms):
            return False
        from .bots.evaluate import expand_values
        values = self._hint_thinker.values() or {}
        rows = expand_values(self.observation(HUMAN), values)
        best = rows[0][1] if rows else 0.0
        self._hints = tuple(HintEntry(card=c.code, value=round(v, 1), best=v >= best - 1e-9) for c, v in rows)
        return True

    def hints(self) -> tuple[HintEntry, ...]:
        """Every card in your hand with its expected point difference, best first."""
        while not self.hint_step(1000.0):
            pass
        assert self._hints is not None
        return self._hints

    # -- summaries -------------------------------------------------------------------------

    def round_summary(self, index: int = -1) -> RoundSummary:
        """The breakdown of a finished round, by category and side."""
        match = self.match
        if not match.scores:
            raise IllegalMoveError("no round has finished yet")
        n = len(match.scores)
        index = index % n
        score = match.scores[index]
        rules = match.rules
        a, b = score.sides
        rows = [SummaryRow("cards", "Cards taken", (a.cards, b.cards), is_points=False)]
        for key, label, rank in (("aces", "Aces", 1), ("kings", "Kings", 13), ("queens", "Queens", 12),
                                 ("jacks", "Jacks", JACK), ("tens", "Tens", 10)):
            if rules.rank_points[rank - 1]:
                rows.append(SummaryRow(key, label, (getattr(a, key), getattr(b, key))))
        if a.other_ranks or b.other_ranks:
            rows.append(SummaryRow("other_ranks", "Other cards", (a.other_ranks, b.other_ranks)))
        if rules.ten_of_diamonds_points:
            rows.append(SummaryRow("ten_of_diamonds", "10♦ bonus", (a.ten_of_diamonds, b.ten_of_diamonds)))
        if rules.two_of_clubs_points:
            rows.append(SummaryRow("two_of_clubs", "2♣", (a.two_of_clubs, b.two_of_clubs)))
        rows.append(SummaryRow("majority", "Most cards", (a.majority, b.majority),
                               note=f"{a.cards}–{b.cards}: nobody" if a.cards == b.cards else ""))
        rows.append(SummaryRow("kseri", "Kseris", (a.kseri, b.kseri),
                               notes=(_kseri_note(a.kseris, a.jack_kseris), _kseri_note(b.kseris, b.jack_kseris))))
        rows.append(SummaryRow("total", "Round total", (a.total, b.total)))
        points = score.points
        totals_after = _totals_after(match, index)
        totals_before = (totals_after[0] - points[0], totals_after[1] - points[1])
        target_before, target_after = _targets_around(match, index)
        decided = match.winner if index == n - 1 else None
        return RoundSummary(number=index + 1, dealer=score.dealer, rows=tuple(rows), points=(points[0], points[1]),
                            totals_before=totals_before, totals=totals_after, target_before=target_before,
                            target=target_after, winner=decided)

    def match_summary(self) -> MatchSummary:
        match = self.match
        rounds = tuple((s.points[0], s.points[1]) for s in match.scores)
        kseris = (sum(s.kseris[0] for s in match.scores), sum(s.kseris[1] for s in match.scores))
        cards = (sum(s.cards[0] for s in match.scores), sum(s.cards[1] for s in match.scores))
        return MatchSummary(winner=match.winner, totals=(match.totals[0], match.totals[1]), target=match.target,
                            rounds=rounds, kseris=kseris, cards=cards)


def _kseri_note(kseris: int, jack_kseris: int) -> str:
    parts = []
    if kseris:
        parts.append(f"{kseris} kseri" + ("s" if kseris > 1 else ""))
    if jack_kseris:
        parts.append(f"{jack_kseris} jack kseri" + ("s" if jack_kseris > 1 else ""))
    return ", ".join(parts)


def _totals_after(match: Match, index: int) -> tuple[int, int]:
    t0 = sum(s.points[0] for s in match.scores[:index + 1])
    t1 = sum(s.points[1] for s in match.scores[:index + 1])
    return (t0, t1)


def _targets_around(match: Match, index: int) -> tuple[int, int]:
    """The target before and after round ``index`` was scored (it rises when both pass it)."""
    rules = match.rules
    target = rules.target
    before = after = target
    totals = [0, 0]
    for i, score in enumerate(match.scores[:index + 1]):
        before = target
        totals = [totals[0] + score.points[0], totals[1] + score.points[1]]
        if rules.match_rounds is None and rules.tie_break == "raise" and all(t >= target for t in totals):
            target += rules.target_raise
        after = target
    return before, after


def _check_level(level: object) -> str:
    known = levels()
    if not isinstance(level, str) or level not in known:
        raise SessionError(f"unknown bot level {level!r} (known: {', '.join(known)})")
    return level


# --------------------------------------------------------------------------- statistics


@dataclass
class Stats:
    """Matches played and won against each level (kept by the page between visits)."""

    played: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_json(cls, text: str | None) -> Stats:
        """Lenient: anything unreadable is an empty record."""
        try:
            data = json.loads(text) if text else {}
            played = {str(k): int(v) for k, v in data.get("played", {}).items() if int(v) >= 0}
            won = {str(k): int(v) for k, v in data.get("won", {}).items() if int(v) >= 0}
        except (ValueError, TypeError, AttributeError, RecursionError):
            return cls()
        return cls(played=played, won=won)

    def to_json(self) -> str:
        return json.dumps({"played": self.played, "won": self.won}, separators=(",", ":"))

    def add(self, level: str, won: bool) -> None:
        self.played[level] = self.played.get(level, 0) + 1
        if won:
            self.won[level] = self.won.get(level, 0) + 1

    def line(self, level: str, label: str | None = None) -> str:
        """``Your record against Easy: 3 won, 1 lost.``"""
        label = label or level
        played, won = self.played.get(level, 0), self.won.get(level, 0)
        if not played:
            return f"No finished matches against {label} yet."
        return f"Your record against {label}: {won} won, {played - won} lost."
