"""The catalog (kseri/i18n): every marked string is in the Greek .po, the .mo is the .po compiled,
plurals and placeholders agree, the language choice, and the start-up cost."""

from __future__ import annotations

import ast
import gettext
import io
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest

from devtools import msgfmt
from devtools.pagemessages import page_messages
from kseri import i18n
from kseri.scenes.lessons import LESSONS

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "kseri" / "i18n" / "locale" / "el" / "LC_MESSAGES" / "kseri.po"
MO = PO.with_suffix(".mo")
MARKERS = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2}
"""The calls that mark a message, and how many of their first arguments are msgids."""


def marked_messages(root: Path = ROOT / "kseri") -> dict[tuple[str, ...], str]:
    """``{msgid or (singular, plural): where}`` for every marked literal in the package (the stdlib ``ast``,
    the same calls Babel's extractor finds with ``-k _ -k N_ -k ngettext:1,2``)."""
    found: dict[tuple[str, ...], str] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
                args = node.args[:MARKERS[node.func.id]]
                if args and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
                    key = tuple(a.value for a in args if isinstance(a, ast.Constant))
                    if node.func.id == "pgettext":
                        key = (f"{key[0]}\x04{key[1]}",)
                    found.setdefault(key, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def lesson_messages() -> dict[tuple[str, ...], str]:
    """The lessons' texts (data: ``kseri/scenes/lessons.json``, read by :mod:`kseri.scenes.lessons`)."""
    return {(text,): f"kseri/scenes/lessons.json ({name})" for name, script in LESSONS.items()
            for text in script.messages()}


def every_message() -> dict[tuple[str, ...], str]:
    """The package's marked messages, the lessons' texts and the static pages' ``data-i18n`` elements
    (devtools/pagemessages.py)."""
    return {**{(msgid,): where for msgid, where in page_messages().items()}, **lesson_messages(), **marked_messages()}


@pytest.fixture(scope="module")
def catalog() -> dict[tuple[str, ...], msgfmt.Entry]:
    entries = msgfmt.parse_po(PO.read_text(encoding="utf-8"))
    return {(e.msgid if e.msgctxt is None else f"{e.msgctxt}\x04{e.msgid}",) if e.msgid_plural is None
            else (e.msgid, e.msgid_plural): e for e in entries if e.msgid}


@pytest.fixture
def greek():
    i18n.set_language("el")
    yield
    i18n.set_language("en")


def test_the_marker_finder_sees_every_kind_of_mark():
    found = marked_messages()
    assert ("Your turn",) in found and ("{n} kseri", "{n} kseris") in found and ("Hint",) in found
    assert len(found) > 150


def test_the_pages_marked_messages_are_found():
    found = page_messages()
    assert "The deal" in found and found["The deal"].startswith("index.html:")
    assert any(msgid.startswith("Play a card of the <b>same rank</b> as the top card and") for msgid in found)


def test_every_marked_message_has_its_greek(catalog):
    missing = [f"{where}: {key}" for key, where in every_message().items()
               if key not in catalog or not all(catalog[key].msgstr.get(i) for i in range(len(key)))]
    assert not missing, "not in kseri.po (or untranslated): " + "; ".join(missing[:10])
    assert not any(entry.fuzzy for entry in catalog.values())


def test_the_catalog_holds_nothing_no_code_asks_for(catalog):
    stale = sorted(set(catalog) - set(every_message()))
    assert not stale, f"in kseri.po but marked nowhere: {stale[:10]}"


def test_the_shipped_mo_is_the_po_compiled():
    assert MO.read_bytes() == msgfmt.compile_file(PO), "run: python3 -m devtools.msgfmt"


def test_placeholders_and_markup_agree(catalog):
    for key, entry in catalog.items():
        for index, text in entry.msgstr.items():
            source = key[min(index, len(key) - 1)]
            # A singular Greek form may leave the number out ("το τελευταίο φύλλο"): only names it uses must exist.
            used, known = set(re.findall(r"\{(\w*)\}", text)), set(re.findall(r"\{(\w*)\}", "".join(key)))
            source = source.split("\x04")[-1]
            assert used <= known, (key, text)
            if index == len(key) - 1:
                assert used == set(re.findall(r"\{(\w*)\}", source)), (key, text)
            elif len(key) == 2:  # a singular that names no number ("the last card") has none in Greek either
                assert used <= set(re.findall(r"\{(\w*)\}", key[0])), (key, text)
            assert re.findall(r"</?\w+>", text) == re.findall(r"</?\w+>", source), (key, text)


def test_greek_text_names_the_courts_as_their_faces_print_them(catalog):
    """Greek writes Ρ Ν Β for K Q J and Α for the ace (docs/rules.md, "Greek rank letters"), and on a Greek
    page the courts' faces print them too: no Greek message, nor the Greek guide's scene titles, names a
    card K♥, Q♠ or A♣ (a Latin A, which looks the same, was found in a lesson's caption); and no Greek word
    hides a Latin letter."""
    latin_court = re.compile(r"\b[AKQJ][♠♥♦♣]")
    mixed_word = re.compile(r"\b(?=\w*[α-ωά-ώΑ-ΩΆ-Ώ])(?=\w*[A-Za-z])\w+")
    for key, entry in catalog.items():
        for text in entry.msgstr.values():
            assert not latin_court.search(text), (key, text)
            assert not mixed_word.search(re.sub(r"\{\w*\}|<[^>]+>", " ", text)), (key, text)
    guide = urllib.parse.unquote((ROOT / "guide.el.html").read_text(encoding="utf-8"))
    assert not latin_court.search(guide), latin_court.search(guide)


def test_plural_forms_in_both_languages(greek):
    header = msgfmt.parse_po(PO.read_text(encoding="utf-8"))[0]
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header.msgstr[0]
    assert "charset=UTF-8" in header.msgstr[0]
    forms = [i18n.ngettext("{n} kseri", "{n} kseris", n).format(n=n) for n in (0, 1, 2, 5)]
    assert forms == ["0 ξερές", "1 ξερή", "2 ξερές", "5 ξερές"]
    i18n.set_language("en")
    assert [i18n.ngettext("{n} kseri", "{n} kseris", n).format(n=n) for n in (0, 1, 2)] == [
        "0 kseris", "1 kseri", "2 kseris"]


def test_msgfmt_output_is_what_gettext_reads():
    po = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#, fuzzy
msgid "Draft"
msgstr "Πρόχειρο"

msgid "Untranslated"
msgstr ""

msgctxt "rank"
msgid "jack"
msgstr "βαλές"

msgid "A long "
"line"
msgstr "Μια μεγάλη "
"γραμμή \\"με\\" εισαγωγικά"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} φύλλο"
msgstr[1] "{n} φύλλα"
'''
    translations = gettext.GNUTranslations(io.BytesIO(msgfmt.compile_mo(msgfmt.parse_po(po))))
    assert translations.gettext("A long line") == 'Μια μεγάλη γραμμή "με" εισαγωγικά'
    assert translations.pgettext("rank", "jack") == "βαλές"
    assert translations.ngettext("{n} card", "{n} cards", 1) == "{n} φύλλο"
    assert translations.ngettext("{n} card", "{n} cards", 7) == "{n} φύλλα"
    assert translations.gettext("Draft") == "Draft" and translations.gettext("Untranslated") == "Untranslated"


def test_msgfmt_refuses_a_broken_po():
    with pytest.raises(msgfmt.PoError, match="line 2"):
        msgfmt.parse_po('msgid "a"\nmsgstr nope\n')


def test_msgfmt_check_mode_passes_on_the_committed_catalog():
    run = subprocess.run([sys.executable, "-m", "devtools.msgfmt", "--check"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize(("param", "saved", "preferred", "expected"), [
    ("", "", ["el-GR", "en-US"], "el"),
    ("", "", ["en-US", "el"], "en"),
    ("", "", ["de-DE", "fr", "el"], "el"),
    ("", "", ["de-DE"], "en"),
    ("", "", [], "en"),
    ("", "el", ["en-US"], "el"),
    ("", "en", ["el-GR"], "en"),
    ("el", "en", ["en-US"], "el"),
    ("en", "el", ["el"], "en"),
    ("EL", "", [], "el"),
    ("xx", "", ["el"], "el"),
    ("", "garbage", ["en"], "en"),
    ("", None, [None, 3, "el_GR"], "el"),
])
def test_language_choice(param, saved, preferred, expected):
    assert i18n.choose_language(param=param, saved=saved, preferred=preferred) == expected


def test_set_language_falls_back_to_english():
    assert i18n.set_language("fr") == "en" and i18n.language() == "en"
    assert i18n._("Your turn") == "Your turn"


@pytest.mark.parametrize(("code", "english", "greek_name"), [
    ("10D", "ten of diamonds", "δεκάρι καρό"), ("JC", "jack of clubs", "βαλές σπαθί"),
    ("AH", "ace of hearts", "άσος κούπα"), ("QS", "queen of spades", "ντάμα μπαστούνι"),
    ("KD", "king of diamonds", "ρήγας καρό"), ("7C", "seven of clubs", "εφτάρι σπαθί"),
])
def test_card_names(code, english, greek_name):
    from kseri.engine.cards import Card
    assert i18n.card_name(code) == english == Card.parse(code).name
    i18n.set_language("el")
    try:
        assert i18n.card_name(code) == greek_name
    finally:
        i18n.set_language("en")


def test_every_card_has_a_greek_name(greek):
    from kseri.engine.cards import RANK_CODES, SUITS
    names = {i18n.card_name(rank + suit) for rank in RANK_CODES for suit in SUITS}
    assert len(names) == 52 and not any(re.search(r"[A-Za-z]", name) for name in names)


def test_start_up_cost_is_small():
    """Importing the catalog module and loading the Greek catalog, in a fresh interpreter, pulls in
    nothing heavy (the time itself is measured by ``benchmarks/i18n_startup.py``, not here: these
    machines are noisy)."""
    code = "import kseri.i18n as i; i.set_language('el')"
    run = subprocess.run([sys.executable, "-X", "importtime", "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-500:]
    # grown with the seatings of #12, the words of #24, the lessons of #25, friends' matches of #27, the rules
    # audit of 2026-12-06, the house rules in each table's word and in scenes (2026-12-07), the rules' note
    # for every seating and the newcomer's words (2026-12-07, later)
    assert MO.stat().st_size < 132_000
    heavy = {"babel", "xml", "email", "locale_data"} & {
        line.split("|")[-1].strip().split(".")[0] for line in run.stderr.splitlines()[1:]}
    assert not heavy, heavy


def test_the_catalog_loads_with_the_standard_library():
    """The page reads the catalog with plain ``gettext`` (how long that takes is
    ``benchmarks/i18n_startup.py``'s to measure, not a test's: these machines are noisy)."""
    with MO.open("rb") as fp:
        catalog = gettext.GNUTranslations(fp)
    assert catalog.gettext("You") != "You"


def test_babel_extracts_exactly_the_messages_the_catalog_holds(catalog):
    """The maintained extractor (Babel's, as ``pybabel extract -k N_ -k ngettext:1,2 -k pgettext:1c,2``)
    finds the same Python messages as this file's finder, so the catalog is complete by either measure
    (this file's finder reads the syntax tree, so it also sees calls inside f-strings on Python 3.11)."""
    from babel.messages.extract import extract_from_dir
    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
    found: set[tuple[str, ...]] = set()
    for _filename, _lineno, message, _comments, context in extract_from_dir(
            str(ROOT / "kseri"), keywords=keywords, comment_tags=()):
        key = (message,) if isinstance(message, str) else tuple(message)
        if context:
            key = (f"{context}\x04{key[0]}",)
        found.add(key)
    if sys.version_info >= (3, 12):
        assert found == set(marked_messages())
    else:  # Python 3.11's tokenizer gives an f-string as one token: Babel cannot see a _() inside one
        assert found <= set(marked_messages()) and len(found) > 200
    assert found <= set(catalog)


def test_no_message_is_in_the_catalog_twice():
    entries = msgfmt.parse_po(PO.read_text(encoding="utf-8"))
    keys = [(e.msgctxt, e.msgid) for e in entries]
    assert len(keys) == len(set(keys)), sorted({k for k in keys if keys.count(k) > 1})
