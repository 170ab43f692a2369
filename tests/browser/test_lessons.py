"""Learn to play (issue 25): the Greek and the open-table lessons completed by clicking the prompted moves,
a wrong move answered with the lesson's explanation, and the way in from the rules and back to the game."""

from __future__ import annotations

import json
import re

import pytest

from kseri.engine.cards import played_code
from kseri.scenes.lessons import LESSONS
from kseri.scenes.notation import parse
from tests.browser.test_game import open_table, settle, state, table_part

pytestmark = pytest.mark.browser

YOUR_TURN = ("() => document.body.dataset.busy === 'false' "
             "&& document.querySelector('#hand [data-card]:not([disabled])')")


RIGHT_AFTER = ("after => (document.querySelector('#lesson .lesson-feedback.right') || {}).innerText"
               "?.includes(after)")


STEP_SHOWN = "label => document.querySelector('#lesson .lesson-step').innerText.startsWith(label)"


def your_moves(name: str) -> list[str]:
    return list(parse(LESSONS[name].scene).plays[0::2])


def play(page, move: str) -> None:
    """Click the card of ``move`` (and, at the open table, the way of playing it, when asked)."""
    page.wait_for_function(YOUR_TURN)
    page.click(f'#hand [data-card="{played_code(move)}"]')
    ways = page.locator("#ways:not([hidden]) button[data-move]")
    if ways.count():
        page.click(f'#ways button[data-move="{move}"]')


def feedback(page) -> str:
    return page.locator("#lesson .lesson-feedback").inner_text()


@pytest.mark.parametrize("name", ["greek", "sums"])
def test_a_lesson_completed_by_clicking_the_prompted_moves(open_game, game_page, name):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game(f"?learn={'1' if name == 'greek' else name}")
    assert page.evaluate("() => document.body.dataset.lesson") == LESSONS[name].table
    assert page.locator("#lesson").is_visible()
    assert page.locator("#lesson .lesson-step").inner_text() == f"Step 1 of {len(LESSONS[name].steps)}"
    assert page.locator("[data-action=undo]").is_hidden() and page.locator("#hint-button").is_disabled()
    page.wait_for_function(YOUR_TURN)
    page.keyboard.press("h")  # the lesson says what to look for; the button is not left busy (it stayed so)
    page.wait_for_selector("#notice :text('the lesson itself says what to look for')")
    assert page.evaluate("() => document.querySelector('#hint-button').getAttribute('aria-busy')") == "false"
    # A wrong move first: the lesson's explanation, and nothing is played.
    page.wait_for_function(YOUR_TURN)
    before = table_part(state(page))
    wrong = "JD" if name == "greek" else "8C"
    page.click(f'#hand [data-card="{wrong}"]')
    page.wait_for_selector("#lesson .lesson-feedback.wrong")
    step = LESSONS[name].steps[0]
    assert feedback(page).endswith("Try again.")
    assert (step.why.get(wrong) or step.wrong) in feedback(page)
    assert table_part(state(page)) == before
    for number, move in enumerate(your_moves(name), 1):
        page.wait_for_function(STEP_SHOWN, arg=f"Step {number} of")  # after the bot's reply to the last step
        play(page, move)
        # The previous step's feedback is still shown until this move is judged: wait for this step's.
        page.wait_for_function(RIGHT_AFTER, arg=LESSONS[name].steps[number - 1].after)
    page.wait_for_selector("#lesson [data-action=lesson-again]")
    said = re.search(r"You made (\d+) points? in this hand(?:, with (\d+) for the most cards)?\.",
                     page.locator("#lesson").inner_text())
    assert said, page.locator("#lesson").inner_text()
    # Your stack shows the points before the most cards' bonus: the panel says what makes up the difference.
    stack = int(re.search(r"(\d+) pts?", page.locator("#you-area").inner_text()).group(1))
    assert int(said.group(1)) - int(said.group(2) or 0) == stack, (said.group(0), stack)
    assert page.evaluate("() => document.activeElement.dataset.action") == "leave-lesson"
    assert not page.locator("dialog[open]").count()  # no round summary: the panel says how it ended
    assert page.evaluate("() => localStorage.getItem('kseri.save')") is None  # a lesson is never saved
    page.click("#lesson [data-action=leave-lesson]")
    s = settle(page)
    assert page.evaluate("() => document.body.dataset.lesson") is None and page.locator("#lesson").is_hidden()
    assert s["phase"] == "human" and len(s["hand"]) == 6  # no saved game: a new match at the lesson's table
    assert "learn=" not in page.url


def test_the_rules_offer_a_lesson_and_leaving_it_resumes_the_game(open_game, game_page):
    page = open_table(open_game, game_page, "?seed=17&level=easy")
    page.click("#hand [data-card]:not([disabled])")
    game = table_part(settle(page))
    saved = page.evaluate("() => localStorage.getItem('kseri.save')")
    page.click("#rules-button")
    page.wait_for_selector("#rules[open]")
    page.click("#rules [data-action=learn]")
    page.wait_for_selector("body[data-lesson=greek]")
    assert not page.locator("#rules[open]").count()
    play(page, your_moves("greek")[0])
    page.wait_for_selector("#lesson .lesson-feedback.right")
    assert page.evaluate("() => localStorage.getItem('kseri.save')") == saved  # the game waits, untouched
    page.click("#lesson [data-action=leave-lesson]")
    assert table_part(settle(page)) == game
    assert page.evaluate("() => document.body.dataset.lesson") is None


def test_a_lesson_in_greek(open_game, game_page):
    game_page.emulate_media(reduced_motion="reduce")
    page = open_game("?learn=sums&lang=el")
    page.wait_for_function(YOUR_TURN)
    assert page.locator("#lesson .lesson-step").inner_text() == "Βήμα 1 από 5"
    page.click('#hand [data-card="8C"]')
    page.wait_for_selector("#lesson .lesson-feedback.wrong")
    assert feedback(page).endswith("Δοκίμασε ξανά.")
    assert json.loads(page.evaluate("() => JSON.stringify(document.documentElement.lang)")) == "el"
