"""Scenes in Greek: every caption the engine's events can produce, the default seat names, and the
embed board's words (kseri.web.embed_render), with no English word left (tests/web/test_web_greek.py's rule).

The language is set before a scene is built: its captions are written then, once.
"""

from __future__ import annotations

import dataclasses
import itertools
import re

import pytest

from kseri import i18n
from kseri.engine.cards import Card
from kseri.engine.events import PlayEvent
from kseri.engine.rules import PROFILES
from kseri.scenes import SceneError, from_text
from kseri.scenes.captions import describe_table, owner, play_caption
from kseri.web.embed_render import board_html, error_html, step_html
from tests.web.test_web_greek import assert_greek

SCENES = (
    "pile=10D;hands=10S,3H|KC,8D;plays=10S",
    "title=Ξερή με βαλέ;pile=JH;plays=JC",
    "pile=10D;hands=JS,3H|KC,8D;plays=JS",
    "hands=JS,6D|JD,KH;plays=JS,JD",
    "pile=5S,9D;hands=KS,4D|KD,2C;plays=KS,KD,4D,2C;end=yes",
    "pile=5S,9D,8C;hands=KS|4D;plays=KS,4D;end=yes",
    "rules=fourcard;pile=5D;hands=5S,7C|7H;plays=5S,7H,7C",
    "rules=fourcard;pile=JH;plays=JC",
    "pile=2D,KS,5H,8C;hands=8S,QC|JH,7D;plays=8S,7D,QC,JH",
    "pile=5D;plays=5S",
    "hands=5S|6H;plays=5S,6H",
)


@pytest.fixture(autouse=True)
def greek():
    i18n.set_language("el")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("text", SCENES)
def test_every_caption_and_board_of_a_scene_in_greek(text):
    scene = from_text(text)
    for index, step in enumerate(scene.steps):
        assert_greek(f"<p>{step.caption}</p>")
        assert_greek(step_html(scene, index))
    assert_greek(board_html(scene))


def test_default_names_and_a_kseri_in_greek():
    scene = from_text("pile=10D;hands=10S,3H|KC,8D;plays=10S")
    assert scene.names == ("Νότος", "Βορράς")
    assert scene.steps[0].caption == "Στο τραπέζι είναι μόνο ένα φύλλο, το 10♦. Παίζει: Νότος."
    assert scene.steps[-1].caption == ("Νότος: το 10♠ παίρνει το μοναχό 10♦: ξερή! +10, "
                                       "και +3 για τα φύλλα (10♦ 2, 10♠ 1): 13 πόντοι.")
    assert owner("Άννα") == "Άννα:"
    html = step_html(scene, 1)
    assert 'aria-label="δεκάρι καρό"' in html and "πόντ." in html


def test_every_kind_of_play_in_greek():
    """Each branch of play_caption, with events made by hand (some need rules no scene notation gives)."""
    jacks_only = dataclasses.replace(PROFILES["greek"], jacks_capture=False)
    cards = [Card.parse(code) for code in ("JS", "7H", "10D")]
    piles = [(), (Card.parse("JH").index,), (Card.parse("7C").index,), (Card.parse("2C").index, Card.parse("7D").index),
             (Card.parse("AS").index, Card.parse("3D").index, Card.parse("7S").index)]
    kinds = ("drop", "capture", "kseri", "jack_kseri")
    sweep = (Card.parse("KD"), Card.parse("4C"))
    for rules, card, pile, kind, bonus, end in itertools.product(
            (PROFILES["greek"], PROFILES["fourcard"], jacks_only), cards, piles, kinds, (0, 10), range(4)):
        if kind != "drop" and not pile:
            continue
        event = PlayEvent(seat=end % 2, card=card, kind=kind, bonus=bonus, dealt=end == 1, round_over=end >= 2,
                          sweep=sweep[:end - 1] if end >= 2 else (), sweep_seat=0 if end >= 2 else None)
        assert_greek(f"<p>{play_caption(event, pile, ('Νότος', 'Βορράς'), rules)}</p>")
    for pile in piles:
        assert_greek(f"<p>{describe_table(pile)}</p>")


def test_the_error_board_in_greek():
    html = error_html("scene: unknown key 'hand'")
    assert "Αυτή η σκηνή δεν μπορεί να εμφανιστεί." in html
    # The notation's own message stays as written (it quotes the notation), and the docs page keeps its name.
    assert "embed-docs.el.html" in html  # the Greek docs, for a Greek frame
    assert_greek(re.sub(r"<code>.*?</code>|embed-docs\.el\.html", "", html))


def test_english_scenes_are_unchanged():
    i18n.set_language("en")
    scene = from_text("pile=10D;hands=10S,3H|KC,8D;plays=10S")
    assert scene.names == ("South", "North")
    assert scene.steps[-1].caption == ("South's 10♠ takes the lone 10♦: kseri! +10, "
                                       "and +3 for the cards (10♦ 2, 10♠ 1): 13 points.")


@pytest.mark.parametrize(("text", "expected"), [
    ("pile=10D;hands=10S,3H|KC,8D;plays=KC", "play 1 is South's turn, but KC is in North's hand (South holds"),
    ("pile=10D;hands=10S|KC;plays=10S,KC,3H", "play 3 (3H) is South's turn, but South has no card left"),
    ("rules=sums;table=3C;hands=7H|9C;plays=9C", "play 1: 9C is not in South's hand [7H]"),
    ("names=Άννα|Θωμάς;pile=10D;hands=10S|KC;plays=KC", "play 1 is \u2068Άννα\u2069's turn"),
])
def test_errors_name_default_seats_in_english_as_the_rest_of_the_message(text, expected):
    """A scene's errors are English in every frame (they quote the notation): a Greek frame's default seats
    are named in English there, not spliced in as "Νότος's turn"; an author's own names stay as given."""
    with pytest.raises(SceneError) as caught:
        from_text(text)
    assert expected in str(caught.value)
    assert "Νότος" not in str(caught.value) and "Βορράς" not in str(caught.value)
