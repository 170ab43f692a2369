"""The new-game screen's form as HTML (pure): tables, bot levels, the match's length, house rules.

The names of the form's fields are what :func:`kseri.table.newgame.choice_from_form` reads:
``table``, ``level`` and ``players`` (radio groups), ``seat1`` .. ``seat5`` (each seat's bot level, or
``person``), ``name0`` .. ``name5`` (the people's names), ``target`` and ``rounds`` (numbers),
``by_rounds``, ``partnerships``, ``two_packs`` and one checkbox per house rule, named by its key.

>>> html = new_game_html(NewGameChoice(table="pisti", options=frozenset({"exposed_bottom"})))
>>> 'value="pisti" checked' in html, 'name="exposed_bottom" checked' in html, 'name="target"' in html
(True, True, True)
>>> "Jack pişti 25" in html, "Jack kseri 25" in html
(True, False)
"""

from __future__ import annotations

from html import escape

from kseri.engine.rules import PROFILES
from kseri.i18n import _
from kseri.table.goal import word_key
from kseri.table.newgame import (
    HOUSE_OPTIONS,
    MAX_ROUNDS,
    PLAYER_COUNTS,
    TABLES,
    NewGameChoice,
    player_counts,
    seatings_words,
)
from kseri.table.seat_plan import PERSON
from kseri.table.seats import levels
from kseri.web.render import level_label

__all__ = ["DEFAULT_ROUNDS", "new_game_html", "seat_plan_html", "seats_html"]

DEFAULT_ROUNDS = 5
"""The number of rounds the screen proposes for a match by rounds."""


def _choice(kind: str, name: str, value: str, checked: bool, title: str, help_text: str = "", *,
            disabled: bool = False, hidden: bool = False) -> str:
    """One radio button or checkbox with its name and a line of explanation, all of it clickable."""
    value_attr = f' value="{escape(value)}"' if kind == "radio" else ""
    mark = (" checked" if checked else "") + (" disabled" if disabled else "")
    helper = f'<span class="choice-help">{escape(help_text)}</span>' if help_text else ""
    return (f'<label class="choice"{" hidden" if hidden else ""}><input type="{kind}" name="{escape(name)}"'
            f'{value_attr}{mark}>'
            f'<span class="choice-text"><span class="choice-name">{escape(title)}</span>{helper}</span></label>')


def abandon_warning(*, remote: bool) -> str:
    """What a new match does to the one under way: given up, or (a friend's, ``remote``) kept.

    >>> abandon_warning(remote=True)
    'Your match against your friend is kept: their next link, or Play a friend, brings it back.'
    """
    if remote:
        return _("Your match against your friend is kept: their next link, or Play a friend, brings it back.")
    return _("This match will be abandoned (it does not count as a loss).")


def new_game_html(choice: NewGameChoice, *, abandons: bool = False, remote: bool = False) -> str:
    """The screen's form, set to ``choice``; ``abandons`` warns that a match under way is left (``remote``:
    a friend's, which is kept)."""
    warning = (f'<p class="new-game-warning">{escape(abandon_warning(remote=remote))}</p>' if abandons else "")
    tables = "".join(_choice("radio", "table", name, name == choice.table, _(title), _(line))
                     for name, title, line in TABLES)
    bots = "".join(_choice("radio", "level", level, level == choice.level, level_label(level))
                   for level in levels())
    target = choice.target if choice.target is not None else PROFILES[choice.table].target
    rounds = choice.rounds or DEFAULT_ROUNDS
    length = (f'<label class="field"><span>{escape(_("Points to win"))}</span>'
              f'<input type="number" name="target" min="1" max="10000" step="1" inputmode="numeric" '
              f'value="{target}" data-default="{PROFILES[choice.table].target}"></label>'
              + _choice("checkbox", "by_rounds", "", choice.rounds is not None, _("A fixed number of rounds"),
                        _("Most rounds won wins the match, whatever the points."))
              + f'<label class="field"><span>{escape(_("Rounds"))}</span>'
              f'<input type="number" name="rounds" min="1" max="{MAX_ROUNDS}" step="1" inputmode="numeric" '
              f'value="{rounds}"></label>')
    profile = PROFILES[choice.table]
    word = word_key(profile)
    house = "".join(_choice("checkbox", option.key, "", option.key in choice.options, _(option.texts(word)[0]),
                            _(option.texts(word)[1]), hidden=not option.offered(profile))  # (the others hidden)
                    for option in HOUSE_OPTIONS)

    def group(legend: str, body: str, extra: str = "") -> str:
        return f'<fieldset class="choice-group{extra}"><legend>{escape(legend)}</legend>{body}</fieldset>'

    return (warning + group(_("Table"), tables) + group(_("Bot"), bots, " inline bot-level")
            + group(_("Players"), seats_html(choice), " seats-choice")
            + group(_("Match"), length) + group(_("House rules"), house, " house-rules"))


