"""The review's board says one thing (issue 24): the card its words call best carries the ★, every ★
is a card the words would call best, and the hand stays in one row whatever its size."""

from __future__ import annotations

import re

from kseri.i18n import set_language
from kseri.table.review import ReviewedPlay
from kseri.table.views import HintEntry
from kseri.web.render import hand_html, hint_note_html
from kseri.web.review_render import review_html


def stars(html: str) -> set[str]:
    """The hand's cards on the review's board that carry the ★."""
    return {code for code, body in re.findall(r'<li class="review-card[^"]*" data-card="(\w+)"[^>]*>(.*?)</li>', html)
            if "★" in body}


def test_a_card_a_hair_behind_the_best_is_marked_as_the_words_name_it():
    """Two kings best at 3.00, the 8♥ played at 2.97: its loss shows as 0.0 and the words say it was one
    of the best plays; before, only the kings carried the ★ (the position the issue describes)."""
    set_language("en")
    choices = (HintEntry("KH", 3.0, best=True), HintEntry("KS", 3.0, best=True),
               HintEntry("8H", 3.0, best=False, loss=0.0), HintEntry("4C", 1.2, best=False, loss=1.8))
    play = ReviewedPlay(number=1, index=0, played="8H", hand=("KH", "8H", "KS", "4C"), pile=("9D",),
                        choices=choices, loss=0.0)
    html = review_html([play], 0, number=1)
    assert "one of the best plays" in html
    assert stars(html) == {"KH", "KS", "8H"}
    assert "1 of your 1 play was among the best" in html


def test_the_hints_words_name_every_starred_card():
    set_language("en")
    hints = {"KH": HintEntry("KH", 3.0, best=True, way="takes 2 cards"),
             "8H": HintEntry("8H", 3.0, best=False, loss=0.02, way="lays it down"),
             "4C": HintEntry("4C", 1.0, best=False, loss=2.0)}
    hand = ("4C", "KH", "8H")
    cards = hand_html(hand, enabled=True, hints=hints)
    assert cards.count(">★<") == 2
    note = hint_note_html([hints[code] for code in hand])
    assert note.count('hint-line best') == 1
    # their reasons differ: no one reason after both (it read as if each did that); each card's own line has it
    assert '<span class="hint-line best" data-place="2">Equally best: <b>K♥ 8♥</b></span>' in note
    assert "Best: <b>8♥</b> — lays it down" in note
    same = [HintEntry("KH", 3.0, best=True, way="lays it down"), HintEntry("8H", 3.0, best=True, way="lays it down")]
    assert "Equally best: <b>K♥ 8♥</b> — lays it down" in hint_note_html(same)


def test_the_hand_row_knows_its_size():
    set_language("en")
    hand = ("2D", "8H", "JD", "8D", "7H", "AH")
    choices = tuple(HintEntry(code, 1.0 - i, best=i == 0, loss=float(i)) for i, code in enumerate(hand))
    play = ReviewedPlay(number=1, index=0, played="2D", hand=hand, pile=(), choices=choices, loss=0.0)
    assert 'class="review-cards" style="--n:6"' in review_html([play], 0, number=1)
