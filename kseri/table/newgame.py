"""The new-game screen as plain data: which table, which bot, which target, which house rules.

A :class:`NewGameChoice` is what the screen shows and returns; :meth:`NewGameChoice.rules`
turns it into the engine's :class:`~kseri.engine.rules.Rules` (so records and share links
carry it as they carry any rules), and :func:`choice_for` reads it back from the rules of
the match in play, so the screen opens on the game you are playing.

>>> choice = NewGameChoice(table="pisti", options=frozenset({"exposed_bottom", "jack_kseri_25"}))
>>> rules = choice.rules()
>>> rules.profile, rules.exposed_bottom, rules.jack_kseri_points, rules.target
('pisti', True, 25, 101)
>>> choice_for(rules, "hard") == NewGameChoice(table="pisti", level="hard", options=choice.options)
True
>>> NewGameChoice(table="greek", target=0).rules()
Traceback (most recent call last):
...
kseri.table.seats.SessionError: target must be an integer from 1 to 10000, got 0
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kseri.engine.errors import KseriError, one_line
from kseri.engine.match import Match
from kseri.engine.rules import MATCH_ROUNDS_MAX, PROFILES, Rules, double_pack_opening
from kseri.i18n import N_, _
from kseri.table.goal import WordKey, word_key
from kseri.table.seat_plan import PERSON, SeatPlan, clean_name
from kseri.table.seats import DEFAULT_LEVEL, SessionError, levels
from kseri.table.tables import strategy_for, table_refusal

__all__ = ["HOUSE_BY_KEY", "HOUSE_OPTIONS", "PLAYER_COUNTS", "PLAY_LABELS", "TABLES", "TABLE_NAMES", "HouseOption",
           "NewGameChoice", "TableForm", "carried_plan", "choice_for", "choice_from_form", "house_options",
           "house_rules_named", "player_counts", "seating_changes", "seating_title", "seatings_words", "table_form",
           "table_title", "under_way"]

TABLES: tuple[tuple[str, str, str], ...] = (
    ("greek", N_("Greek"), N_("Six cards a hand, kseri 10, jack kseri 20; first to 151.")),
    ("fourcard", N_("Four-card"), N_("Four cards a hand, a second kseri in a row 20; first to 101.")),
    ("pisti", N_("Pişti"), N_("The Turkish scoring of the four-card game: 10♦ is worth 3; first to 101.")),
    ("sums", N_("Open-table Xeri (sums)"),
     N_("Four cards face up side by side: take by sum, build, xeri 10; first to 37.")),
)
"""The tables the page seats: ``(profile, name, one line)``."""
TABLE_NAMES = tuple(t[0] for t in TABLES)
PLAY_LABELS = {"greek": N_("Play Greek Kseri"), "fourcard": N_("Play four-card Kseri"), "pisti": N_("Play Pişti"),
               "sums": N_("Play open-table Xeri")}
"""The welcome's big button by table: it names the game it deals (English ``msgid``)."""


@dataclass(frozen=True, slots=True)
class HouseOption:
    """One house rule as a switch: its key, its name and one line, and the rules it changes.

    ``worded`` gives the name and line again for a table whose word for a kseri differs
    (:func:`kseri.table.goal.word_key`): the Pişti table's house rule is a "jack pişti 25".

    >>> option = HOUSE_BY_KEY["jack_kseri_25"]
    >>> option.texts("kseri")[0], option.texts("pisti")[0], option.texts("xeri") == option.texts("kseri")
    ('Jack kseri 25', 'Jack pişti 25', True)
    """

    key: str
    name: str
    explain: str
    changes: Mapping[str, Any]
    worded: Mapping[WordKey, tuple[str, str]] = field(default_factory=dict)
    needs: str = ""
    """A field of the rules the table's own profile must set for this rule to mean anything: the jack
    kseri's 25 where jacks make no kseri (the four-card table) would add a kseri, not raise one."""

    def offered(self, profile: Rules) -> bool:
        """Whether the new-game screen offers this rule at the table of ``profile``.

        >>> from kseri.engine.rules import PROFILES
        >>> [HOUSE_BY_KEY["jack_kseri_25"].offered(PROFILES[name]) for name in ("greek", "fourcard", "pisti")]
        [True, False, True]
        """
        return strategy_for(profile).plays_house_rule(self.key) and (
            not self.needs or getattr(profile, self.needs) is not None)

    def texts(self, word: WordKey) -> tuple[str, str]:
        """The name and the line (untranslated, for ``_``) at a table that says ``word``."""
        return self.worded.get(word, (self.name, self.explain))


