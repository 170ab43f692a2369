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
// unpacked into its working directory once it is up. PyScript's own `[files]` would fetch it
// only then, and unpack it in Python (zipfile, under WebAssembly): both on the way to the table.
function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
}

function canInflate() {
  try {
    new DecompressionStream("deflate-raw");
    return true;
  } catch {
    return false;
  }
}

// [name, bytes] for each file of a zip (stored or deflated), from its central directory.
function readZip(zip) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("kseri.zip: not a zip file");
  const names = new TextDecoder();
  const files = [];
  let at = view.getUint32(end + 16, true);
  for (let count = view.getUint16(end + 10, true); count > 0; count--) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("kseri.zip: damaged directory");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    if (name.startsWith("/") || name.split("/").includes("..")) throw new Error(`kseri.zip: bad name ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(start, start + size);
    if (method === 0) files.push([name, data]);
    else if (method === 8) files.push(inflate(data).then((bytes) => [name, bytes]));
    else throw new Error(`kseri.zip: ${name}: compression ${method}`);
  }
  return Promise.all(files);
}

// The package's files, or its zip's bytes where this browser cannot inflate it.
async function fetchPackage() {
  const response = await fetch(PACKAGE);
  if (!response.ok) throw new Error(`kseri.zip: HTTP ${response.status}`);
  const zip = new Uint8Array(await response.arrayBuffer());
  return canInflate() ? readZip(zip) : zip;
}

function unpack(pyodide, files) {
  if (files instanceof Uint8Array) {
    pyodide.unpackArchive(files, "zip", { extractDir: "." });
    return;
  }
  const { FS } = pyodide;
  const home = FS.cwd();
  for (const [name, bytes] of files) {
    const path = `${home}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes, { canOwn: true });
  }
}

function started(how) {
  document.documentElement.dataset.pythonStart = how;
}

async function start(settings) {
  if (navigator.serviceWorker?.controller && typeof DecompressionStream === "function") {
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
  // PyScript gives this module's folder as the runtime's; the runtime is elsewhere.
  const starting = start({ ...options, indexURL: RUNTIME });
  const files = fetchPackage();
  files.catch(() => undefined); // awaited below, once the interpreter is up
  const pyodide = await starting;
  unpack(pyodide, await files);
  return pyodide;
}
