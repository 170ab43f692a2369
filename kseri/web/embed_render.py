"""HTML for the embeddable board (``embed.html``), from a :class:`~kseri.scenes.Scene`:
pure Python, tested in CPython. :mod:`kseri.web.embed` puts it into the page. Every word is
in the current language (:mod:`kseri.i18n`; the embed page sets it once, from ``?lang=``).

The page contract (``docs/formats.md``, "Page contract"; for tests and for authors who style the frame):
``#board`` carries ``data-step`` and ``data-steps``; ``#caption`` the step's
caption; ``#pile`` the table (``data-count``, top card with ``data-card``; at the sums table
``.open-table`` with ``data-items``, every card with ``data-card`` and each build one element
with ``data-build``, its value, and ``data-owner``, its seat);
``#prev``, ``#play`` and ``#next`` are the buttons, ``#step`` the step count.

>>> from kseri.scenes import from_text
>>> scene = from_text("pile=3C,9D;hands=9S,KD|4H,JS;plays=9S")
>>> html = board_html(scene)
>>> 'data-steps="2"' in html, 'data-card="9D"' in html
(True, True)
>>> sums = from_text("rules=sums;table=3C,4D,5C+4H@1;hands=7H|AS;plays=7H:3C+4D")
>>> html = step_html(sums, 0)
>>> html.count("data-card="), 'data-build="9" data-owner="1"' in html
(4, True)
>>> params_from_url("?scene=pile%3D10D&autoplay=1", "#r=1abc")
{'scene': 'pile=10D', 'autoplay': '1', 'r': '1abc'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from kseri.i18n import _, card_name, ngettext, pgettext
from kseri.scenes import Scene, SceneItem, Step, pretty
from kseri.table.goal import WordKey, kseri_cry, word_key
from kseri.table.notices import clip
from kseri.table.querystring import parse_query
from kseri.web.card_html import card_img

__all__ = ["PILE_SHOWN", "board_html", "error_html", "params_from_url", "step_html"]

PILE_SHOWN = 6
"""The pile's top cards drawn fanned; deeper cards show as a stack edge."""


def _card(code: str, cls: str = "", extra: str = "") -> str:
    return (f'<span class="card {cls}" role="img" aria-label="{card_name(code)}" title="{pretty(code)}"{extra}>'
            f'{card_img(code)}</span>')


def params_from_url(search: str, fragment: str) -> dict[str, str]:
    """Query and fragment values as one dict (the fragment wins); ``+`` reads as a space; a name given twice
    in one of them counts the first time, as on the game's page.

    >>> params_from_url("?scene=pile=10D&lang=en&lang=el", "")["lang"], params_from_url("?lang=en", "#lang=el")
    ('en', {'lang': 'el'})
    """
    params: dict[str, str] = {}
    for part in (search, fragment):
        first: dict[str, str] = {}
        for name, value in parse_query(part.lstrip("?#")):
            first.setdefault(name, value)
        params.update(first)
    return params


# --------------------------------------------------------------------------- one step


def _hand(step: Step, seat: int) -> str:
    cards = step.hands[seat]
    if not cards:
        return f'<span class="hand-empty">{_("no cards")}</span>'
    out = []
    for i, code in enumerate(cards):
        cls = "in-hand next-up" if step.to_move == seat else "in-hand"
        out.append(_card(code, cls, f' style="--i:{i}"'))
    return "".join(out)


def _tally(step: Step, seat: int) -> str:
    points = step.points[seat] if step.points else 0
    taken = step.taken[seat] if step.taken else 0
    cards = ngettext("{n} card", "{n} cards", taken).format(n=taken)
    return (f'<span class="pts" title="{_("points from captures and kseris")}">{points}'
            f'<small> {pgettext("points", "pts")}</small></span><span class="taken">{cards}</span>')


