"""The new-game screen's choices (kseri.table.newgame): every table and house rule makes rules the
engine plays, the screen reads them back from the match in play, and its form refuses bad input in one line."""

from __future__ import annotations

import itertools
import random

import pytest

from kseri import i18n
from kseri.engine.match import Match
from kseri.table.newgame import HOUSE_OPTIONS, TABLE_NAMES, NewGameChoice, choice_for, choice_from_form
from kseri.table.seats import SessionError
from kseri.web.newgame_render import new_game_html
from tests.web.test_web_greek import assert_greek

ALL_OPTIONS = [o.key for o in HOUSE_OPTIONS]
SUMS_OPTIONS = {"no_last_card_kseri", "last_capture_bonus"}
"""The house rules the open table plays (docs/rules.md §"Sums options")."""


@pytest.mark.parametrize("table", TABLE_NAMES)
def test_every_set_of_house_rules_reads_back_and_plays(table):
    rng = random.Random(table)
    for n in range(len(ALL_OPTIONS) + 1):
        for options in itertools.combinations(ALL_OPTIONS, n):
            choice = NewGameChoice(table=table, level="easy", options=frozenset(options))
            if table == "sums" and set(options) - SUMS_OPTIONS:  # the open table plays two of them
                with pytest.raises(SessionError, match="is not a house rule of this table"):
                    choice.rules()
                continue
            if table == "fourcard" and "jack_kseri_25" in options:  # no jack makes a kseri there to raise
                with pytest.raises(SessionError, match="“Jack kseri 25” is not a house rule of this table"):
                    choice.rules()
                continue
            rules = choice.rules()
            assert rules.profile == table
            assert choice_for(rules, "easy") == choice
            if rng.random() < 0.1:  # a sample of them plays a whole round to the end
                match = Match.new(rules=rules, rng=random.Random(1))
                state = match.round
                while not state.is_terminal():
                    state.apply(rng.choice(state.legal_moves()))


def test_the_form_drops_a_rule_the_chosen_table_does_not_play():
    """A box ticked at a pile table and hidden once the open table is chosen: Start refused the hidden rule."""
    fields = {"table": "sums", "level": "easy", "target": "37", "jack_kseri_25": True, "last_capture_bonus": True}
    choice = choice_from_form(fields)
    assert choice.options == {"last_capture_bonus"} and choice.rules().final_capture_points == 10
    fourcard = choice_from_form({**fields, "table": "fourcard", "target": "101"})
    assert fourcard.options == {"jack_kseri_25", "last_capture_bonus"} - {"jack_kseri_25"}
    assert fourcard.rules().jack_kseri_points is None  # a jack still makes no kseri at the four-card table


def test_each_option_changes_what_it_says():
    for option in HOUSE_OPTIONS:
        rules = NewGameChoice(options=frozenset({option.key})).rules()
        for name, value in option.changes.items():
            assert getattr(rules, name) == value


def test_target_and_rounds_read_back():
    for choice in (NewGameChoice(table="fourcard", target=51), NewGameChoice(table="greek", rounds=7),
                   NewGameChoice(table="pisti", level="hard", target=251, options=frozenset({"jacks_take_jacks"}))):
        assert choice_for(choice.rules(), choice.level) == choice


def test_rules_the_screen_cannot_show_give_the_nearest_it_can():
    """A link's own rules, or a house rule an older version offered at this table: the screen keeps the
    seating, the target and the house rules it does offer (it opened on the table's defaults)."""
    import dataclasses
    odd = dataclasses.replace(NewGameChoice(table="fourcard").rules(), kseri_points=7)
    assert choice_for(odd, "medium") == NewGameChoice(table="fourcard", level="medium")
    assert choice_for(odd, "nonsense").level == "medium"
    older = dataclasses.replace(NewGameChoice(table="fourcard", players=4, target=51,
                                              options=frozenset({"exposed_bottom"})).rules(), jack_kseri_points=25)
    near = choice_for(older, "hard")
    assert near == NewGameChoice(table="fourcard", level="hard", players=4, target=51,
                                 options=frozenset({"exposed_bottom"}))
    near.rules()  # the screen deals it


@pytest.mark.parametrize(("fields", "word"), [
    ({"table": "greek", "target": "0"}, "target"),
    ({"table": "greek", "target": "1e9"}, "target"),
    ({"table": "greek", "target": "151", "by_rounds": True, "rounds": "-3"}, "rounds"),
    ({"table": "greek", "target": "151", "level": "grandmaster"}, "level"),
    ({"table": "poker", "target": "151"}, "table"),
])
def test_the_form_refuses_bad_input_in_one_line(fields, word):
    with pytest.raises(SessionError) as caught:
        choice_from_form(fields)
    text = str(caught.value)
    assert "\n" not in text and len(text) < 200 and word in text.lower()


def test_the_screen_in_greek():
    i18n.set_language("el")
    try:
        for table in TABLE_NAMES:
            html = new_game_html(NewGameChoice(table=table, options=frozenset(ALL_OPTIONS[:3])), abandons=True)
            assert_greek(html)
    finally:
        i18n.set_language("en")
