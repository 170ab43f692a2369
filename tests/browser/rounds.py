"""Helpers for the browser tests that need a round played or a service worker settled."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from kseri.table.session import GameSession

HUMAN_CARDS_PER_ROUND = 24  # greek: 4 packets of 6
SETTLED_JS = """() => document.body.dataset.busy === 'false' && (
  document.querySelector('#hand [data-card]:not([disabled])') || document.querySelector('dialog[open]'))"""
"""True once the table waits for you (or a dialog is open)."""


def totals(page) -> tuple[int, int]:
    score = page.locator("#score")
    return int(score.get_attribute("data-seat0") or 0), int(score.get_attribute("data-seat1") or 0)


def play_round(page, timeout: float = 180) -> tuple[int, int]:
    """Play one whole round by clicking ``#hand [data-card]`` buttons; return the totals after it.

    Each turn waits for an enabled card, clicks the first, then waits until that card
    has left the hand, so a click is never sent to a hand that is about to be redrawn.
    """
    deadline = time.monotonic() + timeout
    before = sum(totals(page))
    for _ in range(HUMAN_CARDS_PER_ROUND):
        button = page.locator("#hand [data-card]:enabled").first
        button.wait_for(state="visible", timeout=max(1, deadline - time.monotonic()) * 1000)
        code = button.get_attribute("data-card")
        button.click()
        page.locator(f'#hand [data-card="{code}"]').wait_for(
            state="detached", timeout=max(1, deadline - time.monotonic()) * 1000)
    # A round deals 25 points (22 on a 26-26 split) plus kseris.
    while sum(totals(page)) < before + 22:
        if time.monotonic() > deadline:
            raise AssertionError(f"round did not score: totals {totals(page)}")
        page.wait_for_timeout(100)
    return totals(page)


SW_STATE_JS = """async () => {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return 'no controller';
  // The controlling worker's own cache (older versions' caches may stay while pages use them).
  const name = 'kseri-' + new URL(navigator.serviceWorker.controller.scriptURL).searchParams.get('v');
  if (!(await caches.keys()).includes(name)) return 'no cache ' + name;
  const names = [name];
  const cache = await caches.open(name);
  const hit = await cache.match(new URL('precache-manifest.json', document.baseURI).href);
  if (!hit) return 'no manifest in cache';
  const manifest = await hit.json();
  const count = (await cache.keys()).length;
  const want = Object.keys(manifest.files).length + 1;
  return count === want ? 'ready:' + names[0] : `cached ${count} of ${want}`;
}"""


def wait_offline_ready(page, timeout: float = 90) -> str:
    """Wait until a service worker controls ``page`` and its cache holds every precached file."""
    deadline = time.monotonic() + timeout
    state = ""
    while time.monotonic() < deadline:
        state = page.evaluate(SW_STATE_JS)
        if state.startswith("ready:"):
            return state[6:]
        page.wait_for_timeout(200)
    raise AssertionError(f"service worker not ready after {timeout:.0f} s: {state}")


def play_cards(page, n: int) -> None:
    """Play your first playable card ``n`` times (a capture stack, a take line and the log fill up); at the
    open table, its first way when it has several."""
    for _ in range(n):
        if page.locator("dialog[open]").count():
            return
        card = page.locator("#hand [data-card]:not([disabled])").first
        code = card.get_attribute("data-card")
        card.click()
        way = page.locator("#ways:not([hidden]) button[data-move]")
        if way.count():  # the open table offers the card's ways: the first one
            way.first.click()
        page.wait_for_function("code => !document.querySelector(`#hand [data-card='${code}']`)", arg=code,
                               timeout=30_000)
        page.wait_for_function(SETTLED_JS, timeout=60_000)


def one_card_from_the_end(seed: int, choose: Callable[[GameSession, random.Random], object] | None = None,
                          level: str = "easy") -> GameSession:
    """A Greek match against ``level`` one card from its end, the card yours: played as ``choose`` plays for you
    (the first card by default; ``random.Random(seed)`` is its generator), the bots as seeded. The match must
    end on your card (else its result would hang on the page's own bot): an AssertionError says it does not."""
    yours = 0
    for until in (None, -1):
        session, rng = GameSession.new(seed=seed, level=level), random.Random(seed)
        played = 0
        while session.phase != "match_over":
            if session.phase == "human":
                if until is not None and played == yours - 1:
                    return session
                session.play_human(choose(session, rng) if choose else session.view().hand[0])
                played += 1
                last = "you"
            elif session.phase == "bot":
                session.play_bot()
                last = "bot"
            else:
                session.next_round()
        assert last == "you", f"seed {seed}: the match ends on a bot's card"
        yours = played
    raise AssertionError("unreachable")


def finish_by_clicking(page) -> None:
    """Play your one card left, and go on to the match's end (through the round's summary if it shows)."""
    page.wait_for_selector("#hand button[data-card]:enabled")
    page.click("#hand button[data-card]:enabled")
    page.wait_for_selector("#round-summary[open], #match-end[open]")
    if page.locator("#round-summary[open]").count():
        page.click("#next-round")
    page.wait_for_selector("#match-end[open]")
