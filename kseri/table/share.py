"""Shareable links: a whole game record packed into a URL fragment.

A link to a game is the page's address plus ``#`` plus :func:`encode`'s
text, e.g. ``https://example.org/kseri/#r=1eNpj...``; opening it, the page
passes ``location.hash`` to :func:`decode` and gets the :class:`~kseri.engine.match.Match`
back, replayed and checked by the engine. The same fragment opens a game in
``embed.html``. The format is specified in ``docs/formats.md`` (share links).

The fragment is ``r=`` followed by a one-character version and the payload in
base64url (no padding):

``1`` (the usual one)
    zlib-compressed bytes: the record's ``rules`` and ``first_dealer`` (and
    ``seats``, who sits where, and ``takebacks``, when the record has them) as compact JSON, a
    newline, then per round the 52 deck cards, the number of plays and the
    plays, each card one byte (its engine index, 0..51). A 12-round match fits
    in about 1,200 characters.
``J``
    zlib-compressed compact ``kseri-record/1`` JSON, for records whose plays are
    not plain card codes (:func:`encode` picks it by itself when needed).

The checksum inside zlib catches a link that was cut short or garbled, and
:func:`decode` then replays every play through the rules, so a link that was
edited by hand can only ever open a legal game. Every problem is one line,
raised as :class:`~kseri.engine.errors.RecordError` (a ``ValueError``) starting with
``share link:``.

>>> import random
>>> from kseri.engine.match import Match
>>> m = Match.new(rng=random.Random(3), first_dealer=1)
>>> for _ in range(5):
...     _ = m.play(m.round.legal_moves()[0])
>>> fragment = encode(m)
>>> fragment[:3]
'r=1'
>>> again = decode("#" + fragment)          # location.hash works as it is
>>> again.round.plays == m.round.plays and again.round.deck == m.round.deck
True
>>> decode(link("https://example.org/kseri/?seed=4", m)).round.plays == m.round.plays
True
>>> decode("#r=1AAAA")
Traceback (most recent call last):
...
kseri.engine.errors.RecordError: share link: damaged or cut short (the compressed data does not check out)
>>> decode("#seed=4")
Traceback (most recent call last):
...
kseri.engine.errors.RecordError: share link: no game in it (expected '#r=...')
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from kseri.engine.cards import CODES
from kseri.engine.errors import KseriError, RecordError
from kseri.engine.errors import one_line as _one_line
from kseri.engine.jsontext import parse_json
from kseri.engine.match import Match
from kseri.engine.record import FORMAT, from_record, to_record
from kseri.table.querystring import parse_query

__all__ = ["KEY", "MAX_FRAGMENT", "MAX_UNPACKED", "decode", "decode_record", "encode", "link"]

KEY = "r"
"""The fragment parameter that carries a game: ``#r=...``."""

MAX_FRAGMENT = 20_000
"""Longest payload :func:`decode` reads (a finished match is ~1,200 characters)."""

MAX_UNPACKED = 200_000
"""Most bytes a payload may unpack to (guards against a crafted zlib bomb)."""

_BINARY, _JSON = "1", "J"
_B64URL = re.compile(r"[A-Za-z0-9_-]*")
_INDEX = {code: i for i, code in enumerate(CODES)}
_HEADER = ("rules", "first_dealer", "seats", "takebacks", "returned")
"""Version 1's header line: the record's fields other than its rounds (``seats``, ``takebacks`` and
``returned`` optional; a link carries ``takebacks`` only when cards were taken back,
:mod:`kseri.table.takeback`, and ``returned``, every round's cards put back from its opening, only when
some round has any)."""
_DECK = len(CODES)
"""Bytes of a round's deck in version 1: one per card of the pack (52)."""


def _fail(message: str) -> RecordError:
    return RecordError(f"share link: {message}")


def _as_record(game: Any) -> dict[str, Any]:
    """A checked, canonical record from a Match, a record object or record JSON text (its ``seats``,
    who sits where, kept as they are: the page checks them when it opens the link)."""
    if isinstance(game, Match):
        return to_record(game)
    if isinstance(game, (str, bytes)):
        try:
            game = parse_json(game, what="record")
        except KseriError as exc:
            raise RecordError(_one_line(exc)) from None
    record = to_record(from_record(game))
    seats = game.get("seats") if isinstance(game, dict) else None
    if isinstance(seats, list) and all(isinstance(entry, str) for entry in seats):
        record["seats"] = seats
    takebacks = game.get("takebacks") if isinstance(game, dict) else None
    if type(takebacks) is int and takebacks > 0:
        record["takebacks"] = takebacks
    return record


