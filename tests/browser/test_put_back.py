"""Opening cards put back into the stock (a refused Greek opening, a jack replaced at four-card or Pişti) are
shown while the first packet is played: everyone at a real table saw them go back, so no first hand holds
them. The page said nothing of them before; the bots were not told either."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from kseri.engine.rules import rules_from_spec
from kseri.i18n import set_language
from kseri.table.session import GameSession
from kseri.web.stock_render import put_back_html, stock_label

from .overlaps import layout_problems
from .rounds import SETTLED_JS, play_cards
from .test_first_visit import visit

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("spec", "seed", "lang", "viewport", "touch"), [
    ({"profile": "fourcard"}, 54, "en", {"width": 1280, "height": 800}, False),  # two jacks replaced
    ({"profile": "greek"}, 36, "el", {"width": 320, "height": 568}, True),  # a refused opening
    ({"profile": "pisti", "players": 6}, 82, "en", {"width": 844, "height": 390}, True),
    ({"profile": "fourcard"}, 1, "el", {"width": 390, "height": 844}, True),  # the bot's first card takes
], ids=["fourcard-desktop-en", "greek-phone-el", "pisti6-landscape-en", "fourcard-capture-phone-el"])
def test_the_cards_put_back_are_shown_until_the_next_packet(browser, site_url, spec, seed, lang, viewport, touch):
    rules = rules_from_spec(spec)
    view = GameSession.new(rules=rules, seed=seed, level="easy").view()
    assert view.put_back, "the seed no longer puts cards back: choose another"
    set_language(lang)
    try:
        line, label = put_back_html(view), stock_label(view.stock, view.bottom, view.put_back)
    finally:
        set_language("en")
    query = f"?lang={lang}&seed={seed}&level=easy&rules={quote(json.dumps(spec))}"
    with visit(browser, site_url, query, viewport=viewport, has_touch=touch, is_mobile=touch) as page:
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        shown = page.locator(".status .put-back")
        assert shown.count() == 1 and shown.is_visible()
        assert shown.evaluate("e => e.outerHTML") == line
        if seed == 1:  # the bot took the pile before your first turn: its line shows too
            assert page.locator(".status .take-line:not(.put-back)").is_visible()
        assert page.get_attribute("#stock", "aria-label") == label
        assert not layout_problems(page, touch=touch), layout_problems(page, touch=touch)
        for _ in range(rules.packet_size - 1):  # a capture's line joins it, never replaces it
            play_cards(page, 1)
            page.wait_for_function(SETTLED_JS, timeout=60_000)
            assert shown.count() == 1 and shown.is_visible()
            assert not layout_problems(page, touch=touch), layout_problems(page, touch=touch)
        play_cards(page, 1)  # your last card of the first packet: the next one is dealt
        page.wait_for_function("() => !document.querySelector('.status .put-back')", timeout=30_000)
        put_back_sentence = label[label.index(". ") + 2:]
        assert put_back_sentence not in (page.get_attribute("#stock", "aria-label") or "")
