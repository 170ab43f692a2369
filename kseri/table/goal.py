"""What a match is played for, in the words every part of the table uses (pure Python).

A match is played either to a target ("first to 151", the profiles' way) or for a fixed number
of rounds (``match_rounds``: the side that wins most of them wins; a tie plays another round).
The header, the round's summary, the score's explanation and the match's result all say it
through :class:`Goal`, so a match of three rounds never says "first to 151" anywhere.

The table's own word for a kseri comes from here too (:func:`table_word`): a kseri at the
Greek and four-card tables, a pişti at the Pişti table, a xeri at the open table.

>>> from kseri.engine.rules import rules_from_spec
>>> from kseri.i18n import set_language
>>> _ = set_language("en")
>>> Goal.of(rules_from_spec("greek")).header_html(2)
'first to <b>151</b>'
>>> three = Goal.of(rules_from_spec({"profile": "greek", "match_rounds": 3}))
>>> three.header_html(2), three.header_html(4)
('round <b>2</b> of 3', 'round <b>4</b>: a decider')
>>> table_word(rules_from_spec("pisti")), table_word(rules_from_spec("sums"))
('pişti', 'xeri')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kseri.engine.rules import Rules
from kseri.i18n import N_, _, ngettext
from kseri.table.tables import strategy_for
from kseri.table.words import WordKey, counted, word_key_for

__all__ = [
    "Goal",
    "WordKey",
    "again_word_title",
    "counted",
    "counted_word",
    "counted_word_msgid",
    "jack_word_title",
    "kseri_cry",
    "round_wins",
    "table_word",
    "table_word_title",
    "word_key",
    "word_key_for",
]


_WORDS = {"kseri": (N_("kseri"), N_("kseris")), "pisti": (N_("pişti"), N_("piştis")), "xeri": (N_("xeri"), N_("xeris"))}
_TITLES = {"kseri": N_("Kseri"), "pisti": N_("Pişti"), "xeri": N_("Xeri")}
_COUNTED = {"kseri": N_("Kseris"), "pisti": N_("Piştis"), "xeri": N_("Xeris")}
_CRIES = {"kseri": (N_("Kseri!"), N_("Jack kseri!")), "pisti": (N_("Pişti!"), N_("Jack pişti!")),
          "xeri": (N_("Xeri!"), N_("Xeri!"))}
# A jack's kseri and a second kseri in a row happen at the pile tables only (the open table has
# neither), so the open table's entries are the pile tables' words; they are never shown there.
_JACK_TITLES = {"kseri": N_("Jack kseri"), "pisti": N_("Jack pişti"), "xeri": N_("Jack kseri")}
_AGAIN_TITLES = {"kseri": N_("Kseri right after your own kseri"), "pisti": N_("Pişti right after your own pişti"),
                 "xeri": N_("Kseri right after your own kseri")}


def word_key(rules: Rules) -> WordKey:
    """Which word the table uses: the open table says xeri, the Pişti table pişti, the others kseri."""
    return word_key_for(rules.profile, xeri=strategy_for(rules).words.xeri)


def counted_word(word: WordKey) -> str:
    """The word as a column or row of counts is headed: ``Kseris``, ``Piştis``, ``Xeris``."""
    return _(counted_word_msgid(word))


def counted_word_msgid(word: WordKey) -> str:
    """:func:`counted_word` untranslated (the ``msgid``), for a row that translates its own label."""
    return _COUNTED[word]


def kseri_cry(word: WordKey, kind: str) -> str:
    """What the table cries at a kseri of ``kind`` (``kseri`` or ``jack_kseri``), in the page's
    language: the flash over the pile, the play log's and a rule scene's badge say the same.

    >>> kseri_cry("pisti", "jack_kseri"), kseri_cry("kseri", "kseri"), kseri_cry("xeri", "kseri")
    ('Jack pişti!', 'Kseri!', 'Xeri!')
    """
    return _(_CRIES[word][kind == "jack_kseri"])


def jack_word_title(rules: Rules) -> str:
    """A jack's kseri as the table calls it: ``Jack kseri``, at the Pişti table ``Jack pişti``."""
    return _(_JACK_TITLES[word_key(rules)])


def again_word_title(rules: Rules) -> str:
    """The bonus for a kseri right after the same side's own, as the table calls it."""
    return _(_AGAIN_TITLES[word_key(rules)])


def table_word(rules: Rules, *, plural: bool = False) -> str:
    """The table's word for a capture of a lone card (the open table's: one that empties it), in the
    page's language: ``kseri``, ``pişti``, ``xeri`` (``plural``: ``kseris``...)."""
    return _(_WORDS[word_key(rules)][1 if plural else 0])


def table_word_title(rules: Rules) -> str:
    """The game's name as a player calls it, for a heading ("New to Pişti?").

    >>> from kseri.engine.rules import rules_from_spec
    >>> table_word_title(rules_from_spec("fourcard")), table_word_title(rules_from_spec("sums"))
    ('Kseri', 'Xeri')
    """
    return _(_TITLES[word_key(rules)])


