"""Scenes at the pile tables: a :class:`~kseri.scenes.notation.SceneSpec` or a window of a recorded
round, played card by card through :class:`~kseri.engine.pile.round.Round`.

Every play goes through the engine, and the captions are written from its events
(:mod:`kseri.scenes.captions`), so a scene always shows what the rules really do; an author may
replace any caption. :mod:`kseri.scenes.tables` finds these builders for ``rules`` of a pile table.

>>> from kseri.scenes.notation import parse
>>> scene = build_pile(parse("pile=10D; plays=10S"))
>>> scene.steps[-1].points, scene.steps[-1].kind
((13, 0), 'kseri')
"""

from __future__ import annotations

import dataclasses

from kseri.engine.cards import Card
from kseri.engine.errors import PositionError
from kseri.engine.pile.round import Round
from kseri.engine.rules import Rules
from kseri.scenes.captions import describe_table, play_caption, possessive, scene_names
from kseri.scenes.errors import SceneError
from kseri.scenes.notation import SceneSpec
from kseri.scenes.recorder import Recorder, codes, gain, spec_hands
from kseri.scenes.steps import Scene

__all__ = ["build_pile", "pile_position", "pile_window"]


class _PileRecorder(Recorder):
    """Plays a :class:`Round` forward, card by card."""

    state: Round

    def describe_table(self) -> str:
        return describe_table(self.state.pile)

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
        self.round_ended = event.round_over
        self.snapshot(
            play_caption(event, pile_before, self.names, state.rules),
            played=card.code, seat=seat, kind=event.kind, captured=codes(c.index for c in event.captured),
            bonus=event.bonus, gain=gain(event, state.rules), sweep=codes(c.index for c in event.sweep),
            sweep_seat=event.sweep_seat, dealt=event.dealt,
        )

    def _not_held(self, card: Card, number: int, seat: int, held: list[int]) -> str:
        """Why play ``number`` is impossible: the card is elsewhere, or the hand is empty."""
        name = self.error_names[seat]
        owner = next((s for s, hand in enumerate(self.state.hands) if card.index in hand), None)
        if owner is not None:
            return (f"plays: play {number} is {possessive(name)} turn, but {card} is in "
                    f"{possessive(self.error_names[owner])} hand ({name} holds [{' '.join(codes(held))}])")
        if not held:
            return f"plays: play {number} ({card}) is {possessive(name)} turn, but {name} has no card left"
        return f"plays: play {number}: {card} is not in {possessive(name)} hand [{' '.join(codes(held))}]"


def pile_position(spec: SceneSpec, rules: Rules) -> Round:
    """A pile table at a parsed scene's start (:func:`kseri.scenes.build.start_position`)."""
    """The round at the scene's start, through the engine's checked constructor.

    A mid-round scene leaves the stock out (``stock=None``): when the hands run out
    play stops there, with no deal, no sweep and no last-card rule. With ``end=yes``
    the stock is empty, so the last capturer takes what is left.
    """
    try:
        return Round.from_position(rules, hands=spec_hands(spec, rules.players), pile=spec.pile,
                                   to_move=spec.first, stock=() if spec.end else None, last_capturer=spec.last)
    except PositionError as exc:
        raise SceneError(f"{'hands' if spec.hands is not None else 'plays'}: {exc}") from None


def build_pile(spec: SceneSpec) -> Scene:
    """Play a parsed scene out through the engine; :class:`SceneError` if a play is impossible."""
    rules = spec.game_rules()
    names = scene_names(spec.names, rules.players)
    recorder = _PileRecorder(pile_position(spec, rules), names, spec.captions, show_stock=spec.end)
    return recorder.record(spec.plays, 1, spec.title)


pile_window = _PileRecorder.window
"""A window of a recorded round at a pile table (:meth:`Recorder.window <kseri.scenes.recorder.Recorder.window>`)."""
