"""The embeddable board (``embed.html``): one rule scene, step by step.

The page reads its scene from the URL (see :func:`kseri.scenes.scene.from_params`):
``embed.html?scene=pile=10D;plays=10S``, ``embed.html#r=1...`` (a shared
game, :mod:`kseri.table.share`) or ``embed.html?record=...``; ``autoplay=1`` starts
playing at once. Everything up to :func:`main` is pure Python that returns
HTML strings (tested in CPython); :func:`main` and the class below it are the
only code here that touches the browser (``pyscript``/``js`` are imported
inside them).

Page contract (for tests and for authors who style the frame):
``body[data-ready=true]`` once the scene is drawn (``data-error`` holds the
message if the URL asked for a scene that can't be shown); ``#board`` carries
``data-step`` and ``data-steps``; ``#caption`` the step's caption; ``#pile``
the table (``data-count``, top card with ``data-card``); ``#prev``, ``#play``
and ``#next`` are the buttons (keys: ←, →, space, Home, End).
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from kseri.engine.cards import Card
from kseri.table.querystring import parse_query
from kseri.scenes.scene import Scene, SceneError, Step, from_params, pretty

__all__ = ["CARD_DIR", "board_html", "step_html", "error_html", "params_from_url", "main"]

CARD_DIR = "static/cards"
PILE_SHOWN = 6
"""The pile's top cards drawn fanned; deeper cards show as a stack edge."""
AUTOPLAY_MS = 2200
"""Pause between steps when playing by itself."""
_KIND_LABEL = {"kseri": "Kseri!", "jack_kseri": "Jack kseri!", "capture": "Capture", "drop": ""}


def _img(code: str | None, cls: str = "") -> str:
    src = f"{CARD_DIR}/{code}.svg" if code else f"{CARD_DIR}/back.svg"
    klass = f' class="{cls}"' if cls else ""
    return f'<img{klass} src="{src}" alt="" draggable="false">'


def _card(code: str, cls: str = "", extra: str = "") -> str:
    name = Card.parse(code).name
    return (f'<span class="card {cls}" role="img" aria-label="{name}" title="{pretty(code)}"{extra}>'
            f'{_img(code)}</span>')


def params_from_url(search: str, fragment: str) -> dict[str, str]:
    """Query and fragment values as one dict (the fragment wins); ``+`` reads as a space."""
    params: dict[str, str] = {}
    for part in (search, fragment):
        params.update(parse_query(part.lstrip("?#")))
    return params


# --------------------------------------------------------------------------- one step


def _hand(step: Step, seat: int) -> str:
    cards = step.hands[seat]
    if not cards:
        return '<span class="hand-empty">no cards</span>'
    out = []
    for i, code in enumerate(cards):
        cls = "in-hand next-up" if step.to_move == seat else "in-hand"
        out.append(_card(code, cls, f' style="--i:{i}"'))
    return "".join(out)


def _tally(step: Step, seat: int) -> str:
    points = step.points[seat] if step.points else 0
    taken = step.taken[seat] if step.taken else 0
    noun = "card" if taken == 1 else "cards"
    return (f'<span class="pts" title="points from captures and kseris">{points}<small> pts</small></span>'
            f'<span class="taken">{taken} {noun}</span>')


def _stack(step: Step, seat: int) -> str:
    kseris = "".join(f'<span class="kseri-card" style="--j:{j}" title="kseri: {pretty(code)}">{_img(code)}</span>'
                     for j, code in enumerate(step.kseris[seat] if step.kseris else ()))
    taken = step.taken[seat] if step.taken else 0
    back = f'<span class="stack-back">{_img(None)}</span>' if taken else '<span class="stack-none"></span>'
    return f'<span class="stack" aria-hidden="true">{back}<span class="kseris">{kseris}</span></span>'


def _seat(step: Step, names: Sequence[str], seat: int, where: str) -> str:
    turn = step.to_move == seat
    mover = step.seat == seat and step.played is not None
    classes = f"seat {where}" + (" to-move" if turn else "") + (" just-moved" if mover else "")
    turn_badge = '<span class="turn-badge">to play</span>' if turn else ""
    return (f'<section class="{classes}" data-seat="{seat}" aria-label="{escape(names[seat])}">'
            f'<div class="seat-info"><span class="name">{escape(names[seat])}</span>{turn_badge}'
            f'{_tally(step, seat)}</div>'
            f'<div class="hand{" crowded" if len(step.hands[seat]) > 4 else ""}" id="hand{seat}">{_hand(step, seat)}</div>'
            f'{_stack(step, seat)}</section>')


