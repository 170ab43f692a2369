"""People's names from outside (a link, a saved game, the new-game form) are valid text before they are
stored or shown (issue #22): a lone surrogate becomes U+FFFD, bidirectional controls go, and Share works."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from kseri.engine.rules import rules_from_spec
from kseri.engine.text import isolated
from kseri.table.seat_plan import SeatPlan, clean_name
from kseri.table.session import GameSession
from kseri.table.share import decode_record, link

SURROGATE = "\ud800"
REPLACED = "\N{REPLACEMENT CHARACTER}"


def friends() -> GameSession:
    session = GameSession.new(rules=rules_from_spec({"profile": "greek", "players": 2}), seed=3)
    session.apply_plan(SeatPlan.parse("person:Anna|person:Bob", players=2))
    return session


def with_bad_name(text: str) -> str:
    """JSON text (a record or a save) in which Anna's name is a lone surrogate, escaped as JSON writes it."""
    crafted = text.replace("person:Anna", "person:\\ud800").replace('"Anna"', '"\\ud800"')
    assert "\\ud800" in crafted
    return crafted


def valid(text: str) -> bool:
    """Whether ``text`` can be written out (UTF-8: what a link, a save and the page need)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shares(session: GameSession) -> str:
    """Share's link (it crashed with UnicodeEncodeError on a lone surrogate)."""
    url = link("https://example.org/kseri/", session.record_text())
    assert decode_record(url)["seats"][0] == "person:" + REPLACED
    return url


def test_a_record_in_a_link_with_a_lone_surrogate_opens_and_shares():
    opened = GameSession.from_record_text(with_bad_name(friends().record_text()))
    assert opened.view().sides[0].name == isolated(REPLACED)
    assert valid(opened.to_save()) and SURROGATE not in opened.to_save() and "\\ud800" not in opened.to_save()
    shares(opened)


def test_a_share_fragment_with_a_lone_surrogate_opens_and_shares():
    """The ``#r=`` form: its header line is JSON, which may escape a lone surrogate."""
    record = json.loads(with_bad_name(friends().record_text()))
    header = json.dumps({key: record[key] for key in ("rules", "first_dealer", "seats")})  # "\ud800" escaped
    body = bytearray()
    from kseri.engine.cards import CODES
    for entry in record["rounds"]:
        body += bytes(CODES.index(code) for code in entry["deck"]) + bytes([len(entry["plays"])])
        body += bytes(CODES.index(code) for code in entry["plays"])
    packed = base64.urlsafe_b64encode(zlib.compress(header.encode() + b"\n" + bytes(body))).rstrip(b"=").decode()
    opened = GameSession.from_record_text(json.dumps(decode_record("#r=1" + packed)))
    assert opened.view().sides[0].name == isolated(REPLACED)
    shares(opened)


def test_a_saved_game_with_a_lone_surrogate_is_repaired_on_load():
    bad = with_bad_name(friends().to_save())
    resumed = GameSession.restore(bad)
    assert resumed.own_names == (REPLACED, "Bob")
    repaired = resumed.to_save()
    assert valid(repaired) and "\\ud800" not in repaired  # the next save writes the repaired name
    shares(resumed)


@pytest.mark.parametrize(("typed", "kept"), [
    (SURROGATE + "Bob", REPLACED + "Bob"),
    ("\ud83d\ude00 Bob", "\U0001F600 Bob"),  # a pair written as two escapes is the character it names
    ("\u202eAnna", "Anna"),  # a right-to-left override: dropped
    ("\u2067Anna\u2069", "Anna"),  # isolates of its own: dropped (the page adds its own around it)
    ("\u05d3\u05e0\u05d4", "\u05d3\u05e0\u05d4"),  # a right-to-left name is a name
])
def test_a_name_from_the_form_is_kept_as_valid_text(typed, kept):
    assert clean_name(typed) == kept
    session = friends()
    session.apply_plan(SeatPlan(seats=("person", "person"), names=(typed, "Bob")))
    assert session.own_names == (kept, "Bob") and valid(session.to_save())
    assert session.view().sides[0].name == isolated(kept)
