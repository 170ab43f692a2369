"""The lesson on the page (``?learn=1``, ``?learn=sums``, and the offers in the rules and on the first
visit): its panel above the table, ``<body data-lesson>`` while it runs, and the ways in and out.

The lesson is played at the real table by a session that follows a script
(:func:`kseri.scenes.lesson.lesson_session`): the page draws it, animates it and asks it as it
does any game. This module only shows the lesson's words (:mod:`kseri.web.lesson_render`), refuses
a play that is not the lesson's with the step's explanation, ends the lesson, and takes the
player back to their game (the saved one is never touched by a lesson).
"""

from __future__ import annotations

import contextlib
from typing import Any, Protocol

from pyscript import document, window

from kseri.engine.rules import Rules
from kseri.i18n import _
from kseri.i18n import language as current_language
from kseri.scenes.lesson import LessonScript, judge, lesson_of, lesson_session
from kseri.scenes.lessons import lesson_for_table, lesson_named
from kseri.table.querystring import param, without_keys
from kseri.table.seats import DEFAULT_LEVEL, SessionError
from kseri.table.session import GameSession
from kseri.web.dom import exists
from kseri.web.lesson_render import PANEL_ID, offer_html, panel_html
from kseri.web.play_host import PlayHost
from kseri.web.storage import INTRO_KEY, SAVE_KEY, Storage

__all__ = ["LessonHost", "LessonUi"]


class LessonHost(PlayHost, Protocol):
    """What :class:`LessonUi` needs from the page (:class:`kseri.web.app.App`): the table, and more."""

    @property
    def storage(self) -> Storage: ...

    def take_session(self, session: GameSession) -> None:
        """Go on with ``session`` where it stands (the running sequences stop)."""

    def new_match_now(self, rules: Rules | None = None, *, level: str | None = None) -> None: ...


class LessonUi:
    """The lesson's panel and buttons on one page."""

    def __init__(self, host: LessonHost) -> None:
        self.host = host
        self._drawn = ""
        self._lang = ""

    # -- placing ------------------------------------------------------------------

    def place(self) -> None:
        """The panel above the table (hidden until a lesson runs), and the offers of a lesson in the
        rules and on the first visit's screen."""
        if not exists(document.getElementById(PANEL_ID)):
            html = (f'<aside id="{PANEL_ID}" class="banner lesson" hidden '
                    f'aria-labelledby="lesson-title"></aside>')
            intro = document.getElementById("intro")
            table = document.getElementById("card-table")
            if exists(intro):
                intro.insertAdjacentHTML("afterend", html)
            elif exists(table):
                table.insertAdjacentHTML("beforebegin", html)
        self._offers()

    def _offers(self) -> None:
        """The offers in the page's language (drawn again when it changes)."""
        lang = current_language()
        if lang == self._lang:
            return
        self._lang = lang
        for old in document.querySelectorAll(".lesson-offer"):
            old.remove()
        lead = document.querySelector("#rules .guide-link") or document.querySelector("#rules .lead")
        if exists(lead):
            lead.insertAdjacentHTML("afterend", offer_html())  # (the first visit's welcome draws its own)

    @property
    def panel(self) -> Any:
        return document.getElementById(PANEL_ID)

    # -- in and out ------------------------------------------------------------------

    def requested(self) -> LessonScript | None:
        """The lesson the address asks for (``learn=``), if any."""
        value = param(str(window.location.search or ""), "learn")
        return lesson_named(value) if value else None

    def start_named(self, learn: str) -> None:
        """A lesson button: the one it names, else the one for the table in play."""
        self.start(lesson_named(learn) if learn else None)

    def start(self, script: LessonScript | None = None) -> None:
        """Start ``script`` (by default the lesson for the table in play) from its first step."""
        host = self.host
        script = script or lesson_for_table(host.session.rules.table)
        for name in ("welcome", "rules", "new-game", "settings", "stats"):
            dialog = document.getElementById(name)
            if exists(dialog) and dialog.open:
                dialog.close()
        self._drawn = ""
        host.take_session(lesson_session(script))
        self.announce_start()
        host.board.focus_hand(0)

    def announce_start(self) -> None:
        """Say the lesson's title, what it is and its first prompt (a lesson just begun)."""
        lesson = lesson_of(self.host.session)
        if lesson is not None:
            script = lesson.script
            self.host.board.announce(f"{_(script.title)}. {_(script.intro)} {lesson.prompt()}")

    def again(self) -> None:
        lesson = lesson_of(self.host.session)
        self.start(lesson.script if lesson is not None else None)

    def leave(self) -> None:
        """Out of the lesson: back to the saved game, or (none) a new match at the lesson's table."""
        host = self.host
        lesson = lesson_of(host.session)
        if lesson is None:
            return
        self._forget_address()
        saved = self._saved_game()
        if saved is not None:
            host.take_session(saved)
        else:
            host.new_match_now(host.session.rules, level=DEFAULT_LEVEL)
        host.board.focus_hand(0)

    def _saved_game(self) -> GameSession | None:
        try:
            return GameSession.restore(self.host.storage.get(SAVE_KEY))
        except SessionError:
            return None

    def _forget_address(self) -> None:
        """A reload after the lesson resumes the game, not the lesson."""
        search = str(window.location.search or "")
        if param(search, "learn"):
            with contextlib.suppress(Exception):
                window.history.replaceState(window.history.state, "", str(window.location.pathname)
                                            + without_keys(search, ("learn",)) + str(window.location.hash or ""))

    # -- while it runs --------------------------------------------------------------------

    def accepts(self, move: str) -> bool:
        """Whether the play ``move`` may be made: always in a match; in a lesson only the step's play
        (another one is explained in the panel, and nothing is played: try again)."""
        if judge(self.host.session, move):
            return True
        self.update()
        return False

    def update(self) -> None:
        """Draw the panel as the lesson stands (hidden in a match); ``<body data-lesson>`` and the
        controls a lesson has no use for (the hint, the share link) follow."""
        self._offers()
        session = self.host.session
        lesson = lesson_of(session)
        panel = self.panel
        body = document.body
        share = document.getElementById("copy-link")
        if exists(share):
            share.disabled = lesson is not None
        if lesson is None:
            if body.hasAttribute("data-lesson"):
                body.removeAttribute("data-lesson")
            if exists(panel):
                panel.hidden = True
            self._drawn = ""
            return
        body.dataset.lesson = lesson.script.table
        hint = document.getElementById("hint-button")
        if exists(hint):
            hint.disabled = True
        intro = document.getElementById("intro")
        if exists(intro):
            intro.hidden = True
        if not exists(panel):
            return
        over = session.phase in ("round_over", "match_over") and bool(session.match.scores)
        points = session.match.scores[-1].points[0] if over else None
        majority = session.match.scores[-1].sides[0].majority if over else 0
        html = panel_html(lesson, points=points, majority=majority,
                          saved_game=over and self._saved_game() is not None)
        panel.hidden = False
        if html != self._drawn:
            self._drawn = html
            panel.innerHTML = html

    def finish(self) -> bool:
        """The hand is over: if it was a lesson's, its panel says how it went (True), instead of the
        round's summary."""
        lesson = lesson_of(self.host.session)
        if lesson is None:
            return False
        self.host.storage.set(INTRO_KEY, "1")  # the first visit's tip has done its job
        self.update()
        button = document.querySelector(f"#{PANEL_ID} .btn.solid")
        if exists(button):
            button.focus()
        return True