HOUSE_OPTIONS: tuple[HouseOption, ...] = (
    HouseOption("exposed_bottom", N_("Bottom card shown"),
                N_("The stock's last card lies face up for everyone to see."), {"exposed_bottom": True}),
    HouseOption("opening_stands", N_("Opening pile stands"),
                N_("The opening cards stand as dealt: never turned again, no jack swapped out."),
                {"opening_redeal": "none"}),
    HouseOption("no_last_card_kseri", N_("No kseri with the last card"),
                N_("A kseri made with the round's very last card is an ordinary capture."),
                {"last_card_kseri": False},
                {"pisti": (N_("No pişti with the last card"),
                           N_("A pişti made with the round's very last card is an ordinary capture.")),
                 "xeri": (N_("No xeri with the last card"),
                          N_("A xeri made with the round's very last card is an ordinary capture."))}),
    HouseOption("jack_kseri_25", N_("Jack kseri 25"),
                N_("A jack on a lone jack is a jack kseri worth 25."), {"jack_kseri_points": 25},
                {"pisti": (N_("Jack pişti 25"), N_("A jack on a lone jack is a jack pişti worth 25."))},
                needs="jack_kseri_points"),
    HouseOption("jacks_take_jacks", N_("Jacks take only jacks"),
                N_("A jack is an ordinary card: it takes the pile only from another jack."), {"jacks_capture": False}),
    HouseOption("jack_pile_bonus", N_("Jacks-only pile: +10"),
                N_("Taking a pile made only of jacks scores 10 more."), {"jack_table_points": 10}),
    HouseOption("last_capture_bonus", N_("Last capture: +10"),
                N_("Whoever makes the round's last capture scores 10 more."), {"final_capture_points": 10}),
)
"""The house rules of ``docs/rules.md`` the screen offers, each off by default."""

