"""Rule scenes (kseri.scenes): the worked examples, strict notation, agreement with the engine."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri import FOURCARD, GREEK, Match, dumps
from kseri.engine.cards import CODES
from kseri.engine.pile.round import Round
from kseri.engine.rules import PISTI
from kseri.engine.text import isolated
from kseri.scenes import SceneError, SceneSpec, from_match, from_params, from_text, parse, pretty
from kseri.scenes.captions import default_names, play_caption
from kseri.table.share import encode
from tests.table.test_share import partial_match

# ------------------------------------------------------------------ docs/rules.md, Greek profile: worked examples


def test_lone_ten_of_diamonds_taken_by_ten_of_spades_is_13():
    scene = from_text("pile=10D; plays=10S")
    last = scene.steps[-1]
    assert last.kind == "kseri" and last.bonus == 10 and last.points == (13, 0) and last.gain == 13
    assert last.kseris == (("10D",), ())
    assert "kseri! +10" in last.caption and "10♠ takes the lone 10♦" in last.caption


def test_same_ten_taken_by_a_jack_is_an_ordinary_capture_worth_3():
    last = from_text("pile=10D; plays=JS").steps[-1]
    assert last.kind == "capture" and last.bonus == 0 and last.points == (3, 0)
    assert "ordinary capture" in last.caption and "kseri!" not in last.caption


def test_lone_jack_taken_by_a_jack_is_a_jack_kseri_worth_22():
    last = from_text("pile=JH; plays=JC").steps[-1]
    assert last.kind == "jack_kseri" and last.bonus == 20 and last.points == (22, 0)
    assert "jack kseri! +20" in last.caption


def test_a_jack_on_the_empty_table_captures_nothing():
    scene = from_text("plays=JS")
    assert scene.steps[0].pile == () and scene.steps[0].hands == (("JS",), ())
    last = scene.steps[-1]
    assert last.kind == "drop" and last.pile == ("JS",) and last.points == (0, 0) and last.taken == (0, 0)
    assert "captures nothing" in last.caption


# ------------------------------------------------------------------ steps and captions


def test_steps_follow_the_plays():
    scene = from_text("pile=3C,9D,QH,5S; hands=10S,KD|10D,4H; plays=10S,10D,KD; dealer=1")
    assert [s.index for s in scene.steps] == [0, 1, 2, 3]
    assert scene.steps[0].played is None and scene.steps[0].to_move == 0
    assert scene.steps[0].caption == "4 cards lie on the table, 5♠ on top. South to play."
    two = scene.steps[2]
    assert (two.played, two.seat, two.kind) == ("10D", 1, "capture")
    assert two.captured == ("3C", "9D", "QH", "5S", "10S") and two.pile == ()
    assert two.points == (0, 4) and two.taken == (0, 6)
    assert two.hands == (("KD",), ("4H",))
    assert scene.steps[3].pile == ("KD",) and scene.steps[3].to_move == 1
    assert scene.steps[0].stock is None  # mid-round: the stock is not shown


def test_mid_round_scene_never_sweeps_but_end_scene_does():
    text = "pile=5S,9D,9H; hands=KS,4D|KD,2C; plays=KS,KD,4D,2C"
    mid = from_text(text).steps[-1]
    assert mid.pile == ("4D", "2C") and mid.sweep == () and mid.to_move is None
    assert "Round over" not in mid.caption  # the scene stops; the round goes on
    end = from_text(text + "; end=yes").steps[-1]
    assert end.pile == () and end.sweep == ("4D", "2C") and end.sweep_seat == 1
    assert end.points == (0, 3) and "captured last" in end.caption and end.stock == 0


def test_end_with_a_last_capturer_from_before_the_scene():
    last = from_text("pile=5S; plays=9D,8C; end=yes; last=0").steps[-1]
    assert last.sweep == ("5S", "9D", "8C") and last.sweep_seat == 0


def test_captions_can_be_replaced_and_names_set():
    scene = from_text("names=Ann|Bob; pile=10D; plays=10S; caption.0=Look at the table, Ann!; caption.1=Kseri=10")
    assert [s.caption for s in scene.steps] == ["Look at the table, Ann!", "Kseri=10"]
    auto = from_text("names=Ann|Bob; pile=10D; plays=10S").steps[-1].caption
    assert auto.startswith(isolated("Ann") + "'s 10♠")  # an author's name cannot reorder the caption


def test_fourcard_rules_are_honoured():
    last = from_text("rules=fourcard; pile=JH; plays=JC").steps[-1]
    assert last.kind == "capture" and last.bonus == 0 and "no kseri for a jack" in last.caption
    double = from_text("rules=fourcard; pile=5H; plays=5C,9S,9H").steps[-1]
    assert double.bonus == 20 and "double kseri" in double.caption


def test_scene_json_is_plain_data():
    data = from_text("title=T; pile=10D; plays=10S").to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["title"] == "T" and data["names"] == ["South", "North"] and len(data["steps"]) == 2


def test_pretty():
    assert [pretty(c) for c in ("10D", "JS", "2c", "AH")] == ["10♦", "J♠", "2♣", "A♥"]


# ------------------------------------------------------------------ strict parsing


@pytest.mark.parametrize("text, message", [
    ("pile=10D; hand=10S", "unknown key 'hand'"),
    ("pile 10D", r"'pile 10D' is not key=value"),
    ("pile=10D; pile=9C", "pile is given twice"),
    ("pile=10D,ZZ", r"pile: 'ZZ' is not a card code"),
    ("pile=10D,,9C", r"pile: empty card"),
    ("hands=10S|9C|2D", r"hands: 2 hands expected"),
    ("hands=10S,ZZ|", r"hands \(seat 0\): 'ZZ' is not a card code"),
    ("pile=10D; hands=10D|", r"10D appears twice \(pile and seat 0's hand\)"),
    ("plays=10D,10D", r"10D appears twice \(plays\)"),
    ("pile=10D; hands=10S|4H; plays=4H", r"plays: play 1 is South's turn, but 4H is in North's hand"),
    ("hands=10S|4H; plays=10S,4H,9C", r"plays: play 3 \(9C\) is South's turn, but South has no card left"),
    ("hands=10S,3C|4H; plays=10S,9C", r"plays: play 2: 9C is not in North's hand \[4H\]"),
    ("first=2", r"first: '2' is not a seat \(0..1\)"),
    ("dealer=x", r"dealer: 'x' is not a seat"),
    ("first=0; dealer=1", "give first or dealer, not both"),
    ("end=maybe", "end: 'maybe' is not yes or no"),
    ("last=1", "last: only means something with end=yes"),
    ("rules=poker", "rules: unknown rules profile 'poker'"),
    ('rules={"profile":"greek","jack_kseri_points":"x"};pile=JH;plays=JC', "rules: jack_kseri_points must be"),
    ('rules={"profile":"greek","jacks":1};pile=JH;plays=JC', "rules: unknown rules option 'jacks'"),
    ('rules={"profile":"greek",;pile=JH', r"rules: not JSON"),
    ('rules={"profile":"sums","players":4};table=5C', "rules: a scene shows two players at one table"),
    ("hands=AS,2S,3S,4S,5S,6S,7S|KD", r"hands: seat 0 holds 7 cards, more than a packet \(6\)"),
    ("rules=fourcard; plays=AS,KD,2S,QD,3S,JD,4S,10D,5S", r"plays: seat 0 holds 5 cards, more than a packet \(4\)"),
    ("names=Ann", r"names: 2 non-empty names expected"),
    ("names=Ann|", r"names: 2 non-empty names expected"),
    ("caption.x=hi", r"caption.x: the step must be a number"),
    ("plays=10S; caption.2=hi", r"caption.2: the scene has only steps 0..1"),
    ("title=" + "x" * 301, "title: longer than 300"),
    ("title=a\tb", "title: control characters"),
    ("pile=" + "10D," * 2000, "longer than 4000"),
])
def test_bad_notation_names_the_part(text, message):
    with pytest.raises(SceneError, match=message) as info:
        from_text(text)
    assert "\n" not in str(info.value) and str(info.value).startswith("scene: ")


def test_a_scene_plays_house_rules_given_as_the_games_rules_object():
    """An object of a profile and house rules, as the game's ``rules=`` and a record take it: the scene
    plays and explains them, and its notation keeps them in canonical form."""
    jack = from_text('rules={ "profile": "greek", "jacks_capture": false }; pile=5C; plays=JD')
    assert "a jack takes only a jack" in jack.steps[-1].caption and jack.steps[-1].points == (0, 0)
    assert not jack.rules.jacks_capture
    assert parse('rules={"profile": "greek"}').rules == "greek"  # nothing changed: the profile's name
    assert parse('rules={"jacks_capture": false, "profile": "greek"}').to_text() \
        == 'rules={"profile":"greek","jacks_capture":false};pile=;plays='
    pisti = from_text('rules={"profile":"pisti","jack_kseri_points":25}; pile=JC; plays=JD')
    assert pisti.steps[-1].points == (27, 0) and "jack pişti! +25" in pisti.steps[-1].caption


def test_a_scene_counts_and_says_the_house_bonuses():
    """A pile of jacks only and the round's last capture score in a scene as in the game, and say so."""
    jacks = from_text('rules={"profile":"greek","jack_table_points":10}; pile=JC,JH; plays=JD').steps[-1]
    assert jacks.points == (13, 0) and jacks.gain == 13 and "A pile of jacks only: +10." in jacks.caption
    last = from_text('rules={"profile":"greek","final_capture_points":10}; pile=5C,6C; hands=7D|8D; plays=7D,8D;'
                     'end=yes; last=1').steps[-1]
    assert last.points == (0, 10) and last.caption.endswith("North scores +10 for the round's last capture.")
    mid = from_text('rules={"profile":"greek","final_capture_points":10}; pile=5C,6C; hands=6D|; plays=6D')
    assert mid.steps[-1].points == (0, 0)  # a mid-round scene: the round goes on, nobody's capture is the last


