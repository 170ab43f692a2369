"""Navigation at the table: the back button closes a dialog (and only that), the rules link to
the illustrated guide, the round's summary opens at its top, and Share uses the system's share
sheet where the browser has one (``navigator.share``) and copies the link otherwise."""

from __future__ import annotations

import pytest

from kseri.table import share
from kseri.table.session import GameSession

from .conftest import wait_ready
from .rounds import SETTLED_JS

pytestmark = pytest.mark.browser

OPEN_JS = "() => [...document.querySelectorAll('dialog[open]')].map(d => d.id)"
MARKED_JS = "() => !!(history.state && history.state.kseriDialog)"


def open_table(page, watch, url: str, viewport: dict | None = None):
    page.emulate_media(reduced_motion="reduce")
    if viewport:
        page.set_viewport_size(viewport)
    page.goto(url)
    wait_ready(page, watch)
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    return page


def round_over() -> GameSession:
    session = GameSession.new(seed=17, level="easy")
    while session.phase != "round_over":
        session.play_human(session.view().hand[0]) if session.phase == "human" else session.play_bot()
    return session


def test_back_closes_the_rules_and_share_uses_the_share_sheet(game_page, page_watch, site_url):
    page = open_table(game_page, page_watch, f"{site_url}/index.html?seed=3&level=easy")
    game_url = page.url
    page.click("#rules-button")
    page.wait_for_selector("#rules[open]")
    assert page.evaluate(MARKED_JS)
    link = page.locator('#rules a[href="guide.html"]')
    assert link.count() == 1 and link.is_visible() and "guide" in link.inner_text()

    page.evaluate("() => history.back()")  # the back button: the dialog closes, the game stays
    page.wait_for_selector("#rules:not([open])", state="attached")
    page.wait_for_function("() => !(history.state && history.state.kseriDialog)")
    assert page.url == game_url and page.evaluate(OPEN_JS) == []
    assert page.evaluate("() => document.body.dataset.ready") == "true"
    assert page.locator("#hand [data-card]:enabled").count() == 6

    length = page.evaluate("() => history.length")
    page.click("#rules-button")  # closed by its own button: the page goes back, so the stack stays clean
    page.wait_for_selector("#rules[open]")
    page.click("#rules .sheet-close")
    page.wait_for_function("() => !(history.state && history.state.kseriDialog)")
    page.click("#rules-button")
    page.wait_for_selector("#rules[open]")
    assert page.evaluate("() => history.length") == length  # the one entry reused, not one more each time
    page.keyboard.press("Escape")
    page.wait_for_function("() => !(history.state && history.state.kseriDialog)")
    assert page.evaluate(OPEN_JS) == []

    # Share with a system share sheet: navigator.share gets the link, no dialog.
    page.evaluate("""() => { window.__shared = []; navigator.share = (data) => {
        window.__shared.push(data); return Promise.resolve(); }; }""")
    page.click("#copy-link")
    page.wait_for_function("() => window.__shared.length === 1")
    shared = page.evaluate("() => window.__shared[0]")
    assert "#r=1" in shared["url"] and shared["url"].startswith(game_url.split("?")[0].split("#")[0])
    page.wait_for_timeout(300)
    assert page.evaluate(OPEN_JS) == []

    # The person cancels the sheet: nothing more happens.
    page.evaluate("""() => { navigator.share = (data) => { window.__shared.push(data);
        return Promise.reject(new DOMException('cancelled', 'AbortError')); }; }""")
    page.click("#copy-link")
    page.wait_for_function("() => window.__shared.length === 2")
    page.wait_for_timeout(300)
    assert page.evaluate(OPEN_JS) == []

    # The sheet fails otherwise: the link is shown and copied as without one.
    page.evaluate("""() => { navigator.share = (data) => { window.__shared.push(data);
        return Promise.reject(new DOMException('no', 'NotAllowedError')); }; }""")
    page.click("#copy-link")
    page.wait_for_selector("#share[open]")
    assert "#r=1" in page.input_value("#share-url")
    page.click("[data-action=close-share]")
    page.wait_for_function("() => !(history.state && history.state.kseriDialog)")

    # No navigator.share: the Share dialog, the link copied (or the reason it could not be).
    page.evaluate("() => { delete navigator.share; }")
    assert page.evaluate("() => typeof navigator.share") == "undefined"
    page.click("#copy-link")
    page.wait_for_selector("#share[open]")
    page.wait_for_function("() => document.querySelector('#share-status').textContent.length > 0")
    assert page.evaluate("() => window.__shared.length") == 3
    assert page.evaluate(MARKED_JS)


def test_the_summary_opens_at_its_top_and_back_goes_on(game_page, page_watch, site_url):
    url = f"{site_url}/index.html#{share.encode(round_over().match)}"
    page = open_table(game_page, page_watch, url, viewport={"width": 320, "height": 480})
    page.wait_for_selector("#round-summary[open]")
    scroll = page.evaluate("""() => {
      const d = document.querySelector('#round-summary');
      const els = [d, ...d.querySelectorAll('*')].filter(e => e.scrollHeight > e.clientHeight + 1
        && getComputedStyle(e).overflowY !== 'visible');
      const title = document.querySelector('#round-summary-title').getBoundingClientRect();
      return {scrollable: els.length, tops: els.map(e => e.scrollTop), titleTop: title.top,
              dialogTop: d.getBoundingClientRect().top, focused: document.activeElement.id};
    }""")
    assert scroll["scrollable"] >= 1, "the summary fits the screen: this test would prove nothing"
    assert scroll["tops"] == [0] * scroll["scrollable"]
    assert scroll["titleTop"] >= scroll["dialogTop"] and scroll["focused"] == "next-round"

    page.evaluate("() => history.back()")  # back on the summary: on to the next round, on this page
    page.wait_for_selector("#round-summary:not([open])", state="attached")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert page.url.startswith(f"{site_url}/index.html")
    assert page.evaluate("() => document.body.dataset.phase") in ("human", "bot")


