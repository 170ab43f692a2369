"""Compile gettext catalogs: ``kseri/**/*.po`` -> the ``.mo`` beside each (pure standard library).

The page reads its Greek from ``kseri/i18n/locale/el/LC_MESSAGES/kseri.mo``
(:mod:`kseri.i18n`, with :class:`gettext.GNUTranslations`). The ``.po`` is the
source that people edit; ``python3 -m devtools.msgfmt`` writes the ``.mo`` (commit
both: ``tests/table/test_i18n.py`` fails when the ``.mo`` is not the ``.po``
compiled). Neither ``scripts/serve`` nor the build needs Babel or GNU gettext.

Supported: ``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr``, ``msgstr[n]``,
continued strings, comments; entries marked ``#, fuzzy`` and untranslated ones are
left out (gettext then shows the English), the header is kept.
"""

from __future__ import annotations

import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class PoError(Exception):
    """A ``.po`` file that cannot be read (one line, with the line number)."""


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False
    line: int = 0


def parse_po(text: str) -> list[Entry]:
    """The entries of a ``.po`` file, in order (the header is the one with ``msgid ""``)."""
    entries: list[Entry] = []
    entry: Entry | None = None
    section: tuple[str, int] | None = None
    fuzzy = False

    def finish() -> None:
        nonlocal entry
        if entry is not None:
            entries.append(entry)
        entry = None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            keyword, rest = "", line
        elif keyword == "msgctxt" or (keyword == "msgid" and not (
                entry is not None and section is not None and section[0] == "msgctxt")):
            finish()
            entry = Entry(fuzzy=fuzzy, line=number)
            fuzzy = False
            section = None
        if entry is None:
            raise PoError(f"line {number}: {line[:40]!r} outside an entry")
        try:
            value = ast.literal_eval(rest.strip()) if rest.strip() else ""
        except (ValueError, SyntaxError):
            raise PoError(f"line {number}: not a quoted string: {rest[:40]!r}") from None
        if not isinstance(value, str):
            raise PoError(f"line {number}: not a quoted string")
        if keyword == "":
            if section is None:
                raise PoError(f"line {number}: a continued string with nothing before it")
            keyword = section[0]
        if keyword == "msgctxt":
            entry.msgctxt = (entry.msgctxt or "") + value if section and section[0] == "msgctxt" else value
            section = ("msgctxt", 0)
        elif keyword == "msgid":
            entry.msgid = (entry.msgid + value) if section and section[0] == "msgid" else value
            section = ("msgid", 0)
        elif keyword == "msgid_plural":
            entry.msgid_plural = (entry.msgid_plural or "") + value if section and section[0] == keyword else value
            section = ("msgid_plural", 0)
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            index = 0 if keyword == "msgstr" else int(keyword[7:-1])
            if section and section[0] == "msgstr" and section[1] == index and not line.startswith("msgstr"):
                entry.msgstr[index] += value
            else:
                entry.msgstr[index] = value
            section = ("msgstr", index)
        else:
            raise PoError(f"line {number}: unknown keyword {keyword!r}")
    finish()
    return entries


def compile_mo(entries: list[Entry]) -> bytes:
    """The ``.mo`` bytes (GNU format, little-endian, no hash table) of ``entries``; deterministic."""
    messages: dict[bytes, bytes] = {}
    for entry in entries:
        translated = [entry.msgstr.get(i, "") for i in range(max(entry.msgstr, default=0) + 1)]
        if entry.fuzzy and entry.msgid:
            continue
        if entry.msgid and not all(translated):
            continue
        key = entry.msgid
        if entry.msgid_plural is not None:
            key += "\0" + entry.msgid_plural
        if entry.msgctxt is not None:
            key = entry.msgctxt + "\x04" + key
        messages[key.encode("utf-8")] = "\0".join(translated).encode("utf-8")
    keys = sorted(messages)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(messages[k] + b"\0" for k in keys)
    header_size = 7 * 4
    table_size = len(keys) * 8
    ids_start = header_size + 2 * table_size
    strs_start = ids_start + len(ids)
    offsets_ids, offsets_strs = [], []
    position = 0
    for k in keys:
        offsets_ids += [len(k), ids_start + position]
        position += len(k) + 1
    position = 0
    for k in keys:
        offsets_strs += [len(messages[k]), strs_start + position]
        position += len(messages[k]) + 1
    header = struct.pack("<7I", 0x950412DE, 0, len(keys), header_size, header_size + table_size, 0, 0)
    return (header + struct.pack(f"<{len(offsets_ids)}I", *offsets_ids)
            + struct.pack(f"<{len(offsets_strs)}I", *offsets_strs) + ids + strs)


def compile_file(po: Path) -> bytes:
    return compile_mo(parse_po(po.read_text(encoding="utf-8")))


def catalogs(root: Path = ROOT) -> list[Path]:
    """Every ``.po`` under ``kseri/``, sorted."""
    return sorted((root / "kseri").rglob("*.po"))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    stale = []
    for po in catalogs():
        try:
            data = compile_file(po)
        except PoError as exc:
            print(f"msgfmt: {po.relative_to(ROOT)}: {exc}", file=sys.stderr)
            return 1
        mo = po.with_suffix(".mo")
        if mo.is_file() and mo.read_bytes() == data:
            continue
        stale.append(mo)
        if not check:
            mo.write_bytes(data)
            print(f"msgfmt: wrote {mo.relative_to(ROOT)} ({len(data)} bytes)")
    if check and stale:
        print("msgfmt: out of date: " + ", ".join(str(m.relative_to(ROOT)) for m in stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
