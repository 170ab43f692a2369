"""The live score (kseri.table.live) and the table's capture line (kseri.table.views.describe_take):
after every play of many seeded games, at every pile table, the live points are what the engine's
own point table says the captured cards and kseris are worth, and at the round's end they add up
to the round's score without the majority."""

from __future__ import annotations

import random

import pytest

from kseri.engine.cards import Card
from kseri.engine.pile.round import Round
from kseri.engine.rules import PROFILES, Rules, rules_from_spec
from kseri.engine.scoring import score_round
from kseri.table.live import gains, live_score
from kseri.table.pile.words import describe_take
from kseri.table.seats import BOT, HUMAN
from kseri.table.session import GameSession

TABLES = {
    "greek": PROFILES["greek"],
    "fourcard": PROFILES["fourcard"],
    "pisti": PROFILES["pisti"],
    "fourcard, both house bonuses": rules_from_spec({"profile": "fourcard", "jack_table_points": 10,
                                                     "final_capture_points": 5}),
}


def tally(state: Round, rules: Rules) -> list[int]:
    """Each side's points from the captured cards one by one (the rules' own per-card table), plus
    the kseri bonuses and jack tables: what the live score must say."""
    return [sum(rules.card_points(Card.from_index(c)) for c in state.captured[seat])
            + state.bonus[seat] + state.jack_tables[seat] * rules.jack_table_points for seat in range(2)]


@pytest.mark.parametrize("name", list(TABLES))
def test_the_live_score_is_the_engines_score_after_every_play(name):
    rules = TABLES[name]
    for seed in range(60):
        rng = random.Random(f"live:{name}:{seed}")
        state = Round.deal(rules, dealer=seed % 2, rng=rng)
        before = live_score(state)
        gained = [0, 0]
        while not state.is_terminal():
            event = state.apply(Card.from_index(rng.choice(state.hands[state.to_move])))
            now = live_score(state)
            assert [side.points for side in now] == tally(state, rules), (name, seed, event)
            assert [side.cards for side in now] == list(state.counts)
            assert [side.kseris for side in now] == [state.kseris[s] + state.jack_kseris[s] for s in (0, 1)]
            step = gains(before, now)
            if not (event.is_capture or event.sweep):
                assert step == (0, 0)  # a card that takes nothing scores nothing
            gained = [gained[0] + step[0], gained[1] + step[1]]
            before = now
        final = score_round(state)
        for seat, side in enumerate(final.sides):
            assert before[seat].points == side.total - side.majority - side.final_capture
            assert gained[seat] == before[seat].points
        assert sum(side.cards for side in before) == 52


@pytest.mark.parametrize("profile", ["greek", "fourcard", "pisti"])
def test_a_session_keeps_the_last_play_and_its_gains(profile):
    session = GameSession.new(rules=PROFILES[profile], seed=31, level="easy")
    assert session.view().last_play is None
    captures = 0
    while session.phase in ("human", "bot"):
        before = session.view().live
        event = session.play_human(session.view().hand[0]) if session.phase == "human" else session.play_bot()
        view = session.view()
        play = view.last_play
        assert play is not None and play.event == event
        assert play.gains == gains(before, view.live)
        line = describe_take(play)
        if play.taker is None:
            assert line == "" and play.gain == 0
        else:
            captures += 1
            assert line.endswith(f"· +{play.gain}") and line.startswith(
                    ("You", "Bot", "Kseri!", "Jack kseri!", "Pişti!", "Jack pişti!"))
            assert ("You" in line) == (play.taker == HUMAN) and ("Bot" in line) == (play.taker == BOT)
    assert captures > 3
    session.next_round()
    assert session.view().last_play is None and all(side.points == 0 for side in session.view().live)
