"""Content-Security-Policy: every page declares a strict policy, and plays under it.

Each page carries its policy as a ``<meta http-equiv="Content-Security-Policy">`` right
after ``<meta charset>``, before anything that loads. The two pages that run Python
(``index.html``, ``embed.html``, ``embed-runtime.html``) need ``'unsafe-eval'`` (PyScript and Pyodide build code
with ``Function``; without it the page never gets ready), and the two that draw (``index.html``,
``embed.html``) inline style attributes: the table and the scenes are drawn as HTML with CSS custom
properties in ``style="--i:…"`` (a card's place in a fan, a count, a depth, a share of the race to the
target; 74 of them on a game page after one card, 12 on a scene, none from PyScript itself). The pages' own
markup has none (checked below). No page loads a
``data:`` image: the style sheets' small SVGs are files in ``static/img/``. The
documentation pages only frame the site's own pages (``embed.html`` and the shared runtime,
``embed-runtime.html``) and connect nowhere; the guide runs no script at all, the embedding docs
only their copy buttons' (``script-src 'self'``, no eval).

The harness (``conftest.py``) fails every browser test on any violation; here each page
is loaded under its policy, and the harness is shown to notice a violation.
"""

from __future__ import annotations

import time
from html.parser import HTMLParser
from pathlib import Path

import pytest

from .conftest import READY_TIMEOUT, wait_ready

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("index.html", "embed.html", "embed-runtime.html", "guide.html", "guide.el.html", "embed-docs.html",
         "embed-docs.el.html")
SCRIPTED = ("index.html", "embed.html", "embed-runtime.html")
COPY_BUTTONS = ("embed-docs.html", "embed-docs.el.html")
"""Documentation pages with a script of their own (``static/embed/copy.js``): ``'self'`` only."""
# The only directives a page may use, and the only sources each may allow.
ALLOWED = {
    "default-src": {"'none'"},
    "script-src": {"'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"},
    "style-src": {"'self'"},
    "style-src-attr": {"'unsafe-inline'"},
    "img-src": {"'self'"},
    "connect-src": {"'self'"},
    "worker-src": {"'self'"},
    "frame-src": {"'self'"},
    "manifest-src": {"'self'"},
    "base-uri": {"'none'"},
    "form-action": {"'none'"},
}
_READY = "() => !!document.body && document.body.dataset.ready === 'true'"


class _Head(HTMLParser):
    """The elements of ``<head>`` in order, and whether the page has inline code."""

    def __init__(self) -> None:
        super().__init__()
        self.head: list[tuple[str, dict[str, str | None]]] = []
        self.in_head = False
        self.inline: list[str] = []
        self._script_src: bool | None = None
        self._script_text = ""

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "head":
            self.in_head = True
        elif self.in_head:
            self.head.append((tag, attributes))
        if tag == "style":
            self.inline.append("<style>")
        if tag == "script":
            self._script_src, self._script_text = attributes.get("src") is not None, ""
        self.inline.extend(f"<{tag} {name}>" for name in attributes if name.startswith("on") or name == "style")

    def handle_data(self, data):
        if self._script_src is not None:
            self._script_text += data

    def handle_endtag(self, tag):
        if tag == "head":
            self.in_head = False
        if tag == "script":
            if not self._script_src or self._script_text.strip():
                self.inline.append(f"<script> with inline code {self._script_text.strip()[:40]!r}")
            self._script_src = None


def _parse(name: str) -> _Head:
    parser = _Head()
    parser.feed((ROOT / name).read_text(encoding="utf-8"))
    return parser


def page_policy(name: str) -> str:
    """The content of the page's CSP ``<meta>`` (asserting it is the first thing after the charset)."""
    head = _parse(name).head
    metas = [i for i, (tag, attrs) in enumerate(head)
             if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "content-security-policy"]
    assert len(metas) == 1, f"{name}: {len(metas)} CSP <meta> tags in <head>"
    before = [tag for tag, attrs in head[:metas[0]] if not (tag == "meta" and "charset" in attrs)]
    assert before == [], f"{name}: the CSP <meta> comes after {before}; it must come first (after the charset)"
    return head[metas[0]][1]["content"] or ""


