"""More than two seats at the page's table (issue #12), clicked as a person would, seeded, reduced
motion: three players each alone, four in partnerships with team totals, six with two packs;
``#score`` with a ``data-seatN`` per seat or a ``data-teamN`` per partnership (INTERFACES.md);
a share link that restores the seating."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from kseri.engine.rules import rules_from_spec
from kseri.engine.text import isolated, unisolated
from kseri.table.session import GameSession

from .conftest import reload_page, wait_ready
from .test_a11y import describe, run_axe
from .test_game import SETTLED_JS, open_in_fresh_context

pytestmark = pytest.mark.browser

SEATS_JS = """() => {
  const q = s => document.querySelector(s);
  const score = q('#score');
  const attrs = {};
  for (const a of score.attributes) if (/^data-(seat|team)\\d$/.test(a.name)) attrs[a.name] = +a.value;
  const panels = [...document.querySelectorAll('#seats .seat-panel')];
  return {
    seats: document.body.dataset.seats, phase: document.body.dataset.phase,
    hand: [...document.querySelectorAll('#hand [data-card]')].map(b => b.dataset.card),
    score: attrs,
    panels: panels.map(p => ({seat: +p.dataset.seat, team: +p.dataset.team, hand: +p.dataset.hand,
                              taken: +p.dataset.captured, name: p.querySelector('.seat-name').textContent,
                              backs: p.querySelectorAll('.back').length})),
    mine: +q('#you-stack').dataset.count, pile: +q('#pile').dataset.count, stock: +q('#stock').dataset.count,
    dialogs: [...document.querySelectorAll('dialog[open]')].map(d => d.id),
  };
}"""

def seats_state(page) -> dict:
    return page.evaluate(SEATS_JS)


def settle(page, timeout: float = 60_000) -> dict:
    page.wait_for_function(SETTLED_JS, timeout=timeout)
    return seats_state(page)


def rules_param(spec: dict) -> str:
    return quote(json.dumps(spec, separators=(",", ":")))


def open_seats(open_game, game_page, spec: dict, seed: int, extra: str = "") -> object:
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(f"?seed={seed}&level=easy&rules={rules_param(spec)}{extra}")
    settle(page)
    return page


def play_round(page, cards: int) -> dict:
    """Click your first card until the round's summary opens; checks the table on the way."""
    clicked = 0
    while True:
        s = settle(page)
        if "round-summary" in s["dialogs"] or "match-end" in s["dialogs"]:
            assert clicked == cards, (clicked, cards)
            return s
        assert s["hand"], s
        page.click("#hand [data-card]:not([disabled])")
        clicked += 1


def summary_totals(page) -> list[int]:
    return [int(x) for x in page.locator("#round-summary tr.row-total td").all_inner_texts()]


def test_three_players_a_round(open_game, game_page):
    spec = {"profile": "fourcard", "players": 3}
    page = open_seats(open_game, game_page, spec, seed=5)
    s = seats_state(page)
    assert s["seats"] == "3" and sorted(s["score"]) == ["data-seat0", "data-seat1", "data-seat2"]
    assert [p["seat"] for p in s["panels"]] == [2, 1]  # the seat after you on the right
    assert all(p["backs"] == p["hand"] for p in s["panels"])
    assert {p["name"] for p in s["panels"]} == {"Eleni", "Nikos"}
    s = play_round(page, 16)  # 4 packets of 4
    points = summary_totals(page)
    assert len(points) == 3 and s["score"] == {f"data-seat{i}": p for i, p in enumerate(points)}
    assert page.locator("#round-summary thead th").count() == 4
    assert s["mine"] + sum(p["taken"] for p in s["panels"]) == 52
    page.click("#next-round")
    s = settle(page)
    assert s["dialogs"] == [] and s["score"] == {f"data-seat{i}": p for i, p in enumerate(points)}


