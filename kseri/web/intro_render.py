"""The first-visit tip's words (``#intro``), for the table being played (pure Python).

The tip names the table's own word (a kseri, a pişti, a xeri) and its bonus, so the Pişti
table's tip never says kseri (issue 24); with the house rule that a jack takes only a jack, it
does not say a jack takes the pile. :meth:`kseri.web.board.Board.draw` puts it into
the page while the tip shows.

>>> from kseri.engine.rules import rules_from_spec
>>> from kseri.i18n import set_language
>>> _ = set_language("en")
>>> title, text = intro_parts(rules_from_spec("pisti"))
>>> title, "<b>pişti</b>: +10" in text
('New to Pişti?', True)
>>> intro_parts(rules_from_spec("sums"))[0]
'New to Xeri?'
>>> jacks_take_jacks = intro_parts(rules_from_spec({"profile": "greek", "jacks_capture": False}))[1]
>>> "or a <b>jack</b>" in jacks_take_jacks, "takes only a jack" in jacks_take_jacks
(False, True)
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
    words = strategy_for(rules).words
    text = _(words.intro_jacks_take_jacks if not rules.jacks_capture and words.intro_jacks_take_jacks
             else words.intro)
    return title, text.format(word=table_word(rules), points=rules.kseri_points)
