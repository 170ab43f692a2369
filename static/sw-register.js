// Registers the site's service worker (../sw.js, next to index.html) so the game
// plays offline. Does nothing under file:, in browsers without service workers,
// where the page is not a secure context, or where it may store nothing. Runs after
// the page is ready (or after 15 s) so installing the cache never competes with the
// first start.
//
// The worker's URL carries the site's version (from precache-manifest.json):
// when a new version is deployed the URL changes, the browser installs the new
// worker, and the new worker replaces the old cache as a whole. The new worker
// then waits until the active one hands over, which it does once its pages are
// quiet (sw.js, "Hand-over"). The new worker asks for that when its install ends;
// this page asks too if it finds one waiting, and again every minute while one
// waits (not when an install ends: asking twice at once only delays the hand-over).
const site = new URL("../", import.meta.url);
const ASK_AGAIN_MS = 60000;

// A worker still waiting a minute after the active one was asked (seen in the browser tests: the
// hand-over did not happen, cause not found) is told to take over by the page itself.
function askToHandOver(registration, seen) {
  const waiting = registration.waiting;
  if (waiting && registration.active) {
    if (seen.has(waiting)) waiting.postMessage({ type: "kseri:take-over" });
    else registration.active.postMessage({ type: "kseri:hand-over" });
    seen.add(waiting);
  }
}

function watchForWaiting(registration) {
  const seen = new WeakSet();
  askToHandOver(registration, seen);
  setInterval(() => askToHandOver(registration, seen), ASK_AGAIN_MS);
}

// Whether the browser lets this page store anything. Where it does not (a frame on another site
// with third-party cookies blocked, a profile that blocks site data) it refuses a worker too,
// and Firefox reports the refusal as an error on the page even when it is caught.
function mayStore() {
  try {
    window.localStorage; // throws a SecurityError where storage is denied
    return true;
  } catch {
    return false;
  }
}

async function register() {
  if (navigator.onLine === false) return; // offline: the installed worker (if any) carries on
  if (!mayStore()) return;
  let version;
  try {
    const response = await fetch(new URL("precache-manifest.json", site), { cache: "no-store" });
    if (!response.ok) return;
    version = (await response.json()).version;
  } catch {
    return; // offline, or no manifest: keep whatever worker is installed
  }
  if (typeof version !== "string" || !/^[0-9a-f]{8,64}$/.test(version)) return;
  try {
    const registration = await navigator.serviceWorker.register(new URL(`sw.js?v=${version}`, site), {
      scope: site.pathname,
      updateViaCache: "none",
    });
    watchForWaiting(registration);
  } catch (error) {
    console.info("kseri: offline play is not available here:", String(error));
  }
}

// callback(true) once the page is ready, or callback(false) after 15 s if it is not yet.
function whenReady(callback) {
  let done = false;
  const isReady = () => document.body?.dataset.ready === "true";
  const run = () => { if (!done) { done = true; observer.disconnect(); callback(isReady()); } };
  const observer = new MutationObserver(() => { if (isReady()) run(); });
  observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  if (isReady()) run();
  setTimeout(run, 15000);
}

// Tells the worker that loaded this page that the page is ready: until then that worker does not
// hand over to a new version (sw.js, "pagesLoading"), so no file the page still asks for is
// dispatched to a worker being stopped.
function sayLoaded() {
  if (!mayStore()) return; // no worker here (and asking for one may report an error)
  try {
    navigator.serviceWorker.controller?.postMessage({ type: "kseri:loaded" });
  } catch {
    // no controller to tell: nothing holds a hand-over for this page
  }
}

function sayLoadedWhenReady() {
  const observer = new MutationObserver(() => {
    if (document.body?.dataset.ready === "true") { observer.disconnect(); sayLoaded(); }
  });
  observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
}

if (location.protocol !== "file:" && "serviceWorker" in navigator && window.isSecureContext) {
  whenReady((ready) => {
    if (ready) sayLoaded();
    else sayLoadedWhenReady();
    register();
  });
}
