"""The messages two devices send each other (``kseri-duel/1``): binary, sealed, and written as a link.

A message is bytes (``docs/formats.md`` §"Playing a friend: messages"):

====== ======= ==================================================================
bytes  field   meaning
====== ======= ==================================================================
2      magic   ``K`` and the format version, 1
8      match   the match's id (chosen at random by the inviter)
1      sender  0: the inviter (host), 1: the invited friend (guest)
2      seq     the sender's message number in this match, from 0
1      count   how many parts follow
…      parts   each: kind (1 byte), length (2 bytes), payload
16     seal    HMAC-SHA256 of everything before it, cut to 16 bytes (:mod:`kseri.table.duel.seal`)
====== ======= ==================================================================

All numbers are big-endian; group elements always take :data:`~kseri.table.duel.group.ELEMENT_BYTES`
bytes, so a message's size depends only on which parts it carries, never on the cards in them.
The text form is URL-safe base64 without padding (:func:`to_text`), and a link carries it in
the page's ``#duel=`` fragment (:func:`link`), which browsers do not send to any server.

>>> message = Message(match=bytes(8), sender=1, seq=3, parts=(Play(position=7, move="10D", proof=5),))
>>> again = decode(encode(message, key=b"k" * 32), key=b"k" * 32)
>>> again.parts == message.parts and again.seq == 3
True
>>> decode(encode(message, key=b"k" * 32), key=b"x" * 32)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kseri.table.duel.errors.RefusedError: this message's seal does not match: ...
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
from dataclasses import dataclass
from typing import Final

from kseri.table.duel.errors import RefusedError
from kseri.table.duel.group import ELEMENT_BYTES, EXPONENT_BYTES, exponent, from_bytes, to_bytes

__all__ = [
    "FRAGMENT",
    "MAX_BYTES",
    "MAX_TEXT",
    "SEAL_BYTES",
    "Coin",
    "CoinCommit",
    "Deck",
    "Hello",
    "Keys",
    "Message",
    "Pack",
    "Part",
    "Partials",
    "Play",
    "Reshuffle",
    "decode",
    "encode",
    "from_text",
    "invite_key",
    "link",
    "peek",
    "read",
    "to_text",
]

MAGIC: Final = b"K\x01"
SEAL_BYTES: Final = 16
MAX_BYTES: Final = 16_384
"""The longest message read: a deal with its partial decryptions takes about 8,300 bytes."""
MAX_TEXT: Final = 4 * MAX_BYTES // 3 + 4096
"""The longest text read (base64, plus room for a link around it and line breaks a messenger adds)."""
FRAGMENT: Final = "duel="
"""The link's fragment key: ``index.html#duel=<message>``."""
NAME_LIMIT: Final = 20
RULES_LIMIT: Final = 600
MOVE_LIMIT: Final = 40
COIN_BYTES: Final = 32
_HEADER = len(MAGIC) + 8 + 1 + 2 + 1


# --------------------------------------------------------------------------- the parts


@dataclass(frozen=True, kw_only=True, slots=True)
class Hello:
    """Pairing: who you are, your half of the key agreement, and (the inviter's) the rules."""

    name: str
    public: int
    rules: str = ""
    """The match's rules as the record's ``rules`` field (JSON text); the inviter's only."""


@dataclass(frozen=True, kw_only=True, slots=True)
class CoinCommit:
    """The inviter's commitment to its coin (who deals first): SHA-256 of the coin."""

    digest: bytes


@dataclass(frozen=True, kw_only=True, slots=True)
class Coin:
    """A coin for who deals first: the friend's at once, the inviter's revealed after it."""

    value: bytes


