"""Our levels against a public Pişti bot this project did not write: the agents of
``cemvural00/pisti-rl-framework`` (MIT), played in this process at the Pişti table on duplicate
deals (not a test: run it by hand, under ``nice -n 19``).

The framework is never committed nor vendored: check it out at benchmark time, in an environment
with its agents' one dependency, numpy (gymnasium too, for the agents that read its observation
vectors: ``greedy``, ``hunter``, ``random``)::

    git clone https://github.com/cemvural00/pisti-rl-framework /tmp/pisti-rl-framework
    python3 -m venv /tmp/pisti-venv && /tmp/pisti-venv/bin/pip install numpy gymnasium
    nice -n 19 /tmp/pisti-venv/bin/python benchmarks/pisti_public.py --framework /tmp/pisti-rl-framework \\
        --ours hard --theirs expectimax --deals 200 --shards 2 --out runs/pisti_public_hard.jsonl
    python3 benchmarks/pisti_public.py --report runs/pisti_public_hard.jsonl

Our engine is the referee: each deal is ``python -m kseri arena`` deal ``i`` of ``--seed`` at
``--rules`` (the ``pisti`` profile by default), played twice with the seats swapped, one JSON line
per deal appended to ``--out`` (the deal, our points minus theirs per round, the CPU seconds, each
side's think times), so a run cut short keeps its deals and the same command resumes it. The
framework's agent sees only its seat's :class:`~kseri.engine.pile.observation.Observation`: the
adapter deals the cards that seat has not seen at random (:meth:`Observation.sample_round`) and
builds the framework's ``PistiGame`` from that, so even an agent that looked at the other hand
would learn nothing (its ``expectimax`` resamples them anyway through ``determinize``).

Agents (``--theirs``): ``expectimax[:N,R]`` (its strongest agent without a trained network:
perfect-information Monte Carlo, N deals sampled per move, greedy play-outs of R plies; 16,6 by
default, as in its tournaments), ``greedy``, ``hunter``, ``random``. Its trained agents need
torch and checkpoints and are not wired here.

Where the rules differ (``docs/bots.md`` §"Against a public Pişti bot"): its engine is two seats
only (no partnerships here); its opening is one card face up on three hidden ones, ours four face
up (the adapter shows it ours: a pile of four seen cards); its newest engine gives no pişti for the
round's last card, our ``pisti`` profile does (``--rules '{"profile": "pisti", "last_card_kseri":
false}'`` plays theirs).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.expert_arena import add_deal_options, report  # noqa: E402 - after the path is set
from kseri.bots.arena import ArenaError, run_arena  # noqa: E402
from kseri.engine.cards import Card  # noqa: E402
from kseri.engine.jsontext import parse_json  # noqa: E402
from kseri.engine.pile.observation import Observation  # noqa: E402
from kseri.engine.pile.round import Round  # noqa: E402
from kseri.engine.rules import PISTI, Rules, card_points_table, rules_from_spec  # noqa: E402
from kseri.engine.table import TableObservation  # noqa: E402

# -- cards ------------------------------------------------------------------------------------------
# Ours: index = rank index * 4 + suit, rank index 0 = ace .. 12 = king, suits S H D C.
# Theirs: id = suit * 13 + rank id, rank id 0 = two .. 8 = ten, 9 = jack, 10 queen, 11 king, 12 ace.


def to_public(index: int) -> int:
    """The framework's card id of our card index.

    >>> [to_public(Card.parse(code).index) for code in ("2S", "10D", "JS", "AS", "2C", "KC")]
    [0, 34, 9, 12, 39, 50]
    """
    return (index & 3) * 13 + ((index >> 2) - 1) % 13


def from_public(card_id: int) -> int:
    """Our card index of the framework's card id (the inverse of :func:`to_public`).

    >>> str(Card.from_index(from_public(34))), str(Card.from_index(from_public(12)))
    ('10D', 'AS')
    """
    if not 0 <= card_id < 52:
        raise ValueError(f"card id {card_id!r} is not one of the framework's 0..51")
    suit, rank_id = divmod(card_id, 13)
    return ((rank_id + 1) % 13) * 4 + suit


# -- the rules both engines share -------------------------------------------------------------------

_PUBLIC_POINTS = {"AS": 1, "AH": 1, "AD": 1, "AC": 1, "JS": 1, "JH": 1, "JD": 1, "JC": 1, "2C": 2, "10D": 3}


def check_rules(rules: Rules) -> None:
    """Raise :class:`ValueError` unless ``rules`` score as the framework's engine does (two seats,
    one pack, packets of four, Turkish scoring); ``last_card_kseri`` may be either."""
    points = card_points_table(rules)
    wrong = [code for code in (str(Card.from_index(i)) for i in range(52))
             if points[Card.parse(code).index] != _PUBLIC_POINTS.get(code, 0)]
    problems = [f"{name} {value!r} (the framework's: {want!r})" for name, value, want in (
        ("players", rules.players, 2), ("packs", rules.packs, 1), ("packet_size", rules.packet_size, 4),
        ("table", rules.table, "pile"), ("jacks_capture", rules.jacks_capture, True),
        ("kseri_points", rules.kseri_points, 10), ("jack_kseri_points", rules.jack_kseri_points, 20),
        ("double_kseri_points", rules.double_kseri_points, None), ("majority_points", rules.majority_points, 3),
        ("jack_table_points", rules.jack_table_points, 0), ("final_capture_points", rules.final_capture_points, 0),
        ("exposed_bottom", rules.exposed_bottom, False)) if value != want]
    if wrong:
        problems.append("card points of " + " ".join(wrong[:5]))
    if problems:
        raise ValueError("rules the framework's engine cannot play: " + "; ".join(problems))


# -- the framework's game, built from one seat's observation ------------------------------------------


def public_game(observation: Observation, rng: random.Random, game_class: type[Any]) -> Any:
    """The framework's ``PistiGame`` (or any class with its fields) in ``observation``'s position,
    the cards the seat has not seen dealt at random with ``rng``.

    Its ``seen_cards(seat)`` is exactly what the seat has seen: the four opening cards (the top as
    its ``initial_upcard``, the three under it as the first moves of its ``history``, cards laid face
    up on the pile), every play and the seat's hand; no hidden centre is left."""
    state = observation.sample_round(rng)
    replay = Round.from_deck(state.rules, state.dealer, state.deck, check=False)
    history: list[tuple[int, int, bool, int]] = [(state.dealer, to_public(c), False, 0)
                                                 for c in observation.opening[:-1]]
    for card in state.plays:
        seat = replay.to_move
        kseris = (replay.kseris[seat], replay.jack_kseris[seat])
        captures = replay.captures(card)
        replay.apply_index(card)
        kind = 1 if replay.kseris[seat] > kseris[0] else 2 if replay.jack_kseris[seat] > kseris[1] else 0
        history.append((seat, to_public(card), captures, kind))
    game = object.__new__(game_class)
    game.hands = [[to_public(c) for c in hand] for hand in state.hands]
    game.table = [to_public(c) for c in state.pile]
    game.hidden_center = []
    game.stock = [to_public(c) for c in state.deck[state.next_card:]]
    game.current = state.to_move
    game.first_player = state.first_player
    game.captured_count = list(state.counts)
    game.points = [state.points[s] + state.bonus[s] for s in range(2)]  # cards and pişti bonuses
    game.pistis = list(state.kseris)
    game.double_pistis = list(state.jack_kseris)
    game.last_capturer = state.last_capturer
    game.done = False
    game.initial_upcard = to_public(observation.opening[-1])
    game.captured_hidden = []
    game.captured_hidden_by = None
    game.history = history
    return game


