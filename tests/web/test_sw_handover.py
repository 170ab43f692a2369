"""``sw.js``'s hand-over at once, run in Node with stand-ins for the worker's globals: asked by a page
to hand over now (``kseri:hand-over`` with ``now``, static/sw-register.js), the active worker tells
the waiting one to take over, and a page load that still reaches it from then on is served from the
waiting version's cache, not its own, so no page mixes two versions. (The whole worker in a browser:
tests/browser/test_sw_update.py, test_sw_versions.py and test_offline.py.)"""

from __future__ import annotations

from tests.web.node_module import run_in_node

SCRIPT = """
const vm = await import('node:vm');
const { readFileSync } = await import('node:fs');
const source = readFileSync(process.argv[1] + '/sw.js', 'utf8');
const SITE = 'https://game.example/kseri/';
const log = [];
const handlers = {};
const worker = (version, name) => ({
  scriptURL: `${SITE}sw.js?v=${version}`, state: 'activated',
  postMessage: (message) => log.push([name, message]),
});
const registration = { active: worker('aaaa1111', 'active'), waiting: worker('bbbb2222', 'waiting') };
const emptyCache = { match: async () => undefined, put: async () => undefined, keys: async () => [],
                     delete: async () => false };
const caches = {
  open: async (name) => { log.push(['open', name]); return emptyCache; },
  match: async (url, options) => { log.push(['match', options && options.cacheName]); return undefined; },
  keys: async () => [], delete: async () => false,
};
const self = {
  location: { href: `${SITE}sw.js?v=aaaa1111` }, registration,
  addEventListener: (type, handler) => { handlers[type] = handler; },
  clients: { matchAll: async () => [], claim: async () => undefined },
  skipWaiting: async () => undefined,
};
const context = vm.createContext({ self, caches, URL, Response, Date, Promise, setTimeout, clearTimeout,
                                   console, crypto, TextEncoder, JSON, Map, Set, Array, Uint8Array,
                                   fetch: async () => new Response('network') });
vm.runInContext(source, context);
const settled = [];
const load = (id) => {
  const event = {
    request: { method: 'GET', url: `${SITE}index.html`, mode: 'navigate', cache: 'default' },
    resultingClientId: id, clientId: '',
    waitUntil: (promise) => settled.push(promise), respondWith: (promise) => settled.push(promise),
  };
  handlers.fetch(event);
};
const step = async (label, act) => {
  log.length = 0;
  act();
  await Promise.allSettled(settled.splice(0));
  // the messages to the workers, and the reads of a version's cache ("kseri-VERSION"), in order
  return [label, log.filter(([what, name]) => what === 'active' || what === 'waiting'
                                            || String(name).startsWith('kseri-'))];
};
const out = [];
out.push(await step('a load before', () => load('page-1')));
out.push(await step('now', () => handlers.message({ data: { type: 'kseri:hand-over', now: true }, source: null,
                                                     waitUntil: (promise) => settled.push(promise) })));
out.push(await step('a load after', () => load('page-2')));
console.log(JSON.stringify(out));
"""


def test_asked_to_hand_over_now_the_active_worker_serves_late_loads_from_the_next_version():
    steps = dict(run_in_node(SCRIPT))
    # The first cache a load reads is the one that answers it (later reads: the worker mending its own).
    assert steps["a load before"][0] == ["open", "kseri-aaaa1111"], steps  # its own version's
    assert steps["now"] == [["waiting", {"type": "kseri:take-over"}]], steps
    assert steps["a load after"][0] == ["match", "kseri-bbbb2222"], steps  # the next version's
