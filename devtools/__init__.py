"""Development tools, run from the repository root with ``python3 -m devtools.<tool>``.

- ``pack``: ``kseri.zip``, the package as the page loads it (sources + bytecode);
- ``precache``: the service worker's list of files and the site's version;
- ``serve``: the development server (``scripts/serve``);
- ``build``: the static site in ``dist/`` (``scripts/build``);
- ``browser``: how this machine launches Chromium (tests, benchmarks, tools);
- ``make_cards``, ``make_icons``: the card art and the app icons.

Not part of the game: nothing under ``kseri/`` imports these.
"""
