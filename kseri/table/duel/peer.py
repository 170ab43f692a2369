"""One device's side of a match against a friend on another device: the protocol ``kseri-duel/1``.

The two devices take turns sending one message each (the inviter sends the even ones, the friend
the odd ones), so each always knows whose turn it is to send and what that message must carry
(:mod:`~kseri.table.duel.outgoing` makes this device's parts, :mod:`~kseri.table.duel.incoming` checks
the friend's part by part). A message carries whatever the game needs next from its sender:

====================== ================================================================================
when                   the sender's message carries
====================== ================================================================================
invitation             ``Hello`` (name, rules, key half) and a ``CoinCommit``
acceptance             ``Hello`` (name, key half), its ``Coin``, and the round's ``Pack`` (it shuffles first)
a round starts         the first shuffler's ``Pack``: every card locked with its key, shuffled
``lock``               the second shuffler's ``Deck`` (or ``Reshuffle``), and ``Partials`` opening the
                       first shuffler's hand and the opening cards for it
``open``               the first shuffler's ``Partials`` for the other's hand and the opening; then a
                       ``Reshuffle`` if the rules reject the opening, else the first ``Play`` if it leads
``play``               a ``Play`` (the move, its card's position and proof), ``Partials`` for the other's
                       new packet after a deal, and ``Keys`` with the sender's last card of the round
====================== ================================================================================

The inviter's second message also reveals its coin: the two coins decide who deals first.

Every message is sealed with the match key (:mod:`kseri.table.duel.codec`) and numbered;
:meth:`Peer.receive` refuses (:class:`RefusedError`) a message that is damaged, forged, applied
already, ahead of one still missing, not what the game waits for, or that plays a card its sender
does not hold or a move the rules forbid — and then nothing changes. When a round ends each device
checks the friend's keys against everything (:mod:`kseri.table.duel.verify`); a failure ends the
match (:attr:`Peer.broken`).

The game itself is the engine's :class:`~kseri.engine.match.Match`, played on the deck as this
device knows it (its unknown cards filled in, never shown: :mod:`kseri.table.duel.rebuild`).
Each device is seat 0 of its own match; its records mirror the friend's (the same deck and plays,
the first dealer seen from the other side).

>>> import random
>>> from kseri.engine.rules import GREEK
>>> host = Peer.invite(name="Anna", rules=GREEK, rng=random.Random(1))
>>> guest = Peer.accept(host.outbox or b"", name="Ben", rng=random.Random(2))
>>> _ = host.receive(guest.outbox or b"")
>>> _ = guest.receive(host.outbox or b"")
>>> while not (host.needs_move or guest.needs_move):
...     sender, other = (host, guest) if host.my_turn else (guest, host)
...     _ = other.receive(sender.outbox or b"")
>>> (host.engine or guest.engine) is not None, host.pairing_code == guest.pairing_code
(True, True)
"""

from __future__ import annotations

import copy
import hashlib
import random

from kseri.engine.errors import IllegalMoveError, KseriError, one_line
from kseri.engine.events import PlayEvent
from kseri.engine.match import Match
from kseri.engine.rules import Rules, rules_from_text
from kseri.table.duel import codec
from kseri.table.duel.codec import CoinCommit, Hello, Message, Part
from kseri.table.duel.deal import dealt_packets, duel_refusal
from kseri.table.duel.errors import DuelError, MatchBrokenError, RefusedError
from kseri.table.duel.incoming import Outcome, apply_message, played_card  # the last: kept importable from here
from kseri.table.duel.outgoing import compose_parts
from kseri.table.duel.pairing import coin_digest, match_key, new_coin, new_secret, pairing_code, public, shared
from kseri.table.duel.rebuild import continued, finished_match, record
from kseri.table.duel.rounds import DuelRound

__all__ = ["GUEST", "HOST", "Outcome", "Peer", "message_digest", "played_card"]

HOST, GUEST = 0, 1


def message_digest(data: bytes) -> bytes:
    """16 bytes that tell one message from another (the same link opened twice gives the same ones)."""
    return hashlib.sha256(data).digest()[:16]


