"""Phones without overlaps, and labels that follow the match (issue 24), clicked as a person would.

- At 320×568, 375×740, 568×320 and 740×360 on a touch screen, and at 1280×800 with a mouse, in
  English and Greek, at the two-, four- and six-seat tables and the open table, with the hint
  showing: no two visible controls, labels or cards overlap unless one is meant to sit on the other
  (every seat's stack points among them: the take-back button and the play log's chip covered yours
  at 320×568 in Greek when you dealt), no control is off screen or cut off, and on the touch screen
  every control is at least 44×44 CSS px (:mod:`tests.browser.overlaps`). On the touch screen
  twice: once where you deal (your name tag at its widest, with the dealer's chip) and once where a
  bot deals. Cost: three page loads per seating (two touch contexts and a desktop one), each
  resized through its viewports and switched between the languages in place.
- A match of three rounds says so in the header, the score's explanation, the round's summary
  and the match's result, never "first to 151".
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from urllib.parse import quote

import pytest

from kseri.engine.rules import rules_from_spec
from kseri.table import share
from kseri.table.session import GameSession

from .conftest import PageWatch, wait_ready, watch_page
from .overlaps import layout_problems
from .rounds import SETTLED_JS, play_cards
from .test_lessons import play, your_moves

pytestmark = pytest.mark.browser

FRAME_JS = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"

PHONES = [(320, 568), (375, 740), (568, 320), (740, 360)]
TOUCH_SEEDS = {1: "you deal", 2: "a bot deals"}
"""Seeds whose first deal is yours, and a bot's, at every seating (checked in CPython by
``test_the_touch_seeds_deal_as_named``)."""
DESKTOP = (1280, 800)
SEATINGS = {
    "two seats": "greek",
    "four seats": {"profile": "greek", "players": 4},
    "six seats": {"profile": "pisti", "players": 6},
    "open table": "sums",
}


def rules_param(spec: object) -> str:
    return spec if isinstance(spec, str) else quote(json.dumps(spec, separators=(",", ":")))


def open_page(pool, browser, site_url: str, suffix: str, *, touch: bool, viewport: tuple[int, int]):
    """A watched page in a context lent by ``pool`` (touch or mouse), the table settled; returns (context, page,
    watch). The caller gives the context back (``pool.give_back``)."""
    context = pool.lend(browser, {"viewport": {"width": viewport[0], "height": viewport[1]}, "has_touch": touch,
                                  "is_mobile": touch, "reduced_motion": "reduce", "service_workers": "block"}, site_url)
    page = context.new_page()
    watch = PageWatch(origin=site_url)
    watch_page(page, watch)
    page.goto(f"{site_url}/index.html{suffix}")
    wait_ready(page, watch)
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    return context, page, watch


@contextmanager
def watched_page(pool, browser, site_url: str, suffix: str, *, touch: bool, viewport: tuple[int, int]):
    """:func:`open_page` for a ``with`` block: yields the page; at the block's end no page error,
    console error or request off the site may have happened, and the context goes back to ``pool``
    (closed if the block failed)."""
    context, page, watch = open_page(pool, browser, site_url, suffix, touch=touch, viewport=viewport)
    done = False
    try:
        yield page
        assert not watch.problems(), watch.problems()
        done = True
    finally:
        watch.detach()
        pool.give_back(context, failed=not done)


def show_hint(page) -> None:
    """The hint on your cards (pressed again, Hint would take it off: not if it shows already)."""
    if page.locator("#hint-button:not([disabled]):not([aria-pressed=true])").count():
        page.click("#hint-button")
        page.wait_for_selector("#hand [data-hint]", timeout=60_000)


def set_language(page, lang: str) -> None:
    """The header's switch (behind "More" on a narrow screen: clicked from the page's script, the same handler)."""
    page.evaluate(f"() => document.querySelector('[data-action=set-language][data-lang={lang}]').click()")
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")


def check_viewports(page, viewports: list[tuple[int, int]], *, touch: bool, label: str) -> list[str]:
    found = []
    for lang in ("en", "el"):
        set_language(page, lang)
        show_hint(page)  # the hint's words are the longest part of the table
        for width, height in viewports:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(FRAME_JS)
            scroll = page.evaluate("() => [document.documentElement.scrollWidth, "
                                   "document.documentElement.scrollHeight]")
            if scroll[0] > width or scroll[1] > height:
                found.append(f"{label}, {lang}, {width}x{height}: the page scrolls ({scroll[0]}x{scroll[1]})")
            found += [f"{label}, {lang}, {width}x{height}: {p}" for p in layout_problems(page, touch=touch)]
    return found


@pytest.mark.parametrize("seating", list(SEATINGS))
def test_nothing_overlaps_and_every_control_is_touch_sized(browser, site_url, context_pool, seating):
    problems: list[str] = []
    for seed, who in TOUCH_SEEDS.items():
        suffix = f"?seed={seed}&level=easy&rules={rules_param(SEATINGS[seating])}"
        with watched_page(context_pool, browser, site_url, suffix, touch=True, viewport=PHONES[1]) as page:
            play_cards(page, 2)  # a capture stack, a line of what was taken, a log to open
            problems += check_viewports(page, PHONES, touch=True, label=f"{seating}, {who}, touch")
            # the play log, opened: its list stays on screen (it is meant to sit over the table)
            page.set_viewport_size({"width": 375, "height": 740})
            page.click("#play-log summary")
            box = page.locator("#play-log .log-list").bounding_box()
            assert box and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= 375, box
            assert page.locator("#play-log .log-list li").count() >= 1
    suffix = f"?seed=2&level=easy&rules={rules_param(SEATINGS[seating])}"
    with watched_page(context_pool, browser, site_url, suffix, touch=False, viewport=DESKTOP) as page:
        problems += check_viewports(page, [DESKTOP], touch=False, label=f"{seating}, mouse")
    assert not problems, "\n".join(problems)


def test_the_touch_seeds_deal_as_named():
    """The layout test's seeds: with seed 1 your seat deals the first round, with seed 2 a bot's does."""
    for spec in SEATINGS.values():
        rules = rules_from_spec(spec)
        dealers = {seed: GameSession.new(rules=rules, seed=seed, level="easy").view().dealer for seed in TOUCH_SEEDS}
        assert dealers[1] == 0 and dealers[2] != 0, (spec, dealers)


def two_rounds_of_three() -> str:
    """A link to a match of three rounds whose second round has just ended (played in CPython)."""
    session = GameSession.new(rules=rules_from_spec({"profile": "greek", "match_rounds": 3}), seed=7, level="easy")
    while len(session.match.scores) < 2:
        if session.phase == "round_over":
            session.next_round()
        elif session.phase == "human":
            session.play_human(session.view().hand[0])
        else:
            session.play_bot()
    return share.encode(session.match)


def test_a_match_of_rounds_says_round_k_of_n_everywhere(open_game, game_page):
    """The link's rules= form (``"rounds": 3``) first, then a match two rounds in, played to its end."""
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game("?seed=7&level=easy&rules=" + rules_param({"profile": "greek", "rounds": 3}))
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    score = " ".join(page.locator("#score").inner_text().split())
    assert "round 1 of 3" in score and "151" not in score, score
    page = open_game(f"?lang=en#{two_rounds_of_three()}")  # (a query: a new document, not a jump in this one)
    page.wait_for_selector("#round-summary[open]", timeout=60_000)
    summary = page.locator("#round-summary-body").inner_text()
    assert "round 2 of 3" in summary.lower() and "151" not in summary, summary
    page.click("#next-round")
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    score = " ".join(page.locator("#score").inner_text().split())
    assert "round 3 of 3" in score and "151" not in score, score
    page.click("#score")
    scoring = page.locator("#scoring-body").inner_text()
    assert "The match is 3 rounds" in scoring and "151" not in scoring, scoring
    page.click("#scoring [data-action=close-scoring]")
    while not page.locator("#match-end[open]").count():  # (a tie in rounds won plays a decider)
        play_cards(page, 60)
        if page.locator("#round-summary[open]").count():
            assert "decider" in page.locator("#round-summary-body").inner_text().lower()
            page.click("#next-round")
            page.wait_for_function(SETTLED_JS, timeout=60_000)
    end = page.locator("#match-end-body").inner_text()
    assert "151" not in end and "rounds won" in end, end