@dataclass(frozen=True, kw_only=True, slots=True)
class Pack:
    """The pack locked with the first shuffler's key and shuffled: 52 elements."""

    values: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Deck:
    """The pack locked again with the second shuffler's key and shuffled: the deck, in record order."""

    values: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Reshuffle:
    """An opening redeal: the opening cards and the stock locked again with a fresh key and shuffled."""

    values: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Partials:
    """The sender's lock taken off some positions, for the receiver to see those cards:
    ``(position, value)`` pairs."""

    items: tuple[tuple[int, int], ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Play:
    """A play: the move in record notation, the deck position of the card played, and the proof that
    it is that card: the position with the sender's lock taken off (the receiver's lock on the card)."""

    position: int
    move: str
    proof: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Keys:
    """The sender's keys of this round, one per shuffle pass: sent with the sender's last card."""

    keys: tuple[int, ...]


Part = Hello | CoinCommit | Coin | Pack | Deck | Reshuffle | Partials | Play | Keys

_KINDS: dict[type, int] = {Hello: 1, CoinCommit: 2, Coin: 3, Pack: 4, Deck: 5, Reshuffle: 6, Partials: 7, Play: 8,
                           Keys: 9}


@dataclass(frozen=True, kw_only=True, slots=True)
class Message:
    match: bytes
    sender: int
    seq: int
    parts: tuple[Part, ...]

    def part(self, kind: type[Part]) -> Part | None:
        """The part of type ``kind``, if the message has one."""
        return next((p for p in self.parts if type(p) is kind), None)


# --------------------------------------------------------------------------- writing


def _elements(values: tuple[int, ...]) -> bytes:
    return b"".join(to_bytes(x) for x in values)


def _text(value: str, limit: int, size: int) -> bytes:
    data = value.encode()
    if len(value) > limit or len(data) >= 1 << (8 * size):
        raise ValueError(f"text too long ({len(value)} characters)")
    return len(data).to_bytes(size, "big") + data


def _payload(part: Part) -> bytes:
    if isinstance(part, Hello):
        return _text(part.name, NAME_LIMIT, 1) + _text(part.rules, RULES_LIMIT, 2) + to_bytes(part.public)
    if isinstance(part, CoinCommit):
        return part.digest
    if isinstance(part, Coin):
        return part.value
    if isinstance(part, (Pack, Deck, Reshuffle)):
        return _elements(part.values)
    if isinstance(part, Partials):
        return b"".join(bytes((position,)) + to_bytes(value) for position, value in part.items)
    if isinstance(part, Play):
        return bytes((part.position,)) + to_bytes(part.proof) + part.move.encode()
    return b"".join(key.to_bytes(EXPONENT_BYTES, "big") for key in part.keys)


def seal(data: bytes, key: bytes) -> bytes:
    return hmac.new(key, data, hashlib.sha256).digest()[:SEAL_BYTES]


def invite_key(match: bytes) -> bytes:
    """The invitation's "seal" key: public (no key is agreed yet), so it only catches a link cut short or garbled."""
    return hashlib.sha256(b"kseri duel invite/1" + match).digest()


def encode(message: Message, *, key: bytes) -> bytes:
    """The message as sealed bytes."""
    out = bytearray(MAGIC)
    out += message.match
    out += bytes((message.sender,))
    out += message.seq.to_bytes(2, "big")
    out += bytes((len(message.parts),))
    for part in message.parts:
        payload = _payload(part)
        out += bytes((_KINDS[type(part)],)) + len(payload).to_bytes(2, "big") + payload
    out += seal(bytes(out), key)
    return bytes(out)


def to_text(data: bytes) -> str:
    """Bytes as URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def link(base: str, data: bytes) -> str:
    """A link to the page ``base`` carrying the message in its fragment."""
    return f"{base.split('#')[0]}#{FRAGMENT}{to_text(data)}"


# --------------------------------------------------------------------------- reading


_TEXT_CHARS = re.compile(r"[A-Za-z0-9_-]+")


def from_text(text: str) -> bytes:
    """The message's bytes from a link, a ``#duel=`` fragment or the bare text (white space a messenger
    put in is ignored); :class:`RefusedError` (``damaged``) if there is none."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise RefusedError("damaged", "this is not a message of the game (too long)")
    at = text.find(FRAGMENT)
    body = text[at + len(FRAGMENT):] if at >= 0 else text
    body = "".join(body.split())
    if not body or not _TEXT_CHARS.fullmatch(body):
        raise RefusedError("damaged", "this is not a message of the game (it must be the link or the text you got)")
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise RefusedError("damaged", "this message is cut short or garbled") from None


def peek(data: bytes) -> tuple[bytes, int, int]:
    """A message's match id, sender and number, read before its seal is checked (to find the match's key)."""
    if len(data) < _HEADER + SEAL_BYTES or not data.startswith(MAGIC):
        raise RefusedError("damaged", "this is not a message of the game, or it is cut short")
    if len(data) > MAX_BYTES:
        raise RefusedError("damaged", f"this message is too long ({len(data)} bytes)")
    return data[2:10], data[10], int.from_bytes(data[11:13], "big")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise RefusedError("damaged", "a part of this message is cut short")
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def number(self, n: int) -> int:
        return int.from_bytes(self.take(n), "big")

    def text(self, size: int, limit: int, what: str) -> str:
        raw = self.take(self.number(size))
        try:
            value = raw.decode()
        except UnicodeDecodeError:
            raise RefusedError("damaged", f"{what} is not text") from None
        if len(value) > limit:
            raise RefusedError("damaged", f"{what} is longer than {limit} characters")
        return value

    def done(self, what: str) -> None:
        if self.at != len(self.data):
            raise RefusedError("damaged", f"{what} has {len(self.data) - self.at} bytes too many")


