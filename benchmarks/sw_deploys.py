"""Deploys and reloads: does a reload ever stall while a new version's service worker takes over,
and is the controlling version's offline cache whole after each deploy?

One page of a built site (``devtools/build.py``, served on 127.0.0.1 by ``devtools/serve.py``'s handler)
is reloaded again and again while new versions are deployed under it (``tests/browser/deploys.py``:
two files change and the precache manifest is rewritten). Each deploy is followed by ``--reloads``
reloads, the pause after each ready page cycling through ``PAUSES``, so reloads land before,
during and after the new worker's install and hand-over. For each reload:

- **stuck**: the reload committed but the page was not ready within ``--stuck`` seconds
  (default 60); it is opened again the same way and counted;
- the time from the reload to the page's ready mark (``body[data-ready=true]``), measured inside
  the page from its navigation start, so Playwright's polling does not add to it;
- a **stall**: the reload's navigation did not commit within ``--stall`` seconds (default 30).
  The page is then opened again with a fresh navigation and the run goes on; the last
  ``ServiceWorker``/``Network`` DevTools events before the stall are printed.

After each deploy's reloads the run waits (up to ``--settle`` seconds) until the deployed
version controls the page with nothing installing or waiting, and checks that its cache holds
every entry of the precache manifest (**not whole** otherwise).

    python3 benchmarks/sw_deploys.py [--deploys 40] [--reloads 8] [--stall 30] [--max-minutes 150]
                                     [--worker-from REV] [--json]

``--worker-from REV`` takes ``sw.js`` and ``static/sw-register.js`` from git revision ``REV``
instead of the working tree (to measure an older worker the same way). Bounded: at most
``deploys × reloads`` reloads and ``--max-minutes`` of wall time (it stops after the deploy that
crosses it). Only loopback: the server binds 127.0.0.1 and Chromium resolves no other host.
Run it under ``nice -n 19`` on a shared machine.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from page_load import READY_OBSERVER  # noqa: E402 (body[data-ready]'s moment, as the start-up benchmark notes it)

from devtools import build as site_build  # noqa: E402
from devtools.browser import chromium_launch_options, playwright_sync_api  # noqa: E402
from tests.browser.deploys import SEEN_JS, WORKERS_JS, Server, release, settle  # noqa: E402

PAUSES_MS = (0, 150, 400, 900, 0, 1500, 250, 2500, 600)
"""Pause after each ready page before the next reload (cycled), so reloads fall at every phase
of an install: its start, its last files, the hand-over (the active worker hands over after a
second without requests, sw.js), after it."""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


class Events:
    """The last DevTools events of the page's ServiceWorker and Network domains, for a stall report."""

    def __init__(self, page: Any) -> None:
        self.start = time.monotonic()
        self.recent: collections.deque[str] = collections.deque(maxlen=120)
        session = page.context.new_cdp_session(page)
        for domain in ("Network", "ServiceWorker"):
            session.send(f"{domain}.enable")
        session.on("ServiceWorker.workerVersionUpdated", self._versions)
        session.on("Network.requestWillBeSent", self._request)
        session.on("Network.responseReceived", self._response)
        session.on("Network.loadingFailed", self._failed)
        self.session = session

    def note(self, text: str) -> None:
        self.recent.append(f"{time.monotonic() - self.start:9.3f} {text}")

    def _versions(self, event: dict[str, Any]) -> None:
        for v in event.get("versions", []):
            script = v.get("scriptURL", "").rsplit("=", 1)[-1][:8]
            self.note(f"worker {v.get('versionId')} v={script} {v.get('status')}/{v.get('runningStatus')}")

    def _request(self, event: dict[str, Any]) -> None:
        if event.get("type") == "Document":
            self.note(f"navigation request {event['requestId']} {event['request']['url'].rsplit('/', 1)[-1]}")

    def _response(self, event: dict[str, Any]) -> None:
        if event.get("type") == "Document":
            sw = event["response"].get("fromServiceWorker")
            self.note(f"navigation response {event['requestId']} {event['response']['status']} from_sw={sw}")

    def _failed(self, event: dict[str, Any]) -> None:
        if event.get("type") == "Document":
            self.note(f"navigation failed {event['requestId']} {event.get('errorText')}")


