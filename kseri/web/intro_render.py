"""The first-visit tip's words (``#intro``), for the table being played (pure Python).

The tip names the table's own word (a kseri, a pişti, a xeri) and its bonus, so the Pişti
table's tip never says kseri (issue 24). :meth:`kseri.web.board.Board.draw` puts it into
the page while the tip shows.

>>> from kseri.engine.rules import rules_from_spec
>>> from kseri.i18n import set_language
>>> _ = set_language("en")
>>> title, text = intro_parts(rules_from_spec("pisti"))
>>> title, "<b>pişti</b>: +10" in text
('New to Pişti?', True)
>>> intro_parts(rules_from_spec("sums"))[0]
'New to Xeri?'
"""

from __future__ import annotations

from kseri.engine.rules import Rules
from kseri.i18n import _
from kseri.table.goal import table_word, word_key
from kseri.table.tables import strategy_for

__all__ = ["intro_parts"]


def intro_parts(rules: Rules) -> tuple[str, str]:
    """The tip's title (plain text) and its rule in one sentence (markup: ``<b>`` only)."""
    key = word_key(rules)
    title = {"pisti": _("New to Pişti?"), "xeri": _("New to Xeri?")}.get(key, _("New to Kseri?"))
    text = _(strategy_for(rules).words.intro)
    return title, text.format(word=table_word(rules), points=rules.kseri_points)
