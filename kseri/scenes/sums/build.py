"""Scenes at the open (sums) table: a :class:`~kseri.scenes.notation.SceneSpec` with ``rules=sums``
played out through :class:`~kseri.engine.sums.round.SumsRound`, move by move.

The pile tables' scenes are :mod:`kseri.scenes.build`'s; this is the same idea for a table of
items side by side. Every move goes through the engine (a move it refuses is a
:class:`~kseri.scenes.errors.SceneError` that says why), and each :class:`~kseri.scenes.steps.Step`
carries the items (:class:`~kseri.scenes.steps.SceneItem`, builds with value and owner), the move
in record notation and an automatic caption (:mod:`kseri.scenes.sums.captions`).

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

from kseri.engine.cards import CODES, Card, played_code
from kseri.engine.errors import KseriError, PositionError, one_line
from kseri.engine.rules import Rules
from kseri.engine.sums.round import SumsRound
from kseri.scenes.captions import possessive, scene_names
from kseri.scenes.errors import SceneError
from kseri.scenes.notation import SceneSpec
from kseri.scenes.reading import table_item
from kseri.scenes.recorder import Recorder, codes, gain, spec_hands
from kseri.scenes.steps import Scene, SceneItem
from kseri.scenes.sums.captions import describe_open_table, sums_caption

__all__ = ["build_sums", "sums_position", "sums_window"]


def sums_position(spec: SceneSpec, rules: Rules) -> SumsRound:
    """The open table at a parsed scene's start (:func:`kseri.scenes.build.start_position`)."""
    try:
        return SumsRound.from_position(rules, hands=spec_hands(spec, rules.players, played_code),
                                       to_move=spec.first, table=[table_item(text) for text in spec.table],
                                       open_ended=not spec.end, last_capturer=spec.last)
    except PositionError as exc:
        raise SceneError(f"{'hands' if spec.hands is not None else 'plays'}: {exc}") from None


class _SumsRecorder(Recorder):
    """Plays a :class:`SumsRound` forward, move by move."""

    state: SumsRound

    def describe_table(self) -> str:
        return describe_open_table(self.state.table, self.names)

    def table_items(self) -> tuple[SceneItem, ...]:
        return tuple(SceneItem(codes(item.cards), item.value, item.owner) for item in self.state.table)

    def play(self, text: str, number: int) -> None:
        state = self.state
        seat = state.to_move
        if not state.hands[seat] and not state.is_terminal():
            raise SceneError(f"plays: play {number} ({text}) is {possessive(self.error_names[seat])} turn, "
                             "but the hand is empty")
        before = list(state.table)
        try:
            move = state.parse_move(text)
            if move.card not in state.hands[seat]:
                held = " ".join(CODES[c] for c in state.hands[seat])
                raise SceneError(f"plays: play {number}: {CODES[move.card]} is not in "
                                 f"{possessive(self.error_names[seat])} hand [{held}]")
            event = state.apply(move)
        except KseriError as exc:
            if isinstance(exc, SceneError):
                raise
            raise SceneError(f"plays: play {number}: {one_line(exc)}") from None
        if state.open_ended:  # a mid-round scene stops when the hands run out; the round goes on
            event = dataclasses.replace(event, round_over=False)
        self.round_ended = event.round_over
        built = next((item.value for item in state.table if move.card in item.cards), None) \
            if move.kind == "build" else None
        self.snapshot(
            sums_caption(event, move, before, self.names, state.rules, built),
            played=Card.from_index(move.card).code, seat=seat, kind=event.kind,
            captured=tuple(c.code for c in event.captured), bonus=event.bonus, gain=gain(event, state.rules),
            sweep=tuple(c.code for c in event.sweep), sweep_seat=event.sweep_seat, dealt=event.dealt,
            move=str(move), built=built,
        )


def build_sums(spec: SceneSpec) -> Scene:
    """Play a parsed ``rules=sums`` scene out through the engine; :class:`SceneError` if a move is refused."""
    rules = spec.game_rules()
    names = scene_names(spec.names, rules.players)
    recorder = _SumsRecorder(sums_position(spec, rules), names, spec.captions)
    return recorder.record(spec.plays, 1, spec.title)


sums_window = _SumsRecorder.window
"""A window of a recorded round at the open table (:meth:`Recorder.window <kseri.scenes.recorder.Recorder.window>`)."""
