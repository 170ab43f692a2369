// Kseri's service worker: the whole site, Python runtime included, in one cache
// so the game plays offline.
//
// Registered by static/sw-register.js as sw.js?v=VERSION, where VERSION is the
// "version" of precache-manifest.json (a hash of every file's hash; written by
// devtools/precache.py, served fresh by devtools/serve.py in development).
//
// install:  fetch the manifest, then every file it lists that the cache
//           "kseri-VERSION" lacks (revalidated, never a stale HTTP-cache copy),
//           check each one's SHA-256 against the manifest and store it. An
//           interrupted install left its files there: the next one resumes. At the
//           end the cache is read back by name and must hold every file, or the
//           install fails and the old version stays in charge. No skipWaiting here.
// hand-over: the new worker waits. The active worker hands over when it has been
//           quiet for QUIET_MS (no request of any page in flight or just answered)
//           and none of the pages it loaded is still starting, then the new one
//           calls skipWaiting() (see "Hand-over" below for why).
// activate: take control of open pages; delete the kseri-* caches no version needs.
// fetch:    same-origin GETs of precached files come from one version's cache: a
//           page load (navigation) from this version's (the next version's once this
//           worker has told it to take over), every later request of
//           that page from the cache its load came from (query strings ignored;
//           "dir/" means "dir/index.html"); anything else, and the manifest
//           itself, goes to the network, except a cache-only request (204).
//
// Which caches stay: a version's cache is deleted only by the active worker, and
// never while that version is installing, waiting, active, or an open page was
// loaded from it (see prune()).
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

function versionOf(worker) {
  return worker ? new URL(worker.scriptURL).searchParams.get("v") : null;
}

function isMe(worker) {
  return !!worker && worker.scriptURL === self.location.href;
}

// ---------------------------------------------------------------- small state
// A cache of the worker's own bookkeeping (not "kseri-*", so never pruned): the pins
// below, and a lease per version whose install has begun.
const META = "kseri:pins";
const PINS_KEY = new URL("kseri-pins.json", SITE).href;
const LEASE_PREFIX = new URL("kseri-installing-", SITE).href;
// A lease keeps a cache this long after its install began (the registration's own word,
// "installing", reaches another worker a moment late; the lease covers that moment).
const LEASE_MS = 10 * 60 * 1000;

function json(value) {
  return new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json" } });
}

async function leases() {
  const meta = await caches.open(META);
  const out = new Map();
  for (const request of await meta.keys()) {
    if (!request.url.startsWith(LEASE_PREFIX)) continue;
    try {
      const { cache, at } = await (await meta.match(request)).json();
      out.set(request.url, { cache, at });
    } catch {
      out.set(request.url, { cache: null, at: 0 }); // unreadable: expired
    }
  }
  return out;
}

// ---------------------------------------------------------------- install
async function fetchManifest() {
  const response = await fetch(MANIFEST, { cache: "no-store" });
  if (!response.ok) throw new Error(`precache manifest: HTTP ${response.status}`);
  const manifest = await response.json();
  if (manifest.version !== VERSION) {
    // The site changed between the page's look at the manifest and ours: let the
    // next page load register the newer version instead of mixing the two.
    throw new Error(`precache manifest is version ${manifest.version}, this worker is ${VERSION}`);
  }
  return manifest;
}

// The manifest's files that the cache named CACHE lacks (read by name, not through a
// Cache object an earlier caches.open returned: that one may have been deleted since).
async function missing(manifest) {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((request) => request.url));
  return Object.keys(manifest.files).filter((path) => !have.has(new URL(path, SITE).href));
}

