"""``static/storage-stand-ins.mjs``, what PyScript gets in place of the page's storage while it starts,
run in Node against the very library PyScript opens its databases with (``@webreflection/idb-map``, from
node_modules): every call IDBMap and IDBMapSync make is answered; a BroadcastChannel is lent only where
the page cannot open one; and the page's own objects come back. The browser tests run the same module
in every page (tests/browser/test_storage_denied.py: where storage is denied)."""

from __future__ import annotations

from tests.web.node_module import run_in_node

SCRIPT = """
const root = process.argv[1];
class Refused { constructor() { throw new Error('SecurityError'); } }  // Firefox, storage denied
const page = { indexedDB: 'the page\\'s own', BroadcastChannel: Refused };  // a stand-in for the page's window
const { lendToPyScript, memoryIndexedDB, canBroadcast } = await import(root + '/static/storage-stand-ins.mjs');
const giveBack = lendToPyScript(page);
const channel = new page.BroadcastChannel('sabayon');
channel.onmessage = () => {}; channel.postMessage(['x']); channel.close();
const open = { BroadcastChannel };
lendToPyScript(open);
const { default: IDBMap } = await import(root + '/node_modules/@webreflection/idb-map/index.js');
const { default: IDBMapSync } = await import(root + '/node_modules/@webreflection/idb-map/sync.js');
globalThis.indexedDB = page.indexedDB;  // what IDBMap looks up
const out = {};
const map = new IDBMap('@pyscript.fs');
await map.set('a', 1); await map.set('b', [2]);
out.map = { size: await map.size, a: await map.get('a'), has: await map.has('b'), missing: await map.has('z'),
            keys: await map.keys(), entries: await map.entries() };
await map.delete('a'); out.afterDelete = await map.keys();
await map.clear(); out.afterClear = await map.size;
await map.close();
const cache = new IDBMapSync('http://site/static@314.0.7');
await cache.sync(); cache.set('["pkg"]', 'lock file'); await cache.sync();
out.sync = [...cache.entries()];
cache.clear(); await cache.close();
const again = new IDBMapSync('http://site/static@314.0.7'); await again.sync();
out.reopened = again.size;
giveBack(); giveBack();
out.givenBack = [page.indexedDB, page.BroadcastChannel === Refused];
out.channels = [channel.name, canBroadcast(page), open.BroadcastChannel === BroadcastChannel];
out.fresh = typeof memoryIndexedDB().open;
console.log(JSON.stringify(out));
"""


def test_the_stand_in_answers_everything_idb_map_asks():
    out = run_in_node(SCRIPT, needs="@webreflection/idb-map")
    assert out["map"] == {"size": 2, "a": 1, "has": True, "missing": False, "keys": ["a", "b"],
                          "entries": [["a", 1], ["b", [2]]]}
    assert out["afterDelete"] == ["b"] and out["afterClear"] == 0
    assert out["sync"] == [['["pkg"]', "lock file"]]
    assert out["reopened"] == 0  # cleared before it was closed, and kept for the page's life
    assert out["givenBack"] == ["the page's own", True] and out["fresh"] == "function"
    assert out["channels"] == ["sabayon", False, True]  # a channel that can open is left alone
