"""Every screen is one screen: the table fits phones upright and on their side, desktops, big
monitors and a browser at 200% zoom, with the first-visit tip showing or not; and its small
print is readable (contrast measured from the page's own computed colours).

One page load serves the whole matrix of viewports (the page is resized in place); the 200%
zoom case needs a context of its own (device scale factor 2).
"""

from __future__ import annotations

import pytest

from .rounds import SETTLED_JS

pytestmark = pytest.mark.browser


VIEWPORTS = [
    (320, 568),  # first: the first-visit tip is showing
    (320, 480),
    (375, 667),
    (375, 740),
    (412, 915),
    (740, 360),
    (640, 360),
    (844, 390),
    (568, 320),
    (667, 375),
    (1024, 768),
    (768, 1024),
    (820, 1180),
    (1280, 800),
    (1920, 1080),
    (2560, 1440),
]
"""Phones upright (small to large), phones on their side, tablets, desktops, a big monitor."""

LAYOUT_JS = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};
  };
  const one = (s) => { const e = document.querySelector(s); return e ? box(e) : null; };
  const all = (s) => [...document.querySelectorAll(s)].map(box);  // (one not drawn: a 0×0 box at 0,0)
  const union = (bs) => bs.length ? {
    left: Math.min(...bs.map(b => b.left)), top: Math.min(...bs.map(b => b.top)),
    right: Math.max(...bs.map(b => b.right)), bottom: Math.max(...bs.map(b => b.bottom))} : null;
  const root = document.documentElement;
  return {
    viewport: [innerWidth, innerHeight],
    scroll: [root.scrollWidth, root.scrollHeight, scrollX, scrollY],
    hand: all('#hand [data-card]'),
    others: {
      pile: union(all('#pile .pile-card, #pile .pile-empty')),
      "bot's hand": union(all('#bot-hand .back')),
      score: one('#score'),
      turn: one('#status .turn'),
      stock: one('#stock'),
    },
    header: {brand: one('.brand'), score: one('#score'),
      controls: union(all('.controls > *').filter(b => b.width > 0 && b.height > 0)), 'level fits': (() => {
      const s = document.querySelector('#level'), st = getComputedStyle(s);
      const c = document.createElement('canvas').getContext('2d');
      c.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
      return c.measureText(s.selectedOptions[0].text).width + parseFloat(st.paddingLeft)
        + parseFloat(st.paddingRight) <= s.clientWidth + 1;
    })()},
    intro: document.querySelector('#intro').hidden ? null : one('#intro'),
  };
}"""

TOLERANCE = 0.5  # px: sub-pixel rounding


def _inside(box: dict, width: int, height: int) -> bool:
    return (box["left"] >= -TOLERANCE and box["top"] >= -TOLERANCE
            and box["right"] <= width + TOLERANCE and box["bottom"] <= height + TOLERANCE)


def _overlap(a: dict, b: dict) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1)


def check_layout(page, label: str) -> dict:
    """Every hand card fully on screen with no scrolling; the rest of the table on screen and clear
    of the hand; the header's parts apart. Returns the measurements."""
    m = page.evaluate(LAYOUT_JS)
    width, height = m["viewport"]
    where = f"{label} at {width}x{height}"
    scroll_w, scroll_h, scroll_x, scroll_y = m["scroll"]
    assert scroll_h <= height and scroll_y == 0, f"{where}: the page scrolls vertically ({scroll_h} > {height})"
    assert scroll_w <= width and scroll_x == 0, f"{where}: the page scrolls sideways ({scroll_w} > {width})"
    assert m["hand"], f"{where}: no cards in the hand"
    for i, card in enumerate(m["hand"]):
        assert _inside(card, width, height), f"{where}: hand card {i + 1} is off screen: {card}"
        assert card["width"] >= 44 and card["height"] >= 44, f"{where}: hand card {i + 1} is too small: {card}"
    for name, box in m["others"].items():
        assert box is not None, f"{where}: no {name}"
        assert _inside(box, width, height), f"{where}: the {name} is off screen: {box}"
        for i, card in enumerate(m["hand"]):
            assert not _overlap(box, card), f"{where}: the {name} overlaps hand card {i + 1}: {box} / {card}"
    check_header(m["header"], where)
    return m


def check_header(header: dict, where: str) -> None:
    for a, b in (("brand", "score"), ("score", "controls"), ("brand", "controls")):
        assert not _overlap(header[a], header[b]), f"{where}: the header's {a} and {b} overlap"
    assert header["level fits"], f"{where}: the bot level's name is cut off"


def settle(page) -> None:
    page.wait_for_function(SETTLED_JS, timeout=60_000)


def open_table(open_game, game_page, suffix: str = "?seed=2&level=medium"):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(suffix)
    settle(page)
    return page


def play_first_card(page) -> None:
    """Click the first playable card, wait until it has left the hand and it is your turn again."""
    card = page.locator("#hand [data-card]:not([disabled])").first
    code = card.get_attribute("data-card")
    card.click()
    page.wait_for_function("code => !document.querySelector(`#hand [data-card='${code}']`)", arg=code,
                           timeout=30_000)
    settle(page)


def run_matrix(page, label: str) -> None:
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        check_layout(page, label)


