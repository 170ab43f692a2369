"""The page's input: which listener calls which controller, and what a click or a key does.

What a key means is :mod:`kseri.web.keys` (pure); which buttons only close a dialog is
:mod:`kseri.web.actions` (pure); whether a tap lifts or plays a card is :func:`kseri.web.settings.tap_plays`.
The controllers do the rest: :mod:`kseri.web.play_ui` (play), :mod:`kseri.web.newgame_ui`,
:mod:`kseri.web.rules_ui`, :mod:`kseri.web.share_ui`, :mod:`kseri.web.stats_ui`,
:mod:`kseri.web.match_end_ui`, :mod:`kseri.web.settings_ui`, :mod:`kseri.web.saving`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, Protocol

from pyscript import document, window

from kseri.web.actions import CLOSES
from kseri.web.dialogs import DIALOGS, DialogControl
from kseri.web.dom import exists
from kseri.web.drag_ui import CardDrag
from kseri.web.keys import HURRY_KEYS_CONSUMED, Focus, KeyContext, command_for
from kseri.web.match_end_ui import MatchEndControl
from kseri.web.newgame_ui import NewGameControl
from kseri.web.play_ui import PlayControl, PlayHost
from kseri.web.review_ui import ACTIONS as REVIEW_ACTIONS
from kseri.web.rules_ui import RulesControl
from kseri.web.saving import SaveControl
from kseri.web.settings import tap_plays
from kseri.web.settings_ui import SettingsControl
from kseri.web.share_ui import ShareControl
from kseri.web.stats_ui import StatsControl

__all__ = ["InputControl", "InputHost"]



class InputHost(PlayHost, Protocol):
    """The page and its controllers, as its input reaches them."""

    # The controllers the input forwards to (the page's plain attributes, made once with the page).
    play: PlayControl
    newgame: NewGameControl
    rules: RulesControl
    share: ShareControl
    stats_ui: StatsControl
    match_end: MatchEndControl
    settings_ui: SettingsControl
    saves: SaveControl
    dialogs: DialogControl

    def next_round(self) -> None: ...

    def dismiss_notices(self) -> None: ...

    def dismiss_intro(self) -> None: ...

    def switch_language(self, lang: str) -> None: ...

    def on_key(self, event: Any) -> None: ...

    def on_dialog_cancel(self, event: Any) -> None: ...

    def on_popstate(self, event: Any) -> None: ...


class InputControl:
    """The page's listeners, and the clicks and keys they forward."""

    def __init__(self, app: InputHost) -> None:
        self.app = app
        self.drag = CardDrag(app)
        """A card of your hand dragged onto the table (:mod:`kseri.web.drag_ui`)."""

    def _listen(self, target: Any, kind: str, handler: Callable[[Any], None], capture: bool = False) -> None:
        target.addEventListener(kind, self.app.proxy(handler), capture)

    def wire(self) -> None:
        app = self.app
        el = app.el
        self._listen(document, "click", self.on_click)
        self._listen(document, "keydown", app.on_key)
        self._listen(document, "pointerdown", app.play.on_pointer, True)
        self._listen(document, "pointerdown", self.drag.on_down)
        self._listen(document, "pointermove", self.drag.on_move)
        self._listen(document, "pointerup", self.drag.on_up)
        self._listen(document, "pointercancel", self.drag.on_cancel)
        self._listen(document, "keydown", self.drag.on_key, True)  # before the table's keys: Escape ends a drag
        self._listen(window, "storage", app.saves.on_storage)
        self._listen(el["level"], "change", app.play.on_level)
        self._listen(el["new-game-body"], "change", app.newgame.on_new_game_change)
        self._listen(el["settings-body"], "change", app.settings_ui.on_settings_change)
        app.install.listen()
        self._listen(el["play-log"], "toggle", app.play.on_log_toggle, True)  # (toggle does not bubble)
        for kind in ("pointerover", "focusin"):  # a way's button points at the cards it takes or builds on
            self._listen(el["ways"], kind, app.play.on_way_pointed)
        for kind in ("pointerout", "focusout"):
            self._listen(el["ways"], kind, lambda _event: app.board.highlight(()))
        for name in ("round-summary", "match-end"):
            # Escape must not leave the table stuck between rounds: it means "continue".
            self._listen(el[name], "cancel", app.on_dialog_cancel)
        for name in DIALOGS:
            self._listen(el[name], "close", app.dialogs.on_dialog_close)
        self._listen(window, "popstate", app.on_popstate)

    def actions(self) -> dict[str, Callable[[], None]]:
        """What each ``data-action`` button does (besides those that only close their dialog)."""
        app = self.app
        return {
            "next-round": app.next_round,
            "take-seat": app.play.take_seat,
            "pass-device": app.play.pass_device,
            "new-match": app.newgame.open_new_game,
            "choose-game": app.newgame.choose_game,
            "start-new-game": app.newgame.start_new_game,
            "confirm-new": app.newgame.confirm_new_match,
            "rules": app.rules.show_rules,
            "start-variant": app.rules.start_variant,
            "scoring": app.rules.show_scoring,
            "rules-scoring": app.rules.show_rules_scoring,
            "rules-table": app.rules.show_table_rules,
            "hint": app.play.hint,
            "dismiss-notice": app.dismiss_notices,
            "dismiss-intro": app.dismiss_intro,
            "show-summary": app.show_round_summary,
            "show-match-end": app.show_match_end,
            "last-round": app.match_end.show_last_round,
            "match-new": lambda: app.new_match_now(),
            "copy-link": app.share.open_share,
            "copy-share": app.share.copy_share,
            "settings": app.settings_ui.open_settings,
            "load-newer": app.saves.load_newer,
            "keep-this": app.saves.keep_this,
            "resume": app.play.resume,
            "stats": app.stats_ui.show_stats,
            "reset-stats": lambda: app.open_dialog("confirm-reset"),
            "confirm-reset": app.stats_ui.reset_stats,
            "cancel-ways": app.play.cancel_ways,
            "undo": app.play.take_back,
            "leave-lesson": app.lessons.leave,
            "lesson-again": app.lessons.again,
            "install": app.install.prompt,
        }

    def on_click(self, event: Any) -> None:
        app = self.app
        app.sound.unlock()  # a tap's pointerdown is no user activation for audio; its click is
        target = event.target
        if not exists(target) or not hasattr(target, "closest"):
            return
        if self.drag.swallows(event):
            return  # the click a drag ends with: the drop did what it meant
        card = target.closest("#hand button[data-card]")
        if exists(card):
            if not card.disabled:
                # detail == 0: activated by Enter/Space, so keep the keyboard's place after the bot's turn.
                keyboard = event.detail == 0
                code = str(card.dataset.card)
                if not tap_plays(app.settings, app.board.lifted_card(), code, keyboard=keyboard):
                    app.board.lift(code)
                    return
                app.keyboard_index = int(card.dataset.index) if keyboard else None
                app.play.play(code)
            return
        way = target.closest("#ways button[data-move]")
        if exists(way):
            if event.detail != 0:  # chosen with the mouse: no hand place to come back to
                app.keyboard_index = None
            app.play.play_move(str(way.dataset.move))
            return
        action = target.closest("[data-action]")
        if not exists(action):
            return
        name = str(action.dataset.action)
        if exists(action.closest("#more-menu")):  # a choice behind "More": the menu closes
            with contextlib.suppress(Exception):
                document.getElementById("more-menu").hidePopover()
        if name in CLOSES:
            app.el[CLOSES[name]].close()
        elif name == "learn":
            app.lessons.start_named(str(action.getAttribute("data-learn") or ""))
        elif name == "set-language":
            app.switch_language(str(action.dataset.lang or ""))
        elif name in REVIEW_ACTIONS:
            app.reviews.act(name, action)
        else:
            handler = self.actions().get(name)
            if handler is not None:
                handler()

    def on_table_key(self, event: Any, active: Any, tag: str) -> None:
        """A key pressed at the table (the review, when open, has its keys first: :meth:`App.on_key`)."""
        app = self.app
        if event.key == "Escape" and app.board.ways_open and not exists(document.querySelector("dialog[open]")):
            event.preventDefault()
            app.play.cancel_ways()
            return
        log = app.board.el["play-log"].querySelector("details[open]")
        in_hand = tag == "button" and exists(active.closest("#hand"))
        buttons = app.board.hand_buttons()
        focus: Focus = ("hand" if in_hand else "form" if tag in ("select", "input", "textarea")
                        else "body" if tag in ("body", "main", "") or active == app.board.el["hand"] else "other")
        context = KeyContext(
            hand_size=buttons.length,
            focus=focus,
            focused_index=int(active.dataset.index) if in_hand else None,
            playable=tuple(not button.disabled for button in buttons),
            modifiers=bool(event.ctrlKey or event.metaKey or event.altKey),
            animating=app.state.busy and app.pacer.busy,
            dialog_open=exists(document.querySelector("dialog[open]")),
            undo_chord=bool((event.ctrlKey or event.metaKey) and not event.altKey and not event.shiftKey),
            in_open_log=exists(log) and bool(log.contains(active)),
            hint_shown=app.session.phase == "human" and app.session.shown_hints() is not None,
            menu_open=_menu_open(),
        )
        command = command_for(event.key, context)
        if command is None:
            return
        if command.kind == "hurry":
            app.pacer.skip()
            if event.key in HURRY_KEYS_CONSUMED:
                event.preventDefault()
        elif command.kind == "play":
            event.preventDefault()
            app.keyboard_index = command.index
            app.play.play(buttons.item(command.index).dataset.card)
        elif command.kind == "focus":
            event.preventDefault()
            # The arrows move the focus by script, which WebKit does not ring after a click (its
            # :focus-visible follows the last pointer): the page marks the keyboard's turn itself.
            document.body.dataset.arrows = "true"
            buttons.item(command.index).focus()
        elif command.kind == "hint":
            app.play.hint()
        elif command.kind == "rules":
            app.rules.show_rules()
        elif command.kind == "undo":
            event.preventDefault()
            app.play.take_back()
        elif command.kind == "close-log":
            event.preventDefault()
            log.open = False  # (its toggle event tells the page)
            log.querySelector("summary").focus()
        elif command.kind == "hide-hint":
            event.preventDefault()
            app.play.hide_hint()


def _menu_open() -> bool:
    """Whether the header's More menu (a popover) is open; False where the browser knows no popovers."""
    try:
        return bool(document.getElementById("more-menu").matches(":popover-open"))
    except Exception:  # (an unknown selector throws)
        return False
