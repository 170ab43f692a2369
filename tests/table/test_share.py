"""Share links (kseri.table.share): round trips, and every kind of bad fragment refused in one line."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kseri import FOURCARD, GREEK, Card, Match, RecordError, dumps, to_record
from kseri.table.share import MAX_FRAGMENT, decode, decode_record, encode, link
from tests.engine.test_properties import random_match


def partial_match(seed: int, rules=GREEK) -> Match:
    """A match stopped somewhere (maybe mid-round), as a saved game would be."""
    rng = random.Random(seed)
    match = Match.new(rules, rng=rng)
    for _ in range(rng.randrange(0, 150)):
        if match.is_over:
            break
        if match.round.is_terminal():
            match.next_round()
        match.play(rng.choice(match.round.legal_moves()))
    return match


def pack(raw: bytes, version: str = "1") -> str:
    return "#r=" + version + base64.urlsafe_b64encode(zlib.compress(raw)).rstrip(b"=").decode()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([GREEK, FOURCARD]))
def test_round_trip_keeps_the_whole_game(seed, rules):
    match = partial_match(seed, rules)
    fragment = encode(match)
    assert fragment.startswith("r=1")
    again = decode("#" + fragment)
    assert to_record(again) == to_record(match)
    assert again.totals == match.totals and again.winner == match.winner


def test_finished_match_link_is_short_and_url_safe():
    match = random_match(7)
    assert match.is_over
    fragment = encode(match)
    assert len(fragment) < 1500, len(fragment)
    assert all(ch.isalnum() or ch in "-_=" for ch in fragment)
    assert to_record(decode(fragment)) == to_record(match)


def test_encode_accepts_a_match_a_record_and_its_json():
    match = partial_match(11)
    assert encode(match) == encode(to_record(match)) == encode(dumps(match))


def test_all_fragment_spellings_decode():
    match = partial_match(12)
    value = encode(match)  # "r=1..."
    expected = to_record(match)
    for spelling in (value, "#" + value, value[2:], "  #" + value + " ",
                     "https://example.org/kseri/?seed=3#" + value, "#seed=3&" + value,
                     link("https://example.org/kseri/index.html?level=2#old", match)):
        assert to_record(decode(spelling)) == expected, spelling


def test_link_keeps_the_query_and_replaces_the_fragment():
    match = partial_match(13)
    url = link("https://example.org/k/?seed=3#r=1old", match)
    assert url.startswith("https://example.org/k/?seed=3#r=1") and "old" not in url


def test_json_version_is_used_and_read_for_plays_that_are_not_card_codes():
    record = to_record(partial_match(14))
    assert decode_record(encode(record)) == record
    # A record with a non-card play can't be packed as bytes: the encoder falls back to JSON.
    from kseri.table import share

    odd = json.loads(json.dumps(record))
    odd["rounds"][0]["plays"] = ["5C+3H"]
    assert share._pack_binary(odd) is None
    text = pack(json.dumps(record).encode(), "J")
    assert to_record(decode(text)) == record


def test_encode_refuses_an_illegal_record():
    record = to_record(partial_match(15))
    record["rounds"][0]["deck"][0] = record["rounds"][0]["deck"][1]
    with pytest.raises(RecordError, match="permutation"):
        encode(record)
    with pytest.raises(RecordError, match="not JSON"):
        encode("{nope")


@pytest.mark.parametrize("fragment, message", [
    ("", "no game|empty"),
    ("#", "empty"),
    ("#r=", "empty"),
    ("#seed=4", "no game in it"),
    ("#r=9abc", "unknown version '9'"),
    ("#r=1", "not base64url"),
    ("#r=1ab$d", "not base64url"),
    ("#r=1a", "not base64url"),
    ("#r=1AAAA", "damaged or cut short"),
    ("#r=1" + "A" * (MAX_FRAGMENT + 1), "too long"),
])
def test_garbage_is_refused_with_one_line(fragment, message):
    with pytest.raises(RecordError, match=message) as info:
        decode(fragment)
    assert "\n" not in str(info.value) and str(info.value).startswith("share link: ")


def test_cut_links_are_refused():
    value = encode(partial_match(16))
    for cut in (len(value) - 1, len(value) - 5, len(value) // 2, 6):
        with pytest.raises(RecordError, match=r"^share link: "):
            decode(value[:cut])


def test_zlib_bomb_is_refused():
    with pytest.raises(RecordError, match="unpacks to more than"):
        decode(pack(b"\0" * 1_000_000))


def test_extra_bytes_after_the_data_are_refused():
    value = encode(partial_match(17))
    raw = base64.urlsafe_b64decode(value[3:] + "=" * (-len(value[3:]) % 4)) + b"xx"
    with pytest.raises(RecordError, match="extra bytes"):
        decode("r=1" + base64.urlsafe_b64encode(raw).rstrip(b"=").decode())


@pytest.mark.parametrize("raw, message", [
    (b"no header", "no header line"),
    (b"{oops\n", "header is not JSON"),
    (b'{"rules":"greek"}\n', "must hold rules and first_dealer"),
    (b'{"rules":"greek","first_dealer":0}\n' + bytes(range(30)), "round 0: cut short"),
    (b'{"rules":"greek","first_dealer":0}\n' + bytes(range(52)) + b"\x05\x00", r"cut short \(1 of 5 plays\)"),
    (b'{"rules":"greek","first_dealer":0}\n' + bytes([60, *range(1, 52)]) + b"\x00", "byte 60 is not a card"),
    (b'{"rules":"greek","first_dealer":0}\n' + bytes([0] * 52) + b"\x00", "permutation"),
    (b'{"rules":"poker","first_dealer":0}\n', "unknown rules profile"),
    (b'{"rules":"greek","first_dealer":5}\n', "not a seat"),
])
def test_well_packed_nonsense_is_refused_naming_the_problem(raw, message):
    with pytest.raises(RecordError, match=message) as info:
        decode(pack(raw))
    assert str(info.value).startswith("share link: ") and "\n" not in str(info.value)


def test_an_edited_play_is_refused_with_round_and_play():
    deck = to_record(Match.new(rng=random.Random(5), first_dealer=1))["rounds"][0]["deck"]
    # One play: a card of seat 1's hand, but seat 0 plays first.
    raw = json.dumps({"rules": "greek", "first_dealer": 1}).encode() + b"\n"
    raw += bytes(Card.parse(c).index for c in deck) + bytes([1, Card.parse(deck[6]).index])
    with pytest.raises(RecordError, match=r"share link: round 0, play 0: .* is not in seat 0's hand"):
        decode(pack(raw))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_either_decodes_or_raises_record_error(text):
    try:
        decode(text)
    except RecordError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1), st.data())
def test_a_changed_character_never_slips_through_as_another_game(seed, data):
    match = partial_match(seed)
    value = encode(match)
    i = data.draw(st.integers(3, len(value) - 1), label="position")
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    ch = data.draw(st.sampled_from([c for c in alphabet if c != value[i]]), label="new character")
    tampered = value[:i] + ch + value[i + 1:]
    try:
        again = decode(tampered)
    except RecordError:
        return
    # A change may land in bits nothing reads (base64's last character, or the padding bits
    # that end deflate's final block): then it is the same game, never another one.
    assert to_record(again) == to_record(match)
