"""JSON from outside (records, links, saves, protocol lines), read within bounds.

Whatever arrives in a link, a saved game or a protocol line is read by
:func:`parse_json`, never by :func:`json.loads` directly, because plain JSON
parsing has three ways to fail badly on hostile text:

- an integer of more than 4,300 digits raises a bare ``ValueError`` from
  Python's integer conversion limit (and smaller giants still cost time);
- nesting thousands of levels deep exhausts the stack (in the page, Pyodide's
  WebAssembly stack, which kills the interpreter);
- ``NaN``, ``Infinity`` and ``1e999`` give floats no game value can hold.

And one way to give back something that is not text: ``"\\ud800"`` parses to a lone
surrogate, which cannot be encoded (a share link of it failed). Every string of the result is
:func:`~kseri.engine.text.valid_text` (a lone surrogate becomes U+FFFD).

Here the text's size and nesting depth are checked *before* it is parsed, and
numbers are checked as they are read; every failure is a :class:`JsonTextError`
(a :class:`~kseri.engine.errors.KseriError`, so a ``ValueError``) with one line
that names what was being read.

>>> parse_json('{"a": [1, 2.5, "x"]}', what="record")
{'a': [1, 2.5, 'x']}
>>> parse_json("[" * 100 + "]" * 100, what="rules")
Traceback (most recent call last):
...
kseri.engine.jsontext.JsonTextError: rules: nested more than 64 levels deep
>>> parse_json("1" * 5000, what="record")
Traceback (most recent call last):
...
kseri.engine.jsontext.JsonTextError: record: a number with more than 30 digits
>>> parse_json("1e999", what="stats")
Traceback (most recent call last):
...
kseri.engine.jsontext.JsonTextError: stats: a number out of range (1e999)
>>> parse_json('["person:\\ud800"]', what="seats")
['person:�']
>>> parse_json("[1,,2]", what="record")
Traceback (most recent call last):
...
kseri.engine.jsontext.JsonTextError: record: not JSON (Expecting value at line 1 column 4)
>>> parse_json('{"format": "a", "format": "b"}', what="record")
Traceback (most recent call last):
...
kseri.engine.jsontext.JsonTextError: record: the key 'format' is given twice
>>> parse_json('["10D', what="observation")
Traceback (most recent call last):
...
kseri.engine.jsontext.JsonTextError: observation: not JSON (Unterminated string starting at line 1 column 2)
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from kseri.engine.errors import KseriError, headline, one_line
from kseri.engine.text import valid_data

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "MAX_TEXT", "JsonTextError", "json_problem", "nesting_depth", "parse_json"]

MAX_TEXT = 2_000_000
"""Characters of JSON read at most (a record of a long match is ~30 kB; a URL ~2 MB at most)."""

MAX_DEPTH = 64
"""Nesting levels read at most; no format of the project nests deeper than 4."""

MAX_DIGITS = 30
"""Digits of one number read at most (seeds stay below 2**53: 16 digits)."""


class JsonTextError(KseriError):
    """Text that is not JSON, or JSON out of the bounds of :func:`parse_json`."""


def json_problem(exc: KseriError, what: str) -> str:
    """What :func:`parse_json` (reading ``what``) found, in a few words for a person, without the
    parser's details (where a person cannot mend the text, e.g. a saved game).

    >>> try:
    ...     parse_json("{not json", what="save")
    ... except JsonTextError as exc:
    ...     print(exc, "->", json_problem(exc, "save"))
    save: not JSON (Expecting property name enclosed in double quotes at line 1 column 2) -> not JSON
    """
    return headline(one_line(exc).removeprefix(f"{what}: "))


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep ``[``/``{`` nest in ``text`` outside strings (counting stops past ``limit``).

    >>> nesting_depth('{"a": [[1], "[[["]}')
    3
    """
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        else:
            depth -= 1
    return deepest


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_SURROGATES = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
"""A surrogate escaped (``\\ud800``) or raw: the parsed strings may then not be text."""
_BRACKETS = re.compile(r"[\[\]{}]")


def _quote(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def parse_json(text: str | bytes, *, what: str, max_text: int = MAX_TEXT, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads(text)`` within bounds; :class:`JsonTextError` naming ``what`` otherwise."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JsonTextError(f"{what}: not UTF-8 text") from None
    if len(text) > max_text:
        raise JsonTextError(f"{what}: {len(text):,} characters is too long (at most {max_text:,})")
    openers = text.count("[") + text.count("{")  # no deeper than this: most texts need no scan
    if openers > max_depth and nesting_depth(text, max_depth) > max_depth:
        raise JsonTextError(f"{what}: nested more than {max_depth} levels deep")

    def number(literal: str) -> int:
        if len(literal.lstrip("-")) > MAX_DIGITS:
            raise JsonTextError(f"{what}: a number with more than {MAX_DIGITS} digits")
        return int(literal)

    def real(literal: str) -> float:
        if len(literal) > MAX_DIGITS + 10:
            raise JsonTextError(f"{what}: a number with more than {MAX_DIGITS} digits")
        value = float(literal)
        if not math.isfinite(value):
            raise JsonTextError(f"{what}: a number out of range ({_quote(literal)})")
        return value

    def constant(literal: str) -> float:
        raise JsonTextError(f"{what}: {literal} is not a number JSON allows")

    def mapping(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        # json.loads keeps the last of two equal keys: a record could then say two things at once
        # ({"format": "kseri-record/2", ..., "format": "kseri-record/1"}) and be read as one of them.
        data = dict(pairs)
        if len(data) != len(pairs):
            seen: set[str] = set()
            for key, _value in pairs:
                if key in seen:
                    raise JsonTextError(f"{what}: the key {_quote(repr(key), 40)} is given twice")
                seen.add(key)
        return data

    try:
        data = json.loads(text, parse_int=number, parse_float=real, parse_constant=constant,
                          object_pairs_hook=mapping)
    except JsonTextError:
        raise
    except (ValueError, RecursionError) as exc:
        # Some of json's messages end in "at", ready for the position ("Unterminated string starting at")
        message = exc.msg.removesuffix(" at") if isinstance(exc, json.JSONDecodeError) else type(exc).__name__
        where = f" at line {exc.lineno} column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else ""
        raise JsonTextError(f"{what}: not JSON ({message}{where})") from None
    return valid_data(data) if _SURROGATES.search(text) else data
