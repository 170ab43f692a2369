"""Rule scenes at the open (sums) table: ``rules=sums``, ``table=`` with builds, moves in record notation."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri.engine.cards import CODES
from kseri.engine.rules import SUMS
from kseri.engine.sums.round import SumsRound
from kseri.i18n import set_language
from kseri.scenes import SceneError, SceneItem, from_params, from_text, parse
from kseri.web.embed_render import board_html, step_html

CAPTURE_BY_SUM = "rules=sums; table=3C,4D,9S; hands=7H,2D|9C,KS; plays=7H:3C+4D,9C:9S"
RAISED_AND_TAKEN = "rules=sums; table=3H,6C,KS; hands=5S,8D,QC|2D,10D,KD; plays=5S>3H,2D>3H,8D,10D:3H+5S+2D"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_a_capture_by_sum_then_a_xeri():
    scene = from_text(CAPTURE_BY_SUM)
    start, took, xeri = scene.steps
    assert start.table == (SceneItem(("3C",), 3), SceneItem(("4D",), 4), SceneItem(("9S",), 9))
    assert took.move == "7H:3C+4D" and took.kind == "capture" and set(took.captured) == {"3C", "4D"}
    assert "3 + 4 = 7" in took.caption
    assert took.table == (SceneItem(("9S",), 9),) and took.pile == ("9S",)
    assert xeri.kind == "kseri" and xeri.bonus == 10 and xeri.points == (0, 10) and xeri.table == ()
    assert "xeri, +10" in xeri.caption and xeri.kseris == ((), ("9C",))


def test_a_build_raised_by_the_opponent_and_taken():
    steps = from_text(RAISED_AND_TAKEN).steps
    assert steps[1].kind == "build" and steps[1].built == 8 and steps[1].table[0] == SceneItem(("3H", "5S"), 8, 0)
    assert steps[2].kind == "build" and steps[2].built == 10
    assert steps[2].table[0] == SceneItem(("3H", "5S", "2D"), 10, 1)  # the raise makes it North's
    assert "raises South's build of 8" in steps[2].caption
    assert steps[3].kind == "drop" and steps[3].table[-1] == SceneItem(("8D",), 8)
    assert steps[4].move == "10D:3H+5S+2D" and steps[4].points == (0, 2) and steps[4].taken == (0, 4)
    assert [item.cards for item in steps[4].table] == [("6C",), ("KS",), ("8D",)]


def test_a_scene_plays_exactly_like_the_engine():
    """Every step's table is what SumsRound.from_position and the same moves give."""
    state = SumsRound.from_position(SUMS, hands=[["5S", "8D", "QC"], ["2D", "10D", "KD"]], to_move=0,
                                    table=[(["3H"], None), (["6C"], None), (["KS"], None)], open_ended=True)
    steps = from_text(RAISED_AND_TAKEN).steps
    for step, move in zip(steps[1:], ("5S>3H", "2D>3H", "8D", "10D:3H+5S+2D"), strict=True):
        state.apply(move)
        assert [(tuple(CODES[c] for c in item.cards), item.value, item.owner) for item in state.table] == [
            (item.cards, item.value, item.owner) for item in step.table]
        assert step.hands == tuple(tuple(CODES[c] for c in hand) for hand in state.hands)


def test_builds_on_the_table_and_the_round_end():
    scene = from_text("rules=sums; table=AD,6H+2C@1,QS; hands=9D,QH|8S; plays=9D:AD+6H+2C,8S,QH:QS; end=yes; last=1")
    assert scene.steps[0].table[1] == SceneItem(("6H", "2C"), 8, 1)
    assert "North's build of 8" in scene.steps[0].caption
    assert scene.steps[1].points == (2, 0)  # the A♦ and the 2♣
    last = scene.steps[-1]
    assert last.sweep == ("8S",) and last.sweep_seat == 0 and last.table == () and last.to_move is None
    assert last.kind == "capture"  # the last card's capture leaves the 8♠: no xeri


def test_a_mid_round_scene_stops_when_the_hands_run_out():
    last = from_text("rules=sums; table=9S,4C; plays=9H:9S,KD").steps[-1]
    assert last.kind == "drop" and last.sweep == () and not last.dealt


def test_the_notation_round_trips_and_is_canonical():
    spec = parse("rules=sums; table= 3c , 5c+4h@1 ; plays=7h:3c+4d, 5s>3H,9d")
    assert spec.table == ("3C", "5C+4H@1") and spec.plays == ("7H:3C+4D", "5S>3H", "9D")
    assert spec.pile == ("3C", "5C", "4H")
    assert spec.to_text() == "rules=sums;table=3C,5C+4H@1;plays=7H:3C+4D,5S>3H,9D"
    assert parse(spec.to_text()) == spec


