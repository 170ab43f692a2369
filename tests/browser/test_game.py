"""The game page, played in Chromium: a whole match, keyboard play, saved games, URL records,
hints, pacing and the main thread's responsiveness.

Every test runs on ``game_page``: a page error, a console error or a request off the site's
origin fails it. Most tests ask for reduced motion, which the page honours by animating
nothing, so they run at the speed of the bot.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest

from kseri.engine.record import dumps
from kseri.table import share
from kseri.table.session import GameSession

from .conftest import reload_page
from .rounds import SETTLED_JS

pytestmark = pytest.mark.browser

SHORT_MATCH_SEED = 17
"""With the easy bot and the first-card policy this match lasts 3 rounds (see kseri.table.session)."""

STATE_JS = """() => {
  const q = s => document.querySelector(s);
  const hand = [...document.querySelectorAll('#hand [data-card]')];
  const top = q('#pile [data-card]');
  return {
    phase: document.body.dataset.phase, busy: document.body.dataset.busy,
    hand: hand.map(b => b.dataset.card), enabled: hand.filter(b => !b.disabled).length,
    pileCount: +q('#pile').dataset.count, top: top ? top.dataset.card : null,
    score: [+q('#score').dataset.seat0, +q('#score').dataset.seat1],
    botCards: +q('#bot-hand').dataset.count, stock: +q('#stock').dataset.count,
    taken: [+q('#you-stack').dataset.count, +q('#bot-stack').dataset.count],
    dialogs: [...document.querySelectorAll('dialog[open]')].map(d => d.id),
    notice: q('#notice').hidden ? '' : q('#notice').textContent,
  };
}"""


def state(page) -> dict:
    return page.evaluate(STATE_JS)


def open_in_fresh_context(page, page_watch, link: str, read: Callable[[Any], dict]) -> dict:
    """Open ``link`` as someone else would (a browser context of its own, watched), wait until the
    table has settled, and return ``read`` of it."""
    context = page.context.browser.new_context(reduced_motion="reduce")
    try:
        other = context.new_page()
        page_watch.attach(other)
        other.goto(link)
        page_watch.wait_ready(other)
        other.wait_for_function(SETTLED_JS)
        return read(other)
    finally:
        context.close()


def settle(page, timeout: float = 60_000) -> dict:
    """Wait until it is your turn or a dialog asks for you."""
    page.wait_for_function(SETTLED_JS, timeout=timeout)
    return state(page)


def open_table(open_game, game_page, suffix: str = "", *, reduced: bool = True):
    game_page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    page = open_game(suffix)
    settle(page)
    return page


def expected_view(session: GameSession) -> dict:
    view = session.view()
    return {"hand": list(view.hand), "pileCount": len(view.pile), "top": view.pile[-1] if view.pile else None,
            "score": list(view.totals), "botCards": view.bot.hand_count, "stock": view.stock,
            "taken": [view.human.captured, view.bot.captured]}


def open_settings(page) -> None:
    """Settings from the header, or from behind "More" on a narrow screen (as a person finds them)."""
    if page.locator("#settings-button").is_visible():
        page.click("#settings-button")
    else:
        page.click("#more-button")
        page.click("#more-menu [data-action=settings]")


def table_part(s: dict) -> dict:
    return {k: s[k] for k in ("hand", "pileCount", "top", "score", "botCards", "stock", "taken")}


def click_first_card(page) -> None:
    page.click("#hand [data-card]:not([disabled])")


# --------------------------------------------------------------------------- a whole match


@pytest.mark.first_visit
def test_a_whole_match_by_clicking(open_game, game_page):
    page = open_table(open_game, game_page, f"?seed={SHORT_MATCH_SEED}&level=easy")
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "fresh"
    clicks = rounds = 0
    totals = [0, 0]
    while True:
        s = settle(page)
        if "match-end" in s["dialogs"]:
            break
        if "round-summary" in s["dialogs"]:
            rounds += 1
            summary = page.locator("#round-summary")
            for label in ("Aces", "Kings", "Queens", "Jacks", "Tens", "10♦ bonus", "2♣", "Most cards", "Kseris",
                          "Round total"):
                assert summary.locator("th", has_text=label).count() == 1, label
            you, bot = (int(x) for x in summary.locator("tr.row-total td").all_inner_texts())
            totals = [totals[0] + you, totals[1] + bot]
            assert s["score"] == totals
            assert s["hand"] == [] and s["stock"] == 0 and sum(s["taken"]) == 52
            page.click("#next-round")
            continue
        assert s["enabled"] == len(s["hand"]) > 0 and s["phase"] == "human"
        assert s["pileCount"] == 0 or s["top"] is not None
        click_first_card(page)
        clicks += 1
    s = state(page)
    assert rounds >= 2 and clicks >= 24 * (rounds + 1) - 1
    ending = page.locator("#match-end")
    assert ending.is_visible()
    winner_text = ending.locator("h2").inner_text()
    assert winner_text in ("You win!", "The bot wins")
    assert max(s["score"]) >= 151
    assert (s["score"][0] > s["score"][1]) == (winner_text == "You win!")
    assert "Round by round" in ending.inner_text()
    # New match from the end screen.
    page.click("#match-new")
    s = settle(page)
    assert s["score"] == [0, 0] and s["dialogs"] == []


# --------------------------------------------------------------------------- keyboard


def test_a_round_by_keyboard_alone(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=23&level=easy")
    turn = 0
    while True:
        s = settle(page)
        if s["dialogs"]:
            assert s["dialogs"] == ["round-summary"]
            assert page.evaluate("document.activeElement.id") == "next-round"
            page.keyboard.press("Enter")
            break
        n = len(s["hand"])
        if turn % 2 == 0:
            page.keyboard.press(str(n))  # the last card by its number key
            played = s["hand"][n - 1]
        else:
            page.keyboard.press("Home")
            page.keyboard.press("ArrowRight")
            focused = page.evaluate("() => [document.activeElement.dataset.card, "
                                    "document.activeElement.matches(':focus-visible')]")
            assert focused == [s["hand"][1 % n], True]
            page.keyboard.press("Enter")
            played = s["hand"][1 % n]
        page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{played}\"]') || "
                               f"document.querySelector('dialog[open]')")
        turn += 1
        s = settle(page)
        if not s["dialogs"]:
            # The keyboard keeps its place in the hand across the bot's turn.
            assert page.evaluate("() => document.activeElement.matches('#hand [data-card]')")
    s = settle(page)
    assert turn == 24
    assert s["dialogs"] == [] and "Round 2" in page.locator("#status").inner_text()


def test_a_turn_coming_back_leaves_the_keyboard_where_you_took_it(open_game, game_page):
    """While the bot plays, the hand holds the focus your played card had (not the page's body); if you
    take the keyboard to another control meanwhile, your turn coming back leaves it there, so Enter does
    what that control does and plays no card."""
    page = open_table(open_game, game_page, "?seed=23&level=easy")
    s = settle(page)
    page.evaluate("""() => { window.heldByHand = false;
      document.addEventListener('focusin', e => {  // your card gone, the hand holds the focus: go to Rules
        if (e.target.id === 'hand' && !window.heldByHand) {
          window.heldByHand = true; document.getElementById('rules-button').focus(); } }); }""")
    page.keyboard.press("1")
    page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{s['hand'][0]}\"]')")
    s = settle(page)
    assert page.evaluate("() => [window.heldByHand, document.activeElement.id]") == [True, "rules-button"]
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog#rules[open]")
    assert settle(page)["hand"] == s["hand"]  # Enter opened the rules, and played nothing


def test_the_play_log_opens_and_closes_from_the_keyboard(open_game, game_page):
    """Opened with Enter, the log keeps the focus on its summary (its list is drawn in place, not anew);
    Escape closes it there."""
    page = open_table(open_game, game_page, "?seed=23&level=easy")
    settle(page)
    click_first_card(page)  # the log shows once a card is played
    settle(page)
    page.focus("#play-log summary")
    page.keyboard.press("Enter")
    page.wait_for_selector("#play-log details[open] .log-list li")
    assert page.evaluate("() => document.activeElement.matches('#play-log summary')")
    page.keyboard.press("Escape")
    page.wait_for_selector("#play-log details:not([open])")
    assert page.evaluate("() => document.activeElement.matches('#play-log summary')")
    assert not page.locator("dialog[open]").count()


def test_the_arrows_ring_the_card_they_reach_after_a_click(open_game, game_page):
    """WebKit rings a card focused by script only after a key went to the page, not after a click (its
    :focus-visible follows the last pointer): the page marks the arrows' turn on the body and rings the
    focused card by that mark; the next pointer press takes it away."""
    page = open_table(open_game, game_page, "?seed=23&level=easy")
    settle(page)
    page.click("#hint-button")
    settle(page)
    page.locator("#hand [data-card]").first.focus()
    page.keyboard.press("ArrowRight")
    ring = page.evaluate("""() => [document.body.dataset.arrows, document.activeElement.closest('#hand') !== null,
        getComputedStyle(document.activeElement).outlineStyle]""")
    assert ring == ["true", True, "solid"], ring
    page.mouse.click(5, 400)
    assert page.evaluate("() => document.body.dataset.arrows") is None


# --------------------------------------------------------------------------- saved games


def test_resume_after_reload(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=7&level=medium")
    for _ in range(5):
        click_first_card(page)
        settle(page)
    before = state(page)
    assert "seed=" not in page.url  # consumed, so a reload resumes instead of restarting
    reload_page(page)
    page.wait_for_selector("body[data-ready=true]")
    after = settle(page)
    assert table_part(after) == table_part(before)
    assert page.locator("#level").input_value() == "medium"
    click_first_card(page)
    assert len(settle(page)["hand"]) in (len(before["hand"]) - 1, 6)


@pytest.mark.parametrize("saved", [
    "{not json",
    '{"format": "chess-save/3", "moves": []}',
    '{"format": "kseri-save/1", "seed": 4, "level": "easy", "record": {"format": "kseri-record/1", '
    '"rules": "greek", "first_dealer": 0, "rounds": [{"deck": ["AS"], "plays": []}]}}',
], ids=["not-json", "foreign", "broken-record"])
def test_a_corrupt_saved_game_is_set_aside(open_game, game_page, saved):
    page = open_table(open_game, game_page)
    page.evaluate("text => localStorage.setItem('kseri.save', text)", saved)
    reload_page(page)
    page.wait_for_selector("body[data-ready=true]")
    s = settle(page)
    assert "could not be resumed" in s["notice"] and "set aside" in s["notice"]
    assert page.evaluate("localStorage.getItem('kseri.save.set-aside')") == saved
    fresh = json.loads(page.evaluate("localStorage.getItem('kseri.save')"))
    assert fresh["format"] == "kseri-save/1"
    assert len(s["hand"]) == 6 or s["phase"] == "bot"
    page.click("#notice .notice-close")
    assert not page.locator("#notice").is_visible()


# --------------------------------------------------------------------------- records in the URL


def _position(plays: int = 9) -> GameSession:
    session = GameSession.new(seed=21, level="easy")
    while plays:
        session.play_human(session.view().hand[0]) if session.phase == "human" else session.play_bot()
        plays -= 1
    while session.phase == "bot":  # open it on your turn
        session.play_bot()
    return session


@pytest.mark.parametrize("form", ["query-json", "share-fragment"])
def test_a_record_in_the_url_opens_that_position(open_game, game_page, form):
    session = _position()
    suffix = f"?record={quote(dumps(session.match))}" if form == "query-json" else "#" + share.encode(session.match)
    page = open_table(open_game, game_page, suffix)
    s = state(page)
    assert table_part(s) == expected_view(session)
    assert s["notice"] == "" and s["phase"] == "human"
    assert "record=" not in page.url and "#" not in page.url


@pytest.mark.parametrize("suffix", [
    "?record=this-is-not-a-record",
    "#r=1AAAA",
    "?record=" + quote('{"format": "kseri-record/1", "rules": "greek", "first_dealer": 0, '
                       '"rounds": [{"deck": ["AS"], "plays": []}]}'),
], ids=["garbage", "damaged-share-link", "illegal-record"])
def test_a_bad_record_in_the_url_shows_a_notice_and_a_normal_game(open_game, game_page, suffix):
    page = open_table(open_game, game_page, suffix)
    s = state(page)
    assert s["notice"].startswith("Could not open the game record in the link")
    assert "A new game was started instead." in s["notice"]
    assert s["score"] == [0, 0] and (len(s["hand"]) == 6 or s["phase"] == "bot")


# --------------------------------------------------------------------------- hint, live region, controls


def test_the_hint_shows_a_value_for_every_card(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=19&level=easy")
    s = state(page)
    page.click("#hint-button")
    page.wait_for_function("() => [...document.querySelectorAll('#hand [data-card]')].every(b => b.dataset.hint)")
    hints = page.eval_on_selector_all("#hand [data-card]", "bs => bs.map(b => b.dataset.hint)")
    values = [float(h.replace("−", "-")) for h in hints]
    assert len(values) == len(s["hand"])
    best = page.eval_on_selector_all("#hand [data-card].is-best", "bs => bs.map(b => b.dataset.hint)")
    assert best and max(values) in [float(b.replace("−", "-")) for b in best]
    assert page.locator("#hand .hint-badge").count() == len(values)
    badges = page.eval_on_selector_all("#hand [data-card] .hint-badge", "bs => bs.map(b => b.textContent)")
    for badge, value in zip(badges, values, strict=True):
        # The best is starred (and any card within the estimate's uncertainty of it: as good as the best);
        # the rest cost their distance from the best.
        if value == max(values):
            assert badge == "★"
        elif badge != "★":
            assert abs(float(badge.replace("−", "-")) + (max(values) - value)) <= 0.11
    # the cards marked as taking the pile are exactly those of the top card's rank, and jacks
    top = s["top"][:-1] if s["top"] else None
    takes = page.eval_on_selector_all("#hand [data-card]:has(.takes-mark)", "bs => bs.map(b => b.dataset.card)")
    assert takes == [c for c in s["hand"] if top and (c[:-1] == top or c[:-1] == "J")]
    note = page.locator("#status .hint-line.best")
    assert note.is_visible() and note.inner_text().startswith("Best: ")
    assert page.locator("#announce > :last-child").inner_text().startswith("Hint: the ")
    assert page.get_attribute("#hint-button", "aria-pressed") == "true"
    page.keyboard.press("h")  # pressed again, the hint comes off your cards; Escape does the same
    page.wait_for_function("() => !document.querySelector('#hand [data-hint]')")
    assert page.get_attribute("#hint-button", "aria-pressed") == "false"
    assert page.locator("#status .hint-line").count() == 0
    assert page.locator("#announce > :last-child").inner_text() == "Hint hidden."
    page.click("#hint-button")  # kept: it shows again at once
    page.wait_for_function("() => [...document.querySelectorAll('#hand [data-card]')].every(b => b.dataset.hint)")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#hand [data-hint]')")
    assert not page.locator("dialog[open]").count()
    page.keyboard.press("h")
    page.wait_for_function("() => [...document.querySelectorAll('#hand [data-card]')].every(b => b.dataset.hint)")
    click_first_card(page)
    settle(page)
    assert page.locator("#hand [data-hint]").count() == 0  # a hint is for one position only
    page.click("#hint-button")  # worked out ahead while you looked at your cards, or now
    page.wait_for_function("() => [...document.querySelectorAll('#hand [data-card]')].every(b => b.dataset.hint)")


def test_escape_closes_the_more_menu_before_it_hides_the_hint(open_game, game_page):
    """The menu over the table is the nearest thing open: Escape is its own (the hint stays), then the
    next Escape takes the hint off."""
    game_page.set_viewport_size({"width": 390, "height": 844})
    page = open_table(open_game, game_page, "?seed=19&level=easy")
    page.click("#hint-button")
    page.wait_for_selector("#hand [data-hint]")
    page.click("#more-button")
    page.wait_for_function("() => document.getElementById('more-menu').matches(':popover-open')")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.getElementById('more-menu').matches(':popover-open')")
    assert page.locator("#hand [data-hint]").count() > 0
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#hand [data-hint]')")


def test_a_play_locks_the_hand_and_the_bot_is_announced(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=3&level=easy")
    # Within the click's own task every card is disabled: a double click cannot play twice.
    locked = page.evaluate("""() => {
      document.querySelector('#hand [data-card]:not([disabled])').click();
      return [...document.querySelectorAll('#hand [data-card]')].every(b => b.disabled);
    }""")
    assert locked
    settle(page)
    assert page.locator("#announce > :last-child").inner_text().startswith("Bot plays the ")
    assert page.locator("#hand [data-card]").first.get_attribute("aria-label").count(" of ") == 1


def test_new_match_and_difficulty(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=5&level=easy")
    assert page.locator("#level option").all_inner_texts() == ["Easy", "Medium", "Hard", "Expert"]
    page.select_option("#level", "hard")
    assert json.loads(page.evaluate("localStorage.getItem('kseri.save')"))["level"] == "hard"
    assert "Hard" in page.locator("#bot-tag").inner_text()
    click_first_card(page)
    settle(page)
    page.click("#new-match")
    assert page.locator("#new-game").is_visible()
    assert page.locator(".new-game-warning").is_visible()  # a match under way is given up only on Start
    assert page.locator('#new-game input[name="level"][value="hard"]').is_checked()
    page.click("#new-game-cancel")
    assert state(page)["dialogs"] == []
    page.click("#new-match")
    page.click("#new-game-start")
    s = settle(page)
    # A fresh deal (the bot may already have led, and even taken the opening pile).
    assert s["score"] == [0, 0] and s["stock"] == 36 and len(s["hand"]) == 6
    assert "Round 1\u00a0· Packet 1 of 4" in page.locator("#status").inner_text()
    reload_page(page)
    page.wait_for_selector("body[data-ready=true]")
    assert page.locator("#level").input_value() == "hard"
    assert table_part(settle(page)) == table_part(s)


def test_rules_page(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=1")  # (a first visit with no link opens the new-game screen)
    page.click("#rules-button")
    rules = page.locator("#rules")
    assert rules.is_visible()
    text = rules.inner_text()
    for words in ("kseri", "151", "251", "very last card", "last player who captured", "cannot look back"):
        assert words in text
    page.keyboard.press("Escape")
    assert not rules.is_visible()


@pytest.mark.parametrize("width", [375, 320])
def test_phone_layout(open_game, game_page, width):
    game_page.set_viewport_size({"width": width, "height": 740})
    page = open_table(open_game, game_page, "?seed=2&level=medium")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    boxes = page.eval_on_selector_all("#hand [data-card]", "bs => bs.map(b => b.getBoundingClientRect().toJSON())")
    assert boxes
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= width
        assert box["width"] >= 44 and box["height"] >= 44  # touch-sized
    for selector in ("#score", "#pile", "#hint-button", "#level", "#new-match", "#rules-button"):
        assert page.locator(selector).is_visible(), selector
    # The header's parts do not overlap, and the level's name is not cut off.
    brand = page.locator(".brand").bounding_box()
    controls = page.locator(".controls").bounding_box()
    assert brand["x"] + brand["width"] <= controls["x"] + 0.5
    assert page.evaluate("() => { const s = document.querySelector('#level'); return s.scrollWidth <= s.clientWidth; }")
    assert page.evaluate("() => { const s = document.querySelector('#level');"
                         " const c = document.createElement('canvas').getContext('2d');"
                         " const st = getComputedStyle(s); c.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;"
                         " return c.measureText(s.selectedOptions[0].text).width + parseFloat(st.paddingLeft)"
                         " + parseFloat(st.paddingRight) <= s.clientWidth + 1; }"), "the bot level's name is cut off"


# --------------------------------------------------------------------------- pace and responsiveness


COUNT_ANIMATIONS_JS = """() => {
  if (window.__animations !== undefined) return;
  window.__animations = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.__animations += 1; return animate.apply(this, args); };
}"""


def _turns(page, plays: int, skip: bool = False) -> list[tuple[float, int]]:
    """Play ``plays`` turns (your first card, then the bots until your next turn): for each, the
    seconds it took and how many Web Animations the page started meanwhile."""
    page.evaluate(COUNT_ANIMATIONS_JS)
    turns = []
    for _ in range(plays):
        s = settle(page)
        if s["dialogs"]:
            break
        start, animations = time.monotonic(), page.evaluate("window.__animations")
        click_first_card(page)
        if skip:
            for _ in range(6):
                page.keyboard.press("Space")
                page.wait_for_timeout(40)
        settle(page)
        turns.append((time.monotonic() - start, page.evaluate("window.__animations") - animations))
    return turns


def _turn_seconds(page, plays: int, skip: bool = False) -> list[float]:
    return [seconds for seconds, _ in _turns(page, plays, skip)]


def test_bot_moves_are_paced_skippable_and_instant_with_reduced_motion(open_game, game_page):
    """Counted, not timed, where a busy machine could only make things slower: the animations a
    turn starts (the page's every motion is a Web Animation, ``kseri.web.pacer``)."""
    page = open_table(open_game, game_page, "?seed=29&level=easy", reduced=False)
    paced = _turns(page, 3)
    skipped = _turns(page, 3, skip=True)
    game_page.emulate_media(reduced_motion="reduce")
    instant = _turns(page, 4)
    print(f"\nturns (seconds, animations): paced {paced}, skipped {skipped}, reduced motion {instant}")
    # Your card's flight + the bot's minimum think + its flight: over a second when animated.
    assert min(seconds for seconds, _ in paced) > 1.2, paced
    assert all(count >= 2 for _, count in paced), paced  # your card's flight and the bot's
    # A key finishes your card's flight and the rest of the turn starts no animation.
    assert all(count <= 1 for _, count in skipped), skipped
    assert len(instant) == 4 and all(count == 0 for _, count in instant), instant


def test_the_hard_bot_plays_and_hints_in_the_page(open_game, game_page):
    """Hard thinks in slices and the hint values every card. How long the main thread's tasks
    get meanwhile is measured in ``benchmarks/long_tasks.py`` (not here: a busy machine
    lengthens them); the work of one slice is bounded in ``tests/bots/test_bounds.py``."""
    page = open_table(open_game, game_page, "?seed=5&level=hard", reduced=False)
    turns = _turn_seconds(page, 4, skip=True)
    page.click("#hint-button")  # the hint runs the hard search too, for every card
    page.wait_for_function("() => [...document.querySelectorAll('#hand [data-card]')].every(b => b.dataset.hint)")
    assert page.locator("#hand [data-card].is-best").count() >= 1
    turns += _turn_seconds(page, 4, skip=True)
    assert len(turns) == 8


# --------------------------------------------------------------------------- sharing


def test_share_button_link_round_trip(open_game, game_page, page_watch):
    """Play a few cards, take the link from the Share dialog and open it in a new browser
    context (no saved game there): the same table. A tampered link gives a notice."""
    page = open_table(open_game, game_page, "?seed=23&level=easy")
    for _ in range(3):
        click_first_card(page)
        settle(page)
    before = table_part(state(page))
    page.click("#copy-link")
    page.wait_for_selector("#share[open]")
    url = page.input_value("#share-url")
    assert "#r=1" in url and url.startswith(page.url.split("#")[0].split("?")[0])
    page.wait_for_function("() => document.querySelector('#share-status').textContent.length > 0")
    page.click("[data-action=close-share]")
    assert page.eval_on_selector("#share", "d => d.open") is False

    def open_elsewhere(link: str) -> dict:
        return open_in_fresh_context(page, page_watch, link, state)

    assert table_part(open_elsewhere(url)) == before
    cut = url[: len(url) - 8]
    s = open_elsewhere(cut)
    assert s["notice"].startswith("Could not open the game record in the link")
    assert s["score"] == [0, 0]


# --------------------------------------------------------------------------- other tables


def _pick_table(page, variant: str, *, was: str, confirm: str) -> None:
    """From the rules page, ask for a new match at ``variant`` and answer the
    confirmation with ``confirm`` (``yes``/``no``); ``was`` is the picker's start."""
    page.click("#rules-button")
    assert page.locator("#variant").input_value() == was
    page.select_option("#variant", variant)
    page.click("[data-action=start-variant]")
    page.locator("#confirm-new[open]").wait_for()
    page.click(f"#confirm-new-{confirm}")


def target(page) -> str:
    return page.locator("#score").get_attribute("data-target")


def test_rules_page_starts_a_match_at_another_table(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=4&level=easy")
    click_first_card(page)  # a match under way: starting another one asks first
    settle(page)
    _pick_table(page, "pisti", was="greek", confirm="yes")
    s = settle(page)
    assert target(page) == "101"
    assert len(s["hand"]) in (3, 4) and s["score"] == [0, 0]  # 4-card packets (3 if the bot led)
    saved = json.loads(page.evaluate("() => localStorage.getItem('kseri.save')"))
    assert "pisti" in json.dumps(saved)
    reload_page(page)
    s = settle(page)
    assert target(page) == "101" and len(s["hand"]) in (3, 4)
    click_first_card(page)  # (the new match's deal is random: make sure it is under way)
    settle(page)
    # Cancelling leaves the match alone, and a later new match keeps the table being played.
    _pick_table(page, "greek", was="pisti", confirm="no")
    assert target(page) == "101"
    page.click("#new-match")
    page.locator("#new-game[open]").wait_for()
    assert page.locator('#new-game input[name="table"][value="pisti"]').is_checked()
    page.click("#new-game-start")
    s = settle(page)
    assert target(page) == "101" and s["score"] == [0, 0]


def test_the_rules_say_which_game_is_played_and_lead_to_its_table(open_game, game_page):
    """The rules' text tells the Greek table for two: at Pişti for four with a house rule, a note over it
    names the game and the house rule, and leads to Pişti's entry, marked (by the ? key, the score's link
    and the note's button alike); at the Greek table for two there is no note."""
    spec = quote(json.dumps({"profile": "pisti", "players": 4, "jack_kseri_points": 25}, separators=(",", ":")))
    page = open_table(open_game, game_page, f"?seed=4&level=easy&rules={spec}")
    page.keyboard.press("?")
    page.locator("#rules[open]").wait_for()
    note = page.locator("#rules-note")
    assert note.is_visible()
    assert note.locator("p").all_inner_texts() == [
        "This match: Pişti, 4 players in partnerships. The rules below tell the Greek table first, then how the "
        "others differ.",
        "Partners sit opposite each other and play as one side: their cards, piştis and points count together.",
        "The seat after the dealer leads, and the deal moves on one seat each round.",
        "Each player gets 4 cards a packet; 3 packets use up the pack.", "House rules: Jack pişti 25"]
    assert page.locator("#variant").input_value() == "pisti"
    assert page.locator("#rules-tables .variants > .current").all_inner_texts()[0] == "Pişti"
    assert page.locator("#rules-tables .variants > .current").count() == 2  # its name and its one line
    note.locator("[data-action=rules-table]").click()
    assert page.evaluate("() => document.activeElement.id") == "rules-table-pisti"
    top = page.evaluate("() => document.getElementById('rules-table-pisti').getBoundingClientRect().top")
    sheet = page.evaluate("() => document.getElementById('rules').getBoundingClientRect()")
    assert sheet["top"] <= top < sheet["top"] + sheet["height"] / 2  # scrolled to, near the sheet's top
    page.keyboard.press("Escape")
    page.locator("#rules").wait_for(state="hidden")
    # The score's "All the rules" at this table opens Pişti's entry, not the Greek table's scoring.
    page.click("#score")
    page.locator("#scoring[open]").wait_for()
    page.click('#scoring [data-action="rules-scoring"]')
    page.locator("#rules[open]").wait_for()
    assert page.evaluate("() => document.activeElement.id") == "rules-table-pisti"
    page.keyboard.press("Escape")
    page.locator("#rules").wait_for(state="hidden")
    # The Greek table for two, no house rules (started from the rules' picker): the text is the game's
    # own, no note, nothing marked.
    page.click("#rules-button")
    page.select_option("#variant", "greek")
    page.click("[data-action=start-variant]")
    page.locator("#rules").wait_for(state="hidden")
    if page.locator("#confirm-new[open]").count():
        page.click("#confirm-new-yes")
    settle(page)
    assert target(page) == "151"
    page.click("#rules-button")
    page.locator("#rules[open]").wait_for()
    assert not page.locator("#rules-note").is_visible()
    assert page.locator("#rules-tables .variants > .current").count() == 0


def test_the_new_game_screen_sets_table_bot_target_and_house_rules(open_game, game_page):
    """Chosen by clicking as a player would: Pişti, the hard bot, 51 points, two house rules; a wrong
    target is refused in one line and nothing is lost; the choice is in the save and on the table."""
    page = open_table(open_game, game_page, "?seed=8&level=easy")
    page.click("#new-match")
    page.locator("#new-game[open]").wait_for()
    assert page.locator(".new-game-warning").count() == 0  # nothing played yet: nothing to give up
    assert page.locator('#new-game input[name="target"]').input_value() == "151"
    jack_rule = page.locator('#new-game label.choice:has(input[name="jack_kseri_25"]) .choice-name')
    assert jack_rule.inner_text() == "Jack kseri 25"
    assert page.locator("#new-game .seat-counts-note").inner_text() == "Greek: 2 or 4 players"  # why 3, 5, 6 are grey
    page.click('#new-game label.choice:has(input[name="table"][value="pisti"])')
    assert page.locator('#new-game input[name="target"]').input_value() == "101"  # the table's own target
    assert jack_rule.inner_text() == "Jack pişti 25"  # each house rule in the table's own word
    counts_note = page.locator("#new-game .seat-counts-note")
    assert not counts_note.is_visible()  # Pişti deals every count offered: nothing greyed out to explain
    page.click('#new-game label.choice:has(input[name="level"][value="hard"])')
    page.click('#new-game label.choice:has(input[name="exposed_bottom"])')
    page.click('#new-game label.choice:has(input[name="last_capture_bonus"])')
    page.fill('#new-game input[name="target"]', "0")
    page.click("#new-game-start")
    error = page.locator("#new-game-error")
    assert error.is_visible() and "1" in error.inner_text() and "10000" in error.inner_text()
    assert page.locator("#new-game").is_visible()
    seen = page.evaluate("""() => { const e = document.querySelector('#new-game-error').getBoundingClientRect();
      return e.bottom <= document.querySelector('#new-game .sheet-actions').getBoundingClientRect().top
        && e.top >= 0; }""")
    assert seen, "the refusal lies out of sight (below the sheet's buttons)"
    page.fill('#new-game input[name="target"]', "51")
    page.click("#new-game-start")
    s = settle(page)
    assert target(page) == "51" and s["score"] == [0, 0] and len(s["hand"]) in (3, 4)
    assert page.locator("#level").input_value() == "hard"
    saved = json.loads(page.evaluate("() => localStorage.getItem('kseri.save')"))
    text = json.dumps(saved)
    assert "pisti" in text and "exposed_bottom" in text and "final_capture_points" in text and saved["level"] == "hard"
    reload_page(page)
    settle(page)
    page.click("#new-match")  # the screen opens on the game in play
    page.locator("#new-game[open]").wait_for()
    assert page.locator('#new-game input[name="table"][value="pisti"]').is_checked()
    assert page.locator('#new-game input[name="exposed_bottom"]').is_checked()
    assert not page.locator('#new-game input[name="jack_kseri_25"]').is_checked()
    assert page.locator('#new-game input[name="target"]').input_value() == "51"
    # The open table plays two of the house rules: the others hide, and a box ticked before does not count.
    page.click('#new-game label.choice:has(input[name="table"][value="sums"])')
    boxes = page.locator("#new-game .house-rules label.choice:visible input")
    shown = boxes.evaluate_all("els => els.map(e => e.name)")
    assert shown == ["no_last_card_kseri", "last_capture_bonus"], shown
    assert counts_note.inner_text() == "Open-table Xeri (sums): 2 players only"
    assert page.locator('#new-game label.choice:has(input[name="no_last_card_kseri"]) .choice-name').inner_text() \
        == "No xeri with the last card"
    page.click("#new-game-start")  # exposed_bottom stays ticked, hidden: it is dropped, not refused
    settle(page)
    assert page.evaluate("() => document.body.dataset.table") == "sums"
    page.click("#score")
    page.wait_for_selector("#scoring[open]")
    assert "House rules: Last capture: +10" in page.locator("#scoring .scoring-house").inner_text()
