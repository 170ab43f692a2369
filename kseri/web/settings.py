"""The player's settings (sound, the table's pace, tap to lift, the looks): read, written and shown as a form
(pure Python).

They live in ``localStorage`` as one small JSON object; anything there that
cannot be read (another version's value, a hand edit) falls back to the
default, field by field, and never raises.

>>> Settings.from_json('{"sound": false, "speed": "fast"}')
Settings(sound=False, speed='fast', lift=False, theme='system', cards='normal', back='blue')
>>> Settings.from_json('{"sound": "loud", "speed": 7}') == Settings()
True
>>> again = Settings.from_json(Settings(sound=False, speed="slow", lift=True, theme="light", back="red").to_json())
>>> again.speed, again.lift, again.theme, again.back
('slow', True, 'light', 'red')

The looks (``theme``, ``cards``, ``back``) are read before the page's first paint too, by
``static/theme.js``, from the same stored object: it sets ``<html data-theme data-cards data-back>``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape
from typing import Literal, TypeVar

from kseri.i18n import N_, _

__all__ = ["BACKS", "SPEEDS", "SPEED_SCALE", "THEMES", "Back", "CardSize", "Settings", "Speed", "Theme",
           "settings_html", "tap_plays"]

Speed = Literal["slow", "normal", "fast"]
SPEEDS: tuple[tuple[Speed, str], ...] = (("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")))
"""The pace choices and their names, in the order the form shows them."""
SPEED_SCALE: dict[Speed, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5}
"""What each pace multiplies the table's animation durations and pauses by."""
Theme = Literal["system", "light", "dark"]
THEMES: tuple[tuple[Theme, str], ...] = (("system", N_("As the system")), ("light", N_("Light")),
                                         ("dark", N_("Dark")))
"""The themes: the system's light or dark setting (``prefers-color-scheme``), or always one."""
CardSize = Literal["normal", "large"]
Back = Literal["blue", "red", "green"]
BACKS: tuple[tuple[Back, str], ...] = (("blue", N_("Blue")), ("red", N_("Red")), ("green", N_("Green")))
"""The card backs (``static/cards/back.svg`` and ``static/cards/backs/``, drawn by devtools/make_cards.py)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Sound on or off (on by default: the sounds are quiet and short), the table's pace,
    whether a tap on a card only lifts it (``lift``: off by default, for touch screens), and the looks:
    the theme (the system's by default), large cards with big corner indices, the card back."""

    sound: bool = True
    speed: Speed = "normal"
    lift: bool = False
    theme: Theme = "system"
    cards: CardSize = "normal"
    back: Back = "blue"

    @property
    def scale(self) -> float:
        """The factor for every animation and pause.

        >>> Settings(speed="slow").scale, Settings().scale
        (1.6, 1.0)
        """
        return SPEED_SCALE[self.speed]

    def to_json(self) -> str:
        return json.dumps({"sound": self.sound, "speed": self.speed, "lift": self.lift, "theme": self.theme,
                           "cards": self.cards, "back": self.back}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None) -> Settings:
        """The settings stored as ``text``; each field that is missing or wrong keeps its default.

        >>> Settings.from_json(None) == Settings.from_json("not json") == Settings.from_json("[1]") == Settings()
        True
        >>> Settings.from_json('{"speed": "slow", "theme": "sepia"}') == Settings(speed="slow")
        True
        """
        try:
            data = json.loads(text) if text else {}
        except (ValueError, RecursionError):
            data = {}
        return cls.from_values(data if isinstance(data, dict) else {})

    @classmethod
    def from_values(cls, values: dict[str, object]) -> Settings:
        """Settings from a form's values (or stored ones): bools ``sound`` and ``lift``, a known ``speed``,
        ``theme`` and ``back``; ``cards`` is ``large`` or not (the form's checkbox gives True or False).

        >>> Settings.from_values({"sound": False, "speed": "fast", "lift": True, "cards": True})
        Settings(sound=False, speed='fast', lift=True, theme='system', cards='large', back='blue')
        >>> Settings.from_values({"sound": 1, "speed": "warp", "lift": "yes", "back": "gold"}) == Settings()
        True
        """
        default = cls()
        sound, speed, lift = values.get("sound"), values.get("speed"), values.get("lift")
        cards = values.get("cards")
        return cls(sound=sound if isinstance(sound, bool) else default.sound,
                   speed=_speed(speed) or default.speed,
                   lift=lift if isinstance(lift, bool) else default.lift,
                   theme=_choice(values.get("theme"), THEMES) or default.theme,
                   cards="large" if cards in (True, "large") else "normal",
                   back=_choice(values.get("back"), BACKS) or default.back)


_Choice = TypeVar("_Choice", bound=str)