def seats_html(choice: NewGameChoice) -> str:
    """How many play (those the table cannot seat disabled), who sits in each seat, partners opposite,
    two packs.

    >>> html = seats_html(NewGameChoice(table="greek", players=4))
    >>> 'name="players" value="4" checked' in html, 'value="3" disabled' in html, 'name="partnerships" checked' in html
    (True, True, True)
    >>> '<p class="choice-help seat-counts-note">Greek: 2 or 4 players</p>' in html
    True
    """
    allowed = player_counts(choice.table)
    counts = "".join(_choice("radio", "players", str(n), n == choice.players, str(n), disabled=n not in allowed)
                     for n in PLAYER_COUNTS)
    limited = not set(PLAYER_COUNTS) <= set(allowed)  # why some counts are greyed out
    note = (f'<p class="choice-help seat-counts-note"{"" if limited else " hidden"}>'
            f'{escape(seatings_words(choice.table))}</p>')
    return (f'<div class="player-counts">{counts}</div>' + note + seat_plan_html(choice)
            + _choice("checkbox", "partnerships", "", choice.partnerships, _("Partners opposite"),
                      _("With 4 or 6 players, the players opposite each other score together."))
            + _choice("checkbox", "two_packs", "", choice.packs == 2, _("Two packs (104 cards)"),
                      _("For 4 to 6 players; taken anyway where one pack cannot deal the seats.")))


def seat_plan_html(choice: NewGameChoice) -> str:
    """Who sits in each seat: you in the first; in each other a bot of a level or a person at this
    device ("pass and play"), with a name for each person. Seats past the number of players, and the
    names while you play alone, are hidden by the style sheet.

    >>> html = seat_plan_html(NewGameChoice(players=4, seats=("person", "hard", "person"), names=("Anna", "", "Bob")))
    >>> 'name="seat2"' in html and '<option value="person" selected>' in html, 'value="Bob"' in html
    (True, True)
    """
    plan = choice.plan()

    def name_input(seat: int) -> str:
        default = _("Player {n}").format(n=seat + 1)
        own = plan.names[seat] if seat < len(plan.names) else ""
        return (f'<input type="text" class="person-name" name="name{seat}" maxlength="20" autocomplete="off" '
                f'value="{escape(own)}" placeholder="{escape(default)}" aria-label="{escape(default)}">')

    def row(seat: int) -> str:
        label = _("Seat {n}").format(n=seat + 1)
        partner = f'<span class="seat-partner-tag">{escape(_("partner"))}</span>' if seat in (2, 3) else ""
        if seat == 0:
            pick = f'<span class="seat-you">{escape(_("You"))}</span>'
        else:
            current = plan.seats[seat] if seat < len(plan.seats) else choice.level
            options = "".join(f'<option value="{level}"{" selected" if level == current else ""}>'
                              f'{escape(level_label(level))}</option>' for level in levels())
            person = f'<option value="{PERSON}"{" selected" if current == PERSON else ""}>' \
                     f'{escape(_("A person here"))}</option>'
            pick = f'<select name="seat{seat}" aria-label="{escape(label)}">{options}{person}</select>'
        return (f'<div class="seat-row" data-seat="{seat}"><span class="seat-label">{escape(label)}{partner}</span>'
                f'{pick}{name_input(seat)}</div>')

    title = _("Who sits where")
    explain = _("A person here: friends share this device, passing it round; each sees only their own cards.")
    return (f'<div class="seat-plan" role="group" aria-label="{escape(title)}">'
            f'<p class="people-title">{escape(title)}</p><p class="choice-help">{escape(explain)}</p>'
            + "".join(row(seat) for seat in range(max(PLAYER_COUNTS))) + '</div>')
