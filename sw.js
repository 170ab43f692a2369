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
// activate: delete every other kseri-* cache, take control of open pages.
// fetch:    same-origin GETs of precached files come from this version's cache
//           (query strings ignored; "dir/" means "dir/index.html"); anything
//           else, and the manifest itself, goes to the network.
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

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
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
  event.respondWith((async () => {
    let hit;
    try {
      hit = await (await openCache()).match(cacheKey(url));
    } catch {
      hit = undefined; // no cache to read (storage trouble): the network still may answer
    }
    return hit || fetch(request);
  })());
});