def _stack(step: Step, seat: int) -> str:
    kseris = "".join(f'<span class="kseri-card" style="--j:{j}" title="{_("kseri: {card}").format(card=pretty(code))}">'
                     f'{card_img(code)}</span>' for j, code in enumerate(step.kseris[seat] if step.kseris else ()))
    taken = step.taken[seat] if step.taken else 0
    back = f'<span class="stack-back">{card_img(None)}</span>' if taken else '<span class="stack-none"></span>'
    return f'<span class="stack" aria-hidden="true">{back}<span class="kseris">{kseris}</span></span>'


def _seat(step: Step, names: Sequence[str], seat: int, where: str) -> str:
    turn = step.to_move == seat
    mover = step.seat == seat and step.played is not None
    classes = f"seat {where}" + (" to-move" if turn else "") + (" just-moved" if mover else "")
    turn_badge = f'<span class="turn-badge">{_("to play")}</span>' if turn else ""
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
    more = _("{n} more below").format(n=hidden)
    under = f'<span class="pile-depth" title="{more}">+{hidden}</span>' if hidden else ""
    empty = f'<span class="pile-empty">{_("empty")}</span>' if not pile else ""
    label = ngettext("table: {n} card", "table: {n} cards", len(pile)).format(n=len(pile))
    return (f'<div id="pile" class="pile" data-count="{len(pile)}" style="--m:{max(1, len(shown))}" '
            f'aria-label="{label}">{empty}{under}{"".join(cards)}</div>')


def _open_item(step: Step, item: SceneItem, names: Sequence[str]) -> str:
    """One item of the open table: a card, or a build (its cards overlapped, its value and owner)."""
    fresh = " arrived" if step.played in item.cards and step.kind in ("drop", "build") else ""
    if item.owner is None:
        code = item.cards[0]
        return _card(code, "on-table" + fresh, f' data-card="{code}"')
    owner = names[item.owner]
    label = _("{name}'s build of {value} ({cards})").format(
        name=owner, value=item.value, cards=" ".join(pretty(code) for code in item.cards))
    cards = "".join(f'<span class="card build-card" data-card="{code}">{card_img(code)}</span>'
                    for code in item.cards)
    side = "south" if item.owner == 0 else "north"
    return (f'<span class="build {side}{fresh}" data-build="{item.value}" data-owner="{item.owner}" role="img" '
            f'aria-label="{escape(label)}">{cards}<b class="build-value" aria-hidden="true">{item.value}</b>'
            f'<small class="build-owner" aria-hidden="true">{escape(owner)}</small></span>')


def _open_table(step: Step, names: Sequence[str]) -> str:
    """The sums table: its items side by side (wrapping), builds as one overlapped stack each."""
    count = len(step.pile)
    empty = f'<span class="pile-empty">{_("empty")}</span>' if not step.table else ""
    label = ngettext("table: {n} card", "table: {n} cards", count).format(n=count)
    items = "".join(_open_item(step, item, names) for item in step.table)
    return (f'<div id="pile" class="pile open-table" data-count="{count}" data-items="{len(step.table)}" '
            f'aria-label="{label}">{empty}{items}</div>')


@dataclass(frozen=True, slots=True)
class _Look:
    """How a table is drawn on the board: its cards and its section's class (the flash's words follow the
    table's word for a kseri, :func:`kseri.table.goal.kseri_cry`)."""

    draw: Callable[[Step, Sequence[str]], str]
    css: str = ""


_LOOKS: Mapping[str, _Look] = {
    "pile": _Look(lambda step, names: _pile(step)),
    "sums": _Look(_open_table, " open"),
}
"""Each table's look, by the engine's table id (:attr:`kseri.engine.rules.Rules.table`)."""


def _fan(cards: Sequence[str], played: str | None = None) -> str:
    shown = list(cards[-PILE_SHOWN:])
    return "".join(_card(code, "on-pile ghost" + (" played" if code == played else ""), f' style="--k:{i}"')
                   for i, code in enumerate(shown))


