"""HTML for the open (sums) table, from plain session data (no browser needed).

The page contract (``docs/formats.md``): the table's cards are ``#table [data-card]``; a build
is one element with ``data-build`` (its value) holding its cards, each with ``data-card``;
when a hand card can be played several ways, each is a ``<button data-move="7H:3C+4D">``.

>>> from kseri.table.views import TableItemView
>>> html = open_table_html((TableItemView(("3C",), 3), TableItemView(("5C", "4H"), 9, owner=1)))
>>> html.count("data-card="), html.count('data-build="9"')
(3, 1)
>>> table_label((TableItemView(("3C",), 3), TableItemView(("5C", "4H"), 9, owner=0)))
'Table: three of clubs; your build of 9 (five of clubs, four of hearts)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from kseri.i18n import _, card_name, items_joined
from kseri.table.moves import MoveWay
from kseri.table.seats import HUMAN
from kseri.table.sums.hints import way_hint_text
from kseri.table.views import HintEntry, TableItemView, TableView, card_text
from kseri.web.button_html import button_html
from kseri.web.card_html import card_img

__all__ = ["open_table_html", "people_names", "refusal_html", "table_label", "table_width", "ways_html"]


def people_names(view: TableView) -> tuple[str, ...]:
    """Each seat's name where a person sits there (here or on a friend's device), "" where a bot does: whose
    builds the table names."""
    return tuple(side.name if side.seat in view.persons else "" for side in view.sides)


def _owner(item: TableItemView, you: int, names: Sequence[str]) -> str | None:
    """A build's owner: None for you, a person's name, or "" for a bot."""
    if item.owner == you:
        return None
    return names[item.owner] if item.owner is not None and item.owner < len(names) else ""


def _item_name(item: TableItemView, you: int = HUMAN, names: Sequence[str] = ()) -> str:
    if not item.is_build:
        return card_name(item.cards[0])
    cards = ", ".join(card_name(code) for code in item.cards)
    owner = _owner(item, you, names)
    if owner is None:
        return _("your build of {value} ({cards})").format(value=item.value, cards=cards)
    if not owner:
        return _("the bot's build of {value} ({cards})").format(value=item.value, cards=cards)
    return _("{name}’s build of {value} ({cards})").format(name=owner, value=item.value, cards=cards)


def table_label(items: Sequence[TableItemView], *, you: int = HUMAN, names: Sequence[str] = ()) -> str:
    """The table's accessible name: every card and build on it, in order (``you``: the seat whose builds are
    "yours"; ``names``: each seat's person's name, "" for a bot, :func:`people_names`).

    >>> build = TableItemView(("5C", "4H"), 9, owner=1)
    >>> table_label([build])
    "Table: the bot's build of 9 (five of clubs, four of hearts)"
    >>> table_label([build], names=("Anna", "Bob"))
    'Table: Bob’s build of 9 (five of clubs, four of hearts)'
    >>> table_label([build], you=1)
    'Table: your build of 9 (five of clubs, four of hearts)'
    """
    if not items:
        return _("Table: empty")
    return _("Table: {items}").format(items=items_joined(_item_name(item, you, names) for item in items))


def table_width(items: Sequence[TableItemView]) -> tuple[float, int]:
    """How wide the table is, in cards (a build's fan counts its cards 0.3 each after the first), at least
    4; and that width over two rows (at least 4): the table's cards shrink to fit it (``--units``, ``--half``).

    >>> from kseri.table.views import TableItemView
    >>> table_width([TableItemView((code,), 1) for code in ("AS", "2S", "3S", "4S", "5S", "6S", "7S")])
    (7.0, 4)
    >>> table_width([TableItemView(("5C", "4H"), 9, owner=0)])
    (4.0, 4)
    """
    units = sum(1 + 0.3 * (len(item.cards) - 1) for item in items)
    units = max(4.0, round(units, 1))
    return units, max(4, -int(-units // 2))


def open_table_html(items: Sequence[TableItemView], *, you: int = HUMAN, names: Sequence[str] = ()) -> str:
    """The table's cards side by side (wrapping on a narrow screen); a build is one stack, its
    cards fanned downwards, with its value and whose it is (``you``, ``names``: as :func:`table_label`)."""
    if not items:
        return f'<div class="table-empty" aria-hidden="true"><span>{escape(_("Empty table"))}</span></div>'
    out = []
    for item in items:
        name = escape(_item_name(item, you, names))
        if not item.is_build:
            code = item.cards[0]
            out.append(f'<div class="card table-card" data-card="{code}" role="img" aria-label="{name}">'
                       f'{card_img(code)}</div>')
            continue
        who = _owner(item, you, names)
        whose = "mine" if who is None else "theirs"
        owner = _("Yours") if who is None else who or _("Bot's")
        cards = "".join(f'<div class="card build-card" data-card="{code}" style="--b:{k}">{card_img(code)}</div>'
                        for k, code in enumerate(item.cards))
        out.append(f'<div class="build {whose}" data-build="{item.value}" role="img" aria-label="{name}" '
                   f'style="--n:{len(item.cards)}">{cards}'
                   f'<span class="build-value" aria-hidden="true">{item.value}</span>'
                   f'<span class="build-owner" aria-hidden="true">{escape(owner)}</span></div>')
    return "".join(out)


def ways_html(code: str, ways: Sequence[MoveWay], hints: Mapping[str, HintEntry] | None = None) -> str:
    """The choice between a card's ways: one button per way (``data-move``, and ``data-takes`` for the
    cards to highlight), then Cancel. With the hint worked out (``hints``, by move), each button
    carries its value: ``★`` on the best move, else the points it costs against the best
    (``data-hint``, and said in its accessible name).

    >>> way = MoveWay("7H:3C+4D", "capture", "Take 3♣ + 4♦", ("3C", "4D"))
    >>> hint = HintEntry("7H", 2.5, best=False, loss=1.5, way="Take 3♣ + 4♦", move="7H:3C+4D")
    >>> 'data-hint="−1.5"' in ways_html("7H", [way], {"7H:3C+4D": hint})
    True
    """
    prompt = _("Play the {card}:").format(card=card_text(code))
    buttons = []
    for way in ways:
        hint = hints.get(way.move) if hints else None
        badge = ""
        hinted: dict[str, str | bool] = {}
        if hint is not None:
            text = way_hint_text(hint)
            meaning = _("the hint's best move") if hint.best else _("points against the hint's best move")
            badge = f' <span class="way-hint{" best" if hint.best else ""}" aria-hidden="true">{text}</span>'
            hinted = {"data_hint": text, "aria_label": f"{way.label}, {text}: {meaning}", "title": meaning}
        buttons.append(button_html(escape(way.label) + badge, classes=f"btn way way-{way.kind}", data_move=way.move,
                                   data_takes=" ".join(way.cards), **hinted))
    cancel = button_html(f'{escape(_("Cancel"))} <kbd>Esc</kbd>', classes="btn ghost way-cancel",
                         data_action="cancel-ways")
    return (f'<p class="ways-prompt" id="ways-prompt">{escape(prompt)}</p>'
            f'<div class="ways-list">{"".join(buttons)}{cancel}</div>')


def refusal_html(text: str) -> str:
    """One line saying why the card chosen cannot be played."""
    return (f'<p class="ways-refusal" id="ways-prompt">{escape(text)}</p>'
            + button_html(escape(_("OK")), classes="btn ghost way-cancel", data_action="cancel-ways"))
