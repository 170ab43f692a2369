"""A won match celebrated, and your streak at the match's end (pure Python: the markup).

The celebration is a burst of card suits over the table (:func:`burst_html`, animated by the
stylesheet and left out entirely under ``prefers-reduced-motion``), with a short fanfare when sound is
on (:mod:`kseri.web.sound_plan`'s ``win``); :mod:`kseri.web.celebrate_ui` puts them on the page. The
streak line says how many matches in a row you have won at this table and level, and your best
(:class:`~kseri.table.stats.Record`).

>>> from kseri.table.stats import Record
>>> streak_html(Record(matches=5, wins=4, streak=3, best=3)).endswith('★</span> 3 wins in a row: your best streak!</p>')
True
>>> "best: 4" in streak_html(Record(matches=6, wins=4, streak=0, best=4))
True
>>> streak_html(Record())
''
>>> burst_html().count('class="burst-suit')
24
"""

from __future__ import annotations

from html import escape

from kseri.i18n import _, ngettext
from kseri.table.stats import Record

__all__ = ["BURST", "burst_html", "streak_html"]

BURST = 24
"""How many suits fly out."""
_SUITS = ("♠", "♥", "♦", "♣")


def streak_html(record: Record) -> str:
    """Your streak at this game and level after the match ("" before any match)."""
    if not record.matches:
        return ""
    if record.streak and record.streak >= record.best:
        text = ngettext("{n} win in a row: your best streak!", "{n} wins in a row: your best streak!",
                        record.streak).format(n=record.streak)
    elif record.streak:
        text = ngettext("{n} win in a row (best: {best}).", "{n} wins in a row (best: {best}).",
                        record.streak).format(n=record.streak, best=record.best)
    else:
        text = _("Winning streak: 0 (best: {best}).").format(best=record.best)
    mark = '<span class="streak-mark" aria-hidden="true">★</span> ' if record.streak else ""
    return (f'<p class="streak" data-streak="{record.streak}" data-best="{record.best}">{mark}'
            f'{escape(text)}</p>')


def burst_html() -> str:
    """The suits of the celebration: each with its direction and delay (custom properties, evenly spread:
    a burst looks the same every time, no randomness needed)."""
    parts = []
    for i in range(BURST):
        angle = i * 360 / BURST + (7 if i % 2 else 0)
        reach = 34 + (i * 7) % 17  # in vmin
        suit = _SUITS[i % 4]
        red = " red" if suit in "♥♦" else ""
        parts.append(f'<span class="burst-suit{red}" style="--a:{angle:.0f}deg;--r:{reach}vmin;'
                     f'--d:{(i % 6) * 40}ms">{suit}</span>')
    return f'<div class="burst" aria-hidden="true">{"".join(parts)}</div>'
