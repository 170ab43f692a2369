"""Notices: what the page tells the player in one short line, however long the input was.

A crafted link can carry a megabyte of text where a card code should be, and an
error message that quotes it would put all of it on the page. Everything the
page shows as a notice goes through :func:`clip` (the page does it in one place,
:func:`kseri.web.render.notices_html`); messages that quote a value quote it
through :func:`brief`.

>>> clip("line one\\nline two")
'line one line two'
>>> len(clip("x" * 1_000_000))
200
>>> brief("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxx…"
>>> brief([1, 2])
'[1, 2]'
"""

from __future__ import annotations

import reprlib

__all__ = ["NOTICE_LIMIT", "brief", "clip"]

NOTICE_LIMIT = 200
"""Characters of one notice shown at most."""

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 40
_REPR.maxlevel = 3


def clip(text: str, limit: int = NOTICE_LIMIT) -> str:
    """``text`` on one line (runs of white space, line breaks too, become one space),
    cut to ``limit`` characters with a final ``…`` when longer."""
    head = " ".join(str(text)[:limit * 4].split())
    return head if len(head) <= limit else head[:limit - 1] + "…"


def brief(value: object, limit: int = 24) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters (a value from outside may be huge)."""
    try:
        text = repr(value[:limit + 1]) if isinstance(value, str) else _REPR.repr(value)
    except Exception:  # a repr that fails: name the type only
        text = f"<{type(value).__name__}>"
    return clip(text, limit)
