"""A first visit plays with one tap, and speaks Greek from its first paint (issue 24).

- At 375×740 (and 844×390, a phone on its side) on a touch screen, nothing asked for (no link,
  nothing saved): the welcome's one button leads to a dealt hand; "Choose another game" opens the full
  new-game screen, whose Start is on screen without scrolling; its lesson button starts the lesson.
- With ``?lang=el``, and with a Greek browser, the loading screen is Greek before the table is ready.
- On a small phone (320×568): a bad link's notice, the tip and the table fit together, and so do the
  whole Greek tip and a two-seat table (pile or open); a dialog opens at its title with its first control focused.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from .conftest import PageWatch, wait_ready
from .overlaps import layout_problems
from .rounds import SETTLED_JS, play_cards

pytestmark = pytest.mark.browser

SPLASH_JS = """() => ({ready: document.body.dataset.ready, lang: document.documentElement.lang, title: document.title,
  words: [...document.querySelectorAll(
      '#loading .logo, #loading .tagline, #loading .splash-text, #loading .splash-small')]
    .map(e => [e.textContent.trim(), getComputedStyle(e).visibility])})"""


def fresh_page(browser, site_url: str, **context_args):
    context = browser.new_context(service_workers="block", reduced_motion="reduce", **context_args)
    page = context.new_page()
    watch = PageWatch(origin=site_url)
    watch.attach(page)
    return context, page, watch


@contextmanager
def visit(browser, site_url: str, query: str = "", **context_args) -> Iterator[Any]:
    """A first visit (fresh storage) to ``index.html`` + ``query``, yielded once the page is ready;
    afterwards, no page error, console error or request off the site."""
    context, page, watch = fresh_page(browser, site_url, **context_args)
    try:
        page.goto(f"{site_url}/index.html{query}")
        wait_ready(page, watch)
        yield page
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


WELCOME_BUTTONS_SEEN_JS = """() => { const d = document.querySelector('#welcome').getBoundingClientRect();
  return ['#welcome-play', '#welcome-other'].every(s => { const r = document.querySelector(s).getBoundingClientRect();
    return r.top >= Math.max(0, d.top) && r.bottom <= Math.min(innerHeight, d.bottom) && r.height >= 44; }); }"""
"""Both of the welcome's buttons whole on screen and in its sheet, without scrolling, each at least 44 px tall."""


@pytest.mark.parametrize("lang, width, height", [("en", 375, 740), ("el", 375, 740), ("el", 844, 390)])
def test_a_first_visit_reaches_a_dealt_hand_with_one_tap(browser, site_url, lang, width, height):
    context, page, watch = fresh_page(browser, site_url, viewport={"width": width, "height": height}, has_touch=True,
                                      is_mobile=True, locale="el-GR" if lang == "el" else "en-US")
    try:
        page.goto(f"{site_url}/index.html")
        wait_ready(page, watch)
        page.wait_for_selector("#welcome[open]")
        title = page.locator("#welcome-title").inner_text()
        assert title == ("Καλώς ήρθες στην ξερή" if lang == "el" else "Welcome to Kseri")
        assert not layout_problems(page, touch=True), layout_problems(page, touch=True)
        assert page.evaluate(WELCOME_BUTTONS_SEEN_JS), "a welcome button lies out of sight (a phone on its side)"
        # the table's rule in a sentence is the tip's, under the welcome: said once, not twice
        rule = page.locator("#intro .intro-text").inner_text()
        assert rule and rule not in page.locator("#welcome").inner_text()
        page.tap("#welcome-play")  # the one tap
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        assert page.locator("dialog[open]").count() == 0
        assert page.locator("#intro").is_visible()  # ... and stays in view while the first game is played
        hand = page.locator("#hand [data-card]")
        assert hand.count() == 6 and page.locator("#hand [data-card]:not([disabled])").count() == 6
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


