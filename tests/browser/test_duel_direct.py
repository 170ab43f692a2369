"""Playing a friend over a direct WebRTC connection, in Chromium: two browser contexts on one machine pair by
pasting one code each way (host candidates only, no STUN or TURN server) and play a whole Greek round,
the messages travelling over the data channel by themselves. A friend whose device cannot be reached is
told so, and the page goes on with links.

Chromium hides a device's addresses behind mDNS names (``<uuid>.local``) and resolves the other's by
multicast on the local network. The browser tests' host-resolver rules send every other name nowhere,
so this file launches its own Chromium with ``*.local`` left out of those rules (nothing else
changes: every request still stays on the test site's origin, which the watch checks).
"""

from __future__ import annotations

import dataclasses
import time

import pytest

from devtools.browser import chromium_launch_options
from kseri.table.duel import direct
from tests.browser.conftest import watch_page
from tests.browser.duel_devices import Device, check_messages, check_snapshots, verified_record

pytestmark = pytest.mark.browser

# Every text a page sends on a data channel, kept for the test (the page does not keep its messages).
RECORD_SENT_JS = """(() => {
  window.__duelSent = [];
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    window.__duelSent.push(String(data));
    return send.call(this, data);
  };
})();"""


@pytest.fixture(scope="module")
def mdns_browser(browser_type):
    options = chromium_launch_options()
    options["args"] = [("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE *.local"
                        if arg.startswith("--host-resolver-rules") else arg) for arg in options["args"]]
    browser = browser_type.launch(**options)
    yield browser
    browser.close()


@pytest.fixture
def devices(mdns_browser, page_watch, site_url):
    made = []
    for name, viewport in (("Anna", {"width": 1280, "height": 800}), ("Ben", {"width": 375, "height": 740})):
        context = mdns_browser.new_context(viewport=viewport, reduced_motion="reduce", service_workers="block",
                                           locale="en-US")
        page = context.new_page()
        page.add_init_script(RECORD_SENT_JS)
        watch_page(page, page_watch)
        page.goto(f"{site_url}/index.html")
        made.append(Device(name=name, page=page, url=site_url))
    for device in made:
        device.wait("() => document.body.dataset.ready === 'true'", timeout=240_000)
    yield made
    for device in made:
        device.page.context.close()
    problems = page_watch.problems()
    if problems:
        pytest.fail("the pages reported problems:\n  " + "\n  ".join(problems), pytrace=False)


def _nowhere(code: str) -> str:
    """The code with its addresses replaced by one where no device listens (a device on another network)."""
    signal = direct.from_code(code)
    return direct.encode(dataclasses.replace(signal, candidates=(("192.0.2.254", 9),)))


def _codes(anna: Device, ben: Device, *, apart: bool = False) -> tuple[str, str]:
    """Anna invites and makes the first code; Ben pastes it and makes the answer (``apart``: each sees the
    other at an address where nobody listens, as two devices on different networks would)."""
    anna.open_dialog()
    anna.page.fill('#duel [name="duel-name"]', "Anna")
    anna.page.select_option('#duel [name="duel-length"]', "r1")
    anna.page.click('#duel [data-action="duel-invite"]')
    anna.page.click('#duel [data-action="duel-direct"]')
    anna.page.wait_for_selector("#duel-own-code")
    first = anna.page.input_value("#duel-own-code")
    ben.open_dialog()
    ben.page.click('#duel [data-action="duel-join"]')
    ben.page.fill('#duel [name="duel-their-code"]', _nowhere(first) if apart else first)
    ben.page.click('#duel [data-action="duel-connect"]')
    ben.page.wait_for_selector("#duel-own-code", timeout=60_000)
    return first, ben.page.input_value("#duel-own-code")


def test_a_round_over_a_direct_connection(devices) -> None:
    anna, ben = devices
    _first, answer = _codes(anna, ben)
    anna.page.fill('#duel [name="duel-their-code"]', answer)
    anna.page.click('#duel [data-action="duel-connect"]')
    ben.page.wait_for_selector('#duel [name="duel-name"]', timeout=60_000)  # the invitation came over
    ben.page.fill('#duel [name="duel-name"]', "Ben")
    ben.page.click('#duel [data-action="duel-accept"]')
    deadline = time.monotonic() + 1200
    while time.monotonic() < deadline:
        states = [d.state() for d in devices]
        if all(s["phase"] == "match_over" for s in states):
            break
        for device, state in zip(devices, states, strict=True):
            if "round-summary" in state["dialogs"]:
                device.page.click("#next-round")
            elif state["playable"] and state["awaiting"] == "you" and state["busy"] == "false":
                device.play_first_card()
                other = ben if device is anna else anna
                other.plays = device.plays
                device.snapshot()
        for device in devices:
            now = device.state()
            assert not now["unsent"], f"{device.name} has a message the channel did not take: {now}"
        anna.page.wait_for_timeout(50)
    else:
        raise AssertionError("the round did not end over the direct connection")
    for device, other in ((anna, ben), (ben, anna)):
        sent = device.page.evaluate("() => window.__duelSent")
        other.received = [direct_message(text) for text in sent]
        device.snapshot()
    record_a, record_b = verified_record(anna), verified_record(ben)
    assert record_a["rounds"] == record_b["rounds"] and len(record_a["rounds"][0]["plays"]) == 48
    assert check_snapshots(devices, record_a, {"Anna": 0, "Ben": 1}) >= 40
    assert check_messages(devices) >= 50


def direct_message(text: str) -> bytes:
    from kseri.table.duel import codec
    return codec.from_text(text)


def test_a_friend_out_of_reach_is_told_and_offered_links(devices) -> None:
    anna, ben = devices
    _first, answer = _codes(anna, ben, apart=True)
    anna.page.set_viewport_size({"width": 320, "height": 560})  # a small phone: the line is under the codes
    anna.page.fill('#duel [name="duel-their-code"]', _nowhere(answer))
    connect = anna.page.locator('#duel [data-action="duel-connect"]')
    # The dialog at its top, as it opened: the button is on screen, the line under it is not all.
    anna.page.evaluate("() => { for (let e = document.querySelector('#duel-direct-state'); e; e = e.parentElement)"
                       " e.scrollTop = 0; }")
    connect.click()
    # While the devices look for each other, the page says what happens if they cannot meet, on screen.
    anna.page.wait_for_function(
        "() => (document.querySelector('#duel-direct-state')?.textContent || '').includes('offers links instead')")
    anna.page.wait_for_function(
        "() => document.querySelector('#duel-direct-state').getBoundingClientRect().bottom"
        " <= Math.min(innerHeight, document.querySelector('#duel').getBoundingClientRect().bottom)")
    anna.page.wait_for_function(
        "() => !document.querySelector('#notice').hidden && "
        "document.querySelector('#notice').textContent.includes('Could not reach')", timeout=90_000)
    state = anna.state()
    assert "Send the moves as links instead" in state["notice"]
    assert state["unsent"]  # the invitation waits to be sent as a link, which the page offers at once
    assert anna.read_open_link().startswith(f"{anna.url}/index.html#duel=")
