// Kseri's service worker: the whole site, Python runtime included, in one cache
// so the game plays offline.
//
// Registered by static/sw-register.js as sw.js?v=VERSION, where VERSION is the
// "version" of precache-manifest.json (a hash of every file's hash; written by
// devtools/precache.py, served fresh by devtools/serve.py in development).
//
// install:  fetch the manifest, fetch every file it lists (revalidated, never a
//           stale HTTP-cache copy), check each one's SHA-256 against the
//           manifest, and store them all in the cache "kseri-VERSION". Any
//           failure fails the install and the old version stays in charge.
// activate: take control of open pages; delete every kseri-* cache that no open
//           page was loaded from.
// fetch:    same-origin GETs of precached files come from one version's cache: a
//           page load (navigation) from this version's, every later request of
//           that page from the cache its load came from (query strings ignored;
//           "dir/" means "dir/index.html"); anything else, and the manifest
//           itself, goes to the network, except a cache-only request (204).
"use strict";

const VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
const PREFIX = "kseri-";
const CACHE = PREFIX + VERSION;
const SITE = new URL("./", self.location.href);
const MANIFEST = new URL("precache-manifest.json", SITE).href;
const PARALLEL = 6;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function precache() {
  const response = await fetch(MANIFEST, { cache: "no-store" });
  if (!response.ok) throw new Error(`precache manifest: HTTP ${response.status}`);
  const manifest = await response.json();
  if (manifest.version !== VERSION) {
    // The site changed between the page's look at the manifest and ours: let the
    // next page load register the newer version instead of mixing the two.
    throw new Error(`precache manifest is version ${manifest.version}, this worker is ${VERSION}`);
  }
  await caches.delete(CACHE); // a half-filled cache from an interrupted install
  const cache = await caches.open(CACHE);
  const entries = Object.entries(manifest.files);
  let next = 0;
  async function worker() {
    while (next < entries.length) {
      const [path, digest] = entries[next++];
      const url = new URL(path, SITE).href;
      const got = await fetch(url, { cache: "no-cache" });
      if (!got.ok) throw new Error(`precache ${path}: HTTP ${got.status}`);
      const body = await got.clone().arrayBuffer();
      const actual = hex(await crypto.subtle.digest("SHA-256", body));
      if (actual !== digest) throw new Error(`precache ${path}: content does not match the manifest`);
      await cache.put(url, got);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await cache.put(MANIFEST, new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/json" },
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

// Which version's cache each open page was loaded from (client id -> {cache, at}).
// Every page load is recorded, and every later request of that page is answered
// from the same cache, also after a newer worker has taken over while the page was
// still loading: no page mixes files of two versions. Kept in memory and in a small
// cache of its own, since the browser may stop and restart the worker.
const PINS_CACHE = "kseri:pins";
const PINS_KEY = new URL("kseri-pins.json", SITE).href;
// A page being loaded is not a client yet: its pin is kept this long without one.
const GRACE_MS = 10000;
let pinned = null;

async function pins() {
  if (pinned === null) {
    let saved = {};
    try {
      const hit = await caches.match(PINS_KEY, { cacheName: PINS_CACHE });
      if (hit) saved = await hit.json();
    } catch {
      saved = {}; // unreadable: no pins, pages read this version's cache
    }
    pinned ??= new Map(Object.entries(saved));
  }
  return pinned;
}

// Forget the pages that are gone, save the pins, and delete the caches no open
// page was loaded from (never this version's).
async function prune() {
  const map = await pins();
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" })).map((c) => c.id));
  const now = Date.now();
  for (const [id, pin] of [...map]) if (!open.has(id) && !(now - pin.at < GRACE_MS)) map.delete(id);
  const store = await caches.open(PINS_CACHE);
  await store.put(PINS_KEY, new Response(JSON.stringify(Object.fromEntries(map)), {
    headers: { "Content-Type": "application/json" },
  }));
  const keep = new Set([CACHE, ...[...map.values()].map((pin) => pin.cache)]);
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PREFIX) && !keep.has(n)).map((n) => caches.delete(n)));
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    pinned = null; // read the pins the worker before this one saved
    await prune();
    await self.clients.claim();
  })());
});

// Opened once per worker start, not once per request: a page load makes ~30 requests.
// A failed open is forgotten, so the next request tries again.
let opening = null;
function openCache() {
  opening ??= caches.open(CACHE).catch((error) => {
    opening = null;
    throw error;
  });
  return opening;
}

function cacheKey(url) {
  const key = new URL(url.href);
  key.search = "";
  key.hash = "";
  if (key.pathname.endsWith("/")) key.pathname += "index.html";
  return key.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SITE.origin || !url.href.startsWith(SITE.href)) return;
  if (url.href.split(/[?#]/)[0] === MANIFEST) return; // always the network's word
  const navigation = request.mode === "navigate";
  if (navigation && event.resultingClientId) {
    const id = event.resultingClientId;
    event.waitUntil((async () => {
      (await pins()).set(id, { cache: CACHE, at: Date.now() });
      await prune(); // saves the new pin too
    })().catch(() => undefined)); // storage trouble: the page still loads, unpinned
  }
  event.respondWith((async () => {
    let hit;
    try {
      const from = navigation ? CACHE : (await pins()).get(event.clientId)?.cache || CACHE;
      // caches.match with a cacheName never creates a cache (caches.open would).
      hit = from === CACHE ? await (await openCache()).match(cacheKey(url))
        : await caches.match(cacheKey(url), { cacheName: from });
    } catch {
      hit = undefined; // no cache to read (storage trouble): the network still may answer
    }
    if (hit) return hit;
    // A cache-only read (the page's look for the memory snapshot) that this cache cannot
    // answer: "nothing here", not a failed request the page's console would report as an
    // error. The page then starts Python the ordinary way.
    if (request.cache === "only-if-cached") return new Response(null, { status: 204, statusText: "Not cached" });
    return fetch(request);
  })());
});
