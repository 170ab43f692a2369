#!/usr/bin/env python3
"""Generate the project's own playing-card artwork as standalone SVG files.

Pure standard library.  Writes 52 face files named by card code
(``AS.svg``, ``10D.svg``, ``KC.svg`` ...) plus ``back.svg``; and the looks a
player can choose (issue 25): ``big/`` the same 52 faces with big corner
indices (for small phones and older eyes: in a fanned hand only the corner
shows), ``backs/`` the other backs (``red.svg``, ``green.svg``), and
``looks.css``, the rules that show them in place of the usual images
(``<html data-cards="large">``, ``<html data-back="red">``); and ``el/`` (with
``el/big/``), the courts with Greek indices (Ρ Ν Β), which ``looks.css`` shows
when the page is in Greek (``<html lang="el">``).

Usage::

    python3 -m devtools.make_cards [OUTPUT_DIR]

OUTPUT_DIR defaults to ``static/cards`` next to this script's parent
directory.  Output is deterministic: running it twice yields identical bytes.

Everything is drawn with SVG primitives: suit symbols and rank indices are
paths (no font glyphs), so the cards render identically everywhere.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

W, H = 250, 350          # card viewBox (poker ratio 2.5 : 3.5)
CX, CY = W / 2, H / 2    # card centre

RED = "#c8102e"
BLACK = "#1b1b1f"
GOLD = "#c49a2c"
CREAM = "#fbf5e6"
BORDER = "#8e8e8e"

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]

RANK_NAMES = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five",
    "6": "six", "7": "seven", "8": "eight", "9": "nine", "10": "ten",
    "J": "jack", "Q": "queen", "K": "king",
}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

# --------------------------------------------------------------------------
# Suit symbols, drawn in a 100 x 100 box centred on the origin.
# --------------------------------------------------------------------------
SUIT_SHAPES = {
    "H": '<path d="M0,44C-9,31-47,11-47,-15C-47,-33-34,-44-21,-44'
         'C-10,-44-3,-37 0,-27C3,-37 10,-44 21,-44C34,-44 47,-33 47,-15'
         'C47,11 9,31 0,44Z"/>',
    "D": '<path d="M0,-48Q15,-21 36,0Q15,21 0,48Q-15,21-36,0Q-15,-21 0,-48Z"/>',
    "S": '<path d="M0,-47C9,-32 46,-13 46,11C46,27 35,35 23,35'
         'C14,35 7,30 3,24C4,35 9,42 17,47H-17C-9,42-4,35-3,24'
         'C-7,30-14,35-23,35C-35,35-46,27-46,11C-46,-13-9,-32 0,-47Z"/>',
    "C": '<circle cy="-23" r="21"/><circle cx="-23" cy="11" r="21"/>'
         '<circle cx="23" cy="11" r="21"/>'
         '<path d="M0,-8L13,12 3,14C4,32 9,41 17,47H-17C-9,41-4,32-3,14L-13,12Z"/>',
}

# --------------------------------------------------------------------------
# Rank glyphs: stroked centre-lines in a box 60 units tall.  Each entry is
# (ink width, path).  Drawn with a round-capped stroke of width STROKE, the
# centre-lines sit STROKE/2 inside the ink box.
# --------------------------------------------------------------------------
STROKE = 9.5
GLYPHS = {
    "A": (46, "M5,55L23,5 41,55M11.5,38H34.5"),
    "2": (38, "M6,17C6,9 12,5 19,5C27,5 32,10 32,17C32,30 10,38 5,55H33"),
    "3": (38, "M6,11C9,7 13,5 19,5C27,5 32,10 32,16C32,23 27,28 18,28"
              "C28,28 33,33 33,41C33,50 27,55 18,55C12,55 8,53 5,49"),
    "4": (40, "M27,55V5L5,39H35"),
    "5": (38, "M31,5H10L8,27C11,24 15,23 19,23C28,23 33,29 33,39"
              "C33,49 27,55 18,55C12,55 8,53 5,50"),
    "6": (38, "M30,8C27,6 24,5 20,5C10,5 5,15 5,38"
              "M5,40A14,15 0 1 0 33,40A14,15 0 1 0 5,40"),
    "7": (38, "M5,5H33C24,18 18,34 16,55"),
    "8": (38, "M19,28C12,28 7,23 7,16.5C7,10 12,5 19,5C26,5 31,10 31,16.5"
              "C31,23 26,28 19,28C11,28 5,34 5,41.5C5,49 11,55 19,55"
              "C27,55 33,49 33,41.5C33,34 27,28 19,28Z"),
    "9": (38, "M33,20A14,15 0 1 0 5,20A14,15 0 1 0 33,20"
              "C33,44 27,55 18,55C13,55 10,53 7,50"),
    "10": (50, "M5,13L13,6V55M35,5C27,5 25,17 25,30C25,43 27,55 35,55"
               "C43,55 45,43 45,30C45,17 43,5 35,5Z"),
    "J": (36, "M12,5H31M26,5V39C26,50 21,55 15,55C9,55 5,51 5,45"),
    "Q": (44, "M22,5C11,5 5,16 5,29C5,43 11,54 22,54C33,54 39,43 39,29"
              "C39,16 33,5 22,5ZM25,40L39,55"),
    "K": (42, "M6,5V55M36,5L7,36M17,25L37,55"),
    # The Greek indices (Greek text names the courts so, docs/rules.md "Greek rank letters"): Ρ
    # (Ρήγας, the king), Ν (Ντάμα, the queen), Β (Βαλές, the jack); the ace's Α is the Latin A.
    "Ρ": (38, "M6,55V5H20C28.5,5 33,10.5 33,17.5C33,24.5 28.5,30 20,30H6"),
    "Ν": (42, "M6,55V5L36,55V5"),
    "Β": (39, "M6,29V55H21C29.5,55 34,50 34,42C34,34 29.5,29 21,29H6V5H19C26.5,5 31,9.5 31,17"
              "C31,24.5 26.5,29 19,29"),
}
GREEK_LETTERS = {"K": "Ρ", "Q": "Ν", "J": "Β"}
"""The courts' indices on the Greek faces (``el/``), shown when the page is in Greek."""

