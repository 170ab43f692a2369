"""The open (sums) table at the browser table: the ways a card can be played, refusals, the session."""

from __future__ import annotations

import json

import pytest

from kseri.engine.cards import Card
from kseri.engine.errors import IllegalMoveError
from kseri.engine.rules import SUMS
from kseri.engine.sums.round import SumsRound
from kseri.i18n import set_language
from kseri.table.session import GameSession
from kseri.table.share import decode, encode
from kseri.table.sums.moves import refusal_for, ways_for
from kseri.table.sums.words import describe_sums_event, sums_take_line


def position(hand0: str, hand1: str, table: str) -> SumsRound:
    """A round dealt so that seat 0 (to move) holds ``hand0``, seat 1 ``hand1`` and ``table`` lies open."""
    named = [Card.parse(code).index for code in (hand0 + " " + hand1 + " " + table).split()]
    assert len(named) == 16
    deck = named + [c for c in range(52) if c not in named]
    return SumsRound.from_deck(SUMS, 1, deck)


def test_every_capture_set_is_its_own_way():
    state = position("9H 2S 3S QS KS AS", "AH 6H 5D 2D QH KH", "4C 5C 6C 3D")
    ways = ways_for(state, "9H")
    captures = [(w.move, w.label, w.cards) for w in ways if w.kind == "capture"]
    assert captures == [("9H:4C+5C", "Take 4♣ + 5♣", ("4C", "5C")),
                        ("9H:6C+3D", "Take 6♣ + 3♦", ("6C", "3D"))]
    assert ways[-1].kind == "drop" and ways[-1].move == "9H" and ways[-1].label == "Lay it on the table"


def test_a_face_card_takes_its_twin_only():
    state = position("QS 2S 3S 4S 5S 6S", "AH 6H 5D 2D QH KH", "QC 5C 6C 3D")
    assert [(w.move, w.kind) for w in ways_for(state, "QS")] == [("QS:QC", "capture"), ("QS", "drop")]


def test_a_build_needs_a_card_of_its_value_in_hand():
    state = position("4H 9S 3S QS KS AS", "AH 6H 5D 2D QH KH", "5C JC JD 10D")
    builds = [(w.move, w.label, w.value) for w in ways_for(state, "4H") if w.kind == "build"]
    assert builds == [("4H>5C", "Build 9 on 5♣", 9)]


def test_a_raise_names_the_build_and_its_new_value():
    state = position("4H 9S KD QS KS AS", "AH 10H 5D 2D QH KH", "5C JC JD 2C")
    state.apply("4H>5C")  # seat 0 builds 9 on the 5; seat 1 holds an ace and a ten
    assert [w for w in ways_for(state, "5D") if w.kind == "raise"] == []  # 9 + 5 is more than 10
    raises = [(w.move, w.label, w.cards, w.value) for w in ways_for(state, "AH") if w.kind == "raise"]
    assert raises == [("AH>5C", "Raise the build of 9 to 10", ("5C", "4H"), 10)]


def test_taking_a_build_is_labelled_as_the_build():
    state = position("4H 9S KD QS KS AS", "AH 10H 5D 2D QH KH", "5C JC JD 2C")
    state.apply("4H>5C")
    state.apply("10H")
    ways = ways_for(state, "9S")
    assert [(w.move, w.label) for w in ways if w.kind == "capture"] == [("9S:5C+4H", "Take build of 9")]


def test_the_owner_of_a_build_may_not_lay_a_loose_card_and_is_told_why():
    state = position("4H 9S KD QS KS AS", "AH 10H 5D 2D QH KH", "5C JC JD 2C")
    state.apply("4H>5C")
    state.apply("10H")
    assert ways_for(state, "QS") == ()
    assert refusal_for(state, "QS") == "You own a build of 9: take it, or play another way first."
    assert refusal_for(state, "9S") is None


def test_refusal_in_greek():
    state = position("4H 9S KD QS KS AS", "AH 10H 5D 2D QH KH", "5C JC JD 2C")
    state.apply("4H>5C")
    state.apply("10H")
    try:
        set_language("el")
        reason = refusal_for(state, "QS")
        label = ways_for(state, "9S")[0].label
    finally:
        set_language("en")
    assert reason is not None and "9" in reason and "build" not in reason
    assert "9" in label and "Take" not in label


def test_a_card_not_in_hand_has_no_way():
    state = position("4H 9S KD QS KS AS", "AH 10H 5D 2D QH KH", "5C JC JD 2C")
    assert ways_for(state, "AH") == ()