@pytest.mark.parametrize("text, said", [
    ('rules={"profile":"pisti","double_kseri_points":30};pile=5C;hands=5D,6D|6H;plays=5D,6H,6D', "double pişti! +30"),
    ('rules={"profile":"pisti","jack_kseri_points":null};pile=JC;plays=JD', "give no pişti for a jack on a jack"),
    ('rules={"profile":"pisti","last_card_kseri":false};pile=5C;hands=5D|;plays=5D;end=yes', "give no pişti for that"),
    ('rules={"profile":"sums","last_card_kseri":false};table=5C;hands=5D|;plays=5D:5C;end=yes',
     "these rules give no xeri for the round's last card"),
])
def test_house_rules_are_explained_in_the_tables_own_word(text, said):
    caption = from_text(text).steps[-1].caption
    assert said in caption and "kseri" not in caption, caption


@pytest.mark.parametrize("option", ['"players":3', '"partnerships":false,"players":4', '"exposed_bottom":true',
                                    '"packs":2'])
def test_a_scene_refuses_rules_it_cannot_draw(option):
    """Said as the scene's limit, before the engine's ranges ("packs 2 is for 4 to 6 players" sent an author
    to add players, refused in turn)."""
    with pytest.raises(SceneError, match="a scene shows two players at one table") as info:
        parse('rules={"profile":"pisti",' + option + '};pile=5C')
    assert "\n" not in str(info.value) and str(info.value).count("scene:") == 1