@dataclass(frozen=True)
class Layout:
    """Where the parts of a face go: the corner index, the pips, the court panel, the ace."""

    idx_cx: float = 34       # centre line of the index column
    idx_top: float = 14      # top of the rank glyph
    idx_scale: float = 1.1   # rank glyphs are 66 units tall in the corner
    idx_suit: float = 42     # size of the suit symbol under the rank
    idx_gap: float = 6
    cols: tuple[float, float, float] = (88, 125, 162)   # pip columns of number cards
    rows: tuple[float, float] = (60, 290)                # top and bottom pip rows
    pip: float = 42
    court_x: float = 64      # the court panel's left edge (it is centred)
    flanks: bool = True      # small suit marks beside a court card's crown
    ace: float = 112         # the ace's pip (the ace of spades' is larger)


NORMAL = Layout()
BIG = Layout(idx_cx=42, idx_top=12, idx_scale=1.5, idx_suit=48, cols=(100, 125, 150), rows=(52, 298), pip=30,
             court_x=88, flanks=False, ace=84)
"""Big corner indices (rank glyphs 90 units tall); the pips, the court panel and the ace make room."""


def fmt(v: float) -> str:
    """Compact, deterministic number formatting."""
    v = round(v, 2)
    if v == int(v):
        return str(int(v))
    return (f"{v:.2f}").rstrip("0").rstrip(".")


def rows4(layout: Layout = NORMAL) -> list[float]:
    top, bottom = layout.rows
    step = (bottom - top) / 3
    return [top + i * step for i in range(4)]


def pip_positions(n: int, layout: Layout = NORMAL) -> list[tuple[float, float]]:
    """(x, y) centres for the pips of number card n (2..10)."""
    L, M, R = layout.cols  # noqa: N806 (the layouts read as a picture with one-letter columns)
    (t, b), c = layout.rows, CY
    r = rows4(layout)
    layouts: dict[int, list[tuple[float, float]]] = {
        2: [(M, t), (M, b)],
        3: [(M, t), (M, c), (M, b)],
        4: [(L, t), (R, t), (L, b), (R, b)],
        5: [(L, t), (R, t), (M, c), (L, b), (R, b)],
        6: [(L, t), (R, t), (L, c), (R, c), (L, b), (R, b)],
        7: [(L, t), (R, t), (M, (t + c) / 2), (L, c), (R, c), (L, b), (R, b)],
        8: [(L, t), (R, t), (M, (t + c) / 2), (L, c), (R, c),
            (M, (c + b) / 2), (L, b), (R, b)],
        9: [(L, r[0]), (R, r[0]), (L, r[1]), (R, r[1]), (M, c),
            (L, r[2]), (R, r[2]), (L, r[3]), (R, r[3])],
        10: [(L, r[0]), (R, r[0]), (M, (r[0] + r[1]) / 2), (L, r[1]), (R, r[1]),
             (L, r[2]), (R, r[2]), (M, (r[2] + r[3]) / 2), (L, r[3]), (R, r[3])],
    }
    return layouts[n]


