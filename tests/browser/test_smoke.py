"""Smoke tests: the runtime loads offline, the page becomes ready, the config is complete."""

from __future__ import annotations

import tomllib
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _files_table() -> dict[str, str]:
    """``[files]`` of pyscript.toml with ``{NAME}`` templates expanded."""
    table = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8")).get("files", {})
    templates = {k: v for k, v in table.items() if k.startswith("{") and k.endswith("}") and "/" not in k}

    def expand(text: str) -> str:
        for name, value in templates.items():
            text = text.replace(name, value)
        return text

    return {expand(src): expand(dest) for src, dest in table.items() if src not in templates}


def _norm(path: str) -> str:
    return str(PurePosixPath(path.removeprefix("./")))


def _listed_sources() -> dict[str, str]:
    """Source path (repo-relative) -> destination path in the page's file system."""
    out = {}
    for src, dest in _files_table().items():
        name = PurePosixPath(src).name
        out[_norm(src)] = _norm(dest + name) if dest.endswith("/") else _norm(dest)
    return out


def test_every_kseri_module_is_listed_in_pyscript_toml():
    on_disk = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "kseri").rglob("*.py") if "__pycache__" not in p.parts)
    listed = _listed_sources()
    missing = [p for p in on_disk if p not in listed]
    lines = "".join(f'\n"./{p}" = "./{PurePosixPath(p).parent}/"' for p in missing)
    assert not missing, f"add to [files] in pyscript.toml:{lines}"
    misplaced = {p: listed[p] for p in on_disk if listed[p] != p}
    assert not misplaced, f"these land at the wrong place in the page (source -> destination): {misplaced}"


def test_every_listed_file_exists():
    # A missing [files] entry makes the page fail to start.
    missing = [src for src in _listed_sources() if not (ROOT / src).is_file()]
    assert not missing, f"pyscript.toml lists files that do not exist: {missing}"


def test_pyscript_toml_uses_the_local_runtime():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config.get("interpreter") == "./runtime/pyodide/pyodide.mjs"
    assert "packages" not in config, "packages = pulls micropip and wheels from outside; ship code via [files]"


@pytest.mark.browser
def test_page_becomes_ready_offline(open_game, page_watch, site_url):
    page = open_game()
    # The loading indicator is gone and the placeholder reports Python is running.
    assert not page.locator("#loading").is_visible()
    assert page.locator("body").get_attribute("data-ready") == "true"
    assert page_watch.problems() == []
    # The runtime really came from our own server.
    assert f"{site_url}/runtime/pyodide/pyodide.asm.wasm" in page_watch.requests
    assert f"{site_url}/runtime/pyodide/python_stdlib.zip" in page_watch.requests


@pytest.mark.browser
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
