"""The embeddable board (``embed.html``): one rule scene, step by step.

A frame reads its scene from its URL (see :func:`kseri.scenes.from_params`):
``embed.html?scene=pile=10D;plays=10S``, ``embed.html#r=1...`` (a shared
game, :mod:`kseri.table.share`) or ``embed.html?record=...``; ``autoplay=1`` starts
playing at once; ``lang=el`` or ``lang=en`` picks the language of its words and
captions. The HTML comes from :mod:`kseri.web.embed_render` (pure
Python, tested in CPython); this module puts it into the frame and runs the
buttons, the keys and the timer.

One Python runtime can drive many frames: :func:`bind` takes the frame's own
``document`` and ``window``, so ``embed.html`` alone binds itself (:func:`main`) and the
shared runtime of a page with many scenes (:mod:`kseri.web.embed_hub`) binds every
``embed.html`` frame of that page. Each frame keeps its own language: the runtime's one
catalog is switched to the frame's language whenever the frame's code runs.

Page contract (for tests and for authors who style the frame):
``body[data-ready=true]`` once the scene is drawn (``data-error`` holds the
message if the URL asked for a scene that can't be shown), ``body[data-playing]``
while it plays by itself; the board's own contract is in
:mod:`kseri.web.embed_render` (keys: ←, →, space, Home, End).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from kseri.i18n import N_, _, choose_language, set_language
from kseri.scenes import Scene, SceneError, from_params
from kseri.table.notices import clip
from kseri.web.dom import exists, preferred_languages
from kseri.web.embed_render import board_html, error_html, params_from_url, step_html
from kseri.web.storage import LANG_KEY, Storage

__all__ = ["AUTOPLAY_MS", "SceneFrame", "bind", "main"]

AUTOPLAY_MS = 2200
"""Pause between steps when playing by itself."""
_PLAY_LABELS = {"playing": N_("Pause"), "ended": N_("Play again"), "paused": N_("Play")}
"""The play button's accessible name in each of its states (English ``msgid``)."""


class _Player:
    """Owns the DOM of one embedded scene: renders steps, runs the buttons and the timer.

    ``doc`` and ``win`` are the frame's own: the timer runs on the frame's window, so it
    ends with the frame."""

    def __init__(self, scene: Scene, doc: Any, win: Any, tick: Any) -> None:
        self.scene = scene
        self.doc = doc
        self.win = win
        self.index = 0
        self.timer: int | None = None
        """The running ``setInterval`` (None: paused)."""
        self._tick = tick

    def el(self, ident: str) -> Any:
        return self.doc.getElementById(ident)

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
        for dot in self.doc.querySelectorAll(".progress i"):
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
        self.doc.body.dataset.playing = "true" if self.timer is not None else "false"

    def advance(self) -> None:
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
            self.timer = int(self.win.setInterval(self._tick, AUTOPLAY_MS))
        self._sync_play_button()

    def stop(self) -> None:
        if self.timer is not None:
            self.win.clearInterval(self.timer)
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


def _params(win: Any) -> dict[str, str]:
    return params_from_url(str(win.location.search), str(win.location.hash))


def _frame_language(params: dict[str, str]) -> str:
    """The URL's ``lang=`` (an author's choice for the frame), else the language the player chose
    at the table (same site), else the browser's."""
    return choose_language(param=params.get("lang", ""), saved=Storage().get(LANG_KEY) or "",
                           preferred=preferred_languages())


class SceneFrame:
    """One ``embed.html`` frame bound to this runtime: its scene, its language, its input.

    The player is replaced when the frame's fragment changes (another scene)."""

    def __init__(self, doc: Any, win: Any) -> None:
        self.doc = doc
        self.win = win
        self.lang = _frame_language(_params(win))
        self.player: _Player | None = None
        self._tick = create_proxy(self._in_language(self.on_tick))
        self._handlers = [create_proxy(self._in_language(handler))
                          for handler in (self.on_click, self.on_key, self.on_hash, self.on_hide)]

    def _in_language(self, handler: Callable[..., Any]) -> Callable[..., None]:
        """``handler`` run in this frame's language (the runtime may serve frames in other languages)."""
        def run(*args: Any) -> None:
            set_language(self.lang)
            handler(*args)
        return run

    def wire(self) -> SceneFrame:
        """Draw the scene and listen to the frame's clicks, keys and fragment changes."""
        set_language(self.lang)
        self.doc.documentElement.lang = self.lang
        self.render()
        click, key, hashchange, pagehide = self._handlers
        self.doc.getElementById("embed").addEventListener("click", click)
        self.doc.addEventListener("keydown", key)
        self.win.addEventListener("hashchange", hashchange)
        self.win.addEventListener("pagehide", pagehide)
        return self

    def render(self) -> None:
        """Read the URL, draw the scene (or the error), mark the frame ready."""
        if self.player is not None:
            self.player.stop()
            self.player = None
        root = self.doc.getElementById("embed")
        body = self.doc.body
        params = _params(self.win)
        try:
            scene = from_params(params)
        except Exception as exc:  # a SceneError, or anything a crafted URL provokes: one line, never a dead frame
            reason = str(exc) if isinstance(exc, SceneError) else f"scene: cannot be shown ({type(exc).__name__})"
            message = clip(reason)
            root.innerHTML = error_html(message)
            self.doc.title = _("Kseri scene")  # (in the frame's language, as a scene drawn sets it)
            body.setAttribute("data-error", message)
            body.setAttribute("data-ready", "true")
            return
        body.removeAttribute("data-error")
        root.innerHTML = board_html(scene)
        self.doc.title = _("{title} · Kseri").format(title=scene.title) if scene.title else _("Kseri scene")
        self.player = _Player(scene, self.doc, self.win, self._tick)
        self.player.show(0)
        if params.get("autoplay") in ("1", "yes", "true"):
            self.player.start()
        body.setAttribute("data-ready", "true")

    def on_tick(self, *_: Any) -> None:
        if self.player is not None:
            self.player.advance()

    def on_click(self, event: Any) -> None:
        if self.player is not None:
            self.player.on_click(event)

    def on_key(self, event: Any) -> None:
        if self.player is not None:
            self.player.on_key(event)

    def on_hash(self, _event: Any) -> None:
        self.render()

    def on_hide(self, event: Any) -> None:
        """The frame is going away (or into the back-forward cache): stop its timer."""
        if self.player is not None:
            self.player.stop()


def bind(doc: Any, win: Any) -> SceneFrame:
    """Draw the scene of the ``embed.html`` frame whose ``document`` and ``window`` these are."""
    return SceneFrame(doc, win).wire()


def main() -> None:
    """``embed.html`` with a runtime of its own: draw the scene its URL names (run by ``static/embed_main.py``)."""
    bind(document, window)
