"""The rules and the scoring's explanation: their dialogs, and a match started from the rules' picker.

The rules' text is the page's own (``index.html``); how the points are counted is
:func:`kseri.web.summary_render.scoring_html`.
"""

from __future__ import annotations

from collections.abc import Callable

from pyscript import document, window

from kseri.engine.rules import PROFILES, Rules
from kseri.table.newgame import TABLE_NAMES, choice_for
from kseri.table.rules_note import rules_note
from kseri.web import summary_render
from kseri.web.dom import exists, js_object
from kseri.web.page_host import PageHost
from kseri.web.rules_render import rules_note_html

__all__ = ["PHONE_RULES_QUERY", "RulesControl"]

PHONE_RULES_QUERY = "(max-width: 640px)"
"""Screens on which the rules open folded (:meth:`RulesControl.fold_rules`)."""


class RulesControl:
    """The Rules and score buttons and their dialogs; ``ask_new_match`` starts the match picked there."""

    def __init__(self, app: PageHost, *, ask_new_match: Callable[[Rules | None], None]) -> None:
        self.app = app
        self.ask_new_match = ask_new_match

    def show_rules(self) -> None:
        # The picker starts at the rules being played (another table falls back to Greek).
        rules = self.app.session.rules
        self.app.el["variant"].value = choice_for(rules, self.app.session.level).table
        # The text tells the Greek table for two: a note names the game played, and marks its entry.
        note = rules_note(rules)
        box = self.app.el["rules-note"]
        box.innerHTML = rules_note_html(note) if note else ""
        box.hidden = note is None
        marked = False  # a table's entry is its <dt> and the <dd>s up to the next <dt>
        for part in document.querySelectorAll("#rules-tables .variants > *"):
            if part.tagName == "DT":
                marked = note is not None and part.dataset.variant == note.differs
            part.classList.toggle("current", marked)
        self.app.open_dialog("rules")

    def show_table_rules(self) -> None:
        """From the note over the rules to the entry of the table being played, under "Other tables"."""
        note = rules_note(self.app.session.rules)
        if note and note.entry_id:
            self.reveal_in_rules(note.entry_id)

    def reveal_in_rules(self, element_id: str) -> None:
        """Scroll the open rules to an element, its section unfolded (a phone folds them), and focus it."""
        target = document.getElementById(element_id)
        if not exists(target):
            return
        section = target.closest(".rule-section")
        if exists(section):
            section.open = True
        target.scrollIntoView(js_object({"block": "start"}))
        target.focus(js_object({"preventScroll": True}))

    def show_scoring(self) -> None:
        """The score was clicked: how the points are counted, and this round so far."""
        session = self.app.session
        self.app.el["scoring-body"].innerHTML = summary_render.scoring_html(session.view(), session.rules)
        self.app.open_dialog("scoring")

    def show_rules_scoring(self) -> None:
        """From the score's explanation to the rules, opened at their scoring section."""
        self.app.el["scoring"].close()
        self.show_rules()
        # The scoring told in full is the Greek table's; another table's is in its entry.
        note = rules_note(self.app.session.rules)
        self.reveal_in_rules(note.entry_id if note and note.entry_id else "rules-scoring")

    def fold_rules(self) -> None:
        """On a phone the rules are short sections opened one at a time: all folded but the first, and
        one name for all, so the browser closes the open one when another opens."""
        if not window.matchMedia(PHONE_RULES_QUERY).matches:
            return
        for index, section in enumerate(document.querySelectorAll("#rules .rule-section")):
            section.setAttribute("name", "rules-section")
            section.open = index == 0

    def start_variant(self) -> None:
        self.app.el["rules"].close()
        choice = str(self.app.el["variant"].value)
        self.ask_new_match(PROFILES[choice] if choice in TABLE_NAMES else None)

