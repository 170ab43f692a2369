"""The command line: ``python -m kseri replay|simulate|bot|arena``.

Every failure a user can cause ends with a one-line message on stderr and a
non-zero exit status, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from kseri.engine.errors import KseriError
from kseri.engine.rules import rules_from_spec

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, as argparse does
        self.exit(2, f"{self.prog}: error: {message}\n")


def _read_input(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise KseriError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise KseriError(f"cannot read {path}: not UTF-8 text") from None


def _replay(args: argparse.Namespace) -> int:
    from kseri.engine.record import loads, summary

    match = loads(_read_input(args.file))
    print(json.dumps(summary(match)))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from kseri.engine.simulate import simulate

    rules = rules_from_spec(json.loads(args.rules) if args.rules.startswith("{") else args.rules)
    print(json.dumps(simulate(rules, games=args.games, seed=args.seed)))
    return 0


def _bot(args: argparse.Namespace) -> int:
    from kseri.bots.protocol import serve

    return serve(sys.stdin, sys.stdout, level=args.level, seed=args.seed)


def _arena(args: argparse.Namespace) -> int:
    from kseri.bots.arena import run_arena_cli

    return run_arena_cli(args)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m kseri", description="Kseri (Greek Xeri): rules engine, records and bots.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    replay = sub.add_parser("replay", help="score a kseri-record/1 game record")
    replay.add_argument("file", help="record file, or - for standard input")
    replay.set_defaults(run=_replay)

    simulate = sub.add_parser("simulate", help="play random matches and summarise them")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--rules", default="greek", help="profile name or JSON rules object")
    simulate.set_defaults(run=_simulate)

    bot = sub.add_parser("bot", help="play as a kseri-bot/1 bot on stdin/stdout")
    bot.add_argument("--level", default="hard")
    bot.add_argument("--seed", type=int, default=None)
    bot.set_defaults(run=_bot)

    arena = sub.add_parser("arena", help="duplicate-deal match between two bots")
    arena.add_argument("a", help="a level name or a bot command line")
    arena.add_argument("b", help="a level name or a bot command line")
    arena.add_argument("--rounds", type=int, default=200)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--matches", action="store_true",
                       help="also play whole matches for a win rate (rounds/16 duplicate pairs, at least 1)")
    arena.add_argument("--rules", default="greek")
    arena.add_argument("--json", action="store_true", help="print the result as one JSON object")
    arena.set_defaults(run=_arena)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except (KseriError, json.JSONDecodeError) as exc:
        print(f"kseri {args.command}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
