"""The stock as the table draws it: its top card's back and count, and an exposed bottom card (a house
rule) face up under it for the whole round; and the opening cards put back into it, said in a line on
the table while the first packet is played."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from kseri.i18n import _, card_name, ngettext
from kseri.table.views import TableView, card_text
from kseri.web.card_html import card_img

__all__ = ["put_back_html", "stock_html", "stock_label"]


def stock_html(count: int, bottom: str | None = None) -> str:
    """The stock: its top card's back and how many cards it holds. With an exposed bottom card (a house
    rule) that card lies face up and crosswise under it, and in the empty stock's frame once dealt: it is
    shown for the whole round.

    >>> html = stock_html(36, "4C")
    >>> html.index('stock-bottom') < html.index('stock-top'), 'data-card' in html  # under it; not in play
    (True, False)
    >>> 'stock-bottom' in stock_html(0, "4C"), 'stock-bottom' in stock_html(0)
    (True, False)
    """
    under = f'<div class="card stock-bottom">{card_img(bottom)}</div>' if bottom else ""
    if not count:
        word = _("Dealer's card") if bottom else _("No stock")
        return (f'<div class="stock-empty" aria-hidden="true">{under}</div>'
                f'<span class="stock-label">{escape(word)}</span>')
    depth = min(6, 1 + count // 8)
    return (f'{under}<div class="card stock-top" style="--depth:{depth}">{card_img(None)}</div>'
            f'<span class="badge stock-count" aria-hidden="true">{count}</span>'
            f'<span class="stock-label">{escape(_("Stock"))}</span>')


def stock_label(count: int, bottom: str | None = None, put_back: Sequence[str] = ()) -> str:
    """The stock in words, for screen readers (its picture's label), with the opening cards put back
    into it (while the first packet is played).

    >>> stock_label(36, "4C")
    'Stock: 36 cards. Bottom card: four of clubs.'
    >>> stock_label(0, "4C")
    'Stock: 0 cards. Bottom card, dealt to the dealer: four of clubs.'
    >>> stock_label(40, None, ("JS", "JD"))
    'Stock: 40 cards. Put back into it: jack of spades, jack of diamonds.'
    """
    words = ngettext("Stock: {n} card", "Stock: {n} cards", count).format(n=count)
    if bottom is not None:
        shown = _("Bottom card: {card}.") if count else _("Bottom card, dealt to the dealer: {card}.")
        words = f"{words}. {shown.format(card=card_name(bottom))}"
    if put_back:
        back = ngettext("Put back into it: {cards}.", "Put back into it: {cards}.", len(put_back)).format(
            cards=", ".join(card_name(code) for code in put_back))
        words = f"{words.removesuffix('.')}. {back}"
    return words


def put_back_html(view: TableView) -> str:
    """The opening cards put back into the stock, as a line on the table while the first packet is played
    (every seat saw them go back, so none of the hands holds one yet): "" when there are none.

    >>> import dataclasses
    >>> from kseri.i18n import set_language
    >>> from kseri.table.session import GameSession
    >>> _ = set_language("en")
    >>> view = GameSession.new(seed=1, level="easy").view()
    >>> put_back_html(view), put_back_html(dataclasses.replace(view, put_back=("JS", "9D")))
    ('', '<span class="take-line put-back">Put back into the stock: <span class="put-back-cards">J♠ 9♦</span></span>')
    """
    if not view.put_back:
        return ""
    cards = " ".join(card_text(code) for code in view.put_back)
    line = ngettext("Put back into the stock: {cards}", "Put back into the stock: {cards}", len(view.put_back))
    before, _gap, after = line.partition("{cards}")  # the cards kept on one line: the words wrap, not the list
    return (f'<span class="take-line put-back">{escape(before)}<span class="put-back-cards">{escape(cards)}</span>'
            f'{escape(after)}</span>')
