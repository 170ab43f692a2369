"""Checks for the generated playing-card SVGs in static/cards/."""

import os
import xml.etree.ElementTree as ET

import pytest

from devtools import make_cards
from kseri.i18n import rank_letter, set_language

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CARDS_DIR = os.path.join(ROOT, "static", "cards")
SVG_NS = "{http://www.w3.org/2000/svg}"

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
RANK_NAMES = ["ace", "two", "three", "four", "five", "six", "seven", "eight",
              "nine", "ten", "jack", "queen", "king"]
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

EXPECTED = {f"{r}{s}.svg": f"{n} of {SUIT_NAMES[s]}"
            for s in SUITS for r, n in zip(RANKS, RANK_NAMES, strict=False)}
ALL_FILES = [*sorted(EXPECTED), "back.svg"]
COURTS = [name for name in sorted(EXPECTED) if name[0] in "JQK"]
GREEK = [*(f"el/{name}" for name in COURTS), *(f"el/big/{name}" for name in COURTS)]
"""The courts with Greek indices (Ρ Ν Β), normal and big, shown when the page is in Greek."""
LOOKS = [*(f"big/{name}" for name in sorted(EXPECTED)), "backs/green.svg", "backs/red.svg", *GREEK]
"""The looks a player can choose (issue 25): faces with big indices, and two more backs; and the
Greek courts."""
TITLES = {**EXPECTED, **{f"{folder}/{name}": title for name, title in EXPECTED.items()
                         for folder in ("big", "el", "el/big")}}


def test_exactly_53_files():
    names = sorted(n for n in os.listdir(CARDS_DIR) if n.endswith(".svg"))
    assert len(EXPECTED) == 52
    assert names == sorted(ALL_FILES)


@pytest.mark.parametrize("name", ALL_FILES + LOOKS)
def test_svg_is_standalone_and_titled(name):
    path = os.path.join(CARDS_DIR, name)
    with open(path, "rb") as fh:
        data = fh.read()
    assert len(data) < 6 * 1024, f"{name} is {len(data)} bytes"
    root = ET.fromstring(data)
    assert root.tag == SVG_NS + "svg"
    assert root.get("viewBox") == "0 0 250 350"
    title = root.find(SVG_NS + "title")
    assert title is not None
    assert title.text == TITLES.get(name, "card back")
    # no external references: every href points inside the file
    text = data.decode("utf-8")
    assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in text
    for el in root.iter():
        for attr, value in el.attrib.items():
            if attr.endswith("href"):
                assert value.startswith("#"), (name, value)
    assert "<text" not in text  # all artwork is paths, no font glyphs


def test_generator_is_deterministic(tmp_path):
    out1, out2 = tmp_path / "a", tmp_path / "b"
    make_cards.main([str(out1)])
    make_cards.main([str(out2)])
    names = sorted(os.listdir(out1))
    assert names == sorted([*ALL_FILES, "big", "backs", "el", "looks.css"])
    assert names == sorted(os.listdir(out2))
    for name in [*ALL_FILES, *LOOKS, "looks.css"]:
        generated = (out1 / name).read_bytes()
        assert generated == (out2 / name).read_bytes(), name
        # the committed assets match the generator's output
        with open(os.path.join(CARDS_DIR, name), "rb") as fh:
            assert generated == fh.read(), f"{name} is stale; rerun python3 -m devtools.make_cards"


def test_the_looks_replace_every_face_and_the_back():
    """looks.css shows each big face in place of its usual one, and each other back in place of back.svg."""
    with open(os.path.join(CARDS_DIR, "looks.css"), encoding="utf-8") as fh:
        css = fh.read()
    for name in EXPECTED:
        assert f'html[data-cards="large"] img[src$="cards/{name}"] {{ content: url("big/{name}"); }}' in css
    for back in ("red", "green"):
        assert f'html[data-back="{back}"] img[src$="cards/back.svg"] {{ content: url("backs/{back}.svg"); }}' in css


def test_a_greek_page_shows_the_courts_with_greek_indices():
    """In Greek every court shows Ρ Ν Β (big too, when big indices are chosen: that rule is the more
    specific); html[lang=el] alone is as specific as the big faces' rule, so it comes after it; the aces
    and numbers keep their faces."""
    with open(os.path.join(CARDS_DIR, "looks.css"), encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    last_big = max(i for i, line in enumerate(lines) if line.startswith('html[data-cards="large"]'))
    for name in COURTS:
        plain = f'html[lang="el"] img[src$="cards/{name}"] {{ content: url("el/{name}"); }}'
        big = f'html[lang="el"][data-cards="large"] img[src$="cards/{name}"] {{ content: url("el/big/{name}"); }}'
        assert plain in lines and big in lines
        assert lines.index(plain) > last_big
    assert sum('html[lang="el"]' in line for line in lines) == 2 * len(COURTS)
    for name in COURTS:
        with open(os.path.join(CARDS_DIR, "el", name), encoding="utf-8") as fh:
            greek = fh.read()
        with open(os.path.join(CARDS_DIR, name), encoding="utf-8") as fh:
            latin = fh.read()
        letter = make_cards.GREEK_LETTERS[name[0]]
        assert greek.count(make_cards.GLYPHS[letter][1]) == 3  # the corner index and the court's letter, twice
        assert make_cards.GLYPHS[name[0]][1] not in greek and make_cards.GLYPHS[name[0]][1] in latin


def test_the_greek_faces_print_the_letters_the_greek_text_writes():
    """The faces' letters and the catalog's "rank letter" messages are one choice written twice (the art
    is generated without the catalog); a change to either that the other misses fails here. The ace's
    Greek Α is drawn with the Latin A's glyph, which looks the same."""
    try:
        set_language("el")
        written = {rank: rank_letter(rank) for rank in ("A", "K", "Q", "J")}
    finally:
        set_language("en")
    assert written == {"A": "Α", **make_cards.GREEK_LETTERS}
