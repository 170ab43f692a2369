"""Smoke tests: the runtime loads offline, the page becomes ready, the config is complete."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_interpreter_module_loads_the_package_as_one_zip():
    # devtools/serve.py makes kseri.zip from kseri/ on request; tests/test_pack.py checks its content.
    # static/pyodide-start.mjs fetches it while the interpreter starts and unpacks it; PyScript's
    # [files] would fetch it a second time.
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert "files" not in config
    start = (ROOT / "static" / "pyodide-start.mjs").read_text(encoding="utf-8")
    assert 'new URL("../kseri.zip", import.meta.url)' in start


def test_pyscript_toml_uses_the_local_runtime():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    # A small module of ours starts the local Pyodide (from a snapshot on a return visit).
    assert config.get("interpreter") == "./static/pyodide-start.mjs"
    start = (ROOT / "static" / "pyodide-start.mjs").read_text(encoding="utf-8")
    assert 'from "../runtime/pyodide/pyodide.mjs"' in start
    assert "://" not in start, "the runtime is loaded from the site itself"
    assert "packages" not in config, "packages = pulls micropip and wheels from outside; ship code in kseri.zip"


@pytest.mark.browser
@pytest.mark.first_visit
def test_page_becomes_ready_offline(open_game, page_watch, site_url):
    page = open_game()
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "fresh"
    # The loading indicator is gone and the placeholder reports Python is running.
    assert not page.locator("#loading").is_visible()
    assert page.locator("body").get_attribute("data-ready") == "true"
    assert page_watch.problems() == []
    # The runtime really came from our own server.
    assert f"{site_url}/runtime/pyodide/pyodide.asm.wasm" in page_watch.requests
    assert f"{site_url}/runtime/pyodide/python_stdlib.zip" in page_watch.requests


@pytest.mark.browser
def test_pages_start_as_a_return_visit_unless_marked(open_game):
    """The harness's default start (conftest's RETURN_VISIT_JS): if the page stopped using the
    snapshot there, every test would still pass, only slower."""
    page = open_game("?seed=3")
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"


@pytest.mark.browser
@pytest.mark.first_visit
def test_loading_indicator_shows_before_ready(game_page, site_url):
    game_page.goto(f"{site_url}/index.html", wait_until="commit")
    game_page.wait_for_selector("#loading", state="attached")
    if game_page.locator("body").get_attribute("data-ready") != "true":
        assert game_page.locator("#loading").is_visible()


@pytest.mark.browser
def test_server_serves_wasm_with_its_mime_type(site_url, game_page):
    headers = {}
    for path in ("runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/pyodide.mjs"):
        response = game_page.request.head(f"{site_url}/{path}")
        headers[path] = response.headers["content-type"]
    assert headers["runtime/pyodide/pyodide.asm.wasm"] == "application/wasm"
    assert headers["runtime/pyodide/pyodide.mjs"].startswith("text/javascript")


# ----------------------------------------------------------------- the harness itself


@pytest.mark.browser
def test_harness_sees_off_origin_requests(game_page, page_watch, site_url):
    game_page.goto(f"{site_url}/static/favicon.svg")
    game_page.evaluate("() => fetch('https://example.com/x').catch(() => null)")
    assert any("example.com" in r for r in page_watch.off_origin)
    page_watch.clear()


@pytest.mark.browser
def test_harness_fails_fast_on_python_error(game_page, page_watch, site_url):
    game_page.route("**/static/main.py", lambda route: route.fulfill(
        status=200, content_type="text/plain", body="raise RuntimeError('boom from the test')\n"))
    game_page.goto(f"{site_url}/index.html")
    with pytest.raises(pytest.fail.Exception, match="boom from the test"):
        page_watch.wait_ready(game_page, timeout=60)
    page_watch.clear()
