"""Query strings (``a=1&b=x%20y``) read the way :func:`urllib.parse.parse_qsl` reads them.

Why not :mod:`urllib.parse` itself: in the page every standard-library module
is compiled from source on import, and ``urllib.parse`` (with ``ipaddress``)
cost ~50-90 ms of the page's start-up under WebAssembly, for three small jobs.
The tests check these against ``urllib.parse`` on arbitrary text.

>>> parse_query("seed=7&level=hard&x")
[('seed', '7'), ('level', 'hard'), ('x', '')]
>>> unquote("ten%20of%20%E2%99%A6")
'ten of ♦'
>>> without_keys("?seed=7&lang=el&level=hard", {"seed", "level"})
'?lang=el'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["param", "parse_query", "unquote", "without_keys"]

_HEX = frozenset("0123456789abcdefABCDEF")
_ASCII_RUNS = re.compile("([\x00-\x7f]+)")


def _unquote_ascii(run: str) -> str:
    parts = run.split("%")
    out = bytearray(parts[0].encode("ascii"))
    for part in parts[1:]:
        if len(part) >= 2 and part[0] in _HEX and part[1] in _HEX:
            out.append(int(part[:2], 16))
            out += part[2:].encode("ascii")
        else:
            out += b"%" + part.encode("ascii")
    return out.decode("utf-8", "replace")


def unquote(text: str) -> str:
    """Decode ``%XX`` escapes as UTF-8 (bad bytes become U+FFFD); a stray ``%`` stays.

    Like ``urllib.parse.unquote``, escapes are decoded within runs of ASCII text;
    other characters (even a lone surrogate) pass through as they are.
    """
    if "%" not in text:
        return text
    bits = _ASCII_RUNS.split(text)
    out = [bits[0]]
    for i in range(1, len(bits), 2):
        out.append(_unquote_ascii(bits[i]))
        out.append(bits[i + 1])
    return "".join(out)


def _unquote_plus(text: str) -> str:
    return unquote(text.replace("+", " "))


def parse_query(query: str) -> list[tuple[str, str]]:
    """``name=value`` pairs split on ``&``, decoded; blank values kept, empty parts skipped.

    The same as ``urllib.parse.parse_qsl(query, keep_blank_values=True)``.
    """
    pairs = []
    for part in query.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        pairs.append((_unquote_plus(name), _unquote_plus(value)))
    return pairs


def without_keys(search: str, keys: Iterable[str]) -> str:
    """``search`` (``?a=1&b=2``) without the parameters named in ``keys``; the rest kept as written."""
    drop = set(keys)
    kept = [part for part in search.lstrip("?").split("&")
            if part and _unquote_plus(part.partition("=")[0]) not in drop]
    return "?" + "&".join(kept) if kept else ""


def param(search: str, name: str) -> str:
    """The first value of parameter ``name`` in ``search`` (``?a=1&lang=el``), ``""`` when absent.

    >>> param("?seed=3&lang=el", "lang"), param("?lang", "lang"), param("", "lang")
    ('el', '', '')
    """
    return next((value for key, value in parse_query(search.lstrip("?")) if key == name), "")
