"""The page's start: the app built from the URL and the saved game, the table drawn behind the loading
screen, then shown and played; the search loaded early while the player looks at the table.

``static/main.py`` awaits :func:`start`.
"""

from __future__ import annotations

import asyncio
import gc

from pyscript import document, window

from kseri.scenes.lesson import lesson_of, lesson_session
from kseri.web import language, render
from kseri.web.app import App
from kseri.web.card_images import CardImages
from kseri.web.dom import exists
from kseri.web.opening import open_session, open_stats
from kseri.web.search_modules import WARM_UP_DELAY, load_search_modules
from kseri.web.storage import INTRO_KEY, Storage

__all__ = ["CARD_IMAGES_WAIT", "boot", "open_table", "start", "warm_up"]

CARD_IMAGES_WAIT = 3.0
"""Seconds the first drawing of the table waits at most for the card images (a slow network
draws the table anyway, and the faces show as they arrive)."""


async def start() -> App:
    """Build the page's app from the URL and the saved game, draw the table behind the loading
    screen, and make it playable once the card images it shows are decoded; the other card
    images load after (:mod:`kseri.web.card_images`)."""
    images = CardImages()
    storage = Storage()
    fragment = str(window.location.hash or "")  # read before open_session tidies the address bar
    language.apply(language.page_language(storage))
    session, notices, unasked = open_session(storage)
    stats, stats_notices = open_stats(storage)
    app = App(session, storage, notices + stats_notices, stats)
    app.unasked = unasked
    app.card_images = images
    from kseri.web.duel import attach
    app.duel = attach(app, fragment)  # a friend's message in the link, or a friend's match left open
    boot(app)
    await images.ready(app.el["app"], CARD_IMAGES_WAIT)
    open_table(app)
    app.duel.start()
    images.load_all()
    return app


def boot(app: App) -> None:
    """Wire the page and draw the table, still behind the loading screen (:func:`open_table` shows it)."""
    app.dialogs.forget_stale_entry()
    app.takeback.place()
    app.lessons.place()
    lesson = app.lessons.requested()
    if lesson is not None:  # ?learn=: the lesson, its table drawn from the first paint
        app.session = lesson_session(lesson)
    app.input.wire()
    add_landmarks(app)
    app.rules.fold_rules()
    app.show_notices()
    if not app.storage.get(INTRO_KEY):  # a first visit: the tip (until a round is played or it is dismissed)
        app.el["intro"].hidden = False
    app.save()
    app.render()


def open_table(app: App) -> None:
    """Show the table drawn by :func:`boot` and start the game."""
    document.body.dataset.ready = "true"
    if app.unasked and not app.storage.get(INTRO_KEY) and lesson_of(app.session) is None:
        # one tap to the game dealt behind it, or the full new-game screen; the bot waits for the
        # choice (kseri.web.flow.starts_on_close), so the game offered is one nobody has played yet
        app.newgame.open_welcome()
    else:
        app.go_on()
        app.board.focus_handover()
    app.board.announce(app.turns.turn_text())
    app.lessons.announce_start()  # ?learn=: the lesson says what it is
    app.spawn(warm_up(app))


async def warm_up(app: App) -> None:
    """Load the search while the player looks at the table, so the first hint (and the hard
    bot's first card) does not also pay for loading it; one module per slice keeps the page free."""
    await asyncio.sleep(WARM_UP_DELAY)
    await load_search_modules(app.session.rules.table)
    # What is alive now (Pyodide's, PyScript's, the modules') lives for the whole visit. Frozen, it is
    # left out of every later full collection of the cycle collector, which otherwise walks it all
    # inside whatever slice of a search it falls in (in CPython 3.11, 52 ms against 0.6 ms frozen,
    # at one position of the expert: docs/performance.md).
    gc.freeze()
    if app.session.phase == "human":  # your first turn: its hint is ready before you ask
        await app.turns.think_ahead(app.state.generation)


def add_landmarks(app: App) -> None:
    """What the static page may lack: the table's one ``h1`` and, in the rules, the link to the
    illustrated guide (nothing is added when index.html has them already)."""
    if not exists(document.querySelector("#app h1")):
        header = document.querySelector("#app header")  # in the banner landmark, like all content
        (header if exists(header) else app.el["app"]).insertAdjacentHTML("afterbegin", render.TABLE_HEADING)
        language.translate_page()  # (the heading in the page's language)
    if not exists(document.querySelector('#rules a[href^="guide"]')):
        lead = document.querySelector("#rules .lead")
        if exists(lead):
            lead.insertAdjacentHTML("afterend", render.guide_link_html())
