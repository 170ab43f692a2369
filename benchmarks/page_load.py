"""Page-load benchmark: our index.html against a bare PyScript page on the same runtime.

For each run, and for each page (the order alternates from run to run):
  cold  -- a fresh browser context (empty cache) loads the page;
  warm  -- the same context loads it a second time: a returning visitor. The HTTP
           cache is filled and, for our page, the service worker (registered once
           the page is ready) has finished installing and serves the files, as on
           any later visit. Before the second load the benchmark waits for that
           (up to 60 s; the bare page has no worker: it waits 2 s for nothing).
           Without the wait the second load would compete with the worker's
           install (hashing and storing ~14 MB), which no real visit does.
The time is from navigation start to the moment ``<body>`` gets ``data-ready="true"``,
measured inside the page (``performance.now()`` in a MutationObserver installed
before any page script runs), so Playwright's polling does not add to it.

    python3 benchmarks/page_load.py [--runs N] [--timeout S] [--busy K] [--json]

``--busy K`` runs K processes spinning on the CPU beside the browser for the whole
benchmark (a busy machine: on 2 cores, ``--busy 2`` adds a load of about 2).

Needs ``scripts/setup --test`` (runtime/ and Chromium). Uses the same server and
Chromium launch options as the browser tests.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests package holds the server and browser set-up

from devtools import pack  # noqa: E402
from devtools import serve as dev_server  # noqa: E402
from devtools.browser import chromium_launch_options, playwright_sync_api  # noqa: E402

PAGES = {"ours": "/index.html", "bare": "/benchmarks/bare.html"}

# Runs before any script of the page: note when body[data-ready] turns "true".
READY_OBSERVER = """
(() => {
  const check = () => {
    if (window.__readyAt === undefined && document.body && document.body.dataset.ready === 'true') {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true,
                                                 attributeFilter: ['data-ready']});
})();
"""


def _load_once(page, url: str, timeout_s: float) -> float:
    page.goto(url, wait_until="commit")
    page.wait_for_function(
        "() => window.__readyAt !== undefined || !!document.querySelector('.py-error')",
        timeout=timeout_s * 1000,
        polling=100,
    )
    error = page.evaluate("() => { const e = document.querySelector('.py-error'); return e && e.textContent; }")
    if error:
        raise RuntimeError(f"{url}: PyScript error: {error}")
    return page.evaluate("() => window.__readyAt") / 1000.0


# Resolves once the page's service worker (if it registers one within 2 s) is active
# with nothing installing or waiting; returns whether there is one.
SETTLE_WORKER = """
async () => {
  if (!navigator.serviceWorker) return false;
  const start = performance.now();
  for (;;) {
    const reg = await navigator.serviceWorker.getRegistration();
    if (reg && reg.active && !reg.installing && !reg.waiting) return true;
    if (!reg && performance.now() - start > 2000) return false;
    if (performance.now() - start > 60000) throw new Error("service worker did not settle in 60 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Cold/warm load time of index.html vs a bare PyScript page.")
    parser.add_argument("--runs", type=int, default=7, help="runs per page and mode (default 7)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for one load")
    parser.add_argument("--busy", type=int, default=0, metavar="K",
                        help="run K CPU-spinning processes beside the browser (default 0: none)")
    parser.add_argument("--json", action="store_true", help="print the raw numbers as JSON too")
    args = parser.parse_args(argv)

    sync_playwright = playwright_sync_api().sync_playwright

    serve = dev_server
    if not (ROOT / "runtime" / "pyodide" / "pyodide.asm.wasm").is_file():
        print("runtime/ missing: run scripts/setup --test", file=sys.stderr)
        return 2

    pack.package_bytes(ROOT)  # build kseri.zip now, not during the first run's load
    server, base = serve.start(ROOT)
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    if spinners:
        print(f"busy: {len(spinners)} processes spinning on the CPU beside the browser", flush=True)
    times: dict[str, dict[str, list[float]]] = {p: {"cold": [], "warm": []} for p in PAGES}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**chromium_launch_options("chromium"))
            try:
                for run in range(args.runs):
                    order = list(PAGES) if run % 2 == 0 else list(reversed(PAGES))
                    for name in order:
                        context = browser.new_context()
                        context.add_init_script(READY_OBSERVER)
                        page = context.new_page()
                        url = base + PAGES[name]
                        cold = _load_once(page, url, args.timeout)
                        page.evaluate(SETTLE_WORKER)
                        warm = _load_once(page, url, args.timeout)
                        controlled = page.evaluate("() => !!navigator.serviceWorker?.controller")
                        served_by = "service worker" if controlled else "http cache"
                        python = page.evaluate("() => document.documentElement.dataset.pythonStart")
                        if python:  # static/pyodide-start.mjs: "snapshot" or "fresh"
                            served_by += f", Python from {'the snapshot' if python == 'snapshot' else 'scratch'}"
                        context.close()
                        times[name]["cold"].append(cold)
                        times[name]["warm"].append(warm)
                        print(f"run {run + 1}/{args.runs} {name:4}: cold {cold:6.2f} s  warm {warm:6.2f} s"
                              f"  (warm from {served_by})", flush=True)
            finally:
                browser.close()
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
        server.shutdown()
        server.server_close()

    print()
    print(f"median of {args.runs} runs (navigation -> data-ready, seconds)")
    print(f"{'':6}{'ours':>8}{'bare':>8}{'ours/bare':>11}")
    for mode in ("cold", "warm"):
        ours = statistics.median(times["ours"][mode])
        bare = statistics.median(times["bare"][mode])
        print(f"{mode:6}{ours:8.2f}{bare:8.2f}{ours / bare:11.2f}")
    if args.json:
        print(json.dumps(times))
    return 0


if __name__ == "__main__":
    sys.exit(main())