// Fetch, check and store the given files. The cache's name is the version, a hash of every
// file's hash, so a file found in it is already the right one: nothing is fetched twice.
async function fill(manifest, paths) {
  const cache = await caches.open(CACHE);
  let next = 0;
  let failed = false; // one failure stops the others: the network is likely gone
  async function worker() {
    while (!failed && next < paths.length) {
      const path = paths[next++];
      try {
        const url = new URL(path, SITE).href;
        const got = await fetch(url, { cache: "no-cache" });
        if (!got.ok) throw new Error(`precache ${path}: HTTP ${got.status}`);
        const body = await got.clone().arrayBuffer();
        const actual = hex(await crypto.subtle.digest("SHA-256", body));
        if (actual !== manifest.files[path]) throw new Error(`precache ${path}: content does not match the manifest`);
        await cache.put(url, got);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

async function precache() {
  // The lease first, the cache after it: a worker that sees this cache among caches.keys()
  // then also sees the lease (prune() reads the leases after the keys).
  const meta = await caches.open(META);
  await meta.put(LEASE_PREFIX + VERSION, json({ cache: CACHE, at: Date.now() }));
  const manifest = await fetchManifest();
  // A few rounds: a cache deleted under us (by an older worker that had not yet heard of
  // this install) is found short when read back, and filled again.
  for (let round = 0; round < 3; round++) {
    const lacking = await missing(manifest);
    if (lacking.length === 0) {
      const cache = await caches.open(CACHE);
      await cache.put(MANIFEST, json(manifest));
      if ((await missing(manifest)).length === 0 && await cache.match(MANIFEST)) return;
      continue;
    }
    await fill(manifest, lacking);
  }
  throw new Error(`precache: ${CACHE} is still not whole after three rounds`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await precache();
    // Ask the active worker (if any) to hand over once its pages are quiet. (Where a worker
    // cannot message another, the pages ask: static/sw-register.js.)
    try {
      self.registration.active?.postMessage({ type: "kseri:hand-over" });
    } catch {
      // the pages' requests do it
    }
  })());
});

// ---------------------------------------------------------------- hand-over
// Why not skipWaiting() at the end of install, as is common: while a waiting worker has
// called skipWaiting() and the active one still has work, Chromium treats the active one
// as a "lame duck" and stops it as soon as it is idle; with DevTools attached (as in
// every Playwright test) it stops it even with a navigation just dispatched to it, and
// that navigation then never gets an answer. So the active worker decides when: once none
// of its requests has been in flight for QUIET_MS, it tells the waiting worker to take
// over, and the lame-duck time shrinks to the instant between its last reply and its stop,
// when no page is loading. Anything that starts the old worker again in that time (a
// message, a request) stretches it, so a worker once told to take over says so (SKIPPING)
// and nobody asks the old one again. Measured (docs/performance.md, "Updates: deploys and
// reloads"): with DevTools attached a reload landing at that instant still stalled, about as
// often as with skipWaiting() at install end, until the hand-over also waited for the pages
// this worker loaded to be ready (pagesLoading, below): since then no stall in 1,136 reloads
// during deploys, against 3 in 656 for the worker before, side by side. Without DevTools no
// worker was ever seen to stall. A version also never hands over while it is still activating.
const QUIET_MS = 1000;
const SKIPPING_PREFIX = new URL("kseri-skipping-", SITE).href;
// How long one request to hand over waits for quiet, holding its message event open (Chromium
// stops a worker whose event outlasts 5 min); pages ask again while a worker waits.
const HAND_OVER_MS = 60 * 1000;
let inFlight = 0;
// A worker just started knows nothing of the requests before it (an earlier run of it, or
// its own activation, may have been a moment ago): it counts as busy until then.
let lastActivity = Date.now();
let handingOver = null;
// The version this worker told to take over. From then on a page load that still reaches this
// worker is served from that version's cache and pinned to it: the new worker, once active, may
// not yet have read this worker's pins (they are saved a moment after the load), and would
// answer the page's later requests from its own cache; a page of this version would then get the
// next version's style sheet (seen once in CI, tests/browser/test_sw_versions.py). The waiting
// worker's cache is whole (its install checked it) and kept while it waits or is active.
let handedOverTo = null;

// The cache a page load reaching this worker now is served from: this version's, or, once this
// worker has handed over, the next version's while that one is still waiting or active.
function loadCache() {
  const registration = self.registration;
  if (handedOverTo !== null && (versionOf(registration.waiting) === handedOverTo
      || versionOf(registration.active) === handedOverTo)) return PREFIX + handedOverTo;
  return CACHE;
}

function track(promise) {
  inFlight++;
  lastActivity = Date.now();
  promise.catch(() => undefined).finally(() => {
    inFlight--;
    lastActivity = Date.now();
  });
  return promise;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A take-over that has not happened this long after it was told is asked for again: Chromium
// can drop a skipWaiting() whose activation a request to the old worker interrupted, and the
// new worker then waits for good (seen once in tests/browser/test_sw_update.py); the pages'
// ask of every minute (static/sw-register.js) then gets it going again.
const RETAKE_MS = 10 * 1000;

async function alreadyTakingOver(worker) {
  if (!worker) return false;
  try {
    const hit = await caches.match(SKIPPING_PREFIX + versionOf(worker), { cacheName: META });
    return !!hit && Date.now() - (await hit.json()).at < RETAKE_MS;
  } catch {
    return false; // unreadable: ask again
  }
}

async function handOverWhenQuiet() {
  const deadline = Date.now() + HAND_OVER_MS;
  while (Date.now() < deadline) {
    const registration = self.registration;
    if (!isMe(registration.active)) return; // already replaced
    if (!registration.waiting && !registration.installing) return; // nothing to hand over to
    // Told a moment ago (maybe before this worker's restart): not again now, since holding this
    // event open would keep the old worker busy and delay the take-over; the pages ask again.
    if (await alreadyTakingOver(registration.waiting)) return;
    // Only once this worker is activated: one still activating has not answered a single
    // request yet, and a navigation is likely queued for it (it was just handed over to).
    const activated = registration.active.state === "activated";
    const quietFor = Date.now() - lastActivity;
    if (activated && registration.waiting && inFlight === 0 && quietFor >= QUIET_MS && !(await pagesLoading())) {
      // Looked again after the await, in the same turn as the message: a page load that came
      // in meanwhile is pinned to this version, and its pin is not saved yet.
      if (inFlight === 0 && Date.now() - lastActivity >= QUIET_MS && handOverNow()) return;
    }
    await sleep(Math.max(50, QUIET_MS - quietFor));
  }
}

// Tell the waiting worker to take over, and from now on serve page loads from its cache (the one
// place that sets handedOverTo: the quiet hand-over and a page's "now" both come here). Whether it did.
function handOverNow() {
  const waiting = self.registration.waiting;
  if (!waiting || !isMe(self.registration.active)) return false;
  handedOverTo = versionOf(waiting);
  waiting.postMessage({ type: "kseri:take-over" });
  return true;
}

// A page this worker loaded is "loading" until it says it is ready (static/sw-register.js) or
// LOADING_MS has passed. Why hold the hand-over for it: a page starting Python can make no request
// for over QUIET_MS (compiling the runtime), then ask for more files; a worker stopped at that
// instant leaves the page's request unanswered, and the page hangs on its loading screen (seen once
// in CI, in tests/browser/test_sw_versions.py, with DevTools attached).
const LOADING_MS = 45 * 1000;

async function pagesLoading() {
  const now = Date.now();
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" })).map((c) => c.id));
  for (const [id, pin] of await pins()) {
    if (pin.cache !== CACHE || pin.ready || now - pin.at >= LOADING_MS) continue;
    if (open.has(id) || now - pin.at < GRACE_MS) return true;
  }
  return false;
}

async function markLoaded(id) {
  const map = await pins();
  const pin = map.get(id);
  if (pin?.ready) return;
  // No pin yet: a page no worker served, claimed at activation, says it is ready before (or
  // after) "activate" pins it. Its requests read this version's cache either way.
  if (pin) pin.ready = true;
  else map.set(id, { cache: CACHE, at: Date.now(), ready: true });
  await savePins();
}

self.addEventListener("message", (event) => {
  const type = event.data?.type;
  if (type === "kseri:loaded") {
    // A page this worker loaded is ready: its loading no longer holds a hand-over back.
    const id = event.source?.id;
    if (id) event.waitUntil(markLoaded(id).catch(() => undefined));
  } else if (type === "kseri:hand-over" && event.data.now === true) {
    // A page still saw the waiting worker a minute after it asked (static/sw-register.js): hand
    // over now, quiet or not, through handedOverTo as always.
    handOverNow();
  } else if (type === "kseri:hand-over") {
    // The waiting worker's install just ended, or a page saw a waiting worker.
    handingOver ??= handOverWhenQuiet().finally(() => { handingOver = null; });
    event.waitUntil(handingOver);
  } else if (type === "kseri:take-over" && !isMe(self.registration.active)) {
    // Sent by the active worker once it saw this one waiting (this worker's own view of the
    // registration may lag a moment behind).
    event.waitUntil((async () => {
      try {
        await (await caches.open(META)).put(SKIPPING_PREFIX + VERSION, json({ at: Date.now() }));
      } catch {
        // storage trouble: the old worker may only be asked again
      }
      await self.skipWaiting();
    })());
  }
});

// ---------------------------------------------------------------- pins and pruning
// Which version's cache each open page was loaded from (client id -> {cache, at, ready}).
// Every page load is recorded, and every later request of that page is answered
// from the same cache, also after a newer worker has taken over while the page was
// still loading: no page mixes files of two versions. Kept in memory and in the
// META cache, since the browser may stop and restart the worker.
// A page being loaded is not a client yet: its pin is kept this long without one.
const GRACE_MS = 10000;
let pinned = null;

async function pins() {
  if (pinned === null) {
    let saved = {};
    try {
      const hit = await caches.match(PINS_KEY, { cacheName: META });
      if (hit) saved = await hit.json();
    } catch {
      saved = {}; // unreadable: no pins, pages read this version's cache
    }
    pinned ??= new Map(Object.entries(saved));
  }
  return pinned;
}

async function savePins() {
  const meta = await caches.open(META);
  await meta.put(PINS_KEY, json(Object.fromEntries(await pins())));
}

// Forget the pages that are gone and save the pins. Then, only in the active worker,
// delete every kseri-* cache that no version needs: not this version's, not one whose
// worker is installing, waiting or active, not one an open page was loaded from, not
// one whose install began less than LEASE_MS ago.
async function prune() {
  const map = await pins();
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" })).map((c) => c.id));
  const now = Date.now();
  for (const [id, pin] of [...map]) if (!open.has(id) && !(now - pin.at < GRACE_MS)) map.delete(id);
  await savePins();
  const meta = await caches.open(META);
  const registration = self.registration;
  if (!isMe(registration.active)) return; // installing, waiting or replaced: never deletes
  // The names first, then who needs them: a cache created after this look is not deleted,
  // and one created before it has its lease written before it (see precache()).
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX));
  const keep = new Set([CACHE, ...[...map.values()].map((pin) => pin.cache)]);
  for (const worker of [registration.installing, registration.waiting, registration.active]) {
    if (worker) keep.add(PREFIX + versionOf(worker));
  }
  for (const [key, lease] of await leases()) {
    if (now - lease.at < LEASE_MS && lease.cache) keep.add(lease.cache);
    else await meta.delete(key);
  }
  await Promise.all(names.filter((name) => !keep.has(name)).map((name) => caches.delete(name)));
}

