"""Card codes and rule settings."""

from __future__ import annotations

import dataclasses

import pytest

from kseri import FOURCARD, GREEK, PACK, Card, CardCodeError, Rules, RulesError, rules_from_spec
from kseri.engine.cards import CODES
from kseri.engine.rules import card_points_table


def test_pack_has_52_distinct_cards_with_canonical_codes():
    assert len(PACK) == 52 and len(set(PACK)) == 52
    assert [c.code for c in PACK[:5]] == ["AS", "AH", "AD", "AC", "2S"]
    assert all(Card.parse(code) == card for code, card in zip(CODES, PACK, strict=True))
    assert all(Card.from_index(card.index) is card for card in PACK)


@pytest.mark.parametrize("text, code", [
    ("10D", "10D"), ("10d", "10D"), ("TD", "10D"), ("td", "10D"), ("10♦", "10D"), ("♦10", "10D"),
    ("js", "JS"), ("2♣", "2C"), ("AH", "AH"), (" kc ", "KC"), ("1S", "AS"),
])
def test_parse_is_lenient_and_output_canonical(text, code):
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize("text", ["", "1", "11D", "ZZ", "10X", "D10", "JOKER", "10DD"])
def test_bad_codes_name_the_input(text):
    with pytest.raises(CardCodeError, match="not a card code") as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_non_string_code():
    with pytest.raises(CardCodeError):
        Card.parse(10)  # type: ignore[arg-type]


def test_repr_is_valid_python():
    card = Card.parse("10D")
    assert eval(repr(card)) == card
    assert eval(repr(GREEK), {"Rules": Rules}) == GREEK


def test_names_for_screen_readers():
    assert Card.parse("10D").name == "ten of diamonds"
    assert Card.parse("AS").name == "ace of spades"
    assert Card.parse("QH").name == "queen of hearts"


def test_greek_card_points():
    table = card_points_table(GREEK)
    assert sum(table) == 22  # plus 3 for the majority = 25
    assert table[Card.parse("10D").index] == 2 and table[Card.parse("2C").index] == 1
    assert table[Card.parse("9S").index] == 0 and table[Card.parse("KH").index] == 1


def test_card_points_follow_the_rules_object_asked_for_equal_or_not():
    ten_of_diamonds = Card.parse("10D").index
    same_as_greek = dataclasses.replace(GREEK, target=201)
    for rules, points in [(GREEK, 2), (FOURCARD, 2), (GREEK, 2), (same_as_greek, 2),
                          (dataclasses.replace(GREEK, ten_of_diamonds_points=5), 6), (GREEK, 2)]:
        assert card_points_table(rules)[ten_of_diamonds] == points
    assert card_points_table(same_as_greek) == card_points_table(GREEK)


def test_fourcard_card_points():
    table = card_points_table(FOURCARD)
    assert table[Card.parse("10D").index] == 2 and table[Card.parse("2C").index] == 2
    assert table[Card.parse("KH").index] == 0 and table[Card.parse("JH").index] == 1
    assert sum(table) == 12  # 4 aces + 4 jacks + 2 + 2 (the source says 16: it miscounts)


def test_rules_are_frozen_keyword_only():
    with pytest.raises(dataclasses.FrozenInstanceError):
        GREEK.target = 101  # type: ignore[misc]
    with pytest.raises(TypeError):
        Rules("greek")  # type: ignore[misc]


def test_rules_spec_round_trip():
    assert GREEK.to_spec() == "greek"
    custom = dataclasses.replace(GREEK, target=251, last_card_kseri=False)
    assert custom.to_spec() == {"profile": "greek", "target": 251, "last_card_kseri": False}
    assert rules_from_spec(custom.to_spec()) == custom


@pytest.mark.parametrize("spec, message", [
    ("whist", "unknown rules profile 'whist'"),
    ({"profile": "greek", "jokers": 2}, "unknown rules option 'jokers'"),
    ({"profile": "greek", "players": 7}, "^players must be an integer from 2 to 6, got 7$"),
    ({"profile": "greek", "players": 3}, "leaves no valid deal"),
    ({"profile": "greek", "last_card_kseri": 1}, "^last_card_kseri must be true or false, got 1$"),
    ({"profile": "greek", "target": "151"}, "^target must be an integer from 1 to 10000, got '151'$"),
    (7, "profile name or an object"),
])
def test_bad_rules_specs(spec, message):
    with pytest.raises(RulesError, match=message):
        rules_from_spec(spec)
