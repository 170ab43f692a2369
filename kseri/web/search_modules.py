"""What the hint, the bots and the review load on first use: the page loads them early, one
module per task (:func:`kseri.web.startup.warm_up`), so the first hint does not also pay for loading;
a bot's turn, a hint or a review that comes before that warm-up has finished loads what is left the
same way (:func:`load_search_modules`) before its first slice. Each table's list is its bots'
(:func:`kseri.bots.tables.search_modules`): a pile table does not load the open table's search.

>>> import asyncio
>>> from concurrent.futures import ThreadPoolExecutor  # a thread: a test process may be running a loop
>>> with ThreadPoolExecutor(1) as thread:  # in CPython, as in the page: each import a task of its own
...     thread.submit(asyncio.run, load_search_modules("pile")).result()
>>> from kseri.bots.tables import search_modules
>>> all(name in sys.modules for name in search_modules("pile"))
True
"""

from __future__ import annotations

import asyncio
import importlib
import sys

from kseri.bots.tables import search_modules

__all__ = ["WARM_UP_DELAY", "load_search_modules"]

WARM_UP_DELAY = 1.5
"""Seconds after the table opens before the warm-up starts (the first paint and deal come first)."""


async def load_search_modules(table: str) -> None:
    """Import each module of ``table``'s search not yet imported, yielding to the browser after each.

    A search's first slice would otherwise import them all in one go: the expert's first turn,
    when it leads a page's first round before the warm-up, made a task of 50-54 ms that way."""
    for name in search_modules(table):
        if name not in sys.modules:
            importlib.import_module(name)
            await asyncio.sleep(0)