// ---------------------------------------------------------------- activate
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    pinned = null; // read the pins the worker before this one saved
    lastActivity = Date.now();
    await self.clients.claim();
    try {
      // A page no worker served (a first visit, loaded from the network before this worker
      // installed) has no pin: it is this version's, which the install read from the same
      // site. Pinned now, its later requests stay on this version once a newer one takes over.
      const map = await pins();
      for (const client of await self.clients.matchAll({ type: "window" })) {
        if (!map.has(client.id)) map.set(client.id, { cache: CACHE, at: Date.now() });
      }
      const meta = await caches.open(META);
      await meta.delete(LEASE_PREFIX + VERSION); // installed: the registration says so now
      for (const request of await meta.keys()) {
        if (request.url.startsWith(SKIPPING_PREFIX)) await meta.delete(request); // all done with
      }
      await prune();
    } catch {
      // storage trouble: the caches stay, the next page load prunes again
    }
  })());
});

// Once per start of this worker, at its first page load: if its cache lost files since
// the install (the browser evicts, a bug deletes), fetch them again while the manifest on
// the network is still this version's.
let mended = null;
async function mend() {
  const hit = await caches.match(MANIFEST, { cacheName: CACHE });
  const manifest = hit ? await hit.json() : await fetchManifest();
  const lacking = await missing(manifest);
  if (lacking.length) await fill(manifest, lacking);
  if (!hit) await (await caches.open(CACHE)).put(MANIFEST, json(manifest));
}

// ---------------------------------------------------------------- fetch
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
  lastActivity = Date.now();
  if (url.href.split(/[?#]/)[0] === MANIFEST) return; // always the network's word
  const navigation = request.mode === "navigate";
  const loadFrom = navigation ? loadCache() : null; // decided now, before any await
  if (navigation && event.resultingClientId) {
    const id = event.resultingClientId;
    event.waitUntil(track((async () => {
      (await pins()).set(id, { cache: loadFrom, at: Date.now() });
      await prune(); // saves the new pin too
      if (isMe(self.registration.active)) await (mended ??= mend().catch(() => { mended = null; }));
    })().catch(() => undefined))); // storage trouble: the page still loads, unpinned
  }
  event.respondWith(track((async () => {
    let hit;
    try {
      const from = navigation ? loadFrom : (await pins()).get(event.clientId)?.cache || CACHE;
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
  })()));
});
