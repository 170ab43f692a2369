"""The stock as the table draws it: its top card's back and count, and an exposed bottom card (a house
rule) face up under it for the whole round."""

from __future__ import annotations

from html import escape

from kseri.i18n import _, card_name, ngettext
from kseri.web.card_html import card_img

__all__ = ["stock_html", "stock_label"]


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


def stock_label(count: int, bottom: str | None = None) -> str:
    """The stock in words, for screen readers (its picture's label).

    >>> stock_label(36, "4C")
    'Stock: 36 cards. Bottom card: four of clubs.'
    >>> stock_label(0, "4C")
    'Stock: 0 cards. Bottom card, dealt to the dealer: four of clubs.'
    """
    words = ngettext("Stock: {n} card", "Stock: {n} cards", count).format(n=count)
    if bottom is None:
        return words
    shown = _("Bottom card: {card}.") if count else _("Bottom card, dealt to the dealer: {card}.")
    return f"{words}. {shown.format(card=card_name(bottom))}"
