"""The exposed bottom card (house rule ``exposed_bottom``) is shown to every player for the whole round
(RULES.md): face up under the stock, then, once dealt to the dealer, in the empty stock's frame. The bots
were given it all along; the page drew the stock's back only, so a person never saw it."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from kseri.engine.cards import CODES
from kseri.engine.rules import rules_from_spec
from kseri.table import share
from kseri.table.session import GameSession

from .conftest import wait_ready
from .overlaps import layout_problems
from .rounds import SETTLED_JS

pytestmark = pytest.mark.browser

STOCK_JS = """() => { const s = document.querySelector('#stock'), b = s.querySelector('.stock-bottom img');
  return {label: s.getAttribute('aria-label'), src: b ? b.getAttribute('src') : null,
          empty: !!s.querySelector('.stock-empty .stock-bottom'), cards: s.querySelectorAll('[data-card]').length}; }"""


def session_at_last_packet(spec: dict) -> GameSession:
    session = GameSession.new(rules=rules_from_spec(spec), seed=7, level="easy")
    while session.round.stock_count or session.phase != "human":
        session.play_human(session.view().hand[0]) if session.phase == "human" else session.play_bot()
    return session


@pytest.mark.parametrize(("players", "viewport", "touch"), [
    (2, {"width": 1280, "height": 800}, False),
    (2, {"width": 320, "height": 568}, True),
    (4, {"width": 844, "height": 390}, True),
])
def test_the_bottom_card_shows_under_the_stock_then_as_the_dealers(browser, site_url, page_watch, players,
                                                                    viewport, touch):
    spec = {"profile": "greek", "exposed_bottom": True, "players": players}
    context = browser.new_context(service_workers="block", reduced_motion="reduce", viewport=viewport,
                                  has_touch=touch, is_mobile=touch)
    page = context.new_page()
    page_watch.attach(page)
    try:
        fresh = GameSession.new(rules=rules_from_spec(spec), seed=7, level="easy")
        page.goto(f"{site_url}/index.html?seed=7&level=easy&rules={quote(json.dumps(spec))}")
        wait_ready(page, page_watch)
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        bottom = CODES[fresh.round.deck[-1]]
        stock = page.evaluate(STOCK_JS)
        assert stock["src"].endswith(f"/{bottom}.svg") and not stock["empty"] and stock["cards"] == 0, stock
        assert "Bottom card: " in stock["label"], stock
        assert not layout_problems(page, touch=touch), layout_problems(page, touch=touch)

        late = session_at_last_packet(spec)
        page.goto(f"{site_url}/index.html?level=easy#{share.encode(late.match)}")
        wait_ready(page, page_watch)
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        stock = page.evaluate(STOCK_JS)
        assert stock["src"].endswith(f"/{CODES[late.round.deck[-1]]}.svg") and stock["empty"], stock
        assert "Bottom card, dealt to the dealer: " in stock["label"], stock
        assert not layout_problems(page, touch=touch), layout_problems(page, touch=touch)
        assert not page_watch.problems(), page_watch.problems()
    finally:
        context.close()