class Peer:
    """One device's state in one match (see the module's documentation)."""

    def __init__(self, *, role: int, match: bytes, rules: Rules, rules_text: str, name: str, secret: int,
                 coin: bytes, rng: random.Random) -> None:
        self.role = role
        self.match = match
        self.rules = rules
        self.rules_text = rules_text
        self.name = name
        self.friend = ""
        self.secret = secret
        self.publics: list[int | None] = [None, None]
        self.key: bytes | None = None
        self.coin = coin
        self.their_coin: bytes | None = None
        self.commit: bytes | None = None
        self.first_dealer: int | None = None
        """The role that dealt the first round (decided by both coins)."""
        self.rounds: list[DuelRound] = []
        self.sent = 0
        self.received = 0
        self.last_in: bytes | None = None
        """A digest of the last message applied (:func:`message_digest`): the same number again is that
        message opened again, or, if it differs, a conflict to say (never silently "already applied")."""
        self.outbox: bytes | None = None
        """This device's last message (kept to be sent again if it was lost)."""
        self.broken: str | None = None
        """Why the match ended before its end (a check at a round's end failed)."""
        self.rng = rng
        self._engine: Match | None = None
        self._stale = True
        self._finished: tuple[int, Match] | None = None
        """The match of the rounds played out and checked (how many), forked by :meth:`_build`."""
        self.publics[role] = public(secret)

    # -- starting -------------------------------------------------------------------

    @classmethod
    def invite(cls, *, name: str, rules: Rules, rng: random.Random, match: bytes | None = None) -> Peer:
        """The inviter's side: its first message (the invitation) is :attr:`outbox`."""
        refusal = duel_refusal(rules)
        if refusal:
            raise DuelError(refusal)
        import json
        rules_text = json.dumps(rules.to_spec(), separators=(",", ":"))
        peer = cls(role=HOST, match=match or rng.getrandbits(64).to_bytes(8, "big"), rules=rules,
                   rules_text=rules_text, name=name, secret=new_secret(rng), coin=new_coin(rng), rng=rng)
        peer._send([Hello(name=name, public=peer._public(HOST), rules=rules_text),
                    CoinCommit(digest=coin_digest(peer.match, peer.coin))], key=codec.invite_key(peer.match))
        return peer

    @classmethod
    def read_invitation(cls, data: bytes) -> tuple[bytes, str, Rules]:
        """An invitation's match id, inviter's name and rules (:class:`RefusedError` if it is none)."""
        match, sender, seq = codec.peek(data)
        if sender != HOST or seq != 0:
            raise RefusedError("unexpected", "this is not an invitation: open it on the device it was meant for")
        message = codec.decode(data, key=codec.invite_key(match))
        hello = message.part(Hello)
        if not isinstance(hello, Hello) or not isinstance(message.part(CoinCommit), CoinCommit) \
                or len(message.parts) != 2:
            raise RefusedError("damaged", "this invitation lacks its hello or its coin")
        try:
            rules = rules_from_text(hello.rules)
        except KseriError as exc:
            raise RefusedError("damaged", f"the invitation's rules cannot be read ({one_line(exc)})") from None
        refusal = duel_refusal(rules)
        if refusal:
            raise RefusedError("damaged", refusal)
        return match, hello.name, rules

    @classmethod
    def accept(cls, data: bytes, *, name: str, rng: random.Random) -> Peer:
        """The friend's side, from the invitation's bytes: its answer (acceptance and the first
        shuffle) is :attr:`outbox`."""
        match, friend, rules = cls.read_invitation(data)
        message = codec.decode(data, key=codec.invite_key(match))
        hello, commit = message.part(Hello), message.part(CoinCommit)
        assert isinstance(hello, Hello) and isinstance(commit, CoinCommit)
        peer = cls(role=GUEST, match=match, rules=rules, rules_text=hello.rules, name=name, secret=new_secret(rng),
                   coin=new_coin(rng), rng=rng)
        peer.friend = friend
        peer.publics[HOST] = hello.public
        peer.commit = commit.digest
        peer.received = 1
        peer.key = match_key(match, hello.public, peer._public(GUEST), shared(hello.public, peer.secret))
        peer._compose(None)
        return peer

    # -- what the game waits for ---------------------------------------------------------

    @property
    def engine(self) -> Match | None:
        """The match as played on this device (seat 0: this device); None before the first deal."""
        if self._stale:
            self._engine = self._build()
            self._stale = False
        return self._engine

    def _touch(self) -> None:
        """What this device knows changed: the engine's match is built again when next asked for."""
        self._stale = True

    @property
    def other(self) -> int:
        return 1 - self.role

    def _public(self, role: int) -> int:
        value = self.publics[role]
        assert value is not None
        return value

    @property
    def pairing_code(self) -> str:
        """The code both screens show once paired (empty before)."""
        return pairing_code(self.key) if self.key is not None else ""

    @property
    def index(self) -> int:
        """The number of the next message of the match, counting both sides' (the inviter sends the even ones)."""
        return self.sent + self.received

    @property
    def my_turn(self) -> bool:
        """Whether this device sends the next message."""
        return self.index % 2 == self.role

    @property
    def over(self) -> bool:
        """The match is over (won, or ended by a failed check)."""
        return self.broken is not None or (self.engine is not None and self.engine.is_over
                                           and self.round is not None and self.round.verified)

    @property
    def round(self) -> DuelRound | None:
        return self.rounds[-1] if self.rounds else None

    def seat(self, role: int) -> int:
        """The seat of ``role`` in this device's match (this device is seat 0)."""
        return 0 if role == self.role else 1

    def role_of(self, seat: int) -> int:
        return self.role if seat == 0 else self.other

    def to_move(self) -> int | None:
        """The role to play now (None outside play: dealing, or the round over)."""
        r, engine = self.round, self.engine
        if r is None or engine is None or not r.dealt() or engine.round.is_terminal():
            return None
        return self.role_of(engine.round.to_move)

    @property
    def needs_move(self) -> bool:
        """Whether this device's next message waits for its player's move."""
        if not self.my_turn or self.over:
            return False
        return self._needs_play(self.role)

    def _needs_play(self, sender: int) -> bool:
        r = self.round
        if r is None or r.phase not in ("open", "play") or r.played_out():
            return False
        if r.phase == "open":
            return r.dealt() and sender != r.dealer
        return self.to_move() == sender

    def awaiting(self) -> str:
        """What the match waits for: ``accept`` (the friend's answer to the invitation), ``deal`` (the
        friend's part of the deal), ``move`` (the friend's move), ``you`` (your move), ``over``."""
        if self.over:
            return "over"
        if self.my_turn:
            return "you"
        if self.key is None:
            return "accept"
        return "move" if self.to_move() == self.other else "deal"

    # -- what a message must carry (its parts are made in outgoing, checked in incoming) -------

    def _starting(self) -> bool:
        """The next message starts a round."""
        r = self.round
        return r is None or r.played_out()

    def _due_partials(self, sender: int) -> list[tuple[int, int]]:
        """``(position, layers)`` ``sender`` must open for the other now (its play applied first): the other's
        hands dealt so far and the opening cards (once a pass is complete), less what it opened already."""
        r = self.round
        assert r is not None
        receiver = 1 - sender
        positions = list(r.hand(receiver, 0))
        if r.phase in ("open", "play"):
            positions += list(r.opening())
        engine = self.engine
        if engine is not None and r.dealt() and r.phase == "play":
            for packet in range(1, dealt_packets(self.rules, engine.round.next_card)):
                positions += list(r.hand(receiver, packet))
        sent = r.sent if sender == self.role else {(o.position, o.layers) for o in r.received}
        due = [(p, r.layers(p)) for p in positions]
        return [item for item in due if item not in sent]

    # -- sending ----------------------------------------------------------------------------

    def play(self, move: str) -> PlayEvent:
        """This device's player makes ``move`` (record notation): it is played here and the message
        carrying it is :attr:`outbox`. :class:`~kseri.engine.errors.IllegalMoveError` if it cannot be."""
        if not self.needs_move:
            raise IllegalMoveError("it is not your move" if not self.over else "the match is over")
        work = self._clone()
        event = work._compose(move)
        assert event is not None
        self.__dict__.update(work.__dict__)
        return event

    def _send(self, parts: list[Part], key: bytes | None = None) -> None:
        message = Message(match=self.match, sender=self.role, seq=self.sent, parts=tuple(parts))
        seal_key = key if key is not None else self.key
        assert seal_key is not None
        self.outbox = codec.encode(message, key=seal_key)
        self.sent += 1

    def _compose(self, move: str | None) -> PlayEvent | None:
        """Make this device's next message (with ``move`` when it carries a play)."""
        parts, event = compose_parts(self, move)
        self._send(parts)
        return event

    def _new_round(self, first: int) -> DuelRound:
        number = len(self.rounds)
        dealer = -1 if self.first_dealer is None else self.first_dealer ^ (number % 2)
        r = DuelRound(rules=self.rules, first=first, dealer=dealer)
        self.rounds.append(r)
        return r

    def _my_hand_positions(self, r: DuelRound) -> list[int]:
        """The positions of the cards this device holds now."""
        engine = self.engine
        assert engine is not None
        packets = dealt_packets(self.rules, engine.round.next_card)
        return [p for packet in range(packets) for p in r.hand(self.role, packet) if p not in r.positions]

    def _last_card(self, role: int) -> bool:
        """Whether ``role`` has just played its last card of the round."""
        engine = self.engine
        assert engine is not None
        state = engine.round
        return state.next_card == len(state.deck) and not state.hands[self.seat(role)]

    # -- receiving --------------------------------------------------------------------------

    def receive(self, data: bytes) -> Outcome:
        """Apply the friend's message (bytes, see :func:`codec.from_text`), or refuse it with
        :class:`RefusedError` and change nothing. A check at the round's end that fails ends the match
        (:attr:`broken`) and raises :class:`MatchBrokenError`."""
        match, sender, seq = codec.peek(data)
        if match != self.match:
            raise RefusedError("other_match", "this message belongs to another match")
        if sender != self.other:
            raise RefusedError("other_match", "this message is one this device sent")
        if seq == 0 and sender == HOST and self.received > 0:  # the invitation (never sealed), opened again
            raise RefusedError("replayed", "the invitation was accepted already")
        # The seal first, once the key is known: the number read before it could be anyone's, and a
        # message is said to be the friend's (a replay, a gap) only once its seal shows it is.
        sealed = codec.decode(data, key=self.key) if self.key is not None else None
        if self.over:
            raise RefusedError("over", "the match is over")
        if seq < self.received:
            if seq == self.received - 1 and self.last_in is not None and message_digest(data) != self.last_in:
                raise RefusedError("conflict", f"message {seq + 1} differs from the message {seq + 1} applied")
            raise RefusedError("replayed", f"message {seq + 1} was applied already")
        if seq > self.received:
            raise RefusedError("missing", f"message {self.received + 1} has not arrived (this is message {seq + 1})")
        if self.key is None:  # the friend's answer to the invitation: it brings the key's other half
            self._pair(data)
        assert self.key is not None
        message = sealed if sealed is not None else codec.decode(data, key=self.key)
        if self.my_turn:
            raise RefusedError("unexpected", "a message came while your move was awaited")
        work = self._clone()
        before = sum(r.dealt() for r in work.rounds)
        try:
            outcome = apply_message(work, message)
        except MatchBrokenError as exc:
            self.__dict__.update(work.__dict__)
            self.broken = one_line(exc)
            self.received += 1
            self.last_in = message_digest(data)
            raise
        dealt = sum(r.dealt() for r in work.rounds) > before
        work._touch()
        self.__dict__.update(work.__dict__)
        self.received += 1
        self.last_in = message_digest(data)
        self._send_if_due()
        return Outcome(events=outcome.events, dealt=dealt, round_over=outcome.round_over)

    def _send_if_due(self) -> None:
        """Make this device's next message at once when it needs no move of its player."""
        if self.my_turn and not self.needs_move and not self.over:
            self._compose(None)

    def _pair(self, data: bytes) -> None:
        """The inviter reads the friend's hello before the seal, which needs the key half it brings."""
        hello = codec.read(data).part(Hello)
        if not isinstance(hello, Hello):
            raise RefusedError("unexpected", "the answer to the invitation has no hello")
        key = match_key(self.match, self._public(HOST), hello.public, shared(hello.public, self.secret))
        codec.decode(data, key=key)  # the seal, with the key the hello gives
        self.key = key
        self.publics[GUEST] = hello.public
        self.friend = hello.name

    # -- the engine's match -------------------------------------------------------------------

    def _build(self) -> Match | None:
        """The match played again on the engine from what this device knows (every round dealt so far)."""
        if self.first_dealer is None:
            return None
        done = 0  # rounds played out and checked never change: their match is made once and forked
        while done < len(self.rounds) and self.rounds[done].played_out():
            done += 1
        if self._finished is None or self._finished[0] != done:
            self._finished = (done, finished_match(self.rules, self.seat(self.first_dealer), self.rounds[:done]))
        return continued(self._finished[1], self.rounds[done:], friend=self.seat(self.other))

    def _clone(self) -> Peer:
        other = copy.copy(self)
        other.rounds = [r.copy() for r in self.rounds]
        other.publics = list(self.publics)
        other._engine = None
        other._stale = True
        return other

    # -- records ------------------------------------------------------------------------------

    def record(self) -> dict[str, object]:
        """The rounds played to their end, as a ``kseri-record/1`` (this device in seat 0)."""
        first = self.seat(self.first_dealer) if self.first_dealer is not None else 0
        return record(self.rules, self.rounds, first)
