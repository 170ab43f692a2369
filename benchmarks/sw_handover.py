"""The service worker's hand-over alone, fast: a tiny site with the real ``sw.js`` and
``static/sw-register.js`` whose page reloads itself, a new version deployed every few loads.
Counts the reloads that stall (no new page within ``--stall`` seconds) and the loads whose page and
style sheet came from two versions, with DevTools attached
to the browser (Playwright, as in the browser tests) or without (Chromium started plainly).

Why it exists: the site's own benchmark (``benchmarks/sw_deploys.py``) needs seconds per reload;
here one takes a fraction of a second, so several hundred hand-overs take minutes, and the same
page can be run with and without DevTools. It showed what the stall of issue 22 needs: a
navigation dispatched to the old worker while Chromium, with DevTools attached, stops that worker
during a ``skipWaiting()`` hand-over (see ``sw.js``, "Hand-over").

The page (``static/ready.js`` of the tiny site) marks itself ready, tells the server, waits a
pause and reloads; if no new page follows within ``--stall`` seconds it tells the server and
navigates again. A page that never becomes ready (nothing heard for ``--hang`` seconds) is a
**hang**: the run opens the page again (with DevTools, listing the requests left unfinished).
Pauses: 60 % short (0-150 ms), 20 % just past the worker's quiet time (990-1070
ms, when the new ``sw.js`` hands over), 20 % long (1-3.5 s). The server deploys a new version
(one page and one style sheet change, the precache manifest is rewritten) every ``--per-deploy``
loads.

    python3 benchmarks/sw_handover.py [--devtools] [--reloads 600] [--worker-from REV]

``--worker-from REV`` takes ``sw.js`` and ``static/sw-register.js`` from git revision ``REV``.
Bounded by ``--reloads`` and ``--max-minutes``; only loopback (the server binds 127.0.0.1 and
Chromium resolves no other host). Run it under ``nice -n 19`` on a shared machine.
"""

from __future__ import annotations

import argparse
import collections
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools import precache  # noqa: E402
from devtools import serve as dev_server  # noqa: E402
from devtools.browser import CHROMIUM, CHROMIUM_ARGS, chromium_launch_options, playwright_sync_api  # noqa: E402

READY_JS = """
document.body.dataset.ready = 'true';
const n = Number(sessionStorage.n || 0) + 1;
sessionStorage.n = n;
const controller = navigator.serviceWorker.controller;
const ctl = controller ? new URL(controller.scriptURL).searchParams.get('v') : '';
// Which version the page and its style sheet came from: they must be the same one.
const pv = document.querySelector('meta[name=v]').content;
const sv = getComputedStyle(document.querySelector('p')).getPropertyValue('--v').trim();
const beacon = (query) => fetch('beacon?' + query, {cache: 'no-store'}).catch(() => undefined);
const r = Math.random();
const pause = r < 0.6 ? Math.random() * 150 : r < 0.8 ? 990 + Math.random() * 80 : 1000 + Math.random() * 2500;
beacon('kind=ready&n=' + n + '&ctl=' + ctl + '&pv=' + pv + '&sv=' + sv).finally(() => setTimeout(() => {
  location.reload();
  let tries = 0;
  setInterval(() => {
    tries++;
    beacon('kind=stall&n=' + n);
    location.href = location.pathname + '?again=' + n + '.' + tries;
  }, STALL_MS);
}, pause));
"""


