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

// How the page asks about a worker it sees waiting, every minute while it waits: first the active
// worker, to hand over once its pages are quiet; a minute later the active worker again, to hand
// over now (seen in the browser tests: a hand-over that did not happen, cause not found); after
// that the waiting worker itself, to take over. The active worker is asked first because, once it
// has handed over, a page load still reaching it is served from the new version's cache (sw.js,
// "handedOverTo"): no page mixes two versions. Only a worker that does not answer at all is
// bypassed. ``asked`` counts the asks per waiting worker (a WeakMap).
export function askToHandOver(registration, asked) {
  const waiting = registration.waiting;
  const active = registration.active;
  if (!waiting || !active) return;
  const times = asked.get(waiting) ?? 0;
  if (times === 0) active.postMessage({ type: "kseri:hand-over" });
  else if (times === 1) active.postMessage({ type: "kseri:hand-over", now: true });
  else waiting.postMessage({ type: "kseri:take-over" });
  asked.set(waiting, times + 1);
}

function watchForWaiting(registration) {
  const asked = new WeakMap();
  askToHandOver(registration, asked);
  setInterval(() => askToHandOver(registration, asked), ASK_AGAIN_MS);
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
  // A page loaded before any worker served it is claimed when the worker activates: tell that
  // worker too that the page is ready, or its loading would hold a hand-over back for 45 s.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (document.body?.dataset.ready === "true") sayLoaded();
  });
  whenReady((ready) => {
    if (ready) sayLoaded();
    else sayLoadedWhenReady();
    register();
  });
}
