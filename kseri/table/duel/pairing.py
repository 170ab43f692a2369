"""Pairing two devices: the match key (Diffie–Hellman in the deal's group), the code both screens
show, and the coin that picks who deals first.

>>> import random
>>> rng = random.Random(1)
>>> a, b = new_secret(rng), new_secret(rng)
>>> match = bytes(8)
>>> key_a = match_key(match, public(a), public(b), shared(public(b), a))
>>> key_b = match_key(match, public(a), public(b), shared(public(a), b))
>>> key_a == key_b, len(pairing_code(key_a))
(True, 9)
>>> host, guest = b"h" * 32, b"g" * 32
>>> first_dealer(host, guest) in (0, 1), coin_digest(match, host) != coin_digest(match, guest)
(True, True)
"""

from __future__ import annotations

import hashlib
import random

from kseri.table.duel.group import GENERATOR, lock, new_exponent, to_bytes

__all__ = ["coin_digest", "first_dealer", "match_key", "new_coin", "new_secret", "pairing_code", "public", "shared"]


def new_secret(rng: random.Random) -> int:
    """A device's secret half of the key agreement."""
    return new_exponent(rng)


def public(secret: int) -> int:
    """The half sent in the device's hello."""
    return lock(GENERATOR, secret)


def shared(their_public: int, secret: int) -> int:
    return lock(their_public, secret)


def match_key(match: bytes, host_public: int, guest_public: int, secret: int) -> bytes:
    """The key every message of the match is sealed with (32 bytes)."""
    return hashlib.sha256(b"kseri duel key/1" + match + to_bytes(host_public) + to_bytes(guest_public)
                          + to_bytes(secret)).digest()


def pairing_code(key: bytes) -> str:
    """Eight digits from the match key (``1234 5678``): the same on both screens unless someone sat between
    the two devices when they paired; friends can compare them by voice."""
    number = int.from_bytes(hashlib.sha256(b"kseri duel code/1" + key).digest()[:8], "big") % 10**8
    return f"{number // 10**4:04d} {number % 10**4:04d}"


def new_coin(rng: random.Random) -> bytes:
    return rng.getrandbits(256).to_bytes(32, "big")


def coin_digest(match: bytes, coin: bytes) -> bytes:
    """The inviter's commitment to its coin, sent before it sees the friend's."""
    return hashlib.sha256(b"kseri duel coin/1" + match + coin).digest()


def first_dealer(host_coin: bytes, guest_coin: bytes) -> int:
    """Who deals the first round (0: the inviter, 1: the friend): neither coin alone decides it."""
    return hashlib.sha256(b"kseri duel deal/1" + host_coin + guest_coin).digest()[0] & 1
