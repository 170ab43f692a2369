// An IndexedDB stand-in in memory, lent to PyScript while it starts. Every page that may start
// PyScript loads this module before the script that loads PyScript's core.js (index.html,
// embed.html, embed-runtime.html: a module script earlier in <head> runs first);
// static/pyodide-start.mjs gives the page's own indexedDB back (static/embed/frame.js does in a
// scene frame the shared runtime draws: no PyScript starts there).
//
// Why: PyScript opens two IndexedDB databases on its way to Python and copes with neither
// failing. (1) Its core module, as it loads, opens "IDBMap/@pyscript.fs" (src/fs.js,
// `export const idb = new IDBMap(NAMESPACE)`, for `pyscript.fs.mount`): a failure is an
// unhandled rejection. (2) Before it calls the interpreter module's loadPyodide, its loader opens
// the package cache ("Loading Storage" in polyscript's esm/interpreter/pyodide.js:
// `new IDBMapSync(...)`, then `await storage.sync()`, no catch): a failure and Python never
// starts. Both are @webreflection/idb-map, whose onerror also re-dispatches the event it is
// handling (an InvalidStateError on the page). Where the browser denies storage (a guide on
// another site with third-party cookies blocked, as in every Chromium incognito window; a
// profile that blocks all site data) `indexedDB.open` fails with "The user denied permission to
// access the database", and the page says "Shuffling the deck…" for ever. No setting avoids it:
// `packages_cache = "never"` still opens the cache (to clear it).
//
// Neither database is of use here: the cache only holds the lock file of `packages =` installs
// and this site installs none (pyscript.toml); the site never mounts a folder. So PyScript gets
// this stand-in instead, in every browser and whether or not storage is allowed: one path,
// taken by every browser test, and no database opened at start-up. The game keeps its saves in
// localStorage (kseri/web/storage.py), which copes with storage that throws.
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

/**
 * Put the stand-in in place of `target.indexedDB`; returns the function that gives the real one
 * back (safe to call twice). Where the property cannot be replaced, nothing changes.
 */
export function lendMemoryIndexedDB(target = globalThis) {
  const own = Object.getOwnPropertyDescriptor(target, "indexedDB");
  try {
    Object.defineProperty(target, "indexedDB", { value: memoryIndexedDB(), configurable: true, writable: true });
  } catch {
    return () => {};
  }
  let lent = true;
  return () => {
    if (!lent) return;
    lent = false;
    if (own) Object.defineProperty(target, "indexedDB", own);
    else delete target.indexedDB;
  };
}

/** Gives the page its own indexedDB back: static/pyodide-start.mjs calls it when PyScript asks for
 * the interpreter, by when PyScript holds both its databases. */
export const giveBackIndexedDB = lendMemoryIndexedDB();
