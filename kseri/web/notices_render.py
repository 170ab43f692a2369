"""The notice banner: one line per notice, with buttons where it asks for a choice (no browser needed).

>>> notices_html([]) == "", notices_html(["Saved."]).count("<li>")
(True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from kseri.i18n import N_, _
from kseri.table.notices import clip

__all__ = ["NEWER_ELSEWHERE", "NOTICES_SHOWN", "Notice", "notices_html", "with_notice"]

NOTICES_SHOWN = 4
"""Notices the banner holds at most; beyond, the oldest plain line goes (see :func:`with_notice`). The page's
opening notices all show, however many."""


@dataclass(frozen=True)
class Notice:
    """One line of the notice banner, with buttons when it asks for a choice.

    ``actions`` are ``(data-action, label)`` pairs, handled like the page's other
    ``data-action`` buttons; ``key`` names a notice the page replaces or removes
    (a second one with the same key replaces the first); a ``sticky`` notice stays
    when the banner is dismissed (a choice still to be made); a ``lasting`` one tells
    of a condition that lasts (storage refused), so later notices never push it out.
    """

    text: str
    actions: tuple[tuple[str, str], ...] = ()
    key: str | None = None
    sticky: bool = False
    lasting: bool = False


def with_notice(notices: Sequence[Notice], notice: Notice) -> list[Notice]:
    """The banner's notices once ``notice`` is added: it replaces one with its key, and one saying the
    same thing (the same bad message pasted twice said so twice), so it shows once, last.

    >>> forged = Notice("This message changed on the way.")
    >>> [n.text for n in with_notice(with_notice([Notice("Saved.")], forged), forged)]
    ['Saved.', 'This message changed on the way.']
    >>> lines = [Notice("Newer game.", (("load-newer", "Load it"),))] + [Notice(f"Line {n}.") for n in range(6)]
    >>> shown = []
    >>> for line in lines:
    ...     shown = with_notice(shown, line)
    >>> [n.text for n in shown]
    ['Newer game.', 'Line 3.', 'Line 4.', 'Line 5.']
    >>> for line in [Notice("Storage refused.", lasting=True)] + lines:
    ...     shown = with_notice(shown, line)
    >>> [n.text for n in shown]
    ['Storage refused.', 'Newer game.', 'Line 4.', 'Line 5.']
    """
    kept = [n for n in notices if n != notice and (notice.key is None or n.key != notice.key)] + [notice]
    while len(kept) > NOTICES_SHOWN:  # a long match's notices must not push the table down: the oldest go,
        plain = [n for n in kept if not (n.actions or n.sticky or n.lasting)]  # never a choice still to be
        # made, nor a condition that still holds
        if not plain:
            break
        kept.remove(plain[0])
    return kept


def notices_html(notices: Sequence[Notice | str]) -> str:
    """The notice banner's content: one item per notice and a close button (empty without notices).

    This is the one place every notice reaches the page, so every text is cut here
    to one line of at most :data:`~kseri.table.notices.NOTICE_LIMIT` characters,
    whatever a link or a save carried:

    >>> html = notices_html(["x" * 1_000_000, Notice("Newer game.", (("load-newer", "Load it"),))])
    >>> len(html) < 800, html.count("<li>"), 'data-action="load-newer"' in html
    (True, 2, True)
    """
    if not notices:
        return ""
    items = []
    for notice in notices:
        if isinstance(notice, str):
            notice = Notice(notice)
        buttons = "".join(f' <button type="button" class="btn solid" data-action="{escape(action)}">'
                          f'{escape(_(label))}</button>' for action, label in notice.actions)
        items.append(f"<li>{escape(clip(_(notice.text)))}{buttons}</li>")
    # On a short screen a long list scrolls in its own box (style.css), so it can be focused to scroll it
    return (f'<ul tabindex="0">{"".join(items)}</ul>'
            f'<button type="button" class="notice-close" data-action="dismiss-notice" '
            f'aria-label="{escape(_("Dismiss"))}">×</button>')


NEWER_ELSEWHERE = Notice(
    N_("This game went on in another tab. This tab no longer saves it, so that nothing played there is lost."),
    actions=(("load-newer", N_("Load the newer game")), ("keep-this", N_("Keep this one"))),
    key="newer-elsewhere", sticky=True)
"""Shown when another tab saved the game (see :meth:`kseri.web.app.App.on_storage`)."""