def test_a_round_nobody_captured_in_says_where_the_cards_left_go():
    caption = from_text('rules={"profile":"greek","jacks_capture":false};pile=5C;plays=JD,6H;end=yes').steps[-1].caption
    assert caption.endswith("Round over: nobody captured all round, so the cards left on the table go to nobody.")


def test_an_authors_slips_are_named_as_the_author_wrote_them():
    with pytest.raises(SceneError, match=r"^scene: rules: the table comes with the profile \(rules=sums"):
        parse('rules={"profile":"greek","table":"sums"}')
    with pytest.raises(SceneError, match=r"'3C 4D' is not a card code .*write it %2B"):
        parse("rules=sums;table=3C,4D;hands=7H|;plays=7H:3C 4D")  # a bare '+' in a URL reads as a space


def test_lenient_card_spelling_and_spaces_are_accepted():
    spec = parse("  pile = td , 9♦ ;hands= ♠10 | ;plays=10S ;")
    assert spec.pile == ("10D", "9D") and spec.hands == (("10S",), ()) and spec.plays == ("10S",)


def test_dealer_gives_the_first_player():
    assert parse("dealer=1").first == 0 and parse("dealer=0").first == 1


codes = st.sampled_from(CODES)


@st.composite
def specs(draw):
    cards = draw(st.lists(codes, unique=True, max_size=14))
    cut1 = draw(st.integers(0, len(cards)))
    cut2 = draw(st.integers(cut1, len(cards)))
    pile, south, north = tuple(cards[:cut1]), tuple(cards[cut1:cut2]), tuple(cards[cut2:])
    text = st.text(st.characters(min_codepoint=32, max_codepoint=0x2FFF, blacklist_characters=";|"),
                   min_size=1, max_size=30).map(str.strip).filter(bool)
    end = draw(st.booleans())
    return SceneSpec(
        pile=pile,
        hands=draw(st.sampled_from([None, (south, north)])),
        plays=tuple(draw(st.permutations(south)))[: draw(st.integers(0, 3))],
        first=draw(st.integers(0, 1)),
        end=end,
        last=draw(st.sampled_from([None, 0, 1])) if end else None,
        rules=draw(st.sampled_from(["greek", "fourcard", '{"profile":"greek","jacks_capture":false}',
                                    '{"profile":"fourcard","jack_kseri_points":25,"last_card_kseri":false}'])),
        names=draw(st.sampled_from([None]) | st.tuples(text, text)),
        title=draw(st.sampled_from([""]) | text),
        captions=draw(st.dictionaries(st.integers(0, 0), text, max_size=1)),
    )