class Lab:
    """The tiny site, its server and the tally."""

    def __init__(self, site: Path, per_deploy: int) -> None:
        self.site = site
        self.per_deploy = per_deploy
        self.lock = threading.Lock()
        self.version = 1
        self.ready = 0
        self.stalls = 0
        self.hangs = 0
        self.mixed = 0
        self.last_news = time.monotonic()
        self.controllers: list[str] = []
        self.report: Callable[[], list[str]] = list
        self.deploy(1)

    def hung(self, seconds: float) -> bool:
        """Whether nothing came from the page for ``seconds`` (counted once; the caller recovers)."""
        with self.lock:
            if time.monotonic() - self.last_news < seconds:
                return False
            self.hangs += 1
            self.last_news = time.monotonic()
            return True

    def deploy(self, number: int) -> None:
        (self.site / "index.html").write_text(
            f'<!doctype html><html><head><meta charset="utf-8"><meta name="v" content="{number}">'
            '<script type="module" src="./static/sw-register.js"></script>'
            '<link rel="stylesheet" href="./static/a.css"></head>'
            f'<body data-ready="false"><p>version {number}</p>'
            '<script type="module" src="./static/ready.js"></script></body></html>\n')
        (self.site / "static" / "a.css").write_text(f"p {{ --v: {number}; }}\n")
        precache.write(self.site)

    def beacon(self, query: dict[str, str]) -> None:
        with self.lock:
            self.last_news = time.monotonic()
            if query.get("kind") == "stall":
                self.stalls += 1
                print(f"stall after load {query.get('n')}; requests not finished, then the workers' last states:",
                      *self.report(), sep="\n  ", flush=True)
                return
            self.ready += 1
            if query.get("pv") != query.get("sv"):
                self.mixed += 1
                print(f"load {query.get('n')} mixed two versions: page {query.get('pv')}, "
                      f"style sheet {query.get('sv')}", flush=True)
            self.controllers.append(query.get("ctl", ""))
            if self.ready % self.per_deploy == 0:
                self.version += 1
                self.deploy(self.version)
            if self.ready % 100 == 0:
                print(f"{self.ready} loads, {self.stalls} stalls, version {self.version}, "
                      f"load {os.getloadavg()[0]:.1f}", flush=True)


class Requests:
    """The page's requests (DevTools' Network domain) that have not finished, for a hang report."""

    def __init__(self, page: Any) -> None:
        self.start = time.monotonic()
        self.open: dict[str, str] = {}
        session = page.context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("ServiceWorker.enable")
        self.workers: collections.deque[str] = collections.deque(maxlen=16)
        session.on("ServiceWorker.workerVersionUpdated", self._workers)
        session.on("Network.requestWillBeSent", self._sent)
        session.on("Network.loadingFinished", self._done)
        session.on("Network.loadingFailed", self._done)

    def _sent(self, event: dict[str, Any]) -> None:
        url = event["request"]["url"].split("/")[-1]
        self.open[event["requestId"]] = f"{time.monotonic() - self.start:8.1f} s {event.get('type')} {url}"

    def _workers(self, event: dict[str, Any]) -> None:
        for v in event.get("versions", []):
            version = v.get("scriptURL", "").rsplit("=", 1)[-1][:6]
            self.workers.append(f"{time.monotonic() - self.start:8.1f} s worker {version} "
                                f"{v.get('status')}/{v.get('runningStatus')}")

    def _done(self, event: dict[str, Any]) -> None:
        self.open.pop(event["requestId"], None)

    def pending(self) -> list[str]:
        return [*list(self.open.values())[-12:], *self.workers]


def build_site(site: Path, worker_from: str | None, files: int) -> None:
    (site / "static").mkdir(parents=True)
    for rel in ("sw.js", "static/sw-register.js"):
        if worker_from:
            text = subprocess.run(["git", "-C", str(ROOT), "show", f"{worker_from}:{rel}"], check=True,
                                  capture_output=True, text=True).stdout
            (site / rel).write_text(text)
        else:
            shutil.copy(ROOT / rel, site / rel)
    for i in range(files):  # something to precache: 20 files of 200 kB
        (site / "static" / f"file{i}.bin").write_bytes(os.urandom(200_000))


