"""The lesson's panel and the offers of a lesson, as HTML (pure Python).

The panel sits above the table while a lesson runs (:mod:`kseri.web.lesson_ui`): the lesson's title
and step, what was said about your last play (right, or why not), and what to look for now; once the
hand is over, how it ended and where to go next.

>>> from kseri.scenes.lesson import lesson_session, lesson_of
>>> from kseri.scenes.lessons import GREEK_LESSON
>>> session = lesson_session(GREEK_LESSON)
>>> html = panel_html(lesson_of(session), points=None, saved_game=False)
>>> "Step 1 of 6" in html and "The top card of the pile is the 5♥" in html
True
>>> 'data-action="leave-lesson"' in html, 'data-action="lesson-again"' in html
(True, False)
>>> try:
...     session.play_human("10S")
... except Exception:
...     pass
>>> 'class="lesson-feedback wrong"' in panel_html(lesson_of(session), points=None, saved_game=False)
True
"""

from __future__ import annotations

from html import escape

from kseri.i18n import _, ngettext
from kseri.scenes.lesson import Lesson
from kseri.scenes.lessons import LESSONS
from kseri.web.button_html import button_html

__all__ = ["PANEL_ID", "offer_html", "panel_html"]

PANEL_ID = "lesson"


def _button(action: str, label: str, *, solid: bool = False, learn: str = "") -> str:
    return button_html(escape(label), classes=f'btn {"solid" if solid else "ghost"}', data_action=action,
                       data_learn=learn or False)


def panel_html(lesson: Lesson, *, points: int | None, saved_game: bool, majority: int = 0) -> str:
    """The panel for ``lesson`` as it stands; ``points``: yours in the hand once it is over (None before),
    ``majority`` of them for the most cards (your stack shows the points before it, so the panel says it);
    ``saved_game``: whether a game of yours waits to be resumed (the way out says so)."""
    script = lesson.script
    total = len(script.steps)
    done = lesson.finished and points is not None
    step = _("Hand over") if done else _("Step {n} of {total}").format(n=lesson.step_number, total=total)
    head = (f'<p class="lesson-head"><b id="lesson-title">{escape(_(script.title))}</b> '
            f'<span class="lesson-step">{escape(step)}</span></p>')
    said = ""
    feedback = lesson.feedback
    if feedback is not None:
        kind = "right" if feedback.right else "wrong"
        text = feedback.text if feedback.right else feedback.text + " " + _("Try again.")
        mark = "✓" if feedback.right else "✗"
        said = (f'<p class="lesson-feedback {kind}"><span class="lesson-mark" aria-hidden="true">{mark}</span> '
                f'{escape(text)}</p>')
    elif lesson.made == 0:
        said = f'<p class="lesson-intro">{escape(_(script.intro))}</p>'
    if done:
        made = (ngettext("You made {n} point in this hand, with {bonus} for the most cards.",
                         "You made {n} points in this hand, with {bonus} for the most cards.", points or 0) if majority
                else ngettext("You made {n} point in this hand.", "You made {n} points in this hand.", points or 0))
        made = made.format(n=points, bonus=majority)
        now = f'<p class="lesson-prompt">{escape(_(script.outro))} {escape(made)}</p>'
        other = next(name for name in LESSONS if name != script.name)
        other_label = _(LESSONS[other].title)  # "Learn to play: the open table", and so on
        # The way on first (on a small phone the three share rows, and the keyboard meets them in this order).
        actions = (_button("leave-lesson", _("Back to your game") if saved_game else _("Play a match"), solid=True)
                   + _button("lesson-again", _("Play it again"))
                   + _button("learn", other_label, learn=other))
    else:
        prompt = lesson.prompt()
        now = f'<p class="lesson-prompt">{escape(prompt)}</p>' if prompt else ""
        leave = escape(_("Leave the lesson"))
        actions = (f'<button type="button" class="btn ghost lesson-leave" data-action="leave-lesson" '
                   f'aria-label="{leave}" title="{leave}"><span class="lesson-leave-x" aria-hidden="true">×</span>'
                   f'<span class="lesson-leave-label" aria-hidden="true">{leave}</span></button>')
    return (f'<div class="lesson-text">{head}<div class="lesson-said" role="status" aria-live="polite" '
            f'aria-atomic="true">{said}{now}</div></div><div class="banner-actions">{actions}</div>')


def offer_html(learn: str = "", *, solid: bool = True) -> str:
    """A button that starts a lesson (``learn``: which; none: the one for the table in play); ``solid``:
    the gold button (not where another is the one to press).

    >>> 'data-action="learn" data-learn="sums"' in offer_html("sums")
    True
    """
    button = _button("learn", _("Learn by playing a short hand"), learn=learn, solid=solid)
    return f'<p class="lesson-offer">{button}</p>'