def _trick(step: Step, names: Sequence[str], word: WordKey) -> str:
    """What this step's capture took (and, at a round's end, what was left), shown beside the pile;
    at the open table a build's new value."""
    out = []
    if step.kind == "build" and step.built is not None:
        arrow = "↓" if step.seat == 0 else "↑"
        out.append(f'<div class="trick build" data-kind="build"><span class="flash build">{arrow} '
                   f'{escape(_("build of {value}").format(value=step.built))}</span></div>')
    elif step.played and step.kind != "drop":
        cards = [*step.captured, step.played]
        label = (kseri_cry(word, step.kind) if step.kind in ("kseri", "jack_kseri")
                 else _("Capture") if step.kind == "capture" else "")
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
            f'<span class="flash sweep">{arrow} {escape(_("last cards to {name}").format(name=names[step.sweep_seat]))}'
            '</span></div>')
    return "".join(out)


def step_html(scene: Scene, index: int) -> str:
    """The board for step ``index``: both seats, the table and the caption."""
    step = scene.steps[index]
    names = scene.names
    seats = len(names)
    north = 1 if seats == 2 else 2
    look = _LOOKS[scene.rules.table]
    stock = ""
    if step.stock:
        stock = (f'<span class="stock" title="{_("cards in the stock")}">{card_img(None)}'
                 f'<b>{step.stock}</b></span>')
    return (
        _seat(step, names, north, "north")
        + f'<section class="table{look.css}" aria-label="{_("table")}">{stock}{look.draw(step, names)}'
        f'{_trick(step, names, word_key(scene.rules))}</section>'
        + _seat(step, names, 0, "south")
    )


def _controls(scene: Scene) -> str:
    total = len(scene.steps) - 1
    dots = "".join(f'<i data-i="{i}"></i>' for i in range(total + 1))
    return (
        f'<nav class="controls" aria-label="{_("scene controls")}">'
        f'<button type="button" id="prev" aria-label="{_("Back one step")}" title="{_("Back (←)")}">'
        '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M15 5 8 12l7 7"/></svg></button>'
        f'<button type="button" id="play" aria-label="{_("Play")}" title="{_("Play / pause (space)")}">'
        '<svg class="i-play" viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5v14l11-7z"/></svg>'
        '<svg class="i-pause" viewBox="0 0 24 24" aria-hidden="true"><path d="M7 5h4v14H7zM13 5h4v14h-4z"/></svg>'
        '<svg class="i-again" viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12a7 7 0 1 0 2.1-5"/>'
        '<path d="M5 4v4h4"/></svg></button>'
        f'<button type="button" id="next" aria-label="{_("Next step")}" title="{_("Next (→)")}">'
        '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 5l7 7-7 7"/></svg></button>'
        f'<span class="progress" aria-hidden="true">{dots}</span>'
        f'<span id="step" class="step-count" aria-live="off">0 / {total}</span>'
        '</nav>'
    )


def board_html(scene: Scene) -> str:
    """The whole frame: title, board (step 0), caption and controls."""
    # Every frame has its one heading; an untitled scene's is for screen readers only.
    title = (f'<h1 class="scene-title">{escape(scene.title)}</h1>' if scene.title
             else f'<h1 class="sr-only">{_("Kseri scene")}</h1>')
    return (f'{title}<div id="board" class="board" data-step="0" data-steps="{len(scene.steps)}">'
            f'{step_html(scene, 0)}</div>'
            f'<p id="caption" class="caption" aria-live="polite">{escape(scene.steps[0].caption)}</p>'
            f'{_controls(scene)}')


def error_html(message: str) -> str:
    """The board's place when the scene cannot be shown: the message on one line, cut short.

    >>> len(error_html("scene: " + "x" * 100_000)) < 400
    True
    """
    heading = escape(_("This scene can't be shown."))
    return (f'<div class="scene-error" role="alert"><h1>{heading}</h1>'
            f'<code>{escape(clip(message))}</code>'
            f'<span>{_("See embed-docs.html for the notation.")}</span></div>')