class QuietServer(http.server.ThreadingHTTPServer):
    """Says nothing of a reply cut off by a reload (the page went away mid-download)."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(lab: Lab) -> http.server.ThreadingHTTPServer:
    class Handler(dev_server.QuietHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            parts = urlsplit(self.path)
            if parts.path != "/beacon":
                super().do_GET()
                return
            lab.beacon({key: values[0] for key, values in parse_qs(parts.query).items()})
            self.send_response(204)
            self.send_header("Cache-Control", "no-store")
            self.end_headers()

    server = QuietServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(lab.site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="kseri-sw-handover-") as tmp:
        site = Path(tmp) / "site"
        build_site(site, args.worker_from, 20)
        (site / "static" / "ready.js").write_text(READY_JS.replace("STALL_MS", str(int(args.stall * 1000))))
        lab = Lab(site, args.per_deploy)
        server = serve(lab)
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        load_before = os.getloadavg()
        start = time.monotonic()
        deadline = start + args.max_minutes * 60
        try:
            if args.devtools:
                sync_playwright = playwright_sync_api().sync_playwright

                with sync_playwright() as pw:
                    browser = pw.chromium.launch(**chromium_launch_options("chromium"))
                    page = browser.new_context(service_workers="allow").new_page()
                    requests = Requests(page)
                    lab.report = requests.pending
                    page.goto(url, wait_until="commit")
                    while lab.ready < args.reloads and time.monotonic() < deadline:
                        page.wait_for_timeout(1000)
                        if lab.hung(args.hang):
                            print(f"hang: nothing from the page for {args.hang:.0f} s; requests not finished, "
                                  "then the workers' last states:", *requests.pending(), sep="\n  ", flush=True)
                            page.goto(url, wait_until="commit")
                    browser.close()
            else:
                profile = Path(tmp) / "profile"
                command = [str(CHROMIUM), "--headless=new", f"--user-data-dir={profile}", *CHROMIUM_ARGS, url]
                chromium = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                try:
                    while lab.ready < args.reloads and time.monotonic() < deadline:
                        time.sleep(1)
                        if lab.hung(args.hang):  # start Chromium again on the same profile
                            print("hang: no load and no stall for", args.hang, "s", flush=True)
                            chromium.terminate()
                            chromium.wait(timeout=30)
                            chromium = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                finally:
                    chromium.terminate()
                    chromium.wait(timeout=30)
        finally:
            server.shutdown()
            server.server_close()
        changes = sum(1 for a, b in zip(lab.controllers, lab.controllers[1:], strict=False) if a and b and a != b)
        return {"loads": lab.ready, "stalls": lab.stalls, "hangs": lab.hangs, "mixed": lab.mixed,
                "versions": lab.version,
                "hand_overs_seen": changes,
                "uncontrolled": sum(1 for c in lab.controllers if not c), "minutes": (time.monotonic() - start) / 60,
                "load_before": load_before, "load_after": os.getloadavg()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--devtools", action="store_true", help="drive Chromium with Playwright (DevTools attached)")
    parser.add_argument("--reloads", type=int, default=600, help="page loads to count (default 600)")
    parser.add_argument("--per-deploy", type=int, default=5, help="loads between deploys (default 5)")
    parser.add_argument("--stall", type=float, default=10.0, help="seconds after which a reload counts as stalled")
    parser.add_argument("--hang", type=float, default=40.0,
                        help="seconds without any news from the page that count as a hang (then it is opened again)")
    parser.add_argument("--max-minutes", type=float, default=40.0, help="stop after this long")
    parser.add_argument("--worker-from", metavar="REV", help="take sw.js and static/sw-register.js from git REV")
    args = parser.parse_args(argv)
    if not args.devtools and not CHROMIUM.exists():
        print(f"{CHROMIUM} missing: scripts/setup --test installs it", file=sys.stderr)
        return 2
    result = run(args)
    print(f"worker: {'git ' + args.worker_from if args.worker_from else 'working tree'}; "
          f"{'with' if args.devtools else 'without'} DevTools attached")
    print(f"{result['loads']} loads in {result['minutes']:.1f} min, {result['versions']} versions deployed, "
          f"{result['hand_overs_seen']} changes of controller seen between loads, "
          f"{result['uncontrolled']} loads uncontrolled")
    print(f"stalled reloads (no new page within {args.stall:.0f} s): {result['stalls']}; hangs (a page that "
          f"never became ready, nothing heard for {args.hang:.0f} s): {result['hangs']}")
    print(f"loads that mixed two versions (page, style sheet): {result['mixed']}")
    print("load average (1/5/15 min) before " + "/".join(f"{x:.1f}" for x in result["load_before"])
          + ", after " + "/".join(f"{x:.1f}" for x in result["load_after"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
