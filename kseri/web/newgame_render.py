"""The new-game screen's form as HTML (pure): tables, bot levels, the match's length, house rules.

The names of the form's fields are what :func:`kseri.table.newgame.choice_from_form` reads:
``table`` and ``level`` (radio groups), ``target`` and ``rounds`` (numbers), ``by_rounds``
and one checkbox per house rule, named by its key.

>>> html = new_game_html(NewGameChoice(table="pisti", options=frozenset({"exposed_bottom"})))
>>> 'value="pisti" checked' in html, 'name="exposed_bottom" checked' in html, 'name="target"' in html
(True, True, True)
"""

from __future__ import annotations

from html import escape

from kseri.engine.rules import PROFILES
from kseri.i18n import _
from kseri.table.newgame import HOUSE_OPTIONS, MAX_ROUNDS, PLAYER_COUNTS, TABLES, NewGameChoice, player_counts
from kseri.table.seats import levels, seat_name
from kseri.web.render import level_label

__all__ = ["DEFAULT_ROUNDS", "new_game_html", "people_html", "seats_html"]

DEFAULT_ROUNDS = 5
"""The number of rounds the screen proposes for a match by rounds."""


def _choice(kind: str, name: str, value: str, checked: bool, title: str, help_text: str = "", *,
            disabled: bool = False) -> str:
    """One radio button or checkbox with its name and a line of explanation, all of it clickable."""
    value_attr = f' value="{escape(value)}"' if kind == "radio" else ""
    mark = (" checked" if checked else "") + (" disabled" if disabled else "")
    helper = f'<span class="choice-help">{escape(help_text)}</span>' if help_text else ""
    return (f'<label class="choice"><input type="{kind}" name="{escape(name)}"{value_attr}{mark}>'
            f'<span class="choice-text"><span class="choice-name">{escape(title)}</span>{helper}</span></label>')


def new_game_html(choice: NewGameChoice, *, abandons: bool = False) -> str:
    """The screen's form, set to ``choice``; ``abandons`` warns that a match under way is given up."""
    warning = (f'<p class="new-game-warning">{escape(_("This match will be abandoned (it does not count as a loss)."))}'
               "</p>" if abandons else "")
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
    house = "".join(_choice("checkbox", option.key, "", option.key in choice.options, _(option.name),
                            _(option.explain)) for option in HOUSE_OPTIONS)

    def group(legend: str, body: str, extra: str = "") -> str:
        return f'<fieldset class="choice-group{extra}"><legend>{escape(legend)}</legend>{body}</fieldset>'

    return (warning + group(_("Table"), tables) + group(_("Players"), seats_html(choice), " seats-choice")
            + group(_("Bot"), bots, " inline")
            + group(_("Match"), length) + group(_("House rules"), house, " house-rules"))


def seats_html(choice: NewGameChoice) -> str:
    """How many play (those the table cannot seat disabled), partners opposite, two packs.

    >>> html = seats_html(NewGameChoice(table="greek", players=4))
    >>> 'name="players" value="4" checked' in html, 'value="3" disabled' in html, 'name="partnerships" checked' in html
    (True, True, True)
    """
    allowed = player_counts(choice.table)
    counts = "".join(_choice("radio", "players", str(n), n == choice.players, str(n), disabled=n not in allowed)
                     for n in PLAYER_COUNTS)
    chosen = choice.levels_by_seat()

    def pick(seat: int) -> str:
        current = chosen[seat] if seat < len(chosen) else choice.level
        options = "".join(f'<option value="{level}"{" selected" if level == current else ""}>'
                          f'{escape(level_label(level))}</option>' for level in levels())
        return (f'<label class="field seat-level-pick" data-seat="{seat}"><span>{escape(seat_name(seat))}</span>'
                f'<select name="level{seat}">{options}</select></label>')

    picks = "".join(pick(seat) for seat in range(1, max(PLAYER_COUNTS)))
    each = escape(_("Each bot's level"))
    return (f'<div class="player-counts">{counts}</div>'
            f'<div class="seat-levels" role="group" aria-label="{each}">{picks}</div>'
            + _choice("checkbox", "partnerships", "", choice.partnerships, _("Partners opposite"),
                      _("With 4 or 6 players, the players opposite each other score together."))
            + _choice("checkbox", "two_packs", "", choice.packs == 2, _("Two packs (104 cards)"),
                      _("For 4 to 6 players; taken anyway where one pack cannot deal the seats."))
            + people_html(choice))


def people_html(choice: NewGameChoice) -> str:
    """How many people share this device ("pass and play": they sit first, bots in the other seats),
    and their names.

    >>> html = people_html(NewGameChoice(players=3, people=2, names=("Anna", "")))
    >>> 'name="people" value="2" checked' in html, 'value="Anna"' in html, 'placeholder="Player 2"' in html
    (True, True, True)
    """
    counts = _choice("radio", "people", "1", choice.people <= 1, _("Just me")) + "".join(
        _choice("radio", "people", str(n), n == choice.people, str(n)) for n in PLAYER_COUNTS)
    names = "".join(
        f'<label class="field person-name" data-seat="{seat}"><span>{escape(_("Player {n}").format(n=seat + 1))}'
        f'</span><input type="text" name="name{seat}" maxlength="20" autocomplete="off" '
        f'value="{escape(choice.names[seat] if seat < len(choice.names) else "")}" '
        f'placeholder="{escape(_("Player {n}").format(n=seat + 1))}"></label>'
        for seat in range(max(PLAYER_COUNTS)))
    title, explain = _("People at this device"), _("Pass and play: the device goes round, each sees only their cards.")
    return (f'<div class="people-pick"><p class="people-title">{escape(title)}</p>'
            f'<p class="choice-help">{escape(explain)}</p>'
            f'<div class="people-counts">{counts}</div><div class="person-names">{names}</div></div>')
