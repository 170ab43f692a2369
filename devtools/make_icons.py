"""Render static/icons/icon.svg to the PNG icons of the web app manifest (192 and 512 px).

Uses the headless Chromium the browser tests use (Debian's /usr/bin/chromium via
Playwright), so no image library is needed. The PNGs are committed; run this
again after changing the SVG:  python3 -m devtools.make_icons
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
SIZES = (192, 512)


def main() -> None:
    from playwright.sync_api import sync_playwright

    from devtools.browser import chromium_launch_options

    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(**chromium_launch_options())
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>"
                + svg)
            out = ICONS / f"icon-{size}.png"
            page.screenshot(path=str(out), omit_background=True)
            page.close()
            print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size} bytes)")
        browser.close()


if __name__ == "__main__":
    main()
