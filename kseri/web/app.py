"""The page: forwards clicks and keys to the game and shows what follows.

It holds no game logic: every decision is a call on
:class:`~kseri.table.session.GameSession`. Its helpers: :mod:`kseri.web.board`
draws the table, :mod:`kseri.web.turns` plays turns out in time,
:mod:`kseri.web.keys` says what a key means, :mod:`kseri.web.opening` picks
the game the page opens with, :mod:`kseri.web.storage` keeps it between
visits, :mod:`kseri.web.pacer` times pauses and animations, :mod:`kseri.web.sound`
makes the table's sounds and :mod:`kseri.web.settings` holds the player's settings.

What the table is doing (a turn played out, the bot thinking, a deal, a hint)
is one :class:`~kseri.web.state.UiState` value, :attr:`App.state`.

Nothing stops the table for good: a sequence that fails in any way ends in a
notice and a playable page (:meth:`App.recover`), and when another tab saves
the game this tab stops saving and offers to load the newer game
(:meth:`App.on_storage`) instead of silently overwriting it.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import importlib
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from js import console
from pyodide.ffi import JsProxy, create_proxy
from pyscript import document, window

from kseri.engine.errors import one_line
from kseri.engine.rules import PROFILES, Rules
from kseri.i18n import N_, _, card_name
from kseri.i18n import language as current_language
from kseri.scenes.lesson import lesson_of, lesson_session
from kseri.table.goal import word_key
from kseri.table.newgame import choice_for, choice_from_form, player_counts
from kseri.table.notices import clip
from kseri.table.pass_play import bots_seated
from kseri.table.seat_plan import PERSON, SeatPlan
from kseri.table.seats import DEFAULT_LEVEL, SessionError, levels
from kseri.table.session import GameSession
from kseri.table.stats import Stats, game_key
from kseri.table.tables import strategy_for
from kseri.table.takeback import can_take_back, take_back, takeback_text
from kseri.table.unsaved import UnsavedNote
from kseri.table.views import HintEntry
from kseri.web import language, render, seats_render
from kseri.web.board import Board
from kseri.web.card_images import CardImages
from kseri.web.celebrate import streak_html
from kseri.web.celebrate_ui import celebrate
from kseri.web.dom import exists, form_values, js_object
from kseri.web.install_ui import InstallControl
from kseri.web.keys import HURRY_KEYS_CONSUMED, Focus, KeyContext, command_for
from kseri.web.lesson_ui import LessonUi
from kseri.web.looks import apply_looks
from kseri.web.navigation import DialogHistory, copy_after_share_error
from kseri.web.newgame_render import new_game_html
from kseri.web.opening import open_session, open_stats
from kseri.web.pacer import SLICE_MS, Pacer
from kseri.web.playlog_render import PlayLog
from kseri.web.render import NEWER_ELSEWHERE, Notice
from kseri.web.review_ui import ACTIONS as REVIEW_ACTIONS
from kseri.web.review_ui import ReviewUi
from kseri.web.settings import Settings, settings_html, tap_plays
from kseri.web.sound import SoundBoard
from kseri.web.state import Activity, UiState
from kseri.web.stats_render import apart_html, stats_html
from kseri.web.storage import INTRO_KEY, SAVE_KEY, SETTINGS_KEY, STATS_KEY, TAKEBACK_STATS_KEY, UNSAVED_KEY, Storage
from kseri.web.sums import render as sums_render
from kseri.web.takeback_ui import TakeBackControl
from kseri.web.turns import HintKey, Turns

if TYPE_CHECKING:
    from kseri.web.duel.page import DuelPage

__all__ = ["SLICE_MS", "VARIANTS", "App", "start"]

VARIANTS = ("greek", "fourcard", "pisti", "sums")
"""The rules profiles the page offers for a new match (the values of ``#variant``)."""

DIALOGS = ("round-summary", "match-end", "confirm-new", "new-game", "share", "rules", "scoring", "stats",
           "confirm-reset", "settings", "welcome")
"""The table's dialogs (each has its history entry while open: see :mod:`kseri.web.navigation`)."""
SEARCH_MODULES = ("kseri.bots.base", "kseri.bots.thinking", "kseri.bots.tables", "kseri.bots.pile.counting",
                  "kseri.bots.pile.easy", "kseri.bots.pile.heuristic", "kseri.bots.pile.scale",
                  "kseri.bots.pile.medium", "kseri.bots.pile.rollout", "kseri.bots.pile.value",
                  "kseri.bots.pile.params", "kseri.bots.pile.levels", "kseri.bots.pile.belief",
                  "kseri.bots.pile.endgame", "kseri.bots.pile.search", "kseri.bots.pile.thinker",
                  "kseri.bots.pile.evaluation", "kseri.bots.pile.tree",
                  # The open table's search, one module per slice too: imported in one go from
                  # its thinker they made a task of 240-400 ms on a busy machine.
                  "kseri.engine.sums.observation", "kseri.bots.sums.sim", "kseri.bots.sums.rollout",
                  "kseri.bots.sums.heuristic", "kseri.bots.sums.policy", "kseri.bots.sums.endgame",
                  "kseri.bots.sums.search", "kseri.bots.sums.thinker")
"""What the hint and the hard bot load on first use: loaded early, one per slice (:meth:`App.warm_up`)."""
WARM_UP_DELAY = 1.5
"""Seconds after the table opens before :meth:`App.warm_up` starts (the first paint and deal come first)."""
CARD_IMAGES_WAIT = 3.0
"""Seconds the first drawing of the table waits at most for the card images (a slow network
draws the table anyway, and the faces show as they arrive)."""

PHONE_RULES_QUERY = "(max-width: 640px)"
"""Screens on which the rules open folded (:meth:`App.fold_rules`)."""

HISTORY_MARK = "kseriDialog"
"""The key in ``history.state`` of the entry the page adds while a dialog is open."""



class App:
    """The page around one :class:`GameSession` at a time."""

    def __init__(self, session: GameSession, storage: Storage, notices: list[str], stats: Stats | None = None) -> None:
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
        self.state = UiState()
        """What the table is doing, and the match its running sequences belong to."""
        self.hints: dict[str, HintEntry] | None = None
        self.hint_key: HintKey | None = None
        self.next_rules: Rules | None = None
        """The rules the new match waiting for confirmation starts with (None: the current ones)."""
        self.keyboard_index: int | None = None
        self.ways_card: str | None = None
        """At the open table, the hand card whose ways are offered (focused again on Cancel)."""
        """Hand position to refocus after the bot's turn (set when you play from the keyboard)."""
        self._proxies: list[JsProxy] = []
        self._tasks: set[asyncio.Future[None]] = set()
        self._told_storage = not storage.available  # the opening notices said so already
        self.tab = Storage("sessionStorage")
        """This tab's storage, through a reload: the note of refused saves (:mod:`kseri.table.unsaved`)."""
        self._unsaved_noted = False
        self.stale = False
        """Another tab saved the game since this tab last did: this tab does not save until the player chooses."""
        self._saved: str | None = None
        """The save this tab last wrote or read (another tab's write differs from it)."""
        self._retried_at: tuple[int, int] | None = None
        """Where the bot's turn was last restarted after a failure (see :meth:`recover`)."""
        self.board = Board()
        self.install = InstallControl(storage, self.board.announce)
        """The offer to install the page as an app (:mod:`kseri.web.install_ui`)."""
        self.card_images: CardImages | None = None
        """The card images, held so they stay decoded (set by :func:`start`)."""
        self.el = self.board.el
        self.unasked = False
        """The game at hand is one nobody asked for (no link, no saved game): see :meth:`boot`."""
        self.turns = Turns(self)
        self._notices: list[Notice] = [Notice(text) for text in notices]
        self.history = DialogHistory()
        """The back button closes an open dialog (see :meth:`open_dialog`)."""
        self.reviews = ReviewUi(self, SEARCH_MODULES)
        """The review of the round just finished (:mod:`kseri.web.review_ui`)."""
        self.duel: DuelPage | None = None
        """Matches against friends on other devices (:mod:`kseri.web.duel`), set by :func:`start`."""
        self.log = PlayLog()
        """The status column's log of the packet's plays (open or closed, and its plays worked out)."""
        self.passing = True
        """With people sharing the device: the pass screen may show (False from a person's card until they
        press "Pass the device": they see what it did first). True at start-up: a game resumed at a handover."""

    # -- wiring -----------------------------------------------------------------

    def _listen(self, target: Any, kind: str, handler: Callable[[Any], None], capture: bool = False) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy, capture)

    def wire(self) -> None:
        self._listen(document, "click", self.on_click)
        self._listen(document, "keydown", self.on_key)
        self._listen(document, "pointerdown", self.on_pointer, True)
        self._listen(window, "storage", self.on_storage)
        self._listen(self.el["level"], "change", self.on_level)
        self._listen(self.el["new-game-body"], "change", self.on_new_game_change)
        self._listen(self.el["settings-body"], "change", self.on_settings_change)
        self.install.listen()
        self._listen(self.el["play-log"], "toggle", self.on_log_toggle, True)  # (toggle does not bubble)
        for kind in ("pointerover", "focusin"):  # a way's button points at the cards it takes or builds on
            self._listen(self.el["ways"], kind, self.on_way_pointed)
        for kind in ("pointerout", "focusout"):
            self._listen(self.el["ways"], kind, lambda _event: self.board.highlight(()))
        for name in ("round-summary", "match-end"):
            # Escape must not leave the table stuck between rounds: it means "continue".
            self._listen(self.el[name], "cancel", self.on_dialog_cancel)
        for name in DIALOGS:
            self._listen(self.el[name], "close", self.on_dialog_close)
        self._listen(window, "popstate", self.on_popstate)
        self.el["level"].innerHTML = render.level_options_html(levels(), self.session.level)

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Future[None]) -> None:
        self._tasks.discard(task)
        exc = None if task.cancelled() else task.exception()
        if exc is not None:
            self.recover(exc)

    def recover(self, exc: BaseException) -> None:
        """A sequence failed with ``exc``: say so in one line and leave the table playable.

        The session's own safety nets (a bot that fails plays a simple card) make
        this rare. If the bot is still to play, its turn starts again, once per
        position; should it fail there again, a button lets it try again. Another
        button starts a new game.
        """
        console.warn(clip(f"kseri: {type(exc).__name__}: {exc}", 300))
        self.state = self.state.to(Activity.IDLE)
        actions: tuple[tuple[str, str], ...] = (("match-new", N_("New game")),)
        retry = False
        try:
            if self.session.phase == "bot":
                view = self.session.view()
                here = (view.round_number, view.plays_in_round)
                retry = here != self._retried_at  # once per position: a failure that repeats waits for a click
                self._retried_at = here
                if not retry:
                    actions = (("resume", N_("Let the bot play")), *actions)
            self.render()
        except Exception as again:  # the table cannot even be drawn: the new game is the way out
            retry = False
            console.warn(clip(f"kseri: {type(again).__name__}: {again}", 300))
        self.notify(Notice(_("Something went wrong ({error}); nothing was lost.").format(error=type(exc).__name__),
                           actions=actions, key="recover"))
        if retry:
            self.go_on()

    # -- drawing -----------------------------------------------------------------

    def render(self) -> None:
        view = self.session.view()
        if self.board.ways_open and (self.state.busy or view.phase != "human"):
            self.board.hide_ways()  # a choice offered for a turn that has passed
        if self.hint_key != (view.round_number, view.plays_in_round):
            self.hints = None
        self.board.extras = self.log.extras(self.session, view, passing=self.passing)
        self.board.passing = self.passing
        self.board.draw(view, self.state, hints=self.hints)
        self.takeback.update(self.session, idle=not self.state.busy, lang=current_language())
        self.lessons.update()
        self.board.draw_intro(self.session.rules)

    def show_hints(self, key: HintKey, hints: dict[str, HintEntry]) -> None:
        """Show ``hints`` on your cards until the position moves on from ``key``."""
        self.hints = hints
        self.hint_key = key
        self.render()

    def notify(self, notice: str | Notice) -> None:
        """Show a notice (one replaces an earlier one with the same key)."""
        notice = Notice(notice) if isinstance(notice, str) else notice
        if notice.key is not None:
            self._notices = [n for n in self._notices if n.key != notice.key]
        self._notices.append(notice)
        self.board.show_notices(self._notices)

    def drop_notice(self, key: str) -> None:
        self._notices = [n for n in self._notices if n.key != key]
        self.board.show_notices(self._notices)

    def save(self) -> None:
        """Save the game, unless another tab saved a newer one (then the player chooses first); a lesson
        is never saved (the saved game waits for the player's return)."""
        if self.duel is not None and self.duel.save(self.session):
            return  # a match against a friend: kept (and its message handed on) by the duel store
        if self.stale or lesson_of(self.session) is not None:
            return
        text = self.session.to_save()
        stored = self.storage.set(SAVE_KEY, text)
        if stored:
            self._saved = text
            if self._unsaved_noted:  # saving works again: the note of the refused ones is moot
                self._unsaved_noted = False
                self.tab.remove(UNSAVED_KEY)
            return
        if not self.storage.failed:
            return  # storage is off altogether: the opening notices said so
        older = self.storage.get(SAVE_KEY)  # what a reload would resume: it will say what is lost
        self._unsaved_noted = self.tab.set(UNSAVED_KEY, UnsavedNote.taken(self.session, older).to_json())
        if not self._told_storage:
            self._told_storage = True
            self.notify(N_("Your browser refused to store the game: a reload now would go back to where it was "
                           "last saved.") if older else
                        N_("Your browser refused to store the game, so it will not be resumed after a reload."))

    # -- other tabs ---------------------------------------------------------------------

    def on_storage(self, event: Any) -> None:
        """Another tab of this site changed the storage (the browser tells every other tab)."""
        key = event.key
        if key in (STATS_KEY, TAKEBACK_STATS_KEY):  # another tab finished a match: add to its count
            self.stats = Stats.from_json(self.storage.get(STATS_KEY))
            self.takeback.reload_stats()
            if self.el["stats"].open:
                self.draw_stats()
            return
        if key != SAVE_KEY:
            return
        text = event.newValue
        if not isinstance(text, str) or text in (self._saved, self.session.to_save()):
            return  # the save was set aside, or it holds this very game
        self.stale = True
        self.notify(NEWER_ELSEWHERE)

    def load_newer(self) -> None:
        """Replace this tab's game with the one another tab saved."""
        text = self.storage.get(SAVE_KEY)
        try:
            session = GameSession.restore(text)
        except SessionError as exc:
            self.notify(Notice(_("The other tab's game cannot be loaded ({reason}).").format(reason=one_line(exc)),
                               actions=(("keep-this", N_("Keep this one")),), key=NEWER_ELSEWHERE.key, sticky=True))
            return
        self.stale = False
        self._saved = text
        self.drop_notice(str(NEWER_ELSEWHERE.key))
        self.take_session(session)
        self.board.announce(_("The newer game is loaded.") + " " + self.turns.turn_text())

    def keep_this(self) -> None:
        """Go on with this tab's game, saving it over the other tab's (the player chose so)."""
        self.stale = False
        self.drop_notice(str(NEWER_ELSEWHERE.key))
        self.save()

    # -- input ------------------------------------------------------------------------

    def on_pointer(self, event: Any) -> None:
        self.sound.unlock()  # a user gesture: the browser lets audio start now
        if self.state.busy and self.pacer.busy:
            self.pacer.skip()

    def on_click(self, event: Any) -> None:
        self.sound.unlock()  # a tap's pointerdown is no user activation for audio; its click is
        target = event.target
        if not exists(target) or not hasattr(target, "closest"):
            return
        card = target.closest("#hand button[data-card]")
        if exists(card):
            if not card.disabled:
                # detail == 0: activated by Enter/Space, so keep the keyboard's place after the bot's turn.
                keyboard = event.detail == 0
                code = str(card.dataset.card)
                if not tap_plays(self.settings, self.board.lifted_card(), code, keyboard=keyboard):
                    self.board.lift(code)
                    return
                self.keyboard_index = int(card.dataset.index) if keyboard else None
                self.play(code)
            return
        way = target.closest("#ways button[data-move]")
        if exists(way):
            if event.detail != 0:  # chosen with the mouse: no hand place to come back to
                self.keyboard_index = None
            self.play_move(str(way.dataset.move))
            return
        action = target.closest("[data-action]")
        if not exists(action):
            return
        name = action.dataset.action
        if exists(action.closest("#more-menu")):  # a choice behind "More": the menu closes
            with contextlib.suppress(Exception):
                document.getElementById("more-menu").hidePopover()
        handlers: dict[str, Callable[[], None]] = {
            "next-round": self.next_round,
            "take-seat": self.take_seat,
            "pass-device": self.pass_device,
            "new-match": self.open_new_game,
            "close-new-game": lambda: self.el["new-game"].close(),
            "play-now": lambda: self.el["welcome"].close(),
            "choose-game": self.choose_game,
            "start-new-game": self.start_new_game,
            "confirm-new": self.confirm_new_match,
            "cancel-new": lambda: self.el["confirm-new"].close(),
            "rules": self.show_rules,
            "start-variant": self.start_variant,
            "close-rules": lambda: self.el["rules"].close(),
            "scoring": self.show_scoring,
            "close-scoring": lambda: self.el["scoring"].close(),
            "rules-scoring": self.show_rules_scoring,
            "hint": self.hint,
            "dismiss-notice": self.dismiss_notices,
            "dismiss-intro": self.dismiss_intro,
            "show-summary": self.show_round_summary,
            "show-match-end": self.show_match_end,
            "close-match-end": lambda: self.el["match-end"].close(),
            "match-new": lambda: self.new_match_now(),
            "copy-link": self.open_share,
            "copy-share": self.copy_share,
            "close-share": lambda: self.el["share"].close(),
            "settings": self.open_settings,
            "close-settings": lambda: self.el["settings"].close(),
            "load-newer": self.load_newer,
            "keep-this": self.keep_this,
            "resume": self.resume,
            "stats": self.show_stats,
            "close-stats": lambda: self.el["stats"].close(),
            "reset-stats": lambda: self.open_dialog("confirm-reset"),
            "cancel-reset": lambda: self.el["confirm-reset"].close(),
            "confirm-reset": self.reset_stats,
            "cancel-ways": self.cancel_ways,
            "undo": self.take_back,
            "leave-lesson": self.lessons.leave,
            "lesson-again": self.lessons.again,
            "install": self.install.prompt,
        }
        if name == "learn":
            self.lessons.start_named(str(action.getAttribute("data-learn") or ""))
            return
        if name == "set-language":
            self.switch_language(str(action.dataset.lang or ""))
            return
        if name in REVIEW_ACTIONS:
            self.reviews.act(name, action)
            return
        handler = handlers.get(name)
        if handler is not None:
            handler()

    def on_key(self, event: Any) -> None:
        if event.key != "Escape":  # Escape is no user activation: audio started then would only warn
            self.sound.unlock()
        active = document.activeElement
        tag = str(active.tagName or "").lower() if exists(active) else ""
        if self.reviews.on_key(event):
            return
        if event.key == "Escape" and self.board.ways_open and not exists(document.querySelector("dialog[open]")):
            event.preventDefault()
            self.cancel_ways()
            return
        in_hand = tag == "button" and exists(active.closest("#hand"))
        buttons = self.board.hand_buttons()
        focus: Focus = ("hand" if in_hand else "form" if tag in ("select", "input", "textarea")
                        else "body" if tag in ("body", "main", "") else "other")
        context = KeyContext(
            hand_size=buttons.length,
            focus=focus,
            focused_index=int(active.dataset.index) if in_hand else None,
            playable=tuple(not button.disabled for button in buttons),
            modifiers=bool(event.ctrlKey or event.metaKey or event.altKey),
            animating=self.state.busy and self.pacer.busy,
            dialog_open=exists(document.querySelector("dialog[open]")),
            undo_chord=bool((event.ctrlKey or event.metaKey) and not event.altKey and not event.shiftKey),
        )
        command = command_for(event.key, context)
        if command is None:
            return
        if command.kind == "hurry":
            self.pacer.skip()
            if event.key in HURRY_KEYS_CONSUMED:
                event.preventDefault()
        elif command.kind == "play":
            event.preventDefault()
            self.keyboard_index = command.index
            self.play(buttons.item(command.index).dataset.card)
        elif command.kind == "focus":
            event.preventDefault()
            buttons.item(command.index).focus()
        elif command.kind == "hint":
            self.hint()
        elif command.kind == "rules":
            self.open_dialog("rules")
        elif command.kind == "undo":
            event.preventDefault()
            self.take_back()

    def on_level(self, event: Any) -> None:
        value = self.el["level"].value
        try:
            self.session.level = value
        except SessionError:
            return
        self.save()
        self.render()
        self.board.announce(_("Bot level: {level}, from its next card.").format(level=render.level_label(value)))

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

    def play(self, code: str) -> None:
        """Your card ``code`` was chosen: play it (its one way; at the open table, offer its ways)."""
        if self.state.busy or self.session.phase != "human":
            return
        self.choose_way(self.session, code)

    def play_move(self, move: str) -> None:
        """Play ``move`` (a card code; at the open table, a move such as ``7H:3C+4D``)."""
        if self.state.busy or self.session.phase != "human":
            return
        self.board.hide_ways()
        if not self.lessons.accepts(move):
            return  # a lesson's panel says why not this one: try again
        if self.session.people > 1:  # the person sees what their card did before passing the device on
            self.passing = False
        # Lock the hand now, not when the task starts: a second click must find it disabled.
        self.state = self.state.to(Activity.PLAYING)
        self.board.lock_hand()
        self.takeback.lock()
        self.spawn(self.turns.human_turn(move, self.state.generation))

    def choose_way(self, session: GameSession, code: str) -> None:
        """One legal way plays at once (a pile table's card); several are offered as buttons; none is explained."""
        ways = session.ways(code)
        if len(ways) == 1:
            self.play_move(ways[0].move)
            return
        self.ways_card = code
        if not ways:
            reason = session.refusal(code) or _("This card cannot be played now.")
            self.board.show_ways(code, sums_render.refusal_html(reason))
            self.board.announce(reason)
            return
        self.board.show_ways(code, sums_render.ways_html(code, ways, session.way_hints() if self.hints else None))
        first = document.querySelector("#ways button[data-move]")
        if exists(first):
            first.focus()
        self.board.announce(_("Play the {card}:").format(card=card_name(code)) + " "
                            + "; ".join(way.label for way in ways))

    def cancel_ways(self) -> None:
        """Escape or Cancel: no way chosen; back to the card that was chosen."""
        self.board.hide_ways()
        card = self.el["hand"].querySelector(f'button[data-card="{self.ways_card}"]') if self.ways_card else None
        if card is not None and exists(card) and not card.disabled:
            card.focus()

    def on_way_pointed(self, event: Any) -> None:
        """Light up the table cards the pointed (or focused) way takes or builds on."""
        target = event.target
        way = target.closest("button[data-move]") if exists(target) and hasattr(target, "closest") else None
        self.board.highlight(str(way.dataset.takes).split() if way is not None and exists(way) else ())

    def take_back(self) -> None:
        """Take your last card back, and the bots' replies since (:mod:`kseri.table.takeback`)."""
        if self.state.busy or not can_take_back(self.session):
            return
        try:
            done = take_back(self.session)
        except SessionError as exc:
            self.notify(one_line(exc))
            return
        self.take_session(done.session)
        self.save()
        self.board.announce(takeback_text(done.removed) + " " + self.turns.turn_text())
        self.board.focus_hand(self.keyboard_index or 0)
        self.spawn(self.turns.think_ahead(self.state.generation))
    def on_log_toggle(self, event: Any) -> None:
        """The play log opened or closed: its list is worked out while it is open."""
        target = event.target
        if not exists(target) or str(getattr(target, "className", "")) != "play-log":
            return
        if bool(target.open) != self.log.open:
            self.log.open = bool(target.open)
            self.render()

    def pass_device(self) -> None:
        """The person who just played passes the device on: the pass screen covers the table."""
        self.passing = True
        self.render()
        button = self.el["pass"].querySelector("button")
        if exists(button):
            button.focus()

    def take_seat(self) -> None:
        """The next person has the device (the pass screen's button): their hand shows."""
        if self.session.handover is None or self.state.busy:
            return
        self.session.take_seat()
        self.render()
        self.board.focus_hand(0)
        self.spawn(self.turns.think_ahead(self.state.generation))

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
        self.state = self.state.to(Activity.PLAYING)
        self.render()
        self.spawn(self.turns.new_round(self.state.generation))

    def show_rules(self) -> None:
        # The picker starts at the rules being played (another table falls back to Greek).
        profile = self.session.rules.profile
        self.el["variant"].value = profile if profile in VARIANTS else "greek"
        self.open_dialog("rules")

    def show_scoring(self) -> None:
        """The score was clicked: how the points are counted, and this round so far."""
        self.el["scoring-body"].innerHTML = render.scoring_html(self.session.view(), self.session.rules)
        self.open_dialog("scoring")

    def show_rules_scoring(self) -> None:
        """From the score's explanation to the rules, opened at their scoring section."""
        self.el["scoring"].close()
        self.show_rules()
        section = document.getElementById("rules-scoring")
        if exists(section):
            section.open = True  # folded on a phone
            section.scrollIntoView(js_object({"block": "start"}))
            section.focus(js_object({"preventScroll": True}))

    def fold_rules(self) -> None:
        """On a phone the rules are short sections opened one at a time: all folded but the first, and
        one name for all, so the browser closes the open one when another opens."""
        if not window.matchMedia(PHONE_RULES_QUERY).matches:
            return
        for index, section in enumerate(document.querySelectorAll("#rules .rule-section")):
            section.setAttribute("name", "rules-section")
            section.open = index == 0

    def start_variant(self) -> None:
        self.el["rules"].close()
        choice = str(self.el["variant"].value)
        self.ask_new_match(rules=PROFILES[choice] if choice in VARIANTS else None)

    def ask_new_match(self, rules: Rules | None = None) -> None:
        """Start a new match (with ``rules``, else the current ones), asking first if one is under way."""
        session = self.session
        started = len(session.match.rounds) > 1 or session.view().plays_in_round > 0
        if started and not session.match.is_over:
            self.next_rules = rules
            self.open_dialog("confirm-new")
        else:
            self.new_match_now(rules)

    def confirm_new_match(self) -> None:
        self.el["confirm-new"].close()
        self.new_match_now(self.next_rules)

    def open_welcome(self) -> None:
        """A first visit's welcome: the game dealt behind it, played with one tap (issue 24)."""
        from kseri.web.welcome_render import play_label, welcome_html
        self.el["welcome-body"].innerHTML = welcome_html(self.session.rules, render.level_label(self.session.level))
        self.el["welcome-play"].textContent = play_label(self.session.rules)
        self.open_dialog("welcome")
        self._focus_at_top("welcome", "welcome-play")

    def choose_game(self) -> None:
        """The welcome's other way: the full new-game screen instead of the game dealt."""
        self.el["welcome"].close()
        self.open_new_game()

    def open_new_game(self) -> None:
        """The new-game screen, set to the game in play (a match under way is given up only on Start);
        its way back says "Keep playing" only once a card of this match has been played."""
        session = self.session
        started = len(session.match.rounds) > 1 or session.view().plays_in_round > 0
        choice = choice_for(session.rules, session.level, session.seat_plan)
        self.el["new-game-cancel"].textContent = _("Keep playing") if started else _("Back to the table")
        self.el["new-game-body"].innerHTML = new_game_html(
            choice, abandons=started and not session.match.is_over)
        self.el["new-game-error"].hidden = True
        self.show_bot_level()
        self.open_dialog("new-game")

    def on_new_game_change(self, event: Any) -> None:
        """Another table picked: its own target replaces the old one's, unless you typed your own.
        Another bot level picked: every bot's seat takes it (a seat can then be set apart)."""
        self._new_game_change(event.target)
        self.show_bot_level()  # after the seats changed with it

    def _new_game_change(self, field: Any) -> None:
        body = self.el["new-game-body"]
        if str(getattr(field, "name", "")) == "level" and str(field.value) in levels():
            for pick in body.querySelectorAll("select[name^='seat']"):
                if str(pick.value) != PERSON:
                    pick.value = str(field.value)
            return
        if str(getattr(field, "name", "")) == "players":  # seats left out of the game seat nobody
            self._no_person_from(int(str(field.value)))
            return
        if str(getattr(field, "name", "")) != "table" or str(field.value) not in PROFILES:
            return
        allowed = player_counts(str(field.value))  # the seats this table deals; the rest disabled
        for radio in self.el["new-game-body"].querySelectorAll('input[name="players"]'):
            radio.disabled = int(str(radio.value)) not in allowed
            if radio.checked and radio.disabled:
                radio.checked = False
                self.el["new-game-body"].querySelector('input[name="players"][value="2"]').checked = True
                self._no_person_from(2)
        if strategy_for(PROFILES[str(field.value)]).pass_and_play_refusal() is not None:  # a table without it
            self._no_person_from(1)
        target = self.el["new-game-body"].querySelector('input[name="target"]')
        if exists(target):
            new = str(PROFILES[str(field.value)].target)
            if str(target.value) == str(target.dataset.default):
                target.value = new
            target.dataset.default = new

    def show_bot_level(self) -> None:
        """The screen asks for the bot's level only while a bot sits at the table it describes."""
        body = self.el["new-game-body"]
        players = body.querySelector('input[name="players"]:checked')
        seats = [str(pick.value) for pick in sorted(body.querySelectorAll("select[name^='seat']"),
                                                    key=lambda pick: str(pick.name))]
        group = body.querySelector(".bot-level")
        if exists(group):
            group.hidden = not bots_seated(int(str(players.value)) if exists(players) else 2, seats)

    def _no_person_from(self, first: int) -> None:
        """The new-game screen's seats from ``first`` on: a person there becomes a bot of the chosen level."""
        body = self.el["new-game-body"]
        level = body.querySelector('input[name="level"]:checked')
        for pick in body.querySelectorAll("select[name^='seat']"):
            if int(str(pick.name).removeprefix("seat")) >= first and str(pick.value) == PERSON:
                pick.value = str(level.value) if exists(level) else DEFAULT_LEVEL

    def open_settings(self) -> None:
        self.el["settings-body"].innerHTML = settings_html(self.settings) + self.install.section_html()
        self.open_dialog("settings")

    def on_settings_change(self, event: Any) -> None:
        """A setting changed in the dialog: it applies at once and is remembered."""
        self.apply_settings(Settings.from_values(dict(form_values(self.el["settings-body"]))))

    def apply_settings(self, settings: Settings) -> None:
        theme_chosen = settings.theme != self.settings.theme
        self.settings = settings
        self.pacer.scale = settings.scale
        self.sound.enabled = settings.sound
        self.sound.unlock()  # the change itself is a user gesture: sound switched on works at once
        self.storage.set(SETTINGS_KEY, settings.to_json())
        apply_looks(theme_chosen=theme_chosen)  # the theme, large cards, the back (kseri/web/looks.py)

    def start_new_game(self) -> None:
        """Start the match the screen describes, or say in one line what does not hold."""
        try:
            choice = choice_from_form(form_values(self.el["new-game-body"]))
            rules = choice.rules()
        except SessionError as exc:
            error = self.el["new-game-error"]
            error.textContent = one_line(exc)
            error.hidden = False
            return
        self.el["new-game"].close()
        self.new_match_now(rules, level=choice.level, plan=choice.plan())

    def new_match_now(self, rules: Rules | None = None, *, level: str | None = None,
                      plan: SeatPlan | None = None) -> None:
        """A new match at once, with ``rules`` (else the current ones), ``level`` (else the current one),
        and who sits where (else the people of the match before, and its bots' levels unless ``level``
        is given)."""
        before = self.session
        self._close_dialogs()
        # A new generation: the old match's sequences stop; the new deal is locked until dealt in.
        self.state = self.state.new_match()
        self.pacer.skip()
        self.next_rules = None
        self._forget_failure()
        self.session = GameSession.new(rules=rules or self.session.rules, level=level or self.session.level)
        if plan is None and before.players == self.session.players and before.table == self.session.table:
            plan = before.seat_plan if level is None else SeatPlan(
                seats=tuple(PERSON if entry == PERSON else level for entry in before.seat_plan.seats),
                names=before.seat_plan.names)
        if plan is not None and len(plan.seats) == self.session.players:
            with contextlib.suppress(SessionError):  # (the open table seats no second person)
                self.session.apply_plan(plan)
        self.el["level"].innerHTML = render.level_options_html(levels(), self.session.level)
        self.hints = None
        self.board.forget()  # redraw everything, whatever an interrupted animation left behind
        self.save()
        self.render()  # the new deal shows at once, locked until it has been dealt in
        self.board.announce(_("New match.") + " " + self.turns.turn_text())
        self.spawn(self.turns.new_round(self.state.generation))

    # -- dialogs and the back button ------------------------------------------------------

    def open_dialog(self, name: str) -> None:
        """Open a dialog (modal) with a history entry of its own, so the back button closes it."""
        dialog = self.el[name]
        if not dialog.open:
            dialog.showModal()
        if self.history.opened():
            window.history.pushState(js_object({HISTORY_MARK: True}), "")

    def on_dialog_close(self, event: Any) -> None:
        """A dialog closed (its button, Escape, the page): the last one takes its history entry along.
        The first visit's welcome (or the new-game screen it led to) closed on the game dealt: it starts."""
        any_open = exists(document.querySelector("dialog[open]"))
        if self.history.closed(any_open=any_open):
            window.history.back()
        if not any_open and event.target.id in ("welcome", "new-game") and self.session.phase == "bot" \
                and self.state.activity is Activity.IDLE:
            self.go_on()

    def on_popstate(self, event: Any) -> None:
        """The back button with a dialog open: close it (the round's summary means "next round")."""
        if not self.history.popped():
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

    def _forget_stale_entry(self) -> None:
        """A reload or a return to the page starts on the entry a dialog had: it no longer has one."""
        state = window.history.state
        if exists(state) and bool(getattr(state, HISTORY_MARK, False)):
            window.history.replaceState(None, "")

    def _close_dialogs(self) -> None:
        for name in ("confirm-reset", "stats", "match-end", "round-summary", "confirm-new", "new-game", "welcome"):
            if self.el[name].open:
                self.el[name].close()

    def take_session(self, session: GameSession) -> None:
        """Go on with ``session`` where it stands (the running sequences of the old one stop)."""
        self._close_dialogs()
        self.state = self.state.new_match().to(Activity.IDLE)
        self.pacer.skip()
        self._forget_failure()
        self.session = session
        self.reviews.forget()
        self.hints = None
        self.board.forget()
        self.el["level"].innerHTML = render.level_options_html(levels(), session.level)
        self.render()
        self.go_on()

    def go_on(self) -> None:
        """Carry on from the session's phase: the bot's turn, the round's summary or the match's end."""
        phase = self.session.phase
        if phase == "bot":
            self.spawn(self.turns.drive(self.state.generation))
        elif phase == "round_over":
            self.show_round_summary()
        elif phase == "match_over":
            self.show_match_end()

    def _forget_failure(self) -> None:
        """Another game: an earlier failure's notice and retry no longer apply."""
        self._retried_at = None
        self.drop_notice("recover")

    def resume(self) -> None:
        """After a failure: let the bot try its turn again."""
        self.drop_notice("recover")
        if not self.state.busy:
            self.go_on()

    def hint(self) -> None:
        if self.state.activity is not Activity.IDLE or self.session.phase != "human":
            return
        self.state = self.state.to(Activity.HINTING)  # now: a second press must find it working
        self.spawn(self.turns.hint(self.state.generation))

    def dismiss_notices(self) -> None:
        """Close the banner; a notice that still asks for a choice stays."""
        self._notices = [n for n in self._notices if n.sticky]
        self.board.show_notices(self._notices)

    def dismiss_intro(self) -> None:
        self.storage.set(INTRO_KEY, "1")
        self.el["intro"].hidden = True

    def show_round_summary(self) -> None:
        if not self.session.match.scores or self.lessons.finish():
            return
        self.reviews.reviewing = False
        self.el["round-summary-body"].innerHTML = self.summary_html()
        self.label_next_round()
        self.open_dialog("round-summary")
        self._focus_at_top("round-summary", "next-round")

    def label_next_round(self) -> None:
        """The summary of a match's last round (opened from the result to review it) leads back to the result."""
        from kseri.web.review_render import summary_next_label
        document.getElementById("next-round").textContent = summary_next_label(self.session.phase == "match_over")

    def summary_html(self) -> str:
        """The round's summary with the way into its review."""
        review = self.reviews.button_html()
        if self.session.view().panels:
            labels = seats_render.side_labels(self.session.view())
            you = self.session.your_side  # with people sharing the device, nobody is "you"
            short = seats_render.short_labels(self.session.view())
            return seats_render.seats_round_summary_html(self.session.round_summary(), labels, you, short) + review
        return render.round_summary_html(self.session.round_summary()) + review

    def show_match_end(self) -> None:
        session = self.session
        if not session.match.is_over:
            return
        if not session.result_counted and session.people == 1:  # your matches against the bots, per seating
            # A match with take-backs counts apart, never in your record.
            self.takeback.stats_for(session, self.stats).add(game_key(session.rules), session.level,
                                                             session.match_summary(),
                                                             day=datetime.date.today().isoformat())
            if session.takebacks:
                self.takeback.save_stats()
            else:
                self.storage.set(STATS_KEY, self.stats.to_json())
            session.result_counted = True
            self.save()
            self.install.decide_offer()  # once ever, at a match's end: the app can be installed
            if session.match.winner == 0:  # your side won: a moment of celebration (kseri/web/celebrate_ui.py)
                self.spawn(celebrate(self.sound))
        self.draw_match_end()
        self.open_dialog("match-end")
        self._focus_at_top("match-end", "match-new")

    def draw_match_end(self) -> None:
        session = self.session
        line = self.takeback.stats_for(session, self.stats).line(game_key(session.rules), session.level,
                                                                 render.level_label(session.level))
        if session.takebacks and session.people == 1:
            line = _("With take-backs, counted apart from your record.") + " " + line
        # the match's result, with the way into the review of its last round; your streak, and once the
        # offer to install the app
        review = self.reviews.button_html()
        record = self.takeback.stats_for(session, self.stats).record(game_key(session.rules), session.level)
        extra = (streak_html(record) if session.people == 1 else "") + self.install.offer_html()
        if session.view().panels:
            labels = seats_render.side_labels(session.view())
            self.el["match-end-body"].innerHTML = seats_render.seats_match_end_html(
                session.match_summary(), labels, session.your_side,
                stats_line=line if session.people == 1 else "", short=seats_render.short_labels(session.view()),
                word=word_key(session.rules)) + review + extra
            return
        self.el["match-end-body"].innerHTML = render.match_end_html(session.match_summary(), stats_line=line,
                                                                    level=session.level,
                                                                    word=word_key(session.rules)) + review + extra

    def show_stats(self) -> None:
        """The statistics dialog (over the match's end or the rules, which it returns to)."""
        self.draw_stats()
        self.open_dialog("stats")
        self._focus_at_top("stats", "stats-close")

    def draw_stats(self) -> None:
        self.el["stats-body"].innerHTML = stats_html(self.stats) + apart_html(self.takeback.stats)
        self.el["stats-reset"].disabled = self.stats.empty and self.takeback.stats.empty

    def reset_stats(self) -> None:
        """The player confirmed: every count starts again from zero, here and in the store."""
        self.el["confirm-reset"].close()
        self.stats.clear()
        self.storage.set(STATS_KEY, self.stats.to_json())
        self.takeback.clear_stats()
        self.draw_stats()
        if self.el["match-end"].open:
            self.draw_match_end()
        self.el["stats-close"].focus()
        self.board.announce(_("The statistics were reset."))

    def _focus_at_top(self, name: str, button: str) -> None:
        """Focus a dialog's button (at its foot) and show the dialog from its top, headline first."""
        document.getElementById(button).focus(js_object({"preventScroll": True}))
        self.el[name].scrollTop = 0
        self.el[f"{name}-body"].scrollTop = 0

    def share_link(self) -> str:
        """A link that opens this match at its current position (hook for the share button)."""
        from kseri.table.share import link
        return link(str(window.location.href).split("?")[0], self.session.record_text())

    def open_share(self) -> None:
        """Share the link to this game: the system's share sheet where the browser has one,
        else (or should the sheet fail) the Share dialog, with the link selected and copied."""
        link = self.share_link()
        self.el["share-url"].value = link
        navigator = window.navigator
        share = getattr(navigator, "share", None)
        if exists(share) and getattr(share, "typeof", "") == "function":
            def failed(error: Any) -> None:
                name = str(getattr(error, "name", "")) if exists(error) else ""
                if copy_after_share_error(name):
                    self.show_share_dialog()

            self._proxies += [create_proxy(lambda _: None), create_proxy(failed)]
            try:
                navigator.share(js_object({"title": str(document.title), "url": link})).then(
                    self._proxies[-2], self._proxies[-1])
            except Exception:  # refused at once (no user gesture, say): copy instead
                self.show_share_dialog()
            return
        self.show_share_dialog()

    def show_share_dialog(self) -> None:
        """The Share dialog, the link selected and (if the browser lets us) copied."""
        self.open_dialog("share")
        self.copy_share()

    def copy_share(self) -> None:
        field, status = self.el["share-url"], self.el["share-status"]
        field.focus()
        field.select()
        clipboard: Any = getattr(window.navigator, "clipboard", None)
        if not exists(clipboard):
            status.textContent = _("Select the link and copy it.")
            return

        def done(_result: Any) -> None:
            status.textContent = _("Copied to the clipboard.")

        def refused(_error: Any) -> None:
            status.textContent = _("Select the link and copy it (the clipboard is not available here).")

        self._proxies += [create_proxy(done), create_proxy(refused)]
        clipboard.writeText(field.value).then(self._proxies[-2], self._proxies[-1])

    def switch_language(self, lang: str) -> None:
        """The header's switch: speak ``lang`` from now on, here and on later visits."""
        lang = language.apply(lang)
        language.remember(self.storage, lang)
        self.el["level"].innerHTML = render.level_options_html(levels(), self.session.level)
        self.board.forget()
        self.render()
        self.board.show_notices(self._notices)
        guide = document.querySelector("#rules .guide-link")
        if exists(guide):  # its words and its page (each language has its own guide)
            guide.outerHTML = render.guide_link_html()
        if self.el["scoring"].open:
            self.el["scoring-body"].innerHTML = render.scoring_html(self.session.view(), self.session.rules)
        if self.el["round-summary"].open and self.session.match.scores:
            self.label_next_round()
            if self.reviews.reviewing:
                self.reviews.draw()
            else:
                self.el["round-summary-body"].innerHTML = self.summary_html()
        if self.el["match-end"].open and self.session.match.is_over:
            self.draw_match_end()
        if self.el["stats"].open:
            self.draw_stats()
        pressed = document.querySelector(f'.lang-switch [data-lang="{lang}"]')
        if exists(pressed):
            pressed.focus()

    # -- start --------------------------------------------------------------------------

    def boot(self) -> None:
        """Wire the page and draw the table, still behind the loading screen (:meth:`open` shows it)."""
        self._forget_stale_entry()
        self.takeback.place()
        self.lessons.place()
        lesson = self.lessons.requested()
        if lesson is not None:  # ?learn=: the lesson, its table drawn from the first paint
            self.session = lesson_session(lesson)
        self.wire()
        self.add_landmarks()
        self.fold_rules()
        self.board.show_notices(self._notices)
        if not self.storage.get(INTRO_KEY):  # a first visit: the tip (until a round is played or it is dismissed)
            self.el["intro"].hidden = False
        self.save()
        self.render()

    def open(self) -> None:
        """Show the table drawn by :meth:`boot` and start the game."""
        document.body.dataset.ready = "true"
        if self.unasked and not self.storage.get(INTRO_KEY) and lesson_of(self.session) is None:
            # one tap to the game dealt behind it, or the full new-game screen; the bot waits for the
            # choice (on_dialog_close), so the game offered is one nobody has played yet
            self.open_welcome()
        else:
            self.go_on()
        self.board.announce(self.turns.turn_text())
        self.lessons.announce_start()  # ?learn=: the lesson says what it is
        self.spawn(self.warm_up())

    async def warm_up(self) -> None:
        """Load the search while the player looks at the table, so the first hint (and the hard
        bot's first card) does not also pay for loading it; one module per slice keeps the page free."""
        await asyncio.sleep(WARM_UP_DELAY)
        for name in SEARCH_MODULES:
            importlib.import_module(name)
            await asyncio.sleep(0)
        if self.session.phase == "human":  # your first turn: its hint is ready before you ask
            await self.turns.think_ahead(self.state.generation)

    def add_landmarks(self) -> None:
        """What the static page may lack: the table's one ``h1`` and, in the rules, the link to the
        illustrated guide (nothing is added when index.html has them already)."""
        if not exists(document.querySelector("#app h1")):
            header = document.querySelector("#app header")  # in the banner landmark, like all content
            (header if exists(header) else self.el["app"]).insertAdjacentHTML("afterbegin", render.TABLE_HEADING)
            language.translate_page()  # (the heading in the page's language)
        if not exists(document.querySelector('#rules a[href^="guide"]')):
            lead = document.querySelector("#rules .lead")
            if exists(lead):
                lead.insertAdjacentHTML("afterend", render.guide_link_html())


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
    app.boot()
    await images.ready(app.el["app"], CARD_IMAGES_WAIT)
    app.open()
    app.duel.start()
    images.load_all()
    return app