def round_wins(rounds: Sequence[Sequence[int]], sides: int) -> tuple[int, ...]:
    """Rounds won by each side, from each round's points (a round shared at the top counts for nobody,
    as :class:`~kseri.engine.match.Match` counts them).

    >>> round_wins([(30, 12), (10, 10), (5, 20)], 2)
    (1, 1)
    """
    wins = [0] * sides
    for points in rounds:
        best = max(points)
        if list(points).count(best) == 1:
            wins[list(points).index(best)] += 1
    return tuple(wins)


@dataclass(frozen=True)
class Goal:
    """What the match is played for: ``rounds`` rounds (most won wins), or None: the first to ``target``."""

    target: int
    rounds: int | None = None

    @classmethod
    def of(cls, rules: Rules, target: int | None = None) -> Goal:
        """The goal of a match under ``rules``; ``target``: the match's own (after any raise)."""
        return cls(target=rules.target if target is None else target, rounds=rules.match_rounds)

    def header_html(self, round_number: int) -> str:
        """The score's small print: ``first to <b>151</b>``, or where a match of rounds stands."""
        return self._stage(round_number, race=_("first to <b>{target}</b>"), decider=_("round <b>{k}</b>: a decider"),
                           of=_("round <b>{k}</b> of {n}"))

    def header_text(self, round_number: int) -> str:
        """:meth:`header_html` without its markup."""
        return self.header_html(round_number).replace("<b>", "").replace("</b>", "")

    def explanation(self) -> str:
        """The first words of the score's explanation: what the totals at the top are for."""
        if self.rounds is None:
            return _("The score at the top is the match: first to {target} wins, checked when a round ends.").format(
                target=self.target)
        return ngettext("The match is {n} round: whoever wins it wins the match.",
                        "The match is {n} rounds: whoever wins the most of them wins (a tie plays another).",
                        self.rounds).format(n=self.rounds)

    def facts(self, *, rounds: Sequence[Sequence[int]], kseris: Sequence[int], word: WordKey = "kseri",
              level: str = "") -> str:
        """The match's result in one line: what it was played for, how long it took, and the kseris (in the
        table's word, :func:`word_key`); ``level``: the bot's level against you, if it was one bot.

        >>> Goal(151).facts(rounds=[(90, 40), (70, 50)], kseris=(2, 1), level="Hard")
        'First to 151 against Hard: 2 rounds; kseris: 2–1.'
        >>> Goal(151, rounds=3).facts(rounds=[(9, 4), (7, 15), (20, 3)], kseris=(0, 1), word="pisti")
        '3 rounds, rounds won 2–1; piştis: 0–1.'
        """
        n = len(rounds)
        counts = "–".join(str(k) for k in kseris)
        if self.rounds is None:
            played = (ngettext("First to {target} against {level}: {n} round", "First to {target} against {level}: "
                               "{n} rounds", n) if level
                      else ngettext("First to {target}: {n} round", "First to {target}: {n} rounds", n))
            head = played.format(target=self.target, level=level, n=n)
        else:
            won = "–".join(str(w) for w in round_wins(rounds, len(kseris)))
            played = (ngettext("{n} round against {level}, rounds won {won}",
                               "{n} rounds against {level}, rounds won {won}", n) if level
                      else ngettext("{n} round, rounds won {won}", "{n} rounds, rounds won {won}", n))
            head = played.format(level=level, n=n, won=won)
        return _("{facts}; {word}: {counts}.").format(facts=head, word=_(_WORDS[word][1]), counts=counts)

    def race_target(self, number: int, *, undecided: bool = False) -> str:
        """The round summary's note under the race: the target, or which round of how many just ended;
        ``undecided``: the match goes on, so after its last round (a tie in rounds won) it says that a
        decider follows.

        >>> three = Goal(151, rounds=3)
        >>> three.race_target(2, undecided=True), three.race_target(3, undecided=True)
        ('round 2 of 3', 'round 3 of 3: tied, a decider follows')
        >>> three.race_target(3), three.race_target(4, undecided=True)
        ('round 3 of 3', 'round 4: a decider, still tied: another follows')
        """
        tied = undecided and self.rounds is not None and number >= self.rounds
        return self._stage(number, race=_("target {target}"),
                           decider=_("round {k}: a decider, still tied: another follows") if tied
                           else _("round {k}: a decider"),
                           of=_("round {k} of {n}: tied, a decider follows") if tied else _("round {k} of {n}"))

    def _stage(self, number: int, *, race: str, decider: str, of: str) -> str:
        """Where the match stands at round ``number``, in one of three templates (translated, each with
        its own markup): ``race`` for a match to a target, ``decider`` for a round played after the
        match's rounds ended in a tie, ``of`` for round k of n."""
        if self.rounds is None:
            return race.format(target=self.target)
        if number > self.rounds:
            return decider.format(k=number)
        return of.format(k=number, n=self.rounds)