def test_four_players_a_partnership_match_with_team_totals(open_game, game_page):
    """You and Nikos (opposite) against Eleni and Maria, to 45 points: every round's team totals in
    ``#score``, the match's end with a column per team, and the result in the statistics of this seating."""
    spec = {"profile": "greek", "players": 4, "target": 45}
    page = open_seats(open_game, game_page, spec, seed=11)
    s = seats_state(page)
    assert sorted(s["score"]) == ["data-team0", "data-team1"]
    partner = [p for p in s["panels"] if p["team"] == 0]
    assert [p["seat"] for p in partner] == [2]
    assert page.locator("#seats .seat-panel.partner .seat-name").inner_text() == "Nikos"
    assert "You & Nikos" in page.locator("#score").text_content()
    totals = [0, 0]
    for _round in range(6):
        s = play_round(page, 12)  # 2 packets of 6
        assert s["mine"] + sum(p["taken"] for p in s["panels"]) == 52
        if "match-end" in s["dialogs"]:
            break
        points = summary_totals(page)
        totals = [totals[0] + points[0], totals[1] + points[1]]
        assert s["score"] == {"data-team0": totals[0], "data-team1": totals[1]}
        assert page.locator("#round-summary thead th .who-long").all_text_contents() == ["You & Nikos", "Eleni & Maria"]
        page.click("#next-round")
    ending = page.locator("#match-end")
    assert ending.is_visible() and max(s["score"].values()) >= 45 and _round >= 1
    won = s["score"]["data-team0"] > s["score"]["data-team1"]
    assert ending.locator("h2").inner_text() == ("You win!" if won else "Winner: Eleni & Maria")
    stats = json.loads(page.evaluate("() => localStorage.getItem('kseri.table.stats')"))
    assert stats["games"]["greek:4p"]["easy"]["matches"] == 1 and "greek" not in stats["games"]
    ending.locator("[data-action=stats]").click()  # the statistics show this seating on its own
    page.locator("#stats[open]").wait_for()
    assert page.locator("#stats-greek-4p").inner_text() == "Greek, 4 players in partnerships"
    assert page.locator("#stats-greek").count() == 0