def test_on_a_phone_the_rules_are_sections_opened_one_at_a_time(game_page, page_watch, site_url):
    """At 375 px the rules open folded but for the first section; opening another closes the open one.
    On a desktop every section is open."""
    page = open_table(game_page, page_watch, f"{site_url}/index.html?seed=3&level=easy",
                      viewport={"width": 375, "height": 740})
    page.click("#rules-button")
    page.wait_for_selector("#rules[open]")
    opened = "() => [...document.querySelectorAll('#rules .rule-section')].map(d => d.open)"
    state = page.evaluate(opened)
    assert len(state) >= 7 and state[0] and not any(state[1:])
    page.click("#rules .rule-section:nth-of-type(3) > summary")
    state = page.evaluate(opened)
    assert state[2] and sum(state) == 1, state
    assert page.locator("#rules .rule-section:nth-of-type(3) p").first.is_visible()


def test_on_a_desktop_every_rules_section_is_open(game_page, page_watch, site_url):
    page = open_table(game_page, page_watch, f"{site_url}/index.html?seed=3&level=easy",
                      viewport={"width": 1280, "height": 800})
    page.click("#rules-button")
    page.wait_for_selector("#rules[open]")
    assert all(page.evaluate("() => [...document.querySelectorAll('#rules .rule-section')].map(d => d.open)"))


FOCUS_JS = "() => { const a = document.activeElement; return a.id || a.dataset.card || a.name || a.tagName; }"


def test_escape_from_a_dialog_nothing_opened_leaves_the_focus_on_the_table(browser, site_url):
    """The welcome and the match's end open by themselves, so the browser has nothing to give the focus
    back to: it fell to the page, and a keyboard started again from the top. It goes to your first card,
    or to New match once the match is over. Settings open on their first control (Done was below the fold
    at 1280x800)."""
    from playwright.sync_api import Error as PlaywrightError

    from .test_first_visit import fresh_page
    from .test_match_end import won_match

    context, page, watch = fresh_page(browser, site_url, viewport={"width": 1280, "height": 800})

    def goto(url: str) -> None:
        try:
            page.goto(url)
        except PlaywrightError as error:  # net::ERR_ABORTED: the page was still navigating (a closed dialog's
            if "ERR_ABORTED" not in str(error):  # history.back(), say)
                raise
            page.goto(url)

    try:
        for _ in range(16):  # a first visit where the bot plays first: the hand is locked as the welcome closes
            goto(f"{site_url}/index.html")
            wait_ready(page, watch)
            page.wait_for_selector("#welcome[open]")
            if page.evaluate("() => document.body.dataset.phase") == "bot":
                break
            page.evaluate("() => localStorage.clear()")
        else:
            pytest.fail("no first visit in 16 where the bot plays first")
        page.keyboard.press("Escape")
        # while the bot plays first the keyboard waits on your hand, not on New match (a second Enter opened it)
        page.wait_for_function("() => document.activeElement.matches('#hand, #hand [data-card]')")
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        page.wait_for_function("() => document.activeElement.matches('#hand [data-card]')")
        page.click("#settings-button")
        page.wait_for_selector("#settings[open]")
        assert page.evaluate(FOCUS_JS) == "sound"
        page.keyboard.press("Escape")
        page.wait_for_selector("#settings[open]", state="detached")
        assert page.evaluate(FOCUS_JS) == "settings-button"  # the browser's own return, kept

        goto(f"{site_url}/index.html?level=easy#{share.encode(won_match().match)}")
        wait_ready(page, watch)
        page.wait_for_selector("#match-end[open]")
        page.keyboard.press("Escape")
        page.wait_for_selector("#match-end[open]", state="detached")
        page.wait_for_function("() => document.activeElement.id === 'new-match'")  # (the close event is a task)
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


@pytest.mark.parametrize(("viewport", "lang"), [({"width": 844, "height": 390}, "en"),
                                                ({"width": 667, "height": 375}, "en"),
                                                ({"width": 1280, "height": 800}, "el")])
def test_next_round_is_on_screen_when_the_summary_scrolls(browser, site_url, viewport, lang):
    """A phone on its side, or a laptop's 800 px in Greek: the summary scrolls, and its Next round sticks to
    the sheet's foot (it lay below the screen)."""
    from .overlaps import layout_problems
    from .test_first_visit import fresh_page

    touch = viewport["width"] < 900
    context, page, watch = fresh_page(browser, site_url, viewport=viewport, has_touch=touch, is_mobile=touch)
    try:
        page.goto(f"{site_url}/index.html?level=easy&lang={lang}#{share.encode(round_over().match)}")
        wait_ready(page, watch)
        page.wait_for_selector("#round-summary[open]")
        box = page.locator("#next-round").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
        assert not layout_problems(page, touch=touch), layout_problems(page, touch=touch)
        assert not watch.problems(), watch.problems()
    finally:
        context.close()
