"""Reading a save the page wrote: JSON text that must be an object in one named format (pure Python).

The saved game (``kseri-save/…``) and the saved match against a friend (``kseri-duel/1``) are read
the same way first: the text within :func:`~kseri.engine.jsontext.parse_json`'s bounds, an object,
its ``"format"`` the one this version reads. Anything else is the reader's own one-line error.

>>> read_save('{"format": "demo/1", "x": 1}', name="saved demo", what="demo", format="demo/1", fail=ValueError)
{'format': 'demo/1', 'x': 1}
>>> read_save('[1, 2]', name="saved demo", what="demo", format="demo/1", fail=ValueError)
Traceback (most recent call last):
...
ValueError: the saved demo is not a JSON object
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kseri.engine.errors import KseriError
from kseri.engine.jsontext import json_problem, parse_json
from kseri.table.notices import brief

__all__ = ["read_save"]


def read_save(text: str, *, name: str, what: str, format: str, fail: Callable[[str], Exception]) -> dict[str, Any]:
    """``text`` as the JSON object of a save in ``format``; ``fail(message)`` raised (a one-line
    message about the ``name``, "saved game") if it is not JSON :func:`parse_json` reads (as
    ``what``), not an object, or in another format."""
    try:
        data = parse_json(text, what=what)
    except KseriError as exc:
        raise fail(f"the {name} is damaged: {json_problem(exc, what)}") from None
    if not isinstance(data, dict):
        raise fail(f"the {name} is not a JSON object")
    if "format" not in data:
        raise fail(f"the {name} names no format (this page writes {format!r})")
    if data["format"] != format:
        raise fail(f"the {name} has format {brief(data['format'])}, not {format!r}")
    return data
