"""kseri.table.querystring reads query strings exactly as urllib.parse does."""

from __future__ import annotations

from urllib.parse import parse_qsl, unquote, urlencode

from hypothesis import given
from hypothesis import strategies as st

from kseri.table.querystring import parse_query, without_keys
from kseri.table.querystring import unquote as our_unquote

# Text rich in the characters that matter: separators, escapes, hex digits, non-ASCII.
_PIECES = [*"&=+%;#?aZ09fFgG é♦\u2028\udc80", "%2", "%E2%99", "%zz", "%41", "%e9"]
query_text = st.lists(st.sampled_from(_PIECES), max_size=30).map("".join)


@given(query_text)
def test_unquote_matches_urllib(text):
    assert our_unquote(text) == unquote(text)


@given(query_text)
def test_parse_query_matches_parse_qsl(text):
    assert parse_query(text) == parse_qsl(text, keep_blank_values=True)


@given(st.lists(st.tuples(st.sampled_from(["seed", "level", "lang", "x y", "é"]), st.text(max_size=8)), max_size=6))
def test_without_keys_drops_exactly_the_named_parameters(pairs):
    search = "?" + urlencode(pairs) if pairs else ""
    kept = without_keys(search, {"seed", "level"})
    expected = [(k, v) for k, v in pairs if k not in ("seed", "level")]
    assert parse_qsl(kept.lstrip("?"), keep_blank_values=True) == expected
    if not any(k in ("seed", "level") for k, _ in pairs):
        assert kept == search


def test_without_keys_keeps_the_rest_as_written():
    assert without_keys("?seed=1&utm=a%2Fb&level=hard", ["seed", "level"]) == "?utm=a%2Fb"
    assert without_keys("?seed=1", ["seed"]) == ""
    assert without_keys("", ["seed"]) == ""
