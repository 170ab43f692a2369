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
>>> 'data-action="set-language" data-lang="el" lang="el">Ελληνικά</button>' in html  # the other language
True
"""

from __future__ import annotations

from html import escape

from kseri.engine.rules import Rules
from kseri.i18n import LANGUAGES, _, language
from kseri.table.newgame import PLAY_LABELS, table_title
from kseri.web.lesson_render import offer_html
from kseri.web.render import LANGUAGE_NAMES

__all__ = ["language_offer_html", "play_label", "welcome_html"]


def play_label(rules: Rules) -> str:
    """The welcome's big button: it names the game it deals."""
    return _(PLAY_LABELS[rules.profile])


def language_offer_html() -> str:
    """The welcome's way to each other language, named in that language: the welcome is modal, so the
    header's switch behind it cannot be reached until it closes, and a first visit may open in a
    language its reader does not read."""
    return "".join(f'<button type="button" class="btn ghost dark welcome-lang" data-action="set-language" '
                   f'data-lang="{lang}" lang="{lang}">{escape(LANGUAGE_NAMES[lang][1])}</button>'
                   for lang in LANGUAGES if lang != language())


def welcome_html(rules: Rules, level: str) -> str:
    """The welcome's heading and words: which game is dealt and against whom."""
    dealt = _("Your first game is dealt: {game}, you against a bot ({level}). The rules are one tap away "
              "while you play.").format(game=table_title(rules), level=level)
    other = _("Or choose another game: four tables, up to six players, friends sharing this device.")
    # The table's rule in one sentence is not repeated here: the first visit's tip (#intro, under the
    # welcome) says it, and stays in view while the first game is played.
    return (language_offer_html() + f'<h2 id="welcome-title">{escape(_("Welcome to Kseri"))}</h2>'
            f'<p class="sub">{escape(dealt)}</p><p class="welcome-other">{escape(other)}</p>'
            + offer_html(solid=False))  # a newcomer's first hand, guided (the lesson of the table dealt)
