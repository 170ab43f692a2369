"""The page's entry point (run by PyScript): build the table and make it playable.

Everything lives in the ``kseri`` package: :mod:`kseri.web.startup` builds the table
and forwards input; :mod:`kseri.table.session` holds the game. When the table is
ready ``<body>`` gets ``data-ready="true"`` (the contract the browser tests and
embedders rely on).
"""

from kseri.web.fresh import forget_stale_snapshot

forget_stale_snapshot()  # before anything else of kseri is imported: see kseri.web.fresh

from kseri.web.startup import start  # noqa: E402

await start()  # noqa: F704 - PyScript runs the page's script as a coroutine