def play_out(session: GameSession, *, rounds: int = 99) -> None:
    """Play on (the human takes each card's first way) until the match ends or ``rounds`` rounds ended."""
    assert session.table == "sums"
    while session.phase != "match_over" and len(session.match.scores) < rounds:
        if session.phase == "round_over":
            session.next_round()
        elif session.phase == "bot":
            while not session.think(5):
                pass
            session.play_bot()
        else:
            code = session.view().hand[0]
            ways = session.ways(code)
            session.play_human(ways[0].move if ways else next(
                w.move for c in session.view().hand for w in session.ways(c)))


def test_a_whole_match_with_summaries_saves_and_links():
    session = GameSession.new(rules=SUMS, seed=11, level="easy")
    play_out(session, rounds=1)
    summary = session.round_summary()
    keys = [row.key for row in summary.rows]
    assert keys[:1] == ["cards"] and {"aces", "ten_of_diamonds", "two_of_clubs", "majority", "kseri"} <= set(keys)
    assert sum(summary.points) >= 11 - 4  # aces 4, 2♣ 1, 10♦ 2, most cards 4 (unless tied)
    rows = {row.key: row for row in summary.rows}
    assert "kings" not in rows and "jacks" not in rows and "tens" not in rows  # no points for them here
    assert rows["aces"].values[0] + rows["aces"].values[1] == 4
    assert sum(rows["ten_of_diamonds"].values) == 2 and sum(rows["two_of_clubs"].values) == 1
    assert sum(rows["majority"].values) in (0, 4) and rows["kseri"].label == "Xeris"
    assert all(note == "" or "xeri" in note for note in rows["kseri"].notes)
    again = GameSession.restore(session.to_save())
    assert again.view() == session.view() and again.phase == "round_over"
    assert decode(encode(session.match)).round.plays == session.match.round.plays
    play_out(session)
    assert session.phase == "match_over" and max(session.match.totals) >= 37
    assert session.match_summary().winner in (0, 1)


def test_the_view_shows_builds_with_value_and_owner():
    session = GameSession.new(rules=SUMS, seed=4, level="easy")
    assert session.table == "sums"
    for _ in range(200):
        view = session.view()
        assert view.open_table is not None
        if any(item.is_build for item in view.open_table) or session.phase not in ("human", "bot"):
            break
        if session.phase == "bot":
            session.play_bot()
            continue
        builds = [w for c in view.hand for w in session.ways(c) if w.kind == "build"]
        ways = builds or [w for c in view.hand for w in session.ways(c)]
        session.play_human(ways[0].move)
    built = [item for item in session.view().open_table or () if item.is_build]
    assert built and all(item.value is not None and item.owner in (0, 1) and len(item.cards) >= 2 for item in built)


def test_an_illegal_move_is_refused_in_words():
    session = GameSession.new(rules=SUMS, seed=2, level="easy")
    while session.phase == "bot":
        session.play_bot()
    with pytest.raises(IllegalMoveError):
        session.play_human("KS:QD" if "KS" not in session.view().hand else "2C:2D+9H")
    with pytest.raises(IllegalMoveError):
        session.review()  # the open table has a review, after the round
    assert session.can_review


def test_the_bot_turn_is_seeded_and_its_play_described():
    one = GameSession.new(rules=SUMS, seed=9, level="medium")
    two = GameSession.new(rules=SUMS, seed=9, level="medium")
    for session in (one, two):
        while session.phase != "human":
            session.play_bot()
        code = session.view().hand[0]
        session.play_human(session.ways(code)[0].move)
        if session.phase == "bot":
            session.play_bot()
    assert one.match.round.plays == two.match.round.plays
    play = one.last_play
    assert play is not None and play.table == "sums"
    sentence = describe_sums_event(play.event, play.build_value)
    assert sentence.startswith("Bot ") and sentence.endswith((".", "!"))
    assert isinstance(sums_take_line(play), str)


def test_hints_value_each_card_by_its_best_way():
    session = GameSession.new(rules=SUMS, seed=5, level="easy")
    while session.phase == "bot":
        session.play_bot()
    hints = session.hints()
    assert {h.card for h in hints} == set(session.view().hand)
    assert hints[0].best and all(h.loss >= 0 for h in hints)