FULL_HAND_TOUCH = [(667, 375), (320, 640)]
FULL_HAND_MOUSE = [(1024, 600), (800, 600), (1280, 600)]


def test_a_full_hand_keeps_off_your_stack_on_short_screens(browser, site_url, context_pool):
    """Six cards in hand with the first visit's tip showing, at heights the phone test above does
    not reach with a full hand: the last card covered your stack and its points at 1024x600, 800x600,
    1280x600 (29x63 px) and 667x375; English and Greek (whose points pill is wider)."""
    problems: list[str] = []
    for touch, viewports in ((True, FULL_HAND_TOUCH), (False, FULL_HAND_MOUSE)):
        with watched_page(context_pool, browser, site_url, "?seed=3&level=easy", touch=touch,
                          viewport=viewports[0]) as page:
            assert page.locator("#hand [data-card]").count() == 6
            assert page.locator("#intro:not([hidden])").count() == 1  # the tip takes its room
            problems += check_viewports(page, viewports, touch=touch, label="full hand" + (", touch" * touch))
    assert not problems, "\n".join(problems)


def test_the_open_table_in_greek_stays_inside_a_320_px_phone(browser, site_url, context_pool):
    """At 320x640 with the tip showing, the open table's status column is some 80 px: its Greek words
    ("(αθροίσματα)", "υπολογιστής") pushed the page to 350 px once the first play's line showed."""
    with watched_page(context_pool, browser, site_url, "?seed=7&level=easy&rules=sums&lang=el", touch=True,
                      viewport=(320, 640)) as page:
        play_cards(page, 2)
        page.evaluate(FRAME_JS)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 320, f"the page is {width} px wide"
        problems = layout_problems(page, touch=True)
        assert not problems, "\n".join(problems)


