"""The statistics in the page: a finished match is counted once (the first stored format carried over),
shows in the statistics dialog from the match's end and from the rules, survives a reload, and a
confirmed reset clears it."""

from __future__ import annotations

import json

import pytest

from kseri.table import share
from kseri.table.session import GameSession

from .conftest import reload_page, wait_ready
from .rounds import finish_by_clicking, one_card_from_the_end
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


def last_card_to_play() -> GameSession:
    """A Greek match against Easy one card from its end, the card yours (seed 17's match ends on it)."""
    return one_card_from_the_end(17)


def test_a_match_finished_here_is_counted_once_shown_kept_and_reset(game_page, page_watch, site_url):
    session = last_card_to_play()
    game_page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('kseri.table.stats', {json.dumps(OLD_FORMAT)});
    }}""")
    game_page.emulate_media(reduced_motion="reduce")
    game_page.goto(f"{site_url}/index.html?level=easy#{share.encode(session.match)}")
    wait_ready(game_page, page_watch)
    assert stored_stats(game_page) == json.loads(OLD_FORMAT)  # nothing counted before it ends
    finish_by_clicking(game_page)
    session.play_human(session.view().hand[0])
    assert session.match.is_over
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


def test_a_finished_match_opened_from_a_link_is_not_counted_however_often(game_page, page_watch, site_url):
    """Someone else's finished match (a share link, a record) is looked at, not played: it counted as yours,
    once more at every opening."""
    session = finished("match_over")
    link = f"{site_url}/index.html?level=easy#{share.encode(session.match)}"
    game_page.emulate_media(reduced_motion="reduce")
    for opening in range(2):
        game_page.goto(link.replace("?level=easy", f"?level=easy&seed={opening + 1}"))
        wait_ready(game_page, page_watch)
        game_page.wait_for_selector("#match-end[open]")
        assert (stored_stats(game_page) or {}).get("games", {}) == {}
        assert game_page.locator("#match-end .stats").inner_text().startswith("No finished matches against Easy yet.")


def _two_tabs(game_page, page_watch, site_url, second_query: str):
    """A match one card from its end in a first tab, and a second tab opened at ``second_query`` after it."""
    first = game_page
    first.emulate_media(reduced_motion="reduce")
    first.goto(f"{site_url}/index.html?level=easy#{share.encode(last_card_to_play().match)}")
    wait_ready(first, page_watch)
    second = first.context.new_page()
    page_watch.attach(second)
    second.emulate_media(reduced_motion="reduce")
    second.goto(f"{site_url}/index.html{second_query}")
    wait_ready(second, page_watch)
    return first, second


def test_two_tabs_count_one_match_once_and_show_each_others_reset(game_page, page_watch, site_url):
    """The tab that went on with the game counts it; the other, told it no longer saves, counted it again. A reset
    in one tab left the other's match-end line with the old record."""
    first, second = _two_tabs(game_page, page_watch, site_url, "")  # the second resumes the same game
    finish_by_clicking(first)
    assert stored_stats(first)["games"]["greek"]["easy"]["matches"] == 1
    second.wait_for_function("() => !!document.querySelector('#notice [data-action=load-newer]')")
    finish_by_clicking(second)  # the stale tab plays its copy to the end
    assert stored_stats(second)["games"]["greek"]["easy"]["matches"] == 1
    assert second.locator("#match-end .stats").inner_text().startswith("Your record against Easy:")

    second.focus("#match-end [data-action=review]")
    first.click("#match-end [data-action=stats]")
    first.wait_for_selector("#stats[open]")
    first.click("#stats-reset")
    first.click("#confirm-reset-yes")
    second.wait_for_function("() => document.querySelector('#match-end .stats').textContent"
                             ".startsWith('No finished matches against Easy yet.')")
    # the redraw replaced the focused button: its new copy has the keyboard (it fell to the page's body)
    assert second.evaluate("() => document.activeElement.dataset.action") == "review"


def test_a_match_finished_here_counts_though_another_tab_began_another_game(game_page, page_watch, site_url):
    """Another tab that only started a game of its own (a link opened there) leaves this tab's match its own."""
    first, _second = _two_tabs(game_page, page_watch, site_url, "?seed=77&level=hard&rules=pisti")  # saved over
    first.wait_for_function("() => !!document.querySelector('#notice [data-action=load-newer]')")
    finish_by_clicking(first)
    assert stored_stats(first)["games"]["greek"]["easy"]["matches"] == 1
