"""The embeddable board (``embed.html``): one rule scene, step by step.

The page reads its scene from the URL (see :func:`kseri.scenes.from_params`):
``embed.html?scene=pile=10D;plays=10S``, ``embed.html#r=1...`` (a shared
game, :mod:`kseri.table.share`) or ``embed.html?record=...``; ``autoplay=1`` starts
playing at once; ``lang=el`` or ``lang=en`` picks the language of its words and
captions. The HTML comes from :mod:`kseri.web.embed_render` (pure
Python, tested in CPython); this module puts it into the page and runs the
buttons, the keys and the timer.

Page contract (for tests and for authors who style the frame):
``body[data-ready=true]`` once the scene is drawn (``data-error`` holds the
message if the URL asked for a scene that can't be shown), ``body[data-playing]``
while it plays by itself; the board's own contract is in
:mod:`kseri.web.embed_render` (keys: ←, →, space, Home, End).
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from kseri.i18n import N_, _, choose_language, set_language
from kseri.scenes import Scene, SceneError, from_params
from kseri.table.notices import clip
from kseri.web.dom import exists, preferred_languages
from kseri.web.embed_render import board_html, error_html, params_from_url, step_html
from kseri.web.storage import LANG_KEY, Storage

__all__ = ["AUTOPLAY_MS", "main"]

AUTOPLAY_MS = 2200
"""Pause between steps when playing by itself."""
_PLAY_LABELS = {"playing": N_("Pause"), "ended": N_("Play again"), "paused": N_("Play")}
"""The play button's accessible name in each of its states (English ``msgid``)."""


class _Player:
    """Owns the DOM of one embedded scene: renders steps, runs the buttons and the timer."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.index = 0
        self.timer: int | None = None
        """The running ``setInterval`` (None: paused)."""
        self._tick = create_proxy(lambda *_: self._advance())

    @staticmethod
    def el(ident: str) -> Any:
        return document.getElementById(ident)

    @property
    def last(self) -> int:
        return len(self.scene.steps) - 1

    def show(self, index: int) -> None:
        steps = self.scene.steps
        self.index = max(0, min(index, self.last))
        board = self.el("board")
        board.innerHTML = step_html(self.scene, self.index)
        board.dataset.step = str(self.index)
        self.el("caption").textContent = steps[self.index].caption
        self.el("step").textContent = f"{self.index} / {self.last}"
        for dot in document.querySelectorAll(".progress i"):
            i = int(dot.dataset.i)
            dot.className = "done" if i < self.index else ("here" if i == self.index else "")
        self.el("prev").disabled = self.index == 0
        self.el("next").disabled = self.index == self.last
        self._sync_play_button()

    def _sync_play_button(self) -> None:
        button = self.el("play")
        state = "playing" if self.timer is not None else ("ended" if self.index == self.last else "paused")
        button.dataset.state = state
        button.setAttribute("aria-label", _(_PLAY_LABELS[state]))
        document.body.dataset.playing = "true" if self.timer is not None else "false"

    def _advance(self) -> None:
        if self.index >= self.last:
            self.stop()
            return
        self.show(self.index + 1)
        if self.index >= self.last:
            self.stop()

    def start(self) -> None:
        if self.index >= self.last:
            self.show(0)
        if self.timer is None:
            self.timer = int(window.setInterval(self._tick, AUTOPLAY_MS))
        self._sync_play_button()

    def stop(self) -> None:
        if self.timer is not None:
            window.clearInterval(self.timer)
            self.timer = None
        self._sync_play_button()

    def toggle(self) -> None:
        if self.timer is not None:
            self.stop()
        else:
            self.start()

    def step_to(self, index: int) -> None:
        """Go to step ``index`` (clamped), stopping autoplay."""
        self.stop()
        self.show(index)

    def on_click(self, event: Any) -> None:
        target = event.target.closest("button")
        if not exists(target):
            return
        if target.id == "play":
            self.toggle()
        elif target.id == "next":
            self.step_to(self.index + 1)
        elif target.id == "prev":
            self.step_to(self.index - 1)

    def on_key(self, event: Any) -> None:
        key = event.key
        tag = event.target.tagName
        if tag in ("INPUT", "TEXTAREA"):
            return
        if key == "ArrowRight":
            self.step_to(self.index + 1)
        elif key == "ArrowLeft":
            self.step_to(self.index - 1)
        elif key == "Home":
            self.step_to(0)
        elif key == "End":
            self.step_to(self.last)
        elif key == " " and tag != "BUTTON":
            self.toggle()
        else:
            return
        event.preventDefault()


def _render() -> _Player | None:
    """Read the URL, draw the scene (or the error), mark the page ready."""
    root = document.getElementById("embed")
    body = document.body
    params = params_from_url(str(window.location.search), str(window.location.hash))
    try:
        scene = from_params(params)
    except Exception as exc:  # a SceneError, or anything a crafted URL provokes: one line, never a dead frame
        message = clip(str(exc) if isinstance(exc, SceneError) else f"scene: cannot be shown ({type(exc).__name__})")
        root.innerHTML = error_html(message)
        body.setAttribute("data-error", message)
        body.setAttribute("data-ready", "true")
        return None
    body.removeAttribute("data-error")
    root.innerHTML = board_html(scene)
    document.title = _("{title} · Kseri").format(title=scene.title) if scene.title else _("Kseri scene")
    player = _Player(scene)
    player.show(0)
    if params.get("autoplay") in ("1", "yes", "true"):
        player.start()
    body.setAttribute("data-ready", "true")
    return player


class _Embed:
    """The page's one player, replaced when the fragment changes (another scene)."""

    def __init__(self) -> None:
        self.player = _render()

    def on_click(self, event: Any) -> None:
        if self.player is not None:
            self.player.on_click(event)

    def on_key(self, event: Any) -> None:
        if self.player is not None:
            self.player.on_key(event)

    def on_hash(self, _event: Any) -> None:
        if self.player is not None:
            self.player.stop()
        self.player = _render()


def _set_language(params: dict[str, str]) -> None:
    """Speak the URL's ``lang=`` (an author's choice for the frame), else the language the player chose
    at the table (same site), else the browser's; set once, before any scene is built (captions included)."""
    lang = set_language(choose_language(param=params.get("lang", ""), saved=Storage().get(LANG_KEY) or "",
                                        preferred=preferred_languages()))
    document.documentElement.lang = lang


def main() -> None:
    """Draw the scene the URL names and wire the page's input (run by ``static/embed_main.py``)."""
    _set_language(params_from_url(str(window.location.search), str(window.location.hash)))
    embed = _Embed()
    document.getElementById("embed").addEventListener("click", create_proxy(embed.on_click))
    document.addEventListener("keydown", create_proxy(embed.on_key))
    window.addEventListener("hashchange", create_proxy(embed.on_hash))
