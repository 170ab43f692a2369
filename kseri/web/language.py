"""The page's language: chosen at start-up, switched from the header, shown everywhere.

Which one (:func:`kseri.i18n.choose_language`): the URL's ``?lang=el|en`` (for
links and embeds), else the one the player chose with the header's switch (kept in
``localStorage`` under :data:`~kseri.web.storage.LANG_KEY`), else the browser's
first preferred language that the page speaks (``navigator.languages``), else
English. :func:`apply` sets it: the catalog, ``<html lang>``, the static page's
words (:data:`kseri.web.page_text.PAGE_TEXT`) and the switch itself; the table
redraws its own parts (:meth:`kseri.web.app.App.switch_language`).
"""

from __future__ import annotations

import contextlib

from pyscript import document, window

from kseri.i18n import _, choose_language, language, normalize, set_language
from kseri.table.querystring import param, without_keys
from kseri.web import render
from kseri.web.dom import exists, preferred_languages
from kseri.web.page_text import I18N_ATTRIBUTE, PAGE_TEXT, msgid_of
from kseri.web.storage import LANG_KEY, Storage

MANIFESTS = {"en": "./manifest.webmanifest", "el": "./manifest.el.webmanifest"}
"""The web app manifest of each language (a manifest holds one language)."""

__all__ = ["apply", "page_language", "remember", "translate_page"]

_originals: dict[tuple[str, str, int], str] = {}
"""The static page's own (English) text of each translated place, read before the first change."""


def page_language(storage: Storage) -> str:
    """The language the page opens in (see the module's text)."""
    return choose_language(param=param(str(window.location.search or ""), "lang"),
                           saved=storage.get(LANG_KEY) or "", preferred=preferred_languages())


def remember(storage: Storage, lang: str) -> None:
    """Keep the player's choice, and make a ``?lang=`` in the address say the same (a reload keeps it)."""
    storage.set(LANG_KEY, lang)
    location = window.location
    search = str(location.search or "")
    if param(search, "lang"):
        rest = without_keys(search, ("lang",))
        query = f"{rest}&lang={lang}" if rest else f"?lang={lang}"
        with contextlib.suppress(Exception):
            window.history.replaceState(window.history.state, "", str(location.pathname) + query + str(location.hash))


def apply(lang: str) -> str:
    """Speak ``lang`` on the page: catalog, ``<html lang>``, static words, the switch. Returns the language set."""
    lang = set_language(normalize(lang) or "en")
    document.documentElement.lang = lang
    translate_page()
    manifest = document.querySelector('link[rel="manifest"]')
    if exists(manifest):  # installed as an app, the page keeps the name of its language
        manifest.setAttribute("href", MANIFESTS.get(lang, MANIFESTS["en"]))
    menu = document.querySelector("#more-menu .menu-lang")
    if exists(menu):  # the same choice behind "More" on narrow screens
        menu.innerHTML = render.language_menu_html(lang)
    switch = document.querySelector(".lang-switch")
    if exists(switch):
        switch.outerHTML = render.language_switch_html(lang)
    else:
        controls = document.querySelector("#app header .controls") or document.querySelector("#app header")
        if exists(controls):
            controls.insertAdjacentHTML("beforeend", render.language_switch_html(lang))
    return lang


def translate_page() -> None:
    """Put the static page's words (:data:`PAGE_TEXT` and the marked elements) in the current language."""
    english = language() == "en"
    _translate_listed(english)
    _translate_marked(english)


def _translate_marked(english: bool) -> None:
    """Each ``data-i18n`` element whole: its English inner HTML is the msgid (:func:`msgid_of`)."""
    for index, element in enumerate(document.querySelectorAll(f"[{I18N_ATTRIBUTE}]")):
        current = str(element.innerHTML or "")
        original = _originals.setdefault((I18N_ATTRIBUTE, "html", index), current)
        value = original if english else _(msgid_of(original))
        if value != current:
            element.innerHTML = value  # our own catalog's markup (b, em, kbd only: tests/web/test_web_greek.py)


def _translate_listed(english: bool) -> None:
    for selector, where, message in PAGE_TEXT:
        for index, element in enumerate(document.querySelectorAll(selector)):
            key = (selector, where, index)
            if where == "text":
                current = str(element.textContent or "")
            elif where == "html":
                current = str(element.innerHTML or "")
            elif where == "lead":
                node = element.firstChild
                if not exists(node) or node.nodeType != 3:
                    continue
                current = str(node.nodeValue or "")
            else:
                current = str(element.getAttribute(where) or "")
            if key not in _originals:  # static/first-paint.js may have put Greek in before: it kept the English
                english_text = element.getAttribute("data-en") if where == "text" else None
                _originals[key] = str(english_text) if isinstance(english_text, str) else current
            original = _originals[key]
            if english:
                value = original
            else:
                value = _(message)
                value = value + original[len(original.rstrip()):]  # keep the space before a child element
            if value == current:
                continue
            if where == "text":
                element.textContent = value
            elif where == "html":
                element.innerHTML = value  # our own catalog's markup (<b> only: tests/web/test_web_greek.py)
            elif where == "lead":
                element.firstChild.nodeValue = value
            else:
                element.setAttribute(where, value)
