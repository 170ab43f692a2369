"""Scenes at the open (sums) table: a :class:`~kseri.scenes.notation.SceneSpec` with ``rules=sums``
played out through :class:`~kseri.engine.sums.SumsRound`, move by move.

The pile tables' scenes are :mod:`kseri.scenes.build`'s; this is the same idea for a table of
items side by side. Every move goes through the engine (a move it refuses is a
:class:`~kseri.scenes.errors.SceneError` that says why), and each :class:`~kseri.scenes.steps.Step`
carries the items (:class:`~kseri.scenes.steps.SceneItem`, builds with value and owner), the move
in record notation and an automatic caption (:mod:`kseri.scenes.sums_captions`).

>>> from kseri.i18n import set_language
>>> _ = set_language("en")
>>> from kseri.scenes.notation import parse
>>> scene = build_sums(parse("rules=sums; table=3C,4D,9S; hands=7H,2D|9C,KS; plays=7H:3C+4D,9C:9S"))
>>> scene.steps[0].caption
'On the table: 3♣, 4♦ and 9♠. South to play.'
>>> scene.steps[1].caption
"South's 7♥ takes 3♣ and 4♦: 3 + 4 = 7, the cards are worth nothing."
>>> scene.steps[2].kind, scene.steps[2].points, scene.steps[2].table
('kseri', (0, 10), ())
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from kseri.engine.cards import CODES, Card
from kseri.engine.errors import KseriError, PositionError, one_line
from kseri.engine.events import PlayEvent
from kseri.engine.rules import PROFILES, Rules, card_points_table
from kseri.engine.sums import SumsRound
from kseri.i18n import _
from kseri.scenes.captions import default_names
from kseri.scenes.errors import SceneError
from kseri.scenes.notation import SceneSpec, played_card, table_item
from kseri.scenes.steps import Scene, SceneItem, Step
from kseri.scenes.sums_captions import describe_open_table, sums_caption

__all__ = ["build_sums", "sums_position", "sums_window"]


def _gain(event: PlayEvent, rules: Rules) -> int:
    """Points this move earned its seat: the cards taken and a xeri's bonus (not the sweep)."""
    if not event.is_capture:
        return 0
    table = card_points_table(rules)
    return sum(table[c.index] for c in (*event.captured, event.card)) + event.bonus


def sums_position(spec: SceneSpec, rules: Rules) -> SumsRound:
    """The open table at a parsed scene's start (:func:`kseri.scenes.build.start_position`)."""
    n = rules.players
    if spec.hands is not None:
        hands = spec.hands
    else:
        held: list[list[str]] = [[] for _ in range(n)]
        for i, move in enumerate(spec.plays):
            held[(spec.first + i) % n].append(played_card(move))
        hands = tuple(tuple(h) for h in held)
    try:
        return SumsRound.from_position(rules, hands=hands, to_move=spec.first,
                                       table=[table_item(text) for text in spec.table],
                                       open_ended=not spec.end, last_capturer=spec.last)
    except PositionError as exc:
        raise SceneError(f"{'hands' if spec.hands is not None else 'plays'}: {exc}") from None


class _SumsRecorder:
    """Plays a :class:`SumsRound` forward and snapshots each position as a :class:`Step`."""

    def __init__(self, state: SumsRound, names: Sequence[str], captions: Mapping[int, str], *,
                 show_stock: bool = False) -> None:
        self.state = state
        self.show_stock = show_stock
        self.names = tuple(names)
        self.captions = captions
        self.worth = card_points_table(state.rules)
        self.steps: list[Step] = []

    def snapshot(self, caption: str, **extra: object) -> None:
        state = self.state
        index = len(self.steps)
        over = state.is_terminal() or not any(state.hands)
        self.steps.append(Step(
            index=index,
            caption=self.captions.get(index, caption),
            pile=tuple(CODES[c] for c in state.pile),
            hands=tuple(tuple(CODES[c] for c in hand) for hand in state.hands),
            to_move=None if over else state.to_move,
            taken=tuple(state.counts),
            points=tuple(sum(self.worth[c] for c in own) + bonus for own, bonus in zip(state.captured, state.bonus,
                                                                                          strict=True)),
            kseris=tuple(tuple(CODES[c] for c in k) for k in state.kseri_cards),
            table=tuple(SceneItem(tuple(CODES[c] for c in item.cards), item.value, item.owner)
                        for item in state.table),
            stock=state.stock_count if self.show_stock else None,
            **extra,  # type: ignore[arg-type]
        ))

    def start(self) -> None:
        text = describe_open_table(self.state.table, self.names)
        if not self.state.is_terminal() and any(self.state.hands):
            text += " " + _("{name} to play.").format(name=self.names[self.state.to_move])
        self.snapshot(text)

    def play(self, text: str, number: int) -> None:
        state = self.state
        seat = state.to_move
        if not state.hands[seat] and not state.is_terminal():
            raise SceneError(f"plays: play {number} ({text}) is {self.names[seat]}'s turn, but the hand is empty")
        before = list(state.table)
        try:
            move = state.parse_move(text)
            if move.card not in state.hands[seat]:
                held = " ".join(CODES[c] for c in state.hands[seat])
                raise SceneError(f"plays: play {number}: {CODES[move.card]} is not in {self.names[seat]}'s "
                                 f"hand [{held}]")
            event = state.apply(move)
        except KseriError as exc:
            if isinstance(exc, SceneError):
                raise
            raise SceneError(f"plays: play {number}: {one_line(exc)}") from None
        if state.open_ended:  # a mid-round scene stops when the hands run out; the round goes on
            event = dataclasses.replace(event, round_over=False)
        built = next((item.value for item in state.table if move.card in item.cards), None) \
            if move.kind == "build" else None
        self.snapshot(
            sums_caption(event, move, before, self.names, state.rules, built),
            played=Card.from_index(move.card).code, seat=seat, kind=event.kind,
            captured=tuple(c.code for c in event.captured), bonus=event.bonus, gain=_gain(event, state.rules),
            sweep=tuple(c.code for c in event.sweep), sweep_seat=event.sweep_seat, dealt=event.dealt,
            move=str(move), built=built,
        )


def build_sums(spec: SceneSpec) -> Scene:
    """Play a parsed ``rules=sums`` scene out through the engine; :class:`SceneError` if a move is refused."""
    rules = PROFILES[spec.rules]
    names = spec.names or default_names(rules.players)
    recorder = _SumsRecorder(sums_position(spec, rules), names, spec.captions)
    recorder.start()
    for i, text in enumerate(spec.plays, 1):
        recorder.play(text, i)
    return Scene(title=spec.title, names=tuple(names), rules=rules, steps=tuple(recorder.steps))


def sums_window(played: SumsRound, start: int, stop: int, names: Sequence[str], *, title: str = "",
                captions: Mapping[int, str] | None = None) -> Scene:
    """A window of a recorded sums round: the position after ``start`` moves, then the moves up to
    ``stop`` (checked by :func:`kseri.scenes.build.from_match`). Every card face up, the stock counted."""
    state = SumsRound.from_deck(played.rules, played.dealer, played.deck, check=False)
    for text in played.plays[:start]:
        state.apply_move(state.parse_move(text))
    recorder = _SumsRecorder(state, names, {i - start: text for i, text in (captions or {}).items()},
                             show_stock=True)
    recorder.start()
    for i, text in enumerate(played.plays[start:stop], start + 1):
        recorder.play(text, i)
    return Scene(title=title, names=tuple(names), rules=played.rules, steps=tuple(recorder.steps))
