"""The line over the rules' text that says which game this match plays.

The rules' text (the page's Rules dialog) tells the Greek table for two and then how the other tables
differ. A player at another table, at more seats or with house rules would otherwise read the Greek
table's numbers as their own: the note names the match's game and house rules, and points to the
entry of its table under "Other tables".
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from kseri.engine.rules import PROFILES, Rules
from kseri.i18n import _, ngettext
from kseri.table.goal import Goal, table_word
from kseri.table.newgame import TABLE_NAMES, house_options, house_rules_named, table_title

__all__ = ["TOLD_TABLE", "RulesNote", "rules_note"]

TOLD_TABLE = "greek"
"""The table the rules' text tells in full; the others are told by how they differ."""


_TOLD_ELSEWHERE = frozenset({"profile", "table", "players", "packs", "partnerships", "packet_size", "opening_size",
                             "target", "match_rounds"})
"""The fields of the rules the note tells on its own lines (or its table's entry does, with the target's tie rule)."""


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

    @property
    def entry_id(self) -> str:
        """The page's id of the table's entry under "Other tables" ("" without one)."""
        return f"rules-table-{self.differs}" if self.differs else ""


def rules_note(rules: Rules) -> RulesNote | None:
    """The note over the rules for a match played with ``rules``; ``None`` where the text tells it all.

    >>> from kseri.engine.rules import rules_from_spec
    >>> rules_note(rules_from_spec("greek")) is None
    True
    >>> note = rules_note(rules_from_spec({"profile": "pisti", "players": 4}))
    >>> note.differs, note.entry_id, note.lines[1]
    ('pisti', 'rules-table-pisti', 'Partners sit opposite each other and play as one side: their cards, piştis and \
points count together.')
    >>> print(note.lines[0])
    This match: Pişti, 4 players in partnerships. The rules below tell the Greek table first, then how the...
    >>> rules_note(rules_from_spec({"profile": "greek", "players": 4})).lines[2:]
    ('The seat after the dealer leads, and the deal moves on one seat each round.', \
'Each player gets 6 cards a packet; 2 packets use up the pack.')
    >>> rules_note(rules_from_spec({"profile": "greek", "jack_kseri_points": 25})).lines
    ('This match: Greek.', 'House rules: Jack kseri 25')
    >>> rules_note(rules_from_spec({"profile": "greek", "match_rounds": 3})).lines[1]
    'The match is 3 rounds: whoever wins the most of them wins (a tie plays another).'
    >>> print(rules_note(rules_from_spec({"profile": "greek", "kseri_points": 50})).lines[1])
    This match also changes some of its table's rules, as its link or record set them; the score's explanation...
    """
    base = PROFILES.get(rules.profile, PROFILES[TOLD_TABLE])
    told = PROFILES[TOLD_TABLE]
    house = house_options(rules)
    differs = rules.profile if rules.profile in TABLE_NAMES and rules.profile != TOLD_TABLE else ""
    lines: tuple[str, ...] = ()
    if rules.partnered:  # the text is told for two players
        lines += (_("Partners sit opposite each other and play as one side: their cards, {kseris} and points count "
                    "together.").format(kseris=table_word(rules, plural=True)),)
    elif rules.players > 2:
        lines += (_("Each player plays and scores alone."),)
    if rules.players > 2:  # the text's deal alternates between two
        lines += (_("The seat after the dealer leads, and the deal moves on one seat each round."),)
    if (rules.packet_size, rules.packets, rules.packs) != (told.packet_size, told.packets, told.packs):
        pack = ngettext("the pack", "the two packs", rules.packs)
        lines += (ngettext("Each player gets {n} cards a packet; {packets} packet uses up {pack}.",
                           "Each player gets {n} cards a packet; {packets} packets use up {pack}.",
                           rules.packets).format(n=rules.packet_size, packets=rules.packets, pack=pack),)
    if rules.opening_size != told.opening_size:  # the double pack's opening deals every card
        lines += (_("The pile opens with {n} cards, all face up.").format(n=rules.opening_size),)
    if rules.target != base.target or rules.match_rounds is not None:
        lines += (Goal.of(rules).explanation(),)
    if house:
        lines += (_("House rules") + ": " + house_rules_named(rules),)
    chosen = {name for option in house for name in option.changes}
    if any(getattr(rules, f.name) != getattr(base, f.name) for f in fields(Rules)
           if f.name not in _TOLD_ELSEWHERE and f.name not in chosen):  # a record's or a link's own rules
        lines += (_("This match also changes some of its table's rules, as its link or record set them; the score's "
                    "explanation (click the score) lists what scores."),)
    if not lines and not differs:
        return None
    title = table_title(rules)
    if differs:
        first = _("This match: {game}. The rules below tell the Greek table first, then how the others "
                  "differ.").format(game=title)
    else:
        first = _("This match: {game}.").format(game=title)
    return RulesNote(lines=(first, *lines), differs=differs)
