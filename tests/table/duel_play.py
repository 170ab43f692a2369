"""Two peers of ``kseri-duel/1`` in one process, for the protocol's tests: pair them, carry their
messages, play their moves (chosen by a seeded generator), and cheat on purpose."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from kseri.engine.cards import Card
from kseri.engine.rules import Rules, rules_from_spec
from kseri.table.duel import codec
from kseri.table.duel.group import CARD_ELEMENTS, lock_all
from kseri.table.duel.peer import Peer
from kseri.table.duel.rounds import DuelRound

SHORT_GREEK = rules_from_spec({"profile": "greek", "match_rounds": 1})
"""The Greek game over one round (a tie plays one more)."""
SHORT_SUMS = rules_from_spec({"profile": "sums", "match_rounds": 1})
SHORT_FOURCARD = rules_from_spec({"profile": "fourcard", "match_rounds": 1})
"""Four-card packets; a jack among the opening cards is replaced from the stock."""
SHORT_PISTI = rules_from_spec({"profile": "pisti", "match_rounds": 1})


@dataclass
class Table:
    """Two devices and the message in flight between them."""

    host: Peer
    guest: Peer
    moves: random.Random
    log: list[bytes] = field(default_factory=list)
    """Every message sent, in order (the invitation first)."""

    def step(self, *, play: bool = True) -> bool:
        """Deliver the message in flight; the receiver moves if its next message needs a move (unless not
        ``play``). False once nobody has anything to send."""
        for to, frm in ((self.host, self.guest), (self.guest, self.host)):
            if frm.sent > to.received:
                assert frm.outbox is not None
                sent = to.sent
                to.receive(frm.outbox)
                if play and to.needs_move:
                    engine = to.engine
                    assert engine is not None
                    to.play(str(self.moves.choice(engine.round.legal_moves())))
                if to.sent > sent and to.outbox is not None:
                    self.log.append(to.outbox)
                return True
        return False

    def run(self, until: int | None = None) -> None:
        """Carry messages until nothing is in flight (or ``until`` messages in all were sent)."""
        while (until is None or len(self.log) < until) and self.step():
            pass


def pair(rules: Rules, seed: int) -> Table:
    host = Peer.invite(name="Anna", rules=rules, rng=random.Random(f"host {seed}"))
    assert host.outbox is not None
    guest = Peer.accept(host.outbox, name="Ben", rng=random.Random(f"guest {seed}"))
    assert guest.outbox is not None
    table = Table(host=host, guest=guest, moves=random.Random(f"moves {seed}"), log=[host.outbox, guest.outbox])
    return table


def resealed(peer: Peer, message: codec.Message) -> bytes:
    """``message`` sealed with ``peer``'s match key: what a cheating device (which has the key) could send."""
    assert peer.key is not None
    return codec.encode(message, key=peer.key)


def rigged(rules: Rules, seed: int, front: str) -> Table:
    """A pair whose first round's deck starts with the cards ``front`` (codes, record order), the rest shuffled by
    ``seed``: a test's way to deal a given opening, which no device can do (the second shuffler's shuffle is
    replaced, with the first's key, by one that knows the cards)."""
    table = pair(rules, seed)
    first_key = table.guest.rounds[0].my_keys[0]
    wanted = [Card.parse(code).index for code in front.split()]
    host = table.host

    class Arranged(random.Random):
        armed = True

        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            if not Arranged.armed:
                super().shuffle(x)
                return
            Arranged.armed = False
            both = lock_all(lock_all(list(CARD_ELEMENTS), first_key), host.rounds[0].my_keys[0])
            rest = [c for c in range(52) if c not in wanted]
            random.Random(seed).shuffle(rest)
            x[:] = [both[c] for c in wanted + rest]

    arranged = Arranged()
    arranged.setstate(host.rng.getstate())
    host.rng = arranged
    return table


def shuffled_order(r: DuelRound, final: Sequence[int]) -> list[int]:
    """The round's cards in the order the shuffles dealt them, before any opening jack was replaced: read from
    its locked deck as it lies at last (``r.deck``) and ``final``, the card at each of its positions then."""
    assert r.deck is not None and r.passes[0].result is not None
    card_of = {value: final[p] for p, value in enumerate(r.deck)}
    return [card_of[value] for value in r.passes[0].result]
