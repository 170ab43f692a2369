"""Text from outside made valid, and a person's name made safe to show inside a sentence.

A JSON string in a link or a saved game may hold a lone surrogate (``"\\ud800"``): Python
keeps it, but it is not text, and encoding it (UTF-8 for a share link, say) fails. Whatever
comes from outside goes through :func:`valid_text` before it is stored or shown: a lone
surrogate becomes U+FFFD, the replacement character (a pair written as two escapes stays the
character it names).

A name is shown inside sentences ("Pass the device to {name}"). A right-to-left name, or one
holding a bidirectional override (U+202E), would reorder the words around it. :func:`plain_name`
drops the explicit bidirectional controls from a name (embeddings, overrides, isolates: nobody
types them), and :func:`isolated` wraps a name in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE,
the plain-text form of ``<bdi>``: the name keeps its own direction and the sentence around it
keeps its own, in the page's HTML as in its attributes and spoken announcements.

>>> valid_text("A\\ud800B"), valid_text("\\ud83d\\ude00") == "\\U0001F600", valid_text("Άννα")
('A�B', True, 'Άννα')
>>> plain_name("\\u202eAnna\\u202c"), isolated("Anna")
('Anna', '\\u2068Anna\\u2069')
>>> unisolated(isolated("Anna") + " & " + isolated("Bob"))
'Anna & Bob'
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["FSI", "PDI", "isolated", "plain_name", "unisolated", "valid_data", "valid_text"]

FSI = "\u2068"
"""FIRST STRONG ISOLATE: what follows, up to :data:`PDI`, takes the direction of its first strong letter."""
PDI = "\u2069"
"""POP DIRECTIONAL ISOLATE: ends the isolate."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
"""Embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and isolates (LRI, RLI, FSI, PDI)."""


def valid_text(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD (surrogate pairs joined)."""
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def valid_data(value: Any) -> Any:
    """Parsed JSON with every string in it (keys too) made :func:`valid_text`.

    >>> valid_data({"seats": ["person:\\udc00"], "\\ud800": 1})
    {'seats': ['person:�'], '�': 1}
    """
    if isinstance(value, str):
        return valid_text(value)
    if isinstance(value, list):
        return [valid_data(item) for item in value]
    if isinstance(value, dict):
        return {valid_text(key): valid_data(item) for key, item in value.items()}
    return value


def plain_name(name: str) -> str:
    """``name`` as valid text without explicit bidirectional controls."""
    return _BIDI_CONTROLS.sub("", valid_text(name))


def isolated(name: str) -> str:
    """``name`` in a directional isolate, to be put inside a sentence."""
    return f"{FSI}{name}{PDI}"


def unisolated(text: str) -> str:
    """``text`` without the isolates :func:`isolated` added (to measure or cut a name)."""
    return text.replace(FSI, "").replace(PDI, "")