LAY_DOWN_JS = """() => { const ways = [...document.querySelectorAll('#ways:not([hidden]) [data-move]')];
  const loose = ways.find(b => !b.dataset.move.includes(':') && !b.dataset.move.includes('>'));
  (loose || ways[0]).click(); }"""
"""At the open table, the choice of ways open: lay the card down loose (else its first way)."""


def test_a_full_open_table_stays_inside_a_small_phone_on_its_side(browser, site_url, context_pool):
    """At 667x375 with nine cards on the open table, the cards at their smallest (30 px) still asked for one
    row: the page grew 111 px wider than the screen and the status column went off its edge. They go on in
    a second row now."""
    with watched_page(context_pool, browser, site_url, "?seed=8&level=easy&rules=sums&lang=el", touch=True,
                      viewport=(667, 375)) as page:
        for _ in range(12):
            page.wait_for_function(SETTLED_JS, timeout=60_000)
            if page.locator("#table > *").count() >= 9 or page.locator("dialog[open]").count():
                break
            card = page.locator("#hand [data-card]:enabled").last
            code = card.get_attribute("data-card")
            card.tap()
            if page.locator("#ways:not([hidden]) [data-move]").count():
                page.evaluate(LAY_DOWN_JS)
            page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{code}\"]') || "
                                   "!!document.querySelector('dialog[open]')")
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        assert page.locator("#table > *").count() >= 9
        page.evaluate(FRAME_JS)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 667, f"the page is {width} px wide"
        problems = layout_problems(page, touch=True)
        assert not problems, "\n".join(problems)


@pytest.mark.parametrize("viewport, lang", [((844, 390), "el"), ((667, 375), "en")])
def test_the_choice_of_ways_leaves_the_hand_clear_on_a_phone_on_its_side(browser, site_url, context_pool,
                                                                         viewport, lang):
    """With the hint on, A♦ offers three ways at seed 7. Under the open table the choice covered the top of
    your hand and the hint's badges on it (by 16 px at 844x390; three testers met it): on a landscape phone
    it stands in the bot's column now, clear of the hand and of the table's cards."""
    with watched_page(context_pool, browser, site_url, f"?seed=7&level=easy&rules=sums&lang={lang}", touch=True,
                      viewport=viewport) as page:
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        page.locator("#hint-button").tap()
        page.wait_for_selector("#hand [data-hint]")
        page.locator('#hand [data-card="AD"]').tap()
        page.wait_for_selector("#ways:not([hidden]) [data-move]")
        assert page.locator("#ways [data-move]").count() >= 3
        boxes = page.evaluate("""() => {
          const box = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
          return {ways: box(document.querySelector('#ways')),
                  others: [...document.querySelectorAll('#hand [data-card], #hand .hint-badge, #table .card')]
                    .map(box)}; }""")
        left, top, right, bottom = boxes["ways"]
        crossed = [b for b in boxes["others"] if b[0] < right and left < b[2] and b[1] < bottom and top < b[3]]
        assert not crossed, f"the choice at {boxes['ways']} covers {crossed}"
        assert bottom <= viewport[1]
        problems = layout_problems(page, touch=True)
        assert not problems, "\n".join(problems)
        page.locator("#ways [data-move]").first.tap()  # its ways still play
        page.wait_for_function("() => !document.querySelector('#hand [data-card=\"AD\"]')")
        assert page.locator("#ways").is_hidden()


