"""Move evaluation for people: what each card in hand is worth.

:func:`evaluate` gives every card in hand the expected final point difference
of the round (this seat's side minus the other side, counting the points
already scored) if that card is played now and both sides then play well.
In the last packet of a two-player round the values are exact (the house
bonuses ``jack_table_points`` and ``final_capture_points`` aside: the exact
search leaves them out; the heuristic of the play-outs counts them). It is
the basis of a hint button and of post-round analysis.

(The module is not called ``evaluate``: a submodule of that name would shadow
the function :func:`kseri.bots.evaluate` once imported.)

>>> import random
>>> from kseri import Match, Observation
>>> m = Match.new(rng=random.Random(3), first_dealer=1)
>>> obs = Observation.from_round(m.round, seat=0)
>>> values = evaluate(obs, random.Random(0), samples=6)
>>> sorted(c.index for c, _ in values) == sorted(obs.hand)
True
>>> values[0][1] >= values[-1][1]
True
"""

from __future__ import annotations

import random

from kseri.bots.base import BotError
from kseri.bots.pile.counting import expand_values
from kseri.bots.pile.thinker import Thinker
from kseri.engine.cards import Card
from kseri.engine.pile.observation import Observation

__all__ = ["evaluate"]


def evaluate(observation: Observation, rng: random.Random, samples: int | None = None,
             level: str = "hard") -> list[tuple[Card, float]]:
    """Each card in hand with its expected final point difference, best first.

    ``samples`` sets the number of sampled deals every card is played out on
    (default :data:`~kseri.bots.pile.params.EVALUATE_SAMPLES`, fewer late in a packet;
    ignored in the last packet, which is solved exactly). For slices, use
    ``Thinker(level, observation, rng, samples=samples, exact=True)`` and
    :func:`expand_values` on its ``values()``: the same numbers.
    """
    think = Thinker(level, observation, rng, samples=samples, exact=True)
    think.run()
    values = think.values()
    if values is None:  # a level without search: no estimate
        raise BotError(f"level {level!r} does not search; evaluate needs a search level")
    return expand_values(observation, values)