def worker_files(rev: str, site_dir: Path) -> None:
    for rel in ("sw.js", "static/sw-register.js"):
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{rel}"], check=True,
                              capture_output=True, text=True).stdout
        (site_dir / rel).write_text(text)


def wait_ready(page: Any, timeout_s: float) -> float:
    """Seconds from the page's navigation start to its ready mark."""
    page.wait_for_function("() => window.__readyAt !== undefined || !!document.querySelector('.py-error')",
                           timeout=timeout_s * 1000, polling=50)
    error = page.evaluate("() => document.querySelector('.py-error')?.textContent || ''")
    if error:
        raise RuntimeError(f"PyScript error: {error}")
    return float(page.evaluate("() => window.__readyAt")) / 1000


def run(args: argparse.Namespace) -> dict[str, Any]:
    api = playwright_sync_api()
    playwright_timeout, sync_playwright = api.TimeoutError, api.sync_playwright

    results: dict[str, Any] = {"reloads": [], "stalls": [], "stuck": [], "deploys": [], "load_before": os.getloadavg()}
    with tempfile.TemporaryDirectory(prefix="kseri-sw-deploys-") as tmp:
        site_dir = Path(tmp) / "site"
        site_build.build(site_dir)
        if args.worker_from:
            worker_files(args.worker_from, site_dir)
        cache = release(site_dir, 1)
        server = Server(site_dir)  # devtools/serve.py's handler, quiet about replies a reload cut off
        base = server.url
        started = time.monotonic()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(**chromium_launch_options("chromium"))
                context = browser.new_context(service_workers="allow", reduced_motion="reduce")
                context.add_init_script(READY_OBSERVER)
                page = context.new_page()
                events = Events(page)
                url = f"{base}/index.html?seed=3"
                page.goto(url, wait_until="commit")
                wait_ready(page, args.ready_timeout)
                first = settle(page, cache, args.settle)
                if not first["settled"]:
                    raise RuntimeError(f"version 1 never settled: {first}")
                for deploy in range(2, args.deploys + 2):
                    cache = release(site_dir, deploy)
                    events.note(f"deploy {deploy} {cache}")
                    for i in range(args.reloads):
                        workers = page.evaluate(WORKERS_JS)
                        events.note(f"reload {deploy}.{i} workers {workers}")
                        t0 = time.monotonic()
                        try:
                            page.reload(wait_until="commit", timeout=args.stall * 1000)
                        except playwright_timeout:
                            stall = {"deploy": deploy, "reload": i, "workers": workers, "events": list(events.recent)}
                            results["stalls"].append(stall)
                            print(f"STALL at deploy {deploy} reload {i} (workers {workers}); last events:",
                                  *stall["events"][-40:], sep="\n  ", flush=True)
                            page.goto(url, wait_until="commit", timeout=3 * args.stall * 1000)
                        try:
                            ready = wait_ready(page, args.stuck)
                        except playwright_timeout:
                            # The second kind of stall: committed, then never ready.
                            stuck = {"deploy": deploy, "reload": i, "workers": workers,
                                     "events": list(events.recent)}
                            results["stuck"].append(stuck)
                            print(f"STUCK after commit at deploy {deploy} reload {i} (workers {workers}); "
                                  "last events:", *stuck["events"][-40:], sep="\n  ", flush=True)
                            page.goto(url, wait_until="commit", timeout=3 * args.stall * 1000)
                            ready = wait_ready(page, args.ready_timeout)
                        wall = time.monotonic() - t0
                        seen = page.evaluate(SEEN_JS)
                        after = page.evaluate(WORKERS_JS)
                        results["reloads"].append({
                            "deploy": deploy, "ready": ready, "wall": wall, "seen": seen,
                            "installing": bool(workers["installing"]), "waiting": bool(workers["waiting"]),
                            "new_controls": after["controller"] == cache.removeprefix("kseri-")})
                        page.wait_for_timeout(PAUSES_MS[(deploy * args.reloads + i) % len(PAUSES_MS)])
                    outcome = settle(page, cache, args.settle)
                    results["deploys"].append({"deploy": deploy, **outcome})
                    done = len(results["reloads"])
                    print(f"deploy {deploy}: {done} reloads, {len(results['stalls'])} stalls, cache "
                          f"{'whole' if outcome['settled'] else 'NOT WHOLE ' + json.dumps(outcome)}"
                          f"  ({time.monotonic() - started:.0f} s, load {os.getloadavg()[0]:.1f})", flush=True)
                    if time.monotonic() - started > args.max_minutes * 60:
                        print(f"stopping: past {args.max_minutes} minutes", flush=True)
                        break
                browser.close()
        finally:
            server.stop()
    results["load_after"] = os.getloadavg()
    results["minutes"] = (time.monotonic() - started) / 60
    return results