@pytest.mark.parametrize("viewport, lang", [((375, 667), "el"), ((320, 568), "en"), ((667, 375), "el")])
def test_a_lessons_end_fits_a_small_phone(browser, site_url, context_pool, viewport, lang):
    """The panel at the hand's end, with its three ways on, left the table 90 px at 320x568 (its seats ran
    into each other), at 375x667 in Greek the line of the last take ran into your points, and at 667x375
    the bot's points ran under your tag: the ways share rows now, the match first, and on the smallest
    phones the emptied table steps aside for the panel."""
    with watched_page(context_pool, browser, site_url, f"?learn=sums&lang={lang}", touch=True,
                      viewport=viewport) as page:
        for move in your_moves("sums"):
            play(page, move)
        page.wait_for_selector("#lesson [data-action=lesson-again]")
        page.wait_for_function("() => document.body.dataset.busy === 'false'")
        problems = layout_problems(page, touch=True)
        assert not problems, "\n".join(problems)
        match = page.locator("#lesson [data-action=leave-lesson]").bounding_box()
        assert match is not None and match["y"] + match["height"] <= viewport[1]


def test_the_friends_dialog_fits_a_320_px_phone_in_greek(browser, site_url, context_pool):
    """Its sections were one column sized by their fields' own widths: at 320x640 in Greek the name, the
    table and the match ran 25 px past the sheet's edge (the sheet scrolled sideways)."""
    with watched_page(context_pool, browser, site_url, "?lang=el&rules=pisti&seed=3", touch=True,
                      viewport=(320, 640)) as page:
        page.evaluate("() => document.querySelector('[data-action=duel-open]').click()")
        page.wait_for_selector("#duel [name=duel-table]")
        sheet = page.evaluate("() => { const d = document.querySelector('#duel'); "
                              "return [d.scrollWidth, d.clientWidth]; }")
        assert sheet[0] <= sheet[1] + 2, f"the sheet's content is {sheet[0]} px wide in {sheet[1]}"
        problems = layout_problems(page, touch=True)
        assert not problems, "\n".join(problems)


WIDE_SEATINGS = ["four seats", "six seats"]
LAPTOPS = [(1024, 600), (1100, 700), (1366, 768), (1440, 900)]


@pytest.mark.parametrize("seating", WIDE_SEATINGS)
def test_the_header_and_a_full_hand_fit_laptops_with_many_seats(browser, site_url, context_pool, seating):
    """Laptop sizes around the desktop test's 1280x800, with the partnerships' long score: the labelled
    header buttons ran over it by 88 px at 1366x768 (six seats) and the icons by 42 px at 1024x600; the
    "Side:" points under your stack, on one line, met the hand's last card at 1440x900 in Greek."""
    suffix = f"?seed=3&level=easy&rules={rules_param(SEATINGS[seating])}"
    with watched_page(context_pool, browser, site_url, suffix, touch=False, viewport=LAPTOPS[0]) as page:
        problems = check_viewports(page, LAPTOPS, touch=False, label=f"{seating}, laptop")
    assert not problems, "\n".join(problems)


SHEET_MISFITS_JS = """d => {
    const shown = e => e.getClientRects().length > 0;
    const edge = d.getBoundingClientRect().right;
    const wide = [...d.querySelectorAll('*')].filter(e => shown(e) && e.getBoundingClientRect().right > edge + 1)
        .map(e => `${e.tagName}.${e.className}: ${Math.round(e.getBoundingClientRect().right)} px past ${edge}`);
    if (d.scrollWidth > d.clientWidth) wide.push(`the sheet scrolls: ${d.scrollWidth} px in ${d.clientWidth}`);
    const small = [...d.querySelectorAll('button, select')].filter(shown)
        .map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.height < 44 || r.width < 44)
        .map(([e, r]) => `${e.outerHTML.slice(0, 80)}: ${Math.round(r.width)}x${Math.round(r.height)}`);
    return [...wide, ...small];
}"""


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_rules_and_the_new_game_screen_fit_a_320_px_phone(browser, site_url, context_pool, lang):
    """The Rules' "New match with these rules" (in Greek one line of 330 px) and the new-game screen's "Play a
    friend on another device…" ran out of their sheets, which scrolled sideways; the Rules' choice of table was
    34 px tall on a touch screen."""
    with watched_page(context_pool, browser, site_url, f"?seed=7&level=easy&lang={lang}", touch=True,
                      viewport=(320, 568)) as page:
        for button, dialog in (("#rules-button", "#rules"), ("#new-match", "#new-game")):
            page.evaluate(f"() => document.querySelector('{button}').click()")  # (behind More at 320 px)
            page.wait_for_selector(f"{dialog}[open]")
            page.evaluate(f"() => document.querySelectorAll('{dialog} details').forEach(d => d.open = true)")
            page.evaluate(FRAME_JS)
            misfits = page.eval_on_selector(dialog, SHEET_MISFITS_JS)
            assert not misfits, (dialog, misfits)
            page.keyboard.press("Escape")
            page.wait_for_selector(f"{dialog}:not([open])", state="attached")
