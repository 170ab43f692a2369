"""The group the fair deal computes in, the cards as its elements, and the exponents that lock them.

Two devices deal a pack that neither can see alone by locking every card with a secret exponent
each ("commutative encryption", SRA / Pohlig–Hellman): a card ``m`` locked by both is
``m ** (a * b)``, whoever locked first, and each side can take its own lock off again.

The group is the integers modulo a 1024-bit safe prime :data:`P` (``P = 2Q + 1`` with :data:`Q`
prime) taken up to sign: an element is a class ``{x, P - x}``, written as its smaller member
(:func:`norm`), so every element is an integer from 1 to :data:`Q`. This quotient group has the prime
order :data:`Q` (it is isomorphic to the quadratic residues modulo ``P``, by squaring), so:

- every integer from 2 to :data:`Q` is an element of order ``Q``: checking a value received from
  the other device is a range check (:func:`element`), with no small subgroup in which an
  exponent could be probed and no residue symbol that survives locking (the leak of the
  original SRA scheme over all of ``Z/P``);
- any exponent from 2 to ``Q - 1`` locks, and its inverse modulo ``Q`` unlocks (:func:`unlock`).

The prime is the first safe prime at or above a number drawn from SHA-512 of a fixed text
(:func:`prime_start`; ``devtools/duel_prime.py`` finds it again), so nobody chose it and no
precomputation made for a well-known prime applies to it. Why 1024 bits is enough here
(the secret lasts one round; every key is published at its end) and how fast it is in the page:
``docs/architecture.md`` §"Playing a friend: what each device learns".

Cards are elements derived from their codes by SHA-512 (:data:`CARD_ELEMENTS`): no one knows the
discrete logarithm of one card's element to another's, which the scheme needs (cards encoded
as small numbers or as powers of one base would let a locked pack be matched to the pack).

>>> len(CARD_ELEMENTS), len(set(CARD_ELEMENTS)), all(2 <= x <= Q for x in CARD_ELEMENTS)
(52, 52, True)
>>> a, b = 0xA11CE << 200, 0xB0B << 240
>>> m = CARD_ELEMENTS[7]
>>> lock(lock(m, a), b) == lock(lock(m, b), a)
True
>>> unlock(unlock(lock(lock(m, a), b), a), b) == m
True
>>> from_bytes(to_bytes(m)) == m
True
"""

from __future__ import annotations

import hashlib
import random

from kseri.engine.cards import CODES
from kseri.table.duel.errors import DuelError

__all__ = [
    "CARD_ELEMENTS",
    "ELEMENT_BYTES",
    "EXPONENT_BITS",
    "EXPONENT_BYTES",
    "GENERATOR",
    "PRIME_OFFSET",
    "P",
    "Q",
    "card_of",
    "element",
    "exponent",
    "from_bytes",
    "lock",
    "lock_all",
    "new_exponent",
    "norm",
    "prime_start",
    "to_bytes",
    "unlock",
]

P = int(
    "9239392ce118ca31d68fa7c6b6cfa5506a90a5c8deea9e164bd08644b36ae13f"
    "f00631055432ba54f74f5f6b9ff12e98e833fbf9fe1ffe6b538b43567c0992dc"
    "575c481b8ca6a3f9db55bd6a0565e392111ca20d1374a3a8bb0a43899c2ca485"
    "174f720f6d27c28a61a5eead5763d95c360fdfa0b013e1bb6032df2ace46b84f", 16)
"""The 1024-bit safe prime: :func:`prime_start` ``+`` :data:`PRIME_OFFSET`."""
PRIME_OFFSET = 1_299_745
"""How far above :func:`prime_start` the first safe prime lies (``devtools/duel_prime.py``)."""
Q = (P - 1) // 2
"""The prime order of the group."""
GENERATOR = 2
"""A generator of the group (any element but 1 is one: its order is prime), for the pairing's key agreement."""
ELEMENT_BYTES = 128
"""An element on the wire: big-endian, always this many bytes (so a message's size says nothing about it)."""
EXPONENT_BITS = 256
"""The size of a secret exponent: short exponents (the locking is the deal's whole cost), twice the
security level the group gives, so that Pollard's kangaroo on the exponent is no shortcut."""
EXPONENT_BYTES = EXPONENT_BITS // 8


