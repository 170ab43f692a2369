"""The loading screen on a throttled network (issue #15): the bar follows the bytes really
received (``static/loading.js``), moves on while the interpreter starts, and the page becomes
ready without downloading the runtime twice.

The network is Chromium's own emulation (DevTools protocol), fast enough to keep the test
short; ``benchmarks/slow_network.py`` measures the 1.6 Mbit/s case.
"""

from __future__ import annotations

import itertools

import pytest

from tests.browser.conftest import wait_ready

pytestmark = pytest.mark.browser

BYTES_PER_SECOND = 3_000_000
LATENCY_MS = 150

SAMPLE_JS = """() => {
  const bar = document.querySelector('#loading .progress .bar');
  const ready = !!document.body && document.body.dataset.ready === 'true';
  const transform = bar && getComputedStyle(bar).transform;
  // 'none': the style sheet has not arrived (the unstyled bar is not drawn), or the page is ready.
  if (ready || !transform || transform === 'none') return {ready, scale: null};
  const m = new DOMMatrix(transform);
  return {ready, scale: m.a, received: Number(bar.dataset.received || 0),
          note: (document.querySelector('#loading .splash-bytes') || {}).textContent || ''};
}"""


@pytest.mark.first_visit
def test_the_bar_follows_the_bytes_and_the_runtime_is_fetched_once(game_page, page_watch, site_url):
    page = game_page
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": LATENCY_MS,
        "downloadThroughput": BYTES_PER_SECOND, "uploadThroughput": BYTES_PER_SECOND})
    wasm_responses: list[str] = []
    page.on("response", lambda r: wasm_responses.append(r.url) if r.url.endswith("pyodide.asm.wasm") else None)
    page.goto(f"{site_url}/index.html?seed=3", wait_until="commit")
    samples = []
    for _ in range(600):
        sample = page.evaluate(SAMPLE_JS) if page.url.startswith(site_url) else None
        if sample is not None and sample["ready"]:
            break
        if sample is not None and sample["scale"] is not None:
            samples.append(sample)
        page.wait_for_timeout(200)
    wait_ready(page, page_watch)
    received = [s["received"] for s in samples]
    scales = [round(s["scale"], 3) for s in samples]
    # The bytes grow through many distinct values; the bar never goes back, and it keeps moving.
    assert len(set(received)) >= 5, received
    assert received == sorted(received), received
    assert scales == sorted(scales), scales
    assert max(received) > 10_000_000, "the runtime's bytes were not counted"
    assert any("MB" in s["note"] for s in samples)
    frozen = _longest_still_run(scales)
    assert frozen <= 12, f"the bar stood still for {frozen} samples (200 ms each): {scales}"
    # PyScript's own request for the interpreter came from the cache or joined the download:
    # the network served it once (a response from the memory or disk cache is not a download).
    downloads = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter(e => e.name.endsWith('pyodide.asm.wasm') && e.transferSize > 0).length""")
    assert downloads <= 1, (downloads, wasm_responses)


def _longest_still_run(values: list[float]) -> int:
    longest = run = 0
    for before, after in itertools.pairwise(values):
        run = run + 1 if after == before else 0
        longest = max(longest, run)
    return longest
