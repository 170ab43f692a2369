"""Serve a folder over HTTP with the MIME types the Kseri page needs.

``python3 -m http.server`` on Python 3.11 already maps ``.wasm`` to
``application/wasm`` and ``.mjs`` to ``text/javascript``, but it takes its table
from ``mimetypes``, which reads the machine's ``/etc/mime.types`` (or the
Windows registry) and can be changed from outside. This server pins the types
the page depends on, so the behaviour is the same everywhere. The browser tests
and the page-load benchmark use :func:`start` from here, so the page is tested
under the same server that ``scripts/serve`` runs.

When the served folder has no ``precache-manifest.json`` (the repo root in
development) the server computes one on each request (see ``scripts/precache.py``),
so the service worker's file list and version always match the files on disk.

Usage: ``python3 scripts/serve.py [--port PORT] [--bind ADDR] [--dir DIR]``
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import os
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load_precache():
    spec = importlib.util.spec_from_file_location("kseri_scripts_precache", Path(__file__).with_name("precache.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


precache = _load_precache()

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

    def _send_precache_manifest(self, head: bool) -> bool:
        """Serve precache-manifest.json computed now, when the folder has no such file.

        So in development the service worker's file list is always current
        (``scripts/build`` writes a real file into ``dist/``).
        """
        if self.path.split("?", 1)[0].split("#", 1)[0] != "/" + precache.NAME:
            return False
        if (Path(self.directory) / precache.NAME).exists():
            return False
        body = precache.manifest_bytes(self.directory)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if not head:
            self.wfile.write(body)
        return True

    def do_GET(self) -> None:
        if not self._send_precache_manifest(head=False):
            super().do_GET()

    def do_HEAD(self) -> None:
        if not self._send_precache_manifest(head=True):
            super().do_HEAD()

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
