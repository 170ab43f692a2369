"""Many scenes, one runtime: the rules guide's six scenes against a bare PyScript page.

Pages, each loaded in a fresh browser context (empty cache, service workers blocked so no
worker install competes), in an order that rotates from run to run:

  bare    ``benchmarks/bare.html``: PyScript on the same runtime and server, nothing else;
          its time is navigation start -> ``body[data-ready]``.
  guide   ``guide.html``: six scene frames drawn by one shared runtime (``embed-runtime.html``);
          its time is navigation start -> the last of the six frames' ``body[data-ready]``.
  one     ``benchmarks/one_scene.html``: the guide with only one of its scenes (same runtime frame).
  six     ``benchmarks/six_runtimes.html`` (``--six``): the six scenes without the shared runtime,
          each frame starting its own Python, as before issue #15. For reference; slow.

The viewport is tall enough (1280×8000) for every scene to be on screen at once, so every lazy
frame loads at the start and "all drawn" means all six, with no scrolling in the measurement.
Times are read inside the pages (``performance.timeOrigin + performance.now()`` in a
MutationObserver installed in every frame before its scripts), so Playwright's polling adds nothing.

Memory, once everything is drawn, after a forced garbage collection: the JavaScript heap of the
renderer (DevTools ``Runtime.getHeapUsage`` ``usedSize``: the isolate shared by every frame of
the page, all on one origin) plus the WebAssembly memory (the ``buffer.byteLength`` of every
``WebAssembly.Memory`` the frames made, recorded by a hook installed before the page's scripts;
DevTools' heap usage does not count it). ``performance.measureUserAgentSpecificMemory()`` would
be the browser's own total, but it needs a cross-origin isolated page, which this static site
is not.

    python3 benchmarks/guide_scenes.py [--runs N] [--six] [--timeout S] [--json]

Prints each run, then the medians and the ratios: guide time / bare time (target ≤ 1.5) and
guide memory / one-scene memory (target ≤ 2). Needs ``scripts/setup --test``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools import serve as dev_server  # noqa: E402
from devtools.browser import chromium_launch_options, playwright_sync_api  # noqa: E402

PAGES = {"bare": "/benchmarks/bare.html", "guide": "/guide.html", "one": "/benchmarks/one_scene.html",
         "six": "/benchmarks/six_runtimes.html"}
SCENES = {"bare": 0, "guide": 6, "one": 1, "six": 6}
"""How many scene frames each page draws (0: the page itself gets ready)."""
VIEWPORT = {"width": 1280, "height": 8000}

# Runs in every frame before its scripts: when body[data-ready] turns "true", note the time on
# the clock all frames share (ms since the epoch, high resolution); and record every WebAssembly
# memory the frame makes (constructed, or exported by an instantiated module).
PROBE = """
(() => {
  const check = () => {
    if (window.__readyAt === undefined && document.body && document.body.dataset.ready === 'true') {
      window.__readyAt = performance.timeOrigin + performance.now();
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true,
                                                 attributeFilter: ['data-ready']});
  const memories = [];
  window.__wasmMemories = memories;
  const Memory = WebAssembly.Memory;
  const keep = (memory) => { if (memory instanceof Memory && !memories.includes(memory)) memories.push(memory); };
  WebAssembly.Memory = new Proxy(Memory, {
    construct(target, args) { const memory = new target(...args); keep(memory); return memory; },
  });
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const original = WebAssembly[name];
    WebAssembly[name] = async function (...args) {
      const result = await original.apply(this, args);
      const instance = result.instance || result;
      for (const value of Object.values(instance.exports || {})) keep(value);
      return result;
    };
  }
})();
"""
WASM_BYTES = "() => (window.__wasmMemories || []).reduce((sum, m) => sum + m.buffer.byteLength, 0)"


def _ready_times(page, scenes: int) -> list[float] | None:
    """The ready times (epoch ms) of the page (``scenes`` 0) or of its scene frames, once all are ready."""
    frames = [page.main_frame] if scenes == 0 else [f for f in page.frames if "/embed.html" in f.url]
    if len(frames) < max(scenes, 1):
        return None
    times = []
    for frame in frames:
        error = frame.evaluate("() => { const e = document.querySelector('.py-error'); return e && e.textContent; }")
        if error:
            raise RuntimeError(f"{frame.url}: PyScript error: {error}")
        at = frame.evaluate("() => window.__readyAt === undefined ? null : window.__readyAt")
        if at is None:
            return None
        times.append(float(at))
    return times


def measure(browser: Any, url: str, scenes: int, timeout_s: float) -> tuple[float, float, float]:
    """One cold load: (seconds to all drawn, JS heap MB, WebAssembly memory MB)."""
    context = browser.new_context(service_workers="block", viewport=VIEWPORT)
    try:
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(url, wait_until="commit")
        waited = 0
        while (times := _ready_times(page, scenes)) is None:
            if waited > timeout_s * 1000:
                raise RuntimeError(f"{url}: not drawn in {timeout_s:.0f} s")
            page.wait_for_timeout(100)
            waited += 100
        start = page.evaluate("() => performance.timeOrigin")
        seconds = (max(times) - start) / 1000.0
        page.wait_for_timeout(1000)  # let the start-up's garbage become collectable
        cdp = context.new_cdp_session(page)
        cdp.send("HeapProfiler.enable")
        cdp.send("HeapProfiler.collectGarbage")
        heap = cdp.send("Runtime.getHeapUsage")["usedSize"]
        wasm = sum(frame.evaluate(WASM_BYTES) for frame in page.frames)
        return seconds, heap / 1e6, wasm / 1e6
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time to draw the guide's six scenes (one runtime) vs a bare "
                                                 "PyScript page, and memory vs a one-scene page.")
    parser.add_argument("--runs", type=int, default=5, help="runs per page (default 5)")
    parser.add_argument("--six", action="store_true", help="also the six scenes with six runtimes (slow)")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds to wait for one page")
    parser.add_argument("--json", action="store_true", help="print the raw numbers as JSON too")
    args = parser.parse_args(argv)

    sync_playwright = playwright_sync_api().sync_playwright

    if not (ROOT / "runtime" / "pyodide" / "pyodide.asm.wasm").is_file():
        print("runtime/ missing: run scripts/setup --test", file=sys.stderr)
        return 2
    names = ["bare", "guide", "one"] + (["six"] if args.six else [])
    results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in names}
    server, base = dev_server.start(ROOT)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**chromium_launch_options("chromium"))
            try:
                # A first load, not counted, so the server has packed kseri.zip before anything is timed.
                measure(browser, base + PAGES["one"], 1, args.timeout)
                for run in range(args.runs):
                    order = names[run % len(names):] + names[:run % len(names)]
                    for name in order:
                        seconds, heap, wasm = measure(browser, base + PAGES[name], SCENES[name], args.timeout)
                        results[name].append((seconds, heap, wasm))
                        print(f"run {run + 1}/{args.runs} {name:5}: drawn {seconds:6.2f} s  JS heap {heap:6.1f} MB"
                              f"  wasm {wasm:6.1f} MB  total {heap + wasm:6.1f} MB", flush=True)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()

    def median(name: str, i: int) -> float:
        return statistics.median(r[i] for r in results[name])

    def total(name: str) -> float:
        return statistics.median(r[1] + r[2] for r in results[name])

    print()
    print(f"medians of {args.runs} runs (cold loads; time: navigation -> every scene drawn)")
    print(f"{'':7}{'time s':>8}{'JS MB':>8}{'wasm MB':>9}{'total MB':>10}")
    for name in names:
        print(f"{name:7}{median(name, 0):8.2f}{median(name, 1):8.1f}{median(name, 2):9.1f}{total(name):10.1f}")
    print()
    print(f"guide time / bare time:      {median('guide', 0) / median('bare', 0):5.2f}  (target <= 1.5)")
    print(f"guide memory / one scene's:  {total('guide') / total('one'):5.2f}  (target <= 2)")
    if args.six:
        print(f"six runtimes: time / bare {median('six', 0) / median('bare', 0):5.2f}, "
              f"memory / one scene's {total('six') / total('one'):5.2f}")
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
