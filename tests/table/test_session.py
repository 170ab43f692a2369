"""The browser table's game session (kseri.table.session), under CPython."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from kseri.engine.errors import IllegalMoveError, RecordError
from kseri.engine.record import dumps, loads
from kseri.engine.rules import GREEK, rules_from_spec
from kseri.table import share
from kseri.table.pile.words import describe_event
from kseri.table.points import point_rules
from kseri.table.seats import BOT, HUMAN, SessionError, levels
from kseri.table.session import SAVE_FORMAT, GameSession
from kseri.table.stats import Stats
from kseri.table.urlparams import decode_record_param, parse_url

ROOT = Path(__file__).resolve().parents[2]
LEVELS = ("easy", "medium", "hard", "expert")


def first_card_policy(session: GameSession) -> str:
    return session.view().hand[0]


def advance(session: GameSession, plays: int, policy=first_card_policy) -> None:
    """Make ``plays`` plays (yours by ``policy``, the bot's by itself), dealing new rounds as needed."""
    for _ in range(plays):
        phase = session.phase
        if phase == "round_over":
            session.next_round()
            phase = session.phase
        if phase == "match_over":
            return
        if phase == "human":
            session.play_human(policy(session))
        else:
            session.play_bot()


def play_match(session: GameSession, policy=first_card_policy) -> None:
    while session.phase != "match_over":
        advance(session, 1, policy)


# --------------------------------------------------------------------------- seeds


def test_a_seed_reproduces_deals_and_bot_choices():
    a, b = GameSession.new(seed=123, level="medium"), GameSession.new(seed=123, level="medium")
    advance(a, 60)
    advance(b, 60)
    assert dumps(a.match) == dumps(b.match)
    assert len(a.match.rounds) == 2  # crossed a round end, so later deals are covered too


def test_different_seeds_deal_differently():
    decks = {GameSession.new(seed=s, level="easy").round.deck for s in range(8)}
    assert len(decks) == 8


def test_the_session_never_touches_the_global_random_generator():
    state = random.getstate()
    session = GameSession.new(seed=9, level="hard")
    advance(session, 12)
    session.hints() if session.phase == "human" else None
    assert random.getstate() == state


def test_bot_choice_does_not_depend_on_slicing():
    sliced, whole = GameSession.new(seed=31, level="hard"), GameSession.new(seed=31, level="hard")
    for _ in range(6):
        if sliced.phase == "human":
            code = first_card_policy(sliced)
            sliced.play_human(code)
            whole.play_human(code)
            continue
        while not sliced.think(0.5):  # tiny slices
            pass
        assert sliced.play_bot().card == whole.play_bot().card


# --------------------------------------------------------------------------- playing


def test_human_plays_are_checked():
    session = GameSession.new(seed=4, level="easy")
    while session.phase != "human":
        session.play_bot()
    not_held = next(code for code in ("AS", "AH", "AD", "AC", "KS", "KH") if code not in session.view().hand)
    with pytest.raises(IllegalMoveError):
        session.play_human(not_held)
    session.play_human(session.view().hand[0])
    if session.phase == "bot":
        with pytest.raises(IllegalMoveError, match="not your turn"):
            session.play_human(session.view().hand[0])
        with pytest.raises(IllegalMoveError):
            session.hint_step()


def test_think_is_only_for_the_bots_turn():
    session = GameSession.new(seed=4, level="easy")
    while session.phase != "human":
        session.play_bot()
    with pytest.raises(IllegalMoveError, match="not the bot's turn"):
        session.think()


def test_events_are_queued_for_the_page_in_order():
    session = GameSession.new(seed=2, level="easy")
    made = []
    for _ in range(5):
        made.append(session.play_human(first_card_policy(session)) if session.phase == "human" else session.play_bot())
    assert session.take_events() == made
    assert session.take_events() == []
    assert [e.seat for e in made] == [session.match.round.first_player, 1 - session.match.round.first_player] * 2 + \
        [session.match.round.first_player]


def test_view_shows_only_what_the_human_may_see():
    session = GameSession.new(seed=6, level="easy")
    view = session.view()
    state = session.round
    assert view.hand == tuple(c.code for c in state.hand(HUMAN))
    assert view.bot.hand_count == 6 and view.human.hand_count == 6
    assert view.pile == tuple(c.code for c in state.pile_cards())
    assert view.stock == 36 and view.packet == 1 and view.packets == 4 and view.round_number == 1
    assert view.sides[state.dealer].is_dealer and not view.sides[1 - state.dealer].is_dealer
    assert view.totals == (0, 0) and view.target == 151 and not view.target_raised
    assert view.phase == ("human" if state.to_move == HUMAN else "bot")
    # The bot's cards are nowhere in the view.
    bot_cards = {c.code for c in state.hand(BOT)}
    assert not bot_cards & set(json.dumps(view.__dict__, default=str).replace('"', " ").split())


def test_a_whole_match_ends_with_a_winner_and_a_summary():
    session = GameSession.new(seed=77, level="easy")
    play_match(session)
    summary = session.match_summary()
    assert summary.winner in (HUMAN, BOT)
    assert summary.totals == tuple(session.match.totals)
    assert sum(p[0] for p in summary.rounds) == summary.totals[0]
    assert max(summary.totals) >= summary.target
    assert session.view().phase == "match_over" and session.view().winner == summary.winner
    with pytest.raises(IllegalMoveError):
        session.next_round()


def test_next_round_only_after_a_round():
    session = GameSession.new(seed=8, level="easy")
    with pytest.raises(IllegalMoveError, match="not over"):
        session.next_round()
    advance(session, 48)
    assert session.phase == "round_over"
    session.next_round()
    assert len(session.match.rounds) == 2 and session.round.dealer != session.match.rounds[0].dealer


def test_level_is_checked_and_changes_the_next_decision():
    session = GameSession.new(seed=3, level="easy")
    with pytest.raises(SessionError, match="unknown bot level"):
        session.level = "grandmaster"
    session.level = "hard"
    assert session.level == "hard"
    assert levels() == LEVELS


def test_the_table_accepts_exactly_the_bots_levels():
    from kseri.bots.names import DEFAULT_LEVEL
    from kseri.bots.names import LEVELS as BOT_LEVELS
    assert levels() == BOT_LEVELS
    for level in BOT_LEVELS:
        GameSession.new(seed=1, level=level).level = level
    with pytest.raises(SessionError, match="unknown bot level"):
        GameSession.new(seed=1, level="genius")
    assert GameSession.new(seed=1).level == DEFAULT_LEVEL
    assert parse_url("?level=hard").level == "hard" and parse_url("?level=genius").level is None


# --------------------------------------------------------------------------- saved games


def test_save_and_resume_exactly():
    session = GameSession.new(seed=55, level="hard")
    advance(session, 30)
    resumed = GameSession.from_save(session.to_save())
    assert resumed.view() == session.view()
    assert resumed.seed == session.seed and resumed.level == "hard"
    advance(session, 40)
    advance(resumed, 40)
    assert dumps(resumed.match) == dumps(session.match)


def test_save_format():
    session = GameSession.new(seed=1, level="easy")
    data = json.loads(session.to_save())
    assert data["format"] == SAVE_FORMAT and data["seed"] == 1 and data["level"] == "easy"
    assert data["record"]["format"] == "kseri-record/1"
    loads(json.dumps(data["record"]))  # the record inside is a valid kseri-record/1


@pytest.mark.parametrize("text, message", [
    (None, "no saved game"),
    ("", "no saved game"),
    ("{not json", r"^the saved game is damaged: not JSON$"),  # no parser's details, no nested brackets
    ("[1, 2]", r"^the saved game is not a JSON object$"),
    ('{"seed": 3}', r"^the saved game names no format \(this page writes 'kseri-save/1'\)$"),
    ('{"format": "kseri-save/1", "record": 42}', r"^the saved game has no seed$"),  # not "seed None"
    ('{"format": "someone-else/2"}', "'someone-else/2'"),
    ('{"format": "kseri-save/1", "seed": -1, "record": {}}', "seed"),
    ('{"format": "kseri-save/1", "seed": "x", "record": {}}', "seed"),
    ('{"format": "kseri-save/1", "seed": 5, "record": {"format": "kseri-record/1"}}', r"record is broken: [^()]*$"),
    ('{"format": "kseri-save/1", "seed": 5, "seed": 6}', r"^the saved game is damaged: the key 'seed' is given twice$"),
])
def test_a_bad_save_is_one_clear_error(text, message):
    with pytest.raises(SessionError, match=message) as info:
        GameSession.from_save(text)
    assert "\n" not in str(info.value)


def test_a_save_with_an_illegal_play_is_rejected():
    data = json.loads(GameSession.new(seed=5, level="easy").to_save())
    data["record"]["rounds"][0]["plays"] = ["ZZ"]
    with pytest.raises(SessionError, match="record is broken"):
        GameSession.from_save(json.dumps(data))


def test_an_unknown_level_in_a_save_falls_back_to_the_default():
    data = json.loads(GameSession.new(seed=5, level="easy").to_save())
    data["level"] = "godlike"
    assert GameSession.from_save(json.dumps(data)).level == "medium"


def test_a_save_keeps_the_people_their_names_and_each_bots_level():
    rules = dataclasses.replace(GREEK, players=4)
    session = GameSession.new(rules=rules, seed=8, level="easy")
    session.set_people((0, 2), ("Anna", "", "Ben", ""))
    session.set_seat_levels(("easy", "hard", "easy", "medium"))
    again = GameSession.from_save(session.to_save())
    assert again.persons == (0, 2) and again.own_names == session.own_names
    assert again.seat_levels == session.seat_levels and again.to_save() == session.to_save()


def test_people_with_one_name_are_told_apart_on_every_screen():
    """Two people called Anna (or Anna and anna: the score prints names in capitals): "pass the device to Anna"
    named nobody. The second is numbered, and the save keeps it so."""
    session = GameSession.new(rules=dataclasses.replace(GREEK, players=4), seed=8, level="easy")
    session.set_people((0, 1, 3), ("Anna", "anna", "", "ANNA"))
    assert session.own_names == ("Anna", "anna 2", "", "ANNA 3")
    again = GameSession.from_save(session.to_save())
    assert again.own_names == session.own_names


@pytest.mark.parametrize(("field", "value"), [
    ("people", 10**12), ("people", -3), ("people", [0, "x"]), ("people", [0, 9]), ("names", "Anna"),
    ("levels", ["easy", "godlike"]), ("levels", ["easy"]), ("counted", "yes"), ("takebacks", 10**9),
])
def test_a_saved_field_this_version_cannot_use_is_left_out_and_the_game_resumes(field, value):
    """Not refused (the match is fine): the field is read as its default. A count of people far beyond
    any table is not made into a list of seats first."""
    session = GameSession.new(seed=6, level="hard")
    data = json.loads(session.to_save())
    data[field] = value
    again = GameSession.restore(json.dumps(data))
    assert again.people == 1 and again.seat_levels == session.seat_levels
    assert not again.result_counted and again.takebacks == 0
    assert again.view() == session.view()


def test_a_record_opens_at_its_last_position():
    source = GameSession.new(seed=12, level="easy")
    advance(source, 9)
    opened = GameSession.from_record_text(dumps(source.match), level="easy", seed=1)
    assert opened.view() == source.view()
    with pytest.raises(RecordError):
        GameSession.from_record_text('{"format": "kseri-record/1", "rules": "greek", "first_dealer": 7, "rounds": []}')


# --------------------------------------------------------------------------- URL parameters


def test_url_seed_level_rules():
    options = parse_url("?seed=42&level=Hard&rules=greek", "", LEVELS)
    assert (options.seed, options.level, options.rules.profile, options.notices) == (42, "hard", "greek", ())
    assert options.starts_game
    assert not parse_url("?level=easy", "", LEVELS).starts_game


def test_url_rules_as_an_object():
    spec = quote(json.dumps({"profile": "greek", "target": 51}))
    assert parse_url(f"?rules={spec}", "", LEVELS).rules.target == 51


@pytest.mark.parametrize("query, fragment", [
    ("?seed=abc", "seed=abc"), ("?seed=-3", "seed=-3"), ("?seed=99999999999999999999", "seed=9999"),
    ("?level=god", "level=god"), ("?rules=poker", "rules=poker"),
    ("?rules=%7B%22profile%22%3A%22sums%22%2C%22players%22%3A4%7D", "two players"),
])
def test_bad_url_parameters_are_ignored_with_a_notice(query, fragment):
    options = parse_url(query, "", LEVELS)
    assert len(options.notices) == 1 and fragment in options.notices[0]
    assert "\n" not in options.notices[0]
    assert options.seed is None and options.level is None and options.rules is None


@pytest.mark.parametrize("query, key, fragment", [
    ("?lang=xx", "lang", "lang=xx: the languages are el"), ("?lang=", "lang", "lang=: "),
    ("?theme=purple", "theme", "theme=purple: the themes are light and dark"),
    ("?theme=Dark", "theme", "theme=Dark"),  # static/theme.js reads the exact value
    ("?learn=chess", "learn", "learn=chess: the lessons are 1"),
])
def test_a_parameter_read_elsewhere_with_a_bad_value_gets_a_notice_and_is_dropped(query, key, fragment):
    options = parse_url(query, "", LEVELS, known_lesson=lambda value: value in ("1", "sums"))
    assert options.ignored == (key,) and len(options.notices) == 1 and fragment in options.notices[0]
    assert not options.starts_game


@pytest.mark.parametrize("query", ["?lang=el", "?lang=EN", "?lang=el-GR", "?theme=light", "?theme=dark",
                                   "?learn=1", "?learn=sums"])
def test_good_values_of_the_parameters_read_elsewhere_pass_quietly(query):
    options = parse_url(query, "", LEVELS, known_lesson=lambda value: value in ("1", "sums"))
    assert options.ignored == () and options.notices == ()


@pytest.mark.parametrize("spec, expected", [
    ({"profile": "greek", "players": 6}, "Greek: 2 or 4 players."),
    ({"profile": "greek", "players": 3, "packs": 2}, "Greek: 2 or 4 players."),
    ({"profile": "fourcard", "players": 7}, "Four-card: 2, 3, 4, 5 or 6 players."),
    ({"profile": "fourcard", "players": 5, "packs": 1}, "Four-card: 5 players are dealt from two packs."),
    ({"profile": "pisti", "players": 5, "packs": 1}, "Pişti: 5 players are dealt from two packs."),
    ({"profile": "greek", "players": 4, "packet_size": 5}, "leaves no valid deal"),  # the engine's words
])
def test_a_seating_the_table_does_not_deal_is_refused_in_a_players_words(spec, expected):
    (notice,) = parse_url("?rules=" + quote(json.dumps(spec)), "", LEVELS).notices
    assert expected in notice and "\n" not in notice


@pytest.mark.parametrize("spec, packs, opening", [
    ({"profile": "fourcard", "players": 5}, 2, 4),  # one pack cannot deal five: the new-game screen's two packs
    ({"profile": "pisti", "players": 5, "partnerships": False}, 2, 4),
    ({"profile": "pisti", "players": 3}, 1, 4),  # one pack deals three: nothing added
])
def test_a_link_that_seats_more_than_one_pack_deals_gets_two_packs(spec, packs, opening):
    options = parse_url("?rules=" + quote(json.dumps(spec)), "", LEVELS)
    assert options.notices == ()
    assert (options.rules.players, options.rules.packs, options.rules.opening_size) == (spec["players"], packs, opening)


def _record_text(plays: int = 7) -> str:
    session = GameSession.new(seed=21, level="easy")
    advance(session, plays)
    return dumps(session.match)


def test_url_record_in_every_form():
    text = _record_text()
    match = loads(text)
    forms = [
        (f"?record={quote(text)}", ""),
        ("", f"#record={quote(text)}"),
        ("", "#" + quote(text)),
        ("", "#" + share.encode(match)),                     # a share link
        (f"?record={share.encode(match)[2:]}", ""),           # its payload as record=
    ]
    for query, fragment in forms:
        options = parse_url(query, fragment, LEVELS)
        assert options.record_error is None and options.notices == (), (query, fragment)
        assert loads(options.record).round.plays == match.round.plays


@pytest.mark.parametrize("query, fragment, words", [
    ("?record=garbage!", "", "neither JSON"),
    ("?record=", "", "empty"),
    ("", "#r=1AAAA", "damaged"),
])
def test_bad_url_records(query, fragment, words):
    options = parse_url(query, fragment, LEVELS)
    assert options.record is None and words in options.record_error


def test_a_short_fragment_is_an_anchor_not_a_record():
    options = parse_url("", "#rules", LEVELS)
    assert options.record is None and options.record_error is None and options.notices == ()


def test_a_record_that_unpacks_but_breaks_the_rules_fails_when_opened():
    data = json.loads(_record_text())
    data["rounds"][0]["plays"][0] = data["rounds"][0]["plays"][1]
    options = parse_url("?record=" + quote(json.dumps(data)), "", LEVELS)
    assert options.record is not None
    with pytest.raises(RecordError, match="round 0, play"):
        GameSession.from_record_text(options.record)


def test_the_sums_table_is_played_at_the_browser_table():
    # One session plays every table; the open table's part is its strategy (kseri.table.sums.strategy).
    from kseri.engine.match import Match
    from kseri.engine.record import to_record
    from kseri.engine.rules import SUMS

    session = GameSession.new(rules=SUMS, seed=1)
    assert type(session) is GameSession and session.table == "sums" and session.view().open_table is not None
    match = Match.new(SUMS, rng=random.Random(1), first_dealer=0)
    assert GameSession.from_record_text(dumps(match)).rules.profile == "sums"
    save = json.loads(GameSession.new(seed=5).to_save())
    save["record"] = to_record(match)
    restored = GameSession.restore(json.dumps(save))
    assert type(restored) is GameSession and restored.table == "sums"
    assert GameSession.from_save(json.dumps(save)).view() == restored.view()
    assert parse_url("?rules=sums", "", LEVELS).rules == SUMS


def test_decode_record_param_rejects_non_records():
    with pytest.raises(SessionError):
        decode_record_param("aGVsbG8")  # base64 of "hello"


# --------------------------------------------------------------------------- summaries, hints, words


def test_round_summary_adds_up():
    session = GameSession.new(seed=14, level="medium")
    advance(session, 48)
    summary = session.round_summary()
    rows = {row.key: row for row in summary.rows}
    assert list(rows) == ["cards", "aces", "kings", "queens", "jacks", "tens", "ten_of_diamonds", "two_of_clubs",
                          "majority", "kseri", "total"]
    for side in (0, 1):
        parts = sum(row.values[side] for row in summary.rows if row.key not in ("cards", "total"))
        assert parts == rows["total"].values[side] == summary.points[side]
    assert rows["cards"].values[0] + rows["cards"].values[1] == 52
    assert summary.totals == tuple(session.match.totals) and summary.totals_before == (0, 0)
    assert summary.number == 1 and not summary.raised
    base = sum(summary.points) - rows["kseri"].values[0] - rows["kseri"].values[1]
    assert base in (22, 25)


@pytest.mark.parametrize("profile, label", [("greek", "10♦ bonus"), ("fourcard", "10♦"), ("pisti", "10♦")])
def test_the_ten_of_diamonds_is_a_bonus_only_where_tens_score(profile, label):
    """At the Pişti and four-card tables a ten scores nothing: the 10♦'s points are the card's own, no bonus
    (the Greek "Επιπλέον για το 10♦" told a Pişti player otherwise)."""
    session = GameSession.new(rules=rules_from_spec(profile), seed=5, level="easy")
    advance(session, len(session.match.round.deck) - session.match.rules.opening_size)
    rows = {row.key: row for row in session.round_summary().rows}
    assert rows["ten_of_diamonds"].label == label


@pytest.mark.parametrize("profile, word, counts", [
    ("greek", "Kseris", ("kseri", "jack kseri")), ("fourcard", "Kseris", ("kseri", "jack kseri")),
    ("pisti", "Piştis", ("pişti", "jack pişti")), ("sums", "Xeris", ("xeri", "jack kseri"))])
def test_every_table_counts_its_kseris_in_its_own_word(profile, word, counts):
    """The summary's row, its small print and how the points are counted say the table's word, found
    through the table's words (kseri.table.goal), not by testing the table's name."""
    for seed in range(40):
        session = GameSession.new(rules=rules_from_spec(profile), seed=seed, level="easy")
        while session.phase not in ("round_over", "match_over"):
            session.play_bot() if session.phase == "bot" else session.play_human(first_card_policy(session))
        rows = {row.key: row for row in session.round_summary().rows}
        if any(rows["kseri"].values):
            break
    assert rows["kseri"].label == word
    for side, note in zip(session.match.scores[-1].sides, rows["kseri"].notes, strict=True):
        said = [f"{n} {counts[0]}{'' if n == 1 else 's'}" for n in (side.kseris,) if n]
        said += [f"{n} {counts[1]}{'' if n == 1 else 's'}" for n in (side.jack_kseris,) if n]
        assert note == ", ".join(said)
    rules = session.match.rules
    titles = [rule.label for rule in point_rules(rules)]
    if rules.jack_kseri_points is not None:
        assert counts[1].capitalize() in titles
    if rules.double_kseri_points:
        assert f"{word[:-1]} right after your own {word[:-1].lower()}" in titles


def test_round_summary_reports_a_raised_target():
    rules = rules_from_spec({"profile": "greek", "target": 5})
    session = GameSession.new(rules=rules, seed=3, level="easy")
    advance(session, 48)
    summary = session.round_summary()
    if min(summary.totals) >= 5:  # both passed 5: the target rose to 105
        assert summary.raised and summary.target == 105 == session.match.target and summary.target_before == 5
        assert session.phase == "round_over"
    else:
        assert summary.winner is not None


def test_hints_value_every_card_best_first():
    session = GameSession.new(seed=19, level="easy")
    while session.phase != "human":
        session.play_bot()
    hints = session.hints()
    assert sorted(h.card for h in hints) == sorted(session.view().hand)
    values = [h.value for h in hints]
    assert values == sorted(values, reverse=True)
    assert hints[0].best and all(h.best == (h.value >= hints[0].value - 0.05) for h in hints)
    again = GameSession.new(seed=19, level="easy")
    while again.phase != "human":
        again.play_bot()
    assert again.hints() == hints  # deterministic


def test_describe_event():
    session = GameSession.new(seed=4, level="easy")
    text = describe_event(session.play_human(first_card_policy(session)) if session.phase == "human"
                          else session.play_bot())
    assert text.startswith(("You play the ", "Bot plays the "))
    from kseri.engine.cards import Card
    from kseri.engine.events import PlayEvent
    kseri = PlayEvent(seat=1, card=Card.parse("JC"), kind="jack_kseri", captured=(Card.parse("JH"),), bonus=20)
    assert describe_event(kseri) == "Bot plays the jack of clubs: Jack kseri, +20!"
    take = PlayEvent(seat=0, card=Card.parse("5S"), kind="capture", captured=(Card.parse("2H"), Card.parse("5H")),
                     dealt=True)
    assert describe_event(take) == "You play the five of spades and take 3 cards. 6 new cards each."


def test_stats():
    stats = Stats.from_json("not json")
    assert stats.line("greek", "easy", "Easy") == "No finished matches against Easy yet."
    for winner in (0, 1):
        stats.add("greek", "easy", dataclasses.replace(GameSession.new(seed=3).match_summary(), winner=winner),
                  day="2026-12-01")
    again = Stats.from_json(stats.to_json())
    assert again.line("greek", "easy", "Easy") == "Your record against Easy: 1 won, 1 lost."
    assert again.line("pisti", "easy", "Easy") == "No finished matches against Easy yet."
    assert Stats.from_json('{"played": {"easy": "x"}}') == Stats()


# --------------------------------------------------------------------------- architecture


def test_only_the_web_layer_touches_the_browser():
    offenders = []
    for path in sorted((ROOT / "kseri").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("kseri/web/"):
            continue
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"^\s*(?:import|from)\s+(js|pyscript|pyodide)\b", text, re.MULTILINE):
            offenders.append(f"{rel}: {match.group(0).strip()}")
    assert offenders == []


def test_session_and_render_import_without_a_browser():
    import kseri.table.session
    import kseri.web.render  # noqa: F401


def test_the_table_starts_without_the_bots_search():
    # The table reads the level names from the leaf kseri.bots.names; the bots themselves
    # (~70 ms of the page's start-up under WebAssembly) load on the bot's first turn.
    import subprocess
    import sys

    code = ("import json, sys, kseri.table.session, kseri.table.urlparams; "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('kseri.bots'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout)
    assert "kseri.bots.pile.search" not in loaded and "kseri.bots.pile.evaluation" not in loaded, loaded


def test_the_statistics_count_a_match_under_the_bots_level_or_mixed():
    """A person against bots of different levels counted under the table's own level (the link's default), and
    said "your record against Medium" to someone who played Hard and Easy."""
    from kseri.table.seats import MIXED
    session = GameSession.new(rules=dataclasses.replace(GREEK, players=4), seed=8, level="medium")
    assert session.bots_level == "medium"
    session.set_seat_levels(("medium", "hard", "hard", "hard"))
    assert session.bots_level == "hard"
    session.set_seat_levels(("medium", "hard", "easy", "hard"))
    assert session.bots_level == MIXED == session.view().level  # (the header's picker says "Mixed")
    session.set_people((0, 2))
    assert session.bots_level == "hard"  # seat 2 is a person's now


def test_the_view_gives_the_one_bots_own_level():
    """At two seats the bot's tag showed the table's level, not the bot's own (a link's ``seats=hard`` under
    ``level=easy``), also after a save and a restore."""
    session = GameSession.new(rules=GREEK, seed=8, level="easy")
    session.set_seat_levels(("easy", "hard"))
    assert session.view().level == "hard"
    assert GameSession.restore(session.to_save()).view().level == "hard"
