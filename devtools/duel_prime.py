"""Find the fair deal's prime again: ``python3 -m devtools.duel_prime`` (a minute or two).

:data:`kseri.table.duel.group.P` is the first safe prime (``P`` and ``(P - 1) / 2`` both prime) at
or above :func:`kseri.table.duel.group.prime_start`, a 1024-bit number made from SHA-512 of a fixed
text. This tool searches upward from there (every safe prime above 7 is 11 modulo 12, so it steps
by 12), sieving by small primes and then testing with Miller–Rabin, and prints the prime and its
offset; ``--check`` fails unless they are the ones in the code.
"""

from __future__ import annotations

import argparse
import sys
import time

from kseri.table.duel.group import PRIME_OFFSET, P, prime_start

SIEVE_LIMIT = 20_000
BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53)


def _small_primes(limit: int) -> list[int]:
    sieve = bytearray([1]) * (limit + 1)
    sieve[0] = sieve[1] = 0
    for i in range(2, int(limit ** 0.5) + 1):
        if sieve[i]:
            sieve[i * i::i] = bytearray(len(sieve[i * i::i]))
    return [i for i in range(3, limit + 1) if sieve[i]]


def probably_prime(n: int, bases: tuple[int, ...] = BASES) -> bool:
    """Miller–Rabin with fixed bases (no composite of this size is known to pass all sixteen)."""
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in bases:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def find(start: int) -> int:
    """The first safe prime at or above ``start``."""
    small = _small_primes(SIEVE_LIMIT)
    p = start + (11 - start) % 12
    while True:
        q = p >> 1
        if all(q % s and p % s for s in small) and probably_prime(q, (2,)) and probably_prime(p, (2,)) \
                and probably_prime(q) and probably_prime(p):
            return p
        p += 12


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail unless the prime found is the code's")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    start = prime_start()
    prime = find(start)
    print(f"P = {prime:#x}\noffset = {prime - start} ({time.perf_counter() - started:.0f} s)")
    if args.check and (prime != P or prime - start != PRIME_OFFSET):
        print("duel_prime: not the prime in kseri/table/duel/group.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
