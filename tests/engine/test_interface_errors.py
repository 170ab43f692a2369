"""Bad input at the open interfaces (records, the replay command, bot observations) is refused with
one line that says where, and nothing a reader could take two ways is accepted: a key given twice,
a round without its plays, a match already decided, a capture naming a card twice. Any accepted
spelling of a card code is read alike wherever codes are checked."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

from kseri.bots.protocol import answer
from kseri.engine.cards import CODES
from kseri.engine.errors import KseriError, RecordError
from kseri.engine.match import Match
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.record import dumps, loads
from kseri.engine.rules import GREEK, PISTI, SUMS, rules_from_spec
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsRound
from kseri.engine.turn_order import score_problem


def greek_record(plays: int = 10) -> dict[str, Any]:
    rng = random.Random(3)
    match = Match.new(rng=rng, first_dealer=0)
    for _ in range(plays):
        match.play(rng.choice(match.round.legal_moves()))
    record: dict[str, Any] = json.loads(dumps(match))
    return record


def refusal(record: dict[str, Any] | str) -> str:
    with pytest.raises(RecordError) as caught:
        loads(record if isinstance(record, str) else json.dumps(record))
    return str(caught.value)


# -- records -------------------------------------------------------------------------------------

def test_a_bad_code_in_plays_names_the_play() -> None:
    record = greek_record()
    record["rounds"][0]["plays"][5] = "XX"
    assert refusal(record) == "round 0, play 5: not a card code: 'XX' (expected e.g. 10D, JS, 2C, AH)"
    record["rounds"][0]["plays"][5] = 7
    assert refusal(record) == "round 0, play 5: card code must be a string, got 7"


def test_a_bad_play_at_the_open_table_names_the_play() -> None:
    match = Match.new(SUMS, rng=random.Random(2), first_dealer=0)
    record = json.loads(dumps(match))
    record["rounds"][0]["plays"] = ["7H", 7]
    assert refusal(record) == "round 0, play 1: a play must be a string, got 7"


def test_a_key_given_twice_is_refused() -> None:
    text = json.dumps(greek_record())
    twice = text.replace('{"format": "kseri-record/1"', '{"format": "kseri-record/2", "format": "kseri-record/1"')
    assert twice != text
    assert refusal(twice) == "record: the key 'format' is given twice"


def test_a_round_without_plays_is_refused_and_an_empty_list_is_an_unplayed_round() -> None:
    record = greek_record(0)
    del record["rounds"][0]["plays"]
    assert refusal(record) == 'round 0: plays is missing (an unplayed round gives "plays": [])'
    record["rounds"][0]["plays"] = []
    assert loads(json.dumps(record)).round.plays == []


def test_a_capture_naming_a_card_twice_is_refused() -> None:
    state = SumsRound.deal(SUMS, 1, random.Random(21))
    capture = next(move for move in state.legal_moves() if move.kind == "capture")
    text = str(capture)
    doubled = text + "+" + text.split(":")[1].split("+")[0]
    with pytest.raises(KseriError, match="is named twice"):
        state.parse_move(doubled)
    assert state.parse_move(text) == capture


def test_json_messages_say_where_once() -> None:
    assert refusal('{"format": "kseri-record/1') == (
        "record: not JSON (Unterminated string starting at line 1 column 12)")


# -- the command line's streams ------------------------------------------------------------------

def run(args: list[str], **streams: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "kseri", *args], capture_output=False, timeout=60, check=False,
                          **streams)


@pytest.mark.parametrize("args, closed, stream", [
    (["replay", "-"], "stdin", "standard input"),
    (["bot"], "stdin", "standard input"),
    (["simulate", "--games", "1"], "stdout", "standard output"),
])
def test_a_closed_stream_is_one_line_and_a_failure(args: list[str], closed: str, stream: str) -> None:
    # Started with the stream closed (the shell's ``<&-`` / ``>&-``): Python has None in its place.
    command = " ".join([sys.executable, "-m", "kseri", *args, "<&-" if closed == "stdin" else ">&-"])
    result = subprocess.run(["sh", "-c", command], stderr=subprocess.PIPE, timeout=60, check=False,
                            stdout=subprocess.DEVNULL if closed == "stdin" else None)
    assert result.returncode == 1
    assert result.stderr.decode() == f"kseri {args[0]}: {stream} is closed\n"


def test_a_full_disk_is_one_line_and_a_failure() -> None:
    with open("/dev/full", "wb") as full:
        result = run(["simulate", "--games", "2"], stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 1
    assert result.stderr.decode() == "kseri simulate: cannot write the output: No space left on device\n"


# -- bot observations ----------------------------------------------------------------------------

def pile_observation() -> dict[str, Any]:
    state = Round.deal(GREEK, dealer=1, rng=random.Random(21))
    for _ in range(3):
        state.apply(state.legal_moves()[0])
    return Observation.from_round(state, seat=state.to_move).to_json()


def test_the_pile_is_read_in_any_spelling_of_its_codes() -> None:
    good = pile_observation()
    assert len(good["pile"]) >= 1
    spelled = [code.lower().replace("10", "T") for code in good["pile"]]
    assert Observation.from_json(dict(good, pile=spelled)) == Observation.from_json(good)
    assert answer(json.dumps(dict(good, pile=spelled)), "easy", random.Random(0)) in good["hand"]


def test_the_open_table_is_read_in_any_spelling_of_its_codes() -> None:
    state = SumsRound.deal(SUMS, 1, random.Random(5))
    rng = random.Random(5)
    while not any(item.is_build for item in state.table) and state.next_card < 52:
        builds = [move for move in state.legal_moves() if move.kind == "build"]
        state.apply(builds[0] if builds else rng.choice(state.legal_moves()))
    good = SumsObservation.from_round(state, seat=state.to_move).to_json()
    spelled = [item.lower() for item in good["table"]]
    assert spelled != good["table"]
    assert SumsObservation.from_json(dict(good, table=spelled)) == SumsObservation.from_json(good)


@pytest.mark.parametrize("players", [2, 4])
def test_the_bottom_card_stays_shown_once_it_is_dealt(players: int) -> None:
    """RULES.md: the exposed bottom card is shown for the whole round. Dealt last, to the dealer, it is
    known to be in the dealer's hand until played: every sample deals it there (it once left the
    observation with the last packet, and seats other than the dealer lost it at three seats or more)."""
    from kseri.bots.pile.belief import Sampler

    rules = rules_from_spec({"profile": "greek", "exposed_bottom": True, "players": players})
    state = Round.deal(rules, dealer=1, rng=random.Random(4))
    while state.next_card < len(state.deck):
        state.apply(state.legal_moves()[0])
    bottom = state.deck[-1]
    assert bottom in state.hands[1]
    seat = state.to_move
    assert seat != 1
    data = Observation.from_round(state, seat=seat).to_json()
    assert data["bottom"] == CODES[bottom]
    obs = Observation.from_json(data)
    assert obs.hidden_bottom == bottom and bottom not in obs.unseen()
    rng = random.Random(1)
    for _ in range(20):
        assert bottom in obs.sample_round(rng).hands[1]
        assert bottom in Sampler(obs, rng).sample(rng).hands[1]
    # the dealer holds it: nothing of it is hidden from the dealer
    mine = Observation.from_round(state, seat=1)
    assert mine.bottom == bottom and mine.hidden_bottom is None and len(mine.unseen()) == len(obs.unseen()) + 1
    with pytest.raises(KseriError, match="was dealt to you, the dealer, but is neither in your hand nor played"):
        Observation.from_json(dict(mine.to_json(), bottom=CODES[state.hands[0][0]]))
    # played by the dealer, it is an ordinary played card
    while bottom in state.hands[1]:
        state.apply(state.legal_moves()[-1] if state.to_move == 1 else state.legal_moves()[0])
    later = Observation.from_round(state, seat=0) if not state.is_terminal() else None
    if later is not None:
        assert later.bottom == bottom and later.hidden_bottom is None
        assert Observation.from_json(later.to_json()) == later


@pytest.mark.parametrize("totals, target, rules, problem", [
    ([3, 150], 151, GREEK, None),
    ([3, 151], 151, GREEK, "the match is over"),
    ([160, 155], 151, GREEK, "would have raised it"),
    ([160, 155], 251, GREEK, None),
    ([260, 255], 251, GREEK, None),
    ([100, 20], 251, GREEK, "raised only when two sides pass it"),
    ([0, 0], 152, GREEK, "these rules play to 151"),
    ([0, 0], 51, GREEK, "these rules play to 151"),
    ([101, 101], 101, PISTI, None),
    ([0, 0], 151, PISTI, "never raise it"),
    ([120, 101], 101, PISTI, "the match is over"),
    ([900, 0], 151, rules_from_spec({"profile": "greek", "match_rounds": 3}), None),
])
def test_the_match_state_must_be_one_still_being_played(totals: list[int], target: int, rules: Any,
                                                        problem: str | None) -> None:
    found = score_problem(totals, target, rules)
    assert (found is None) if problem is None else (found is not None and problem in found), found


def test_the_bot_refuses_a_decided_match_in_one_line() -> None:
    good = pile_observation()
    assert answer(json.dumps(dict(good, totals=[160, 40])), "easy", random.Random(0)) == (
        "error: totals [160, 40] with target 151: the match is over")
    assert answer(json.dumps(good).replace('"seat": ', '"seat": 0, "seat": ', 1), "easy", random.Random(0)) == (
        "error: observation: the key 'seat' is given twice")


def test_a_dealt_bottom_card_keeps_every_seat_where_it_is() -> None:
    """From the review of the change above: with the double pack the observer may hold the bottom card's other
    copy, which the samples must leave in that hand; medium's count must still know the dealer holds the card
    at two seats; and a dealer's observation naming a bottom card it neither holds nor played in the last
    packet is refused in one line (it was an internal error)."""
    from kseri.bots.pile.belief import Sampler
    from kseri.bots.pile.counting import Knowledge
    from kseri.engine.cards import rank_index
    from tests.bots.test_bots import position

    found = 0
    for seed in range(400):
        obs = position({"profile": "fourcard", "exposed_bottom": True, "players": 4, "packs": 2}, seed, 44)
        if obs.hidden_bottom is None or obs.hidden_bottom not in obs.hand:
            continue
        found += 1
        rng = random.Random(seed)
        sampler = Sampler(obs, rng)
        for _ in range(10):
            world = sampler.sample(rng)
            assert world.hands[obs.seat] == list(obs.hand) and obs.bottom in world.hands[obs.dealer]
    assert found

    two = position({"profile": "greek", "exposed_bottom": True}, 1, 38)
    assert two.stock == 0 and two.seat != two.dealer and two.hidden_bottom is not None
    assert Knowledge.from_observation(two).p_next_holds(rank_index(two.hidden_bottom)) == 1.0

    dealer = position({"profile": "greek", "exposed_bottom": True}, 3, 40)
    while dealer.seat != dealer.dealer or dealer.stock:
        dealer = position({"profile": "greek", "exposed_bottom": True}, 3, len(dealer.plays) + 1)
    early = dealer.plays[0]  # a card of the first packet
    with pytest.raises(KseriError, match="neither in your hand nor played by you this packet"):
        Observation.from_json(dict(dealer.to_json(), bottom=CODES[early]))