def use_suit(cx: float, cy: float, size: float, flip: bool = False) -> str:
    x, y = cx - size / 2, cy - size / 2
    s = f'<use href="#s" x="{fmt(x)}" y="{fmt(y)}" width="{fmt(size)}" height="{fmt(size)}"'
    if flip:
        s += f' transform="rotate(180 {fmt(cx)} {fmt(cy)})"'
    return s + "/>"


def glyph(rank: str, x: float, y: float, scale: float = 1.0, extra: str = "") -> str:
    """A rank glyph whose ink box's top-left corner is at (x, y)."""
    _, d = GLYPHS[rank]
    tr = f"translate({fmt(x)} {fmt(y)})" if scale == 1.0 else f"translate({fmt(x)} {fmt(y)}) scale({fmt(scale)})"
    return f'<path d="{d}" transform="{tr}"{extra}/>'


def corner_index(rank: str, layout: Layout = NORMAL) -> str:
    """The corner's index: ``rank`` is the glyph's key (a Latin rank, or a Greek letter)."""
    gw = GLYPHS[rank][0]
    lay = layout
    parts = ['<g id="i">',
             f'<g fill="none" stroke-width="{fmt(STROKE)}" stroke-linecap="round" '
             'stroke-linejoin="round" stroke="currentColor">',
             glyph(rank, lay.idx_cx - gw * lay.idx_scale / 2, lay.idx_top, lay.idx_scale), '</g>',
             use_suit(lay.idx_cx, lay.idx_top + 60 * lay.idx_scale + lay.idx_gap + lay.idx_suit / 2,
                      lay.idx_suit),
             '</g>']
    return "".join(parts)


# --------------------------------------------------------------------------
# Court cards
# --------------------------------------------------------------------------
CROWNS = {
    # Each crown is centred at the origin, about 64 wide and 34 tall.
    "K": ('<path d="M-28,15V-6L-14,4 0,-14 14,4 28,-6V15Z"/>'
          '<path d="M-28,15H28" fill="none"/>'
          '<circle cx="-28" cy="-9" r="4"/><circle cy="-18" r="4.5"/>'
          '<circle cx="28" cy="-9" r="4"/>'),
    "Q": ('<path d="M-26,15L-29,-2Q-14,9 0,-10Q14,9 29,-2L26,15Z"/>'
          '<circle cx="-29" cy="-6" r="3.5"/><circle cy="-15" r="4.5"/>'
          '<circle cx="29" cy="-6" r="3.5"/><circle cx="-14" cy="3" r="2.5"/>'
          '<circle cx="14" cy="3" r="2.5"/>'),
    "J": ('<path d="M6,-9C12,-26 28,-31 38,-25C28,-23 20,-16 16,-8Z"/>'
          '<path d="M-31,6Q-28,-13 0,-13Q28,-13 31,6Z"/>'
          '<rect x="-24" y="5" width="48" height="10" rx="2"/>'
          '<circle cy="-1" r="3.5"/>'),
}


def court_half(rank: str, color: str, layout: Layout = NORMAL, letter: str = "") -> str:
    """Upper half of a court panel; the lower half is the same, rotated. ``letter``: the glyph
    (``rank``'s own by default), ``rank`` picks the crown."""
    letter = letter or rank
    gw = GLYPHS[letter][0]
    sc = 1.15
    gx = CX - gw * sc / 2
    gy = 84
    parts = [
        # crown
        f'<g transform="translate(125 58)" fill="{GOLD}" stroke="{color}" '
        f'stroke-width="2" stroke-linejoin="round">{CROWNS[rank]}</g>',
        # two-tone letter: gold outline under a solid suit-colour stroke
        '<g fill="none" stroke-linecap="round" stroke-linejoin="round">',
        glyph(letter, gx, gy, sc, f' stroke="{GOLD}" stroke-width="{fmt(STROKE + 7)}"'),
        glyph(letter, gx, gy, sc, f' stroke="{color}" stroke-width="{fmt(STROKE)}"'),
        '</g>',
        # small flanking suit marks
        use_suit(86, 46, 20) + use_suit(164, 46, 20) if layout.flanks else "",
    ]
    return "".join(parts)


