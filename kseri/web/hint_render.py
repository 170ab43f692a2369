"""How the hint shows on the table: the badge on each card, the ★ of the best ones, the note under
the hand (no browser needed). The review's board (:mod:`kseri.web.review_render`) says the same.

>>> from kseri.table.views import HintEntry
>>> hint_badge_text(HintEntry("AS", 1.0, best=True))
'★'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from kseri.i18n import _, decimal
from kseri.table.pile.hints import reason_text
from kseri.table.views import HintEntry, card_text

__all__ = ["format_value", "hint_badge_text", "hint_note_html", "hint_reason", "shown_best"]


def format_value(value: float) -> str:
    """A hint value with its sign: ``+3.2``, ``−1.0``, ``0.0``.

    >>> format_value(3.24), format_value(-1), format_value(0.01)
    ('+3.2', '−1.0', '0.0')
    """
    if abs(value) < 0.05:
        return decimal(0.0)
    return f"+{decimal(value)}" if value > 0 else f"−{decimal(abs(value))}"


def shown_best(hint: HintEntry) -> bool:
    """Whether the page calls ``hint``'s card a best one: the search's best, or a card whose loss shows
    as 0.0 (its ★, its words and the review's count must agree: a card "−0.0" behind the best was
    called "the best card too" by the words while only the best carried the ★).

    >>> from kseri.table.views import HintEntry
    >>> shown_best(HintEntry("8H", 3.0, best=False, loss=0.04)), shown_best(HintEntry("8H", 3.0, best=False, loss=0.1))
    (True, False)
    """
    return hint.best or hint.loss < 0.05


def hint_badge_text(hint: HintEntry) -> str:
    """What a card's hint badge says: ``★`` on the best card, the points it costs against the best on the others.

    >>> from kseri.table.views import HintEntry
    >>> hint_badge_text(HintEntry("AS", 1.0, best=True)), hint_badge_text(HintEntry("2C", -0.2, best=False, loss=1.2))
    ('★', '−1.2')
    """
    return "★" if shown_best(hint) else format_value(-hint.loss)


def hint_reason(hint: HintEntry) -> str:
    """The hint's reason for a card, in the page's language (at the sums table: its best move; empty
    when there is none)."""
    return reason_text(hint.reason) if hint.reason is not None else hint.way


def hint_note_html(hints: Sequence[HintEntry]) -> str:
    """The hint's words under the turn line: the best card and why; pointing at (or focusing)
    another card shows its reason instead (CSS picks the line by the card's place in the hand)."""
    lines = []
    tied = [hint for hint in hints if shown_best(hint)]
    shown = False  # the line shown by default: the first best card's (naming every card that ties with it)
    for i, hint in enumerate(hints):
        card = escape(card_text(hint.card))
        first = shown_best(hint) and not shown
        reason = escape(hint_reason(hint))
        if first and len(tied) > 1:  # the ★ sits on each of them: the words name each of them too
            head = _("Equally best: <b>{cards}</b>").format(cards=" ".join(escape(card_text(t.card)) for t in tied))
            if len({hint_reason(t) for t in tied}) > 1:
                reason = ""  # one card's reason after all of them would read as if each did that; each
                # card's own line (pointed at or focused) still gives its reason
        elif shown_best(hint):
            head = _("Best: <b>{card}</b>").format(card=card)
        else:
            head = _("<b>{card}</b>: {value} against the best").format(card=card, value=format_value(-hint.loss))
        shown = shown or first
        lines.append(f'<span class="hint-line{" best" if first else ""}" data-place="{i + 1}">'
                     f'{head}{" — " + reason if reason else ""}</span>')
    legend = escape(_("Points each card is expected to cost you by the round's end, against the best."))
    # Where the long legend has no room (a phone, a tablet), a short one, since a finger cannot point at a
    # card to read its line without playing it: only while some card's badge shows a number.
    short_legend = escape(_("Numbers on the cards: expected points lost against the best."))
    short = f'<span class="hint-legend-short">{short_legend}</span>' if len(tied) < len(hints) else ""
    return f'<span class="hint-note">{"".join(lines)}<span class="hint-legend">{legend}</span>{short}</span>'