def directives(policy: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            assert words[0] not in out, f"{words[0]} twice"
            out[words[0]] = words[1:]
    return out


@pytest.mark.parametrize("name", PAGES)
def test_page_declares_a_strict_policy_first_in_head(name):
    policy = directives(page_policy(name))
    assert policy.get("default-src") == ["'none'"]
    assert policy.get("base-uri") == ["'none'"] and policy.get("form-action") == ["'none'"]
    for directive, sources in policy.items():
        assert directive in ALLOWED, f"{name}: unexpected directive {directive}"
        assert set(sources) <= ALLOWED[directive], f"{name}: {directive} {sources}"
    if name in SCRIPTED:
        assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
    else:  # the documentation pages run no Python and connect nowhere
        assert policy.get("script-src") == (["'self'"] if name in COPY_BUTTONS else None)
        assert "connect-src" not in policy and "worker-src" not in policy
        assert policy["frame-src"] == ["'self'"]


@pytest.mark.parametrize("name", PAGES)
def test_page_has_no_inline_script_or_style_element(name):
    assert _parse(name).inline == [], f"{name}: CSP forbids inline code; move it to a file under static/"


def _wait_frames_ready(page, watch, site_url, count: int) -> None:
    deadline = time.monotonic() + READY_TIMEOUT
    while True:
        frames = [f for f in page.frames if f.url.startswith(f"{site_url}/embed.html")]
        ready = sum(1 for f in frames if f.evaluate(_READY))
        if len(frames) == count and ready == count:
            return
        assert not watch.page_errors and not watch.csp_violations, watch.problems()
        assert time.monotonic() < deadline, f"{ready} of {count} embedded scenes ready"
        page.wait_for_timeout(250)


@pytest.mark.browser
@pytest.mark.parametrize("name", [name for name in PAGES if name != "embed-runtime.html"])  # in the guides' frames
def test_page_gets_ready_under_its_policy_with_no_violation(name, game_page, page_watch, site_url):
    page = game_page
    page.set_viewport_size({"width": 1280, "height": 900})
    suffix = {"index.html": "?seed=5&level=easy", "embed.html": "?scene=pile=10D;hands=10S,3H|KC,8D;plays=10S"}
    page.goto(f"{site_url}/{name}{suffix.get(name, '')}")
    meta = page.evaluate("() => document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')?.content")
    assert meta == page_policy(name)
    if name in SCRIPTED:
        wait_ready(page, page_watch)
    else:
        frames = page.locator("iframe:not([name=kseri-runtime])")
        # Lazy frames load once near the viewport. Scrolled by the page itself: Playwright's own
        # scroll_into_view_if_needed on a frame still loading failed once in CI ("Unable to adopt
        # element handle from a different document").
        for i in range(frames.count()):
            frames.nth(i).evaluate("frame => frame.scrollIntoView({block: 'center'})")
        _wait_frames_ready(page, page_watch, site_url, frames.count())
    if name == "index.html":  # play a card: the table is redrawn, the bot answers
        page.locator("#hand [data-card]:enabled").first.click()
        page.wait_for_function("() => document.querySelectorAll('#hand [data-card]').length === 5")
    page.wait_for_timeout(300)
    for frame in page.frames:
        assert frame.evaluate("() => window.__cspViolations") == [], frame.url
    assert page_watch.csp_violations == []


@pytest.mark.browser
def test_policy_is_enforced_and_the_harness_sees_violations(game_page, page_watch, site_url):
    page = game_page
    page.goto(f"{site_url}/embed.html?scene=pile=10D;hands=10S|KC;plays=10S")
    wait_ready(page, page_watch)
    ran = page.evaluate("""() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      const style = document.createElement('style');
      style.textContent = 'body { outline: 1px solid red }';
      document.head.append(style);
      return window.__inlineRan === true;
    }""")
    assert ran is False
    page.wait_for_function("() => window.__cspViolations.length >= 2")
    deadline = time.monotonic() + 10
    while len(page_watch.csp_violations) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    seen = " | ".join(page_watch.csp_violations)
    assert "script-src-elem blocked inline" in seen and "style-src-elem blocked inline" in seen, seen
    page_watch.clear()
