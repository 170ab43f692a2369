"""Lessons (kseri.scenes.lesson, kseri.scenes.lessons): the scripts check out, the expected plays
complete them, and every other play is refused with the step's explanation."""

from __future__ import annotations

import dataclasses

import pytest

from kseri.i18n import set_language
from kseri.scenes.errors import SceneError
from kseri.scenes.lesson import LessonMoveError, lesson_of, lesson_session
from kseri.scenes.lessons import LESSONS
from kseri.table.seats import SessionError
from kseri.table.takeback import can_take_back


def legal_moves(session) -> list[str]:
    return [str(move) if not hasattr(move, "code") else move.code for move in session.match.round.legal_moves()]


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_the_expected_plays_complete_the_lesson(name):
    session = lesson_session(LESSONS[name])
    lesson = lesson_of(session)
    assert lesson is not None and session.phase == "human"
    steps = 0
    while session.phase != "round_over":
        if session.phase == "bot":
            assert session.think()
            session.play_bot()
            continue
        steps += 1
        assert lesson.step_number == steps and lesson.prompt()
        session.play_human(lesson.expected())
        assert lesson.feedback is not None and lesson.feedback.right and lesson.feedback.text
    assert steps == len(LESSONS[name].steps) and lesson.finished and lesson.mistakes == 0
    assert lesson.prompt() == "" and not session.match.is_over


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_other_play_is_refused_with_the_steps_explanation(name):
    session = lesson_session(LESSONS[name])
    lesson = lesson_of(session)
    assert lesson is not None
    while session.phase != "round_over":
        if session.phase == "bot":
            session.play_bot()
            continue
        expected = lesson.expected()
        before = (session.view(), lesson.made)
        for move in legal_moves(session):
            if move == expected:
                continue
            with pytest.raises(LessonMoveError) as refused:
                session.play_human(move)
            assert str(refused.value) and lesson.feedback is not None and not lesson.feedback.right
            assert (session.view(), lesson.made) == before  # nothing was played: try again
        session.play_human(expected)


def test_a_lesson_speaks_greek():
    try:
        set_language("el")
        session = lesson_session(LESSONS["greek"])
        lesson = lesson_of(session)
        assert lesson is not None and "5♥" in lesson.prompt() and lesson.prompt() != LESSONS["greek"].steps[0].prompt
        with pytest.raises(LessonMoveError) as refused:
            session.play_human("10S")
        assert str(refused.value) != LESSONS["greek"].steps[0].wrong
    finally:
        set_language("en")


def test_a_lesson_is_neither_saved_nor_shared_nor_taken_back():
    session = lesson_session(LESSONS["sums"])
    with pytest.raises(SessionError):
        session.to_save()
    with pytest.raises(SessionError):
        session.record_text()
    with pytest.raises(SessionError):
        session.hint_step()
    session.play_human("7H:4D+3C")  # the cards taken may be named in any order
    session.play_bot()
    assert not can_take_back(session)


def test_a_script_that_does_not_fit_its_scene_is_refused():
    script = LESSONS["greek"]
    with pytest.raises(SceneError, match="6 plays of yours, but 5 steps"):
        lesson_session(dataclasses.replace(script, steps=script.steps[:5]))
    with pytest.raises(SceneError, match="is not in"):
        lesson_session(dataclasses.replace(script, scene=script.scene.replace("plays=5S", "plays=5D")))
    with pytest.raises(SceneError, match="first=0"):
        lesson_session(dataclasses.replace(script, scene=script.scene + "; first=1"))