@settings(max_examples=150, deadline=None)
@given(specs())
def test_notation_round_trips(spec):
    assert parse(spec.to_text()) == spec


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120))
def test_any_text_builds_a_scene_or_raises_scene_error(text):
    try:
        from_text(text)
    except SceneError as exc:
        assert "\n" not in str(exc)


# ------------------------------------------------------------------ agreement with the engine


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([GREEK, FOURCARD]))
def test_a_notation_scene_plays_exactly_like_the_engine(seed, rules):
    """Cut a random round at a random point, write the position as notation, and compare."""
    rng = random.Random(seed)
    state = Round.deal(rules, rng.randrange(2), rng)
    per_packet = rules.players * rules.packet_size
    for _ in range(rng.randrange(0, 52 - rules.opening_size)):
        state.apply_index(rng.choice(state.hands[state.to_move]))
    if state.is_terminal():
        return
    # The rest of this packet (the scene can't deal); in the last packet, to the round's end.
    left = per_packet - len(state.plays) % per_packet
    last_packet = state.stock_count == 0
    before = state.clone()
    if rules.double_kseri_points is not None and before.last_kseri_seat is not None:
        return  # the notation has no "the last capture was a kseri" (a double kseri would score 10, not 20)
    events = []
    for _ in range(rng.randrange(1, left + 1) if not last_packet else left):
        events.append(state.apply(rng.choice(state.legal_moves())))
    text = (f"rules={rules.profile}; first={before.to_move}; pile={','.join(CODES[c] for c in before.pile)}; "
            f"hands={'|'.join(','.join(CODES[c] for c in h) for h in before.hands)}; "
            f"plays={','.join(e.card.code for e in events)}")
    if last_packet:
        text += "; end=yes" + (f"; last={before.last_capturer}" if before.last_capturer is not None else "")
    scene = from_text(text)
    assert len(scene.steps) == len(events) + 1
    for step, event in zip(scene.steps[1:], events, strict=True):
        assert (step.played, step.seat, step.kind, step.bonus) == (event.card.code, event.seat, event.kind, event.bonus)
        assert step.captured == tuple(c.code for c in event.captured)
        assert step.sweep == tuple(c.code for c in event.sweep)
    assert scene.steps[-1].pile == tuple(CODES[c] for c in state.pile)
    gained = tuple(p + b - p0 - b0
                   for p, b, p0, b0 in zip(state.points, state.bonus, before.points, before.bonus, strict=True))
    assert scene.steps[-1].points == gained


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_record_window_shows_the_engine_positions(seed):
    match = partial_match(seed)
    r = len(match.rounds) - 1
    plays = match.round.plays
    start = random.Random(seed).randrange(0, len(plays) + 1)
    scene = from_match(match, r, start)
    assert len(scene.steps) == len(plays) - start + 1
    replay = Round.from_deck(match.round.rules, match.round.dealer, match.round.deck)
    for card in plays[:start]:
        replay.apply_index(card)
    for step in scene.steps:
        assert step.pile == tuple(CODES[c] for c in replay.pile)
        assert step.hands == tuple(tuple(CODES[c] for c in h) for h in replay.hands)
        assert step.stock == replay.stock_count
        assert step.points == tuple(p + b for p, b in zip(replay.points, replay.bonus, strict=True))
        if step.index < len(scene.steps) - 1:
            replay.apply_index(plays[start + step.index])


