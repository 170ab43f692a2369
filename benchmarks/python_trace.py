"""Which Python call of the page a long task was: a trace of the session's calls, for benchmarks.

A long main-thread task in the page is, most of the time, Python: a slice of the bots' thinking, the
hint's, your click. The browser only says a task was long (``longtask``) and which script entry ran
it (Long Animation Frames: a timer, a message, a pointer handler); this says which call of
:class:`~kseri.table.session.GameSession` it was, and whether the cycle collector ran in it.

:func:`expose_python` has the page keep its interpreter in ``window.__py`` (the benchmark serves its
own copy of ``static/pyodide-start.mjs`` with that one line more: nothing of the site changes);
:func:`start_trace`, once the page is ready, wraps the session's methods so that each call over
:data:`CALL_MS` and each collection over :data:`COLLECTION_MS` is written down with its start on
the page's clock; :func:`calls` reads them. Timing costs a few microseconds a call.

    .venv/bin/python benchmarks/python_trace.py [bot_ready.py's options]

runs ``benchmarks/bot_ready.py --motion --trace`` with those options (a game at the normal pace,
each long task with the calls in it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

__all__ = ["CALL_MS", "COLLECTION_MS", "TRACED", "calls", "calls_in", "expose_python", "start_trace"]

CALL_MS = 15.0
"""Calls shorter than this are not written down."""
COLLECTION_MS = 5.0
"""Collections shorter than this are not written down."""
TRACED = ("hint_step", "ponder", "think", "play_human", "play_bot", "view", "to_save", "next_round",
          "observation", "review")
"""The session's methods timed."""

_TRACE_CODE = """
import builtins, functools, gc
from js import performance
from kseri.table.session import GameSession
calls = []

def timed(name, real):
    @functools.wraps(real)
    def call(*args, **kwargs):
        at = performance.now()
        try:
            return real(*args, **kwargs)
        finally:
            took = performance.now() - at
            if took > CALL_MS:
                calls.append([name, at, took])
    return call

for name in TRACED:
    setattr(GameSession, name, timed(name, getattr(GameSession, name)))
since = [0.0]

def collected(phase, info):
    if phase == "start":
        since[0] = performance.now()
    elif performance.now() - since[0] > COLLECTION_MS:
        calls.append([f"collection of generation {info['generation']}", since[0], performance.now() - since[0]])

gc.callbacks.append(collected)
builtins.__kseri_trace = calls
"""


def expose_python(page: Any) -> None:
    """Before ``page.goto``: the page keeps its Pyodide in ``window.__py`` once it has started."""
    def patched(route: Any) -> None:
        response = route.fetch()
        marker = "  pyodide.unpackArchive(await files"
        body = response.text()
        if marker not in body:
            raise RuntimeError("static/pyodide-start.mjs changed: benchmarks/python_trace.py cannot expose Python")
        route.fulfill(response=response, body=body.replace(marker, "  window.__py = pyodide;\n" + marker))
    page.route("**/pyodide-start.mjs", patched)


def start_trace(page: Any) -> None:
    """Once the page is ready: time the session's calls from now on."""
    setup = f"CALL_MS = {CALL_MS!r}\nCOLLECTION_MS = {COLLECTION_MS!r}\nTRACED = {TRACED!r}\n" + _TRACE_CODE
    page.evaluate("code => window.__py.runPython(code)", setup)


def calls(page: Any) -> list[tuple[str, float, float]]:
    """The calls written down so far: (what, start in ms of the page's clock, ms)."""
    text = page.evaluate("() => window.__py.runPython('import builtins, json; json.dumps(builtins.__kseri_trace)')")
    return [(str(name), float(at), float(took)) for name, at, took in json.loads(text)]


def calls_in(traced: list[tuple[str, float, float]], start: float, end: float) -> str:
    """The traced calls that began in ``start``..``end``, in a few words ("" if none)."""
    inside = [f"{name} {took:.0f} ms at +{at - start:.0f}" for name, at, took in traced if start - 1 <= at <= end]
    return " [python: " + ", ".join(inside) + "]" if inside else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="Every other option is benchmarks/bot_ready.py's.")
    _, rest = parser.parse_known_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks import bot_ready
    sys.argv = [bot_ready.__file__, "--motion", "--trace", *rest]
    bot_ready.main()


if __name__ == "__main__":
    main()
