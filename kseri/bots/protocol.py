"""``kseri-bot/1``: a bot as a process, one JSON observation per line (the format and its
error lines: ``docs/formats.md`` §"Bot protocol").

Each input line is answered by exactly one output line: the code of the card
to play, or a line starting ``error:`` that names the problem (not JSON, a
bad card code, a hand the rules make impossible, not this seat's turn, ...).
The bot keeps reading after an error and exits with status 0 at end of input.

With ``--seed N`` an answer depends only on the seed and the observation
(the same line always gets the same card); without it the bot draws its
randomness from the system.

>>> import io
>>> line = ('{"rules": "greek", "seat": 0, "dealer": 1, "hand": ["7H", "JS", "2C", "QD", "KD", "5H"],'
...         ' "opening": ["3C", "9D", "QH", "5S"], "plays": []}')
>>> out = io.StringIO()
>>> serve(io.StringIO(line + "\\nnonsense\\n"), out, level="medium", seed=1)
0
>>> out.getvalue().splitlines()[0] in ("7H", "JS", "2C", "QD", "KD", "5H")
True
>>> out.getvalue().splitlines()[1]
'error: not JSON: Expecting value at column 1'
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import IO

from kseri.bots.levels import level_spec
from kseri.bots.thinker import Thinker
from kseri.engine.errors import KseriError
from kseri.engine.observation import Observation

__all__ = ["answer", "serve"]


def answer(line: str, level: str, rng: random.Random) -> str:
    """The reply (without newline) to one input line."""
    text = line.strip()
    if not text:
        return "error: empty line: expected one JSON observation"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return f"error: not JSON: {exc.msg} at column {exc.colno}"
    except RecursionError:
        return "error: not JSON: nested too deeply"
    try:
        observation = Observation.from_json(data)
        return Thinker(level, observation, rng).run().code
    except KseriError as exc:
        return "error: " + " ".join(str(exc).split())
    except Exception as exc:  # a bug must not kill the bot: report it and read on
        return f"error: internal error: {type(exc).__name__}: " + " ".join(str(exc).split())


def serve(stdin: IO[str], stdout: IO[str], *, level: str = "hard", seed: int | None = None) -> int:
    """Answer observations from ``stdin`` on ``stdout`` until end of input; returns 0."""
    level_spec(level)  # an unknown level fails at once (BotError), before any input
    if hasattr(stdin, "reconfigure"):
        # Bad bytes become a JSON error, not a crash (exotic streams may refuse: then not).
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stdin.reconfigure(errors="replace")
    system = random.Random() if seed is None else None
    while True:
        line = stdin.readline()
        if not line:
            return 0
        rng = system if system is not None else random.Random(f"kseri-bot:{seed}:{line.strip()}")
        stdout.write(answer(line, level, rng) + "\n")
        stdout.flush()
