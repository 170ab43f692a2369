"""The Settings dialog: sound, pace, how a tap plays, and the looks (theme, large cards, the back).

What a setting means is :mod:`kseri.web.settings` (pure); the looks are put on the page by
:mod:`kseri.web.looks`.
"""

from __future__ import annotations

from typing import Any

from kseri.web.dom import form_values
from kseri.web.looks import apply_looks
from kseri.web.page_host import PageHost
from kseri.web.settings import Settings, settings_html
from kseri.web.storage import SETTINGS_KEY

__all__ = ["SettingsControl"]


class SettingsControl:
    """The Settings button and dialog."""

    def __init__(self, app: PageHost) -> None:
        self.app = app

    def open_settings(self) -> None:
        self.app.el["settings-body"].innerHTML = settings_html(self.app.settings) + self.app.install.section_html()
        self.app.open_dialog("settings")

    def on_settings_change(self, event: Any) -> None:
        """A setting changed in the dialog: it applies at once and is remembered."""
        self.apply_settings(Settings.from_values(dict(form_values(self.app.el["settings-body"]))))

    def apply_settings(self, settings: Settings) -> None:
        app = self.app
        theme_chosen = settings.theme != app.settings.theme
        app.settings = settings
        app.pacer.scale = settings.scale
        app.sound.enabled = settings.sound
        app.sound.unlock()  # the change itself is a user gesture: sound switched on works at once
        app.storage.set(SETTINGS_KEY, settings.to_json())
        apply_looks(theme_chosen=theme_chosen)  # the theme, large cards, the back (kseri/web/looks.py)
        app.load_card_faces()  # the faces and back this look shows
