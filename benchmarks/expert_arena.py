"""``expert`` against another level on duplicate deals, in shards that can stop and resume
(not a test: run it by hand, under ``nice -n 19``).

    python benchmarks/expert_arena.py --rules greek --deals 1000 --shards 4 --out runs/greek.jsonl
    python benchmarks/expert_arena.py --report runs/greek.jsonl [runs/other.jsonl ...]
    python benchmarks/expert_arena.py --paired runs/greek.jsonl runs/greek_4x.jsonl

Deal ``i`` is deal ``i`` of ``python -m kseri arena expert hard --rules R --seed S`` (each deal
played once per side: at two sides twice, seats swapped), so the merged result is that of the one
command. Each shard (a process) plays deals ``first, first + shards, ...`` and appends one JSON
line per deal to ``--out`` (the deal, A's points minus B's per round, the CPU seconds, each
side's think times): a run cut short keeps every finished deal, and running the same command
again plays only the deals not yet in the file. ``--budget X`` multiplies the expert's work (its
iterations at the pile tables, its simulated plays at the open table) by ``X``: the strength
curve of ``docs/bots.md`` (¼, 1 and 4 times).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kseri.bots.arena import Interval, run_arena
from kseri.bots.pile import tree, value
from kseri.bots.sums import thinker as sums_thinker
from kseri.engine.jsontext import parse_json
from kseri.engine.rules import rules_from_spec


def _rules(text: str) -> Any:
    return parse_json(text, what="--rules") if text.lstrip().startswith("{") else text


def _scale(budget: float, params: str | None = None) -> None:
    """Multiply the expert's work by ``budget`` in this process (and set ``params``, a JSON object of
    :class:`~kseri.bots.pile.tree.ExpertParams` fields, for experiments; ``packet_value`` by the
    name of a value in :mod:`kseri.bots.pile.value`, such as ``"GREEK_PACKET_VALUE"``; ``hard`` as an
    object of the :class:`~kseri.bots.pile.params.SearchParams` fields to change, such as
    ``{"read_plays": false}``)."""
    if params:
        fields = json.loads(params)
        if isinstance(fields.get("packet_value"), str):  # a value of kseri.bots.pile.value, by name
            fields["packet_value"] = getattr(value, fields["packet_value"])
        if isinstance(fields.get("hard"), dict):  # fields of the SearchParams expert shares with hard
            fields["hard"] = dataclasses.replace(tree.EXPERT.hard, **fields["hard"])
        tree.EXPERT = dataclasses.replace(tree.EXPERT, **fields)
    if budget != 1.0:
        expert = tree.EXPERT
        tree.EXPERT = dataclasses.replace(expert, iterations=max(1, round(expert.iterations * budget)),
                                          valued_iterations=max(1, round(expert.valued_iterations * budget)))
        search = sums_thinker.EXPERT_SEARCH
        sums_thinker.EXPERT_SEARCH = dataclasses.replace(search, budget=max(1, round(search.budget * budget)))


def params_problem(text: str | None) -> str | None:
    """What is wrong with ``--params``, in one line, or None (checked before any shard starts).

    >>> params_problem('{"explore": 4, "packet_value": "GREEK_PACKET_VALUE"}') is None
    True
    >>> params_problem('{"packet_value": "NO_SUCH_VALUE"}')
    "--params: packet_value 'NO_SUCH_VALUE' is not a value of kseri.bots.pile.value"
    >>> params_problem('{"explor": 4}')
    "--params: 'explor' is not a field of ExpertParams"
    >>> params_problem('{"hard": {"read_play": false}}')
    "--params: 'read_play' is not a field of SearchParams"
    """
    if not text:
        return None
    try:
        fields = json.loads(text)
    except ValueError as error:
        return f"--params: not JSON ({error})"
    if not isinstance(fields, dict):
        return "--params: not a JSON object"
    names = {f.name for f in dataclasses.fields(tree.ExpertParams)}
    for name, given in fields.items():
        if name not in names:
            return f"--params: {name!r} is not a field of ExpertParams"
        if name == "packet_value" and not isinstance(getattr(value, str(given), None), value.PacketValue):
            return f"--params: packet_value {given!r} is not a value of kseri.bots.pile.value"
        if name == "hard":
            if not isinstance(given, dict):
                return "--params: hard is not a JSON object of SearchParams fields"
            search = {f.name for f in dataclasses.fields(tree.ExpertParams().hard)}
            for field in given:
                if field not in search:
                    return f"--params: {field!r} is not a field of SearchParams"
    return None


def shard(a: str, b: str, rules_text: str, seed: int, deals: list[int], out: str, budget: float,
          params: str | None = None) -> int:
    """Play ``deals`` one at a time, appending a line each to ``out``."""
    _scale(budget, params)
    rules = rules_from_spec(_rules(rules_text))
    with open(out, "a", encoding="utf-8") as file:
        for i in deals:
            start = time.process_time()
            result = run_arena(a, b, rounds=1, seed=seed, rules=rules, first=i)
            line = {"deal": i, "diff": result.diffs[0], "cpu_s": round(time.process_time() - start, 3),
                    "think_a_ms": [round(t, 2) for t in result.think_ms[0]],
                    "think_b_ms": [round(t, 2) for t in result.think_ms[1]]}
            file.write(json.dumps(line) + "\n")
            file.flush()
    return len(deals)


def report(paths: list[str]) -> None:
    for path in paths:
        rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
        points = Interval.of([row["diff"] for row in {row["deal"]: row for row in rows}.values()])
        n = points.n
        if not points.known:
            print(f"{path}: {n} deal(s), no interval yet")
            continue
        think = sorted(t for row in rows for t in row["think_a_ms"])
        median = think[len(think) // 2] if think else 0.0
        print(f"{path}: {n} deals, A − B {points.mean:+.2f} points per round (95% CI {points.low:+.2f} .. "
              f"{points.high:+.2f}); A think median {median:.1f} ms wall; "
              f"CPU {sum(row['cpu_s'] for row in rows) / n:.1f} s a deal")


def _rows(path: str) -> dict[int, dict[str, Any]]:
    """A file's deals by number (a deal played twice counts once, the last line)."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return {row["deal"]: row for row in map(json.loads, filter(str.strip, lines))}


