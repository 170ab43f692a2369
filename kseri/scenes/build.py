"""Scenes played out: a :class:`~kseri.scenes.notation.SceneSpec` or a window of a
recorded round, turned into :class:`~kseri.scenes.steps.Step` positions by the engine.

Every play goes through :class:`~kseri.engine.round.Round`, and the captions are
written from its events (:mod:`kseri.scenes.captions`), so a scene always shows what
the rules really do; an author may replace any caption.

>>> scene = from_text("pile=10D; plays=10S")
>>> [step.caption for step in scene.steps][0]
'A lone 10♦ lies on the table. South to play.'
>>> scene.steps[-1].caption
"South's 10♠ takes the lone 10♦: kseri! +10, and +3 for the cards (10♦ 2, 10♠ 1): 13 points."
>>> scene.steps[-1].points
(13, 0)
>>> from_text("pile=10D; plays=JS").steps[-1].points
(3, 0)
>>> from_text("pile=JH; plays=JC").steps[-1].points
(22, 0)
>>> from_text("pile=10D; hands=10S|4H; plays=4H")
Traceback (most recent call last):
...
kseri.scenes.errors.SceneError: scene: plays: play 1 is South's turn, but 4H is in North's hand (South holds [10S])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from kseri.engine.cards import CODES, Card
from kseri.engine.errors import PositionError
from kseri.engine.events import PlayEvent
from kseri.engine.match import Match
from kseri.engine.round import Round
from kseri.engine.rules import PROFILES, Rules, card_points_table
from kseri.engine.sums import SumsRound
from kseri.i18n import _
from kseri.scenes.captions import default_names, describe_table, play_caption, possessive
from kseri.scenes.errors import SceneError
from kseri.scenes.notation import SceneSpec, parse
from kseri.scenes.steps import Scene, Step
from kseri.scenes.sums_build import build_sums, sums_position, sums_window

__all__ = ["build", "default_names", "from_match", "from_text", "start_position"]


def _codes(cards: Iterable[int]) -> tuple[str, ...]:
    return tuple(CODES[c] for c in cards)


def _gain(event: PlayEvent, rules: Rules) -> int:
    """Points this play earned its seat: captured cards plus bonus (not the sweep)."""
    if not event.is_capture:
        return 0
    table = card_points_table(rules)
    return sum(table[c.index] for c in event.captured) + table[event.card.index] + event.bonus


class _Recorder:
    """Plays a Round forward and snapshots each position as a :class:`Step`."""

    def __init__(self, state: Round, names: Sequence[str], *, show_stock: bool, captions: Mapping[int, str]) -> None:
        self.state = state
        self.names = tuple(names)
        self.show_stock = show_stock
        self.captions = captions
        self.steps: list[Step] = []

    def hands(self) -> tuple[tuple[str, ...], ...]:
        return tuple(_codes(hand) for hand in self.state.hands)

    def snapshot(self, caption: str, **extra: Any) -> None:
        state = self.state
        index = len(self.steps)
        over = state.is_terminal() or not any(state.hands)
        self.steps.append(Step(
            index=index,
            caption=self.captions.get(index, caption),
            pile=_codes(state.pile),
            hands=self.hands(),
            to_move=None if over else state.to_move,
            taken=tuple(state.counts),
            points=tuple(p + b for p, b in zip(state.points, state.bonus, strict=True)),
            kseris=tuple(_codes(k) for k in state.kseri_cards),
            stock=state.stock_count if self.show_stock else None,
            **extra,
        ))

    def start(self) -> None:
        state = self.state
        text = describe_table(state.pile)
        if not state.is_terminal() and any(state.hands):
            text += " " + _("{name} to play.").format(name=self.names[state.to_move])
        self.snapshot(text)

    def play(self, code: str, number: int) -> None:
        state = self.state
        seat = state.to_move
        held = state.hands[seat]
        card = Card.parse(code)
        if card.index not in held:
            raise SceneError(self._not_held(card, number, seat, held))
        pile_before = list(state.pile)
        event = state.apply(card)
        if state.open_ended:
            # A mid-round scene stops when the hands run out; the round itself goes on.
            event = dataclasses.replace(event, round_over=False)
        self.snapshot(
            play_caption(event, pile_before, self.names, state.rules),
            played=card.code, seat=seat, kind=event.kind, captured=_codes(c.index for c in event.captured),
            bonus=event.bonus, gain=_gain(event, state.rules), sweep=_codes(c.index for c in event.sweep),
            sweep_seat=event.sweep_seat, dealt=event.dealt,
        )

    def _not_held(self, card: Card, number: int, seat: int, held: list[int]) -> str:
        """Why play ``number`` is impossible: the card is elsewhere, or the hand is empty."""
        name = self.names[seat]
        owner = next((s for s, hand in enumerate(self.state.hands) if card.index in hand), None)
        if owner is not None:
            return (f"plays: play {number} is {possessive(name)} turn, but {card} is in "
                    f"{possessive(self.names[owner])} hand ({name} holds [{' '.join(_codes(held))}])")
        if not held:
            return f"plays: play {number} ({card}) is {possessive(name)} turn, but {name} has no card left"
        return f"plays: play {number}: {card} is not in {possessive(name)} hand [{' '.join(_codes(held))}]"


def _hands(spec: SceneSpec, players: int) -> tuple[tuple[str, ...], ...]:
    """The hands as written, or (when left out) each seat holding just what it plays."""
    if spec.hands is not None:
        return spec.hands
    held: list[list[str]] = [[] for _ in range(players)]
    for i, code in enumerate(spec.plays):
        held[(spec.first + i) % players].append(code)
    return tuple(tuple(h) for h in held)


def _position(spec: SceneSpec, rules: Rules) -> Round:
    """The round at the scene's start, through the engine's checked constructor.

    A mid-round scene leaves the stock out (``stock=None``): when the hands run out
    play stops there, with no deal, no sweep and no last-card rule. With ``end=yes``
    the stock is empty, so the last capturer takes what is left.
    """
    try:
        return Round.from_position(rules, hands=_hands(spec, rules.players), pile=spec.pile, to_move=spec.first,
                                   stock=() if spec.end else None, last_capturer=spec.last)
    except PositionError as exc:
        raise SceneError(f"{'hands' if spec.hands is not None else 'plays'}: {exc}") from None


def start_position(spec: SceneSpec) -> Round | SumsRound:
    """The round at a parsed scene's start, before its plays (at its table: a pile, or the open table),
    for play to go on from there (:mod:`kseri.scenes.lesson`).

    >>> start_position(parse("pile=10D; hands=10S|4H")).legal_moves()
    [Card(rank=10, suit='S')]
    """
    rules = PROFILES[spec.rules]
    return sums_position(spec, rules) if rules.table == "sums" else _position(spec, rules)


def build(spec: SceneSpec) -> Scene:
    """Play a parsed scene out through the engine; :class:`SceneError` if a play is impossible."""
    rules = PROFILES[spec.rules]
    if rules.table == "sums":
        return build_sums(spec)
    names = spec.names or default_names(rules.players)
    recorder = _Recorder(_position(spec, rules), names, show_stock=spec.end, captions=spec.captions)
    recorder.start()
    for i, code in enumerate(spec.plays, 1):
        recorder.play(code, i)
    return Scene(title=spec.title, names=tuple(names), rules=rules, steps=tuple(recorder.steps))


def from_text(text: str) -> Scene:
    """:func:`~kseri.scenes.notation.parse` then :func:`build`."""
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
    if not isinstance(played, Round | SumsRound):
        raise SceneError(f"round: scenes cannot show the {match.rules.profile!r} table")
    count = len(played.plays)
    stop = count if stop is None else stop
    if not 0 <= start <= stop <= count:
        raise SceneError(f"from/to: need 0 <= from <= to <= {count}, got from={start}, to={stop}")
    names = tuple(names) if names else default_names(played.rules.players)
    if len(names) != played.rules.players:
        raise SceneError(f"names: {played.rules.players} names expected")
    if isinstance(played, SumsRound):
        return sums_window(played, start, stop, names, title=title, captions=captions)
    plays = played.plays
    state = Round.from_deck(played.rules, played.dealer, played.deck, check=False)
    for card in plays[:start]:
        state.apply_index(card)
    recorder = _Recorder(state, names, show_stock=True,
                         captions={i - start: text for i, text in (captions or {}).items()})
    recorder.start()
    for i, card in enumerate(plays[start:stop], start + 1):
        recorder.play(CODES[card], i)
    return Scene(title=title, names=names, rules=played.rules, steps=tuple(recorder.steps))
