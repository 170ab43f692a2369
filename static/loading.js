// The loading screen's progress bar follows the bytes really received.
//
// Python cannot report anything before it runs, and most of a first visit's wait is
// the download of its runtime (about 14 MB: the WebAssembly interpreter, its standard
// library, the game's package). This script watches those downloads as the runtime
// makes them: for each of its files fetched through `fetch`, a copy of the response
// (`clone()`, the same bytes as they arrive, nothing fetched twice) is read to count
// them, and the bar moves with the count. The one file loaded as a script
// (pyodide.asm.mjs) is counted when it is complete.
//
// The bar moves in steps, a few times a second: a bar repainted every frame competes
// with WebAssembly's start-up for the main thread on machines without GPU compositing.
// Before the first byte it creeps (style.css); once every byte is in, it creeps on
// while the interpreter starts, never frozen and never claiming to be done before the
// table is ready.
const EXPECTED = {
  // Sizes counted for a file until its own Content-Length is known (Pyodide 0.29).
  "pyodide.asm.wasm": 9_600_000,
  "python_stdlib.zip": 2_550_000,
  "pyodide.asm.mjs": 1_250_000,
  "pyodide-lock.json": 120_000,
  "kseri.zip": 740_000,
};
const DOWNLOAD_SHARE = 0.85; // the part of the bar the downloads fill
const STEP_MS = 250;

const splash = document.getElementById("loading");
const bar = splash && splash.querySelector(".progress .bar");
const bytesNote = splash && splash.querySelector(".splash-bytes");
let shown = 0; // the bar's scale so far
const files = Object.fromEntries(
  Object.entries(EXPECTED).map(([name, guess]) => [name, { received: 0, size: guess, done: false }]),
);

function watchedName(url) {
  try {
    const name = new URL(url, document.baseURI).pathname.split("/").pop();
    return Object.hasOwn(files, name) ? name : null;
  } catch {
    return null;
  }
}

async function count(file, copy) {
  const length = Number(copy.headers.get("Content-Length"));
  // A compressed response's length is not the count of the bytes read from it.
  if (!copy.headers.get("Content-Encoding") && length > 0) file.size = length;
  try {
    const reader = copy.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      file.received += value.length;
    }
  } catch {
    // The download failed: PyScript reports it; the bar goes on.
  }
  file.size = Math.max(file.received, 1);
  file.done = true;
}

function megabytes(n) {
  return (n / 1_000_000).toFixed(1);
}

function show() {
  if (document.body.dataset.ready === "true") return false;
  const all = Object.values(files);
  const received = all.reduce((sum, f) => sum + f.received, 0);
  if (received === 0) return true; // nothing yet: the bar's own creep goes on
  const total = all.reduce((sum, f) => sum + Math.max(f.size, f.received), 0);
  bar.dataset.received = String(received);
  if (bytesNote) bytesNote.textContent = `${megabytes(received)} / ${megabytes(total)} MB`;
  if (all.every((f) => f.done)) {
    bar.style.transform = "";
    bar.classList.add("starting"); // the interpreter starts: the bar creeps on (style.css)
    return false;
  }
  // Never back: a file's real size may be larger than its guess.
  shown = Math.max(shown, 0.05 + DOWNLOAD_SHARE * Math.min(1, received / total));
  bar.classList.add("counting");
  bar.style.transform = `scaleX(${shown.toFixed(3)})`;
  return true;
}

if (bar && document.body.dataset.ready !== "true" && "ReadableStream" in window) {
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const name = watchedName(typeof input === "string" || input instanceof URL ? input : input.url);
    if (name && response.ok && response.body && !files[name].done && files[name].received === 0) {
      count(files[name], response.clone());
    }
    return response;
  };
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      const name = watchedName(entry.name);
      if (name && entry.initiatorType !== "fetch" && !files[name].done) {
        const size = entry.decodedBodySize || entry.encodedBodySize || files[name].size;
        Object.assign(files[name], { received: size, size, done: true });
      }
    }
  }).observe({ type: "resource", buffered: true });
  const tick = () => {
    if (show()) setTimeout(tick, STEP_MS);
  };
  setTimeout(tick, STEP_MS);
}