@pytest.mark.parametrize("width, height", [(375, 740), (844, 390)])
def test_the_welcome_switches_language_from_inside(browser, site_url, width, height):
    """The welcome is modal, so the header's switch behind it is out of reach: a first visit in the wrong
    language changes it from the welcome itself, with a tap, and back; the focus stays in the welcome."""
    with visit(browser, site_url, viewport={"width": width, "height": height}, has_touch=True, is_mobile=True,
               locale="en-US") as page:
        page.wait_for_selector("#welcome[open]")
        button = page.locator("#welcome .welcome-lang")
        assert button.inner_text() == "Ελληνικά" and button.get_attribute("lang") == "el"
        page.tap("#welcome .welcome-lang")
        page.wait_for_function("document.documentElement.lang === 'el'")
        assert page.locator("#welcome-title").inner_text() == "Καλώς ήρθες στην ξερή"
        assert page.locator("#welcome-other").inner_text() != "Choose another game"  # the fixed words too
        assert page.evaluate("document.activeElement.matches('#welcome .welcome-lang')")
        assert page.locator("#welcome .welcome-lang").inner_text() == "English"
        assert not layout_problems(page, touch=True), layout_problems(page, touch=True)
        assert page.evaluate(WELCOME_BUTTONS_SEEN_JS), "a welcome button lies out of sight"
        page.tap("#welcome-play")
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        assert page.locator("dialog[open]").count() == 0
        assert page.locator("#hand [data-card]:not([disabled])").count() == 6
        page.reload()  # the choice is kept
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == "el"


def test_the_welcome_offers_a_newcomer_the_lesson(browser, site_url):
    """The welcome's third way: a first hand with the page saying what to look for (the lesson of the
    table dealt), the welcome gone and your cards playable."""
    with visit(browser, site_url, **PHONE) as page:
        page.wait_for_selector("#welcome[open]")
        assert page.evaluate(WELCOME_BUTTONS_SEEN_JS)
        page.tap("#welcome [data-action=learn]")
        page.wait_for_selector("body[data-lesson=greek]")
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        assert page.locator("dialog[open]").count() == 0
        assert page.locator("#lesson .lesson-step").inner_text() == "Step 1 of 6"
        assert page.locator("#hand [data-card]:not([disabled])").count() == 6


def test_a_link_refused_whole_is_said_on_the_table_not_behind_the_welcome(browser, site_url):
    """A first visit by a link none of whose parts could be used: someone sent it, so its notices show on
    the table (the welcome would cover them until dismissed), and the table plays."""
    with visit(browser, site_url, "?seed=abc&level=godlike", viewport={"width": 1280, "height": 800}) as page:
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        assert page.locator("dialog[open]").count() == 0
        notice = page.locator("#notice")
        assert notice.is_visible() and "seed" in notice.inner_text() and "godlike" in notice.inner_text()
        assert page.locator("#hand [data-card]").count() == 6


def test_choose_another_game_opens_the_form_with_start_in_reach(browser, site_url):
    context, page, watch = fresh_page(browser, site_url, viewport={"width": 375, "height": 740}, has_touch=True,
                                      is_mobile=True)
    try:
        page.goto(f"{site_url}/index.html")
        wait_ready(page, watch)
        page.wait_for_selector("#welcome[open]")
        page.tap("#welcome-other")
        page.wait_for_selector("#new-game[open]")
        assert page.locator("#new-game .new-game-warning").count() == 0  # nothing is given up yet
        assert page.locator("#new-game-cancel").inner_text() == "Back to the table"  # no game was played
        start = page.locator("#new-game-start").bounding_box()
        assert start and start["y"] + start["height"] <= 740, start  # on screen, with no scrolling
        assert page.evaluate("document.querySelector('#new-game').scrollHeight > 740"), "the form fits: proves nothing"
        assert not layout_problems(page, touch=True), layout_problems(page, touch=True)
        page.tap('#new-game label.choice:has(input[name="table"][value="pisti"])')
        page.tap("#new-game-start")
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        assert page.evaluate("document.body.dataset.table") == "pile"
        assert "101" in page.locator("#score").inner_text()
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