def paired(base_path: str, new_path: str) -> str:
    """Two series compared deal by deal on the deals both have played: each one's result there, and
    the difference ``new`` − ``base`` with its interval (the same deals played twice, so the luck of
    the cards largely cancels)."""
    base, new = _rows(base_path), _rows(new_path)
    deals = sorted(base.keys() & new.keys())
    if len(deals) < 2:
        return f"{new_path} and {base_path} share {len(deals)} deal(s): no interval yet"

    def line(values: list[float]) -> str:
        got = Interval.of(values)
        return f"{got.mean:+.2f} ({got.low:+.2f} .. {got.high:+.2f})"

    def cpu(rows: dict[int, dict[str, Any]]) -> float:
        return sum(rows[i]["cpu_s"] for i in deals) / len(deals)

    return (f"{len(deals)} deals in both (deals {deals[0]}..{deals[-1]}): {new_path} "
            f"{line([new[i]['diff'] for i in deals])}, {base_path} {line([base[i]['diff'] for i in deals])}; "
            f"paired, new − base {line([new[i]['diff'] - base[i]['diff'] for i in deals])}; "
            f"CPU a deal {cpu(new):.1f} s against {cpu(base):.1f} s")


def add_deal_options(parser: argparse.ArgumentParser) -> None:
    """The options every duplicate-deal benchmark shares: which deals, in how many shards, the file
    they go to, and the report of finished files (also ``benchmarks/pisti_public.py``'s)."""
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--shards", type=int, default=2)
    parser.add_argument("--out", help="the JSON-lines file the deals are appended to")
    parser.add_argument("--report", nargs="+", help="summarise these files and stop")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--a", default="expert")
    parser.add_argument("--b", default="hard")
    parser.add_argument("--rules", default="greek", help="a profile name or a JSON rules object")
    add_deal_options(parser)
    parser.add_argument("--budget", type=float, default=1.0, help="multiply the expert's work")
    parser.add_argument("--params", help="a JSON object of ExpertParams fields (experiments)")
    parser.add_argument("--paired", nargs=2, metavar=("BASE", "NEW"),
                        help="compare two finished files deal by deal and stop")
    args = parser.parse_args(argv)
    if args.paired:
        print(paired(*args.paired))
        return 0
    if args.report:
        report(args.report)
        return 0
    if not args.out:
        parser.error("--out is needed to play")
    problem = params_problem(args.params)
    if problem:
        parser.error(problem)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = set()
    if out.exists():
        done = {json.loads(line)["deal"] for line in out.read_text(encoding="utf-8").splitlines() if line.strip()}
    todo = [i for i in range(args.first_deal, args.first_deal + args.deals) if i not in done]
    parts = [todo[k::args.shards] for k in range(args.shards) if todo[k::args.shards]]
    with ProcessPoolExecutor(max_workers=max(1, len(parts))) as pool:
        list(pool.map(shard, *zip(*[(args.a, args.b, args.rules, args.seed, part, str(out), args.budget,
                                     args.params)
                                    for part in parts], strict=True)))
    report([str(out)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
