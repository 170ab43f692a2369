"""The page's lessons (``?learn=1``, ``?learn=sums``): a first hand at the Greek table and one at the
open table, written as data in ``lessons.json`` beside this module (each a
:class:`~kseri.scenes.lesson.LessonScript`: a scene in the scene notation and a step per play of
yours, its fields by name) for :mod:`kseri.scenes.lesson` to follow. Guide authors write more the same way.

Each hand is a round's last: the stock is empty (``end=yes``), so the last capture takes what is
left. The texts are English msgids, translated when shown (``kseri/i18n``; the catalog's tests read
them from the scripts: :meth:`~kseri.scenes.lesson.LessonScript.messages`).

>>> sorted(LESSONS), lesson_named("1").name, lesson_named("pisti").name, lesson_named("sums").table
(['greek', 'sums'], 'greek', 'greek', 'sums')
>>> lesson_named("chess") is None
True
>>> all(len(script.spec().plays) == 2 * len(script.steps) for script in LESSONS.values())
True
>>> read_lessons('[{"name": "x", "steps": [{"prompt": "Go"}]}]')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kseri.scenes.errors.SceneError: scene: lessons: lesson 1: ...missing 2 required ... arguments: 'after' and 'wrong'
"""

from __future__ import annotations

import json
from pathlib import Path

from kseri.engine.rules import PROFILES
from kseri.scenes.errors import SceneError
from kseri.scenes.lesson import LessonScript, LessonStep

__all__ = ["GREEK_LESSON", "LESSONS", "LESSONS_FILE", "SUMS_LESSON", "lesson_for_table", "lesson_named",
           "read_lessons"]

LESSONS_FILE = Path(__file__).resolve().with_name("lessons.json")
"""The page's lessons: a JSON list of scripts, each an object with :class:`~kseri.scenes.lesson.LessonScript`'s
fields (``steps`` a list of objects with :class:`~kseri.scenes.lesson.LessonStep`'s)."""


def read_lessons(text: str) -> dict[str, LessonScript]:
    """The lesson scripts in ``text`` (the format of :data:`LESSONS_FILE`), by name; a :class:`SceneError`
    naming the lesson and what is wrong with it if one does not read."""
    try:
        scripts = json.loads(text)
    except ValueError as exc:
        raise SceneError(f"lessons: not JSON ({exc})") from None
    found: dict[str, LessonScript] = {}
    for number, fields in enumerate(scripts if isinstance(scripts, list) else [scripts], 1):
        try:
            steps = tuple(LessonStep(**step) for step in fields["steps"])
            script = LessonScript(**{**fields, "steps": steps})
        except (TypeError, KeyError) as exc:  # not an object, a field missing or unknown
            raise SceneError(f"lessons: lesson {number}: {exc}") from None
        found[script.name] = script
    return found


LESSONS: dict[str, LessonScript] = read_lessons(LESSONS_FILE.read_text(encoding="utf-8"))
"""The lessons by name (``learn=``)."""
GREEK_LESSON = LESSONS["greek"]
"""The first hand at the Greek table."""
SUMS_LESSON = LESSONS["sums"]
"""The first hand at the open table."""
_BY_TABLE: dict[str, LessonScript] = {PROFILES[lesson.table].table: lesson for lesson in (GREEK_LESSON, SUMS_LESSON)}
"""The first lesson at each kind of table, by the engine's table id (the pile tables share the Greek one)."""


def lesson_for_table(table: str) -> LessonScript:
    """The lesson for a kind of table (:attr:`kseri.engine.rules.Rules.table`): the open table's, else the Greek."""
    return _BY_TABLE.get(table, GREEK_LESSON)


def lesson_named(value: str) -> LessonScript | None:
    """The lesson a ``learn=`` value asks for: ``1`` (or ``yes``, ``greek``) the Greek one, a profile name
    its table's, ``sums`` the open table's; None for anything else."""
    value = value.strip().lower()
    if value in ("1", "yes", "true", "greek"):
        return GREEK_LESSON
    if value in LESSONS:
        return LESSONS[value]
    if value in PROFILES:
        return lesson_for_table(PROFILES[value].table)
    return None
