"""HTML for the embeddable board (``embed.html``), from a :class:`~kseri.scenes.Scene`:
pure Python, tested in CPython. :mod:`kseri.web.embed` puts it into the page.

The page contract (``docs/formats.md``, "Page contract"; for tests and for authors who style the frame):
``#board`` carries ``data-step`` and ``data-steps``; ``#caption`` the step's
caption; ``#pile`` the table (``data-count``, top card with ``data-card``);
``#prev``, ``#play`` and ``#next`` are the buttons, ``#step`` the step count.

>>> from kseri.scenes import from_text
>>> scene = from_text("pile=3C,9D;hands=9S,KD|4H,JS;plays=9S")
>>> html = board_html(scene)
>>> 'data-steps="2"' in html, 'data-card="9D"' in html
(True, True)
>>> params_from_url("?scene=pile%3D10D&autoplay=1", "#r=1abc")
{'scene': 'pile=10D', 'autoplay': '1', 'r': '1abc'}
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from kseri.engine.cards import Card
from kseri.scenes import Scene, Step, pretty
from kseri.table.notices import clip
from kseri.table.querystring import parse_query
from kseri.web.card_html import card_img

__all__ = ["PILE_SHOWN", "board_html", "error_html", "params_from_url", "step_html"]

PILE_SHOWN = 6
"""The pile's top cards drawn fanned; deeper cards show as a stack edge."""
_KIND_LABEL = {"kseri": "Kseri!", "jack_kseri": "Jack kseri!", "capture": "Capture", "drop": ""}


def _card(code: str, cls: str = "", extra: str = "") -> str:
    name = Card.parse(code).name
    return (f'<span class="card {cls}" role="img" aria-label="{name}" title="{pretty(code)}"{extra}>'
            f'{card_img(code)}</span>')


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
    kseris = "".join(f'<span class="kseri-card" style="--j:{j}" title="kseri: {pretty(code)}">{card_img(code)}</span>'
                     for j, code in enumerate(step.kseris[seat] if step.kseris else ()))
    taken = step.taken[seat] if step.taken else 0
    back = f'<span class="stack-back">{card_img(None)}</span>' if taken else '<span class="stack-none"></span>'
    return f'<span class="stack" aria-hidden="true">{back}<span class="kseris">{kseris}</span></span>'


def _seat(step: Step, names: Sequence[str], seat: int, where: str) -> str:
    turn = step.to_move == seat
    mover = step.seat == seat and step.played is not None
    classes = f"seat {where}" + (" to-move" if turn else "") + (" just-moved" if mover else "")
    turn_badge = '<span class="turn-badge">to play</span>' if turn else ""
    crowded = " crowded" if len(step.hands[seat]) > 4 else ""
    return (f'<section class="{classes}" data-seat="{seat}" aria-label="{escape(names[seat])}">'
            f'<div class="seat-info"><span class="name">{escape(names[seat])}</span>{turn_badge}'
            f'{_tally(step, seat)}</div>'
            f'<div class="hand{crowded}" id="hand{seat}">{_hand(step, seat)}</div>'
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
    noun = "card" if len(pile) == 1 else "cards"
    return (f'<div id="pile" class="pile" data-count="{len(pile)}" style="--m:{max(1, len(shown))}" '
            f'aria-label="table: {len(pile)} {noun}">{empty}{under}{"".join(cards)}</div>')


def _fan(cards: Sequence[str], played: str | None = None) -> str:
    shown = list(cards[-PILE_SHOWN:])
    return "".join(_card(code, "on-pile ghost" + (" played" if code == played else ""), f' style="--k:{i}"')
                   for i, code in enumerate(shown))


def _trick(step: Step, names: Sequence[str]) -> str:
    """What this step's capture took (and, at a round's end, what was left), shown beside the pile."""
    out = []
    if step.played and step.kind != "drop":
        cards = [*step.captured, step.played]
        label = _KIND_LABEL.get(step.kind or "", "")
        bonus = f" +{step.bonus}" if step.bonus else ""
        arrow = "↓" if step.seat == 0 else "↑"
        out.append(
            f'<div class="trick" data-kind="{step.kind}">'
            f'<div class="taking" style="--m:{min(len(cards), PILE_SHOWN)}" aria-hidden="true">'
            f'{_fan(cards, step.played)}</div>'
            f'<span class="flash {step.kind}">{arrow} {label}{bonus}</span></div>')
    if step.sweep and step.sweep_seat is not None:
        arrow = "↓" if step.sweep_seat == 0 else "↑"
        out.append(
            f'<div class="trick sweep">'
            f'<div class="taking" style="--m:{min(len(step.sweep), PILE_SHOWN)}" aria-hidden="true">'
            f'{_fan(step.sweep)}</div>'
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
        stock = (f'<span class="stock" title="cards in the stock">{card_img(None)}'
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
    # Every frame has its one heading; an untitled scene's is for screen readers only.
    title = (f'<h1 class="scene-title">{escape(scene.title)}</h1>' if scene.title
             else '<h1 class="sr-only">Kseri scene</h1>')
    return (f'{title}<div id="board" class="board" data-step="0" data-steps="{len(scene.steps)}">'
            f'{step_html(scene, 0)}</div>'
            f'<p id="caption" class="caption" aria-live="polite">{escape(scene.steps[0].caption)}</p>'
            f'{_controls(scene)}')


def error_html(message: str) -> str:
    """The board's place when the scene cannot be shown: the message on one line, cut short.

    >>> len(error_html("scene: " + "x" * 100_000)) < 400
    True
    """
    return (f'<div class="scene-error" role="alert"><b>This scene can\'t be shown.</b>'
            f'<code>{escape(clip(message))}</code>'
            f'<span>See embed-docs.html for the notation.</span></div>')
