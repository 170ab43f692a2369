"""Scenes played out: a :class:`~kseri.scenes.notation.SceneSpec` or a window of a
recorded round, turned into :class:`~kseri.scenes.steps.Step` positions by the engine, at the
scene's table (:mod:`kseri.scenes.tables`).

Every play goes through the engine's round, and the captions are written from its events,
so a scene always shows what the rules really do; an author may replace any caption.

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

from collections.abc import Mapping, Sequence
from typing import Any

from kseri.engine.match import Match
from kseri.engine.table import TableRound
from kseri.scenes.captions import scene_names
from kseri.scenes.errors import SceneError
from kseri.scenes.notation import SceneSpec, parse
from kseri.scenes.steps import Scene
from kseri.scenes.tables import SCENE_TABLES

__all__ = ["build", "from_match", "from_text", "start_position"]


def start_position(spec: SceneSpec) -> TableRound[Any]:
    """The round at a parsed scene's start, before its plays (at its table), for play to go on from
    there (:mod:`kseri.scenes.lesson`).

    >>> start_position(parse("pile=10D; hands=10S|4H")).legal_moves()
    [Card(rank=10, suit='S')]
    """
    rules = spec.game_rules()
    return SCENE_TABLES[rules.table].position(spec, rules)


def build(spec: SceneSpec) -> Scene:
    """Play a parsed scene out through the engine, at its table (:mod:`kseri.scenes.tables`);
    :class:`SceneError` if a play is impossible."""
    return SCENE_TABLES[spec.game_rules().table].build(spec)


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
    count = len(played.plays)
    stop = count if stop is None else stop
    if not 0 <= start <= stop <= count:
        raise SceneError(f"from/to: need 0 <= from <= to <= {count}, got from={start}, to={stop}")
    names = scene_names(tuple(names) if names else None, played.rules.players)
    if len(names) != played.rules.players:
        raise SceneError(f"names: {played.rules.players} names expected")
    return SCENE_TABLES[played.rules.table].window(played, start, stop, names, title=title, captions=captions)
