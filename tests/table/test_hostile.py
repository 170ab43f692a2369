"""Hostile input at the browser table (issue #10), under CPython.

A link is something people click in chat, and a saved game is read on every visit:
whatever JSON either holds, the table's pure-Python entry points give a game or one
short line, never another exception; and a bot that fails never stops the match.
The page's side of the same promises is tested in tests/browser/test_hostile.py.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import os
import zlib
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import kseri.table.bot_turns as bot_turns_module
import kseri.table.hinting as hinting_module
from kseri.engine.cards import CODES, Card
from kseri.engine.errors import KseriError, RecordError
from kseri.engine.match import Match
from kseri.engine.rules import Rules
from kseri.scenes import Scene, SceneError, from_params
from kseri.table import share
from kseri.table.notices import NOTICE_LIMIT
from kseri.table.seats import SessionError
from kseri.table.session import SAVE_FORMAT, GameSession
from kseri.table.stats import Stats
from kseri.table.urlparams import parse_url
from kseri.web.render import notices_html

LEVELS = ("easy", "medium", "hard")
DEEP = 8000
"""Nesting that exhausts the page's WebAssembly stack if it reaches ``json.loads``."""

RECORD_FIELDS = ("format", "rules", "first_dealer", "rounds")
OPTIONS = sorted(f.name for f in dataclasses.fields(Rules))


# --------------------------------------------------------------------------- strategies

json_leaves = (st.none() | st.booleans() | st.integers() | st.integers(-(10**40), 10**40)
               | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
               | st.sampled_from(["kseri-record/1", SAVE_FORMAT, "greek", "fourcard", "pisti", "sums", "easy", "JS"]))
json_values = st.recursive(
    json_leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8) | st.sampled_from(RECORD_FIELDS),
                                                                 inner, max_size=4),
    max_leaves=24)
"""Any JSON value (floats include NaN and infinities, which ``json.dumps`` writes as ``NaN``)."""

rules_specs = (st.sampled_from(["greek", "fourcard", "pisti", "sums", "poker"])
               | st.dictionaries(st.sampled_from(OPTIONS), json_values | st.integers(-3, 200) | st.booleans(),
                                 max_size=4)
               | json_values)
round_entries = st.fixed_dictionaries({
    "deck": st.permutations(CODES) | st.lists(st.sampled_from(CODES), max_size=53) | json_values,
    "plays": st.lists(st.sampled_from(CODES), max_size=60) | json_values,
})
records = st.fixed_dictionaries({
    "format": st.just("kseri-record/1") | json_leaves,
    "rules": rules_specs,
    "first_dealer": st.integers(-1, 4) | json_leaves,
    "rounds": st.lists(round_entries, max_size=3) | json_values,
})
"""Record-shaped objects: the right keys, any values (mostly broken games)."""


def real_record(plays: int, seed: int = 21) -> dict[str, Any]:
    session = GameSession.new(seed=seed, level="easy")
    for _ in range(plays):
        if session.phase == "round_over":
            session.next_round()
        if session.phase == "human":
            session.play_human(session.view().hand[0])
        elif session.phase == "bot":
            session.play_bot()
    return json.loads(session.record_text())


real_records = st.builds(real_record, st.integers(0, 120), st.integers(0, 50))
"""Records of real games, stopped anywhere (legal: they open)."""


@st.composite
def edited_records(draw: st.DrawFn) -> Any:
    """A real game's record with one value somewhere (a field, a round, a card) replaced by any JSON value."""
    record = draw(real_records)
    node: Any = record
    path: list[Any] = []
    while isinstance(node, (dict, list)) and node and (not path or draw(st.booleans())):
        key = draw(st.sampled_from(sorted(node))) if isinstance(node, dict) else draw(st.integers(0, len(node) - 1))
        path.append(key)
        node = node[key]
    parent: Any = record
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = draw(json_values | st.sampled_from(CODES))
    return record


any_record = records | real_records | edited_records() | json_values


