"""Screenshots of playing a friend, to look at: pairing, waiting for the friend, a finished match, each at
1280×800, 375×740 and 740×360, in English and Greek. Two browser contexts play a match of one round by links, as
``test_duel.py`` does; every picture is taken at each size by resizing the page.

    .venv/bin/python -m tests.browser.duel_screens OUTDIR [--lang en|el ...] [--direct-only]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from devtools import serve as dev_server
from devtools.browser import chromium_launch_options
from tests.browser.duel_devices import Device

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 740},
         "landscape": {"width": 740, "height": 360}}


def shoot(device: Device, out: Path, lang: str, what: str) -> None:
    """``what`` at both sizes (the page keeps its own size afterwards)."""
    before = device.page.viewport_size
    for size, viewport in SIZES.items():
        device.page.set_viewport_size(viewport)
        device.page.wait_for_timeout(400)
        device.page.screenshot(path=str(out / f"duel-{what}-{size}-{lang}.png"))
    device.page.set_viewport_size(before)
    device.page.wait_for_timeout(200)


def play(anna: Device, ben: Device, out: Path, lang: str) -> None:
    query = "?lang=el" if lang == "el" else ""
    anna.page.goto(f"{anna.url}/index.html{query}")
    anna.wait("() => document.body.dataset.ready === 'true'")
    anna.open_dialog()
    shoot(anna, out, lang, "matches")
    anna.page.fill('#duel [name="duel-name"]', "Anna")
    anna.page.select_option('#duel [name="duel-length"]', "r1")
    anna.page.click('#duel [data-action="duel-invite"]')
    anna.page.wait_for_selector("#duel-link")
    shoot(anna, out, lang, "pairing-invitation")
    invitation = anna.read_open_link()
    shoot(anna, out, lang, "waiting-answer")
    ben.open_link(invitation, first=True)
    ben.page.wait_for_selector('#duel [name="duel-name"]')
    shoot(ben, out, lang, "pairing-accept")
    answer = ben.accept("Βασίλης" if lang == "el" else "Ben")
    anna.open_link(answer)
    waited = False
    for _step in range(400):
        states = [d.state() for d in (anna, ben)]
        if all(s["phase"] == "match_over" and not s["unsent"] for s in states):
            break
        for device, state, other in ((anna, states[0], ben), (ben, states[1], anna)):
            if "round-summary" in state["dialogs"]:
                device.page.click("#next-round")
                break
            if state["unsent"]:
                if not waited and device.plays >= 3:
                    shoot(device, out, lang, "send-move")
                link = device.read_link()
                if not waited and device.plays >= 3:
                    shoot(device, out, lang, "waiting-move")
                    waited = True
                other.open_link(link)
                break
            if state["playable"] and state["awaiting"] == "you":
                device.play_first_card()
                break
    for device in (anna, ben):
        if not device.page.is_visible("#match-end"):
            device.page.evaluate("() => document.querySelector('#match-end').showModal()")
    shoot(anna, out, lang, "finished")
    shoot(ben, out, lang, "finished-friend")


def direct(device: Device, out: Path, lang: str) -> None:
    """The first code of a direct connection (after an invitation), as a QR code and text."""
    query = "?lang=el" if lang == "el" else ""
    device.page.goto(f"{device.url}/index.html{query}")
    device.wait("() => document.body.dataset.ready === 'true'")
    device.open_dialog()
    device.page.fill('#duel [name="duel-name"]', "Anna")
    device.page.click('#duel [data-action="duel-invite"]')
    device.page.click('#duel [data-action="duel-direct"]')
    device.page.wait_for_selector("#duel-own-code")
    shoot(device, out, lang, "pairing-direct")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", action="append", choices=("en", "el"))
    parser.add_argument("--direct-only", action="store_true", help="only the direct connection's first code")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright
    dev_server.pack.package_bytes(ROOT)
    dev_server.snapshot.snapshot_bytes(ROOT)
    server, url = dev_server.start(ROOT)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium_launch_options())
            for lang in args.lang or ["en", "el"]:
                devices = []
                for name, size in (("Anna", "desktop"), ("Ben", "phone")):
                    context = browser.new_context(viewport=SIZES[size], reduced_motion="reduce",
                                                  service_workers="block",
                                                  locale="el-GR" if lang == "el" else "en-US")
                    devices.append(Device(name=name, page=context.new_page(), url=url))
                if not args.direct_only:
                    play(devices[0], devices[1], args.out, lang)
                for device in devices:
                    device.page.context.close()
                context = browser.new_context(viewport=SIZES["desktop"], reduced_motion="reduce",
                                              service_workers="block", locale="el-GR" if lang == "el" else "en-US")
                direct(Device(name="Anna", page=context.new_page(), url=url), args.out, lang)
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