def test_the_hand_fits_every_viewport(open_game, game_page):
    width, height = VIEWPORTS[0]
    game_page.set_viewport_size({"width": width, "height": height})
    page = open_table(open_game, game_page)
    m = check_layout(page, "first visit")
    assert m["intro"] is not None, "a fresh browser shows the first-visit tip"
    assert m["intro"]["bottom"] <= min(card["top"] for card in m["hand"])
    run_matrix(page, "first visit")
    # Played at the tightest landscape size: the card must be clickable there (nothing covers it).
    page.set_viewport_size({"width": 568, "height": 320})
    play_first_card(page)
    run_matrix(page, "after a card")
    page.click("[data-action=dismiss-intro]")
    page.wait_for_selector("#intro", state="hidden")
    run_matrix(page, "tip dismissed")
    # Greek words run longer: the same matrix in Greek (the switch is a one-tap toggle on small screens).
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click('.lang-switch [data-lang="el"]')
    page.wait_for_function("document.documentElement.lang === 'el'")
    run_matrix(page, "in Greek")
    # Late in a match the scores have three digits: the header still fits in one piece, in both languages.
    for lang in ("el", "en"):
        page.set_viewport_size({"width": 1280, "height": 800})
        page.click(f'.lang-switch [data-lang="{lang}"]')
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.evaluate("() => document.querySelectorAll('#score .pts').forEach((e, i) => { e.textContent = 148 + i; })")
        for width, height in VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            check_header(page.evaluate(LAYOUT_JS)["header"], f"three-digit scores ({lang}) at {width}x{height}")


@pytest.mark.browser_context_args(viewport={"width": 640, "height": 400}, device_scale_factor=2)
def test_the_hand_fits_at_200_percent_zoom(open_game, game_page):
    """A 1280x800 window at 200%: 640x400 CSS pixels at two device pixels each."""
    page = open_table(open_game, game_page)
    assert page.evaluate("devicePixelRatio") == 2
    check_layout(page, "200% zoom")
    play_first_card(page)
    check_layout(page, "200% zoom, after a card")


CONTRAST_JS = """([selectors, evenHidden]) => {
  const parse = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const p = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const colours = (text) => (text.match(/rgba?\\([^)]+\\)/g) || []).map(parse);
  const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  // What the text may stand on: the background colours of the element and its ancestors up to
  // the first opaque one, composited; a gradient (the felt) counts with each of its colours.
  const backdrops = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const st = getComputedStyle(e);
      const image = st.backgroundImage.includes('gradient') ? colours(st.backgroundImage) : [];
      const colour = parse(st.backgroundColor);
      layers.push({colour, image});
      if ((colour && colour[3] >= 1) || (image.length && image.every(c => c[3] >= 1))) break;
    }
    let found = [[255, 255, 255, 1]];
    for (const {colour, image} of layers.reverse()) {
      if (colour && colour[3] > 0) found = found.map(b => over(colour, b));
      if (image.length) found = found.flatMap(b => image.map(c => over(c, b)));
    }
    return found;
  };
  const out = {};
  for (const selector of selectors) {
    const el = [...document.querySelectorAll(selector)].find(e => e.textContent.trim()
      && (evenHidden || getComputedStyle(e).display !== 'none'));
    if (!el) { out[selector] = null; continue; }
    const st = getComputedStyle(el);
    const fg = parse(st.color);
    const size = parseFloat(st.fontSize);
    const large = size >= 24 || (Number(st.fontWeight) >= 700 && size >= 18.66);
    out[selector] = {ratio: Math.min(...backdrops(el).map(bg => ratio(over(fg, bg), bg))),
                     needed: large ? 3 : 4.5, text: el.textContent.trim().slice(0, 40)};
  }
  return out;
}"""

LABELS = [".stack-label", ".stock-label", ".key-cap"]
"""The small print the issue names: TAKEN, STOCK and the key numbers under the hand's cards."""

OTHER_TEXT = [".where", "#status .turn", ".score-side .who", ".score .target", ".score-sep", ".tag-name",
              ".level-name", ".hint-note", ".hint-note b", ".intro-text", ".intro-title"]
SPLASH_TEXT = [".splash-text", ".splash-small", ".tagline", ".logo"]


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_small_print_contrast(open_game, game_page):
    page = open_table(open_game, game_page)
    page.click("#hint-button")
    page.wait_for_selector("#hand [data-hint]")
    found = page.evaluate(CONTRAST_JS, [LABELS + OTHER_TEXT, False])
    found.update(page.evaluate(CONTRAST_JS, [SPLASH_TEXT, True]))  # the splash, hidden by now
    missing = [s for s, r in found.items() if r is None]
    assert not missing, f"not on the page: {missing}"
    low = {s: f"{r['ratio']:.2f}:1 < {r['needed']}:1 ({r['text']!r})" for s, r in found.items()
           if r["ratio"] < r["needed"]}
    assert not low, f"too little contrast: {low}"
    # The splash (before the game is ready) speaks of the game, not of what runs it.
    splash = page.locator("#loading").text_content() or ""
    assert "Shuffling the deck" in splash
    for word in ("Python", "runtime", "Pyodide", "WebAssembly", "JavaScript"):
        assert word.lower() not in splash.lower(), f"the splash speaks of {word!r}: {splash!r}"

