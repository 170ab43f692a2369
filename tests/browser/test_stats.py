"""The statistics in the page: a finished match is counted once (the first stored format carried over),
shows in the statistics dialog from the match's end and from the rules, survives a reload, and a
confirmed reset clears it."""

from __future__ import annotations

import json

import pytest

from kseri.table import share

from .conftest import reload_page, wait_ready
from .test_a11y import finished

pytestmark = pytest.mark.browser

OLD_FORMAT = '{"played":{"easy":2},"won":{"easy":1}}'
"""What the page stored before statistics were kept per game: two matches against Easy, one won."""


def stored_stats(page) -> dict:
    return json.loads(page.evaluate("() => localStorage.getItem('kseri.table.stats')") or "null")


def open_stats_from_rules(page) -> None:
    page.click("#rules-button")
    page.wait_for_selector("#rules[open]")
    page.click("#rules-stats")
    page.wait_for_selector("#stats[open]")


def easy_greek_row(page) -> str:
    return page.locator("#stats-body table[aria-labelledby=stats-greek] tbody tr").first.inner_text()


def test_a_finished_match_is_counted_once_shown_kept_and_reset(game_page, page_watch, site_url):
    session = finished("match_over")
    game_page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('kseri.table.stats', {json.dumps(OLD_FORMAT)});
    }}""")
    game_page.emulate_media(reduced_motion="reduce")
    game_page.goto(f"{site_url}/index.html?level=easy#{share.encode(session.match)}")
    wait_ready(game_page, page_watch)
    game_page.wait_for_selector("#match-end[open]")
    won = session.match.winner == 0
    record = stored_stats(game_page)["games"]["greek"]["easy"]
    assert (record["matches"], record["wins"]) == (3, 1 + won)  # the old counts plus this match
    assert record["rounds"] == len(session.match.scores)
    assert game_page.locator("#match-end .stats").inner_text().startswith(
        f"Your record against Easy: {1 + won} won, {2 - won} lost.")

    game_page.click("#match-end [data-action=stats]")
    game_page.wait_for_selector("#stats[open]")
    assert game_page.evaluate("() => document.activeElement.id") == "stats-close"
    assert easy_greek_row(game_page).split()[:2] == ["Easy", "3"]
    assert game_page.locator("#stats-body rect.bar").count() == 1
    assert game_page.locator(f"#stats-body rect.bar.{'won' if won else 'lost'}").count() == 1
    game_page.click("#stats-close")
    game_page.wait_for_selector("#stats:not([open])", state="attached")
    assert game_page.locator("#match-end[open]").count() == 1  # back where it was opened

    # A reload shows the match's end again, without counting the match twice.
    reload_page(game_page)
    wait_ready(game_page, page_watch, 30)
    game_page.wait_for_selector("#match-end[open]")
    assert stored_stats(game_page)["games"]["greek"]["easy"]["matches"] == 3
    game_page.click("#match-end [data-action=close-match-end]")
    open_stats_from_rules(game_page)
    assert easy_greek_row(game_page).split()[:2] == ["Easy", "3"]

    # Reset asks first; "Keep them" keeps them, "Reset" clears them, here and after a reload.
    game_page.click("#stats-reset")
    game_page.wait_for_selector("#confirm-reset[open]")
    game_page.click("#confirm-reset-no")
    game_page.wait_for_selector("#confirm-reset:not([open])", state="attached")
    assert stored_stats(game_page)["games"]["greek"]["easy"]["matches"] == 3
    game_page.click("#stats-reset")
    game_page.click("#confirm-reset-yes")
    game_page.wait_for_selector("#confirm-reset:not([open])", state="attached")
    assert stored_stats(game_page) == {"v": 2, "games": {}, "recent": []}
    assert "No finished matches yet" in game_page.locator("#stats-body").inner_text()
    assert game_page.locator("#stats-reset").is_disabled()
    assert game_page.locator("#stats-body svg, #stats-body table").count() == 0

    reload_page(game_page)
    wait_ready(game_page, page_watch, 30)
    game_page.wait_for_selector("#match-end[open]")
    assert game_page.locator("#match-end .stats").inner_text().startswith("No finished matches against Easy yet.")
    assert stored_stats(game_page) == {"v": 2, "games": {}, "recent": []}
