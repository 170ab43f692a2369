"""How this machine launches Chromium: Debian's ``/usr/bin/chromium``, with no way out.

Shared by the browser tests, the page-load benchmark and :mod:`devtools.make_icons`.
"""

from __future__ import annotations

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


def chromium_launch_options(browser_name: str = "chromium") -> dict[str, Any]:
    """Launch options for ``browser_type.launch``: Debian's Chromium when present."""
    options: dict[str, Any] = {}
    if browser_name == "chromium":
        options["args"] = list(CHROMIUM_ARGS)
        if CHROMIUM.exists():
            options["executable_path"] = str(CHROMIUM)
    return options
