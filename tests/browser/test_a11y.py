"""Accessibility, to the letter: axe-core (node_modules/axe-core, pinned in package.json) run on
every page and on each dialog of the table; any violation fails.

The script is defined in the page with ``page.evaluate`` (a DevTools evaluation, which the
pages' Content-Security-Policy does not block; an inline ``<script>`` would be a violation).
``color-contrast`` is left out here: contrast is the stylesheet's business and is measured
separately (:func:`contrast_report`).
"""

from __future__ import annotations

import fcntl
import json
import os
from functools import cache
from pathlib import Path
from urllib.parse import quote

import pytest

from kseri.table import share
from kseri.table.session import GameSession

from .conftest import ROOT, wait_ready
from .rounds import SETTLED_JS, finish_by_clicking, one_card_from_the_end

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SKIPPED_RULES = ("color-contrast",)
"""Rules this test leaves out (see the module's docstring)."""


@cache
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE.relative_to(ROOT)} missing: run npm ci --ignore-scripts", pytrace=False)
    return AXE.read_text(encoding="utf-8")


def inject(page_or_frame) -> None:
    if not page_or_frame.evaluate("() => typeof window.axe === 'object'"):
        page_or_frame.evaluate(axe_source())


def run_axe(page_or_frame, context: str | None = None, *, rules_off: tuple[str, ...] = SKIPPED_RULES,
            only: tuple[str, ...] = ()) -> list[dict]:
    """The violations axe finds in ``context`` (a selector; the whole document by default)."""
    inject(page_or_frame)
    options: dict = {"iframes": False, "resultTypes": ["violations"],
                     "rules": {rule: {"enabled": False} for rule in rules_off}}
    if only:
        options = {"iframes": False, "resultTypes": ["violations"], "runOnly": {"type": "rule", "values": list(only)}}
    return page_or_frame.evaluate(
        """async ([context, options]) => {
          const result = await axe.run(context ? document.querySelector(context) : document, options);
          return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
        }""", [context, options])


