"""Notices on the page (kseri.web.render.notices_html, kseri.table.notices): one short line each."""

from __future__ import annotations

from kseri.table.notices import NOTICE_LIMIT, brief, clip
from kseri.web.render import Notice, notices_html


def test_notices_are_one_short_line():
    assert clip("a\nb\r\n\tc") == "a b c"
    assert len(clip("word " * 100_000)) == NOTICE_LIMIT
    assert clip("short") == "short"
    assert brief("y" * 5000).startswith("'yyy") and len(brief("y" * 5000)) == 24
    assert len(brief(10**5000)) <= 24  # too long for str()
    assert brief(_BadRepr()).startswith("<_BadRepr")
    html = notices_html([Notice("line\none", (("load-newer", "Load <it>"),), key="k")])
    assert "line one" in html and "Load &lt;it&gt;" in html


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")
