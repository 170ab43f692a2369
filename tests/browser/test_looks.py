"""The looks (issue 25): light and dark themes pass axe-core, contrast included, on a phone and a desktop;
the theme follows the system unless chosen, is set before the first paint, and large cards and the
card backs are remembered settings."""

from __future__ import annotations

import json

import pytest

from tests.browser.conftest import reload_page
from tests.browser.test_a11y import describe, run_axe
from tests.browser.test_game import open_settings, open_table, settle
from tests.browser.test_language import COURT_FACES_JS

pytestmark = pytest.mark.browser

SIZES = {"phone": (375, 740), "desktop": (1280, 800)}



# WCAG contrast of each text in the menu More against the menu's own (opaque) background.
MENU_CONTRAST_JS = """() => {
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const linear = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = (rgbs) => rgbs.map(linear).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const back = rgb(getComputedStyle(document.querySelector('#more-menu')).backgroundColor);
  const out = {};
  for (const el of document.querySelectorAll('#more-menu .menu-item, #more-menu .menu-lang-code')) {
    const key = (el.dataset.action || el.dataset.lang || el.className) + (el.className.includes('code') ? ':code' : '');
    out[key] = Math.round(ratio(rgb(getComputedStyle(el).color), back) * 100) / 100;
  }
  return out;
}"""


# The same for the open play log's lines against the list's plate (it floats over the table).
LOG_CONTRAST_JS = MENU_CONTRAST_JS.replace("#more-menu')", ".log-list')").replace(
    "'#more-menu .menu-item, #more-menu .menu-lang-code'", "'.log-list li, .log-list .log-who'").replace(
    "(el.dataset.action || el.dataset.lang || el.className) + (el.className.includes('code') ? ':code' : '')",
    "el.tagName + ':' + el.textContent.slice(0, 20)")


def theme(page) -> str | None:
    return page.evaluate("() => document.documentElement.dataset.theme")


def assert_axe_clean(page, where: str) -> None:
    violations = run_axe(page, rules_off=())  # every rule, contrast (4.5:1 for text) included
    assert not violations, f"axe on {where}:\n{describe(violations)}"


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("name", ["light", "dark"])
def test_each_theme_passes_axe_with_contrast(open_game, game_page, name, size):
    game_page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    page = open_table(open_game, game_page, f"?theme={name}&seed=19&level=easy")
    assert theme(page) == name
    assert_axe_clean(page, f"the {name} table ({size})")
    page.click("#hint-button")
    page.wait_for_selector("#hand [data-hint]")
    page.click("#hand [data-card]:not([disabled])")
    settle(page)
    assert_axe_clean(page, f"the {name} table after a play ({size})")
    if page.is_visible("#more-button"):  # narrow screens: Share, Statistics, Settings and the language
        page.click("#more-button")
        page.wait_for_selector("#more-menu:popover-open")
        assert_axe_clean(page, f"the {name} menu More ({size})")
        # axe cannot tell the colour behind a popover (it lies in the top layer): measured here instead
        ratios = page.evaluate(MENU_CONTRAST_JS)
        assert ratios and min(ratios.values()) >= 4.5, ratios
        page.keyboard.press("Escape")
        page.wait_for_selector("#more-menu:not(:popover-open)", state="attached")
    page.click(".play-log > summary")  # the log's list floats over the table: its own plate, its own ink
    page.wait_for_selector(".log-list li")
    ratios = page.evaluate(LOG_CONTRAST_JS)
    assert ratios and min(ratios.values()) >= 4.5, ratios
    page.click(".play-log > summary")
    open_settings(page)
    page.wait_for_selector("#settings[open] input[name=theme]")
    assert_axe_clean(page, f"the {name} settings ({size})")


@pytest.mark.parametrize("name", ["light", "dark"])
def test_the_lesson_and_the_open_table_in_each_theme(open_game, game_page, name):
    game_page.set_viewport_size({"width": 375, "height": 740})
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(f"?theme={name}&learn=sums")
    page.wait_for_function("() => document.querySelector('#hand [data-card]:not([disabled])')")
    page.click('#hand [data-card="8C"]')  # a wrong move: the panel's explanation
    page.wait_for_selector("#lesson .lesson-feedback.wrong")
    page.click('#hand [data-card="7H"]')  # the ways of a card
    page.wait_for_selector("#ways:not([hidden]) [data-move]")
    assert_axe_clean(page, f"the open table's lesson, {name}")


