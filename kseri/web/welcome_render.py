"""The welcome a first visit opens with (``#welcome``): the game already dealt, one tap to play it,
and the way to the full new-game screen (pure Python).

>>> from kseri.engine.rules import GREEK
>>> from kseri.i18n import set_language
>>> _ = set_language("en")
>>> html = welcome_html(GREEK, "Medium")
>>> '<h2 id="welcome-title">' in html, "Greek" in html, "Medium" in html, 'data-action="learn"' in html
(True, True, True, True)
>>> play_label(GREEK)
'Play Greek Kseri'
"""

from __future__ import annotations

from html import escape

from kseri.engine.rules import Rules
from kseri.i18n import _
from kseri.table.newgame import PLAY_LABELS, table_title
from kseri.web.lesson_render import offer_html

__all__ = ["play_label", "welcome_html"]


def play_label(rules: Rules) -> str:
    """The welcome's big button: it names the game it deals."""
    return _(PLAY_LABELS[rules.profile])


def welcome_html(rules: Rules, level: str) -> str:
    """The welcome's heading and words: which game is dealt and against whom."""
    dealt = _("Your first game is dealt: {game}, you against a bot ({level}). The rules are one tap away "
              "while you play.").format(game=table_title(rules), level=level)
    other = _("Or choose another game: four tables, up to six players, friends sharing this device.")
    # The table's rule in one sentence is not repeated here: the first visit's tip (#intro, under the
    # welcome) says it, and stays in view while the first game is played.
    return (f'<h2 id="welcome-title">{escape(_("Welcome to Kseri"))}</h2>'
            f'<p class="sub">{escape(dealt)}</p><p class="welcome-other">{escape(other)}</p>'
            + offer_html(solid=False))  # a newcomer's first hand, guided (the lesson of the table dealt)
