"""Pages where the browser denies storage (issue #22), in Chromium.

- **A guide on another site.** A page on ``http://localhost:P2`` embeds the game's scenes from
  ``http://127.0.0.1:P1`` (another site, so a third party there). Chromium denies a third party
  every kind of storage when third-party cookies are blocked: in Playwright's own contexts (like
  an incognito window, they block them by default) and in a profile set to block them
  (``profile.cookie_controls_mode = 1``). ``localStorage`` then throws a ``SecurityError``,
  ``indexedDB.open`` fails ("The user denied permission to access the database") and service
  workers are refused. PyScript's loader opened an IndexedDB database before starting Python and
  never started it (``static/storage-stand-ins.mjs``); every scene stayed on "Dealing…".
- **A profile that blocks all site data** (``profile.default_content_setting_values.cookies = 2``,
  "Sites can't save data on your device"): the game's own page, same denial, same hang.

Each test first checks that the storage really is denied where the page runs, so it reproduces
what a reader of such a guide, or such a player, sees.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from devtools import serve as dev_server
from kseri.i18n import _, set_language

from .conftest import READY_TIMEOUT, ROOT, PageWatch, wait_ready
from .test_embed import _step_to_end
from .test_hostile import notices, plays_a_card

pytestmark = pytest.mark.browser

THIRD_PARTY_BLOCKED = {"profile": {"cookie_controls_mode": 1}}
"""Chromium's preference "Block third-party cookies"."""
SITE_DATA_BLOCKED = {"profile": {"default_content_setting_values": {"cookies": 2}}}
"""Chromium's preference "Sites can't save data on your device" (no cookies, no storage at all)."""
SCENE = "embed.html?scene=pile=10D;hands=10S,3H|KC,8D;plays=10S"
STORAGE_OFF = "This browser does not let the page store anything, so the game will not be resumed after a reload."
"""kseri.web.opening.STORAGE_OFF (that module needs the page's ``js``)."""

# Where a page of the game's site runs: what its storage says. (In a frame the shared runtime drew,
# frame.js gave `indexedDB` back; in the others static/pyodide-start.mjs did.)
DENIAL_JS = """async () => {
  let local = 'allowed';
  try { window.localStorage.getItem('x'); } catch (e) { local = e.name; }
  const idb = await new Promise((resolve) => {
    try {
      const request = indexedDB.open('kseri-test-probe');
      request.onsuccess = () => { request.result.close(); resolve('allowed'); };
      request.onerror = (event) => { event.preventDefault(); resolve(request.error.name); };
    } catch (e) { resolve(e.name); }
  });
  return { local, idb };
}"""
DENIED = {"local": "SecurityError", "idb": "UnknownError"}

HOW_DRAWN_JS = """() => ({
  ready: document.body.dataset.ready === 'true', error: document.body.dataset.error ?? null,
  steps: document.querySelector('#board')?.dataset.steps ?? null,
  shared: window.kseriTaken === true, own: document.documentElement.dataset.pythonStart ?? null,
})"""


@contextmanager
def chromium_profile(browser_type: Any, launch_args: dict[str, Any], folder: Path, preferences: dict[str, Any],
                     **context_args: Any) -> Iterator[Any]:
    """A Chromium of its own on a fresh profile with ``preferences`` (as the settings page writes them)."""
    (folder / "Default").mkdir(parents=True)
    (folder / "Default" / "Preferences").write_text(json.dumps(preferences), encoding="utf-8")
    context = browser_type.launch_persistent_context(str(folder), **launch_args, **context_args)
    try:
        yield context
    finally:
        context.close()


@contextmanager
def browser_context(kind: str, browser: Any, browser_type: Any, launch_args: dict[str, Any], folder: Path,
                    ) -> Iterator[Any]:
    """Playwright's default context, or a profile that blocks third-party cookies."""
    if kind == "default context":
        context = browser.new_context(service_workers="allow")
        try:
            yield context
        finally:
            context.close()
    else:
        with chromium_profile(browser_type, launch_args, folder, THIRD_PARTY_BLOCKED,
                              service_workers="allow") as context:
            yield context


def guide_scenes() -> list[str]:
    """The scene addresses of the demo guide (``embed.html?...``, as written in its HTML)."""
    html = (ROOT / "guide.html").read_text(encoding="utf-8")
    return re.findall(r'<iframe src="(embed\.html\?[^"]+)"', html)


def frame_tag(site_url: str, scene: str) -> str:
    return f'<iframe src="{site_url}/{scene}" width="420" height="330" title="A scene"></iframe>'


def guide_site(folder: Path, site_url: str) -> list[str]:
    """Writes a guide for another site into ``folder``: ``index.html`` holds every scene of the demo
    guide and the shared runtime frame, as embed-docs.html says to, and a frame of ``alone.html``, whose
    two scenes find no runtime frame beside them and start their own. Returns the scenes."""
    scenes = guide_scenes()
    head = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{}</title>' \
           '<link rel="icon" href="data:,"></head><body>'
    (folder / "index.html").write_text(
        head.format("A guide on another site") + "<h1>A guide on another site</h1>"
        f'<iframe name="kseri-runtime" src="{site_url}/embed-runtime.html" hidden></iframe>\n'
        + "\n".join(frame_tag(site_url, scene) for scene in scenes)
        + '\n<iframe src="alone.html" width="900" height="360" title="Scenes alone"></iframe></body></html>',
        encoding="utf-8")
    alone = [scenes[1], next(scene for scene in scenes if "rules=sums" in scene)]
    (folder / "alone.html").write_text(
        head.format("Scenes without the runtime frame") + "\n".join(frame_tag(site_url, s) for s in alone)
        + "</body></html>", encoding="utf-8")
    return scenes


