"""Card images in HTML, shared by the table (:mod:`kseri.web.render`) and the
embeddable board (:mod:`kseri.web.embed_render`): pure Python.

The faces are our own SVGs (``tools/make_cards.py``), one per card code, and a
back; paths are relative to the page, so the site works under any sub-path.

>>> card_img("10D")
'<img src="static/cards/10D.svg" alt="" draggable="false" decoding="sync">'
>>> card_img(None, "back")
'<img class="back" src="static/cards/back.svg" alt="" draggable="false" decoding="sync">'
"""

from __future__ import annotations

import re

__all__ = ["CARD_BACK", "CARD_DIR", "card_img", "card_src", "swapped_src"]

CARD_DIR = "static/cards"
"""Where the card images are, relative to the page (``10D.svg``, ``back.svg``)."""
CARD_BACK = f"{CARD_DIR}/back.svg"


def card_src(code: str | None) -> str:
    """The image of a card face (``code``), or of a card's back (None).

    >>> card_src("JS"), card_src(None)
    ('static/cards/JS.svg', 'static/cards/back.svg')
    """
    return f"{CARD_DIR}/{code}.svg" if code else CARD_BACK


def card_img(code: str | None, cls: str = "") -> str:
    """A card's face (or its back, for None) as an ``<img>``: decorative, its container is labelled."""
    klass = f' class="{cls}"' if cls else ""
    # decoding="sync": a card is painted with its face or not at all, never as an empty frame.
    return f'<img{klass} src="{card_src(code)}" alt="" draggable="false" decoding="sync">'


_CONTENT_URL = re.compile(r'^url\("?([^")]+)"?\)$')


def swapped_src(computed_content: str) -> str | None:
    """The image a look shows in an ``<img>``'s place, from its computed CSS ``content``; None if
    it shows its own.

    >>> swapped_src('url("http://127.0.0.1:8000/static/cards/el/KS.svg")')
    'http://127.0.0.1:8000/static/cards/el/KS.svg'
    >>> swapped_src("normal") is None
    True
    """
    found = _CONTENT_URL.match(computed_content.strip())
    return found.group(1) if found else None