@contextmanager
def greek_phone_table(browser, site_url: str, height: int, query: str) -> Iterator[Any]:
    """A first visit in Greek on a 320 px touch phone ``height`` tall, by ``query``, at the settled table;
    afterwards, no page error, console error or request off the site."""
    context, page, watch = fresh_page(browser, site_url, viewport={"width": 320, "height": height}, has_touch=True,
                                      is_mobile=True, locale="el-GR")
    try:
        page.goto(f"{site_url}/index.html{query}")
        wait_ready(page, watch)
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        yield page
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_a_first_visit_by_a_bad_link_on_a_small_phone_fits_the_notice_the_tip_and_the_table(browser, site_url):
    """Both banners whole left the table 300 px at 320x640, and your seat's row ran over the pile: beside
    a notice the tip keeps its title and buttons (its rule is one tap away, in the rules)."""
    with greek_phone_table(browser, site_url, 640, '?seed=7&rules={"profile":"greek","players":5}') as page:
        assert "Ελληνική: 2 ή 4 παίκτες" in page.locator("#notice").inner_text()
        assert page.locator("#intro .intro-title").is_visible() and not page.locator("#intro .intro-text").is_visible()
        assert not layout_problems(page, touch=True), layout_problems(page, touch=True)


@pytest.mark.parametrize("query", ["?seed=7", "?seed=7&rules=sums"])
def test_the_whole_greek_tip_leaves_the_two_seat_tables_room_on_a_small_phone(browser, site_url, query):
    """With the whole tip showing at 320x568 in Greek, once the bot both deals and has taken last its tag
    is three rows tall. The pile then ran 10 px into your row (under the take-back button and the play
    log's chip), and at the open table the status column's round and take lines ran over your points:
    the Greek tips were four and five lines to the English three. (Seed 7: the bot deals, and takes or
    builds by the third card played.)"""
    with greek_phone_table(browser, site_url, 568, query) as page:
        assert page.locator("#intro .intro-text").is_visible()
        play_cards(page, 3)
        assert page.locator("#bot-tag.is-dealer.last-take").count() == 1
        assert not layout_problems(page, touch=True), layout_problems(page, touch=True)


@pytest.mark.parametrize(("suffix", "locale"), [("?lang=el", "en-US"), ("", "el-GR")])
def test_the_loading_screen_is_greek_before_the_table_is_ready(browser, site_url, suffix, locale):
    context, page, watch = fresh_page(browser, site_url, locale=locale)
    held = []

    def hold(route):  # the interpreter's standard library waits: the loading screen stays up meanwhile
        held.append(route)

    try:
        page.route("**/python_stdlib.zip", hold)
        page.goto(f"{site_url}/index.html{suffix}", wait_until="domcontentloaded")
        splash = page.evaluate(SPLASH_JS)
        assert splash["ready"] != "true" and splash["lang"] == "el"
        assert splash["title"].startswith("Ξερή")
        assert [word for word, _ in splash["words"]] == [
            "Ξερή", "Το ελληνικό παιχνίδι με την τράπουλα", "Ανακατεύουμε την τράπουλα…",
            "Το πρώτο μοίρασμα θέλει λίγα δευτερόλεπτα· μετά το τραπέζι ανοίγει γρήγορα."]
        assert all(shown == "visible" for _, shown in splash["words"])
        for route in held:
            route.continue_()
        page.unroute("**/python_stdlib.zip")
        page.wait_for_function("() => document.querySelector('#app .brand-name') !== null")
        wait_ready(page, watch)
        assert page.locator(".brand-name").inner_text() == "Ξερή"
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


@pytest.mark.parametrize(("opener", "dialog", "title"), [("#score", "#scoring", "#scoring-title"),
                                                          ("#settings-button", "#settings", "#settings-title")])
def test_a_dialog_opens_at_its_title_on_a_small_phone(browser, site_url, opener, dialog, title):
    """Its first control (often at its foot) has the focus, but the dialog shows from its top: focusing
    Close scrolled the scoring's title out of sight at 320x568. (The settings' speeds fit there too.)"""
    with greek_phone_table(browser, site_url, 568, "?seed=3") as page:
        page.evaluate(f"document.querySelector('{opener}').click()")
        page.wait_for_selector(f"{dialog}[open]")
        state = page.evaluate(f"""() => {{
            const d = document.querySelector('{dialog}'), t = document.querySelector('{title}');
            return {{top: d.scrollTop, title: t.getBoundingClientRect().top >= d.getBoundingClientRect().top,
                     focus: d.contains(document.activeElement)
                            && document.activeElement.hasAttribute('data-autofocus')}}; }}""")
        assert state == {"top": 0, "title": True, "focus": True}, state
        assert not layout_problems(page, touch=True), layout_problems(page, touch=True)
