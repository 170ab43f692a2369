"""Hostile input in Chromium (issue #10): crafted links, bricked saves, a failing bot, two tabs,
storage switched off. Each time the page becomes ready within seconds, says what happened in
short notices, and plays on: a card clicked leaves the hand.

The pure-Python side of the same promises (any JSON anywhere) is tests/table/test_hostile.py.
Every test runs on ``game_page``, so a page error or a console error fails it.
"""

from __future__ import annotations

import io
import json
import zipfile
from urllib.parse import quote

import pytest

from kseri.table.notices import NOTICE_LIMIT
from kseri.table.session import GameSession

from .conftest import reload_page, wait_ready

pytestmark = pytest.mark.browser

DEEP = 8000
"""Nesting that exhausted the page's WebAssembly stack when it reached ``json.loads``."""

NOTICES_JS = """() => {
  const box = document.querySelector('#notice');
  if (box.hidden) return [];
  return [...box.querySelectorAll('li')].map(li => li.firstChild ? li.firstChild.textContent : '');
}"""

HUMAN_TURN_JS = "() => document.body.dataset.busy === 'false' && !!document.querySelector('#hand [data-card]:enabled')"


def notices(page) -> list[str]:
    """The notices shown, each without its buttons' labels."""
    return page.evaluate(NOTICES_JS)


def plays_a_card(page) -> str:
    """The page is playable: on your turn, a card clicked leaves the hand. Returns its code."""
    page.wait_for_function(HUMAN_TURN_JS, timeout=30_000)
    card = page.locator("#hand [data-card]:enabled").first
    code = card.get_attribute("data-card")
    card.click()
    page.wait_for_function(
        "code => !document.querySelector(`#hand [data-card=\"${code}\"]`)", arg=code, timeout=10_000)
    return code


def open_page(page, watch, url: str, *, seconds: float = 30) -> float:
    page.emulate_media(reduced_motion="reduce")
    page.goto(url)
    return wait_ready(page, watch, seconds)


def stored(page, key: str) -> str | None:
    return page.evaluate("key => localStorage.getItem(key)", key)


# --------------------------------------------------------------------------- crafted links


def test_a_link_with_rules_8000_deep_and_a_5000_digit_record_opens_a_game(game_page, page_watch, site_url):
    rules = '{"a":' + "[" * DEEP + "]" * DEEP + "}"
    record = '{"format":"kseri-record/1","rules":"greek","first_dealer":' + "1" * 5000 + ',"rounds":[]}'
    seconds = open_page(game_page, page_watch, f"{site_url}/index.html?seed=5&rules={rules}&record={quote(record)}")
    assert seconds < 20
    shown = notices(game_page)
    assert len(shown) == 2, shown
    assert shown[0].startswith("Could not open the game record in the link: record: a number with more than 30 digits")
    assert "rules: nested more than 64 levels deep" in shown[1]
    assert all(len(text) <= NOTICE_LIMIT for text in shown)
    plays_a_card(game_page)
    assert "rules=" not in game_page.url and "record=" not in game_page.url


def test_an_embed_record_8000_deep_shows_its_error(game_page, page_watch, site_url):
    open_page(game_page, page_watch, f"{site_url}/embed.html#record=" + quote("[" * DEEP + "]" * DEEP))
    error = game_page.evaluate("() => document.body.dataset.error")
    assert error == "scene: record: nested more than 64 levels deep"
    assert "nested more than 64 levels deep" in game_page.locator(".scene-error").inner_text()


# --------------------------------------------------------------------------- saves that bricked the page


def test_a_bricked_save_and_overflowing_stats_are_set_aside(game_page, page_watch, site_url):
    """A save whose record has no rounds (an IndexError on every load) and statistics holding
    1e999 (an OverflowError) are kept under other keys, with notices; a link echoing a megabyte
    gives a notice of one short line; a new game starts, and the next visit is clean."""
    save = json.loads(GameSession.new(seed=4, level="hard").to_save())
    save["record"]["rounds"] = []
    bricked = json.dumps(save)
    stats = '{"played":{"easy":1e999},"won":{}}'
    # Stored before the page's first load (only once: the reload below must find what the page left).
    game_page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('kseri.save', {json.dumps(bricked)});
      localStorage.setItem('kseri.table.stats', {json.dumps(stats)});
    }}""")
    huge = json.dumps({"format": "kseri-record/1", "rules": "x" * 1_000_000, "first_dealer": 0, "rounds": []})
    open_page(game_page, page_watch, f"{site_url}/index.html#record={quote(huge)}")
    shown = notices(game_page)
    assert len(shown) == 3, [text[:80] for text in shown]
    assert shown[0].startswith("Could not open the game record in the link: rules:")
    assert "Your saved game could not be resumed (the saved game's record has no rounds)" in shown[1]
    assert "set aside and a new game started" in shown[1]
    assert "statistics were set aside" in shown[2] and "1e999" in shown[2]
    assert all(len(text) <= NOTICE_LIMIT for text in shown)
    assert stored(game_page, "kseri.save.set-aside") == bricked
    assert stored(game_page, "kseri.table.stats.set-aside") == stats
    assert stored(game_page, "kseri.table.stats") is None
    assert json.loads(stored(game_page, "kseri.save") or "{}")["format"] == "kseri-save/1"  # the new game's
    plays_a_card(game_page)

    reload_page(game_page)
    wait_ready(game_page, page_watch, 30)
    assert notices(game_page) == []
    plays_a_card(game_page)


# --------------------------------------------------------------------------- a bot that fails

BROKEN_BOT = '''

def _overflowing_step(self, max_ms=25.0):
    raise OverflowError("int too large to convert to float (injected by tests/browser/test_hostile.py)")


Thinker.step = _overflowing_step
'''

BROKEN_SHOW_PLAY = '''

_show_play_once = Turns.show_play


async def _show_play_failing_once(self, event, gen):
    if not getattr(Turns, "_failed_once", False):
        Turns._failed_once = True
        raise RuntimeError("injected by tests/browser/test_hostile.py")
    await _show_play_once(self, event, gen)


Turns.show_play = _show_play_failing_once
'''


def patched_package(original: bytes, patches: dict[str, str]) -> bytes:
    """``kseri.zip`` with text appended to some modules (their bytecode no longer matches, so
    Python compiles the patched source instead). Another package is another build: its
    ``kseri/BUILD`` changes too, so a page started from the snapshot forgets the snapshot's
    modules and imports these (``kseri.web.fresh``)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(original)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename in patches:
                data += patches[info.filename].encode()
            if info.filename == "kseri/BUILD":
                data = b"patched-" + data
            target.writestr(info, data)
    return out.getvalue()


