"""A match against a friend as this device keeps it between visits: ``kseri-duel/1`` JSON.

It holds this device's secrets (its keys, its half of the pairing), what the friend sent (locked
values only), the cards this device may see and the plays: never a card it may not see, and
never a card's plain element (``docs/formats.md`` §"Playing a friend: the saved match"). A
round played out and checked keeps only its cards and plays.

Anything that is not such a save is refused in one line (:class:`~kseri.table.duel.errors.DuelError`).

>>> import random
>>> from kseri.engine.rules import GREEK
>>> from kseri.table.duel.peer import Peer
>>> host = Peer.invite(name="Anna", rules=GREEK, rng=random.Random(1))
>>> again = load(dump(host), rng=random.Random(2))
>>> (again.match, again.name, again.outbox) == (host.match, host.name, host.outbox)
True
>>> load('{"format": "kseri-duel/9"}', rng=random.Random(2))
Traceback (most recent call last):
...
kseri.table.duel.errors.DuelError: the saved match has format 'kseri-duel/9', not 'kseri-duel/1'
"""

from __future__ import annotations

import base64
import binascii
import json
import random
from collections.abc import Callable
from typing import Any

from kseri.engine.cards import CODES, Card
from kseri.engine.errors import KseriError, one_line
from kseri.engine.rules import rules_from_text
from kseri.engine.state import most_returned
from kseri.table.duel.codec import NAME_LIMIT
from kseri.table.duel.deal import duel_refusal
from kseri.table.duel.errors import DuelError
from kseri.table.duel.group import ELEMENT_BYTES, EXPONENT_BITS, Q
from kseri.table.duel.peer import Peer
from kseri.table.duel.rounds import DuelRound, Opened, ShufflePass
from kseri.table.saves import read_save

__all__ = ["FORMAT", "dump", "load"]

FORMAT = "kseri-duel/1"


# --------------------------------------------------------------------------- writing


def _blob(values: list[int] | None) -> str | None:
    if values is None:
        return None
    return base64.b64encode(b"".join(v.to_bytes(ELEMENT_BYTES, "big") for v in values)).decode("ascii")


def _hex(value: bytes | None) -> str | None:
    return None if value is None else value.hex()


def _round(r: DuelRound) -> dict[str, Any]:
    data: dict[str, Any] = {"first": r.first, "dealer": r.dealer, "known": [[p, CODES[c]] for p, c in
                                                                             sorted(r.known.items())],
                            "moves": list(r.moves), "positions": list(r.positions), "verified": r.verified}
    if r.returned:
        data["returned"] = [CODES[c] for c in r.returned]
    if r.verified:
        return data
    data.update({
        "my_keys": [format(k, "x") for k in r.my_keys],
        "passes": [{"source": _blob(p.source), "middle": _blob(p.middle), "result": _blob(p.result),
                    "opened": p.opened} for p in r.passes],
        "deck": _blob(r.deck),
        "tables": [_blob(t) for t in r.tables],
        "sent": sorted([p, layers] for p, layers in r.sent),
        "received": [[o.position, o.layers, _blob([o.target]), _blob([o.value])] for o in r.received],
    })
    return data


def dump(peer: Peer) -> str:
    """The match as ``kseri-duel/1`` JSON text."""
    data = {
        "format": FORMAT,
        "role": peer.role,
        "match": peer.match.hex(),
        "rules": peer.rules_text,
        "name": peer.name,
        "friend": peer.friend,
        "secret": format(peer.secret, "x"),
        "publics": [_blob([x]) if x is not None else None for x in peer.publics],
        "key": _hex(peer.key),
        "coin": peer.coin.hex(),
        "their_coin": _hex(peer.their_coin),
        "commit": _hex(peer.commit),
        "first_dealer": peer.first_dealer,
        "sent": peer.sent,
        "received": peer.received,
        "last_in": _hex(peer.last_in),
        "outbox": None if peer.outbox is None else base64.b64encode(peer.outbox).decode("ascii"),
        "broken": peer.broken,
        "rounds": [_round(r) for r in peer.rounds],
    }
    return json.dumps(data, separators=(",", ":"))


# --------------------------------------------------------------------------- reading