def test_a_hint_shown_before_the_language_changes_is_worded_in_the_new_one():
    """The ways are labelled in words: after a change of language the hint shown says them in the
    new language, with the same values and no new search."""
    session = GameSession.new(rules=SUMS, seed=5, level="easy")
    while session.phase == "bot":
        session.play_bot()
    try:
        set_language("en")
        english = session.show_hint()
        ways_en = session.way_hints()
        set_language("el")
        greek = session.shown_hints()
        ways_el = session.way_hints()
        assert greek is not None and ways_en is not None and ways_el is not None
        assert [(h.card, h.value, h.move) for h in greek] == [(h.card, h.value, h.move) for h in english]
        assert {m: w.way for m, w in ways_el.items()} == {w.move: w.label for c in session.view().hand
                                                          for w in session.ways(c)}
        assert any(w.way != ways_en[m].way for m, w in ways_el.items())
    finally:
        set_language("en")


def test_a_save_of_the_sums_table_is_json_with_its_rules():
    session = GameSession.new(rules=SUMS, seed=3, level="easy")
    data = json.loads(session.to_save())
    assert data["record"]["rules"] == "sums"


def test_the_hint_values_every_legal_move_and_each_card_by_its_best():
    session = GameSession.new(rules=SUMS, seed=5, level="easy")
    while session.phase == "bot":
        session.play_bot()
    assert session.way_hints() is None  # not worked out yet
    cards = session.hints()
    rows = session.way_hints()
    assert rows is not None
    legal = {str(move) for move in session.round.legal_moves()}
    assert set(rows) == legal
    for entry in cards:
        mine = [row for row in rows.values() if row.card == entry.card]
        best = max(mine, key=lambda row: row.value)
        assert entry.value == best.value and entry.way == best.way and entry.move == best.move
    assert sum(row.best for row in rows.values()) >= 1
    assert all(row.loss >= 0 and (row.loss == 0) == row.best for row in rows.values() if row.best)
    for code in session.view().hand:  # each way the chooser offers carries its value
        assert all(way.move in rows for way in session.ways(code))
    session.play_human(next(iter(rows)))
    assert session.way_hints() is None  # the position moved on


def test_way_hints_refuse_values_that_miss_a_legal_move():
    from kseri.table.sums.hints import way_hints
    state = position("7H 8S 2S 9D QS 10H", "AH 6H 5D 2D QH KH", "3C 4D JC 10S")
    values = dict.fromkeys(state.legal_moves()[1:], 0.0)
    with pytest.raises(ValueError, match="every legal move"):
        way_hints(state, values)


def test_the_choice_buttons_show_the_hint():
    from kseri.table.sums.hints import way_hints
    from kseri.web.sums.render import ways_html
    set_language("en")
    state = position("7H 8S 2S 9D QS 10H", "AH 6H 5D 2D QH KH", "3C 4D JC 10S")
    values = {move: float(i) for i, move in enumerate(state.legal_moves())}
    rows = {row.move: row for row in way_hints(state, values)}
    html = ways_html("7H", ways_for(state, "7H"), rows)
    assert html.count("data-hint=") == len(ways_for(state, "7H"))
    assert "points against the hint" in html and 'data-hint="★"' not in html  # the 7H is not the best
    assert "data-hint" not in ways_html("7H", ways_for(state, "7H"))


def test_the_other_player_is_called_by_name_when_named() -> None:
    """A friend on another device is named in every sentence and line of the open table, in both languages."""
    from kseri.engine.events import PlayEvent
    from kseri.table.views import LastPlay
    cards = tuple(map(Card.parse, ("3C", "4D")))
    names = ("", "Anna")
    plays = [PlayEvent(seat=1, card=Card.parse("7H"), kind="capture", captured=cards),
             PlayEvent(seat=1, card=Card.parse("7H"), kind="kseri", captured=cards, bonus=10),
             PlayEvent(seat=1, card=Card.parse("5S"), kind="build"),
             PlayEvent(seat=1, card=Card.parse("9D"), kind="drop"),
             PlayEvent(seat=1, card=Card.parse("9D"), kind="drop", sweep=cards, sweep_seat=1, round_over=True)]
    try:
        for language, bot in (("en", "Bot"), ("el", "υπολογιστής")):
            set_language(language)
            for event in plays:
                sentence = describe_sums_event(event, 8, names=names)
                assert sentence.startswith("Anna ") and bot not in sentence, sentence
                line = sums_take_line(LastPlay(event, (0, 3), names=names, build_value=8))
                assert (line == "") == (event.kind == "drop" and not event.sweep), line
                assert not line or ("Anna" in line and bot not in line), line
                assert describe_sums_event(event, 8, names=names) != describe_sums_event(event, 8)
            mine = PlayEvent(seat=0, card=Card.parse("5S"), kind="build")
            assert describe_sums_event(mine, 8, names=names) == describe_sums_event(mine, 8)
    finally:
        set_language("en")
