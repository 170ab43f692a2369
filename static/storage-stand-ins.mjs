// Stand-ins for the browser storage PyScript touches while it starts, lent to it until it asks
// for the interpreter. Every page that may start PyScript loads this module before the script
// that loads PyScript's core.js (index.html, embed.html, embed-runtime.html: a module script
// earlier in <head> runs first). static/pyodide-start.mjs gives the page's own objects back
// (static/embed/frame.js does in a scene frame the shared runtime draws: no PyScript there).
//
// Why: where the browser denies a page storage (a guide on another site when third-party
// cookies are blocked, as in every Chromium incognito window and in Firefox set to block them;
// a profile that blocks all site data) PyScript 0.7.31 never starts Python, and the page says
// "Shuffling the deck…" or "Dealing…" for ever. Three things in its start-up fail there and
// none is caught; no setting turns them off (`packages_cache = "never"` still opens the cache,
// to clear it):
//
// 1. Its core module, as it loads, opens the IndexedDB database "IDBMap/@pyscript.fs"
//    (src/fs.js, `export const idb = new IDBMap(NAMESPACE)`, for `pyscript.fs.mount`): the
//    failure is an unhandled rejection.
// 2. Before it calls loadPyodide, its loader opens the package cache ("Loading Storage" in
//    polyscript's esm/interpreter/pyodide.js: `new IDBMapSync(...)`, then
//    `await storage.sync()`): Chromium answers "The user denied permission to access the
//    database", Firefox throws a SecurityError, and the loader stops there. Both databases are
//    @webreflection/idb-map, whose onerror also re-dispatches the event it is handling (an
//    InvalidStateError on the page).
// 3. Where SharedArrayBuffer cannot grow (any page that is not cross-origin isolated in
//    Firefox), its core module creates a BroadcastChannel as it loads (coincident's "sabayon",
//    for workers without SharedArrayBuffer), which Firefox refuses with a SecurityError: the
//    module fails to load.
//
// Neither database is of use here: the cache only holds the lock file of `packages =` installs
// and this site installs none (pyscript.toml); the site never mounts a folder; and it starts no
// worker, the only user of that channel. So PyScript gets an IndexedDB in memory always (one
// path, taken by every browser test, and no database opened at start-up), and a channel that
// carries nothing when the browser refuses a real one. The game keeps its saves in localStorage
// (kseri/web/storage.py), which copes with storage that throws.

// ------------------------------------------------------------------------------ IndexedDB
//
// Only what IDBMap calls is here: open (answered at once, the one store already made),
// transaction().objectStore(), the store's count, clear, delete, get, getKey, getAllKeys and
// put, and close. Each request answers with onsuccess({target: request}) once the caller has
// set its handlers (a microtask later), as IndexedDB does. Keys are compared as a Map does
// (IDBMap's keys are strings).

function answered(result) {
  const request = { readyState: "done", result, error: null, onsuccess: null, onerror: null };
  queueMicrotask(() => request.onsuccess?.call(request, { type: "success", target: request }));
  return request;
}

function objectStore(entries) {
  return {
    count: () => answered(entries.size),
    clear: () => answered(void entries.clear()),
    delete: (key) => answered(void entries.delete(key)),
    get: (key) => answered(entries.get(key)),
    getKey: (key) => answered(entries.has(key) ? key : undefined),
    getAllKeys: () => answered([...entries.keys()]),
    put: (value, key) => answered(entries.set(key, value) && key),
  };
}

function database(name, stores) {
  const store = (storeName) => {
    if (!stores.has(storeName)) stores.set(storeName, new Map());
    return objectStore(stores.get(storeName));
  };
  return {
    name,
    version: 1,
    get objectStoreNames() {
      return [...stores.keys()];
    },
    createObjectStore: store,
    transaction: () => ({ objectStore: store }),
    close() {},
  };
}

/** A fresh in-memory IDBFactory stand-in: databases by name, each a Map of stores. */
export function memoryIndexedDB() {
  const databases = new Map();
  return {
    open(name) {
      if (!databases.has(name)) databases.set(name, new Map([["entries", new Map()]]));
      return answered(database(name, databases.get(name)));
    },
  };
}

// ------------------------------------------------------------------------- BroadcastChannel

/** A BroadcastChannel that reaches no one (what a page denied storage may have at most). */
export class SilentBroadcastChannel extends EventTarget {
  constructor(name) {
    super();
    this.name = String(name);
    this.onmessage = null;
    this.onmessageerror = null;
  }

  postMessage() {}

  close() {}
}

/** Whether `target` may open a BroadcastChannel (Firefox refuses one where storage is denied). */
export function canBroadcast(target = globalThis) {
  try {
    new target.BroadcastChannel("kseri-probe").close();
    return true;
  } catch {
    return false;
  }
}

// ----------------------------------------------------------------------------- lending

/**
 * Put `value` in place of `target[name]`; returns the function that gives the real one back
 * (safe to call twice). Where the property cannot be replaced, nothing changes.
 */
export function lend(target, name, value) {
  const own = Object.getOwnPropertyDescriptor(target, name);
  try {
    Object.defineProperty(target, name, { value, configurable: true, writable: true });
  } catch {
    return () => {};
  }
  let lent = true;
  return () => {
    if (!lent) return;
    lent = false;
    if (own) Object.defineProperty(target, name, own);
    else delete target[name];
  };
}

/** Lend PyScript what it needs from `target` (the page's global object); returns the give-back. */
export function lendToPyScript(target = globalThis) {
  const giveBacks = [lend(target, "indexedDB", memoryIndexedDB())];
  if (!canBroadcast(target)) giveBacks.push(lend(target, "BroadcastChannel", SilentBroadcastChannel));
  return () => giveBacks.forEach((giveBack) => giveBack());
}

/** Gives the page its own objects back: static/pyodide-start.mjs calls it when PyScript asks for
 * the interpreter, by when PyScript holds both its databases and its channel. */
export const giveBackStorage = lendToPyScript();