def test_six_players_two_packs_a_round(open_game, game_page):
    spec = {"profile": "pisti", "players": 6, "packs": 2}
    page = open_seats(open_game, game_page, spec, seed=3)
    s = seats_state(page)
    assert sorted(s["score"]) == ["data-team0", "data-team1", "data-team2"]  # three partnerships
    assert len(s["panels"]) == 5 and s["pile"] == 8 and s["stock"] == 104 - 8 - 6 * 4
    # Each panel's top is its side's colour, in either theme (the light theme's line once painted over it).
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        tops = page.evaluate("""() => [...document.querySelectorAll('#seats .seat-panel')].map(p => [p.dataset.team,
            getComputedStyle(p).borderTopColor, getComputedStyle(p).borderBottomColor])""")
        colour = {team: top for team, top, _bottom in tops}
        assert len(set(colour.values())) == 3 and all(colour[team] == top != bottom for team, top, bottom in tops), tops
    violations = run_axe(page)  # the panels, the score per team, the status line: axe finds nothing
    assert not violations, describe(violations)
    # A phone upright (the narrowest too) and on its side: nothing overflows or overlaps, and every name
    # and the dealer's chip show whole (in a row of five panels 58 px wide the chip was cut to "DEA…").
    for width, height in ((375, 740), (320, 568), (740, 375)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        fit = page.evaluate("""() => {
          const boxes = [...document.querySelectorAll('#seats .seat-panel')].map(p => p.getBoundingClientRect());
          const overlap = boxes.some((a, i) => boxes.some((b, j) => i < j && a.left < b.right - 1
            && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1));
          const cut = [...document.querySelectorAll('#seats :is(.seat-name, .seat-chip)')]
            .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1).map(e => e.textContent);
          return {wide: document.documentElement.scrollWidth - innerWidth, overlap, cut,
                  inside: boxes.every(b => b.left >= 0 && b.right <= innerWidth)};
        }""")
        assert fit == {"wide": 0, "overlap": False, "cut": [], "inside": True}, (width, fit)
    page.set_viewport_size({"width": 1280, "height": 720})
    s = play_round(page, 16)  # 4 packets of 4
    assert s["mine"] + sum(p["taken"] for p in s["panels"]) == 104
    points = summary_totals(page)
    assert s["score"] == {f"data-team{i}": p for i, p in enumerate(points)}
    # On the narrowest phone the three partnerships' columns fit beside the rows' names, no sideways scroll.
    page.set_viewport_size({"width": 320, "height": 640})
    page.wait_for_timeout(100)
    wrap = page.evaluate("""() => { const w = document.querySelector('#round-summary .breakdown-wrap');
                                    return [w.scrollWidth, w.clientWidth]; }""")
    assert wrap[0] <= wrap[1], wrap


def test_six_players_each_alone_a_round_whose_summary_fits_the_narrowest_phone(open_game, game_page):
    """Six sides: six columns of points beside the rows' names in a 320 px screen, none scrolled out of
    sight (they ran 49 px past before the sheet gave them its margins and paddings)."""
    spec = {"profile": "pisti", "players": 6, "partnerships": False}
    page = open_seats(open_game, game_page, spec, seed=4)
    s = play_round(page, 8)  # 2 packets of 4
    assert s["mine"] + sum(p["taken"] for p in s["panels"]) == 52
    assert len(summary_totals(page)) == 6
    page.set_viewport_size({"width": 320, "height": 640})
    page.wait_for_timeout(100)
    fit = page.evaluate("""() => { const w = document.querySelector('#round-summary .breakdown-wrap');
      const right = w.getBoundingClientRect().right;
      return {scroll: w.scrollWidth - w.clientWidth, page: document.documentElement.scrollWidth - innerWidth,
              heads: [...w.querySelectorAll('thead th')]
                .filter(th => th.getBoundingClientRect().right > right + 1).length};
    }""")
    assert fit == {"scroll": 0, "page": 0, "heads": 0}, fit  # page: a seat's "+2" once poked 2 px past


def test_share_link_restores_the_seating(open_game, game_page, page_watch):
    spec = {"profile": "fourcard", "players": 5, "packs": 2}
    page = open_seats(open_game, game_page, spec, seed=9)
    for _ in range(2):
        page.click("#hand [data-card]:not([disabled])")
        settle(page)
    before = seats_state(page)
    page.click("#copy-link")
    page.wait_for_selector("#share[open]")
    url = page.input_value("#share-url")
    after = open_in_fresh_context(page, page_watch, url, seats_state)
    assert after["seats"] == "5" and after["panels"] == before["panels"] and after["hand"] == before["hand"]
    assert after["score"] == before["score"]
    # the saved game resumes the seating too
    reload_page(page)
    s = settle(page)
    assert s["seats"] == "5" and s["panels"] == before["panels"]


def test_a_seated_session_matches_the_page():
    """The CPython session the page runs deals the same seats (a guard for the seeds above)."""
    session = GameSession.new(rules=rules_from_spec({"profile": "fourcard", "players": 3}), seed=5, level="easy")
    assert session.players == 3 and len(session.view().sides) == 3


def test_the_new_game_screen_chooses_a_seating_and_the_table_shows_it(open_game, game_page):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game("?seed=6&level=easy")
    settle(page)
    page.click("#new-match")
    page.locator("#new-game[open]").wait_for()
    assert page.locator('#new-game input[name="players"][value="2"]').is_checked()
    assert page.locator('#new-game input[name="players"][value="3"]').is_disabled()  # not at the Greek table
    page.click('#new-game label.choice:has(input[name="table"][value="pisti"])')
    assert page.locator('#new-game input[name="players"][value="3"]').is_enabled()
    page.click('#new-game label.choice:has(input[name="players"][value="4"])')
    assert page.locator('#new-game input[name="partnerships"]').is_checked()
    assert page.locator('#new-game select[name="seat4"]').is_hidden()  # four seats: three picks
    assert page.locator('#new-game .seat-row[data-seat="2"] .seat-partner-tag').is_visible()  # opposite you
    page.select_option('#new-game select[name="seat1"]', "hard")  # Eleni plays hard, the others easy
    page.click("#new-game-start")
    s = settle(page)
    assert s["seats"] == "4" and sorted(s["score"]) == ["data-team0", "data-team1"]
    assert page.locator("#score").get_attribute("data-target") == "101"
    assert "Pişti, 4 players in partnerships" in page.locator("#status").inner_text()
    assert page.locator("#seat-1 .seat-level").inner_text() == "Hard"
    assert page.locator("#seat-2 .seat-level").inner_text() == "Easy"
    saved = json.loads(page.evaluate("() => localStorage.getItem('kseri.save')"))
    assert saved["record"]["rules"]["players"] == 4
    reload_page(page)  # remembered: the screen opens on the seating in play
    settle(page)
    page.click("#new-match")
    page.locator("#new-game[open]").wait_for()
    assert page.locator('#new-game input[name="players"][value="4"]').is_checked()
    assert page.locator('#new-game select[name="seat1"]').input_value() == "hard"
    page.click('#new-game label.choice:has(input[name="players"][value="6"])')
    page.click('#new-game label.choice:has(input[name="partnerships"])')  # six each alone
    page.click('#new-game label.choice:has(input[name="two_packs"])')
    page.click("#new-game-start")
    s = settle(page)
    assert s["seats"] == "6" and len(s["score"]) == 6
    assert "6 players, two packs" in page.locator("#status").inner_text()


HANDOVER_SETTLED_JS = """() => document.body.dataset.busy === 'false' && (
  document.querySelector('#hand [data-card]:not([disabled])') || document.querySelector('dialog[open]')
  || !document.querySelector('#pass').hidden || document.querySelector('#status [data-action=pass-device]'))"""

FACES_UP_JS = """() => {
  // any hand's card face: yours at the bottom, or one in a seat's hand (kseri cards under a stack are public)
  const faces = [...document.querySelectorAll('#hand [data-card], #hand img, #seats .seat-hand img, #bot-hand img')]
    .filter(e => e.matches('[data-card]') || !/back/.test(e.getAttribute('src') || ''));
  const title = document.querySelector('#pass .pass-title');
  return {faces: faces.length, hand: document.querySelectorAll('#hand > *').length,
          title: title ? title.textContent : ''};
}"""


def test_pass_and_play_a_round_hides_the_hands_on_the_pass_screen(open_game, game_page):
    """Two friends as partners (seats 0 and 2) against two bots: the device goes to the other at each of
    their turns."""
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game("?seed=14&level=easy")
    settle(page)
    page.click("#new-match")
    page.locator("#new-game[open]").wait_for()
    page.click('#new-game label.choice:has(input[name="table"][value="fourcard"])')
    page.click('#new-game label.choice:has(input[name="players"][value="4"])')
    assert page.locator('#new-game input[name="name0"]').is_hidden()  # no names while you play alone
    page.select_option('#new-game select[name="seat2"]', "person")
    page.fill('#new-game input[name="name0"]', "Anna")
    page.fill('#new-game input[name="name2"]', "Bob")
    assert page.locator('#new-game input[name="name1"]').is_hidden()  # a bot's seat
    page.click("#new-game-start")
    passes, plays, takers, looked = 0, 0, set(), 0
    while True:
        page.wait_for_function(HANDOVER_SETTLED_JS, timeout=60_000)
        if page.locator("#round-summary[open]").count():
            break
        if page.locator("#status [data-action=pass-device]").count():
            # whoever just played sees what their card did, with the table, then passes the device on
            assert page.locator("#hand [data-card]").count() == 0  # nothing to play while it waits
            if page.locator("#status .pass-line").count():  # (none before the person's first card)
                line = page.locator("#status .pass-line").inner_text()
                assert line.startswith("Your card: "), line
                looked += 1
            page.click("#status [data-action=pass-device]")
            continue
        if page.locator("#pass").is_visible():
            shown = page.evaluate(FACES_UP_JS)
            assert shown["faces"] == 0 and shown["hand"] == 0, shown  # no hand face up behind the pass screen
            assert shown["title"] in (f"Pass the device to {isolated('Anna')}", f"Pass the device to {isolated('Bob')}")
            shown["title"] = unisolated(shown["title"])
            takers.add(shown["title"].rsplit(" ", 1)[1])
            if passes == 0:
                violations = run_axe(page)
                assert not violations, describe(violations)
            passes += 1
            page.click("[data-action=take-seat]")
            continue
        name = page.locator("#you-tag .tag-name").inner_text()
        assert name in (isolated("Anna"), isolated("Bob"))  # names come isolated from the words around them
        page.click("#hand [data-card]:not([disabled])")
        plays += 1
    assert takers == {"Anna", "Bob"} and passes >= 20 and plays == 24  # two people, 12 cards each
    assert looked >= passes - 2  # each hand-over after a person's card first showed what it did
    sides = page.locator("#round-summary thead th .who-long").all_text_contents()
    assert len(sides) == 2 and "Anna" in sides[0] and "Bob" in sides[0], sides  # partners: one column


WAYS_OR_PLAYED_JS = """code => !document.querySelector(`#hand [data-card='${code}']`)
  || document.querySelector('#ways:not([hidden]) button[data-move], #ways:not([hidden]) .ways-refusal')"""


def test_pass_and_play_at_the_open_table(open_game, game_page):
    """The open table takes two people too (it refused them): a whole round by clicking, a card's ways chosen in
    ``#ways``, no hand face up behind the pass screen, and each person named on it."""
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game("?seed=5&level=easy")  # chosen on the new-game screen, as a person does
    settle(page)
    page.click("#new-match")
    page.locator("#new-game[open]").wait_for()
    page.click('#new-game label.choice:has(input[name="table"][value="sums"])')
    page.select_option('#new-game select[name="seat1"]', "person")
    page.fill('#new-game input[name="name0"]', "Anna")
    page.fill('#new-game input[name="name1"]', "Bob")
    page.click("#new-game-start")
    plays, takers = 0, set()
    for _step in range(400):
        page.wait_for_function(HANDOVER_SETTLED_JS, timeout=60_000)
        if page.locator("#round-summary[open], #match-end[open]").count():
            break
        if page.locator("#status [data-action=pass-device]").count():
            assert page.locator("#hand [data-card]").count() == 0
            page.click("#status [data-action=pass-device]")
            continue
        if page.locator("#pass").is_visible():
            shown = page.evaluate(FACES_UP_JS)
            assert shown["faces"] == 0 and shown["hand"] == 0, shown
            takers.add(unisolated(shown["title"]).rsplit(" ", 1)[1])
            page.click("[data-action=take-seat]")
            continue
        for card in page.locator("#hand [data-card]:not([disabled])").all():  # a card the rules let go
            code = card.get_attribute("data-card")
            card.click()
            page.wait_for_function(WAYS_OR_PLAYED_JS, arg=code)
            if page.locator("#ways .ways-refusal").count():  # (your own build must be taken first)
                page.click("#ways [data-action=cancel-ways]")
                continue
            way = page.locator("#ways:not([hidden]) button[data-move]")
            if way.count():  # the card's ways: the first one
                way.first.click()
            page.wait_for_function("code => !document.querySelector(`#hand [data-card='${code}']`)", arg=code)
            break
        plays += 1
    assert takers == {"Anna", "Bob"} and plays == 48
    assert page.locator("#round-summary[open], #match-end[open]").count() == 1


@pytest.mark.parametrize(("spec", "viewport", "heads"), [
    ({"profile": "pisti", "players": 3}, {"width": 1280, "height": 800}, ["You", "Eleni", "Nikos"]),
    ({"profile": "greek", "players": 4}, {"width": 390, "height": 844}, ["You+Nik", "Ele+Mar"]),
    ({"profile": "fourcard", "players": 6, "partnerships": False}, {"width": 320, "height": 568},
     ["You", "Ele", "Nik", "Mar", "Yan", "Sof"]),
])
def test_the_scores_explanation_has_a_column_per_side(browser, site_url, page_watch, spec, viewport, heads):
    """Tapping the score at three sides or more opened nothing (an error unpacking two sides), and at four
    in partnerships its columns said "You" and "Bot" over the two teams' figures."""
    from .overlaps import layout_problems

    touch = viewport["width"] < 900
    context = browser.new_context(service_workers="block", reduced_motion="reduce", viewport=viewport,
                                  has_touch=touch, is_mobile=touch)
    page = context.new_page()
    page_watch.attach(page)
    try:
        page.goto(f"{site_url}/index.html?seed=3&level=easy&rules={rules_param(spec)}")
        wait_ready(page, page_watch)
        settle(page)
        page.click("#hand [data-card]:not([disabled])")
        settle(page)
        page.click("#score")
        page.wait_for_selector("#scoring[open]")
        shown = page.locator("#scoring .scoring-live thead th").all_inner_texts()[1:]
        assert [head.lower() for head in shown] == [head.lower() for head in heads], shown
        points = [int(x) for x in page.locator("#scoring .scoring-live tbody tr").first.locator("td").all_inner_texts()]
        assert len(points) == len(heads)
        assert not layout_problems(page, touch=touch), layout_problems(page, touch=touch)
        assert not page_watch.problems(), page_watch.problems()
    finally:
        context.close()