def _pile(step: Step) -> str:
    pile = step.pile
    shown = pile[-PILE_SHOWN:]
    hidden = len(pile) - len(shown)
    cards = []
    for k, code in enumerate(shown):
        top = k == len(shown) - 1
        cls = "on-pile top" if top else "on-pile"
        if top and step.kind == "drop" and step.played == code:
            cls += " arrived"
        attr = f' data-card="{code}"' if top else ""
        cards.append(_card(code, cls, f'{attr} style="--k:{k}"'))
    under = f'<span class="pile-depth" title="{hidden} more below">+{hidden}</span>' if hidden else ""
    empty = '<span class="pile-empty">empty</span>' if not pile else ""
    return (f'<div id="pile" class="pile" data-count="{len(pile)}" style="--m:{max(1, len(shown))}" '
            f'aria-label="table: {len(pile)} card{"s" if len(pile) != 1 else ""}">{empty}{under}{"".join(cards)}</div>')


def _fan(cards: Sequence[str], played: str | None = None) -> str:
    shown = list(cards[-PILE_SHOWN:])
    return "".join(_card(code, "on-pile ghost" + (" played" if code == played else ""), f' style="--k:{i}"')
                   for i, code in enumerate(shown))


def _trick(step: Step, names: Sequence[str]) -> str:
    """What this step's capture took (and, at a round's end, what was left), shown beside the pile."""
    out = []
    if step.played and step.kind != "drop":
        cards = list(step.captured) + [step.played]
        label = _KIND_LABEL.get(step.kind or "", "")
        bonus = f" +{step.bonus}" if step.bonus else ""
        arrow = "↓" if step.seat == 0 else "↑"
        out.append(
            f'<div class="trick" data-kind="{step.kind}">'
            f'<div class="taking" style="--m:{min(len(cards), PILE_SHOWN)}" aria-hidden="true">{_fan(cards, step.played)}</div>'
            f'<span class="flash {step.kind}">{arrow} {label}{bonus}</span></div>')
    if step.sweep:
        arrow = "↓" if step.sweep_seat == 0 else "↑"
        out.append(
            f'<div class="trick sweep">'
            f'<div class="taking" style="--m:{min(len(step.sweep), PILE_SHOWN)}" aria-hidden="true">{_fan(step.sweep)}</div>'
            f'<span class="flash sweep">{arrow} last cards to {escape(names[step.sweep_seat])}</span></div>')
    return "".join(out)


def step_html(scene: Scene, index: int) -> str:
    """The board for step ``index``: both seats, the table and the caption."""
    step = scene.steps[index]
    names = scene.names
    seats = len(names)
    north = 1 if seats == 2 else 2
    stock = ""
    if step.stock:
        stock = (f'<span class="stock" title="cards in the stock">{_img(None) if step.stock else ""}'
                 f'<b>{step.stock}</b></span>')
    return (
        _seat(step, names, north, "north")
        + f'<section class="table" aria-label="table">{stock}{_pile(step)}{_trick(step, names)}</section>'
        + _seat(step, names, 0, "south")
    )


def _controls(scene: Scene) -> str:
    total = len(scene.steps) - 1
    dots = "".join(f'<i data-i="{i}"></i>' for i in range(total + 1))
    return (
        '<nav class="controls" aria-label="scene controls">'
        '<button type="button" id="prev" aria-label="Back one step" title="Back (←)">'
        '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M15 5 8 12l7 7"/></svg></button>'
        '<button type="button" id="play" aria-label="Play" title="Play / pause (space)">'
        '<svg class="i-play" viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5v14l11-7z"/></svg>'
        '<svg class="i-pause" viewBox="0 0 24 24" aria-hidden="true"><path d="M7 5h4v14H7zM13 5h4v14h-4z"/></svg>'
        '<svg class="i-again" viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12a7 7 0 1 0 2.1-5"/>'
        '<path d="M5 4v4h4"/></svg></button>'
        '<button type="button" id="next" aria-label="Next step" title="Next (→)">'
        '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 5l7 7-7 7"/></svg></button>'
        f'<span class="progress" aria-hidden="true">{dots}</span>'
        f'<span id="step" class="step-count" aria-live="off">0 / {total}</span>'
        '</nav>'
    )


def board_html(scene: Scene) -> str:
    """The whole frame: title, board (step 0), caption and controls."""
    title = f'<h1 class="scene-title">{escape(scene.title)}</h1>' if scene.title else ""
    return (f'{title}<div id="board" class="board" data-step="0" data-steps="{len(scene.steps)}">'
            f'{step_html(scene, 0)}</div>'
            f'<p id="caption" class="caption" aria-live="polite">{escape(scene.steps[0].caption)}</p>'
            f'{_controls(scene)}')


def error_html(message: str) -> str:
    return (f'<div class="scene-error" role="alert"><b>This scene can\'t be shown.</b>'
            f'<code>{escape(message)}</code>'
            f'<span>See embed-docs.html for the notation.</span></div>')


