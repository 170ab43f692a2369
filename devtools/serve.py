"""Serve a folder over HTTP with the MIME types the Kseri page needs.

``python3 -m http.server`` on Python 3.11 already maps ``.wasm`` to
``application/wasm`` and ``.mjs`` to ``text/javascript``, but it takes its table
from ``mimetypes``, which reads the machine's ``/etc/mime.types`` (or the
Windows registry) and can be changed from outside. This server pins the types
the page depends on, so the behaviour is the same everywhere. The browser tests
and the page-load benchmark use :func:`start` from here, so the page is tested
under the same server that ``scripts/serve`` runs.

Three files are made on request in development, so they always match the files
on disk: ``kseri.zip``, the package the page unpacks (``devtools/pack.py``),
and ``kseri-snapshot.gz``, the interpreter's image with it imported
(``devtools/snapshot.py``), whenever the served folder holds the ``kseri/``
sources, and ``precache-manifest.json``, the service worker's file list
(``devtools/precache.py``), when the folder has none. ``scripts/build`` writes
real ones into ``dist/``, which has no ``kseri/`` folder.

Usage: ``python3 -m devtools.serve [--port PORT] [--bind ADDR] [--dir DIR]``
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import os
import sys
import threading
from pathlib import Path
from typing import Any

from devtools import precache

ROOT = Path(__file__).resolve().parent.parent


pack = precache.pack  # one module, one memo and one lock for both files
snapshot = precache.snapshot

MIME_TYPES = {
    ".wasm": "application/wasm",  # needed for WebAssembly.compileStreaming
    ".mjs": "text/javascript",  # module scripts need a JavaScript MIME type
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".webmanifest": "application/manifest+json",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with pinned MIME types; quiet unless ``verbose``."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012 (overrides the base class attribute)
    verbose = True

    def _made_on_request(self) -> tuple[bytes, str] | None:
        """``(body, type)`` for a file this server makes because the folder lacks it, else None."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        directory = Path(self.directory)
        if path == "/" + pack.NAME and (directory / pack.PACKAGE).is_dir():
            return pack.package_bytes(directory), "application/zip"
        if path == "/" + snapshot.NAME and (directory / pack.PACKAGE).is_dir():
            image = snapshot.snapshot_bytes(directory)
            return (image, "application/gzip") if image is not None else None
        if path == "/" + precache.NAME and not (directory / precache.NAME).exists():
            return precache.manifest_bytes(directory), "application/json"
        return None

    def _send_made(self, head: bool) -> bool:
        made = self._made_on_request()
        if made is None:
            return False
        body, content_type = made
        # An ETag lets a browser revalidate its copy (304) as it would with a static host.
        etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return True
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if not head:
            # The browser may give up on it (a page closed mid-download): nothing to report.
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(body)
        return True

    def do_GET(self) -> None:
        if not self._send_made(head=False):
            super().do_GET()

    def do_HEAD(self) -> None:
        if not self._send_made(head=True):
            super().do_HEAD()

    def log_message(self, format: str, *args: Any) -> None:
        if self.verbose:
            super().log_message(format, *args)


class QuietHandler(Handler):
    verbose = False


class SiteServer(http.server.ThreadingHTTPServer):
    """Says nothing of a reply cut off because the browser went away mid-download (a reload, a
    closed tab): that is no error of the site's, and a traceback of it only hides real ones."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: str | os.PathLike[str] = ROOT, host: str = "127.0.0.1", port: int = 0, verbose: bool = False
) -> SiteServer:
    handler = functools.partial(Handler if verbose else QuietHandler, directory=os.fspath(directory))
    return SiteServer((host, port), handler)


def start(directory: str | os.PathLike[str] = ROOT, host: str = "127.0.0.1", port: int = 0
) -> tuple[SiteServer, str]:
    """Serve ``directory`` from a background thread; return ``(server, url)``.

    Port 0 picks a free port. Stop with ``server.shutdown(); server.server_close()``.
    """
    server = make_server(directory, host, port)
    thread = threading.Thread(target=server.serve_forever, name="kseri-site", daemon=True)
    thread.start()
    bound_host, bound_port = server.server_address[:2]
    host_text = bound_host.decode() if isinstance(bound_host, bytes) else bound_host
    return server, f"http://{host_text}:{bound_port}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--bind", default=os.environ.get("BIND", "127.0.0.1"))
    parser.add_argument("--dir", default=os.fspath(ROOT))
    args = parser.parse_args(argv)
    server = make_server(args.dir, args.bind, args.port, verbose=True)
    if (Path(args.dir) / pack.PACKAGE).is_dir():
        # Compile the page's bytecode and make the interpreter's image now (seconds,
        # once per change of the sources), not while the first visitor waits.
        pack.package_bytes(args.dir)
        snapshot.snapshot_bytes(args.dir)
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
