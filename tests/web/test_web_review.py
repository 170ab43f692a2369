"""The review's HTML (kseri.web.review_render): one play at a time, its buttons, its mistakes, its keys."""

from __future__ import annotations

import re

import pytest

from kseri import i18n
from kseri.table.review import ReviewedPlay
from kseri.table.views import HintEntry
from kseri.web.review_render import review_button_html, review_html, review_move, review_progress_html


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.set_language("en")


def play(number: int, played: str, loss: float, *, mistake: bool = False) -> ReviewedPlay:
    hand = ("9D", "5S", "KD")
    values = {"9D": 2.0, "5S": 2.0 - (loss if played == "5S" else 3.0), "KD": 2.0 - (loss if played == "KD" else 1.0)}
    choices = tuple(HintEntry(c, v, best=v == 2.0, loss=round(2.0 - v, 1))
                    for c, v in sorted(values.items(), key=lambda kv: -kv[1]))
    return ReviewedPlay(number=number, index=2 * number - 2, played=played, hand=hand, pile=("AC", "9S"),
                        choices=choices, loss=loss, mistake=mistake)


PLAYS = [play(1, "9D", 0.0), play(2, "5S", 4.0, mistake=True), play(3, "KD", 0.4), play(4, "5S", 1.5, mistake=True)]


def test_the_first_play_has_no_previous_and_the_last_no_next() -> None:
    first, last = review_html(PLAYS, 0, number=2), review_html(PLAYS, 3, number=2)
    assert re.search(r'data-action="review-prev"[^>]*disabled', first)
    assert not re.search(r'data-action="review-next"[^>]*disabled', first)
    assert re.search(r'data-action="review-next"[^>]*disabled', last)
    assert "Play 1 of 4" in first and "Play 4 of 4" in last
    assert 'id="round-summary-title"' in first and "Round 2, your plays" in first


def test_a_play_shows_the_pile_top_your_hand_and_what_each_card_was_worth() -> None:
    html = review_html(PLAYS, 1, number=1)
    assert 'class="review-card" role="img" data-card="9S"' in html and "1 card under it" in html
    cards = re.findall(r'<li class="review-card([^"]*)" data-card="(\w+)"', html)
    assert [code for _, code in cards] == ["9D", "5S", "KD"]  # in hand order
    assert "is-best" in cards[0][0] and "is-played" in cards[1][0]
    assert "★" in html and "−4.0" in html and "−1.0" in html
    assert "Big mistake" in html and "is-mistake" in html
    assert "You played <b>5♠</b>: about 4.0 points fewer by the round's end than <b>9♦</b>." in html


def test_the_mistakes_costliest_first_each_a_button_to_its_play() -> None:
    html = review_html(PLAYS, 3, number=1)
    jumps = re.findall(r'data-action="review-goto" data-play="(\d)"( aria-current="true")?>([^<]*)<', html)
    assert [(at, text) for at, _, text in jumps] == [("1", "Play 2: 5♠, −4.0"), ("3", "Play 4: 5♠, −1.5")]
    assert [bool(current) for _, current, _ in jumps] == [False, True]
    calm = review_html([play(1, "9D", 0.0), play(2, "KD", 0.4)], 0, number=1)
    assert "None that cost a point or more" in calm and "review-goto" not in calm
    assert "1 of your 2 plays were among the best" in calm


def test_no_plays_and_the_progress_and_the_button() -> None:
    assert "You made no play this round." in review_html([], 0, number=1)
    html = review_progress_html(0, 24, 1)
    assert 'role="progressbar"' in html and "0 of 24" in html and 'data-action="review-back"' in html
    assert 'data-action="review"' in review_button_html()


@pytest.mark.parametrize(("at", "key", "to"), [(0, "ArrowLeft", 0), (0, "ArrowRight", 1), (3, "ArrowRight", 3),
                                               (2, "Home", 0), (0, "End", 3), (2, "x", 2)])
def test_the_keys_move_within_the_plays(at: int, key: str, to: int) -> None:
    assert review_move(at, key, 4) == to


def test_a_round_without_a_loss_and_a_last_card_are_said_so() -> None:
    """"about 0.0 points given away in all" read as a rounding of something; a round's last card was
    "every play you could make was worth the same" with one card in hand."""
    best = [play(1, "9D", 0.0)]
    assert "no points given away" in review_html(best, 0, number=1)
    last = ReviewedPlay(number=12, index=22, played="7C", hand=("7C",), pile=("AC",),
                        choices=(HintEntry("7C", -3.0, best=True, loss=0.0),), loss=0.0)
    assert "the only play you could make" in review_html([last], 0, number=1)
