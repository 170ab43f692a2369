"""One device's side of a match against a friend on another device: the protocol ``kseri-duel/1``.

The two devices take turns sending one message each (the inviter sends the even ones, the friend
the odd ones), so each always knows whose turn it is to send and what that message must carry
(:meth:`Peer._apply` checks it part by part). A message carries whatever the game needs next from its sender:

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

Every message is sealed with the match key (:mod:`kseri.table.duel.seal` via
:mod:`kseri.table.duel.codec`) and numbered; :meth:`Peer.receive` refuses (:class:`RefusedError`) a
message that is damaged, forged, applied already, ahead of one still missing, not what the game
waits for, or that plays a card its sender does not hold or a move the rules forbid — and then
nothing changes. When a round ends each device checks the friend's keys against everything
(:mod:`kseri.table.duel.verify`); a failure ends the match (:attr:`Peer.broken`).

The game itself is the engine's :class:`~kseri.engine.match.Match`, played on the deck as this
device knows it (its unknown cards filled in, never shown: :meth:`DuelRound.provisional_deck`).
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
from dataclasses import dataclass

from kseri.engine.cards import CODES, Card, played_code
from kseri.engine.errors import IllegalMoveError, KseriError, one_line
from kseri.engine.events import PlayEvent
from kseri.engine.match import Match
from kseri.engine.pile.round import opening_is_allowed  # the open table keeps any opening ("none")
from kseri.engine.rules import Rules, rules_from_text
from kseri.table.duel import codec
from kseri.table.duel.codec import Coin, CoinCommit, Deck, Hello, Keys, Message, Pack, Part, Partials, Play, Reshuffle
from kseri.table.duel.deal import dealt_packets, duel_refusal, reshuffle_range
from kseri.table.duel.errors import DuelError, MatchBrokenError, RefusedError
from kseri.table.duel.group import lock_all, new_exponent
from kseri.table.duel.hidden import fill_deck, playable_deck, replay_checked
from kseri.table.duel.pairing import (
    coin_digest,
    first_dealer,
    match_key,
    new_coin,
    new_secret,
    pairing_code,
    public,
    shared,
)
from kseri.table.duel.rounds import DuelRound, Opened, ShufflePass, open_value
from kseri.table.duel.verify import verify_round
from kseri.table.tables import strategy_for

__all__ = ["GUEST", "HOST", "Outcome", "Peer", "message_digest", "played_card"]

HOST, GUEST = 0, 1


def played_card(move: str) -> int:
    """The card index a move plays (``7H``, ``7H:3C+4D``, ``5S>3H``); :class:`RefusedError` if it names none."""
    try:
        return Card.parse(played_code(move)).index
    except KseriError:
        raise RefusedError("damaged", f"the play {codec_quoted(move)} does not name a card") from None


def codec_quoted(text: str) -> str:
    return repr(text[:20])


@dataclass(frozen=True, kw_only=True, slots=True)
class Outcome:
    """What a message from the friend did here, for the page to show."""

    events: tuple[PlayEvent, ...] = ()
    """The friend's play, if it carried one (played on this device's match)."""
    dealt: bool = False
    """A round became playable on this device."""
    round_over: bool = False
    """The friend's keys arrived and every check of the round held."""


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

    def _round_done(self, r: DuelRound) -> bool:
        """The round is played out and both keys are out (and the friend's checked)."""
        return r.verified and len(r.moves) == self.rules.cards - self.rules.opening_size

    def to_move(self) -> int | None:
        """The role to play now (None outside play: dealing, or the round over)."""
        r, engine = self.round, self.engine
        if r is None or engine is None or not self._dealt(r) or engine.round.is_terminal():
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
        if r is None or r.phase not in ("open", "play") or self._round_done(r):
            return False
        if r.phase == "open":
            cards = r.opening_cards()
            valid = cards is not None and opening_is_allowed(self.rules, cards)
            return valid and sender != r.dealer
        return self.to_move() == sender

    def _dealt(self, r: DuelRound) -> bool:
        """The round is playable here: its last pass is complete and this device knows a valid opening."""
        if r.verified:
            return True
        if r.phase not in ("open", "play"):
            return False
        cards = r.opening_cards()
        return cards is not None and opening_is_allowed(self.rules, cards)

    def _settled(self, r: DuelRound) -> bool:
        """Both devices have seen the opening cards, and the rules keep them: play begins."""
        return self._dealt(r) and set(r.opening()) <= r.seen_by_both()

    def _rejected(self, r: DuelRound) -> bool:
        """The rules deal the opening again from the stock (a top jack or a top pair at the Greek table; at the
        four-card and Pişti tables a jack is replaced instead: :meth:`DuelRound.replace_seen_jacks`)."""
        cards = r.opening_cards()
        return self.rules.opening_redeal == "top" and cards is not None and not opening_is_allowed(self.rules, cards)

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

    # -- the parts a message must carry ---------------------------------------------------

    def _starting(self) -> bool:
        """The next message starts a round."""
        r = self.round
        return r is None or self._round_done(r)

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
        if engine is not None and self._dealt(r) and r.phase == "play":
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
        parts: list[Part] = []
        index = self.index
        if index == 1:
            parts += [Hello(name=self.name, public=self._public(GUEST)), Coin(value=self.coin)]
        elif index == 2:
            parts.append(Coin(value=self.coin))
        event: PlayEvent | None = None
        if self._starting():
            parts.append(self._lock_pack())
        else:
            r = self.round
            assert r is not None
            if r.phase == "lock":
                parts.append(self._lock_again(r))
                parts.append(self._open_for_friend())
            elif r.phase == "open":
                parts.append(self._open_for_friend())
                if self._settled(r):
                    r.passes[-1].opened = True
                    self._touch()
                    if move is not None:
                        event, more = self._my_play(r, move)
                        parts += more
                elif self._rejected(r):
                    parts.append(self._reshuffle_first(r))
                # else an opening jack was replaced: the friend opens the card in its place next
            else:
                assert move is not None
                event, more = self._my_play(r, move)
                parts += more
        self._send(parts)
        return event

    def _new_round(self, first: int) -> DuelRound:
        number = len(self.rounds)
        dealer = -1 if self.first_dealer is None else self.first_dealer ^ (number % 2)
        r = DuelRound(rules=self.rules, first=first, dealer=dealer)
        self.rounds.append(r)
        return r

    def _lock_pack(self) -> Pack:
        """Start a round as its first shuffler: lock every card with a fresh key, shuffle."""
        r = self._new_round(self.role)
        key = new_exponent(self.rng)
        r.my_keys.append(key)
        r.lock_table(key)
        middle = list(r.tables[0])
        self.rng.shuffle(middle)
        r.passes.append(ShufflePass(source=None, middle=middle))
        self._touch()
        return Pack(values=tuple(middle))

    def _lock_again(self, r: DuelRound) -> Deck | Reshuffle:
        """As the second shuffler: lock the first shuffler's output with a fresh key, shuffle; the deck."""
        last = r.passes[-1]
        assert last.middle is not None
        key = new_exponent(self.rng)
        r.my_keys.append(key)
        r.lock_table(key)
        result = lock_all(last.middle, key)
        self.rng.shuffle(result)
        last.result = result
        self._touch()
        if len(r.passes) == 1:
            r.deck = list(result)
            return Deck(values=tuple(result))
        assert r.deck is not None
        start = reshuffle_range(self.rules).start
        r.deck[start:] = result
        return Reshuffle(values=tuple(result))

    def _reshuffle_first(self, r: DuelRound) -> Reshuffle:
        """The opening is rejected: lock the opening cards and the stock again with a fresh key, shuffle."""
        assert r.deck is not None
        span = reshuffle_range(self.rules)
        source = r.deck[span.start:]
        key = new_exponent(self.rng)
        r.my_keys.append(key)
        r.lock_table(key)
        middle = lock_all(source, key)
        self.rng.shuffle(middle)
        r.passes.append(ShufflePass(source=source, middle=middle))
        r.put_back_opening()
        self._touch()
        return Reshuffle(values=tuple(middle))

    def _open_for_friend(self) -> Partials:
        """Take this device's locks off what the friend may now see. An opening jack both devices have then
        seen is replaced at once (:meth:`DuelRound.replace_seen_jacks`) and the card in its place opened too,
        after the rest: the friend replaces it at the same point of reading the message."""
        r = self.round
        assert r is not None
        items = []
        while due := self._due_partials(self.role):
            assert r.deck is not None
            for position, layers in due:
                items.append((position, open_value(r.deck[position], r.my_keys[:layers])))
                r.sent.add((position, layers))
            if not r.replace_seen_jacks():
                break
            self._touch()
        return Partials(items=tuple(items))

    def _my_hand_positions(self, r: DuelRound) -> list[int]:
        """The positions of the cards this device holds now."""
        engine = self.engine
        assert engine is not None
        packets = dealt_packets(self.rules, engine.round.next_card)
        return [p for packet in range(packets) for p in r.hand(self.role, packet) if p not in r.positions]

    def _my_play(self, r: DuelRound, move: str) -> tuple[PlayEvent, list[Part]]:
        engine = self.engine
        assert engine is not None and r.deck is not None
        try:
            card = Card.parse(played_code(move)).index
        except KseriError:  # your own move: a bad one is yours, not a damaged message
            raise IllegalMoveError(f"cannot play {codec_quoted(move)}: it names no card in hand") from None
        position = next((p for p in self._my_hand_positions(r) if r.known.get(p) == card), None)
        if position is None:
            raise IllegalMoveError(f"cannot play {CODES[card]}: it is not in your hand")
        event = engine.play(move)  # checked by the engine
        layers = r.layers(position)
        parts: list[Part] = [Play(position=position, move=move, proof=open_value(r.deck[position],
                                                                                    r.my_keys[:layers]))]
        r.moves.append(move)
        r.positions.append(position)
        due = self._due_partials(self.role)
        if due:
            parts.append(self._open_for_friend())
        if self._last_card(self.role):
            parts.append(Keys(keys=tuple(r.my_keys)))
        return event, parts

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
        before = sum(map(work._dealt, work.rounds))
        try:
            outcome = work._apply(message)
        except MatchBrokenError as exc:
            self.__dict__.update(work.__dict__)
            self.broken = one_line(exc)
            self.received += 1
            self.last_in = message_digest(data)
            raise
        dealt = sum(map(work._dealt, work.rounds)) > before
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

    def _apply(self, message: Message) -> Outcome:
        sender = self.other
        kinds = [type(p) for p in message.parts]
        if len(set(kinds)) != len(kinds):
            raise RefusedError("damaged", "a message carries a part twice")
        parts = {type(p): p for p in message.parts}
        index = self.index
        extras: set[type] = {Hello, Coin} if index == 1 else {Coin} if index == 2 else set()
        if index == 1:
            self._their_hello_and_coin(parts)
        elif index == 2:
            self._their_reveal(parts)
        if self._starting():
            _require(parts, extras | {Pack})
            self._their_pack(parts[Pack])
            return Outcome()
        r = self.round
        assert r is not None
        if r.phase == "lock":
            _require(parts, extras | {Deck if len(r.passes) == 1 else Reshuffle, Partials})
            self._their_lock(r, parts[Deck] if Deck in parts else parts[Reshuffle])
            self._their_partials(r, parts[Partials])
            return Outcome()
        if r.phase == "open":
            if Partials not in parts:
                raise RefusedError("unexpected", "this message does not open the cards the game needs opened now")
            self._their_partials(r, parts[Partials])
            if self._rejected(r):
                _require(parts, extras | {Partials, Reshuffle})
                reshuffle = parts[Reshuffle]
                assert isinstance(reshuffle, Reshuffle)
                self._their_reshuffle(r, reshuffle)
                return Outcome()
            if not self._settled(r):  # a jack was replaced: this device opens the card in its place next
                _require(parts, extras | {Partials})
                return Outcome()
            r.passes[-1].opened = True
            self._touch()
            if sender == r.dealer:  # the first player is this device: its move comes next
                _require(parts, extras | {Partials})
                return Outcome(dealt=True)
            _require(parts, extras | {Play, Partials}, optional={Keys})
            played = self._their_play(r, parts[Play], {k: v for k, v in parts.items() if k is not Partials})
            return Outcome(events=played, dealt=True)
        _require(parts, extras | {Play}, optional={Partials, Keys})
        verified = r.verified
        played = self._their_play(r, parts[Play], parts)
        return Outcome(events=played, round_over=r.verified and not verified)

    def _their_hello_and_coin(self, parts: dict[type, Part]) -> None:
        coin = parts[Coin]
        assert isinstance(coin, Coin)
        self.their_coin = coin.value

    def _their_reveal(self, parts: dict[type, Part]) -> None:
        coin = parts[Coin]
        assert isinstance(coin, Coin)
        if self.commit is None or coin_digest(self.match, coin.value) != self.commit:
            raise RefusedError("forged", "the inviter's coin does not match what it promised")
        self.their_coin = coin.value
        self.first_dealer = first_dealer(coin.value, self.coin)
        r = self.round
        if r is not None and r.dealer < 0:
            r.dealer = self.first_dealer

    def _their_pack(self, part: Part) -> None:
        assert isinstance(part, Pack)
        if self.first_dealer is None:  # the inviter, reading the answer: it knows both coins now
            assert self.their_coin is not None
            self.first_dealer = first_dealer(self.coin, self.their_coin)
        _distinct(part.values, self.rules.cards, "the locked pack")
        r = self._new_round(self.other)
        r.passes.append(ShufflePass(source=None, middle=list(part.values)))
        self._touch()

    def _their_lock(self, r: DuelRound, part: Part) -> None:
        assert isinstance(part, (Deck, Reshuffle))
        last = r.passes[-1]
        assert last.middle is not None
        _distinct(part.values, len(last.middle), "the locked deck")
        last.result = list(part.values)
        if isinstance(part, Deck):
            r.deck = list(part.values)
        else:
            assert r.deck is not None
            r.deck[reshuffle_range(self.rules).start:] = list(part.values)
        self._touch()

    def _their_reshuffle(self, r: DuelRound, part: Reshuffle) -> None:
        """The first shuffler asks a redeal (the opening was rejected): the next pass starts."""
        assert r.deck is not None
        span = reshuffle_range(self.rules)
        _distinct(part.values, len(span), "the redealt cards")
        r.passes.append(ShufflePass(source=r.deck[span.start:], middle=list(part.values)))
        r.put_back_opening()
        self._touch()

    def _their_partials(self, r: DuelRound, part: Part | None, *, some: bool = False) -> None:
        """Apply the friend's opened values: exactly those due now (``some``: those of them the message has;
        the rest come after its play). An opening jack both devices have then seen is replaced, and the
        values after those open the cards in their places (as :meth:`_open_for_friend` sends them)."""
        items = list(part.items) if isinstance(part, Partials) else []
        if some:
            positions = {p for p, _layers in self._due_partials(self.other)}
            items = [item for item in items if item[0] in positions]
        while True:
            due = self._due_partials(self.other)
            batch, items = items[:len(due)], items[len(due):]
            if sorted(p for p, _layers in due) != sorted(p for p, _value in batch):
                raise RefusedError("unexpected", "this message does not open the cards the game needs opened now")
            self._opened(r, batch, dict(due))
            if not due or not r.replace_seen_jacks():
                break
        if items:
            raise RefusedError("unexpected", "this message does not open the cards the game needs opened now")
        self._touch()

    def _opened(self, r: DuelRound, items: list[tuple[int, int]], layers_of: dict[int, int]) -> None:
        """Read the cards of the friend's opened values (``layers_of``: how many passes lock each position)."""
        assert r.deck is not None
        for position, value in items:
            layers = layers_of[position]
            card = r.card_for(value, layers)
            if card is None:
                raise RefusedError("illegal", f"position {position} opens to no card of the pack")
            if any(c == card and p != position for p, c in r.known.items()):
                raise RefusedError("illegal", f"position {position} opens to the {CODES[card]}, which is elsewhere")
            r.known[position] = card
            r.received.append(Opened(position=position, layers=layers, target=r.deck[position], value=value))

    def _their_play(self, r: DuelRound, part: Part, parts: dict[type, Part]) -> tuple[PlayEvent, ...]:
        assert isinstance(part, Play) and r.deck is not None
        if self.to_move() != self.other:
            raise RefusedError("unexpected", "a play came when it was not your friend's turn")
        held = self._their_hand_positions(r)
        if part.position not in held:
            raise RefusedError("not_held", f"position {part.position} is not one of your friend's cards in hand")
        card = played_card(part.move)
        layers = r.layers(part.position)
        name = CODES[card]
        # A card seen elsewhere is refused, and so is another card than one seen at this very place: an opening
        # jack that went into the stock, which both saw, and has come round to the friend.
        if any(c == card and p != part.position for p, c in r.known.items()) \
                or r.known.get(part.position, card) != card or part.proof != r.table(layers)[card]:
            raise RefusedError("not_held", f"the {name} is not in your friend's hand")
        got = parts.get(Partials)
        opened_before = {p for p, _layers in self._due_partials(self.other)}
        if opened_before:  # your new packet, dealt by your last play: opened before the friend's play is judged
            self._their_partials(r, got, some=True)
        r.known[part.position] = card
        self._touch()
        try:
            event = self._play_on_engine(r, part.move)
        except KseriError as exc:
            raise RefusedError("illegal", f"the play {part.move} breaks the rules: {one_line(exc)}") from None
        r.moves.append(part.move)
        r.positions.append(part.position)
        r.received.append(Opened(position=part.position, layers=layers, target=r.deck[part.position],
                                 value=part.proof))
        due = self._due_partials(self.other)
        rest = tuple(item for item in got.items if item[0] not in opened_before) if isinstance(got, Partials) else ()
        if bool(due) != bool(rest) or (isinstance(got, Partials) and not got.items):
            raise RefusedError("unexpected", "this message does not open the cards the game needs opened now")
        if due:
            self._their_partials(r, Partials(items=rest))
        last = self._last_card(self.other)
        keys = parts.get(Keys)
        if last != isinstance(keys, Keys):
            raise RefusedError("unexpected", "keys came before the round's end" if not last
                          else "the last card came without its keys")
        if isinstance(keys, Keys):
            self._their_keys(r, keys)
        return (event,)

    def _play_on_engine(self, r: DuelRound, move: str) -> PlayEvent:
        """Play the friend's ``move`` on the engine; at the open table, refill the unseen cards first if the
        move needs a hand the current filling does not give it (:func:`~kseri.table.duel.hidden.playable_deck`)."""
        engine = self.engine
        assert engine is not None
        try:
            return engine.play(move)
        except KseriError:
            if not strategy_for(self.rules).hand_matters:
                raise
        playable_deck(self.rules, self._dealer_seat(r), r.known, [*r.moves, move], self.seat(self.other), r.fill)
        self._touch()
        engine = self.engine
        assert engine is not None
        return engine.play(move)

    def _dealer_seat(self, r: DuelRound) -> int:
        return self.seat(r.dealer)

    def _their_hand_positions(self, r: DuelRound) -> list[int]:
        engine = self.engine
        assert engine is not None
        packets = dealt_packets(self.rules, engine.round.next_card)
        return [p for packet in range(packets) for p in r.hand(self.other, packet) if p not in r.positions]

    def _their_keys(self, r: DuelRound, part: Keys) -> None:
        """The friend's keys: check every card, both shuffles and every play of the round."""
        if len(part.keys) != len(r.passes):
            raise MatchBrokenError(f"{self.friend or 'your friend'} sent {len(part.keys)} keys for "
                                   f"{len(r.passes)} shuffles")
        r.their_keys = list(part.keys)
        friend = self.friend or "your friend"
        r.known = verify_round(r, self.role, friend, len(self.rounds))
        r.fill.clear()
        try:  # every play again, on the true deck (at the open table a build needs a card kept in hand)
            replay_checked(self.rules, self._dealer_seat(r), r.record_deck(), r.moves)
        except KseriError as exc:
            raise MatchBrokenError(f"round {len(self.rounds)}: {one_line(exc)}") from None
        r.verified = True
        self._touch()

    # -- the engine's match -------------------------------------------------------------------

    def _build(self) -> Match | None:
        """The match played again on the engine from what this device knows (every round dealt so far)."""
        if self.first_dealer is None:
            return None
        done = 0  # rounds played out and checked never change: their match is made once and forked
        while done < len(self.rounds) and self._round_done(self.rounds[done]):
            done += 1
        if self._finished is None or self._finished[0] != done:
            finished = Match(self.rules, first_dealer=self.seat(self.first_dealer))
            for r in self.rounds[:done]:
                finished.next_round(fill_deck(self.rules, r.known, {}), r.returned)
                for move in r.moves:
                    finished.play(move)
            self._finished = (done, finished)
        match = _fork(self._finished[1])
        friend = self.seat(self.other)
        for r in self.rounds[done:]:
            if not self._dealt(r):
                break
            if r.verified or not strategy_for(self.rules).hand_matters:
                deck = fill_deck(self.rules, r.known, r.fill, last=r.returned)
            else:
                deck = playable_deck(self.rules, match.next_dealer, r.known, r.moves, friend, r.fill)
            match.next_round(deck, r.returned)
            for move in r.moves:
                match.play(move)
        return match if match.rounds else None

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
        from kseri.engine.record import FORMAT
        rounds = [r.record_entry() for r in self.rounds if r.verified]
        first = self.seat(self.first_dealer) if self.first_dealer is not None else 0
        return {"format": FORMAT, "rules": self.rules.to_spec(), "first_dealer": first,
                "rounds": rounds}


def _fork(match: Match) -> Match:
    """A match that goes on from ``match``'s finished rounds without changing it (they are never played again)."""
    fork = Match(match.rules, first_dealer=match.first_dealer)
    fork.rounds = list(match.rounds)
    fork.scores = list(match.scores)
    fork.totals = list(match.totals)
    fork.round_wins = list(match.round_wins)
    fork.target = match.target
    fork.winner = match.winner
    return fork


def _require(parts: dict[type, Part], required: set[type], optional: frozenset[type] | set[type] = frozenset()) -> None:
    """The message carries every part of ``required`` and nothing outside ``required`` and ``optional``."""
    missing = required - set(parts)
    extra = set(parts) - required - set(optional)
    if missing or extra:
        names = ", ".join(sorted(k.__name__ for k in (missing or extra)))
        raise RefusedError("unexpected", f"this message {'lacks' if missing else 'should not carry'} {names}")


def _distinct(values: tuple[int, ...], count: int, what: str) -> None:
    if len(values) != count:
        raise RefusedError("damaged", f"{what} has {len(values)} values, not {count}")
    if len(set(values)) != count:
        raise RefusedError("illegal", f"{what} holds a value twice")