def test_the_theme_follows_the_system_until_one_is_chosen(open_game, game_page):
    game_page.emulate_media(color_scheme="light", reduced_motion="reduce")
    page = open_game("?seed=3&level=easy")
    assert theme(page) == "light"
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
    open_settings(page)
    page.wait_for_selector("#settings[open] input[name=theme]")
    page.click("#settings .choice:has(input[name=theme][value=light])")
    assert theme(page) == "light"
    assert json.loads(page.evaluate("localStorage.getItem('kseri.settings')"))["theme"] == "light"
    reload_page(page)
    page.wait_for_selector("body[data-ready=true]")
    assert theme(page) == "light"  # the system says dark: the choice holds
    page.goto(page.url.split("?")[0] + "?theme=dark")
    page.wait_for_selector("body[data-ready=true]")
    assert theme(page) == "dark"  # the address picks one for the visit


def test_the_theme_is_set_before_the_first_paint(game_page, page_watch, site_url):
    """static/theme.js runs in <head>: the loading screen is drawn in the chosen theme from its first frame."""
    game_page.emulate_media(color_scheme="light")
    game_page.goto(f"{site_url}/index.html?seed=3", wait_until="domcontentloaded")
    found, ready, splash = game_page.evaluate(
        "() => [document.documentElement.dataset.theme, document.body.dataset.ready,"
        " getComputedStyle(document.querySelector('.splash')).backgroundImage]")
    assert (found, ready) == ("light", "false")  # before Python: the loading screen shows, already light
    assert "rgb(247, 250, 244)" in splash
    page_watch.wait_ready(game_page)


def test_large_cards_and_another_back_are_remembered(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=3&level=easy")
    open_settings(page)
    page.wait_for_selector("#settings[open] input[name=cards]")
    page.click("#settings .choice:has(input[name=cards])")
    page.click("#settings .choice:has(input[name=back][value=red])")
    page.click("#settings [data-action=close-settings]")
    looks = page.evaluate("""() => [document.documentElement.dataset.cards, document.documentElement.dataset.back,
        getComputedStyle(document.querySelector('#hand img')).content,
        getComputedStyle(document.querySelector('#bot-hand img.back, #stock img')).content]""")
    assert looks[:2] == ["large", "red"]
    assert "cards/big/" in looks[2] and "cards/backs/red.svg" in looks[3]
    reload_page(page)
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate("() => document.documentElement.dataset.cards") == "large"
    page.locator('.lang-switch [data-lang="el"]').click()  # in Greek: the courts' big faces print Ρ Ν Β
    courts = page.evaluate(COURT_FACES_JS)
    assert courts and all("cards/el/big/" in shown for shown in courts), courts


# Every CSS animation running now, with what it changes (transitions are left out: they are short).
RUNNING_ANIMATIONS_JS = """() => document.getAnimations()
  .filter((a) => a instanceof CSSAnimation && a.playState === 'running')
  .map((a) => ({
    name: a.animationName,
    on: (a.effect.target.id || a.effect.target.className) + (a.effect.pseudoElement || ''),
    changes: [...new Set(a.effect.getKeyframes().flatMap((k) => Object.keys(k)))]
      .filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)),
  }))"""


def test_your_turn_pulses_on_the_compositor(open_game, game_page):
    """With motion on, "your turn" pulses; the pulse (like every animation then running) changes
    only opacity and transform, which the browser composites without painting: a pulsing box-shadow
    repainted the table every frame (about half a core of CPU in Chromium without a GPU)."""
    game_page.emulate_media(reduced_motion="no-preference")
    page = open_game("?seed=19&level=easy")
    settle(page)
    running = page.evaluate(RUNNING_ANIMATIONS_JS)
    assert any(a["name"] == "pulse" and a["on"].endswith("::after") for a in running), running
    for animation in running:
        assert set(animation["changes"]) <= {"opacity", "transform"}, animation


def test_the_focus_ring_on_the_dialogs_paper_shows_in_either_theme(open_game, game_page):
    """axe checks no focus ring. The dialogs are paper in both themes, and in the dark one the felt's pale gold
    ring (242, 201, 107) on them was 1.48:1; the dark gold (154, 103, 0) is 4.6:1."""
    for theme in ("dark", "light"):
        page = open_game(f"?seed=3&level=easy&theme={theme}")
        page.click("#copy-link")
        page.wait_for_selector("#share[open]")
        page.keyboard.press("Tab")  # by keyboard: the ring is the :focus-visible one
        ring = page.evaluate("() => { const s = getComputedStyle(document.activeElement);"
                             " return [s.outlineStyle, s.outlineColor] }")
        assert ring == ["solid", "rgb(154, 103, 0)"], (theme, ring)
