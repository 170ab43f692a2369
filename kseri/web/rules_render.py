"""HTML for the rules dialog's note (no browser needed): which game this match plays."""

from __future__ import annotations

from html import escape

from kseri.table.rules_note import RulesNote

__all__ = ["rules_note_html"]


def rules_note_html(note: RulesNote) -> str:
    """The rules' note (:mod:`kseri.table.rules_note`): its sentences, then the way to its table's entry.

    >>> from kseri.engine.rules import rules_from_spec
    >>> from kseri.table.rules_note import rules_note
    >>> html = rules_note_html(rules_note(rules_from_spec("pisti")))
    >>> html.startswith("<p>This match: Pişti."), html.endswith('data-action="rules-table">How Pişti differs</button>')
    (True, True)
    """
    lines = "".join(f"<p>{escape(line)}</p>" for line in note.lines)
    if not note.link:
        return lines
    return f'{lines}<button type="button" class="btn ghost dark" data-action="rules-table">{escape(note.link)}</button>'