class _Fields:
    """Typed reads of one JSON object's fields; every failure is one :class:`DuelError` line."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise DuelError(f"the saved match's {where} is not an object")
        self.data = data
        self.where = where

    def fail(self, name: str, what: str) -> DuelError:
        return DuelError(f"the saved match's {self.where} field {name!r} is not {what}")

    def _checked(self, name: str, fits: Callable[[Any], bool], what: str, *, optional: bool = False) -> Any:
        """Field ``name`` if ``fits`` says it does (None if it is missing or null and ``optional``);
        else the one-line error saying it is not ``what``."""
        value = self.data.get(name)
        if value is None and optional:
            return None
        if not fits(value):
            raise self.fail(name, what)
        return value

    def integer(self, name: str, low: int, high: int, *, optional: bool = False) -> int | None:
        value: int | None = self._checked(name, lambda v: type(v) is int and low <= v <= high,
                                          f"a number from {low} to {high}", optional=optional)
        return value

    def number(self, name: str, low: int, high: int) -> int:
        value = self.integer(name, low, high)
        assert value is not None
        return value

    def flag(self, name: str) -> bool:
        value: bool = self._checked(name, lambda v: isinstance(v, bool), "true or false")
        return value

    def text(self, name: str, limit: int, *, optional: bool = False) -> str | None:
        value: str | None = self._checked(name, lambda v: isinstance(v, str) and len(v) <= limit,
                                          f"a text of at most {limit} characters", optional=optional)
        return value

    def string(self, name: str, limit: int) -> str:
        value = self.text(name, limit)
        assert value is not None
        return value

    def hex_bytes(self, name: str, size: int, *, optional: bool = False) -> bytes | None:
        value = self.text(name, 2 * size, optional=optional)
        if value is None:
            return None
        try:
            raw = bytes.fromhex(value)
        except ValueError:
            raise self.fail(name, "hexadecimal") from None
        if len(raw) != size:
            raise self.fail(name, f"{size} bytes")
        return raw

    def items(self, name: str, limit: int, *, optional: bool = False) -> list[Any] | None:
        value: list[Any] | None = self._checked(name, lambda v: isinstance(v, list) and len(v) <= limit,
                                                f"a list of at most {limit} entries", optional=optional)
        return value


def _key(value: Any, what: str) -> int:
    if not isinstance(value, str) or not 1 <= len(value) <= EXPONENT_BITS // 4:
        raise DuelError(f"the saved match's {what} is not a key")
    try:
        key = int(value, 16)
    except ValueError:
        raise DuelError(f"the saved match's {what} is not a key") from None
    if not 2 <= key < 1 << EXPONENT_BITS:
        raise DuelError(f"the saved match's {what} is not a key")
    return key


def _elements(value: Any, what: str, *, most: int = 52) -> list[int] | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 4 * ELEMENT_BYTES * most // 3 + 4:
        raise DuelError(f"the saved match's {what} is not a list of values")
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise DuelError(f"the saved match's {what} is not base64") from None
    if len(raw) % ELEMENT_BYTES:
        raise DuelError(f"the saved match's {what} is cut short")
    values = [int.from_bytes(raw[i:i + ELEMENT_BYTES], "big") for i in range(0, len(raw), ELEMENT_BYTES)]
    if any(not 2 <= v <= Q for v in values):
        raise DuelError(f"the saved match's {what} holds a value outside the group")
    return values


def _element(value: Any, what: str) -> int:
    values = _elements(value, what, most=1)
    if values is None or len(values) != 1:
        raise DuelError(f"the saved match's {what} is not one value")
    return values[0]


def _read_round(data: Any, peer: Peer, number: int) -> DuelRound:
    f = _Fields(data, f"round {number}")
    cards = peer.rules.cards
    r = DuelRound(rules=peer.rules, first=f.number("first", 0, 1), dealer=f.number("dealer", -1, 1))
    for entry in f.items("known", cards) or []:
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int and 0 <= entry[0] < cards):
            raise f.fail("known", "a list of [position, card] pairs")
        try:
            r.known[entry[0]] = Card.parse(entry[1]).index
        except (KseriError, TypeError):
            raise f.fail("known", "a list of [position, card] pairs") from None
    moves = f.items("moves", cards) or []
    positions = f.items("positions", cards) or []
    if not all(isinstance(m, str) and len(m) <= 40 for m in moves) or len(positions) != len(moves) \
            or not all(type(p) is int and 0 <= p < cards for p in positions):
        raise f.fail("moves", "a list of plays with their positions")
    r.moves, r.positions = list(moves), list(positions)
    try:
        listed = f.items("returned", most_returned(peer.rules), optional=True) or []
        r.returned = [Card.parse(code).index for code in listed]
    except (KseriError, TypeError):
        raise f.fail("returned", "a list of card codes") from None
    r.verified = f.flag("verified")
    if r.verified:
        return r
    r.my_keys = [_key(k, f"round {number} key") for k in f.items("my_keys", 8) or []]
    for i, entry in enumerate(f.items("passes", 8) or []):
        p = _Fields(entry, f"round {number} pass {i}")
        r.passes.append(ShufflePass(source=_elements(p.data.get("source"), "pass source"),
                                    middle=_elements(p.data.get("middle"), "pass values"),
                                    result=_elements(p.data.get("result"), "pass result"), opened=p.flag("opened")))
    r.deck = _elements(data.get("deck"), "deck")
    r.tables = [_elements(t, "table") or [] for t in f.items("tables", 8) or []]
    if any(len(t) != cards for t in r.tables) or (r.deck is not None and len(r.deck) != cards):
        raise f.fail("tables", f"lists of {cards} values")
    for entry in f.items("sent", 2 * cards) or []:
        if not (isinstance(entry, list) and len(entry) == 2 and all(type(x) is int and 0 <= x < cards for x in entry)):
            raise f.fail("sent", "a list of [position, layers] pairs")
        r.sent.add((entry[0], entry[1]))
    for entry in f.items("received", 4 * cards) or []:
        if not (isinstance(entry, list) and len(entry) == 4 and type(entry[0]) is int and 0 <= entry[0] < cards
                and type(entry[1]) is int and 1 <= entry[1] <= 8):
            raise f.fail("received", "a list of opened values")
        r.received.append(Opened(position=entry[0], layers=entry[1], target=_element(entry[2], "opened target"),
                                 value=_element(entry[3], "opened value")))
    if len(r.tables) > len(r.passes) or len(r.my_keys) > len(r.passes):
        raise f.fail("passes", "consistent with its keys and tables")
    return r


def load(text: str | None, *, rng: random.Random) -> Peer:
    """Read a saved match (``rng``: the generator for its later keys and shuffles); :class:`DuelError` (one line)
    for anything that is not a ``kseri-duel/1`` save this version can go on with."""
    data = read_save(text or "", name="saved match", what="saved match", format=FORMAT, fail=DuelError)
    f = _Fields(data, "header")
    rules_text = f.string("rules", 600)
    try:
        rules = rules_from_text(rules_text)
    except KseriError as exc:
        raise DuelError(f"the saved match's rules cannot be read ({one_line(exc)})") from None
    if duel_refusal(rules):
        raise DuelError(f"the saved match's rules are not for two devices ({duel_refusal(rules)})")
    match = f.hex_bytes("match", 8)
    coin = f.hex_bytes("coin", 32)
    assert match is not None and coin is not None
    peer = Peer(role=f.number("role", 0, 1), match=match, rules=rules, rules_text=rules_text,
                name=f.string("name", NAME_LIMIT), secret=_key(data.get("secret"), "secret"), coin=coin, rng=rng)
    peer.friend = f.string("friend", NAME_LIMIT)
    publics = f.items("publics", 2)
    if publics is None or len(publics) != 2:
        raise f.fail("publics", "two entries")
    peer.publics = [None if x is None else _element(x, "pairing half") for x in publics]
    peer.key = f.hex_bytes("key", 32, optional=True)
    peer.their_coin = f.hex_bytes("their_coin", 32, optional=True)
    peer.commit = f.hex_bytes("commit", 32, optional=True)
    peer.first_dealer = f.integer("first_dealer", 0, 1, optional=True)
    peer.sent = f.number("sent", 0, 65535)
    peer.received = f.number("received", 0, 65535)
    peer.last_in = f.hex_bytes("last_in", 16, optional=True)  # (none in a save from before it was kept)
    outbox = f.text("outbox", 30_000, optional=True)
    try:
        peer.outbox = None if outbox is None else base64.b64decode(outbox, validate=True)
    except (binascii.Error, ValueError):
        raise f.fail("outbox", "base64") from None
    peer.broken = f.text("broken", 400, optional=True)
    peer.rounds = [_read_round(entry, peer, n + 1) for n, entry in enumerate(f.items("rounds", 1000) or [])]
    try:
        peer.engine  # noqa: B018 - the match must play again from what was saved
    except KseriError as exc:
        raise DuelError(f"the saved match cannot be played again ({one_line(exc)})") from None
    except Exception as exc:  # a save this code did not write: still one line
        raise DuelError(f"the saved match cannot be played again ({type(exc).__name__})") from None
    return peer
