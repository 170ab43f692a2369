"""More than two seats at the page's table (issue #12), in CPython: the session's seats and teams,
the views the page draws from, saves and links that carry the seating, and the markup of
:mod:`kseri.web.seats_render`."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri import i18n
from kseri.bots.names import BOT_NAMES, LEVELS
from kseri.engine.errors import RecordError
from kseri.engine.rules import Rules, rules_from_spec
from kseri.engine.text import isolated
from kseri.table.seat_plan import SeatPlan, SeatPlanError
from kseri.table.seats import SessionError
from kseri.table.session import GameSession
from kseri.table.share import decode, encode
from kseri.table.urlparams import parse_url
from kseri.web import render, seats_render

SEATINGS = [
    {"profile": "fourcard", "players": 3}, {"profile": "pisti", "players": 3},
    {"profile": "greek", "players": 4}, {"profile": "greek", "players": 4, "packs": 2},
    {"profile": "fourcard", "players": 4}, {"profile": "pisti", "players": 4, "partnerships": False},
    {"profile": "fourcard", "players": 5, "packs": 2}, {"profile": "pisti", "players": 5, "packs": 2},
    {"profile": "fourcard", "players": 6}, {"profile": "pisti", "players": 6, "packs": 2},
    {"profile": "fourcard", "players": 6, "packs": 2, "partnerships": False},
]


def _play(session: GameSession, choose: st.DataObject | None = None, limit: int = 10_000) -> int:
    """Play until the round ends: you play the first card (or one ``choose`` picks), the bots theirs."""
    plays = 0
    while session.phase in ("human", "bot") and plays < limit:
        if session.phase == "human":
            if session.handover is not None:  # people sharing the device: the next one takes it
                session.take_seat()
            hand = session.view().hand
            card = hand[choose.draw(st.integers(0, len(hand) - 1))] if choose is not None else hand[0]
            session.play_human(card)
        else:
            session.play_bot()
        plays += 1
    return plays


def _check_view(session: GameSession) -> None:
    rules, view = session.rules, session.view()
    assert view.players == rules.players == len(view.sides)
    assert len(view.teams) == rules.teams == len(view.live) == len(view.totals)
    assert view.partnered == rules.partnered
    state = session.round
    in_hands = sum(side.hand_count for side in view.sides)
    taken = sum(side.captured for side in view.sides)
    assert in_hands + len(view.pile) + view.stock + taken == rules.cards  # every card accounted for
    assert view.hand == tuple(c.code for c in _hand(state, 0))
    for side in view.sides:
        assert side.total == view.totals[rules.team_of(side.seat)]
        assert side.name == ("You" if side.seat == 0 else BOT_NAMES[side.seat - 1])


def _hand(state, seat):  # type: ignore[no-untyped-def]
    from kseri.engine.cards import Card
    return [Card.from_index(i) for i in state.hands[seat]]


@pytest.mark.parametrize("spec", SEATINGS, ids=lambda s: json.dumps(s, separators=(",", ":")))
def test_every_seating_plays_a_round_at_the_table(spec):
    rules = rules_from_spec(spec)
    session = GameSession.new(rules=rules, seed=4, level="easy")
    _check_view(session)
    plays = _play(session)
    assert session.phase in ("round_over", "match_over")
    assert plays == rules.cards - rules.opening_size
    _check_view(session)
    summary = session.round_summary()
    assert len(summary.points) == rules.teams and all(len(row.values) == rules.teams for row in summary.rows)
    assert all(len(row.notes) == rules.teams for row in summary.rows)
    assert sum(next(r for r in summary.rows if r.key == "cards").values) == rules.cards
    assert summary.totals == session.view().totals


@settings(max_examples=12, deadline=None)
@given(spec=st.sampled_from(SEATINGS), seed=st.integers(0, 2**40), choose=st.data())
def test_any_seating_keeps_every_card_and_resumes_from_its_save(spec, seed, choose):
    session = GameSession.new(rules=rules_from_spec(spec), seed=seed, level="easy")
    steps = choose.draw(st.integers(0, 60))
    _play(session, choose, limit=steps)
    _check_view(session)
    again = GameSession.restore(session.to_save())
    assert again.view() == session.view() and again.rules == session.rules
    if session.phase == "bot":  # a bot is given its own hand only
        seat = session.to_move
        seen = session.observation(seat).to_json()
        assert sorted(seen["hand"]) == sorted(c.code for c in _hand(session.round, seat))
        others = {c.code for s in range(session.players) if s != seat for c in _hand(session.round, s)}
        assert "hands" not in seen
        if session.rules.packs == 1:  # (with two packs the others may hold the twins of its cards)
            assert not others & set(seen["hand"])


def test_a_bot_at_each_seat_thinks_with_its_own_observation(monkeypatch):
    session = GameSession.new(rules=rules_from_spec({"profile": "fourcard", "players": 4}), seed=2, level="medium")
    seen: list[int] = []
    import kseri.table.bot_turns as module
    real = module._thinker

    def spy(level, observation, rng, *, exact=False):  # type: ignore[no-untyped-def]
        seen.append(observation.seat)
        return real(level, observation, rng, exact=exact)

    monkeypatch.setattr(module, "_thinker", spy)
    while session.phase == "bot" or not seen:
        if session.phase == "human":
            session.play_human(session.view().hand[0])
        else:
            seat = session.to_move
            session.play_bot()
            assert seen[-1] == seat
    assert set(seen) <= {1, 2, 3}


def test_the_url_and_share_links_carry_the_seating():
    spec = {"profile": "pisti", "players": 6, "packs": 2}
    options = parse_url(f"?rules={quote(json.dumps(spec))}", "", LEVELS)
    assert options.notices == () and options.rules is not None and options.rules.players == 6
    session = GameSession.new(rules=options.rules, seed=7, level="easy")
    _play(session, limit=5)
    record = session.record_text()
    assert json.loads(record)["rules"] == {"profile": "pisti", "players": 6, "packs": 2, "opening_size": 8}
    opened = GameSession.from_record_text(record, level="easy", seed=7)
    assert opened.view() == session.view()
    assert decode(encode(session.match)).rules == session.rules


def test_old_two_player_saves_and_links_still_open():
    old = GameSession.new(seed=3, level="easy")
    _play(old, limit=3)
    again = GameSession.restore(old.to_save())
    assert again.players == 2 and again.view() == old.view()
    assert sorted(again.view().totals) == sorted(old.view().totals) and len(again.view().totals) == 2


def test_the_open_table_still_seats_two():
    options = parse_url("?rules=" + quote(json.dumps({"profile": "sums", "players": 4})), "", LEVELS)
    assert options.rules is None and "two players" in options.notices[0]
    four = Rules(profile="sums", table="sums", players=4, opening_redeal="none", jack_kseri_points=None)
    with pytest.raises(SessionError, match="two players"):  # the engine deals it; the browser table seats two
        GameSession.new(rules=four, seed=1)


# --------------------------------------------------------------------------- the markup


def _seated(spec: dict, seed: int = 1) -> GameSession:
    return GameSession.new(rules=rules_from_spec(spec), seed=seed, level="easy")


def test_the_other_seats_are_drawn_along_the_top_with_their_backs_and_counts():
    session = _seated({"profile": "pisti", "players": 6, "packs": 2})
    view = session.view()
    html = seats_render.seats_html(view, {"easy": "Easy"})
    seats = [int(n) for n in re.findall(r'data-seat="(\d)"', html)]
    assert seats == [5, 4, 3, 2, 1]
    for side in view.sides[1:]:
        panel = html.split(f'id="seat-{side.seat}"')[1].split('id="seat-')[0]
        assert panel.count('class="card back"') == side.hand_count
        assert f'data-captured="{side.captured}"' in panel and side.name in panel
    dealer = view.dealer
    if dealer:
        assert 'seat-chip dealer' in html.split(f'id="seat-{dealer}"')[1].split('id="seat-')[0]
    assert html.count("seat-chip partner") == 1  # seat 3, opposite you
    assert "no face" not in html and not re.search(r'static/cards/(?!back)', html)  # no face shows


def test_the_score_has_a_side_per_seat_or_per_partnership():
    alone = _seated({"profile": "fourcard", "players": 3}).view()
    assert seats_render.seats_score_html(alone).count('class="score-side') == 3
    teams = _seated({"profile": "greek", "players": 4}).view()
    assert seats_render.side_labels(teams) == ("You & Nikos", "Eleni & Maria")


def test_the_turn_line_names_the_bot_to_play():
    session = _seated({"profile": "fourcard", "players": 3}, seed=2)
    while session.phase != "bot":
        session.play_human(session.view().hand[0])
    view = session.view()
    line = render.status_html(view)
    assert f"{view.sides[view.to_move].name}'s turn" in line.replace("&#x27;", "'")


def test_round_summary_and_match_end_have_a_column_per_side():
    session = _seated({"profile": "fourcard", "players": 5, "packs": 2})
    _play(session)
    labels = seats_render.side_labels(session.view())
    html = seats_render.seats_round_summary_html(session.round_summary(), labels)
    assert html.count('<th scope="col">') == 6 and html.count('class="race-row"') == 5
    while session.phase != "match_over":
        session.next_round()
        _play(session)
    end = seats_render.seats_match_end_html(session.match_summary(), labels)
    assert ("You win!" in end) == (session.match.winner == 0)
    assert end.count('<tr><th scope="row">') >= 5


def test_people_sharing_the_device_are_congratulated_when_one_of_their_sides_wins():
    """With people sharing the device nobody is "you": a side of theirs winning was told to shuffle up and try
    again, under the grey trophy."""
    session = _seated({"profile": "fourcard", "players": 3, "match_rounds": 1}, seed=4)
    _play(session)
    summary, labels = session.match_summary(), seats_render.side_labels(session.view())
    assert summary.winner is not None
    won = seats_render.seats_match_end_html(summary, labels, -1, people_sides=(summary.winner,))
    assert "A match well played." in won and "try again" not in won and 'class="trophy won"' in won
    lost = seats_render.seats_match_end_html(summary, labels, -1, people_sides=((summary.winner + 1) % 3,))
    assert "Shuffle up and try again." in lost and 'class="trophy lost"' in lost


def test_a_partnerships_round_is_your_sides_not_yours():
    """At four seats in partnerships the round is won by a side: "You take round 1" said it was yours alone."""
    for seed in range(1, 40):
        session = _seated({"profile": "greek", "players": 4}, seed=seed)
        _play(session)
        summary = session.round_summary()
        if summary.points[0] > summary.points[1]:
            break
    labels = seats_render.side_labels(session.view())
    html = seats_render.seats_round_summary_html(summary, labels, 0, partnered=True)
    assert "Your side takes round 1" in html and "You take round" not in html
    alone = seats_render.seats_round_summary_html(summary, labels, 0)
    assert "You take round 1" in alone


def test_greek_seat_names():
    from kseri import i18n
    i18n.set_language("el")
    try:
        view = _seated({"profile": "greek", "players": 4}).view()
        assert [side.name for side in view.sides[1:]] == ["Ελένη", "Νίκος", "Μαρία"]
        assert not re.search(r"[A-Za-z]{3,}", seats_render.side_labels(view)[1])
    finally:
        i18n.set_language("en")


# --------------------------------------------------------------------------- the new-game screen


def test_every_seating_the_screen_offers_reads_back_and_deals():
    import random

    from kseri.engine.match import Match
    from kseri.table.newgame import TABLE_NAMES, NewGameChoice, choice_for, player_counts
    for table in TABLE_NAMES:
        for players in player_counts(table):
            for partnerships in (True, False):
                for packs in (1, 2):
                    choice = NewGameChoice(table=table, players=players, partnerships=partnerships, packs=packs)
                    if packs == 2 and players < 4:
                        with pytest.raises(SessionError, match="4 to 6"):
                            choice.rules()
                        continue
                    try:
                        rules = choice.rules()
                    except SessionError as exc:
                        assert "seats" in str(exc) or "pack" in str(exc), exc
                        continue
                    assert rules.players == players and (rules.packs == 2) >= (packs == 2)
                    assert rules.partnered == (partnerships and players in (4, 6))
                    back = choice_for(rules, "medium")
                    assert back.rules() == rules and back.players == players
                    Match.new(rules=rules, rng=random.Random(players))  # it deals


def test_the_screen_refuses_a_seating_the_table_cannot_deal_in_one_line():
    from kseri.table.newgame import NewGameChoice, choice_from_form
    with pytest.raises(SessionError, match="This table seats 2, 4 players"):
        NewGameChoice(table="greek", players=3).rules()
    with pytest.raises(SessionError, match="seats 2 players"):
        choice_from_form({"table": "sums", "target": "37", "players": "4"})
    five = NewGameChoice(table="fourcard", players=5).rules()  # two packs where one cannot deal five
    assert five.packs == 2 and five.cards == 104


def test_the_screen_shows_the_seats_of_the_game_in_play():
    from kseri.table.newgame import choice_for
    from kseri.web.newgame_render import new_game_html
    rules = rules_from_spec({"profile": "pisti", "players": 6, "packs": 2, "partnerships": False})
    html = new_game_html(choice_for(rules, "hard"))
    assert 'name="players" value="6" checked' in html and 'name="two_packs" checked' in html
    assert 'name="partnerships" checked' not in html


def test_the_table_says_which_game_it_is():
    view = _seated({"profile": "pisti", "players": 4}).view()
    assert "Pişti, 4 players in partnerships" in render.status_html(view)
    assert "Greek" in render.status_html(GameSession.new(seed=1).view())


def test_each_bot_plays_its_own_level_and_the_save_keeps_them(monkeypatch):
    import kseri.table.bot_turns as module
    from kseri.table.newgame import choice_for, choice_from_form
    session = _seated({"profile": "fourcard", "players": 4})
    session.set_seat_levels(("easy", "hard", "easy", "medium"))
    assert session.seat_levels == ("easy", "hard", "easy", "medium")
    assert [side.level for side in session.view().sides[1:]] == ["hard", "easy", "medium"]
    asked: list[tuple[int, str]] = []
    real = module._thinker

    def spy(level, observation, rng, *, exact=False):  # type: ignore[no-untyped-def]
        asked.append((observation.seat, level))
        return real(level, observation, rng, exact=exact)

    monkeypatch.setattr(module, "_thinker", spy)
    _play(session, limit=12)
    assert asked and all(level == session.level_of(seat) for seat, level in asked)
    again = GameSession.restore(session.to_save())
    assert again.seat_levels == session.seat_levels
    choice = choice_for(again.rules, again.level, again.seat_plan)
    assert choice.plan().seats == ("person", "hard", "easy", "medium")
    form = {"table": "fourcard", "level": "easy", "target": "101", "players": "4", "partnerships": True,
            "seat1": "hard", "seat2": "easy", "seat3": "medium", "seat4": "hard"}
    assert choice_from_form(form).plan().levels("easy") == ("easy", "hard", "easy", "medium")
    session.level = "medium"  # the header's level: every bot plays it
    assert session.seat_levels == ("medium",) * 4 and "levels" not in json.loads(session.to_save())
    two = choice_from_form({"table": "greek", "level": "hard", "target": "151", "seat1": "hard"})
    assert two.seats == () and two.plan().seats == ("person", "hard")


# --------------------------------------------------------------------------- pass and play


def _people_session(spec: dict, people: int, seed: int = 3) -> GameSession:
    session = _seated(spec, seed)
    session.set_people(people, ("Anna", "Bob", "Chris")[:people])
    return session


def test_pass_and_play_hides_every_hand_until_its_person_takes_the_device():
    session = _people_session({"profile": "fourcard", "players": 4}, 2)
    seen_handover = 0
    for _ in range(200):
        phase = session.phase
        if phase not in ("human", "bot"):
            break
        view = session.view()
        if phase == "bot":
            session.play_bot()
            continue
        if session.handover is not None:
            seen_handover += 1
            assert view.hand == () and view.handover == session.to_move  # no hand face up on the pass screen
            with pytest.raises(Exception, match="passed to"):
                session.play_human(_hand(session.round, session.to_move)[0].code)
            session.take_seat()
        view = session.view()
        assert session.viewer == session.to_move and view.viewer == session.to_move
        assert view.hand == tuple(c.code for c in _hand(session.round, session.to_move))
        session.play_human(view.hand[0])
    assert seen_handover >= 4  # Anna and Bob sit next to each other: the device goes round every turn
    names = [side.name for side in session.view().sides]
    assert names == [isolated("Anna"), isolated("Bob"), "Nikos", "Maria"]  # a person's own name: isolated


def test_a_reload_with_people_shows_nobody_s_hand_first():
    session = _people_session({"profile": "pisti", "players": 3}, 3)
    assert session.viewer is None and session.phase == "human" and session.view().hand == ()
    session.take_seat()
    session.play_human(session.view().hand[0])
    again = GameSession.restore(session.to_save())
    assert again.people == 3 and again.own_names == ("Anna", "Bob", "Chris") and again.viewer is None
    assert again.view().hand == () and again.handover == again.to_move
    html = seats_render.handover_html(again.view())
    assert again.name_of(again.to_move) in html and "static/cards/" not in html


def test_two_people_at_two_seats_and_default_names():
    session = GameSession.new(seed=2, level="easy")
    session.set_people(2, ("", "  Bob  "))
    assert [side.name for side in session.view().sides] == ["Player 1", isolated("Bob")]
    assert session.view().panels and session.phase == "human"
    with pytest.raises(SessionError):
        session.set_people(3)
    with pytest.raises(SessionError):
        session.set_people((1,))  # seat 0 is always a person: whoever opened the page


def test_two_friends_play_as_partners_against_two_bots():
    from kseri.table.newgame import choice_from_form
    form = {"table": "pisti", "level": "easy", "target": "101", "players": "4", "partnerships": True,
            "seat1": "hard", "seat2": "person", "seat3": "medium", "name0": " Anna ", "name2": "Bob"}
    choice = choice_from_form(form)
    assert choice.plan() == SeatPlan(seats=("person", "hard", "person", "medium"), names=("Anna", "", "Bob", ""))
    session = _seated({"profile": "pisti", "players": 4}, 4)
    session.apply_plan(choice.plan())
    assert session.persons == (0, 2) and session.rules.team_of(0) == session.rules.team_of(2)
    assert [side.name for side in session.view().sides] == [isolated("Anna"), "Eleni", isolated("Bob"), "Maria"]
    assert [session.level_of(seat) for seat in (1, 3)] == ["hard", "medium"]
    movers = set()
    while session.phase in ("human", "bot"):
        if session.phase == "bot":
            assert session.to_move in (1, 3)
            session.play_bot()
            continue
        assert session.to_move in (0, 2)
        if session.handover is not None:
            assert session.view().hand == ()
            session.take_seat()
        movers.add(session.to_move)
        session.play_human(session.view().hand[0])
    assert movers == {0, 2}
    again = GameSession.restore(session.to_save())
    assert again.seat_plan == session.seat_plan and again.viewer is None
    old = json.loads(session.to_save())
    old["people"], old["names"] = 2, ["Anna", "Bob"]  # a save from before seats could be chosen
    assert GameSession.restore(json.dumps(old)).persons == (0, 1)


def test_a_record_and_a_share_link_carry_who_sits_where():
    from kseri.table.share import decode_record, link
    session = _seated({"profile": "fourcard", "players": 4}, 6)
    session.apply_plan(SeatPlan.parse("person:Anna|hard|person:Bob|easy", players=4))
    _play(session, limit=9)
    record = json.loads(session.record_text())
    assert record["seats"] == ["person:Anna", "hard", "person:Bob", "easy"]
    opened = GameSession.from_record_text(session.record_text(), level="medium")
    assert opened.seat_plan == session.seat_plan and opened.level in ("hard", "easy")
    assert opened.view().sides[2].name == isolated("Bob")
    assert opened.phase == "bot" or opened.handover == opened.to_move
    url = link("https://example.org/kseri/", session.record_text())
    assert decode_record(url)["seats"] == record["seats"]
    assert GameSession.from_record_text(json.dumps(decode_record(url))).seat_plan == session.seat_plan
    bad = dict(record, seats=["person", "genius", "easy", "easy"])
    with pytest.raises(RecordError, match="seat 1 is 'genius'"):
        GameSession.from_record_text(json.dumps(bad))
    with pytest.raises(RecordError, match="3 entries for 4 seats"):
        GameSession.from_record_text(json.dumps(dict(record, seats=["person", "easy", "easy"])))


@pytest.mark.parametrize(("text", "problem"), [
    ("hard|person", "seat 0 is 'hard'"),
    ("person|easy|medium", "3 entries for 2 seats"),
    ("person|easy:Bob", "only a person has a name"),
    ("person|" + "x" * 500, "characters"),
])
def test_a_seat_plan_that_does_not_hold_is_one_line_naming_the_seat(text, problem):
    with pytest.raises(SeatPlanError, match=problem) as caught:
        SeatPlan.parse(text, players=2)
    assert "\n" not in str(caught.value) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize(("text", "players", "greek"), [
    ("person|hard", 4, "seats: 2 καταχωρίσεις για 4 θέσεις"),
    ("person", 2, "seats: 1 καταχώριση για 2 θέσεις"),
    ("hard|person", 2, "seats: η θέση 0 είναι 'hard', αλλά εκεί κάθεται πάντα άτομο (εσύ)"),
    ("person|genius", 2, "seats: η θέση 1 είναι 'genius', όχι επίπεδο (easy, medium, hard, expert) ή 'person'"),
])
def test_a_seat_plan_refusal_speaks_the_pages_language(text, players, greek):
    # A Greek page's notice ("Αγνοήθηκε το seats=...: <reason>.") gives its reason in Greek too.
    i18n.set_language("el")
    try:
        with pytest.raises(SeatPlanError) as caught:
            SeatPlan.parse(text, players=players)
        assert str(caught.value) == greek
    finally:
        i18n.set_language("en")
    with pytest.raises(SeatPlanError, match="entry for 2 seats" if text == "person" else "seat|entries"):
        SeatPlan.parse(text, players=players)


@settings(max_examples=40, deadline=None)
@given(entries=st.lists(st.sampled_from(["easy", "medium", "hard", "person"]), min_size=1, max_size=5),
       names=st.lists(st.text(max_size=30), max_size=6))
def test_a_seat_plan_round_trips_through_its_text(entries, names):
    plan = SeatPlan(seats=("person", *entries), names=tuple(names))
    assert SeatPlan.parse(plan.text(), players=len(plan.seats)) == plan
    assert SeatPlan.parse(list(plan.codes()), players=len(plan.seats)) == plan
    assert eval(repr(plan)) == plan


# --------------------------------------------------------------------------- statistics per game and seating


def test_statistics_are_kept_per_game_and_seating_and_old_ones_still_load():
    from kseri.table.stats import Stats, game_key
    from kseri.web.stats_render import stats_html
    old = Stats.read('{"v": 2, "games": {"greek": {"easy": {"matches": 2, "wins": 1, "streak": 0, "best": 1}}},'
                     ' "recent": []}')
    assert old.record("greek", "easy").matches == 2
    assert Stats.read('{"played": {"easy": 2}, "won": {"easy": 1}}').record("greek", "easy").wins == 1
    for spec, seed in (({"profile": "pisti", "players": 4}, 1), ({"profile": "fourcard", "players": 3}, 2),
                       ({"profile": "fourcard", "players": 5, "packs": 2}, 3)):
        session = _seated(spec, seed)
        while session.phase != "match_over":
            _play(session)
            if session.phase == "round_over":
                session.next_round()
        key = game_key(session.rules)
        assert old.add(key, "easy", session.match_summary(), day="2026-12-02")
        record = old.record(key, "easy")
        assert record.matches == 1 and record.wins == (session.match.winner == 0)
    assert set(old.games) == {"greek", "pisti:4p", "fourcard:3", "fourcard:5x2"}
    assert old.record("pisti", "easy").matches == 0  # not mixed with the two-player game
    again = Stats.read(old.to_json())
    assert again == old and len(again.recent) == 3
    html = stats_html(again)
    assert "Pişti, 4 players in partnerships" in html and "Four-card, 5 players, two packs" in html
    assert html.index('id="stats-greek"') < html.index('id="stats-fourcard-3"') < html.index('id="stats-pisti-4p"')
    with pytest.raises(SessionError):
        Stats.read('{"v": 2, "games": {"pisti:9": {}}, "recent": []}')


def test_every_seating_is_drawn_in_greek():
    from kseri import i18n
    from kseri.table.pile.words import describe_event, describe_take
    from tests.web.test_web_greek import assert_greek
    i18n.set_language("el")
    try:
        for spec, people in (({"profile": "pisti", "players": 4}, 1), ({"profile": "fourcard", "players": 5,
                                                                         "packs": 2}, 1),
                             ({"profile": "fourcard", "players": 3}, 2)):
            session = _seated(spec, 5)
            if people > 1:
                session.set_people(people, ("Άννα", ""))
            pages: list[str] = []
            while session.phase in ("human", "bot"):
                if session.handover is not None:
                    pages.append(seats_render.handover_html(session.view()))
                    session.take_seat()
                event = session.play_human(session.view().hand[0]) if session.phase == "human" else \
                    session.play_bot()
                view = session.view()
                names = session.last_play.names if session.last_play else ()
                pages += [seats_render.seats_html(view, {"easy": "Εύκολο"}), seats_render.seats_score_html(view),
                          render.status_html(view), describe_event(event, 4, names)]
                if session.last_play is not None:
                    pages.append(describe_take(session.last_play))
            labels = seats_render.side_labels(session.view())
            pages.append(seats_render.seats_round_summary_html(session.round_summary(), labels, 0,
                                                               seats_render.short_labels(session.view())))
            for html in pages:
                assert_greek(html)
    finally:
        i18n.set_language("en")


def test_pass_and_play_at_the_open_table_too():
    """Every table takes people sharing the device (the open table refused them): each sees only their own
    cards, is offered the hint, and reviews their own plays."""
    from kseri.engine.cards import CODES
    from kseri.table.newgame import NewGameChoice
    rules = NewGameChoice(table="sums", seats=("person", "person"), rounds=1).rules()
    session = GameSession.new(rules=rules, seed=5, level="easy")
    session.set_people(2, ("Anna", "Bob"))
    plays = 0
    while session.phase == "human":
        if session.handover is not None:
            assert session.view().hand == ()  # nobody's cards while the device changes hands
            session.take_seat()
        view = session.view()
        assert view.hand == tuple(CODES[c] for c in session.round.hands[session.round.to_move])
        if plays % 8 == 0:
            while not session.hint_step(50.0):
                pass
            assert {entry.card for entry in session.show_hint() or ()} <= set(view.hand)
        ways = [way for code in view.hand for way in session.ways(code)]
        session.play_human(max(ways, key=lambda way: len(way.cards)).move)
        plays += 1
    assert session.phase in ("round_over", "match_over") and plays == 48 and session.reviewers == (0, 1)


@settings(max_examples=10, deadline=None)
@given(spec=st.sampled_from(SEATINGS), seed=st.integers(0, 2**40))
def test_a_round_summary_adds_up_for_every_side(spec, seed):
    session = GameSession.new(rules=rules_from_spec(spec), seed=seed, level="easy")
    _play(session)
    summary = session.round_summary()
    rows = {row.key: row for row in summary.rows}
    for side in range(session.rules.teams):
        parts = sum(row.values[side] for row in summary.rows if row.is_points and row.key != "total")
        assert parts == rows["total"].values[side] == summary.points[side]
    assert sum(rows["cards"].values) == session.rules.cards
    assert sum(1 for v in rows["majority"].values if v) <= 1  # most cards: one side, or nobody on a tie
    assert summary.totals == tuple(session.match.totals)