def summary(results: dict[str, Any], args: argparse.Namespace) -> str:
    reloads = results["reloads"]
    ready = [r["ready"] for r in reloads]
    wall = [r["wall"] for r in reloads]
    during = [r["ready"] for r in reloads if r["installing"] or r["waiting"]]
    mixed = [r for r in reloads if r["seen"][0] != r["seen"][1]]
    not_whole = [d for d in results["deploys"] if not d["settled"]]
    took_over = {r["deploy"] for r in reloads if r["new_controls"]}
    lines = [
        f"worker: {'git ' + args.worker_from if args.worker_from else 'working tree'}; "
        f"{len(results['deploys'])} deploys, {len(reloads)} reloads in {results['minutes']:.1f} min",
        f"load average (1/5/15 min) before {'/'.join(f'{x:.1f}' for x in results['load_before'])}, "
        f"after {'/'.join(f'{x:.1f}' for x in results['load_after'])}",
        f"stalls (no commit within {args.stall:.0f} s): {len(results['stalls'])}",
        f"stuck (committed, not ready within {args.stuck:.0f} s): {len(results['stuck'])}",
        f"deploys whose controlling cache was not whole: {len(not_whole)}",
        f"loads that mixed two versions (page, style sheet): {len(mixed)}",
        f"reloads made while a new worker was installing: {sum(r['installing'] for r in reloads)}, "
        f"waiting: {sum(r['waiting'] for r in reloads)}; deploys whose version took over between two "
        f"reloads (not in the settling after them): {len(took_over)}",
    ]
    if ready:
        lines.append(f"reload -> ready (in the page, from its navigation start), all {len(ready)}: median "
                     f"{statistics.median(ready):.2f} s, p95 {percentile(ready, 0.95):.2f} s, max {max(ready):.2f} s")
        lines.append(f"reload -> ready (wall clock, stalls included): median {statistics.median(wall):.2f} s, "
                     f"p95 {percentile(wall, 0.95):.2f} s, max {max(wall):.2f} s")
    if during:
        lines.append(f"reload -> ready, the {len(during)} made while a worker was installing or waiting: "
                     f"median {statistics.median(during):.2f} s, p95 {percentile(during, 0.95):.2f} s, "
                     f"max {max(during):.2f} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deploys", type=int, default=40, help="deploys (default 40)")
    parser.add_argument("--reloads", type=int, default=8, help="reloads after each deploy (default 8)")
    parser.add_argument("--stall", type=float, default=30.0, help="seconds a reload may take to commit")
    parser.add_argument("--stuck", type=float, default=60.0,
                        help="seconds a committed reload may take to be ready before it counts as stuck")
    parser.add_argument("--ready-timeout", type=float, default=120.0, help="seconds a page may take to be ready")
    parser.add_argument("--settle", type=float, default=180.0,
                        help="seconds the deployed version may take to control the page with its cache whole")
    parser.add_argument("--max-minutes", type=float, default=150.0, help="stop after the deploy that crosses this")
    parser.add_argument("--worker-from", metavar="REV", help="take sw.js and static/sw-register.js from git REV")
    parser.add_argument("--json", action="store_true", help="print the raw results as JSON too")
    args = parser.parse_args(argv)
    if not (ROOT / "runtime" / "pyodide" / "pyodide.asm.wasm").is_file():
        print("runtime/ missing: run scripts/setup --test", file=sys.stderr)
        return 2
    results = run(args)
    print()
    print(summary(results, args))
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