def describe(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines.extend(f"    {n['target']}: {n['summary']}".replace("\n", " / ") for n in v["nodes"][:8])
    return "\n".join(lines)


def assert_clean(page_or_frame, where: str, context: str | None = None) -> None:
    violations = run_axe(page_or_frame, context)
    assert not violations, f"axe on {where}:\n{describe(violations)}"
    contrast_report(page_or_frame, where, context)


REPORT = Path(ROOT / "test-results" / "axe-contrast.json")


def contrast_report(page_or_frame, where: str, context: str | None = None) -> None:
    """Write what ``color-contrast`` finds to test-results/axe-contrast.json (reported, not failed)."""
    found = run_axe(page_or_frame, context, rules_off=(), only=("color-contrast",))
    REPORT.parent.mkdir(exist_ok=True)
    # Both test processes add to the one file: one at a time (a lock), and a reader never sees a file
    # half written (a new file put in its place). Without it, CI once read it empty mid-write.
    with REPORT.with_suffix(".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            data = json.loads(REPORT.read_text()) if REPORT.is_file() else {}
        except ValueError:  # left damaged by a run that was stopped
            data = {}
        data[where] = [{"target": n["target"], "summary": n["summary"]} for v in found for n in v["nodes"]]
        written = REPORT.with_suffix(f".{os.getpid()}.tmp")
        written.write_text(json.dumps(data, indent=1, ensure_ascii=False))
        os.replace(written, REPORT)


def open_table(game_page, page_watch, url: str):
    game_page.emulate_media(reduced_motion="reduce")
    game_page.goto(url)
    wait_ready(game_page, page_watch)
    game_page.wait_for_function(SETTLED_JS, timeout=60_000)
    return game_page


def finished(until: str, seed: int = 17) -> GameSession:
    """A session played (first card each turn, both sides) until the phase is ``until``."""
    session = GameSession.new(seed=seed, level="easy")
    while session.phase != until:
        if session.phase == "human":
            session.play_human(session.view().hand[0])
        elif session.phase == "bot":
            session.play_bot()
        else:
            session.next_round()
    return session


# --------------------------------------------------------------------------- the table


def test_table_and_its_dialogs(game_page, page_watch, site_url):
    page = open_table(game_page, page_watch, f"{site_url}/index.html?seed=19&level=easy")
    assert_clean(page, "the table")
    page.click("#hint-button")
    page.wait_for_selector("#hand [data-hint]")
    assert_clean(page, "the table with hints")
    page.locator("#level").focus()
    assert_clean(page, "the level picker", ".controls")
    for opener, dialog, closer in (("#rules-button", "#rules", "#rules .sheet-close"),
                                   ("#copy-link", "#share", "[data-action=close-share]"),
                                   ("#score", "#scoring", "[data-action=close-scoring]"),
                                   ("#settings-button", "#settings", "[data-action=close-settings]")):
        page.click(opener)
        page.wait_for_selector(f"{dialog}[open]")
        assert_clean(page, f"the {dialog[1:]} dialog")
        page.click(closer)
        page.wait_for_selector(f"{dialog}:not([open])", state="attached")
    page.click("#hand [data-card]:not([disabled])")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    page.click("#new-match")
    page.wait_for_selector("#new-game[open]")
    assert_clean(page, "the new-game screen")


def test_the_open_sums_table_with_a_build_its_ways_and_a_refusal(game_page, page_watch, site_url):
    """The open table with a build of yours, the choice between a card's ways, and a refusal."""
    page = open_table(game_page, page_watch, f"{site_url}/index.html?rules=sums&seed=1&level=easy")
    page.click("#rules-button")  # the rules with this table's note over them and its entry marked
    page.wait_for_selector("#rules[open] #rules-note:not([hidden])")
    assert_clean(page, "the rules with the open table's note")
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules:not([open])", state="attached")
    for move in ("9D", "6H", "7S", "KS", "10C", "JC", "6C>3H"):  # tests/browser/test_sums_table.py
        card = move.split(">")[0]
        page.click(f'#hand [data-card="{card}"]')
        if page.locator("#ways:not([hidden]) [data-move]").count():
            page.click(f'#ways [data-move="{move}"]')
        page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{card}\"]')")
        page.wait_for_function(SETTLED_JS, timeout=60_000)
    page.wait_for_selector('#table [data-build="9"]')
    assert_clean(page, "the open table with a build")
    page.click('#hand [data-card="QD"]')
    page.wait_for_selector("#ways .ways-refusal")
    assert_clean(page, "the open table's refusal")
    page.keyboard.press("Escape")
    page.click('#hand [data-card="10H"]')
    page.wait_for_selector("#ways [data-move]")
    assert_clean(page, "the open table's ways")


@pytest.mark.parametrize("phase", ["round_over", "match_over"])
def test_round_summary_and_match_end(game_page, page_watch, site_url, phase):
    session = finished(phase)
    page = open_table(game_page, page_watch, f"{site_url}/index.html#{share.encode(session.match)}")
    dialog = "#round-summary" if phase == "round_over" else "#match-end"
    page.wait_for_selector(f"{dialog}[open]")
    assert_clean(page, f"the {dialog[1:]} dialog")


def test_the_statistics_and_their_reset(game_page, page_watch, site_url):
    """The statistics dialog with a match finished here counted (chart and table), then its reset's confirmation."""
    session = one_card_from_the_end(17)
    page = open_table(game_page, page_watch, f"{site_url}/index.html?level=easy#{share.encode(session.match)}")
    finish_by_clicking(page)
    page.click("#match-end [data-action=stats]")
    page.wait_for_selector("#stats[open] svg.stats-chart")
    assert_clean(page, "the stats dialog")
    page.click("#stats-reset")
    page.wait_for_selector("#confirm-reset[open]")
    assert_clean(page, "the confirm-reset dialog")


def test_the_review_of_a_round(game_page, page_watch, site_url):
    """The review inside the round's summary: while it works (progress bar) and once done, on a mistake."""
    session = finished("round_over")
    page = open_table(game_page, page_watch, f"{site_url}/index.html#{share.encode(session.match)}")
    page.click("#round-summary[open] [data-action=review]")
    page.wait_for_selector("#round-summary .review-bar")
    assert_clean(page, "the review while it works", "#round-summary")
    page.wait_for_selector("#round-summary [data-action=review-next]", timeout=90_000)
    assert_clean(page, "the review", "#round-summary")
    page.click("#round-summary .review-jump")
    assert_clean(page, "the review on a mistake", "#round-summary")


def test_the_rules_and_a_scene_in_greek(game_page, page_watch, site_url):
    """The translated texts keep their markup; the pages say they are Greek (``<html lang="el">``)."""
    page = open_table(game_page, page_watch, f"{site_url}/index.html?seed=19&level=easy&lang=el")
    page.click("#rules-button")
    page.wait_for_selector("#rules[open]")
    assert_clean(page, "the rules dialog in Greek")
    page.goto(f"{site_url}/embed.html?lang=el&scene={quote('pile=10D;hands=10S,3H|KC,8D;plays=10S')}")
    wait_ready(page, page_watch)
    assert_clean(page, "embed.html in Greek")


# --------------------------------------------------------------------------- the other pages


def test_embed_scene(game_page, page_watch, site_url):
    page = game_page
    page.goto(f"{site_url}/embed.html?scene={quote('pile=10D;hands=10S,3H|KC,8D;plays=10S')}")
    wait_ready(page, page_watch)
    assert_clean(page, "embed.html (a scene)")
    page.click("#next")
    assert_clean(page, "embed.html (a scene, one step on)")


@pytest.mark.parametrize("name", ["guide.html", "guide.el.html", "embed-docs.html", "embed-docs.el.html"])
def test_documentation_pages(game_page, site_url, name):
    page = game_page
    page.route("**/embed.html*", lambda route: route.fulfill(status=200, content_type="text/html",
                                                             body="<!doctype html><title>scene</title>"))
    page.goto(f"{site_url}/{name}")
    assert_clean(page, name)


SAID_LOG_JS = """() => { window.kseriSaid = [];
  document.addEventListener('DOMContentLoaded', () => new MutationObserver(changes => changes.forEach(
    c => c.addedNodes.forEach(n => window.kseriSaid.push(n.textContent)))).observe(
    document.getElementById('announce'), {childList: true})); }"""


def test_each_sentence_of_a_burst_is_a_line_of_its_own_for_screen_readers(open_game, game_page):
    """Without animation, at four seats, your card and the three bots' came within 50 ms, each rewriting one
    live region: a screen reader speaks the last. Each is now a line added to a log, read once, in turn."""
    game_page.emulate_media(reduced_motion="reduce")
    game_page.add_init_script(f"({SAID_LOG_JS})()")
    page = open_game("?seed=12&level=easy&rules=" + quote(json.dumps({"profile": "pisti", "players": 4})))
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert page.get_attribute("#announce", "role") == "log"
    page.click("#hand [data-card]:not([disabled])")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    said = page.evaluate("() => window.kseriSaid")
    who = [line.split(" ")[0] for line in said[said.index(next(s for s in said if s.startswith("You play"))):]]
    assert who == ["You", "Eleni", "Nikos", "Maria"], said
    assert page.locator("#announce > p").all_inner_texts() == said[-3:]  # the three latest kept


def test_the_top_landmark_names_who_sits_there(open_game, game_page):
    """The top section was the landmark "Bot" whoever sat there: the other person in pass and play, three
    players at four seats. (And a game opened at the pass screen has the keyboard on its button.)"""
    game_page.emulate_media(reduced_motion="reduce")
    label = "() => document.getElementById('bot-area').getAttribute('aria-label')"
    page = open_game("?seed=5&level=easy")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert page.evaluate(label) == "Bot"
    page = open_game("?seed=5&level=easy&lang=el&rules=" + quote(json.dumps({"profile": "greek", "players": 4})))
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert page.evaluate(label) == "Οι άλλοι παίκτες"
    page = open_game("?seed=5&seats=" + quote("person:Anna|person:Bob"))
    page.locator("#pass:not([hidden]) button").wait_for()
    # the keyboard starts at the pass screen's button (it was on the page's body: covered when first drawn)
    assert page.evaluate("() => document.activeElement.dataset.action") == "take-seat"
    page.keyboard.press("Enter")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    holder = page.locator("#you-tag .tag-name").inner_text().strip("\u2068\u2069")  # (a name's isolates)
    assert {holder, page.evaluate(label)} == {"Anna", "Bob"}
