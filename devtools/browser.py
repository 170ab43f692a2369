"""How this machine launches Chromium: Debian's ``/usr/bin/chromium``, with no way out.

Shared by the browser tests, the page-load benchmark and :mod:`devtools.make_icons`.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Every host but the loopback test servers fails to resolve at once, so an
    # off-origin request can neither succeed nor hang. `localhost` is a second site on
    # the same machine: a guide page served there embeds the game's 127.0.0.1 as a
    # third party (tests/browser/test_storage_denied.py).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]


# Chromium shares rendered frames and messages through /dev/shm; a container's default of 64 MiB
# runs out under two browsers of Pyodide pages, and then renderers crash ("Page crashed"). Below
# this size it keeps them in /tmp instead.
SMALL_SHM = 2**30


def _shm_is_small() -> bool:
    try:
        return shutil.disk_usage("/dev/shm").total < SMALL_SHM
    except OSError:
        return True


def chromium_launch_options(browser_name: str = "chromium") -> dict[str, Any]:
    """Launch options for ``browser_type.launch``: Debian's Chromium when present."""
    options: dict[str, Any] = {}
    if browser_name == "chromium":
        options["args"] = list(CHROMIUM_ARGS)
        if _shm_is_small():
            options["args"].append("--disable-dev-shm-usage")
        if CHROMIUM.exists():
            options["executable_path"] = str(CHROMIUM)
    return options


def playwright_sync_api() -> Any:
    """Playwright's synchronous API; run by a Python without it (not the project's own), exit with
    one line that says which Python to use instead of an ImportError's traceback."""
    try:
        from playwright import sync_api
    except ImportError:
        raise SystemExit("this needs Playwright: run it with the project's Python, .venv/bin/python "
                         "(made by scripts/setup --test)") from None
    return sync_api
