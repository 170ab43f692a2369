// Registers the site's service worker (../sw.js, next to index.html) so the game
// plays offline. Does nothing under file:, in browsers without service workers,
// where the page is not a secure context, or where it may store nothing. Runs after
// the page is ready (or after 15 s) so installing the cache never competes with the
// first start.
//
// The worker's URL carries the site's version (from precache-manifest.json):
// when a new version is deployed the URL changes, the browser installs the new
// worker, and the new worker replaces the old cache as a whole.
const site = new URL("../", import.meta.url);

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
    await navigator.serviceWorker.register(new URL(`sw.js?v=${version}`, site), {
      scope: site.pathname,
      updateViaCache: "none",
    });
  } catch (error) {
    console.info("kseri: offline play is not available here:", String(error));
  }
}

function whenReady(callback) {
  let done = false;
  const run = () => { if (!done) { done = true; observer.disconnect(); callback(); } };
  const observer = new MutationObserver(() => { if (document.body?.dataset.ready === "true") run(); });
  observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  if (document.body?.dataset.ready === "true") run();
  setTimeout(run, 15000);
}

if (location.protocol !== "file:" && "serviceWorker" in navigator && window.isSecureContext) {
  whenReady(register);
}