HOUSE_BY_KEY = {option.key: option for option in HOUSE_OPTIONS}
"""The house rules by key."""
MAX_ROUNDS = MATCH_ROUNDS_MAX
"""The longest match by rounds the screen offers: what the rules take (a link's match of 100 rounds
opened the screen on a number it then refused)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class NewGameChoice:
    """What the new-game screen shows and returns.

    ``target`` ``None`` keeps the table's own (151 or 101); ``rounds`` set makes it a match of
    that many rounds instead of a race to the target.
    """

    table: str = "greek"
    level: str = DEFAULT_LEVEL
    target: int | None = None
    rounds: int | None = None
    options: frozenset[str] = field(default_factory=frozenset)
    players: int = 2
    """You and the bots: 2 to 6 as the table deals (:func:`player_counts`)."""
    partnerships: bool = True
    """With 4 or 6 players, partners opposite score together."""
    packs: int = 1
    """2: the double pack (4 to 6 players); taken anyway where one pack cannot deal the seats."""
    seats: tuple[str, ...] = ()
    """Who sits in each seat from seat 0 (:data:`~kseri.table.seat_plan.PERSON`, a person at this device
    playing "pass and play", or a bot's level); seats not listed: a bot of :attr:`level`."""
    names: tuple[str, ...] = ()
    """The people's names by seat ("": "Player N")."""

    def plan(self) -> SeatPlan:
        """Who sits where (:class:`~kseri.table.seat_plan.SeatPlan`; seat 0 is always a person)."""
        given = self.seats
        return SeatPlan(seats=(PERSON, *(given[seat] if seat < len(given) else self.level
                                         for seat in range(1, self.players))), names=self.names)

    @property
    def people(self) -> int:
        """How many people share the device."""
        return len(self.plan().persons)

    def rules(self) -> Rules:
        """The engine's rules for this choice; :class:`SessionError` (one line) if they do not hold."""
        if self.table not in TABLE_NAMES:
            raise SessionError(f"unknown table {self.table!r} (known: {', '.join(TABLE_NAMES)})")
        unknown = sorted(self.options - set(HOUSE_BY_KEY))
        if unknown:
            raise SessionError(f"unknown house rule {unknown[0]!r}")
        refused = [o for o in HOUSE_OPTIONS if o.key in self.options and not o.offered(PROFILES[self.table])]
        if refused:
            name = refused[0].texts(word_key(PROFILES[self.table]))[0]
            raise SessionError(_("“{rule}” is not a house rule of this table.").format(rule=_(name)))
        changes: dict[str, Any] = {}
        for option in HOUSE_OPTIONS:
            if option.key in self.options:
                changes.update(option.changes)
        changes.update(self._seating())
        if self.target is not None:
            changes["target"] = self.target
        if self.rounds is not None:
            changes["match_rounds"] = self.rounds
        try:
            return dataclasses.replace(PROFILES[self.table], **changes)
        except KseriError as exc:
            raise SessionError(one_line(exc)) from None

    def _seating(self) -> dict[str, Any]:
        """The rules' changes for the seats chosen; :class:`SessionError` (one line) for a seating the
        table cannot deal."""
        if self.packs not in (1, 2) or self.players not in PLAYER_COUNTS:
            raise SessionError(f"no seating of {self.players} players with {self.packs} packs")
        if self.packs == 2 and self.players < 4:
            raise SessionError(_("Two packs are for 4 to 6 players."))
        changes = seating_changes(self.table, self.players, self.partnerships, self.packs)
        if changes is None:
            counts = ", ".join(str(n) for n in player_counts(self.table))
            raise SessionError(_("This table seats {counts} players.").format(counts=counts))
        return changes


PLAYER_COUNTS = (2, 3, 4, 5, 6)
"""The seat counts the screen offers (each table takes those it can deal: :func:`player_counts`)."""


def seating_changes(table: str, players: int, partnerships: bool, packs: int) -> dict[str, Any] | None:
    """The rules' changes for a seating, or None when the table cannot deal it; with ``packs`` 1, two packs
    where one cannot deal the seats.

    >>> seating_changes("fourcard", 5, True, 1), seating_changes("pisti", 3, True, 1)
    ({'players': 5, 'packs': 2, 'opening_size': 4}, {'players': 3})
    >>> print(seating_changes("greek", 3, True, 1))
    None
    """
    base = PROFILES[table]
    if players == 2 and packs == 1:
        return {}
    for pack_count in ((packs,) if packs == 2 else (1, 2)):  # two packs where one cannot deal the seats
        changes: dict[str, Any] = {"players": players}
        if players in (4, 6) and not partnerships:
            changes["partnerships"] = False
        if pack_count == 2:
            opening = double_pack_opening(base, players, None)
            if opening is None:
                continue
            changes.update(packs=2, opening_size=opening)
        try:
            seated = dataclasses.replace(base, **changes)
        except KseriError:
            continue
        if table_refusal(seated):  # a seating the engine deals but this table does not take (the open table)
            continue
        return changes
    return None


def player_counts(table: str) -> tuple[int, ...]:
    """How many players ``table`` seats (with two packs where needed).

    >>> player_counts("greek"), player_counts("pisti"), player_counts("sums")
    ((2, 4), (2, 3, 4, 5, 6), (2,))
    """
    return tuple(n for n in PLAYER_COUNTS if seating_changes(table, n, True, 1) is not None)


@dataclass(frozen=True, slots=True)
class TableForm:
    """What the new-game screen shows once a table is picked (:func:`table_form`): the page applies it."""

    seat_counts: tuple[int, ...]
    """The player counts the table deals (the others' buttons are disabled)."""
    seatings: str
    """The counts in words, for the note under them ("" when the table deals every count: no note)."""
    house: Mapping[str, tuple[str, str] | None]
    """Each house rule's name and line at this table (``msgid``s, for ``_``), None where it is not offered."""
    target: int
    """The table's own target."""


def table_form(table: str) -> TableForm:
    """The new-game screen for ``table`` (a profile's name): its seatings, house rules and target.

    >>> form = table_form("pisti")
    >>> form.seat_counts, form.seatings, form.house["jack_kseri_25"], form.target
    ((2, 3, 4, 5, 6), '', ('Jack pişti 25', 'A jack on a lone jack is a jack pişti worth 25.'), 101)
    >>> table_form("sums").house["jack_kseri_25"], table_form("sums").seatings
    (None, 'Open-table Xeri (sums): 2 players only')
    """
    rules = PROFILES[table]
    counts = player_counts(table)
    word = word_key(rules)  # the Pişti table's house rule is a "jack pişti 25"
    return TableForm(seat_counts=counts, seatings="" if set(PLAYER_COUNTS) <= set(counts) else seatings_words(table),
                     house={o.key: o.texts(word) if o.offered(rules) else None for o in HOUSE_OPTIONS},
                     target=rules.target)


def table_title(rules: Rules) -> str:
    """The game's name as the table shows it, with its seating when it is not two players.

    >>> from kseri.engine.rules import rules_from_spec
    >>> table_title(rules_from_spec("pisti")), table_title(rules_from_spec({"profile": "fourcard", "players": 6}))
    ('Pişti', 'Four-card, 6 players in partnerships')
    """
    return seating_title(rules.profile, rules.players, rules.partnered, rules.packs)


def seating_title(profile: str, players: int, partnered: bool, packs: int) -> str:
    """A game's name with its seating ("Pişti, 4 players in partnerships"; just the name for two players)."""
    name = next((_(title) for key, title, _line in TABLES if key == profile), profile)
    if players == 2 and packs == 1:
        return name
    words = _("{n} players in partnerships") if partnered else _("{n} players")
    seating = words.format(n=players)
    if packs == 2:
        seating += _(", two packs")
    return f"{name}, {seating}"


def seatings_words(profile: str) -> str:
    """The player counts a table deals, in words.

    >>> seatings_words("greek"), seatings_words("sums"), seatings_words("pisti")
    ('Greek: 2 or 4 players', 'Open-table Xeri (sums): 2 players only', 'Pişti: 2, 3, 4, 5 or 6 players')
    """
    counts = player_counts(profile)
    name = seating_title(profile, 2, False, 1)
    if len(counts) == 1:
        return _("{game}: {n} players only").format(game=name, n=counts[0])
    listed = ", ".join(str(n) for n in counts[:-1])
    return _("{game}: {counts} or {last} players").format(game=name, counts=listed, last=counts[-1])


def house_rules_named(rules: Rules) -> str:
    """The house rules ``rules`` play, by name in their table's word and the page's language ("" for none).

    >>> from kseri.engine.rules import rules_from_spec
    >>> house_rules_named(rules_from_spec({"profile": "pisti", "jack_kseri_points": 25, "last_card_kseri": False}))
    'No pişti with the last card · Jack pişti 25'
    """
    word = word_key(rules)
    return " · ".join(_(option.texts(word)[0]) for option in house_options(rules))


def house_options(rules: Rules) -> tuple[HouseOption, ...]:
    """The house rules of the screen that ``rules`` play, against their table's own.

    >>> from kseri.engine.rules import rules_from_spec
    >>> [o.key for o in house_options(rules_from_spec({"profile": "greek", "jacks_capture": False}))]
    ['jacks_take_jacks']
    """
    base = PROFILES.get(rules.profile, rules)
    return tuple(o for o in HOUSE_OPTIONS
                 if all(getattr(rules, name) == value != getattr(base, name) for name, value in o.changes.items()))


def choice_for(rules: Rules, level: str, plan: SeatPlan | None = None) -> NewGameChoice:
    """The screen's choice that gives ``rules`` (a match in play) and who sits where. Rules the screen
    cannot show (a link's own JSON, a house rule an older version offered at this table) give the
    nearest it can: without the house rules this table does not offer, else the seating alone, else
    the table's defaults.

    >>> from kseri.engine.rules import rules_from_spec
    >>> old = rules_from_spec({"profile": "fourcard", "players": 4, "jack_kseri_points": 25, "target": 51})
    >>> near = choice_for(old, "easy")
    >>> near.table, near.players, near.target, sorted(near.options)
    ('fourcard', 4, 51, [])
    """
    table = rules.profile if rules.profile in TABLE_NAMES else "greek"
    base = PROFILES[table]
    options = frozenset(o.key for o in house_options(rules)) if table == rules.profile else frozenset()
    level = level if level in levels() else DEFAULT_LEVEL
    seats, names = (plan.seats, plan.names) if plan is not None else ((), ())
    if all(entry == level for entry in seats[1:]):
        seats, names = (), ()  # you against bots of the level: the screen's plain choice
    choice = NewGameChoice(table=table, level=level, options=options,
                           target=rules.target if rules.target != base.target else None,
                           rounds=rules.match_rounds, players=rules.players, partnerships=rules.partnerships,
                           packs=rules.packs, seats=seats, names=names)
    offered = frozenset(key for key in options if HOUSE_BY_KEY[key].offered(base))
    seating = NewGameChoice(table=table, level=level, players=rules.players, partnerships=rules.partnerships,
                            packs=rules.packs, seats=seats, names=names)
    with contextlib.suppress(SessionError):
        if choice.rules() == rules:
            return choice
    for near in (dataclasses.replace(choice, options=offered), seating):
        with contextlib.suppress(SessionError):
            near.rules()  # the screen can deal it
            return near
    return NewGameChoice(table=table, level=level)


def _whole(text: object, what: str, low: int, high: int) -> int:
    value = str(text).strip()
    if not value.isdigit() or not low <= int(value) <= high:
        problem = _("{what} must be a whole number from {low} to {high}.")
        raise SessionError(problem.format(what=what, low=low, high=high))
    return int(value)


def choice_from_form(fields: Mapping[str, str | bool]) -> NewGameChoice:
    """Read the screen's form (names as :func:`kseri.web.render.new_game_html` writes them);
    :class:`SessionError` names the first field that does not hold.

    >>> choice_from_form({"table": "fourcard", "level": "easy", "target": "51", "by_rounds": False,
    ...                   "rounds": "5", "jack_pile_bonus": True, "players": "6", "partnerships": False})
    ... # doctest: +NORMALIZE_WHITESPACE
    NewGameChoice(table='fourcard', level='easy', target=51, rounds=None, options=frozenset({'jack_pile_bonus'}),
                  players=6, partnerships=False, packs=1, seats=(), names=())
    >>> choice_from_form({"table": "greek", "target": "lots"})
    Traceback (most recent call last):
    ...
    kseri.table.seats.SessionError: The target must be a whole number from 1 to 10000.
    """
    table = str(fields.get("table", "greek"))
    level = str(fields.get("level", DEFAULT_LEVEL))
    if level not in levels():
        raise SessionError(f"unknown level {level[:20]!r}")
    target = _whole(fields.get("target", ""), _("The target"), 1, 10_000)
    rounds = (_whole(fields.get("rounds", ""), _("The number of rounds"), 1, MAX_ROUNDS)
              if fields.get("by_rounds") is True else None)
    base = PROFILES.get(table)
    # A rule the chosen table does not play is hidden, whatever its box said before the table changed.
    options = frozenset(o.key for o in HOUSE_OPTIONS if fields.get(o.key) is True
                        and (base is None or o.offered(base)))
    players = _whole(fields.get("players", "2"), _("The number of players"), 2, 6)
    seats = (PERSON, *(str(fields.get(f"seat{seat}", level)) for seat in range(1, players)))
    if any(x != PERSON and x not in levels() for x in seats):
        raise SessionError("unknown level for a seat")
    names = tuple(clean_name(str(fields.get(f"name{seat}", ""))) if entry == PERSON else ""
                  for seat, entry in enumerate(seats)) if seats.count(PERSON) > 1 else ()
    choice = NewGameChoice(table=table, level=level, rounds=rounds, options=options,
                           target=None if base is not None and target == base.target else target,
                           players=players, partnerships=fields.get("partnerships", True) is True,
                           packs=2 if fields.get("two_packs") is True else 1,
                           seats=seats if any(x != level for x in seats[1:]) else (), names=names)
    choice.rules()  # refuse here, with the field's name, what the engine would refuse
    return choice


def under_way(match: Match) -> bool:
    """Whether a card of ``match`` has been played: a new match then gives it up, so the page asks first
    (and the new-game screen's way back says "Keep playing").

    >>> import random
    >>> from kseri.engine.rules import GREEK
    >>> match = Match(GREEK, first_dealer=0)
    >>> under_way(match)  # no round dealt yet (a match against a friend, before its deal)
    False
    >>> match.rng = random.Random(1)
    >>> _ = match.next_round()
    >>> under_way(match)
    False
    >>> _ = match.round.apply(match.round.legal_moves()[0])
    >>> under_way(match)
    True
    """
    return len(match.rounds) > 1 or (bool(match.rounds) and len(match.round.plays) > 0)


def carried_plan(before: SeatPlan, level: str | None) -> SeatPlan:
    """Who sits where in a new match at the same table as the match ``before``: the same people, and its
    bots at ``level`` if one was chosen (else each at its own).

    >>> carried_plan(SeatPlan(seats=(PERSON, "easy", PERSON, "hard"), names=("Ann", "", "Bo", "")), "medium")
    SeatPlan(seats=('person', 'medium', 'person', 'medium'), names=('Ann', '', 'Bo', ''))
    >>> carried_plan(SeatPlan(seats=(PERSON, "easy")), None)
    SeatPlan(seats=('person', 'easy'), names=('', ''))
    """
    if level is None:
        return before
    return SeatPlan(seats=tuple(PERSON if entry == PERSON else level for entry in before.seats), names=before.names)