def test_a_failing_bot_plays_a_simple_card_and_the_page_plays_on(game_page, page_watch, site_url):
    """The bot's search raises (as absurd rules or a full memory make it): it plays a simple card,
    a notice says so, and the hint says it has none. A failure of the turn's own sequence ends in
    a notice with buttons, not in "the bot is thinking" forever."""
    patches = {"kseri/bots/pile/thinker.py": BROKEN_BOT, "kseri/web/turns.py": BROKEN_SHOW_PLAY}

    def serve_patched(route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=patched_package(response.body(), patches))

    game_page.route("**/kseri.zip", serve_patched)
    open_page(game_page, page_watch, f"{site_url}/index.html?seed=7&level=hard")
    if game_page.evaluate("() => document.body.dataset.phase") == "human":
        plays_a_card(game_page)
    game_page.wait_for_function(HUMAN_TURN_JS, timeout=30_000)
    shown = notices(game_page)
    assert any("The bot had trouble choosing its card (OverflowError)" in text for text in shown), shown
    assert any(text.startswith("Something went wrong (RuntimeError)") for text in shown), shown
    assert game_page.locator("#notice [data-action=match-new]").count() == 1
    record = json.loads(stored(game_page, "kseri.save") or "{}")["record"]
    assert record["rounds"][0]["plays"]  # the bot's card was played and saved

    game_page.click("#hint-button")
    game_page.wait_for_function("() => [...document.querySelectorAll('#notice li')]"
                                ".some(li => li.textContent.startsWith('No hint this time'))")
    plays_a_card(game_page)
    game_page.wait_for_function(HUMAN_TURN_JS, timeout=30_000)
    plays_a_card(game_page)


# --------------------------------------------------------------------------- two tabs


def test_two_tabs_never_overwrite_each_other_silently(game_page, page_watch, site_url):
    first = game_page
    open_page(first, page_watch, f"{site_url}/index.html?seed=9&level=easy")
    first.wait_for_function(HUMAN_TURN_JS)
    second = first.context.new_page()
    page_watch.attach(second)
    open_page(second, page_watch, f"{site_url}/index.html")  # resumes the same game
    second.wait_for_function(HUMAN_TURN_JS)
    assert notices(second) == []

    plays_a_card(first)
    first.wait_for_function(HUMAN_TURN_JS)
    newer = stored(first, "kseri.save")
    second.wait_for_function("() => !!document.querySelector('#notice [data-action=load-newer]')")
    assert notices(second)[0].startswith("This game went on in another tab.")

    plays_a_card(second)  # before choosing: the stale tab plays on but does not save
    second.wait_for_function(HUMAN_TURN_JS)
    assert stored(second, "kseri.save") == newer
    second.click("#notice .notice-close")  # the choice is still to be made: it stays
    assert second.locator("#notice [data-action=load-newer]").count() == 1

    second.click("#notice [data-action=load-newer]")
    second.wait_for_function(HUMAN_TURN_JS)
    assert notices(second) == []
    hand = "() => [...document.querySelectorAll('#hand [data-card]')].map(b => b.dataset.card)"
    assert second.evaluate(hand) == first.evaluate(hand)

    plays_a_card(second)  # now the second tab saves, and the first one is told
    second.wait_for_function(HUMAN_TURN_JS)
    seconds_game = stored(second, "kseri.save")
    first.wait_for_function("() => !!document.querySelector('#notice [data-action=keep-this]')")
    assert stored(first, "kseri.save") == seconds_game
    first.click("#notice [data-action=keep-this]")  # the first tab's game wins, by choice
    assert stored(first, "kseri.save") != seconds_game
    assert notices(first) == []
    plays_a_card(first)


# --------------------------------------------------------------------------- no storage at all


def test_without_storage_the_page_says_once_that_it_will_not_resume(game_page, page_watch, site_url):
    game_page.add_init_script("""Object.defineProperty(window, 'localStorage', {
      configurable: true, get() { throw new DOMException('storage is disabled', 'SecurityError'); } });""")
    open_page(game_page, page_watch, f"{site_url}/index.html?seed=3&level=easy")
    shown = notices(game_page)
    assert len(shown) == 1 and "will not be resumed" in shown[0]
    plays_a_card(game_page)
    game_page.wait_for_function(HUMAN_TURN_JS)
    plays_a_card(game_page)
    assert notices(game_page) == shown
