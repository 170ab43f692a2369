"""The embed page's HTML (kseri.web.embed_render), checked in CPython."""

from __future__ import annotations

from kseri.scenes import from_text
from kseri.web.embed_render import board_html, error_html, params_from_url, step_html


def test_board_follows_the_page_contract():
    scene = from_text("pile=3C,9D;hands=9S,KD|4H,JS;plays=9S")
    html = board_html(scene)
    assert 'id="board"' in html and 'data-steps="2"' in html and 'data-step="0"' in html
    assert '<div id="pile" class="pile" data-count="2"' in html and 'data-card="9D"' in html
    for ident in ("caption", "prev", "play", "next", "step"):
        assert f'id="{ident}"' in html
    after = step_html(scene, 1)
    assert 'data-count="0"' in after and 'data-kind="capture"' in after
    assert 'src="static/cards/9S.svg"' in after  # relative URLs only


def test_user_text_is_escaped():
    scene = from_text("title=<script>alert(1)</script>;names=<b>A</b>|B&B;plays=10S")
    html = board_html(scene)
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<b>A</b>" not in html and "B&amp;B" in html
    assert "<img src=x>" not in error_html("scene: <img src=x>")


def test_params_from_url_merges_query_and_fragment():
    params = params_from_url("?scene=pile%3D10D;plays=10S&autoplay=1", "#r=1abc&round=2")
    assert params == {"scene": "pile=10D;plays=10S", "autoplay": "1", "r": "1abc", "round": "2"}
    assert params_from_url("", "#scene=a+b")["scene"] == "a b"  # a query value, as URLSearchParams reads it


def test_the_flash_of_a_kseri_says_the_tables_own_word():
    """The badge beside a capture says what the caption says: a pişti at the Pişti table (it said "Kseri!"),
    a xeri at the open table."""
    flashes = {text: step_html(from_text(text), 1) for text in (
        "pile=JH;plays=JC", "rules=pisti;pile=5H;plays=5C", 'rules={"profile":"pisti","jack_kseri_points":25};'
        "pile=JH;plays=JC", "rules=sums;table=5C;plays=5D:5C")}
    assert [html.split('class="flash')[1].split("</span>")[0].split("↓ ")[1] for html in flashes.values()] == [
        "Jack kseri! +20", "Pişti! +10", "Jack pişti! +25", "Xeri! +10"]
