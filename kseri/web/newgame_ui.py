"""Starting a new match: the first visit's welcome, the new-game screen, and the confirmation when a
match is under way.

What the screen offers and what its form means is :mod:`kseri.table.newgame` (pure, tested in
CPython); whether a match is under way is :func:`kseri.table.newgame.under_way`. The match itself
starts through the page (:meth:`kseri.web.app.App.new_match_now`), the one place a new match replaces
the table's state.
"""

from __future__ import annotations

from typing import Any

from kseri.engine.errors import one_line
from kseri.engine.rules import PROFILES, Rules
from kseri.i18n import _
from kseri.table.newgame import (
    choice_for,
    choice_from_form,
    table_form,
    under_way,
)
from kseri.table.pass_play import bots_seated
from kseri.table.seat_plan import PERSON
from kseri.table.seats import DEFAULT_LEVEL, SessionError, levels
from kseri.web import render
from kseri.web.dom import exists, form_values
from kseri.web.newgame_render import abandon_warning, new_game_html
from kseri.web.page_host import PageHost

__all__ = ["NewGameControl"]


class NewGameControl:
    """The New game button, the welcome, the new-game screen and the confirmation."""

    def __init__(self, app: PageHost) -> None:
        self.app = app
        self.next_rules: Rules | None = None
        """The rules the new match waiting for confirmation starts with (None: the current ones)."""

    def ask_new_match(self, rules: Rules | None = None) -> None:
        """Start a new match (with ``rules``, else the current ones), asking first if one is under way."""
        session = self.app.session
        started = under_way(session.match)
        if started and not session.match.is_over:
            self.next_rules = rules
            self.word_question()
            self.app.open_dialog("confirm-new")
        else:
            self.app.new_match_now(rules)

    def word_question(self) -> None:
        """The question's sentence for this match (a friend's is kept, a bot game's abandoned), in the page's
        language: written when it opens and again when the language changes (the page's fixed texts would
        otherwise put back the generic sentence)."""
        self.app.el["confirm-new"].querySelector("p").textContent = abandon_warning(remote=self.app.session.remote)

    def confirm_new_match(self) -> None:
        self.app.el["confirm-new"].close()
        self.app.new_match_now(self.next_rules)

    def open_welcome(self) -> None:
        """A first visit's welcome: the game dealt behind it, played with one tap (issue 24)."""
        self.draw_welcome()
        self.app.open_dialog("welcome")

    def draw_welcome(self) -> None:
        """The welcome's words, in the page's language (again when its own language button is pressed)."""
        from kseri.web.welcome_render import play_label, welcome_html
        session = self.app.session
        self.app.el["welcome-body"].innerHTML = welcome_html(session.rules, render.level_label(session.level))
        self.app.el["welcome-play"].textContent = play_label(session.rules)

    def choose_game(self) -> None:
        """The welcome's other way: the full new-game screen instead of the game dealt."""
        self.app.el["welcome"].close()
        self.open_new_game()

    def open_new_game(self) -> None:
        """The new-game screen, set to the game in play (a match under way is given up only on Start);
        its way back says "Keep playing" only once a card of this match has been played."""
        session = self.app.session
        started = under_way(session.match)
        choice = choice_for(session.rules, session.level, session.seat_plan)
        self.app.el["new-game-cancel"].textContent = _("Keep playing") if started else _("Back to the table")
        self.app.el["new-game-body"].innerHTML = new_game_html(
            choice, abandons=started and not session.match.is_over, remote=session.remote)
        self.app.el["new-game-error"].hidden = True
        self.show_bot_level()
        self.app.open_dialog("new-game")

    def on_new_game_change(self, event: Any) -> None:
        """Another table picked: its own target replaces the old one's, unless you typed your own.
        Another bot level picked: every bot's seat takes it (a seat can then be set apart)."""
        self._new_game_change(event.target)
        self.show_bot_level()  # after the seats changed with it

    def _new_game_change(self, field: Any) -> None:
        body = self.app.el["new-game-body"]
        if str(getattr(field, "name", "")) == "level" and str(field.value) in levels():
            for pick in body.querySelectorAll("select[name^='seat']"):
                if str(pick.value) != PERSON:
                    pick.value = str(field.value)
            return
        if str(getattr(field, "name", "")) == "players":  # seats left out of the game seat nobody
            self._no_person_from(int(str(field.value)))
            return
        if str(getattr(field, "name", "")) != "table" or str(field.value) not in PROFILES:
            return
        form = table_form(str(field.value))  # the seats this table deals (the rest disabled, and why), its rules
        note = body.querySelector(".seat-counts-note")
        if exists(note):
            note.textContent = form.seatings
            note.hidden = not form.seatings
        for radio in body.querySelectorAll('input[name="players"]'):
            radio.disabled = int(str(radio.value)) not in form.seat_counts
            if radio.checked and radio.disabled:
                radio.checked = False
                body.querySelector('input[name="players"][value="2"]').checked = True
                self._no_person_from(2)
        for box in body.querySelectorAll(".house-rules input[type=checkbox]"):
            label = box.closest("label")
            if str(box.name) in form.house:
                texts = form.house[str(box.name)]
                label.hidden = texts is None
                if texts is not None:
                    label.querySelector(".choice-name").textContent = _(texts[0])
                    label.querySelector(".choice-help").textContent = _(texts[1])
        target = body.querySelector('input[name="target"]')
        if exists(target):
            new = str(form.target)
            if str(target.value) == str(target.dataset.default):
                target.value = new
            target.dataset.default = new

    def show_bot_level(self) -> None:
        """The screen asks for the bot's level only while a bot sits at the table it describes."""
        body = self.app.el["new-game-body"]
        players = body.querySelector('input[name="players"]:checked')
        seats = [str(pick.value) for pick in sorted(body.querySelectorAll("select[name^='seat']"),
                                                    key=lambda pick: str(pick.name))]
        group = body.querySelector(".bot-level")
        if exists(group):
            group.hidden = not bots_seated(int(str(players.value)) if exists(players) else 2, seats)

    def _no_person_from(self, first: int) -> None:
        """The new-game screen's seats from ``first`` on: a person there becomes a bot of the chosen level."""
        body = self.app.el["new-game-body"]
        level = body.querySelector('input[name="level"]:checked')
        for pick in body.querySelectorAll("select[name^='seat']"):
            if int(str(pick.name).removeprefix("seat")) >= first and str(pick.value) == PERSON:
                pick.value = str(level.value) if exists(level) else DEFAULT_LEVEL

    def start_new_game(self) -> None:
        """Start the match the screen describes, or say in one line what does not hold."""
        try:
            choice = choice_from_form(form_values(self.app.el["new-game-body"]))
            rules = choice.rules()
        except SessionError as exc:
            error = self.app.el["new-game-error"]
            error.textContent = one_line(exc)
            error.hidden = False
            error.scrollIntoView(False)  # (its scroll margin keeps it clear of the sticky buttons) seen, not below
            return
        self.app.el["new-game"].close()
        self.app.new_match_now(rules, level=choice.level, plan=choice.plan())