class PublicAgent(Protocol):
    """The framework's agent protocol (``training/match.py``)."""

    def predict(self, obs: Any, action_mask: Any, *args: Any, **kwargs: Any) -> int: ...


class PublicPlayer:
    """An arena :class:`~kseri.bots.arena.Player` that asks a framework agent for its move.

    ``encode(game, seat)`` is the framework's ``Observer().encode`` (None: agents that take the
    game get an empty observation and mask); ``reseed(agent, seed)`` gives the agent a fresh random
    state per move from the arena's seeded ``rng``, so a deal plays the same whenever it is played."""

    def __init__(self, name: str, agent: PublicAgent, game_class: type[Any], *,
                 encode: Callable[[Any, int], dict[str, Any]] | None = None,
                 reseed: Callable[[Any, int], None] | None = None) -> None:
        self.name = name
        self.agent = agent
        self.game_class = game_class
        self.encode = encode
        self.reseed = reseed

    def play(self, observation: TableObservation[Any], rng: random.Random) -> Card:
        if not isinstance(observation, Observation):
            raise ArenaError(f"{self.name} plays only at a pile table, not {observation.rules.profile}")
        seat = observation.seat
        game = public_game(observation, rng, self.game_class)
        if self.reseed is not None:
            self.reseed(self.agent, rng.getrandbits(63))
        obs = self.encode(game, seat) if self.encode is not None else {}
        mask = obs.get("action_mask")
        if getattr(self.agent, "wants_game", False):
            answer = self.agent.predict(obs, mask, game=game, player=seat)
        else:
            answer = self.agent.predict(obs, mask)
        try:
            card = from_public(int(answer))
        except (TypeError, ValueError) as exc:
            raise ArenaError(f"{self.name} answered {answer!r}: {exc}") from None
        if card not in observation.hand:
            raise ArenaError(f"{self.name} played {Card.from_index(card)}, not in its hand "
                             f"[{' '.join(str(Card.from_index(c)) for c in observation.hand)}]")
        return Card.from_index(card)

    def close(self) -> None:
        pass


# -- loading the framework --------------------------------------------------------------------------