def court_body(rank: str, color: str, layout: Layout = NORMAL, letter: str = "") -> str:
    px, py, ph = layout.court_x, 22, 306
    pw = W - 2 * px
    parts = [
        f'<rect x="{px}" y="{py}" width="{pw}" height="{ph}" rx="6" fill="{CREAM}" '
        f'stroke="{color}" stroke-width="2.5"/>',
        f'<rect x="{px + 5}" y="{py + 5}" width="{pw - 10}" height="{ph - 10}" rx="3" fill="url(#g)" '
        f'stroke="{GOLD}" stroke-width="1.5"/>',
        f'<path d="M{fmt(px + 5)},199L{fmt(px + pw - 5)},151" stroke="{GOLD}" stroke-width="1.5"/>',
        f'<g id="h">{court_half(rank, color, layout, letter)}</g>',
        '<use href="#h" transform="rotate(180 125 175)"/>',
        f'<circle cx="125" cy="175" r="25" fill="#fff" stroke="{color}" '
        'stroke-width="2"/>',
        f'<circle cx="125" cy="175" r="20.5" fill="none" stroke="{GOLD}" '
        'stroke-width="1.5"/>',
        use_suit(CX, CY, 26),
    ]
    return "".join(parts)


def ace_body(suit: str, color: str, layout: Layout = NORMAL) -> str:
    if suit == "S":
        # the ace of spades: a larger pip with a fine contour line
        return (use_suit(CX, CY, layout.ace * 1.5).replace(
                    "/>", f' fill="none" stroke="{color}" stroke-width="1.4"/>')
                + use_suit(CX, CY, layout.ace * 1.25))
    return use_suit(CX, CY, layout.ace)


def number_body(n: int, layout: Layout = NORMAL) -> str:
    out = []
    for (x, y) in pip_positions(n, layout):
        out.append(use_suit(x, y, layout.pip, flip=y > CY + 0.5))
    return "".join(out)


def card_svg(rank: str, suit: str, layout: Layout = NORMAL, letters: dict[str, str] | None = None) -> str:
    """A face; ``letters`` maps a rank to the glyph its indices show (:data:`GREEK_LETTERS`)."""
    color = RED if suit in "HD" else BLACK
    title = f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"
    letter = (letters or {}).get(rank, rank)
    if rank == "A":
        body = ace_body(suit, color, layout)
    elif rank in "JQK":
        body = court_body(rank, color, layout, letter)
    else:
        body = number_body(int(rank), layout)
    defs = (f'<symbol id="s" viewBox="-50 -50 100 100" overflow="visible">{SUIT_SHAPES[suit]}'
            '</symbol>')
    if rank in "JQK":
        defs += ('<pattern id="g" width="10" height="10" patternUnits="userSpaceOnUse"'
                 ' patternTransform="rotate(45)"><path d="M0,5H10M5,0V10" '
                 f'stroke="{GOLD}" stroke-width="0.7" opacity="0.35"/></pattern>')
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
        f'width="{W}" height="{H}">',
        f'<title>{title}</title>',
        f'<defs>{defs}</defs>',
        '<rect x="1" y="1" width="248" height="348" rx="14" fill="#fff" '
        f'stroke="{BORDER}" stroke-width="2"/>',
        f'<g fill="{color}" color="{color}">',
        corner_index(letter, layout),
        '<use href="#i" transform="rotate(180 125 175)"/>',
        body,
        '</g></svg>\n',
    ])


BACKS = {"blue": ("#16264d", "#6f86b8", "#c9d3ea"), "red": ("#6b1623", "#c27882", "#f0d3d7"),
         "green": ("#0f3b29", "#62a283", "#cfe7da")}
"""The backs a player can choose: (ground, pattern line, light trim); blue is ``back.svg``."""


