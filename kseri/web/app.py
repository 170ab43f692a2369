"""The page: one game session at a time, and the controllers that do its jobs.

:class:`App` holds what every part of the page shares (the session, the storage, the board, the
pacer, the sounds, the statistics, the notices) and the one owner of what the table is doing
(:attr:`App.ui`, a :class:`~kseri.web.state.StateOwner`). Each job is a controller (see
``docs/architecture.md``, "The page"): :mod:`~kseri.web.input_ui` (listeners, clicks, keys),
:mod:`~kseri.web.play_ui` (your card, the hint, the pass screen, take-back, a failure recovered),
:mod:`~kseri.web.turns` (the turns in time: pure, tested in CPython), :mod:`~kseri.web.newgame_ui`,
:mod:`~kseri.web.rules_ui`, :mod:`~kseri.web.share_ui`, :mod:`~kseri.web.stats_ui`,
:mod:`~kseri.web.match_end_ui`, :mod:`~kseri.web.settings_ui`, :mod:`~kseri.web.saving` (saves and
other tabs), :mod:`~kseri.web.dialogs`, and :mod:`~kseri.web.startup` (the page's start). The app
keeps the match's own changes (a new match, another game taken over, the next round), the round's
summary and its review.

Nothing stops the table for good: a sequence that fails in any way ends in a
notice and a playable page (:meth:`kseri.web.play_ui.PlayControl.recover`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from pyodide.ffi import JsProxy, create_proxy
from pyscript import document

from kseri.engine.errors import KseriError
from kseri.engine.events import PlayEvent
from kseri.engine.rules import Rules
from kseri.i18n import _
from kseri.i18n import language as current_language
from kseri.table.newgame import carried_plan
from kseri.table.seat_plan import SeatPlan
from kseri.table.seats import SessionError
from kseri.table.session import GameSession
from kseri.table.stats import Stats, same_match
from kseri.web import language, motion, render, seats_render, summary_render
from kseri.web.board import Board
from kseri.web.card_images import CardImages
from kseri.web.dialogs import DIALOGS, DialogControl
from kseri.web.dom import exists
from kseri.web.flow import next_step
from kseri.web.input_ui import InputControl
from kseri.web.install_ui import InstallControl
from kseri.web.lesson_ui import LessonUi
from kseri.web.match_end_ui import MatchEndControl
from kseri.web.newgame_ui import NewGameControl
from kseri.web.notices_render import Notice, with_notice
from kseri.web.pacer import Pacer
from kseri.web.play_ui import PlayControl
from kseri.web.playlog_render import PlayLog
from kseri.web.review_ui import ReviewUi
from kseri.web.rules_ui import RulesControl
from kseri.web.saving import SaveControl
from kseri.web.settings import Settings
from kseri.web.settings_ui import SettingsControl
from kseri.web.share_ui import ShareControl
from kseri.web.sound import SoundBoard
from kseri.web.state import Activity, StateOwner, UiState
from kseri.web.stats_ui import StatsControl
from kseri.web.storage import INTRO_KEY, SAVE_KEY, SETTINGS_KEY, STATS_KEY, Storage
from kseri.web.tables import SHOW_PLAY
from kseri.web.takeback_ui import TakeBackControl
from kseri.web.turns import Turns

if TYPE_CHECKING:
    from kseri.web.duel.page import DuelPage

__all__ = ["App"]



class App:
    """The page around one :class:`GameSession` at a time."""

    def __init__(self, session: GameSession, storage: Storage, notices: list[Notice],
                 stats: Stats | None = None) -> None:
        self.session = session
        self.storage = storage
        self.pacer = Pacer()
        self.settings = Settings.from_json(storage.get(SETTINGS_KEY))
        """Sound and pace, as the player last set them (a value that cannot be read: the defaults)."""
        self.pacer.scale = self.settings.scale
        self.sound = SoundBoard(self.settings.sound)
        self.stats = stats if stats is not None else Stats.from_json(storage.get(STATS_KEY))
        self.takeback = TakeBackControl(storage)
        """The take-back's button, and the matches with take-backs counted apart (:mod:`kseri.web.takeback_ui`)."""
        self.lessons = LessonUi(self)
        """The lesson's panel and the ways in and out of a lesson (:mod:`kseri.web.lesson_ui`)."""
        self.ui = StateOwner()
        """The one owner of what the table is doing (:attr:`state`): every change goes through it."""
        self.keyboard_index: int | None = None
        """Hand position to refocus after the bot's turn (set when you play from the keyboard)."""
        self._proxies: list[JsProxy] = []
        self._tasks: set[asyncio.Future[None]] = set()
        self.board = Board()
        self.install = InstallControl(storage, self.board.announce)
        """The offer to install the page as an app (:mod:`kseri.web.install_ui`)."""
        self.card_images: CardImages | None = None
        """The card images, held so they stay decoded (set by :func:`kseri.web.startup.start`)."""
        self.el = self.board.el
        self.unasked = False
        """The game at hand is one nobody asked for (no link, no saved game): see
        :func:`kseri.web.startup.open_table`."""
        self.turns = Turns(self)
        self._notices: list[Notice] = list(notices)
        self.reviews = ReviewUi(self)
        """The review of the round just finished (:mod:`kseri.web.review_ui`)."""
        self.duel: DuelPage | None = None
        """Matches against friends on other devices (:mod:`kseri.web.duel`), set by
        :func:`kseri.web.startup.start`."""
        self.log = PlayLog()
        """The status column's log of the packet's plays (open or closed, and its plays worked out)."""
        self.passing = True
        """With people sharing the device: the pass screen may show (False from a person's card until they
        press "Pass the device": they see what it did first). True at start-up: a game resumed at a handover."""
        # The controllers, one per job (each reaches the page through a small protocol).
        self.dialogs = DialogControl(self)
        self.play = PlayControl(self)
        self.newgame = NewGameControl(self)
        self.rules = RulesControl(self, ask_new_match=self.newgame.ask_new_match)
        self.share = ShareControl(self)
        self.match_end = MatchEndControl(self, counts_here=self._counts_here)
        self.stats_ui = StatsControl(self, on_reset=self.match_end.redraw)
        self.settings_ui = SettingsControl(self)
        self.saves = SaveControl(self, on_stats=self.stats_ui.reload)
        self.input = InputControl(self)

    # -- what every controller uses --------------------------------------------------

    def _counts_here(self) -> bool:
        """Whether this tab may count its finished match: not when another tab went on with the same match
        (that tab counts it), but still when another tab only saved a game of its own (a link opened there)."""
        if not self.saves.stale:
            return True
        try:
            other = GameSession.restore(self.storage.get(SAVE_KEY))
        except KseriError:
            return True
        return not same_match(other.match, self.session.match)

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Future[None]) -> None:
        self._tasks.discard(task)
        exc = None if task.cancelled() else task.exception()
        if exc is not None:
            self.play.recover(exc)

    @property
    def state(self) -> UiState:
        """What the table is doing, and the match its running sequences belong to (read only: :attr:`ui`)."""
        return self.ui.value

    async def animate_play(self, event: PlayEvent, gen: int) -> None:
        """Show a play in time, as its table does (:mod:`kseri.web.tables`)."""
        await SHOW_PLAY[self.session.table](self, event, gen)

    async def animate_deal(self, *, with_pile: bool) -> None:
        """New cards slide in from the stock: every hand's, and with ``with_pile`` the table's too."""
        await motion.deal_from_stock(self.pacer, self.el, list(self.board.hand_buttons()), with_pile=with_pile)

    # -- drawing -----------------------------------------------------------------

    def render(self) -> None:
        view = self.session.view()
        if self.board.ways_open and (self.state.busy or view.phase != "human"):
            self.board.hide_ways()  # a choice offered for a turn that has passed
        self.board.extras = self.log.extras(self.session, view, passing=self.passing)
        self.board.passing = self.passing
        shown = self.session.shown_hints() if view.phase == "human" else None
        self.board.draw(view, self.state, hints={entry.card: entry for entry in shown} if shown else None)
        self.takeback.update(self.session, idle=not self.state.busy, lang=current_language())
        self.lessons.update()
        self.board.draw_intro(self.session.rules)

    def notify(self, notice: str | Notice) -> None:
        """Show a notice (it replaces an earlier one with the same key, or the same words)."""
        self._notices = with_notice(self._notices, Notice(notice) if isinstance(notice, str) else notice)
        self.board.show_notices(self._notices)

    def show_notices(self) -> None:
        self.board.show_notices(self._notices)

    def drop_notice(self, key: str) -> None:
        self._notices = [n for n in self._notices if n.key != key]
        self.board.show_notices(self._notices)

    def save(self) -> None:
        self.saves.save()

    def proxy(self, handler: Callable[[Any], None]) -> JsProxy:
        """``handler`` as a JavaScript function, kept alive as long as the page."""
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        return proxy

    # -- input ------------------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        if event.key != "Escape":  # Escape is no user activation: audio started then would only warn
            self.sound.unlock()
        active = document.activeElement
        tag = str(active.tagName or "").lower() if exists(active) else ""
        if self.reviews.on_key(event):
            return
        self.input.on_table_key(event, active, tag)

    def on_dialog_cancel(self, event: Any) -> None:
        event.preventDefault()
        if event.target.id == "round-summary":
            if self.reviews.reviewing:  # Escape leaves the review for the summary
                self.reviews.close()
            else:
                self.next_round()
        else:
            self.el["match-end"].close()

    # -- actions -----------------------------------------------------------------------

    def next_round(self) -> None:
        self.reviews.forget()
        dialog = self.el["round-summary"]
        if self.session.phase == "match_over":
            # The match's last round was reviewed: back to its result, opened before the summary closes
            # so that the dialogs' history entry stays (DialogHistory).
            self.show_match_end()
        if dialog.open:
            dialog.close()
        if self.session.phase != "round_over" or self.state.busy:
            return
        self.session.next_round()
        self.save()
        if self.session.remote:  # a friend's device deals the next round (its message)
            self.render()
            return
        if not self.el["intro"].hidden:
            self.dismiss_intro()  # a whole round played: the first-visit hint has done its job
        self.ui.to(Activity.PLAYING)
        self.render()
        self.spawn(self.turns.new_round(self.state.generation))

    def new_match_now(self, rules: Rules | None = None, *, level: str | None = None,
                      plan: SeatPlan | None = None) -> None:
        """A new match at once, with ``rules`` (else the current ones), ``level`` (else the current one),
        and who sits where (else the people of the match before, and its bots' levels unless ``level``
        is given)."""
        before = self.session
        self.dialogs.close_game_dialogs()
        # A new generation: the old match's sequences stop; the new deal is locked until dealt in.
        self.ui.new_match(Activity.PLAYING)
        self.pacer.skip()
        self.newgame.next_rules = None
        self.play.forget_failure()
        self.session = GameSession.new(rules=rules or self.session.rules, level=level or self.session.level)
        if plan is None and before.players == self.session.players and before.table == self.session.table:
            plan = carried_plan(before.seat_plan, level)
        if plan is not None and len(plan.seats) == self.session.players:
            with contextlib.suppress(SessionError):  # (a plan the new table cannot seat: its bots stay)
                self.session.apply_plan(plan)
        self.board.forget()  # redraw everything, whatever an interrupted animation left behind
        self.save()
        self.render()  # the new deal shows at once, locked until it has been dealt in
        self.board.announce(_("New match.") + " " + self.turns.turn_text())
        self.spawn(self.turns.new_round(self.state.generation))

    # -- dialogs and the back button ------------------------------------------------------

    def open_dialog(self, name: str) -> None:
        self.dialogs.open_dialog(name)

    def on_popstate(self, event: Any) -> None:
        """The back button with a dialog open: close it (the round's summary means "next round")."""
        if not self.dialogs.history.popped():
            return
        if self.reviews.open:  # back: from the review to the summary
            self.reviews.close()
            self.open_dialog("round-summary")  # the summary has its history entry again
            return
        for name in DIALOGS:
            if self.el[name].open:
                if name == "round-summary":
                    self.next_round()
                else:
                    self.el[name].close()

    def take_session(self, session: GameSession) -> None:
        """Go on with ``session`` where it stands (the running sequences of the old one stop)."""
        self.dialogs.close_game_dialogs()
        self.ui.new_match(Activity.IDLE)
        self.pacer.skip()
        self.play.forget_failure()
        self.session = session
        self.reviews.forget()
        self.board.forget()
        self.board.announce("")  # the screen readers' log told of the other game
        self.render()
        self.go_on()

    def go_on(self) -> None:
        """Carry on from the session's phase: the bot's turn, the round's summary or the match's end."""
        step = next_step(self.session.phase)
        if step == "drive":
            self.spawn(self.turns.drive(self.state.generation))
        elif step == "round_summary":
            self.show_round_summary()
        elif step == "match_end":
            self.show_match_end()

    def dismiss_notices(self) -> None:
        """Close the banner; a notice that still asks for a choice stays."""
        self._notices = [n for n in self._notices if n.sticky]
        self.board.show_notices(self._notices)

    def dismiss_intro(self) -> None:
        self.storage.set(INTRO_KEY, "1")
        self.el["intro"].hidden = True

    def value_open_ways(self) -> bool:
        return self.play.value_open_ways()

    def show_round_summary(self) -> None:
        if not self.session.match.scores or self.lessons.finish():
            return
        self.reviews.reviewing = False
        self.el["round-summary-body"].innerHTML = self.summary_html()
        self.label_next_round()
        self.open_dialog("round-summary")

    def label_next_round(self) -> None:
        """The summary of a match's last round (opened from the result to review it) leads back to the result."""
        from kseri.web.review_render import summary_next_label
        document.getElementById("next-round").textContent = summary_next_label(self.session.phase == "match_over")

    def summary_html(self) -> str:
        """The round's summary with the way into its review."""
        review = self.reviews.button_html()
        view = self.session.view()
        if view.panels:
            labels = seats_render.side_labels(view)
            you = self.session.your_side  # with people sharing the device, nobody is "you"
            short = seats_render.short_labels(view)
            return seats_render.seats_round_summary_html(self.session.round_summary(), labels, you, short,
                                                         partnered=view.partnered) + review
        return summary_render.round_summary_html(self.session.round_summary()) + review

    def show_match_end(self) -> None:
        self.match_end.show_match_end()

    def load_card_faces(self) -> None:
        """Load every face and back the language and the look now show, before they are dealt (none
        before the images' loader is made at start-up)."""
        if self.card_images is not None:
            self.card_images.load_all()

    def switch_language(self, lang: str) -> None:
        """The header's switch: speak ``lang`` from now on, here and on later visits."""
        lang = language.apply(lang)
        language.remember(self.storage, lang)
        self.load_card_faces()  # the courts this language prints (looks.css)
        self.board.forget()
        self.render()
        self.board.announce("")  # its last sentence was in the other language
        self.board.show_notices(self._notices)
        guide = document.querySelector("#rules .guide-link")
        if exists(guide):  # its words and its page (each language has its own guide)
            guide.outerHTML = render.guide_link_html()
        if self.el["scoring"].open:
            self.el["scoring-body"].innerHTML = summary_render.scoring_html(self.session.view(), self.session.rules)
        if self.el["round-summary"].open and self.session.match.scores:
            self.label_next_round()
            if self.reviews.reviewing:
                self.reviews.draw()
            else:
                self.el["round-summary-body"].innerHTML = self.summary_html()
        self.match_end.redraw()
        if self.el["confirm-new"].open:
            self.newgame.word_question()
        if self.el["stats"].open:
            self.stats_ui.draw_stats()
        pressed = document.querySelector(f'.lang-switch [data-lang="{lang}"]')
        if self.el["welcome"].open:  # switched from the welcome itself: it speaks the language, and keeps the focus
            self.newgame.draw_welcome()
            pressed = self.el["welcome"].querySelector(".welcome-lang")
        if exists(pressed):
            pressed.focus()