def test_record_scene_captions_new_packets_and_the_round_end():
    rng = random.Random(3)
    match = Match.new(rng=rng, first_dealer=1)
    while not match.round.is_terminal():
        match.play(rng.choice(match.round.legal_moves()))
    scene = from_match(match, 0, 10, 48)
    assert any("6 more cards to each" in s.caption for s in scene.steps if s.dealt)
    assert "Round over" in scene.steps[-1].caption
    assert scene.steps[-1].stock == 0 and scene.steps[0].stock == 36  # still the first packet


@pytest.mark.parametrize(("players", "words"), [(2, "Both hands are empty"), (4, "Every hand is empty")])
def test_a_new_packet_is_said_for_the_seats_at_the_table(players, words):
    """At four seats the caption said "both hands" of a new packet."""
    rng = random.Random(3)
    match = Match.new(dataclasses.replace(PISTI, players=players), rng=rng, first_dealer=1)
    while not match.round.is_terminal():
        match.play(rng.choice(match.round.legal_moves()))
    dealt = [s.caption for s in from_match(match, 0).steps if s.dealt]
    assert dealt and all(words in caption for caption in dealt), dealt


# ------------------------------------------------------------------ URL parameters


def test_params_scene():
    assert from_params({"scene": "pile=10D;plays=10S"}).steps[-1].points == (13, 0)


def test_params_record_and_share_fragment_agree():
    match = partial_match(21)
    a = from_params({"r": encode(match)[2:], "round": "-1", "from": "0", "title": "Game", "names": "Me|Bot"})
    b = from_params({"record": dumps(match), "round": "-1", "title": "Game", "names": "Me|Bot"})
    assert a == b and a.title == "Game" and a.names == (isolated("Me"), isolated("Bot"))


@pytest.mark.parametrize("params, message", [
    ({}, "nothing to show"),
    ({"scene": ""}, "^scene: scene= is empty; give its notation"),  # (it said "scene: scene: empty")
    ({"scene": "  "}, "^scene: scene= is empty; give its notation"),
    ({"r": "1AAAA"}, "scene: share link: damaged"),
    ({"r": ""}, "scene: share link: empty"),
    ({"record": "{"}, "scene: record: not JSON"),
    ({"record": "[" * 8000 + "]" * 8000}, "scene: record: nested more than 64 levels deep"),
    ({"record": "1" * 5000}, "scene: record: a number with more than 30 digits"),
    ({"record": '{"format": "kseri-record/1", "first_dealer": 0, "rounds": []}'},
     r"round: 0 is not a round of this game \(it has 0\)"),
    ({"r": "PLACEHOLDER", "round": "x"}, "round: 'x' is not a whole number"),
    ({"r": "PLACEHOLDER", "from": "9", "to": "3"}, "from/to: need 0 <= from <= to"),
    ({"r": "PLACEHOLDER", "names": "A|B|C"}, "names: 2 names expected"),
])
def test_bad_params_are_one_line_scene_errors(params, message):
    if params.get("r") == "PLACEHOLDER":
        params = {**params, "r": encode(partial_match(22))[2:]}
    with pytest.raises(SceneError, match=message) as info:
        from_params(params)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(("card", "top", "reason"), [("7D", "7H", "with the round's last card"),
                                                     ("JD", "JH", "with the round's last card")])
def test_a_lone_card_taken_by_the_last_card_without_a_kseri_says_why(card, top, reason):
    """With the house rule "No kseri with the last card", taking a lone card with the round's last card is an
    ordinary capture; the caption gave the jack-on-jack reason for it, even for two sevens."""
    rules = dataclasses.replace(GREEK, last_card_kseri=False)
    state = Round.from_position(rules, hands=[[card], []], pile=[top], to_move=0)
    pile_before = list(state.pile)
    event = state.apply(card)
    caption = play_caption(event, pile_before, default_names(2), rules)
    assert event.kind == "capture" and reason in caption and "jack on a jack" not in caption


def test_pisti_scenes_say_pisti():
    """The Pişti table never says kseri (issue 24), in a guide's scenes either."""
    texts = [from_text(text).steps[-1].caption for text in
             ("rules=pisti; pile=5H; plays=5C", "rules=pisti; pile=JH; plays=JC", "rules=pisti; pile=5H; plays=JC")]
    assert all("pişti" in text and "kseri" not in text for text in texts), texts
    assert "jack pişti" in texts[1]
