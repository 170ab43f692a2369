// Smoke test of a served Kseri site in Firefox, driven over WebDriver BiDi by
// puppeteer-core (no geckodriver; Playwright cannot drive Debian's Firefox).
//
//   node tests/browser/firefox_smoke.mjs SITE [--firefox PATH] [--timeout SECONDS] [--ready-timeout SECONDS]
//        [--guide URL --guide-scenes N]
//
// SITE is the URL of the folder that holds index.html (ending in "/"). Steps:
//   game   index.html?seed=5&level=easy gets ready (body[data-ready=true])
//   play   a card is played by clicking a #hand [data-card] button, and the bot answers
//   embed  embed.html shows a scene and steps through it
//   guide  (with --guide) a page on another site that embeds N of SITE's scenes draws them all, in
//          Firefox's own setting (third parties get storage of their own, partitioned by site)
//   guide-blocked  the same page again in a second Firefox that blocks third-party cookies, where
//          a third party gets no storage at all (localStorage, IndexedDB, BroadcastChannel throw)
// Prints one JSON object on stdout:
//   {"ok": bool, "browser": "...", "steps": {"game": {"seconds": ...}, ...},
//    "problems": ["page error: ...", "console error: ...", "CSP violation: ...", ...],
//    "error": "..." (only when a step failed)}
// and exits 0 when every step passed with no problem seen, 1 otherwise. A page
// that is not ready after --ready-timeout (default 120 s) fails its step; a hard
// timeout (--timeout, default 240 s) ends the whole run with "error" set.
import puppeteer from "puppeteer-core";

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
}
const firefox = option("--firefox", "/usr/bin/firefox-esr");
const timeoutSeconds = Number(option("--timeout", "240"));
const readySeconds = Number(option("--ready-timeout", "120"));
const guide = option("--guide", "");
const guideScenes = Number(option("--guide-scenes", "0"));
const site = args[0];
if (!site || !site.endsWith("/")) {
  console.error("usage: node firefox_smoke.mjs SITE/ [--firefox PATH] [--timeout SECONDS] [--ready-timeout SECONDS]");
  process.exit(2);
}
const origin = new URL(site).origin;
const PREFS = {
  // Every request off the loopback goes to a proxy that refuses it at once, so an off-origin
  // request can neither succeed nor hang (loopback, localhost too, is never proxied).
  "network.proxy.type": 1,
  "network.proxy.http": "127.0.0.1",
  "network.proxy.http_port": 9,
  "network.proxy.ssl": "127.0.0.1",
  "network.proxy.ssl_port": 9,
};
const SCENE = "embed.html?scene=pile=10D;hands=10S,3H|KC,8D;plays=10S";

const result = { ok: false, browser: null, steps: {}, problems: [] };
let browser = null;
let finished = false;

function finish(code) {
  if (finished) return;
  finished = true;
  result.ok = code === 0;
  process.stdout.write(JSON.stringify(result) + "\n");
  const close = browser ? browser.close().catch(() => {}) : Promise.resolve();
  // Never wait long for a browser that will not close: the exit ends it.
  Promise.race([close, new Promise((r) => setTimeout(r, 5000))]).then(() => process.exit(code));
}

setTimeout(() => {
  result.error = `hard timeout: ${timeoutSeconds} s`;
  finish(1);
}, timeoutSeconds * 1000).unref();

