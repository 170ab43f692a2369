// PyScript's interpreter module (pyscript.toml's `interpreter`): the site's own Pyodide,
// started from a memory snapshot on a return visit.
//
// Starting Python and importing the game is most of a return visit's wait. The site
// ships the interpreter's memory with the game's modules already imported
// (kseri-snapshot.gz, made by devtools/snapshot.py), and Pyodide can start from it.
// It is used only when the service worker already holds it for this page's version:
// a first visit never downloads it (the worker fetches it in the background with the
// rest of the site), and it always comes with the kseri.zip it was made from.
// kseri.web.fresh checks that anyway, and anything that fails here falls back to the
// ordinary start.
//
// <html data-python-start> says which start it was ("snapshot" or "fresh"): for tests
// and benchmarks.
import { loadPyodide as startPyodide, version } from "../runtime/pyodide/pyodide.mjs";
// PyScript opens its package cache in IndexedDB between importing this module and calling
// loadPyodide below, and never starts Python where that fails (storage denied): until then it
// has stand-ins (storage-stand-ins.mjs, loaded before PyScript's core.js), given back below.
import { giveBackStorage } from "./storage-stand-ins.mjs";

export { version };

const RUNTIME = new URL("../runtime/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("../kseri-snapshot.gz", import.meta.url).href;
const PACKAGE = new URL("../kseri.zip", import.meta.url).href;

// The snapshot's bytes from the service worker's cache, or a rejection: never the network
// (only-if-cached: the worker answers from its cache, or with 204 "not cached" and no body).
async function cachedSnapshot() {
  const response = await fetch(SNAPSHOT, { cache: "only-if-cached", mode: "same-origin" });
  if (!response.ok || !response.body) throw new Error(`snapshot: HTTP ${response.status}`);
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

// The kseri package (kseri.zip, devtools/pack.py), fetched while the interpreter starts and
// unpacked into its working directory once it is up. PyScript's own `[files]` would only ask
// for it then, one more trip to the network on the way to the table. (Unpacking it in
// JavaScript, entry by entry with DecompressionStream, was slower than Pyodide's unpackArchive:
// measured 120-130 ms against 50 ms.)
async function fetchPackage() {
  const response = await fetch(PACKAGE);
  if (!response.ok) throw new Error(`kseri.zip: HTTP ${response.status}`);
  return response.arrayBuffer();
}

function started(how) {
  document.documentElement.dataset.pythonStart = how;
}

// Whether a service worker answers this page (then it may hold the snapshot). Some browsers
// throw on `navigator.serviceWorker` where storage is denied: then no worker does.
function controlled() {
  try {
    return Boolean(navigator.serviceWorker?.controller);
  } catch {
    return false;
  }
}

async function start(settings) {
  if (controlled() && typeof DecompressionStream === "function") {
    try {
      // Read while the interpreter's own files load: Pyodide awaits it when it needs it.
      const snapshot = cachedSnapshot();
      snapshot.catch(() => undefined); // a failure is handled below, never "uncaught"
      const pyodide = await startPyodide({ ...settings, _loadSnapshot: snapshot });
      started("snapshot");
      return pyodide;
    } catch {
      // No snapshot in this version's cache, or one this runtime cannot restore: start afresh.
    }
  }
  started("fresh");
  return startPyodide(settings);
}

export async function loadPyodide(options = {}) {
  giveBackStorage(); // PyScript holds its stand-ins by now
  // PyScript gives this module's folder as the runtime's; the runtime is elsewhere.
  const starting = start({ ...options, indexURL: RUNTIME });
  const files = fetchPackage();
  files.catch(() => undefined); // awaited below, once the interpreter is up
  const pyodide = await starting;
  pyodide.unpackArchive(await files, "zip", { extractDir: "." });
  return pyodide;
}