def _pack_binary(record: dict[str, Any]) -> bytes | None:
    """Version 1's bytes, or None when a play is not a plain card code."""
    head = {key: record[key] for key in _HEADER if key in record}
    if any(entry.get("returned") for entry in record["rounds"]):
        head["returned"] = [entry.get("returned", []) for entry in record["rounds"]]
    header = json.dumps(head, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    body = bytearray()
    for entry in record["rounds"]:
        deck, plays = entry["deck"], entry["plays"]
        if len(deck) != _DECK or len(plays) > 255 or any(code not in _INDEX for code in (*deck, *plays)):
            return None
        body += bytes(_INDEX[code] for code in deck)
        body.append(len(plays))
        body += bytes(_INDEX[code] for code in plays)
    return header + b"\n" + bytes(body)


def encode(game: Match | dict[str, Any] | str) -> str:
    """The URL fragment (without ``#``) that carries ``game``: ``"r=1..."``.

    ``game`` is a :class:`~kseri.engine.match.Match`, a ``kseri-record/1`` object or its
    JSON text; a record is checked first (:class:`~kseri.engine.errors.RecordError` if it
    breaks a rule), so a link is never made for a game that cannot be replayed.
    The text uses only ``A-Z a-z 0-9 - _ = 1``: it needs no escaping in a URL.
    """
    record = _as_record(game)
    packed = _pack_binary(record)
    version = _BINARY
    if packed is None:
        version = _JSON
        packed = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    data = base64.urlsafe_b64encode(zlib.compress(packed, 9)).rstrip(b"=").decode("ascii")
    return f"{KEY}={version}{data}"


def link(page_url: str, game: Match | dict[str, Any] | str) -> str:
    """``page_url`` with its fragment replaced by :func:`encode`'s text (query kept)."""
    return page_url.split("#", 1)[0] + "#" + encode(game)


def _payload(fragment: str) -> str:
    """The ``r`` value of a fragment given as ``#r=..``, ``r=..``, a whole URL or the bare value."""
    if not isinstance(fragment, str):
        raise _fail(f"expected text, got {type(fragment).__name__}")
    text = fragment.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    if "=" not in text:
        return text  # the bare value
    for key, value in parse_query(text):
        if key == KEY:
            return value.strip()
    raise _fail(f"no game in it (expected '#{KEY}=...')")


def _unpack(data: str) -> bytes:
    if len(data) > MAX_FRAGMENT:
        raise _fail(f"too long ({len(data)} characters; at most {MAX_FRAGMENT})")
    if not data or not _B64URL.fullmatch(data) or len(data) % 4 == 1:
        raise _fail("not base64url text (letters, digits, '-' and '_' only)")
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise _fail("not base64url text (letters, digits, '-' and '_' only)") from None
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(packed, MAX_UNPACKED)
        if inflate.unconsumed_tail:
            raise _fail(f"unpacks to more than {MAX_UNPACKED} bytes")
        raw += inflate.flush()
    except zlib.error:
        raise _fail("damaged or cut short (the compressed data does not check out)") from None
    if not inflate.eof:
        raise _fail("damaged or cut short (the compressed data does not check out)")
    if inflate.unused_data:
        raise _fail("damaged (extra bytes after the compressed data)")
    return raw


def _read_binary(raw: bytes) -> dict[str, Any]:
    header, sep, body = raw.partition(b"\n")
    if not sep:
        raise _fail("damaged (no header line)")
    try:
        head = parse_json(header, what="header")
    except KseriError as exc:
        raise _fail(f"damaged (the header is not JSON we can read: {_one_line(exc)})") from None
    if not isinstance(head, dict) or not {"rules", "first_dealer"} <= set(head) <= set(_HEADER):
        raise _fail("damaged (the header must hold rules and first_dealer, and may hold seats, takebacks and "
                    "returned)")
    returned = head.pop("returned", [])
    if not isinstance(returned, list):
        raise _fail("damaged (the header's returned is not a list)")
    rounds: list[dict[str, list[str]]] = []
    i = 0
    while i < len(body):
        where = f"round {len(rounds)}"
        if len(body) - i < _DECK + 1:
            raise _fail(f"{where}: cut short")
        deck = body[i:i + _DECK]
        count = body[i + _DECK]
        plays = body[i + _DECK + 1:i + _DECK + 1 + count]
        if len(plays) != count:
            raise _fail(f"{where}: cut short ({len(plays)} of {count} plays)")
        bad = next((b for b in (*deck, *plays) if b >= _DECK), None)
        if bad is not None:
            raise _fail(f"{where}: byte {bad} is not a card")
        rounds.append({"deck": [CODES[b] for b in deck], "plays": [CODES[b] for b in plays]})
        i += _DECK + 1 + count
    if len(returned) > len(rounds):
        raise _fail(f"damaged (the header's returned lists {len(returned)} rounds, the link {len(rounds)})")
    for number, (entry, cards) in enumerate(zip(rounds, returned, strict=False)):
        if not isinstance(cards, list):
            raise _fail(f"damaged (the header's returned for round {number} is not a list)")
        if cards:  # (checked with the rest of the record when it is replayed)
            entry["returned"] = cards
    return {"format": FORMAT, **head, "rounds": rounds}


def decode_record(fragment: str) -> dict[str, Any]:
    """The ``kseri-record/1`` object in a fragment, *unchecked* (see :func:`decode`)."""
    value = _payload(fragment)
    if not value:
        raise _fail(f"empty (expected '#{KEY}=...')")
    version, data = value[0], value[1:]
    if version not in (_BINARY, _JSON):
        raise _fail(f"unknown version {version!r} (a newer version's link? this page reads {_BINARY!r} and {_JSON!r})")
    raw = _unpack(data)
    if version == _BINARY:
        return _read_binary(raw)
    try:
        record = parse_json(raw, what="record")
    except KseriError as exc:
        raise _fail(f"damaged (not JSON we can read inside: {_one_line(exc)})") from None
    if not isinstance(record, dict):
        raise _fail("damaged (not a record inside)")
    return record


def decode(fragment: str) -> Match:
    """The game in a link's fragment, replayed and checked (``#r=...``, ``r=...``, a URL).

    Raises :class:`~kseri.engine.errors.RecordError` with a one-line message starting
    ``share link:`` for anything that is not a whole, legal game: garbage, a cut
    or edited link, an unknown version, or plays the rules do not allow (the
    message then names the round and play, as the record reader does).
    """
    record = decode_record(fragment)
    try:
        return from_record(record)
    except KseriError as exc:
        raise _fail(str(exc)) from None
