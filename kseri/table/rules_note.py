"""The line over the rules' text that says which game this match plays.

The rules' text (the page's Rules dialog) tells the Greek table for two and then how the other tables
differ. A player at another table, at more seats or with house rules would otherwise read the Greek
table's numbers as their own: the note names the match's game and house rules, and points to the
entry of its table under "Other tables".
"""

from __future__ import annotations

from dataclasses import dataclass

from kseri.engine.rules import PROFILES, Rules
from kseri.i18n import _, ngettext
from kseri.table.goal import table_word, word_key
from kseri.table.newgame import TABLE_NAMES, house_options, table_title

__all__ = ["TOLD_TABLE", "RulesNote", "rules_note"]

TOLD_TABLE = "greek"
"""The table the rules' text tells in full; the others are told by how they differ."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesNote:
    """What the rules' note says: its sentences, and the table whose entry it points to ("" for none)."""

    lines: tuple[str, ...]
    differs: str = ""

    @property
    def link(self) -> str:
        """The words of the link to the table's entry ("" without one).

        >>> RulesNote(lines=(), differs="sums").link
        'How Open-table Xeri (sums) differs'
        """
        return _("How {table} differs").format(table=table_title(PROFILES[self.differs])) if self.differs else ""


def rules_note(rules: Rules) -> RulesNote | None:
    """The note over the rules for a match played with ``rules``; ``None`` at the table the text tells.

    >>> from kseri.engine.rules import rules_from_spec
    >>> rules_note(rules_from_spec("greek")) is None
    True
    >>> note = rules_note(rules_from_spec({"profile": "pisti", "players": 4}))
    >>> note.differs, note.lines[1]
    ('pisti', 'Partners sit opposite each other and play as one side: their cards, piştis and points count together.')
    >>> print(note.lines[0])
    This match: Pişti, 4 players in partnerships. The rules below tell the Greek table first, then how the...
    >>> rules_note(rules_from_spec({"profile": "greek", "players": 4})).lines[-1]
    'Each player gets 6 cards a packet; 2 packets use up the pack.'
    >>> rules_note(rules_from_spec({"profile": "greek", "jack_kseri_points": 25})).lines
    ('This match: Greek.', 'House rules: Jack kseri 25')
    """
    house = house_options(rules)
    if rules.profile == TOLD_TABLE and rules.players == 2 and rules.packs == 1 and not house:
        return None
    title = table_title(rules)
    differs = rules.profile if rules.profile in TABLE_NAMES and rules.profile != TOLD_TABLE else ""
    if differs:
        first = _("This match: {game}. The rules below tell the Greek table first, then how the others "
                  "differ.").format(game=title)
    else:
        first = _("This match: {game}.").format(game=title)
    lines: tuple[str, ...] = (first,)
    if rules.partnered:  # the text is told for two players
        lines += (_("Partners sit opposite each other and play as one side: their cards, {kseris} and points count "
                    "together.").format(kseris=table_word(rules, plural=True)),)
    elif rules.players > 2:
        lines += (_("Each player plays and scores alone."),)
    if rules.players > 2 or rules.packs > 1:  # the text's packets are two players' from one pack
        pack = ngettext("the pack", "the two packs", rules.packs)
        lines += (ngettext("Each player gets {n} cards a packet; {packets} packet uses up {pack}.",
                           "Each player gets {n} cards a packet; {packets} packets use up {pack}.",
                           rules.packets).format(n=rules.packet_size, packets=rules.packets, pack=pack),)
    if rules.opening_size != PROFILES[TOLD_TABLE].opening_size:  # the double pack's opening deals every card
        lines += (_("The pile opens with {n} cards, all face up.").format(n=rules.opening_size),)
    if house:
        word = word_key(rules)
        lines += (_("House rules") + ": " + " · ".join(_(option.texts(word)[0]) for option in house),)
    return RulesNote(lines=lines, differs=differs)