# --------------------------------------------------------------------------- the browser


class _Player:
    """Owns the DOM of one embedded scene: renders steps, runs the buttons and the timer."""

    def __init__(self, scene: Scene, document, window, create_proxy) -> None:
        self.scene = scene
        self.document = document
        self.window = window
        self.proxy = create_proxy
        self.index = 0
        self.timer = None
        self.reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self._tick = create_proxy(lambda *_: self._advance())

    def el(self, ident: str):
        return self.document.getElementById(ident)

    def show(self, index: int) -> None:
        steps = self.scene.steps
        self.index = max(0, min(index, len(steps) - 1))
        board = self.el("board")
        board.innerHTML = step_html(self.scene, self.index)
        board.dataset.step = str(self.index)
        self.el("caption").textContent = steps[self.index].caption
        self.el("step").textContent = f"{self.index} / {len(steps) - 1}"
        for dot in self.document.querySelectorAll(".progress i"):
            i = int(dot.dataset.i)
            dot.className = "done" if i < self.index else ("here" if i == self.index else "")
        self.el("prev").disabled = self.index == 0
        self.el("next").disabled = self.index == len(steps) - 1
        self._sync_play_button()

    def _sync_play_button(self) -> None:
        button = self.el("play")
        at_end = self.index == len(self.scene.steps) - 1
        state = "playing" if self.timer is not None else ("ended" if at_end else "paused")
        button.dataset.state = state
        button.setAttribute("aria-label", {"playing": "Pause", "ended": "Play again", "paused": "Play"}[state])
        self.document.body.dataset.playing = "true" if self.timer is not None else "false"

    def _advance(self) -> None:
        if self.index >= len(self.scene.steps) - 1:
            self.stop()
            return
        self.show(self.index + 1)
        if self.index >= len(self.scene.steps) - 1:
            self.stop()

    def start(self) -> None:
        if self.index >= len(self.scene.steps) - 1:
            self.show(0)
        if self.timer is None:
            self.timer = self.window.setInterval(self._tick, AUTOPLAY_MS)
        self._sync_play_button()

    def stop(self) -> None:
        if self.timer is not None:
            self.window.clearInterval(self.timer)
            self.timer = None
        self._sync_play_button()

    def on_click(self, event) -> None:
        target = event.target.closest("button")
        if target is None:
            return
        if target.id == "play":
            self.stop() if self.timer is not None else self.start()
        elif target.id == "next":
            self.stop()
            self.show(self.index + 1)
        elif target.id == "prev":
            self.stop()
            self.show(self.index - 1)

    def on_key(self, event) -> None:
        key = event.key
        if event.target.tagName in ("INPUT", "TEXTAREA"):
            return
        if key == "ArrowRight":
            self.stop()
            self.show(self.index + 1)
        elif key == "ArrowLeft":
            self.stop()
            self.show(self.index - 1)
        elif key == "Home":
            self.stop()
            self.show(0)
        elif key == "End":
            self.stop()
            self.show(len(self.scene.steps) - 1)
        elif key == " " and event.target.tagName != "BUTTON":
            self.stop() if self.timer is not None else self.start()
        else:
            return
        event.preventDefault()


def _render(document, window, create_proxy) -> _Player | None:
    """Read the URL, draw the scene (or the error), mark the page ready."""
    root = document.getElementById("embed")
    body = document.body
    params = params_from_url(str(window.location.search), str(window.location.hash))
    try:
        scene = from_params(params)
    except SceneError as exc:
        root.innerHTML = error_html(str(exc))
        body.setAttribute("data-error", str(exc))
        body.setAttribute("data-ready", "true")
        return None
    body.removeAttribute("data-error")
    root.innerHTML = board_html(scene)
    document.title = f"{scene.title} · Kseri" if scene.title else "Kseri scene"
    player = _Player(scene, document, window, create_proxy)
    player.show(0)
    if params.get("autoplay") in ("1", "yes", "true"):
        player.start()
    body.setAttribute("data-ready", "true")
    return player


def main() -> None:  # pragma: no cover - runs in the browser
    from pyscript import document, window
    from pyscript.ffi import create_proxy

    state: dict[str, _Player | None] = {"player": _render(document, window, create_proxy)}

    def on_key(event) -> None:
        if state["player"] is not None:
            state["player"].on_key(event)

    def on_click(event) -> None:
        if state["player"] is not None:
            state["player"].on_click(event)

    def on_hash(_event) -> None:
        if state["player"] is not None:
            state["player"].stop()
        state["player"] = _render(document, window, create_proxy)

    document.getElementById("embed").addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    window.addEventListener("hashchange", create_proxy(on_hash))