@pytest.mark.parametrize(("text", "message"), [
    ("rules=sums; pile=3C", "the sums table has no pile"),
    ("table=3C", r"table: only at the sums table \(rules=sums\)"),
    ("rules=sums; table=3C+4D", r"a build needs its owner's seat after @"),
    ("rules=sums; table=3C@0", "a build holds two cards or more"),
    ("rules=sums; table=3C+4D@2", r"table: '2' is not a seat \(0..1\)"),
    ("rules=sums; table=KS+4D@0", r"a build holds number cards only \(KS has no value\)"),
    ("rules=sums; table=9S+4D@0", "a build adds up to 10 at most, not 13"),
    ("rules=sums; table=3C,3C", r"3C appears twice \(table\)"),
    ("rules=sums; table=3C; hands=3C|", r"3C appears twice \(table and seat 0's hand\)"),
    ("rules=sums; table=3C; plays=ZZ", r"plays: 'ZZ' is not a card code"),
    ("rules=sums; table=3C; plays=7H,,8H", "empty move"),
    ("rules=sums; table=3C; hands=5S|2D; plays=5S>3C", r"plays: play 1: 5S>3C is not a legal play here"),
    ("rules=sums; table=3C,4D; plays=7H:3C", r"plays: play 1: 7H:3C is not a legal play here"),
    ("rules=sums; table=3C+4D@0; plays=7H:3C", "a capture must name every card of each item"),
    ("rules=sums; table=3C; plays=5S>9D", r"9D is not on the table"),
    ("rules=sums; table=3C; hands=5S|2D; plays=2D", r"play 1: 2D is not in South's hand \[5S\]"),
    ("rules=sums; table=3C+4D@0; hands=9S,7S|KD; plays=9S", r"9S is not a legal play"),  # you own a build
])
def test_bad_sums_notation_names_the_part(text, message):
    with pytest.raises(SceneError, match=message) as info:
        from_text(text)
    assert "\n" not in str(info.value) and str(info.value).startswith("scene: ")


items = st.lists(st.sampled_from(CODES), unique=True, min_size=2, max_size=14)


@settings(max_examples=80, deadline=None)
@given(items, st.integers(0, 2**32 - 1))
def test_random_positions_build_or_raise_a_scene_error(cards, seed):
    """Random tables (builds included) and legal or illegal moves: a scene or one SceneError line."""
    rng = random.Random(seed)
    cut = rng.randint(0, len(cards))
    table, held = cards[:cut], cards[cut:]
    parts = []
    while table:
        size = rng.choice((1, 1, 2))
        chunk, table = table[:size], table[size:]
        parts.append(chunk[0] if len(chunk) == 1 else "+".join(chunk) + f"@{rng.randint(0, 1)}")
    hands = (held[: len(held) // 2][:6], held[len(held) // 2:][:6])
    text = f"rules=sums; table={','.join(parts)}; hands={','.join(hands[0])}|{','.join(hands[1])}"
    try:
        scene = from_text(text)
    except SceneError as exc:
        assert "\n" not in str(exc)
        return
    state = SumsRound.from_position(SUMS, hands=hands, to_move=0, open_ended=True,
                                    table=[(part.split("@")[0].split("+"), int(part.split("@")[1]) if "@" in part
                                            else None) for part in parts])
    moves = []
    for _ in range(4):
        legal = state.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(str(move))
        state.apply(move)
    played = from_text(f"{text}; plays={','.join(moves)}")
    assert len(played.steps) == len(moves) + 1 and len(scene.steps) == 1
    assert played.steps[-1].pile == tuple(CODES[c] for c in state.pile)


def test_the_embedded_board_draws_the_open_table():
    scene = from_text(RAISED_AND_TAKEN)
    html = step_html(scene, 2)
    assert 'class="pile open-table"' in html and 'data-build="10" data-owner="1"' in html
    assert html.count("data-card=") == 5  # 3♥ 5♠ 2♦ in the build, 6♣, K♠
    assert "build of 10" in html  # the flash beside the table
    xeri = step_html(from_text(CAPTURE_BY_SUM), 2)
    assert "Xeri!" in xeri and "pile-empty" in xeri
    assert 'data-steps="5"' in board_html(scene)


def test_scene_json_and_params():
    scene = from_params({"scene": RAISED_AND_TAKEN})
    data = json.loads(json.dumps(scene.to_json()))
    assert data["rules"] == "sums"
    assert data["steps"][2]["table"][0] == {"cards": ["3H", "5S", "2D"], "value": 10, "owner": 1}
    assert data["steps"][2]["move"] == "2D>3H"


def test_captions_in_greek():
    set_language("el")
    steps = from_text(RAISED_AND_TAKEN).steps
    assert steps[0].caption.startswith("Στο τραπέζι:")
    assert "Βορράς" in steps[2].caption and "10" in steps[2].caption


def test_the_documented_sums_scenes_play():
    """Every ``rules=sums`` scene quoted in docs/rules.md and docs/formats.md builds (URL escapes undone)."""
    import re
    from pathlib import Path
    from urllib.parse import unquote

    root = Path(__file__).resolve().parents[2]
    found = []
    for name in ("docs/rules.md", "docs/formats.md"):
        text = (root / name).read_text(encoding="utf-8")
        found += [unquote(m) for m in re.findall(r"(rules=sums;[^`\s]+)", text)]
    assert len(found) >= 6
    for text in found:
        assert len(from_text(text).steps) >= 2, text


def test_a_shared_game_at_the_sums_table_is_a_scene():
    from kseri.engine.match import Match
    from kseri.table.share import encode

    rng = random.Random(2)
    match = Match.new(SUMS, rng=random.Random(1), first_dealer=0)
    while not match.round.is_terminal():
        match.play(rng.choice(match.round.legal_moves()))
    scene = from_params({"r": encode(match)[2:], "from": "3", "to": "20"})
    played = match.rounds[0]
    assert len(scene.steps) == 18 and [step.move for step in scene.steps[1:]] == list(played.plays[3:20])
    assert scene.steps[0].stock is not None and any(step.dealt for step in scene.steps)
    whole = from_params({"r": encode(match)[2:]})
    last = whole.steps[-1]
    assert last.to_move is None and last.table == () and sum(last.taken) == 52
    assert sum(step.bonus for step in whole.steps) == 10 * sum(played.kseris)
