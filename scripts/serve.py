"""Serve a folder over HTTP with the MIME types the Kseri page needs.

``python3 -m http.server`` on Python 3.11 already maps ``.wasm`` to
``application/wasm`` and ``.mjs`` to ``text/javascript``, but it takes its table
from ``mimetypes``, which reads the machine's ``/etc/mime.types`` (or the
Windows registry) and can be changed from outside. This server pins the types
the page depends on, so the behaviour is the same everywhere. The browser tests
and the page-load benchmark use :func:`start` from here, so the page is tested
under the same server that ``scripts/serve`` runs.

Usage: ``python3 scripts/serve.py [--port PORT] [--bind ADDR] [--dir DIR]``
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".wasm": "application/wasm",  # needed for WebAssembly.compileStreaming
    ".mjs": "text/javascript",  # module scripts need a JavaScript MIME type
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".webmanifest": "application/manifest+json",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with pinned MIME types; quiet unless ``verbose``."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    verbose = True

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        if self.verbose:
            super().log_message(format, *args)


class QuietHandler(Handler):
    verbose = False


def make_server(
    directory: str | os.PathLike = ROOT, host: str = "127.0.0.1", port: int = 0, verbose: bool = False
) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler if verbose else QuietHandler, directory=os.fspath(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def start(directory: str | os.PathLike = ROOT, host: str = "127.0.0.1", port: int = 0):
    """Serve ``directory`` from a background thread; return ``(server, url)``.

    Port 0 picks a free port. Stop with ``server.shutdown(); server.server_close()``.
    """
    server = make_server(directory, host, port)
    thread = threading.Thread(target=server.serve_forever, name="kseri-site", daemon=True)
    thread.start()
    bound_host, bound_port = server.server_address[:2]
    return server, f"http://{bound_host}:{bound_port}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--bind", default=os.environ.get("BIND", "127.0.0.1"))
    parser.add_argument("--dir", default=os.fspath(ROOT))
    args = parser.parse_args(argv)
    server = make_server(args.dir, args.bind, args.port, verbose=True)
    host = "localhost" if args.bind in ("127.0.0.1", "0.0.0.0", "::") else args.bind
    print(f"Serving {args.dir}\nOpen http://{host}:{server.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