def prime_start() -> int:
    """The number the search for :data:`P` starts from: 1024 bits of SHA-512 of a fixed text, top bit set.

    >>> P - prime_start() == PRIME_OFFSET
    True
    """
    seed = b"".join(hashlib.sha512(b"kseri duel group/1 #%d" % i).digest() for i in range(2))
    return int.from_bytes(seed, "big") | (1 << 1023)


def norm(x: int) -> int:
    """The element of the class ``{x, P - x}``: its smaller member.

    >>> norm(P - 5), norm(5)
    (5, 5)
    """
    x %= P
    return x if x <= Q else P - x


def element(value: int, what: str = "a value") -> int:
    """``value`` if it is an element other than the identity (2 to :data:`Q`), else :class:`DuelError`.

    >>> element(1)
    Traceback (most recent call last):
    ...
    kseri.table.duel.errors.DuelError: a value is not an element of the group (it must lie between 2 and Q)
    """
    if not 2 <= value <= Q:
        raise DuelError(f"{what} is not an element of the group (it must lie between 2 and Q)")
    return value


def exponent(value: int, what: str = "a key") -> int:
    """``value`` if it can be a secret exponent (2 to ``2 ** EXPONENT_BITS - 1``), else :class:`DuelError`."""
    if not 2 <= value < 1 << EXPONENT_BITS:
        raise DuelError(f"{what} is not a key ({EXPONENT_BITS}-bit number from 2)")
    return value


def new_exponent(rng: random.Random) -> int:
    """A fresh secret exponent of exactly :data:`EXPONENT_BITS` bits (the page passes the browser's
    cryptographic generator, ``random.SystemRandom``; tests a seeded one)."""
    return rng.getrandbits(EXPONENT_BITS) | (1 << (EXPONENT_BITS - 1))


def lock(x: int, key: int) -> int:
    """``x`` locked with the exponent ``key``."""
    return norm(pow(x, key, P))


def unlock(x: int, key: int) -> int:
    """``x`` with the lock of ``key`` taken off (a full-size exponent: about five times the cost of :func:`lock`)."""
    return norm(pow(x, pow(key, -1, Q), P))


def lock_all(values: list[int], key: int) -> list[int]:
    """Every value locked with ``key``, in the same order."""
    return [norm(pow(x, key, P)) for x in values]


def to_bytes(x: int) -> bytes:
    """An element as :data:`ELEMENT_BYTES` bytes."""
    return x.to_bytes(ELEMENT_BYTES, "big")


def from_bytes(data: bytes, what: str = "a value") -> int:
    """An element read from :data:`ELEMENT_BYTES` bytes (:class:`DuelError` if it is none)."""
    if len(data) != ELEMENT_BYTES:
        raise DuelError(f"{what} has {len(data)} bytes, not {ELEMENT_BYTES}")
    return element(int.from_bytes(data, "big"), what)


def _card_element(code: str) -> int:
    digest = b"".join(hashlib.sha512(f"kseri duel card/1 {code} #{i}".encode()).digest() for i in range(3))
    return norm(int.from_bytes(digest, "big"))


CARD_ELEMENTS: tuple[int, ...] = tuple(_card_element(code) for code in CODES)
"""Each card's element, by card index (the "plain" card: what both locks are put on)."""
_CARD_OF = {x: index for index, x in enumerate(CARD_ELEMENTS)}


def card_of(x: int) -> int | None:
    """The card index whose element is ``x`` (None: no card's)."""
    return _CARD_OF.get(x)