// In every document, before the page's scripts: record CSP violations.
function watchPage() {
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} in ${location.href}`
      + (e.sourceFile ? ` (${e.sourceFile}:${e.lineNumber})` : ""));
  });
}

async function waitReady(page, what) {
  const start = performance.now();
  const handle = await page.waitForFunction(() => {
    const error = document.querySelector(".py-error");
    if (error) return "error: " + error.textContent.trim();
    return document.body && document.body.dataset.ready === "true" ? "ready" : false;
  }, { timeout: readySeconds * 1000, polling: 100 });
  const state = await handle.jsonValue();
  if (state !== "ready") throw new Error(`${what}: ${state}`);
  return Math.round((performance.now() - start) / 10) / 100;
}

async function collectViolations(page) {
  const seen = await page.evaluate(() => window.__cspViolations || []).catch(() => []);
  for (const v of seen) result.problems.push(`CSP violation: ${v}`);
}

function launch(prefs = {}) {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: firefox,
    headless: true,
    protocolTimeout: timeoutSeconds * 1000,
    extraPrefsFirefox: { ...PREFS, ...prefs },
  });
}

// A watched page: its errors, console errors, failed responses and requests to any origin but
// the site's (and `also`, a guide's own) are problems.
async function watchedPage(on, also = null) {
  const page = await on.newPage();
  await page.setViewport({ width: 1024, height: 768 });
  await page.evaluateOnNewDocument(watchPage);
  page.on("pageerror", (error) => result.problems.push(`page error: ${error.message || error}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") result.problems.push(`console error: ${msg.text()}`);
  });
  page.on("request", (request) => {
    const url = request.url();
    const ours = url.startsWith(origin + "/") || (also !== null && url.startsWith(also + "/"));
    if (!ours && !/^(data|blob|about):/.test(url)) result.problems.push(`request off the site's origin: ${url}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) result.problems.push(`HTTP error: ${response.status()} ${response.url()}`);
  });
  return page;
}

function isScene(frame) {
  return frame.url().startsWith(origin + "/") && new URL(frame.url()).pathname.endsWith("/embed.html");
}

// The guide on another site: every scene frame of the site drawn (nested frames too).
async function guideStep(on) {
  const page = await watchedPage(on, new URL(guide).origin);
  const start = performance.now();
  await page.goto(guide);
  let frames = [];
  for (let drawn = 0; drawn < guideScenes;) {
    if (performance.now() - start > readySeconds * 1000) {
      throw new Error(`guide: ${drawn} of ${guideScenes} scenes drawn after ${readySeconds} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
    frames = page.frames().filter(isScene);
    const states = await Promise.all(frames.map((f) => f.evaluate(() => document.body?.dataset.ready === "true")
      .catch(() => false)));
    drawn = states.filter(Boolean).length;
  }
  const seconds = Math.round((performance.now() - start) / 10) / 100;
  const scenes = await Promise.all(frames.map((f) => f.evaluate(() => ({
    steps: document.querySelector("#board")?.dataset.steps ?? null,
    error: document.body.dataset.error ?? null,
    shared: window.kseriTaken === true,
    denied: (() => { try { localStorage.getItem("x"); return false; } catch { return true; } })(),
  }))));
  for (const frame of frames) await collectViolations(frame);
  await page.close();
  return { seconds, scenes };
}

async function main() {
  browser = await launch();
  result.browser = await browser.version();
  const page = await watchedPage(browser);

  // game: the page gets ready
  await page.goto(new URL("index.html?seed=5&level=easy", site).href);
  result.steps.game = { seconds: await waitReady(page, "index.html") };

  // play: click the first playable card; it leaves the hand; the bot answers
  const start = performance.now();
  const card = await page.waitForSelector("#hand [data-card]:enabled", { timeout: 30000 });
  const code = await card.evaluate((el) => el.dataset.card);
  await card.click();
  await page.waitForFunction((c) => !document.querySelector(`#hand [data-card="${c}"]`), { timeout: 30000 }, code);
  await page.waitForFunction(() => document.querySelectorAll("#hand [data-card]:enabled").length === 5,
    { timeout: 60000, polling: 100 });
  const pile = await page.$$eval("#pile [data-card]", (cards) => cards.map((c) => c.dataset.card));
  result.steps.play = { seconds: Math.round((performance.now() - start) / 10) / 100, card: code, pile };
  await collectViolations(page);

  // embed: a scene renders and steps to its end
  await page.goto(new URL(SCENE, site).href);
  const embedSeconds = await waitReady(page, "embed.html");
  const steps = await page.$eval("#board", (b) => b.dataset.steps);
  await page.click("#next");
  await page.waitForFunction(() => document.querySelector("#board").dataset.step === "1", { timeout: 10000 });
  const caption = await page.$eval("#caption", (c) => c.textContent.trim());
  result.steps.embed = { seconds: embedSeconds, steps, caption };
  await collectViolations(page);
  await page.close();

  if (guide) {
    result.steps.guide = await guideStep(browser);
    await browser.close();
    // "Block all third-party cookies": a third party is denied every kind of storage.
    browser = await launch({ "network.cookie.cookieBehavior": 1 });
    result.steps["guide-blocked"] = await guideStep(browser);
  }
  return result.problems.length ? 1 : 0;
}

main().then(finish, (error) => {
  result.error = String(error && error.stack ? error.stack : error).slice(0, 2000);
  finish(1);
});
