"""Point values the bots can do arithmetic with: :func:`bot_view`.

The bots mix point values with floats (the heuristic's weights, averages over
samples, the leaf evaluation), so a point value too large for a float (say
``10**400``) would raise :class:`OverflowError`, and one merely very large would
overflow the squares of the search's variance. Before thinking, a bot therefore
looks at the position through :func:`bot_view`: when every point value of the
rules lies within ±:data:`SAFE_POINTS` (every real table, and the defaults), the
observation is used unchanged (the very same object, so nothing changes);
otherwise every point value is divided by one common factor (rounded, a non-zero
value stays non-zero and keeps its sign), and values the bots compute are
multiplied back with :func:`unscale`. A value that is not a finite number
counts as 0. Negative values are kept: the bots handle them as they are.

>>> from kseri.engine.rules import GREEK
>>> from kseri.engine.pile.observation import Observation
>>> obs = Observation(seat=0, dealer=1, hand=(0,), opening=(1, 2, 3, 5), plays=())
>>> bot_view(obs) == (obs, 1)
True
>>> huge = with_fields(GREEK, kseri_points=10**400)
>>> view, factor = bot_view(Observation(rules=huge, seat=0, dealer=1, hand=(0,), opening=(1, 2, 3, 5), plays=()))
>>> view.rules.kseri_points, view.rules.rank_points[0], factor == 10**394
(1000000, 1, True)
>>> unscale(2.5, factor)
1.7976931348623157e+308
"""

from __future__ import annotations

import copy
import dataclasses
import math
import sys
from typing import Any

from kseri.engine.errors import KseriError
from kseri.engine.pile.observation import Observation
from kseri.engine.rules import Rules

__all__ = ["POINT_FIELDS", "SAFE_POINTS", "bot_rules", "bot_view", "point_scale", "unscale", "with_fields"]

SAFE_POINTS = 10 ** 6
"""The largest point value (in absolute terms) the bots use as it is."""

POINT_FIELDS = ("ten_of_diamonds_points", "two_of_clubs_points", "kseri_points", "jack_kseri_points",
                "double_kseri_points", "majority_points", "jack_table_points", "final_capture_points")
"""The rules' single point values (besides ``rank_points``); ``None`` stays ``None``."""

_BIGGEST = sys.float_info.max


def _number(value: object) -> int | float | None:
    """A point value as a number the bots can use: ``None`` stays, non-finite or non-numbers are 0."""
    if value is None:
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else 0
    return 0


def _values(rules: Rules) -> list[int | float]:
    out = [_number(getattr(rules, name, 0)) for name in POINT_FIELDS]
    ranks = getattr(rules, "rank_points", ())
    out += [_number(v) for v in ranks] if isinstance(ranks, tuple | list) else []
    return [v for v in out if v is not None]


def point_scale(rules: Rules) -> int:
    """The factor every point value is divided by for the bots: 1 for sane rules."""
    biggest = max((abs(v) for v in _values(rules)), default=0)
    if biggest <= SAFE_POINTS:
        return 1
    return math.ceil(biggest / SAFE_POINTS) if isinstance(biggest, float) else -(-biggest // SAFE_POINTS)


def _divide(value: int | float | None, factor: int) -> int | None:
    """``value / factor`` rounded to an integer (half away from zero); non-zero stays non-zero."""
    if value is None:
        return None
    sign = -1 if value < 0 else 1
    size = abs(value)
    q = (2 * size + factor) // (2 * factor) if isinstance(size, int) else round(size / factor)
    if size and not q:
        q = 1  # a card or bonus worth something stays worth something
    return sign * q


def with_fields(rules: Rules, **changes: Any) -> Rules:
    """``rules`` with some fields changed, even if the engine's checks would refuse the result
    (the bots' private view, never shown to the engine's checks as a user's rules)."""
    try:
        return dataclasses.replace(rules, **changes)
    except (KseriError, ValueError, TypeError):
        out = copy.copy(rules)
        for name, value in changes.items():
            object.__setattr__(out, name, value)
        return out


_last: tuple[Rules | None, Rules, int] = (None, Rules(), 1)
# The last rules asked about and their answer. Every play-out of a search asks, always with the same
# rules object, so an identity test answers nearly every call without hashing the rules.


def bot_rules(rules: Rules) -> tuple[Rules, int]:
    """``(rules for the bots, factor)``: ``rules`` itself and 1 unless a point value is out of
    range (see the module's text)."""
    global _last
    last, view, factor = _last
    if last is rules:
        return view, factor
    factor = point_scale(rules)
    if factor == 1 and all(isinstance(v, int) for v in _values(rules)):
        view = rules
    else:
        ranks = getattr(rules, "rank_points", ())
        changes: dict[str, Any] = {name: _divide(_number(getattr(rules, name, 0)), factor)
                                   for name in POINT_FIELDS if hasattr(rules, name)}
        if isinstance(ranks, tuple | list):
            changes["rank_points"] = tuple(_divide(_number(v) or 0, factor) for v in ranks)
        view = with_fields(rules, **changes)
    _last = (rules, view, factor)
    return view, factor


def bot_view(observation: Observation) -> tuple[Observation, int]:
    """``(observation for the bots, factor)``: the observation itself and 1 for sane rules."""
    view, factor = bot_rules(observation.rules)
    if view is observation.rules:
        return observation, 1
    return dataclasses.replace(observation, rules=view), factor


def unscale(value: float, factor: int) -> float:
    """A value the bots computed in the scaled view, back in the rules' points (as a float,
    at most the largest float in size)."""
    if factor == 1:
        return value
    try:
        out = value * float(factor)
    except OverflowError:
        out = math.copysign(math.inf, value) if value else 0.0
    if math.isinf(out):
        return math.copysign(_BIGGEST, out)
    return out
