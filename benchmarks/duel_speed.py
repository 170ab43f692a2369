"""The fair deal's cost and the messages' sizes (playing a friend on another device, ``kseri.table.duel``).

    python3 benchmarks/duel_speed.py [--repeat N]        # CPython
    python3 benchmarks/duel_speed_chromium.py            # the same, in Chromium on the site's Pyodide

Measures, each ``--repeat`` times (medians printed):

- the deal as both devices compute it: the first shuffler locks the pack and shuffles it, the second
  locks that again and shuffles it (104 powers with 256-bit exponents), then each opens the other's
  first hand and the opening cards (20 full-size powers) and the second makes its table of the pack
  (52 more short powers); and the same through the protocol (``Peer``: its messages, seals and checks);
- the end-of-round check of the friend's keys (``verify.verify_round``);
- one move, and the move that opens the friend's next packet;

then plays one whole round between two in-process peers and prints the size of every kind of message,
in bytes and as link text (``#duel=`` base64). Wall-clock times (``time.perf_counter``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

if __name__ == "__main__" and "kseri" not in sys.modules:  # run from the repository (the page puts kseri on the path)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kseri.engine.rules import rules_from_spec
from kseri.table.duel import codec
from kseri.table.duel.codec import Deck, Keys, Pack, Partials, Play, Reshuffle
from kseri.table.duel.group import CARD_ELEMENTS, P, lock_all, new_exponent
from kseri.table.duel.peer import Peer
from kseri.table.duel.rounds import open_value
from kseri.table.duel.verify import verify_round


def _median_ms(work: Callable[[], object], repeat: int) -> tuple[float, float, float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), min(times), max(times)


def _crypto_deal(rng: random.Random) -> tuple[int, int, list[int]]:
    """Both passes (the brief's "deal": both shuffles and encryptions): the two exponents and the deck."""
    first, second = new_exponent(rng), new_exponent(rng)
    pack = lock_all(list(CARD_ELEMENTS), first)
    rng.shuffle(pack)
    deck = lock_all(pack, second)
    rng.shuffle(deck)
    return first, second, deck


def _crypto_deal_and_open(rng: random.Random) -> None:
    """:func:`_crypto_deal`, then the tables and the first openings."""
    first, second, deck = _crypto_deal(rng)
    lock_all(list(CARD_ELEMENTS), second)  # the second shuffler's table of the pack
    for position in range(16 + 4):  # each opens the other's 6 and the 4 opening cards: 20 in all
        open_value(deck[position % 16], [first if position < 10 else second])


def _protocol_deal(seed: int) -> tuple[Peer, Peer]:
    """Invitation, answer (the first pass), the deck (the second pass and its openings), the opening."""
    rules = rules_from_spec("greek")
    host = Peer.invite(name="Anna", rules=rules, rng=random.Random(seed))
    guest = Peer.accept(host.outbox or b"", name="Ben", rng=random.Random(seed + 1))
    host.receive(guest.outbox or b"")
    guest.receive(host.outbox or b"")
    while not (host.needs_move or guest.needs_move):  # a redeal, when the rules reject the opening
        sender, other = (host, guest) if host.sent > guest.received else (guest, host)
        other.receive(sender.outbox or b"")
    return host, guest


def _play_round(seed: int) -> tuple[dict[str, list[int]], Peer, Peer]:
    """One whole round between two peers; the size of each kind of message."""
    rules = rules_from_spec({"profile": "greek", "match_rounds": 1})
    moves = random.Random(seed)
    host = Peer.invite(name="Anna", rules=rules, rng=random.Random(seed))
    guest = Peer.accept(host.outbox or b"", name="Ben", rng=random.Random(seed + 1))
    sizes: dict[str, list[int]] = {}

    def note(data: bytes) -> None:
        message = codec.read(data)
        kinds = {type(p) for p in message.parts}
        if message.seq == 0 and message.sender == 0:
            kind = "invitation"
        elif Pack in kinds:
            kind = "answer (the first shuffle)" if message.seq == 0 else "a round's first shuffle"
        elif Deck in kinds or Reshuffle in kinds:
            kind = "the deal (the second shuffle and its openings)" if Deck in kinds else "a redeal's pass"
        elif Keys in kinds:
            kind = "the last move (with the keys)"
        elif Play in kinds and Partials in kinds:
            kind = "a move that opens a packet (or the opening)"
        elif Play in kinds:
            kind = "a move"
        else:
            kind = "opening the hands and the opening cards"
        sizes.setdefault(kind, []).append(len(data))

    note(host.outbox or b"")
    note(guest.outbox or b"")
    to, frm = host, guest
    while True:
        sent = to.sent
        to.receive(frm.outbox or b"")
        if to.needs_move:
            engine = to.engine
            assert engine is not None
            to.play(str(moves.choice(engine.round.legal_moves())))
        if to.sent == sent:
            break
        note(to.outbox or b"")
        to, frm = frm, to
    return sizes, host, guest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args(argv)
    rng = random.Random(1)
    print(f"Python {sys.version.split()[0]} on {sys.platform}; group: {P.bit_length()}-bit safe prime, "
          "256-bit exponents\n")
    print("| what | median ms | min | max |\n|---|---:|---:|---:|")
    rows: list[tuple[str, Callable[[], object]]] = [
        ("the deal: both shuffles and locks (104 powers)", lambda: _crypto_deal(rng)),
        ("the deal, the table and the first openings (156 short + 20 full powers)",
         lambda: _crypto_deal_and_open(rng)),
    ]
    seeds = iter(range(10**6))
    rows.append(("the deal through the protocol, both devices (4 messages made and read)",
                 lambda: _protocol_deal(next(seeds) * 2)))
    deck = lock_all(list(CARD_ELEMENTS), new_exponent(rng))
    key = new_exponent(rng)
    rows.append(("opening one card (one full-size power): a move's proof", lambda: open_value(deck[0], [key])))
    rows.append(("a packet's openings (6) and a move's proof", lambda: [open_value(x, [key]) for x in deck[:7]]))
    for label, work in rows:
        median, low, high = _median_ms(work, args.repeat)
        print(f"| {label} | {median:.0f} | {low:.0f} | {high:.0f} |")
    sizes, _host, guest = _play_round(7)
    r = guest.rounds[0]
    saved = r.their_keys
    rows2 = ("the round's end check of the friend's keys", lambda: verify_round(r, guest.role, "Anna", 1))
    median, low, high = _median_ms(rows2[1], max(3, args.repeat // 3))
    print(f"| {rows2[0]} | {median:.0f} | {low:.0f} | {high:.0f} |")
    assert saved is not None
    print("\n| message | bytes | link characters (`#duel=`) | count in the round |\n|---|---:|---:|---:|")
    for kind, found in sizes.items():
        most = max(found)
        print(f"| {kind} | {most} | {len(codec.to_text(bytes(most)))} | {len(found)} |")


if __name__ == "__main__":
    main()
