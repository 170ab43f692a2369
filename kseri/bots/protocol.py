"""``kseri-bot/1``: a bot as a process, one JSON observation per line (the format and its
error lines: ``docs/formats.md`` §"Bot protocol").

Each input line is answered by exactly one output line: the move to play in
record notation, or a line starting ``error:`` that names the problem (not JSON, a
bad card code, a hand the rules make impossible, not this seat's turn, ...).
The observation's ``rules`` say the table (:func:`kseri.engine.tables.observation_from_json`):
at the pile tables the move is the code of a card, at the ``sums`` table a card and
what it takes or builds (``7H:3C+4D``, ``5S>3H``, ``9D``).
The bot keeps reading after an error and exits with status 0 at end of input.

Nothing a line holds can stop the bot: every line is read within bounds
(:data:`MAX_LINE` characters, the rest of a longer line is skipped unread; bytes
that are not UTF-8; JSON through :func:`kseri.engine.jsontext.parse_json`, which
refuses deep nesting and giant numbers before Python's parser sees them), an
unexpected failure while choosing is an ``error: internal error`` line, and an
error line quotes at most :data:`MAX_ERROR` characters on one line.

With ``--seed N`` an answer depends only on the seed and the observation
(the same line always gets the same card); without it the bot draws its
randomness from the system.

>>> import io
>>> line = ('{"rules": "greek", "seat": 0, "dealer": 1, "hand": ["7H", "JS", "2C", "QD", "KD", "5H"],'
...         ' "opening": ["3C", "9D", "QH", "5S"], "plays": []}')
>>> out = io.StringIO()
>>> serve(io.StringIO(line + "\\nnonsense\\n" + "[" * 9000 + "\\n"), out, level="medium", seed=1)
0
>>> out.getvalue().splitlines()[0] in ("7H", "JS", "2C", "QD", "KD", "5H")
True
>>> for reply in out.getvalue().splitlines()[1:]:
...     print(reply)
error: observation: not JSON (Expecting value at line 1 column 1)
error: observation: nested more than 64 levels deep
>>> sums = ('{"rules": "sums", "seat": 0, "dealer": 1, "hand": ["7H", "8S", "2S", "9D", "QS", "10H"],'
...         ' "opening": ["3C", "4D", "JC", "10S"], "plays": []}')
>>> answer(sums, "medium", random.Random(1))
'7H:3C+4D'
"""

from __future__ import annotations

import contextlib
import random
from typing import IO, AnyStr

from kseri.bots.base import check_level
from kseri.bots.tables import decision
from kseri.engine.errors import KseriError
from kseri.engine.jsontext import parse_json
from kseri.engine.tables import observation_from_json

__all__ = ["MAX_ERROR", "MAX_LINE", "answer", "error_line", "serve"]

MAX_LINE = 100_000
"""Characters of one input line read at most (an observation takes well under 1,000)."""

MAX_ERROR = 200
"""Characters of an error line's message at most (after ``error: ``)."""


def error_line(message: str) -> str:
    """``error: `` and ``message`` on one line: whitespace runs and control characters become
    one space or ``?``, at most :data:`MAX_ERROR` characters (``...`` marks a cut), and text
    any UTF-8 output can carry."""
    text = " ".join(message[:4 * MAX_ERROR].split())
    text = "".join("?" if ord(ch) < 32 or ord(ch) == 127 else ch for ch in text)
    if len(text) > MAX_ERROR:
        text = text[:MAX_ERROR - 3] + "..."
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # no lone surrogate gets out
    return "error: " + text


def answer(line: str, level: str, rng: random.Random) -> str:
    """The reply (without newline) to one input line: a move in record notation or an error line."""
    text = line.strip()
    if not text:
        return "error: empty line: expected one JSON observation"
    try:
        data = parse_json(text, what="observation", max_text=MAX_LINE)
        return str(decision(level, observation_from_json(data), rng).run())
    except KseriError as exc:
        return error_line(str(exc))
    except Exception as exc:  # a bug must not kill the bot: report it and read on
        return error_line(f"internal error: {type(exc).__name__}: {exc}")


def _read_line(stream: IO[AnyStr], limit: int) -> AnyStr | None:
    """The next line, empty at end of input, or ``None`` if it is longer than ``limit``
    (then the rest of it is skipped, a piece at a time, never held whole)."""
    line = stream.readline(limit + 1)
    if len(line) <= limit or line[-1:] in ("\n", b"\n"):
        return line
    while True:
        piece = stream.readline(1 << 16)
        if not piece or piece[-1:] in ("\n", b"\n"):
            return None


def serve(stdin: IO[str], stdout: IO[str], *, level: str = "hard", seed: int | None = None) -> int:
    """Answer observations from ``stdin`` on ``stdout`` until end of input; returns 0.

    A text stream with a binary ``buffer`` (such as ``sys.stdin``) is read as bytes, so
    that bytes which are not UTF-8 are an error line of their own."""
    check_level(level)  # an unknown level fails at once (BotError), before any input
    raw: IO[bytes] | None = getattr(stdin, "buffer", None)
    if raw is not None and not callable(getattr(raw, "readline", None)):
        raw = None
    if hasattr(stdout, "reconfigure"):
        # Whatever its encoding, the output can carry any error line (exotic streams may refuse).
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stdout.reconfigure(errors="backslashreplace")
    system = random.Random() if seed is None else None
    while True:
        if raw is not None:
            data = _read_line(raw, MAX_LINE)
            if data == b"":
                return 0
            try:
                line = None if data is None else data.decode("utf-8")
            except UnicodeDecodeError:
                stdout.write(error_line("observation: not UTF-8 text") + "\n")
                stdout.flush()
                continue
        else:
            line = _read_line(stdin, MAX_LINE)
            if line == "":
                return 0
        if line is None:
            reply = error_line(f"observation: a line longer than {MAX_LINE:,} characters (skipped)")
        else:
            line = line.removeprefix("\ufeff")  # a byte order mark, as some editors write (replay reads it too)
            rng = system if system is not None else random.Random(f"kseri-bot:{seed}:{line.strip()}")
            reply = answer(line, level, rng)
        stdout.write(reply + "\n")
        stdout.flush()