def saves(record: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({
        "format": st.just(SAVE_FORMAT) | json_leaves,
        "seed": st.integers(0, 2**53 - 1) | json_leaves,
        "level": st.sampled_from(LEVELS) | json_leaves,
        "record": record,
    }, optional={"counted": json_values})


# --------------------------------------------------------------------------- checks


def one_line(exc: BaseException) -> str:
    text = str(exc)
    assert text and "\n" not in text, repr(text[:300])
    assert "Traceback" not in text
    return text


def playable(session: GameSession) -> None:
    """What the page does with a session it opens: draw it, and play on from it."""
    session.view()
    if session.phase == "round_over":
        session.round_summary()
        session.next_round()
    if session.phase == "human":
        session.play_human(session.view().hand[0])
    elif session.phase == "bot":
        session.play_bot()
    elif session.phase == "match_over":
        session.match_summary()
    session.view()


def open_record_text(text: str) -> None:
    try:
        session = GameSession.from_record_text(text, level="easy", seed=5)
    except RecordError as exc:
        message = one_line(exc)
        # The session's last net catches what the engine should have refused: it must not be needed.
        assert "cannot be played (" not in message, message
        event("refused")
        return
    event("opened")
    playable(session)


def restore(text: str) -> None:
    try:
        session = GameSession.restore(text)
    except SessionError as exc:
        message = one_line(exc)
        assert "cannot be resumed (" not in message, message
        event("refused")
        return
    event("resumed")
    playable(session)


FAST = settings(max_examples=int(os.environ.get("KSERI_HOSTILE_EXAMPLES", "150")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
"""``KSERI_HOSTILE_EXAMPLES=3000`` for a longer hunt."""


# --------------------------------------------------------------------------- the reproducers


def test_a_record_with_a_5000_digit_integer_is_a_notice():
    text = '{"format":"kseri-record/1","rules":"greek","first_dealer":' + "1" * 5000 + ',"rounds":[]}'
    options = parse_url("?record=" + quote(text), "", LEVELS)
    with pytest.raises(RecordError, match="a number with more than 30 digits"):
        GameSession.from_record_text(options.record or "")


def test_rules_nested_8000_deep_are_ignored_with_a_notice():
    deep = '{"profile":' * DEEP + '"greek"' + "}" * DEEP
    for value in (deep, quote(deep)):
        options = parse_url("?seed=3&rules=" + value, "", LEVELS)
        assert options.rules is None and options.seed == 3
        assert len(options.notices) == 1 and "nested more than 64 levels deep" in options.notices[0]


@pytest.mark.parametrize("fragment", [
    "#record=" + quote('{"rounds":' + "[" * DEEP + "]" * DEEP + "}"),
    "#" + quote("{" + '"a":{' * DEEP + "}" * DEEP + "}"),
], ids=["record=", "bare"])
def test_a_record_nested_8000_deep_in_the_fragment_is_refused(fragment):
    options = parse_url("", fragment, LEVELS)
    with pytest.raises(RecordError, match="nested more than 64 levels deep"):
        GameSession.from_record_text(options.record or "")


def test_an_embed_record_nested_8000_deep_is_a_scene_error():
    with pytest.raises(SceneError, match="nested more than 64 levels deep"):
        from_params({"record": "[" * DEEP + "]" * DEEP})
    with pytest.raises(SceneError, match="more than 30 digits"):
        from_params({"record": '{"format":"kseri-record/1","first_dealer":' + "9" * 5000 + "}"})


def test_a_share_link_with_deep_or_huge_json_inside_is_refused():
    for raw in (b"[" * DEEP + b"]" * DEEP, b'{"format":"kseri-record/1","first_dealer":' + b"1" * 5000 + b"}"):
        payload = base64.urlsafe_b64encode(zlib.compress(raw)).rstrip(b"=").decode()
        with pytest.raises(RecordError, match=r"^share link: damaged"):
            share.decode("#r=J" + payload)
    header = b'{"rules":' + b"[" * 5000 + b"]" * 5000 + b',"first_dealer":0}\n'
    payload = base64.urlsafe_b64encode(zlib.compress(header)).rstrip(b"=").decode()
    with pytest.raises(RecordError, match=r"^share link: damaged"):
        share.decode("#r=1" + payload)


def test_a_save_with_no_rounds_is_unreadable_not_an_index_error():
    save = json.loads(GameSession.new(seed=4, level="easy").to_save())
    save["record"]["rounds"] = []
    with pytest.raises(SessionError, match="no rounds"):
        GameSession.restore(json.dumps(save))


def test_a_record_with_no_rounds_in_a_link_starts_its_match():
    session = GameSession.from_record_text('{"format":"kseri-record/1","rules":"pisti","first_dealer":1,"rounds":[]}',
                                           level="easy", seed=8)
    assert session.rules.profile == "pisti" and len(session.match.rounds) == 1 and session.round.dealer == 1
    playable(session)


@pytest.mark.parametrize("text", [
    '{"played": {"easy": 1e999}}', '{"played": {"easy": 1e400}}', '{"won": {"hard": NaN}}', '{"played": {"easy": -1}}',
    '{"played": {"easy": 2.5}}', '{"played": []}', "[]", "{", '{"played": {"easy": ' + "1" * 5000 + "}}",
    '{"played":' * DEEP + "{}" + "}" * DEEP, '{"played": {"easy": 1}, "won": {"easy": 2}}', '{"played": {"x": 1}}',
    '{"v": 3}', '{"v": 2, "games": []}', '{"v": 2, "games": {"poker": {}}}', '{"v": 2, "recent": {}}',
    '{"v": 2, "games": {"greek": {"easy": {"matches": 1, "wins": 2}}}}',
    '{"v": 2, "games": {"greek": {"easy": {"matches": 2, "wins": 1, "streak": 1, "best": 0}}}}',
    '{"v": 2, "games": {"greek": {"easy": {"points": [1]}}}}', '{"v": 2, "games": {"greek": {"easy": {"evil": 1}}}}',
    '{"v": 2, "recent": [{"game": "greek", "level": "easy", "won": 1, "score": [1, 2], "day": "2026-01-01"}]}',
    '{"v": 2, "recent": [{"game": "greek", "level": "easy", "won": true, "score": [1, 2], "day": "2026-02-30"}]}',
    '{"v": 2, "recent": [' + ",".join(["{}"] * 21) + "]}", '{"v": 2, "x": "' + "y" * 30_000 + '"}',
], ids=lambda text: text[:24])
def test_unreadable_stats_are_an_error_for_the_page_to_set_aside(text):
    with pytest.raises(SessionError, match="statistics are unreadable") as info:
        Stats.read(text)
    one_line(info.value)
    assert Stats.from_json(text) == Stats()


def test_good_stats_are_read_whole():
    stats = Stats.read('{"played": {"easy": 3, "hard": 1}, "won": {"easy": 2}}')
    assert Stats.read(stats.to_json()) == stats
    assert Stats.read(None) == Stats() == Stats.read("")


def test_a_megabyte_in_a_record_is_not_echoed_whole():
    huge = "x" * 1_000_000
    text = json.dumps({"format": "kseri-record/1", "rules": huge, "first_dealer": 0, "rounds": []})
    options = parse_url("?record=" + quote(text), "", LEVELS)
    with pytest.raises(RecordError) as info:
        GameSession.from_record_text(options.record or "")
    html = notices_html([f"Could not open the game record in the link: {info.value}. A new game was started instead."])
    assert len(html) < 3 * NOTICE_LIMIT + 200
    save = json.dumps({"format": huge, "seed": 1})
    with pytest.raises(SessionError) as info2:
        GameSession.restore(save)
    assert len(str(info2.value)) < 200


# --------------------------------------------------------------------------- any JSON, anywhere


@FAST
@given(json_values | rules_specs)
def test_any_rules_json_in_the_url_is_a_rules_or_a_notice(value):
    text = json.dumps(value)
    for query in (f"?rules={quote(text)}", f"?rules={text}"):
        options = parse_url(query, "", LEVELS)
        assert options.rules is not None or len(options.notices) == 1 or not text.startswith("{")
        for notice in options.notices:
            assert "\n" not in notice
        if options.rules is not None:
            playable(GameSession.new(rules=options.rules, level="easy", seed=1))


@FAST
@given(any_record)
def test_any_record_json_in_the_url_is_a_game_or_a_notice(value):
    text = json.dumps(value)
    for query, fragment in ((f"?record={quote(text)}", ""), ("", f"#record={quote(text)}")):
        options = parse_url(query, fragment, LEVELS)
        if options.record is None:
            assert options.record_error is None or "\n" not in options.record_error
            continue
        open_record_text(options.record)


@FAST
@given(st.text(max_size=300))
def test_any_text_as_a_url_record_is_a_game_or_a_notice(text):
    options = parse_url("?record=" + quote(text), "", LEVELS)
    if options.record is not None:
        open_record_text(options.record)


good_saves = st.fixed_dictionaries({"format": st.just(SAVE_FORMAT), "seed": st.integers(0, 2**53 - 1),
                                    "level": st.sampled_from(LEVELS), "record": real_records | edited_records()})


@FAST
@given(good_saves | saves(any_record) | json_values)
def test_any_saved_json_is_resumed_or_one_line(value):
    restore(json.dumps(value))


@FAST
@given(st.text(max_size=300))
def test_any_saved_text_is_resumed_or_one_line(text):
    restore(text)


@FAST
@given(st.fixed_dictionaries({}, optional={"played": json_values | st.dictionaries(st.sampled_from(LEVELS),
                                                                                    json_leaves),
                                           "won": json_values}) | json_values)
def test_any_stats_json_is_read_or_one_line(value):
    text = json.dumps(value)
    try:
        stats = Stats.read(text)
    except SessionError as exc:
        one_line(exc)
        assert Stats.from_json(text) == Stats()
        return
    assert Stats.read(stats.to_json()) == stats
    stats.add("greek", "easy", GameSession.new(seed=1).match_summary(), day="2026-12-01")
    stats.line("greek", "easy", "Easy")


@FAST
@given(any_record)
def test_any_json_in_a_share_link_is_a_game_or_one_line(value):
    raw = json.dumps(value).encode()
    header = json.dumps({"rules": value.get("rules") if isinstance(value, dict) else value, "first_dealer": 0}).encode()
    for version, packed in (("J", raw), ("1", header + b"\n")):
        fragment = "#r=" + version + base64.urlsafe_b64encode(zlib.compress(packed)).rstrip(b"=").decode()
        try:
            match = share.decode(fragment)
        except RecordError as exc:
            assert one_line(exc).startswith("share link: ")
            continue
        assert isinstance(match, Match)
    try:
        share.encode(value)
    except RecordError as exc:
        one_line(exc)


@FAST
@given(any_record)
def test_any_record_json_in_an_embed_is_a_scene_or_one_line(value):
    try:
        scene = from_params({"record": json.dumps(value)})
    except SceneError as exc:
        one_line(exc)
        return
    assert isinstance(scene, Scene)


# --------------------------------------------------------------------------- a bot that fails


class FailingThinker:
    """A bot whose thinking raises (what absurd rules or a full memory do to a real one)."""

    def __init__(self, error: BaseException, after: int = 0) -> None:
        self.error = error
        self.after = after

    def step(self, max_ms: float = 25.0) -> bool:
        if self.after <= 0:
            raise self.error
        self.after -= 1
        return False

    def choice(self) -> Any:
        raise AssertionError("never reached")

    def values(self) -> None:
        return None


@dataclasses.dataclass
class WrongCardThinker:
    """A bot that "chooses" a card it does not hold."""

    card: Card

    def step(self, max_ms: float = 25.0) -> bool:
        return True

    def choice(self) -> Card:
        return self.card


def bot_to_move(seed: int = 3) -> GameSession:
    session = GameSession.new(seed=seed, level="hard")
    if session.phase == "human":
        session.play_human(session.view().hand[0])
    assert session.phase == "bot"
    return session


@pytest.mark.parametrize("error", [OverflowError("int too large to convert to float"), MemoryError(),
                                   RecursionError(), KseriError("nope"), ZeroDivisionError()])
def test_a_failing_bot_plays_a_simple_card_and_says_so(monkeypatch, error):
    session = bot_to_move()
    monkeypatch.setattr(bot_turns_module, "_thinker", lambda *a, **k: FailingThinker(error, after=2))
    hand = list(session.round.hands[1])
    assert not session.think(1.0) and not session.think(1.0)
    assert session.think(1.0)  # the failure: a simple card is chosen at once
    assert session.think(1.0)  # and stays chosen
    event = session.play_bot()
    assert event.seat == 1 and event.card.index in hand and session.phase == "human"
    notices = session.take_notices()
    assert len(notices) == 1 and type(error).__name__ in notices[0] and "trouble" in notices[0]
    assert len(notices[0]) <= NOTICE_LIMIT and session.take_notices() == []


def test_a_failing_bot_never_stops_a_match(monkeypatch):
    monkeypatch.setattr(bot_turns_module, "_thinker", lambda *a, **k: FailingThinker(OverflowError("x")))
    monkeypatch.setattr(hinting_module, "evaluation", lambda *a, **k: FailingThinker(OverflowError("x")))  # the hint's
    session = GameSession.new(seed=11, level="hard")
    for _ in range(2000):
        if session.phase == "match_over":
            break
        if session.phase == "round_over":
            session.next_round()
        elif session.phase == "human":
            with pytest.raises(SessionError, match=r"the hint could not be worked out \(OverflowError\)"):
                session.hints()
            session.play_human(session.view().hand[0])
        else:
            session.play_bot()
    assert session.phase == "match_over"
    assert session.take_notices()


def test_a_bot_that_picks_a_card_it_does_not_hold_is_overruled(monkeypatch):
    session = bot_to_move()
    wrong = WrongCardThinker(Card.from_index(session.round.hands[0][0]))  # one of yours
    monkeypatch.setattr(bot_turns_module, "_thinker", lambda *a, **k: wrong)
    event = session.play_bot()
    assert event.seat == 1 and "IllegalMoveError" in session.take_notices()[0]


def test_when_even_the_simple_policy_fails_the_bot_plays_its_first_card(monkeypatch):
    session = bot_to_move()
    first = session.round.hands[1][0]
    monkeypatch.setattr(bot_turns_module, "_thinker", lambda *a, **k: FailingThinker(MemoryError()))
    import kseri.bots.pile.easy

    def broken(*args: object) -> None:
        raise MemoryError

    monkeypatch.setattr(kseri.bots.pile.easy, "choose_easy", broken)
    assert session.play_bot().card.index == first


def test_a_save_made_while_the_bot_failed_resumes_and_plays_on(monkeypatch):
    session = bot_to_move()
    again = GameSession.restore(session.to_save())
    monkeypatch.setattr(bot_turns_module, "_thinker", lambda *a, **k: FailingThinker(OverflowError()))
    assert again.phase == "bot" and again.think(5.0)
    again.play_bot()
    assert again.phase == "human"


def test_restore_turns_any_failure_into_one_line(monkeypatch):
    good = GameSession.new(seed=2, level="easy").to_save()

    def explode(self: GameSession) -> None:
        raise IndexError("list index out of range")

    monkeypatch.setattr(GameSession, "_check_playable", explode)
    with pytest.raises(SessionError, match=r"^the saved game cannot be resumed \(IndexError\)$"):
        GameSession.restore(good)


@pytest.mark.parametrize(("fragment", "version"), [("#r=9abcdef", "9"), ("#r=2eNoFwUcOgkAAAECq", "2"),
                                                   ("#record=7xyz", "7")])
def test_a_share_link_of_an_unknown_version_says_so(fragment, version):
    """It said "the record is neither JSON nor an encoded record", which tells nobody a newer page made it."""
    options = parse_url("", fragment, LEVELS)
    assert options.record is None
    assert (options.record_error or "").startswith(f"unknown version '{version}' (a newer version's link?")
