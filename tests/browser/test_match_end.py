"""The end of a match (issue 25): your streak and best, a won match celebrated (a burst of suits, none
under reduced motion, and a fanfare with sound on), and the offer to install the app: in the settings
when the browser makes one (``beforeinstallprompt``), once at a match's end, a hint on iOS."""

from __future__ import annotations

import json
import random

import pytest

from kseri.bots.pile.easy import choose_easy
from kseri.table import share
from kseri.table.session import GameSession
from tests.browser.rounds import finish_by_clicking, one_card_from_the_end
from tests.browser.test_game import open_settings, open_table

pytestmark = pytest.mark.browser

WON_SEED = 16
"""With the easy policy for you against the easy bot, you win this match (6 rounds)."""


def won_match() -> GameSession:
    session = GameSession.new(seed=WON_SEED, level="easy")
    rng = random.Random(WON_SEED)
    while session.phase != "match_over":
        if session.phase == "human":
            session.play_human(choose_easy(session.observation(0), rng))
        elif session.phase == "bot":
            session.play_bot()
        else:
            session.next_round()
    assert session.match.winner == 0
    return session


def won_by_your_last_card() -> GameSession:
    """The won match one card from its end, the card yours: played here, it counts (opened finished, it would not)."""
    return one_card_from_the_end(WON_SEED, lambda session, rng: choose_easy(session.observation(0), rng))


def stored_record(page) -> dict:
    return json.loads(page.evaluate("() => localStorage.getItem('kseri.table.stats')"))["games"]["greek"]["easy"]


def test_a_won_match_is_celebrated_and_shows_the_streak(game_page, page_watch, site_url):
    game_page.emulate_media(reduced_motion="no-preference")
    game_page.goto(f"{site_url}/index.html?level=easy#{share.encode(won_by_your_last_card().match)}")
    page_watch.wait_ready(game_page)
    finish_by_clicking(game_page)
    # the suits burst from the trophy (on a busy machine the page may show them only for a moment)
    game_page.wait_for_function("() => document.body.dataset.celebrations === '1'")
    streak = game_page.locator("#match-end .streak")
    assert streak.inner_text() == "★ 1 win in a row: your best streak!"
    assert (streak.get_attribute("data-streak"), streak.get_attribute("data-best")) == ("1", "1")
    assert stored_record(game_page)["streak"] == 1
    game_page.wait_for_selector("#match-end .burst", state="detached", timeout=10_000)  # then it is gone


def test_the_result_opens_its_last_round_in_full_and_comes_back(game_page, page_watch, site_url):
    """The result totals each round; its last round's rows are one button away, and that summary's
    button leads back to the result."""
    game_page.emulate_media(reduced_motion="reduce")
    game_page.goto(f"{site_url}/index.html?level=easy#{share.encode(won_by_your_last_card().match)}")
    page_watch.wait_ready(game_page)
    finish_by_clicking(game_page)
    game_page.click("#match-end [data-action=last-round]")
    game_page.wait_for_selector("#round-summary[open]")
    assert not game_page.locator("#match-end").is_visible()
    assert game_page.locator("#round-summary .breakdown tbody tr").count() >= 4  # the round's rows
    assert game_page.locator("#next-round").inner_text() == "See the result"
    game_page.click("#next-round")
    game_page.wait_for_selector("#match-end[open]")
    assert not game_page.locator("#round-summary").is_visible()


def test_no_burst_under_reduced_motion_and_the_streak_in_greek(game_page, page_watch, site_url):
    game_page.emulate_media(reduced_motion="reduce")
    game_page.goto(f"{site_url}/index.html?level=easy&lang=el#{share.encode(won_by_your_last_card().match)}")
    page_watch.wait_ready(game_page)
    finish_by_clicking(game_page)
    game_page.wait_for_selector("#match-end[open] .streak")
    assert game_page.locator("#match-end .streak").inner_text() == "★ 1 νίκη στη σειρά: το καλύτερό σου σερί!"
    assert game_page.locator(".burst").count() == 0
    assert game_page.evaluate("() => document.body.dataset.celebrations") is None


def test_the_install_button_appears_when_the_browser_offers_it(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=3&level=easy")
    open_settings(page)
    page.wait_for_selector("#settings[open] input[name=theme]")
    assert page.locator("#settings [data-action=install]").count() == 0  # no offer yet: nothing to say
    page.evaluate("() => window.dispatchEvent(new Event('beforeinstallprompt'))")
    page.wait_for_selector("#settings [data-action=install]")  # while the dialog is open
    page.click("#settings [data-action=close-settings]")
    open_settings(page)
    page.wait_for_selector("#settings[open] [data-action=install]")  # and when it opens again
    page.click("#settings [data-action=install]")  # a dispatched event cannot prompt: the offer is used up
    page.wait_for_selector("#settings [data-action=install]", state="detached")


def test_the_install_is_offered_once_at_a_matchs_end(game_page, page_watch, site_url):
    game_page.emulate_media(reduced_motion="reduce")
    game_page.add_init_script("window.addEventListener('load', () => "
                              "window.dispatchEvent(new Event('beforeinstallprompt')))")
    game_page.goto(f"{site_url}/index.html?level=easy#{share.encode(won_by_your_last_card().match)}")
    page_watch.wait_ready(game_page)
    finish_by_clicking(game_page)
    game_page.wait_for_selector("#match-end[open] .install-offer [data-action=install]")
    assert game_page.evaluate("() => localStorage.getItem('kseri.install-offered')") == "1"
    game_page.goto(f"{site_url}/index.html?level=easy&seed=2#{share.encode(won_by_your_last_card().match)}")
    page_watch.wait_ready(game_page)
    finish_by_clicking(game_page)
    game_page.wait_for_selector("#match-end[open] .streak")
    assert game_page.locator(".install-offer").count() == 0  # once: never again there


def test_an_iphone_gets_a_hint_instead(browser, page_watch, site_url):
    context = browser.new_context(user_agent="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) "
                                  "AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
                                  viewport={"width": 375, "height": 740}, reduced_motion="reduce",
                                  service_workers="block")
    try:
        page = context.new_page()
        page_watch.attach(page)
        page.goto(f"{site_url}/index.html?seed=3&level=easy")
        page_watch.wait_ready(page)
        open_settings(page)
        page.wait_for_selector("#settings[open] .install-hint")
        assert "Add to Home Screen" in page.locator("#settings .install-hint").inner_text()
        assert not page_watch.problems()
    finally:
        context.close()