def _speed(value: object) -> Speed | None:
    for speed, _name in SPEEDS:
        if value == speed:
            return speed
    return None


def _choice(value: object, choices: tuple[tuple[_Choice, str], ...]) -> _Choice | None:
    for choice, _name in choices:
        if value == choice:
            return choice
    return None


def tap_plays(settings: Settings, lifted: str | None, card: str, *, keyboard: bool) -> bool:
    """Whether a click on ``card`` plays it (else it lifts it): always from the keyboard or with
    ``lift`` off; with ``lift`` on, only when it is the card already lifted.

    >>> lift = Settings(lift=True)
    >>> tap_plays(lift, None, "5H", keyboard=False), tap_plays(lift, "5H", "5H", keyboard=False)
    (False, True)
    >>> tap_plays(lift, "9C", "5H", keyboard=False), tap_plays(lift, None, "5H", keyboard=True)
    (False, True)
    >>> tap_plays(Settings(), None, "5H", keyboard=False)
    True
    """
    return keyboard or not settings.lift or lifted == card


def settings_html(settings: Settings) -> str:
    """The settings form (changes apply at once), set to ``settings``.

    >>> html = settings_html(Settings(sound=False, speed="fast"))
    >>> 'name="sound" checked' in html, 'value="fast" checked' in html, 'value="slow" checked' in html
    (False, True, False)
    """
    sound = _checkbox_html("sound", _("Sound effects"), settings.sound,
                           _("Short, quiet sounds for a card played, a capture, a kseri and the end of a round."),
                           first=True)
    speeds = "".join(_radio_html("speed", speed, name, speed == settings.speed) for speed, name in SPEEDS)
    lift = _checkbox_html("lift", _("Tap to lift, tap again to play"), settings.lift,
                          _("For touch screens: the first tap raises the card, so a slip of the finger plays nothing."))
    note = _("With “reduce motion” set in your system, nothing is animated.")
    return (f'<fieldset class="choice-group"><legend>{escape(_("Sound"))}</legend>{sound}</fieldset>'
            f'<fieldset class="choice-group inline"><legend>{escape(_("Animation speed"))}</legend>{speeds}'
            f'</fieldset><p class="choice-help settings-note">{escape(note)}</p>'
            f'<fieldset class="choice-group"><legend>{escape(_("Playing a card"))}</legend>{lift}</fieldset>'
            + looks_html(settings))


def looks_html(settings: Settings) -> str:
    """The looks: the theme, large cards, the card back (each back shown as a small card).

    >>> html = looks_html(Settings(theme="dark", cards="large", back="green"))
    >>> 'value="dark" checked' in html, 'name="cards" checked' in html, 'value="green" checked' in html
    (True, True, True)
    """
    themes = "".join(_radio_html("theme", theme, name, theme == settings.theme) for theme, name in THEMES)
    large = _checkbox_html("cards", _("Large cards"), settings.cards == "large",
                           _("Bigger cards with big corners: easier to read on a small phone."))
    backs = "".join(
        _radio_html("back", back, name, back == settings.back, kind=" back-choice",
                    picture=f'<img class="back-sample" src="static/cards/'
                            f'{"back.svg" if back == "blue" else f"backs/{back}.svg"}" alt="">')
        for back, name in BACKS)
    return (f'<fieldset class="choice-group inline"><legend>{escape(_("Theme"))}</legend>{themes}</fieldset>'
            f'<fieldset class="choice-group"><legend>{escape(_("Cards"))}</legend>{large}</fieldset>'
            f'<fieldset class="choice-group inline backs"><legend>{escape(_("Card back"))}</legend>{backs}</fieldset>')


def _radio_html(group: str, value: str, name: str, checked: bool, *, kind: str = "", picture: str = "") -> str:
    """One choice of a group of radio buttons: ``name`` is its msgid (translated here), ``picture`` is
    shown before it.

    >>> _radio_html("speed", "fast", "Fast", True).split("><")[:2]
    ['<label class="choice"', 'input type="radio" name="speed" value="fast" checked']
    """
    return (f'<label class="choice{kind}"><input type="radio" name="{group}" value="{value}"'
            f'{" checked" if checked else ""}>{picture}'
            f'<span class="choice-text"><span class="choice-name">{escape(_(name))}</span></span></label>')


def _checkbox_html(field: str, name: str, checked: bool, help_text: str, *, first: bool = False) -> str:
    """One checkbox with its (translated) name and a line of help under it; the ``first`` control of
    its dialog takes the focus when the dialog opens."""
    return (f'<label class="choice"><input type="checkbox" name="{field}"{" checked" if checked else ""}'
            f'{" data-autofocus" if first else ""}>'
            f'<span class="choice-text"><span class="choice-name">{escape(name)}</span>'
            f'<span class="choice-help">{escape(help_text)}</span></span></label>')
