"""The loading screen speaks the page's language before Python runs (issue 24): static/first-paint.js
decides the language as :func:`kseri.i18n.choose_language` does and its Greek is the catalog's."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from kseri import i18n
from kseri.web.page_text import PAGE_TEXT

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "static" / "first-paint.js"


def script_texts() -> dict[str, str]:
    """The script's Greek, by selector (and ``title``)."""
    source = SCRIPT.read_text(encoding="utf-8")
    found = dict(re.findall(r'"([^"]+)": "([^"]+)"', source))
    found["title"] = re.search(r'title: "([^"]+)"', source).group(1)
    return found


def test_its_greek_is_the_catalogs():
    texts = script_texts()
    i18n.set_language("el")
    try:
        for selector, where, msgid in PAGE_TEXT:
            if selector in texts:
                assert where == "text" and texts[selector] == i18n._(msgid), selector
        assert texts["title"] == i18n._("Kseri — the Greek card game")
    finally:
        i18n.set_language("en")
    assert {"#loading .logo", "#loading .tagline", "#loading .splash-text", "#loading .splash-small"} <= set(texts)


def test_the_page_runs_it_right_after_the_loading_screen_as_a_classic_script():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    tag = '<script src="./static/first-paint.js"></script>'
    assert html.count(tag) == 1
    assert html.index('id="loading"') < html.index(tag) < html.index('id="app"')


RUN_JS = """
const [param, saved, languages] = JSON.parse(process.argv[1]);
const elements = {};
globalThis.document = {
  documentElement: {dataset: {}},
  title: "",
  querySelectorAll: (s) => { elements[s] = elements[s] || {textContent: "en", dataset: {}}; return [elements[s]]; },
};
globalThis.localStorage = {getItem: () => saved};
globalThis.location = {search: param ? "?lang=" + param : ""};
Object.defineProperty(globalThis, "navigator", {value: {languages, language: languages[0]}});
require(process.argv[2]);
const logo = (elements["#loading .logo"] || {}).textContent;
console.log(JSON.stringify([document.documentElement.lang, document.title, logo]));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
@pytest.mark.parametrize(("param", "saved", "languages"), [
    ("el", "", ["en-US"]), ("", "el", ["en-US"]), ("", "", ["el-GR", "en"]), ("", "", ["de", "en-GB", "el"]),
    ("fr", "", ["el"]), ("en", "el", ["el"]), ("", "", ["fr"]),
])
def test_it_decides_as_python_does(tmp_path, param, saved, languages):
    copy = tmp_path / "first-paint.cjs"
    copy.write_text(SCRIPT.read_text(encoding="utf-8"), encoding="utf-8")
    out = subprocess.run(["node", "-e", RUN_JS, json.dumps([param, saved, languages]), str(copy)],
                         capture_output=True, text=True, check=True).stdout
    lang, title, logo = json.loads(out)
    assert lang == i18n.choose_language(param=param, saved=saved, preferred=languages)
    assert (title, logo) == (("Ξερή — το ελληνικό παιχνίδι με την τράπουλα", "Ξερή") if lang == "el" else ("", None))
