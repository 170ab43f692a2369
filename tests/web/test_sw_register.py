"""``static/sw-register.js``, run in Node: how the page asks about a new version's worker left
waiting. The active worker is asked twice (to hand over once quiet, then a minute later to hand over
now), so that the page loads still reaching it are served from the new version's cache; only then is
the waiting worker told to take over itself. (The hand-over itself: tests/browser/test_sw_update.py
and test_sw_versions.py.)"""

from __future__ import annotations

from tests.web.node_module import run_in_node

SCRIPT = """
const root = process.argv[1];
globalThis.location = { protocol: 'file:' };  // the module registers nothing under file:
const { askToHandOver } = await import(root + '/static/sw-register.js');
const sent = [];
const worker = (name) => ({ postMessage: (message) => sent.push([name, message]) });
const active = worker('active');
const first = worker('waiting v2');
const second = worker('waiting v3');
const asked = new WeakMap();
const registration = { active, waiting: first };
for (let minute = 0; minute < 4; minute++) askToHandOver(registration, asked);
registration.waiting = second;  // another deploy: its worker is asked about from the start
askToHandOver(registration, asked);
registration.waiting = null;  // taken over: nothing to ask
askToHandOver(registration, asked);
askToHandOver({ active: null, waiting: first }, asked);  // no active worker: the waiting one activates alone
console.log(JSON.stringify(sent));
"""


def test_the_page_asks_the_active_worker_twice_before_the_waiting_one():
    assert run_in_node(SCRIPT) == [
        ["active", {"type": "kseri:hand-over"}],
        ["active", {"type": "kseri:hand-over", "now": True}],
        ["waiting v2", {"type": "kseri:take-over"}],
        ["waiting v2", {"type": "kseri:take-over"}],
        ["active", {"type": "kseri:hand-over"}],
    ]