def _module(framework: Path, relative: str, name: str) -> ModuleType:
    """Load one file of the checkout by path (its package ``__init__`` may import torch)."""
    spec = importlib.util.spec_from_file_location(name, framework / relative)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {framework / relative}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_player(framework: str, spec: str) -> PublicPlayer:
    """The framework agent named ``spec`` (``expectimax[:N,R]``, ``greedy``, ``hunter``, ``random``)."""
    root = Path(framework).resolve()
    if not (root / "engine" / "game.py").is_file():
        raise SystemExit(f"--framework {framework}: no engine/game.py there (git clone "
                         "https://github.com/cemvural00/pisti-rl-framework DIR)")
    sys.path.insert(0, str(root))  # its modules import ``engine.game`` (ahead of benchmarks/engine.py)
    for name in [m for m in sys.modules if m == "engine" or m.startswith("engine.")]:
        del sys.modules[name]
    numpy = importlib.import_module("numpy")  # the framework's dependency, not ours

    game_module = importlib.import_module("engine.game")
    if Path(game_module.__file__ or "").resolve() != root / "engine" / "game.py":
        raise SystemExit(f"engine.game came from {game_module.__file__}, not from {root}")

    def reseed(agent: Any, seed: int) -> None:
        agent.rng = numpy.random.default_rng(seed)

    encode: Callable[[Any, int], dict[str, Any]] | None = None
    if spec.startswith("expectimax"):
        name = _name(spec)
        samples, plies = (int(x) for x in name.removeprefix("expectimax").split(","))
        agents = _module(root, "agents/expectimax.py", "pisti_public_expectimax")
        agent = agents.ExpectimaxAgent(n_samples=samples, rollout_plies=plies)
    else:
        classes = {"greedy": "GreedyAgent", "hunter": "PistiHunterAgent", "random": "RandomAgent"}
        if spec not in classes:
            raise SystemExit(f"--theirs {spec!r}: expectimax[:N,R], {', '.join(classes)}")
        agent = getattr(_module(root, "agents/baselines.py", "pisti_public_baselines"), classes[spec])()
        name = spec
    try:
        encode = _module(root, "encoding/obs.py", "pisti_public_obs").Observer().encode
    except ImportError:
        if not getattr(agent, "wants_game", False):
            raise
    return PublicPlayer(f"pisti-rl-framework:{name}", agent, game_module.PistiGame, encode=encode, reseed=reseed)


# -- running in shards ------------------------------------------------------------------------------


def _rules(text: str) -> Rules:
    rules = rules_from_spec(parse_json(text, what="--rules") if text.lstrip().startswith("{") else text)
    check_rules(rules)
    return rules


def _name(spec: str) -> str:
    """The name :func:`load_player` gives agent ``spec`` (without the framework's prefix)."""
    if spec.startswith("expectimax"):
        samples, plies = spec.split(":", 1)[1].split(",") if ":" in spec else ("16", "6")
        return f"expectimax{int(samples)},{int(plies)}"
    return spec


def shard(ours: str, theirs: str, framework: str, rules_text: str, seed: int, deals: list[int], out: str) -> int:
    """Play ``deals`` one at a time (our level as A, theirs as B), appending a line each to ``out``."""
    rules = _rules(rules_text)
    player = load_player(framework, theirs)
    with open(out, "a", encoding="utf-8") as file:
        for i in deals:
            start = time.process_time()
            result = run_arena(ours, player, rounds=1, seed=seed, rules=rules, first=i)
            line = {"deal": i, "diff": result.diffs[0], "cpu_s": round(time.process_time() - start, 3),
                    "ours": ours, "theirs": player.name,
                    "think_a_ms": [round(t, 2) for t in result.think_ms[0]],
                    "think_b_ms": [round(t, 2) for t in result.think_ms[1]]}
            file.write(json.dumps(line) + "\n")
            file.flush()
    return len(deals)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--framework", help="a checkout of github.com/cemvural00/pisti-rl-framework")
    parser.add_argument("--ours", default="hard", help="our level (A)")
    parser.add_argument("--theirs", default="expectimax", help="the framework's agent (B)")
    parser.add_argument("--rules", default=PISTI.profile, help="a profile name or a JSON rules object")
    add_deal_options(parser)
    args = parser.parse_args(argv)
    if args.report:
        report(args.report)
        return 0
    if not args.out or not args.framework:
        parser.error("--framework and --out are needed to play")
    try:
        _rules(args.rules)
    except ValueError as exc:
        parser.error(str(exc))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line.strip()] \
        if out.exists() else []
    pairing = (args.ours, _name(args.theirs))
    others = {(row.get("ours"), row.get("theirs", "").split(":")[-1]) for row in rows} - {pairing}
    if others:
        parser.error(f"{out} holds deals of another pairing {sorted(others)[0]}: give another --out")
    done = {row["deal"] for row in rows}
    todo = [i for i in range(args.first_deal, args.first_deal + args.deals) if i not in done]
    parts = [todo[k::args.shards] for k in range(args.shards) if todo[k::args.shards]]
    with ProcessPoolExecutor(max_workers=max(1, len(parts))) as pool:
        list(pool.map(shard, *zip(*[(args.ours, args.theirs, args.framework, args.rules, args.seed, part, str(out))
                                    for part in parts], strict=True)))
    report([str(out)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