def _element(raw: bytes, what: str) -> int:
    try:
        return from_bytes(raw, what)
    except ValueError as exc:
        raise RefusedError("damaged", str(exc)) from None


def _elements_of(payload: bytes, what: str) -> tuple[int, ...]:
    if len(payload) % ELEMENT_BYTES:
        raise RefusedError("damaged", f"{what} is not a whole number of values")
    return tuple(_element(payload[i:i + ELEMENT_BYTES], what) for i in range(0, len(payload), ELEMENT_BYTES))


def _part(kind: int, payload: bytes) -> Part:
    reader = _Reader(payload)
    part: Part
    if kind == 1:
        name = reader.text(1, NAME_LIMIT, "the name")
        rules = reader.text(2, RULES_LIMIT, "the rules")
        part = Hello(name=name, rules=rules, public=_element(reader.take(ELEMENT_BYTES), "the pairing key"))
    elif kind in (2, 3):
        raw = reader.take(COIN_BYTES)
        part = CoinCommit(digest=raw) if kind == 2 else Coin(value=raw)
    elif kind in (4, 5, 6):
        values = _elements_of(reader.take(len(payload)), "the locked cards")
        part = Pack(values=values) if kind == 4 else Deck(values=values) if kind == 5 else Reshuffle(values=values)
    elif kind == 7:
        if len(payload) % (1 + ELEMENT_BYTES):
            raise RefusedError("damaged", "the opened cards are cut short")
        items = []
        while reader.at < len(payload):
            position = reader.number(1)
            items.append((position, _element(reader.take(ELEMENT_BYTES), "an opened card")))
        part = Partials(items=tuple(items))
    elif kind == 8:
        position = reader.number(1)
        proof = _element(reader.take(ELEMENT_BYTES), "the played card's proof")
        try:
            move = reader.take(len(payload) - reader.at).decode("ascii")
        except UnicodeDecodeError:
            raise RefusedError("damaged", "the play is not a card code") from None
        if not move or len(move) > MOVE_LIMIT:
            raise RefusedError("damaged", "the play is not a card code")
        part = Play(position=position, move=move, proof=proof)
    elif kind == 9:
        if len(payload) % EXPONENT_BYTES:
            raise RefusedError("damaged", "the keys are cut short")
        keys = []
        while reader.at < len(payload):
            value = reader.number(EXPONENT_BYTES)
            try:
                keys.append(exponent(value, "a revealed key"))
            except ValueError as exc:
                raise RefusedError("damaged", str(exc)) from None
        part = Keys(keys=tuple(keys))
    else:
        raise RefusedError("damaged", f"this message has a part of unknown kind {kind}")
    reader.done("a part")
    return part


def decode(data: bytes, *, key: bytes) -> Message:
    """Check the seal with ``key`` (:class:`RefusedError` ``forged`` if it does not match), then read the parts
    (``damaged`` if one cannot be read). Nothing is read before the seal holds."""
    peek(data)
    body, tag = data[:-SEAL_BYTES], data[-SEAL_BYTES:]
    if not hmac.compare_digest(seal(body, key), tag):
        raise RefusedError("forged", "this message's seal does not match: it was changed on the way, "
                                "or not sent by your friend")
    return read(data)


def read(data: bytes) -> Message:
    """Read a message's parts without checking its seal: only for the answer to an invitation, whose
    hello brings the half of the key the seal needs (:meth:`~kseri.table.duel.peer.Peer.receive`)."""
    match, sender, seq = peek(data)
    body = data[:-SEAL_BYTES]
    if sender not in (0, 1):
        raise RefusedError("damaged", f"sender {sender} is neither player")
    reader = _Reader(body)
    reader.take(_HEADER - 1)
    count = reader.number(1)
    parts = []
    for _ in range(count):
        kind = reader.number(1)
        parts.append(_part(kind, reader.take(reader.number(2))))
    reader.done("this message")
    return Message(match=match, sender=sender, seq=seq, parts=tuple(parts))