@pytest.fixture(scope="module")
def guide_url(tmp_path_factory, site_url) -> Iterator[str]:
    """``http://localhost:PORT/``: the guide of :func:`guide_site`, on a site that is not the game's."""
    folder = tmp_path_factory.mktemp("guide")
    guide_site(folder, site_url)
    server, url = dev_server.start(folder)
    try:
        yield url.replace("127.0.0.1", "localhost") + "/"
    finally:
        server.shutdown()
        server.server_close()


def scene_frames(page, site_url: str) -> list:
    return [f for f in page.frames if f.url.startswith(f"{site_url}/embed.html")]


def wait_scenes(page, watch: PageWatch, site_url: str, count: int) -> list:
    """Wait until ``count`` scene frames are drawn (failing at once on a page error); return them all."""
    deadline = time.monotonic() + READY_TIMEOUT
    while True:
        frames = scene_frames(page, site_url)
        drawn = [f for f in frames if f.evaluate(HOW_DRAWN_JS)["ready"]]
        if len(drawn) >= count:
            return frames
        assert not watch.page_errors, watch.page_errors
        if time.monotonic() > deadline:
            states = [(f.url[-40:], f.evaluate(HOW_DRAWN_JS)) for f in frames]
            pytest.fail(f"{len(drawn)} of {count} scenes drawn: {states}; problems: {watch.problems()[:3]}")
        page.wait_for_timeout(250)


@pytest.mark.parametrize("kind", ["default context", "third-party cookies blocked"])
def test_a_guide_on_another_site_draws_every_scene(kind, browser, browser_type, browser_type_launch_args,
                                                    site_url, guide_url, tmp_path):
    """Every scene of the demo guide, drawn by the shared runtime frame, and two more in a page with no
    runtime frame, each by a runtime of its own: all in a frame whose storage is denied."""
    scenes = guide_scenes()
    assert len(scenes) >= 8
    with browser_context(kind, browser, browser_type, browser_type_launch_args, tmp_path / "profile") as context:
        page = context.new_page()
        page.set_viewport_size({"width": 1280, "height": 900})
        watch = PageWatch(origin=guide_url.rstrip("/"))
        watch.attach(page)
        page.goto(guide_url)
        frames = wait_scenes(page, watch, site_url, len(scenes) + 2)
        runtime = next(f for f in page.frames if f.name == "kseri-runtime")
        assert runtime.evaluate(DENIAL_JS) == DENIED  # what a third party gets here: no storage at all

        drawn = {}
        for frame in frames:
            how = frame.evaluate(HOW_DRAWN_JS)
            assert how["error"] is None and how["steps"], (frame.url, how)
            alone = frame.parent_frame is not page.main_frame
            drawn.setdefault("alone" if alone else "shared", []).append(how)
            if alone:
                assert how["own"] == "fresh" and not how["shared"], how  # a runtime of its own
                assert frame.evaluate(DENIAL_JS) == DENIED
            else:
                assert how["shared"] and how["own"] is None, how  # drawn by the runtime frame
        assert len(drawn["shared"]) == len(scenes) and len(drawn["alone"]) == 2
        kseri = [f for f in frames if "Kseri:" in f.locator(".scene-title").inner_text()]
        assert len(kseri) == 2
        for frame in kseri:  # one of each kind plays through
            _step_to_end(frame)
            assert "kseri! +10" in frame.locator("#caption").inner_text()
        watch.off_origin[:] = [r for r in watch.off_origin if not r.split(" ", 1)[1].startswith(site_url + "/")]
        assert watch.problems() == []


def test_with_all_site_data_blocked_the_game_plays_and_says_once_nothing_is_saved(
        browser_type, browser_type_launch_args, site_url, tmp_path):
    with chromium_profile(browser_type, browser_type_launch_args, tmp_path / "profile", SITE_DATA_BLOCKED,
                          service_workers="allow", reduced_motion="reduce") as context:
        page = context.new_page()
        watch = PageWatch(origin=site_url)
        watch.attach(page)
        page.goto(f"{site_url}/index.html?seed=3&level=easy")
        wait_ready(page, watch)
        assert page.evaluate(DENIAL_JS) == DENIED
        assert notices(page) == [STORAGE_OFF]
        plays_a_card(page)
        assert notices(page) == [STORAGE_OFF]  # the first save failed, as said: no second notice

        page.goto(f"{site_url}/index.html?seed=3&level=easy&lang=el")
        wait_ready(page, watch)
        set_language("el")
        try:
            greek = _(STORAGE_OFF)
        finally:
            set_language("en")
        assert greek != STORAGE_OFF and notices(page) == [greek]
        plays_a_card(page)

        page.goto(f"{site_url}/{SCENE}")
        wait_ready(page, watch)
        assert page.locator("#board").get_attribute("data-steps") == "2"
        page.locator("#next").click()
        page.wait_for_function("() => document.querySelector('#board').dataset.step === '1'")
        assert "kseri! +10" in page.locator("#caption").inner_text()
        assert watch.problems() == []
