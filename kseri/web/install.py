"""Installing the page as an app: which way this browser offers, and the words for it (pure Python).

Browsers that can install a page on request (Chromium's ``beforeinstallprompt``, caught by
``static/install.js``) get an Install button; iOS Safari installs only from its own Share menu, so it
gets a one-line hint; an installed app (``display-mode: standalone``) and other browsers get nothing.
The page never nags: the way is shown in the Settings dialog, and the button once at the end of a
match (:mod:`kseri.web.install_ui`).

>>> install_way(offered=True, standalone=False, user_agent="Mozilla/5.0 (X11; Linux) Chrome/156", touch_points=0)
'prompt'
>>> install_way(offered=False, standalone=False, user_agent="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)",
...             touch_points=5)
'ios'
>>> install_way(offered=False, standalone=False, user_agent="Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)",
...             touch_points=5)  # an iPad asks for the desktop site
'ios'
>>> install_way(offered=True, standalone=True, user_agent="", touch_points=0) is None
True
"""

from __future__ import annotations

from html import escape
from typing import Literal

from kseri.i18n import _

__all__ = ["InstallWay", "install_offer_html", "install_section_html", "install_way"]

InstallWay = Literal["prompt", "ios"]


def install_way(*, offered: bool, standalone: bool, user_agent: str, touch_points: int) -> InstallWay | None:
    """How this browser installs the page: on request (``prompt``), from Safari's Share menu (``ios``), or
    not at all (None: already installed, or a browser that does not say)."""
    if standalone:
        return None
    if offered:
        return "prompt"
    apple_touch = any(device in user_agent for device in ("iPhone", "iPad", "iPod")) or (
        "Macintosh" in user_agent and touch_points > 1)
    return "ios" if apple_touch else None


def install_section_html(way: InstallWay | None) -> str:
    """The Settings dialog's part on installing ("" when there is nothing to say).

    >>> 'data-action="install"' in install_section_html("prompt"), "Add to Home Screen" in install_section_html("ios")
    (True, True)
    >>> install_section_html(None)
    ''
    """
    if way is None:
        return ""
    legend = f'<legend>{escape(_("Install"))}</legend>'
    if way == "ios":
        hint = _("On an iPhone or iPad: tap Share, then “Add to Home Screen”.")
        body = f'<p class="choice-help install-hint">{escape(hint)}</p>'
    else:
        help_text = _("It opens from your home screen and plays offline, like an app.")
        body = (f'<button type="button" class="btn solid install-button" data-action="install">'
                f'{escape(_("Install Kseri"))}</button><p class="choice-help">{escape(help_text)}</p>')
    return f'<fieldset id="install-section" class="choice-group install">{legend}{body}</fieldset>'


def install_offer_html() -> str:
    """The one-time offer at the end of a match (for a browser that installs on request).

    >>> 'data-action="install"' in install_offer_html()
    True
    """
    words = _("Enjoying the game? Install it and play offline, like an app.")
    return (f'<p class="install-offer"><span>{escape(words)}</span> <button type="button" class="btn solid" '
            f'data-action="install">{escape(_("Install"))}</button></p>')