def back_svg(colors: tuple[str, str, str] = BACKS["blue"]) -> str:
    navy, line, light = colors
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
        f'width="{W}" height="{H}">',
        '<title>card back</title>',
        '<defs>',
        '<pattern id="p" width="20" height="20" patternUnits="userSpaceOnUse" '
        'x="11" y="11">',
        f'<rect width="20" height="20" fill="{navy}"/>',
        f'<g fill="none" stroke="{line}" stroke-width="1">',
        '<circle cx="10" cy="10" r="10"/>',
        '<circle r="10"/><circle cx="20" r="10"/>'
        '<circle cy="20" r="10"/><circle cx="20" cy="20" r="10"/>',
        '</g>',
        f'<circle cx="10" cy="10" r="1.6" fill="{line}"/>',
        '</pattern>',
        '</defs>',
        '<rect x="1" y="1" width="248" height="348" rx="14" fill="#fff" '
        f'stroke="{BORDER}" stroke-width="2"/>',
        '<rect x="12" y="12" width="226" height="326" rx="8" fill="url(#p)"/>',
        '<rect x="12" y="12" width="226" height="326" rx="8" fill="none" '
        f'stroke="{navy}" stroke-width="2"/>',
        '<rect x="19" y="19" width="212" height="312" rx="5" fill="none" '
        f'stroke="{light}" stroke-width="1.5"/>',
        # central medallion
        f'<ellipse cx="125" cy="175" rx="52" ry="72" fill="{navy}" stroke="{light}" '
        'stroke-width="2"/>',
        f'<ellipse cx="125" cy="175" rx="45" ry="65" fill="none" stroke="{line}" '
        'stroke-width="1.2"/>',
        f'<g fill="none" stroke="{light}" stroke-width="2">',
        '<path d="M125,125L150,175 125,225 100,175Z"/>',
        f'<path d="M125,140L140,175 125,210 110,175Z" stroke="{line}" stroke-width="1.2"/>',
        '</g>',
        f'<circle cx="125" cy="175" r="5" fill="{light}"/>',
        '</svg>\n',
    ])


def looks_css() -> str:
    """The rules that show a chosen look in place of the usual images: the faces with big indices
    (``<html data-cards="large">``), the other backs (``<html data-back="red">``), and on a page in
    Greek the courts with Greek indices (``<html lang="el">``, big ones with big indices). An
    ``<img>``'s ``content`` replaces its image, so the page's markup stays the same whatever the look."""
    lines = ["/* Generated by devtools/make_cards.py: the card looks a player can choose (issue 25), and the"
             " courts' Greek indices on a page in Greek. */"]
    lines += [f'html[data-cards="large"] img[src$="cards/{r}{s}.svg"] {{ content: url("big/{r}{s}.svg"); }}'
              for s in SUITS for r in RANKS]
    # In Greek the courts show Greek indices, as the page's text names them (after the rules above,
    # which they outrank or follow: a page in Greek with big indices gets el/big/).
    lines += [f'html[lang="el"] img[src$="cards/{r}{s}.svg"] {{ content: url("el/{r}{s}.svg"); }}'
              for s in SUITS for r in GREEK_LETTERS]
    lines += [f'html[lang="el"][data-cards="large"] img[src$="cards/{r}{s}.svg"] '
              f'{{ content: url("el/big/{r}{s}.svg"); }}' for s in SUITS for r in GREEK_LETTERS]
    lines += [f'html[data-back="{name}"] img[src$="cards/back.svg"] {{ content: url("backs/{name}.svg"); }}'
              for name in BACKS if name != "blue"]
    return "\n".join(lines) + "\n"


def generate(outdir: str) -> list[str]:
    """Write all 53 SVG files into outdir, the looks (``big/``, ``backs/``, ``looks.css``) and the Greek
    courts (``el/``, ``el/big/``) beside them; return the list of paths."""
    os.makedirs(os.path.join(outdir, "big"), exist_ok=True)
    os.makedirs(os.path.join(outdir, "backs"), exist_ok=True)
    os.makedirs(os.path.join(outdir, "el", "big"), exist_ok=True)
    written = []
    files = [(f"{r}{s}.svg", card_svg(r, s)) for s in SUITS for r in RANKS]
    files.append(("back.svg", back_svg()))
    files += [(f"big/{r}{s}.svg", card_svg(r, s, BIG)) for s in SUITS for r in RANKS]
    files += [(f"backs/{name}.svg", back_svg(colors)) for name, colors in BACKS.items() if name != "blue"]
    files += [(f"el/{r}{s}.svg", card_svg(r, s, letters=GREEK_LETTERS)) for s in SUITS for r in GREEK_LETTERS]
    files += [(f"el/big/{r}{s}.svg", card_svg(r, s, BIG, GREEK_LETTERS)) for s in SUITS for r in GREEK_LETTERS]
    files.append(("looks.css", looks_css()))
    for name, text in files:
        path = os.path.join(outdir, name)
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv:
        outdir = argv[0]
    else:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        outdir = os.path.join(root, "static", "cards")
    paths = generate(outdir)
    print(f"wrote {len(paths)} files to {outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
