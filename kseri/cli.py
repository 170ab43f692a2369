"""The command line: ``python -m kseri replay|simulate|bot|arena``.

Every failure a user can cause ends with a one-line message on stderr and a
non-zero exit status, never a traceback: bad input exits with status 1 and a
message naming what and where (``kseri replay: round 0, play 3: ...``), a bad
command line with status 2 (argparse's usage line), a closed or failing standard
stream (``>&-``, a full disk) with status 1 and one line. Anything else, a bug, is
still one line, ``kseri replay: internal error: ...``, with status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from kseri.engine.errors import KseriError, RulesError, one_line, quoted
from kseri.engine.jsontext import MAX_TEXT
from kseri.engine.rules import Rules, rules_from_text

__all__ = ["main"]

MAX_BYTES = 4 * MAX_TEXT
"""Bytes of input read at most (UTF-8 needs up to 4 bytes a character); more is refused unread."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, as argparse does
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())[:300]}\n")


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (the error quotes the text cut short)."""
    def convert(text: str) -> int:
        digits = text.strip().removeprefix("-")
        if not (digits.isdigit() and digits.isascii() and len(digits) <= 30 and low <= int(text) <= high):
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number from {low} to {high}")
        return int(text)
    convert.__name__ = "whole number"
    return convert


def _shown_path(path: str) -> str:
    """A file's name in a message: as given, or quoted and cut when long or unprintable."""
    return path if len(path) <= 120 and path.isprintable() else quoted(path, 120)


def _read_input(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input), at most :data:`MAX_BYTES`."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise KseriError(f"cannot read {_shown_path(path)}: {exc.strerror or type(exc).__name__}") from None
    if len(data) > MAX_BYTES:
        where = "" if path == "-" else f"{_shown_path(path)}: "
        raise KseriError(f"{where}record: more than {MAX_BYTES:,} bytes is too long")
    return data.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte order mark, as some editors write


def _rules(text: str) -> Rules:
    """``--rules``: a profile name or a JSON rules object; errors start ``rules:``."""
    try:
        return rules_from_text(text)
    except RulesError as exc:
        raise RulesError(f"rules: {exc}") from None


def _replay(args: argparse.Namespace) -> int:
    from kseri.engine.record import loads, summary

    data = _read_input(args.file)
    try:
        match = loads(data)
    except (KseriError, json.JSONDecodeError) as exc:  # a file's name first, as compilers say it
        if args.file == "-":
            raise
        raise KseriError(f"{_shown_path(args.file)}: {one_line(exc)}") from None
    print(json.dumps(summary(match)))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from kseri.engine.record import dumps
    from kseri.engine.simulate import simulate

    rules = _rules(args.rules)
    if args.records is None:
        print(json.dumps(simulate(rules, games=args.games, seed=args.seed)))
        return 0
    try:
        with open(args.records, "w", encoding="utf-8") as out:  # one record a line (JSON Lines)
            summary = simulate(rules, games=args.games, seed=args.seed,
                               each=lambda match: out.write(dumps(match) + "\n"))
    except OSError as exc:
        raise KseriError(f"cannot write {_shown_path(args.records)}: {exc.strerror or type(exc).__name__}") from None
    print(json.dumps(summary))
    return 0


def _bot(args: argparse.Namespace) -> int:
    from kseri.bots.protocol import serve

    return serve(sys.stdin, sys.stdout, level=args.level.strip().lower(), seed=args.seed)  # any case, as level=


def _arena(args: argparse.Namespace) -> int:
    from kseri.bots.arena import run_arena_cli

    return run_arena_cli(args)


SEED = _whole(-(10**30) + 1, 10**30 - 1)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m kseri", description="Kseri (Greek Xeri): rules engine, records and bots.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    replay = sub.add_parser("replay", help="score a kseri-record/1 game record")
    replay.add_argument("file", help="record file, or - for standard input")
    replay.set_defaults(run=_replay)

    simulate = sub.add_parser("simulate", help="play random matches and summarise them")
    simulate.add_argument("--games", type=_whole(1, 1_000_000), default=100)
    simulate.add_argument("--seed", type=SEED, default=0)
    simulate.add_argument("--rules", default="greek", help="profile name or JSON rules object")
    simulate.add_argument("--records", metavar="FILE", default=None,
                          help="also write each match's kseri-record/1, one JSON record a line")
    simulate.set_defaults(run=_simulate)

    bot = sub.add_parser("bot", help="play as a kseri-bot/1 bot on stdin/stdout")
    bot.add_argument("--level", default="hard", help="easy, medium, hard or expert (default hard)")
    bot.add_argument("--seed", type=SEED, default=None)
    bot.set_defaults(run=_bot)

    arena = sub.add_parser("arena", help="duplicate-deal match between two bots")
    arena.add_argument("a", help="a level name or a bot command line")
    arena.add_argument("b", help="a level name or a bot command line")
    arena.add_argument("--rounds", type=_whole(1, 1_000_000), default=200)
    arena.add_argument("--seed", type=SEED, default=0)
    arena.add_argument("--first-deal", type=_whole(0, 1_000_000), default=0,
                       help="start at this deal of the seed's series (to run a measurement in shards)")
    arena.add_argument("--matches", action="store_true",
                       help="also play whole matches for a win rate (rounds/16 duplicate pairs, at least 1)")
    arena.add_argument("--rules", default="greek")
    arena.add_argument("--timeout", type=_whole(1, 86_400), default=120,
                       help="seconds a bot given as a command line has for each answer (default 120)")
    arena.add_argument("--json", action="store_true", help="print the result as one JSON object")
    arena.set_defaults(run=_arena)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    command = f"kseri {args.command}"
    closed = _closed_stream(args)
    if closed:
        _say(f"{command}: {closed} is closed")
        return 1
    try:
        status = run(args)
        sys.stdout.flush()  # a full disk is said here, not after exit in Python's own words
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away: say nothing, and nothing more at exit either
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (KseriError, json.JSONDecodeError) as exc:  # bad input
        _say(f"{command}: {one_line(exc)}")
        return 1
    except RecursionError:
        _say(f"{command}: the input is nested too deeply")
        return 1
    except OSError as exc:  # a standard stream failing (a full disk): the user's to mend, not a bug
        reason = exc.strerror or type(exc).__name__
        full = exc.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)
        _say(f"{command}: {'cannot write the output' if full else 'input or output failed'}: {reason}")
        with contextlib.suppress(OSError, ValueError):  # nothing more at exit either
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:  # a bug: still one line, never a traceback
        _say(f"{command}: internal error: {type(exc).__name__}: {one_line(exc)}")
        return 2


def _closed_stream(args: argparse.Namespace) -> str | None:
    """``"standard output"`` or ``"standard input"`` if the command needs it and the process was
    started without it (``>&-``: Python then has ``None`` there, and print would write nowhere)."""
    if sys.stdout is None:
        return "standard output"
    reads_stdin = args.command == "bot" or getattr(args, "file", None) == "-"
    return "standard input" if reads_stdin and sys.stdin is None else None


def _say(line: str) -> None:
    """One line on stderr; a closed or broken stderr is not worth a traceback."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr)
