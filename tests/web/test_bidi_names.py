"""People's names in the rendered HTML sit in a directional isolate (issue #22): a right-to-left name, or
one crafted with a right-to-left override, cannot reorder the sentence around it. The override itself is
dropped when the name is kept (``kseri.table.seat_plan.clean_name``); every name the page shows comes
wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (``kseri.engine.text.isolated``, the plain-text
``<bdi>``, which also holds in attributes and in what screen readers are told)."""

from __future__ import annotations

import re

from kseri.engine.rules import rules_from_spec
from kseri.engine.text import FSI, PDI, isolated
from kseri.scenes import from_text
from kseri.table.session import GameSession
from kseri.web import render, seats_render
from kseri.web.embed_render import step_html

OVERRIDE = "\u202e"
CRAFTED = OVERRIDE + "Anna"
"""A name typed or linked with a right-to-left override: what the table keeps is "Anna"."""
HEBREW = "\u05d3\u05e0\u05d4"
"""A right-to-left name ("Dana")."""
NAMES = ("Anna", HEBREW)


def people() -> GameSession:
    """Four seats, partners: the two people (named as above) in seats 0 and 2, bots between them."""
    session = GameSession.new(rules=rules_from_spec({"profile": "fourcard", "players": 4, "partnerships": True}),
                              seed=3, level="easy")
    session.set_people((0, 2), (CRAFTED, "", HEBREW))
    return session


def every_name_isolated(html: str) -> None:
    """Each name appears, and only inside its isolate; isolates balance; no override is left."""
    assert OVERRIDE not in html
    assert html.count(FSI) == html.count(PDI) > 0
    shown = [name for name in NAMES if name in html]
    assert shown, html
    for name in shown:
        assert html.count(name) == html.count(isolated(name)), (name, html)
    for inside in re.findall(f"{FSI}(.*?){PDI}", html):  # an isolate holds a name (cut or whole), nothing else
        assert any(name.startswith(inside) for name in NAMES), inside


def play_to(session: GameSession, phase: str) -> None:
    while session.phase != phase:
        if session.phase == "bot":
            session.play_bot()
        elif session.handover is not None:
            session.take_seat()
        else:
            session.play_human(session.view().hand[0])


def test_the_pass_screen_its_button_and_the_turn_line():
    session = people()
    play_to(session, "human")
    if session.handover is None:  # the first person holds the device: play on to the next pass
        session.play_human(session.view().hand[0])
        while session.handover is None:
            session.play_bot()
    view = session.view()
    screen = seats_render.handover_html(view)
    every_name_isolated(screen)
    name = view.sides[view.handover].name
    assert f">Pass the device to {name}</p>" in screen and f"I am {name}: show my cards</button>" in screen
    status = render.status_html(view)
    every_name_isolated(status)
    assert f"Pass the device to {name}<" in status  # the sentence's words stay in their order around it


def test_the_score_the_seats_and_the_summaries():
    session = people()
    play_to(session, "human")
    view = session.view()
    for html in (seats_render.seats_score_html(view), seats_render.seats_html(view, {"easy": "Easy"})):
        every_name_isolated(html)
    assert seats_render.side_labels(view)[0] == f"{isolated('Anna')} & {isolated(HEBREW)}"
    short = seats_render.short_labels(view)
    assert short[0] == f"{isolated('Ann')}+{isolated(HEBREW)}"  # cut inside the isolate, never across it
    play_to(session, "round_over")
    labels = seats_render.side_labels(session.view())
    summary = seats_render.seats_round_summary_html(session.round_summary(), labels, -1, short)
    every_name_isolated(summary)
    ending = seats_render.seats_match_end_html(session.match_summary(), labels, -1, short=short)
    every_name_isolated(ending)


def test_a_scene_s_names_from_its_link():
    scene = from_text(f"names={CRAFTED}|{HEBREW}; pile=10D; hands=10S,3H|KC,8D; plays=10S")
    assert scene.names == (isolated("Anna"), isolated(HEBREW))
    html = step_html(scene, 1)
    every_name_isolated(html)
    caption = scene.steps[1].caption
    assert caption.startswith(f"{isolated('Anna')}'s 10♠ takes") and OVERRIDE not in caption
