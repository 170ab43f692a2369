"""The scene an embed URL asks for (``embed.html?scene=...``, ``#r=...``, ``?record=...``).

The page (:mod:`kseri.web.embed`) passes the URL's query and fragment values,
decoded, as one mapping; every problem is a one-line
:class:`~kseri.scenes.errors.SceneError`.

>>> from_params({"scene": "pile=10D;plays=10S"}).steps[-1].points
(13, 0)
>>> from_params({"r": "1AAAA"})
Traceback (most recent call last):
...
kseri.scenes.errors.SceneError: scene: share link: damaged or cut short (the compressed data does not check out)
>>> from_params({"record": "[" * 8000 + "]" * 8000})
Traceback (most recent call last):
...
kseri.scenes.errors.SceneError: scene: record: nested more than 64 levels deep
"""

from __future__ import annotations

from collections.abc import Mapping

from kseri.engine import record
from kseri.engine.errors import KseriError, one_line
from kseri.engine.jsontext import parse_json
from kseri.engine.match import Match
from kseri.scenes.build import from_match, from_text
from kseri.scenes.errors import SceneError
from kseri.scenes.reading import check_text
from kseri.scenes.steps import Scene
from kseri.table import share

__all__ = ["from_params"]


def _int(params: Mapping[str, str], key: str) -> int | None:
    """A whole number, or None when the key is absent or blank."""
    value = params.get(key)
    if value is None or value == "":
        return None
    text = value.strip()
    if not text.lstrip("-").isdigit() or len(text) > 6:
        raise SceneError(f"{key}: {value!r} is not a whole number")
    return int(text)


def _game(params: Mapping[str, str]) -> Match:
    """The game of an ``r=`` (share link) or ``record=`` (``kseri-record/1`` JSON, read within
    the bounds of :func:`~kseri.engine.jsontext.parse_json`) value."""
    try:
        if "r" in params:
            return share.decode("r=" + params["r"]) if params["r"] else share.decode("")
        return record.from_record(parse_json(params["record"], what="record"))
    except KseriError as exc:
        raise SceneError(one_line(exc)) from None


def from_params(params: Mapping[str, str]) -> Scene:
    """The scene an embed URL asks for; ``params`` are its query and fragment values, decoded.

    - ``scene=NOTATION`` (:mod:`kseri.scenes.notation`);
    - ``r=...``: a shared game (:mod:`kseri.table.share`), or ``record=JSON``: a
      ``kseri-record/1``; with ``round=`` (default 0, ``-1`` the last), ``from=``
      and ``to=`` (plays made at the first and the last step; default: the
      whole round), ``title=`` and ``names=A|B``.
    """
    if "scene" in params:
        if not params["scene"].strip():  # (a link cut short, most likely: it drew an empty table)
            raise SceneError("scene= is empty; give its notation, e.g. scene=pile=10D;plays=10S")
        return from_text(params["scene"])
    if "r" not in params and "record" not in params:
        raise SceneError("nothing to show: give scene=..., r=... or record=...")
    match = _game(params)
    names = None
    if params.get("names"):
        names = tuple(check_text(n, "names") for n in params["names"].split("|"))
    return from_match(match, _int(params, "round") or 0, _int(params, "from") or 0, _int(params, "to"),
                      title=check_text(params.get("title", ""), "title"), names=names)
