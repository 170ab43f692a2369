"""scripts/build and devtools/precache.py: what dist/ holds and what the service worker caches."""

from __future__ import annotations

import json
import tomllib
import zipfile
from pathlib import Path
from typing import ClassVar

import pytest

from devtools import build, precache

ROOT = Path(__file__).resolve().parents[2]



@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    if not (ROOT / "runtime" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("runtime not installed: run scripts/setup", pytrace=False)
    out = tmp_path_factory.mktemp("build") / "dist"
    build.build(out)
    return out


def test_dist_holds_the_whole_site(dist):
    for rel in ("index.html", "embed.html", "embed-runtime.html", "guide.html", "guide.el.html", "embed-docs.html",
                "embed-docs.el.html", "pyscript.toml", "sw.js",
                "manifest.webmanifest", "manifest.el.webmanifest", "precache-manifest.json", ".nojekyll",
                "static/sw-register.js", "static/embed/frame.js", "static/embed/runtime.js", "static/embed/copy.js",
                "static/embed_runtime_main.py",
                "static/icons/icon-192.png", "static/icons/icon-512.png", "static/cards/10D.svg",
                "runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/pyodide-lock.json", "runtime/pyscript/core.js",
                "kseri.zip", "kseri-snapshot.gz"):
        assert (dist / rel).is_file(), rel
    with zipfile.ZipFile(dist / "kseri.zip") as archive:
        names = set(archive.namelist())
    for module in ("kseri/__init__.py", "kseri/scenes/build.py", "kseri/table/share.py", "kseri/web/embed.py"):
        assert module in names, module
    assert sum(name.endswith(".pyc") for name in names) == sum(name.endswith(".py") for name in names)
    assert not (dist / "kseri").exists(), "the package ships inside kseri.zip only"
    config = tomllib.loads((dist / "pyscript.toml").read_text())
    assert (dist / config["interpreter"]).is_file()  # static/pyodide-start.mjs: it unpacks kseri.zip
    assert not (dist / "pyproject.toml").exists() and not (dist / "tests").exists()


def test_precache_manifest_lists_every_file_but_itself_and_the_worker(dist):
    manifest = json.loads((dist / "precache-manifest.json").read_text())
    on_disk = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert set(manifest["files"]) == on_disk - {"precache-manifest.json", "sw.js", ".nojekyll"}
    assert manifest == precache.build_manifest(dist)
    assert len(manifest["version"]) == 16


def test_version_follows_any_change(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html>")
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "a.css").write_text("a{}")
    first = precache.build_manifest(tmp_path)
    (tmp_path / "static" / "a.css").write_text("a{color:red}")
    second = precache.build_manifest(tmp_path)
    assert first["version"] != second["version"]
    assert set(first["files"]) == {"index.html", "static/a.css"}


def test_web_app_manifest(dist):
    greek = json.loads((dist / "manifest.el.webmanifest").read_text(encoding="utf-8"))
    english = json.loads((dist / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert greek["lang"] == "el" and greek["short_name"] == "Ξερή" and greek["icons"] == english["icons"]
    assert {k: v for k, v in greek.items() if k not in ("name", "short_name", "description", "lang")} == {
        k: v for k, v in english.items() if k not in ("name", "short_name", "description", "lang")}
    data = json.loads((dist / "manifest.webmanifest").read_text())
    assert data["short_name"] == "Kseri" and data["start_url"] == "." and data["display"] == "standalone"
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    for icon in data["icons"]:
        assert not icon["src"].startswith(("/", "http")) and (dist / icon["src"]).is_file()
    png = (dist / "static/icons/icon-192.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == 192


def test_pages_register_the_worker_and_the_manifest():
    for page in ("index.html", "embed.html", "embed-runtime.html"):
        html = (ROOT / page).read_text()
        assert '<link rel="manifest" href="./manifest.webmanifest">' in html, page
        assert '<script type="module" src="./static/sw-register.js"></script>' in html, page
        assert '<meta name="theme-color"' in html, page


def test_build_refuses_absolute_urls(tmp_path):
    (tmp_path / "bad.html").write_text('<img src="/static/x.png"><a href="https://example.org/">x</a>')
    with pytest.raises(build.BuildError, match="not a relative URL"):
        build.check_pages(tmp_path)


def test_guide_scenes_are_valid_and_cover_the_worked_examples():
    from html.parser import HTMLParser
    from urllib.parse import parse_qsl, urlsplit

    from kseri.scenes import from_params

    class Frames(HTMLParser):
        srcs: ClassVar[list[str]] = []

        def handle_starttag(self, tag, attrs):
            if tag == "iframe" and dict(attrs).get("name") != "kseri-runtime":
                self.srcs.append(dict(attrs)["src"])

    parser = Frames()
    parser.srcs = []
    parser.feed((ROOT / "guide.html").read_text())
    finals = []
    for src in parser.srcs:
        parts = urlsplit(src)
        assert parts.path == "embed.html"
        scene = from_params(dict(parse_qsl(parts.query)) | dict(parse_qsl(parts.fragment)))
        last = scene.steps[-1]
        finals.append((last.played, last.captured, last.points))
    assert ("10S", ("10D",), (13, 0)) in finals  # docs/rules.md, Greek worked examples: lone 10♦ by 10♠
    assert ("JS", ("10D",), (3, 0)) in finals  # the same by J♠
    assert ("JC", ("JH",), (22, 0)) in finals  # lone J♥ by J♣
    jack_on_empty = [s for s in parser.srcs if "hands=JS,6D|JD,KH;plays=JS,JD" in s]
    assert jack_on_empty
