"""The messages marked in the static pages: every element with ``data-i18n`` (pure standard library).

A page's long texts (the rules) stay written in its HTML, in English. An element
marked ``data-i18n`` is translated whole: its inner HTML, with runs of white space
made one space (:func:`kseri.web.page_text.msgid_of`), is the ``msgid``, and the page
puts the catalog's text in its place (:func:`kseri.web.language.translate_page`).
The browser reads that inner HTML back as it serialises it, so a marked element may
hold only text and the bare tags in :data:`~kseri.web.page_text.INLINE_TAGS` (no
attributes, no character references): then the source is what the browser gives.

``python3 -m devtools.pagemessages`` prints a ``.po`` entry, with an empty
``msgstr``, for each marked message the Greek catalog does not have yet: paste
them into ``kseri.po``, translate, and run ``python3 -m devtools.msgfmt``.
``tests/table/test_i18n.py`` fails while one is missing or untranslated.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from devtools import msgfmt
from kseri.web.page_text import I18N_ATTRIBUTE, msgid_of

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("index.html",)
"""The pages whose ``data-i18n`` elements the catalog translates (each runs the table's Python)."""
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                  "wbr"})


@dataclass(frozen=True)
class Marked:
    """One marked element: its tag, its inner HTML exactly as in the source, and where it starts."""

    tag: str
    inner: str
    start: int
    end: int
    line: int

    @property
    def msgid(self) -> str:
        return msgid_of(self.inner)


class _Finder(HTMLParser):
    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.text = text
        self.line_starts = [0]
        for index, char in enumerate(text):
            if char == "\n":
                self.line_starts.append(index + 1)
        self.open: list[tuple[str, int, int, int]] = []  # tag, depth, inner start, line: marked and not yet closed
        self.depth = 0
        self.found: list[Marked] = []

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        self.depth += 1
        if any(name == I18N_ATTRIBUTE for name, _ in attrs):
            start = self._offset() + len(self.get_starttag_text() or "")
            self.open.append((tag, self.depth, start, self.getpos()[0]))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.open and self.open[-1][0] == tag and self.open[-1][1] == self.depth:
            name, _, start, line = self.open.pop()
            end = self._offset()
            self.found.append(Marked(name, self.text[start:end], start, end, line))
        self.depth -= 1


def marked(text: str) -> list[Marked]:
    """The ``data-i18n`` elements of an HTML text, in the order they close.

    >>> [(m.tag, m.msgid) for m in marked('<div><p data-i18n>A <b>lone</b>\\n   card</p><p>not this</p></div>')]
    [('p', 'A <b>lone</b> card')]
    """
    finder = _Finder(text)
    finder.feed(text)
    finder.close()
    return finder.found


def page_messages(root: Path = ROOT) -> dict[str, str]:
    """``{msgid: "page:line"}`` for every marked element of :data:`PAGES`."""
    found: dict[str, str] = {}
    for page in PAGES:
        for element in marked((root / page).read_text(encoding="utf-8")):
            found.setdefault(element.msgid, f"{page}:{element.line}")
    return found


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main() -> int:
    po = ROOT / "kseri" / "i18n" / "locale" / "el" / "LC_MESSAGES" / "kseri.po"
    known = {entry.msgid for entry in msgfmt.parse_po(po.read_text(encoding="utf-8")) if entry.msgstr.get(0)}
    for msgid, where in page_messages().items():
        if msgid not in known:
            print(f"#: {where.split(':')[0]}\nmsgid {_quoted(msgid)}\nmsgstr \"\"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
