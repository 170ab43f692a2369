"""The page: draws the session, runs each turn, forwards clicks and keys.

It holds no game logic: every decision is a call on
:class:`~kseri.session.GameSession`, every piece of markup comes from
:mod:`kseri.web.render`. Its helpers: :mod:`kseri.web.opening` picks the game
the page opens with, :mod:`kseri.web.storage` keeps it between visits,
:mod:`kseri.web.pacer` times pauses and animations, :mod:`kseri.web.motion`
moves the cards, :mod:`kseri.web.dom` has small browser helpers.

Pacing. The bot thinks in slices of :data:`SLICE_MS` and yields to the browser
between slices (``asyncio.sleep(0)`` is a macrotask in Pyodide's event loop),
so the page never blocks for long. Plays are animated with the Web Animations
API; a click or a key press finishes the running animation and skips the
rest of the turn's pauses, and ``prefers-reduced-motion: reduce`` removes
every delay.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Awaitable, Callable

from pyodide.ffi import create_proxy
from pyscript import document, window
from js import console

from ..cards import Card
from ..errors import KseriError
from ..events import PlayEvent
from ..session import GameSession
from ..stats import Stats
from ..table import HUMAN, SessionError, levels
from ..views import HintEntry, describe_event
from . import motion, render
from .dom import bounds, exists
from .opening import open_session
from .pacer import BOT_FLIGHT, BOT_MIN_THINK, HUMAN_FLIGHT, LAND_PAUSE, ROUND_END_PAUSE, SLICE_MS, Pacer
from .storage import INTRO_KEY, SAVE_KEY, STATS_KEY, Storage

__all__ = ["App", "start", "SLICE_MS"]


class App:
    """The page around one :class:`GameSession` at a time."""

    def __init__(self, session: GameSession, storage: Storage, notices: list[str]) -> None:
        self.session = session
        self.storage = storage
        self.pacer = Pacer()
        self.stats = Stats.from_json(storage.get(STATS_KEY))
        self.generation = 0
        """Bumped by a new match: a running sequence of the old one stops."""
        self.busy = False
        self.thinking = False
        self.dealing = False
        self.hints: dict[str, HintEntry] | None = None
        self.hint_key: tuple[int, int] | None = None
        self.hinting = False
        self.keyboard_index: int | None = None
        """Hand position to refocus after the bot's turn (set when you play from the keyboard)."""
        self._proxies: list[Any] = []
        self._tasks: set[asyncio.Task] = set()
        self._html: dict[str, str] = {}
        """What each element was last given, so unchanged parts are not rebuilt (focus and hover survive)."""
        self._told_storage = False
        self.el = {name: document.getElementById(name) for name in (
            "app", "hand", "pile", "score", "bot-hand", "bot-stack", "you-stack", "stock", "status",
            "announce", "notice", "round-summary", "round-summary-body", "match-end", "match-end-body",
            "rules", "confirm-new", "level", "intro", "fx", "hint-button", "bot-tag", "you-tag",
            "bot-area", "you-area", "kseri-flash", "share", "share-url", "share-status")}
        self._notices = list(notices)

    # -- wiring -----------------------------------------------------------------

    def _listen(self, target: Any, kind: str, handler: Callable[[Any], None], capture: bool = False) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy, capture)

    def wire(self) -> None:
        self._listen(document, "click", self.on_click)
        self._listen(document, "keydown", self.on_key)
        self._listen(document, "pointerdown", self.on_pointer, True)
        self._listen(self.el["level"], "change", self.on_level)
        for name in ("round-summary", "match-end"):
            # Escape must not leave the table stuck between rounds: it means "continue".
            self._listen(self.el[name], "cancel", self.on_dialog_cancel)
        self.el["level"].innerHTML = render.level_options_html(levels(), self.session.level)

    def spawn(self, coroutine: Awaitable[None]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            console.error(f"kseri: {type(exc).__name__}: {exc}")
            self.busy = False
            self.render()

    # -- drawing -----------------------------------------------------------------

    def _set_html(self, name: str, html: str) -> None:
        if self._html.get(name) != html:
            self._html[name] = html
            self.el[name].innerHTML = html

    def render(self) -> None:
        session, el = self.session, self.el
        view = session.view()
        key = (view.round_number, view.plays_in_round)
        if self.hint_key != key:
            self.hints = None
        can_play = view.phase == "human" and not self.busy
        self._set_html("hand", render.hand_html(view.hand, enabled=can_play, hints=self.hints))
        el["hand"].dataset.count = str(len(view.hand))
        el["hand"].classList.toggle("my-turn", can_play)
        self._set_html("bot-hand", render.bot_hand_html(view.bot.hand_count))
        el["bot-hand"].dataset.count = str(view.bot.hand_count)
        el["bot-hand"].setAttribute("aria-label", f"Bot's hand: {view.bot.hand_count} cards")
        self._set_html("pile", render.pile_html(view.pile))
        el["pile"].dataset.count = str(len(view.pile))
        el["pile"].setAttribute("aria-label", render.pile_label(view.pile))
        self._set_html("you-stack", render.stack_html(view.human, "You"))
        self._set_html("bot-stack", render.stack_html(view.bot, "Bot"))
        el["you-stack"].dataset.count = str(view.human.captured)
        el["bot-stack"].dataset.count = str(view.bot.captured)
        self._set_html("stock", render.stock_html(view.stock))
        el["stock"].dataset.count = str(view.stock)
        el["stock"].setAttribute("aria-label", f"Stock: {view.stock} cards")
        self._set_html("score", render.score_html(view))
        el["score"].dataset.seat0 = str(view.totals[0])
        el["score"].dataset.seat1 = str(view.totals[1])
        el["score"].dataset.target = str(view.target)
        el["score"].setAttribute("aria-label", f"Match score: you {view.totals[0]}, bot {view.totals[1]}, "
                                               f"first to {view.target}")
        best = next((h for h in self.hints.values() if h.best), None) if self.hints else None
        self._set_html("status", render.status_html(view, thinking=self.thinking, dealing=self.dealing,
                                                           best_hint=best))
        for side, tag in ((view.bot, el["bot-tag"]), (view.human, el["you-tag"])):
            tag.classList.toggle("is-dealer", side.is_dealer)
            tag.classList.toggle("last-take", side.last_capturer)
        el["bot-tag"].querySelector(".level-name").textContent = render.LEVEL_LABELS.get(view.level, view.level)
        el["you-area"].classList.toggle("active", view.phase == "human")
        el["bot-area"].classList.toggle("active", view.phase == "bot")
        hint_button = el["hint-button"]
        hint_button.disabled = not can_play or self.hinting
        hint_button.setAttribute("aria-busy", "true" if self.hinting else "false")
        hint_button.classList.toggle("working", self.hinting)
        document.body.dataset.phase = view.phase
        document.body.dataset.busy = "true" if self.busy else "false"
        title = "Your turn · Kseri" if can_play else "Kseri — the Greek card game"
        if document.title != title:
            document.title = title

    def render_notices(self) -> None:
        self._set_html("notice", render.notices_html(self._notices))
        self.el["notice"].hidden = not self._notices

    def notify(self, text: str) -> None:
        self._notices.append(text)
        self.render_notices()

    def announce(self, text: str) -> None:
        self.el["announce"].textContent = text

    def save(self) -> None:
        if not self.storage.set(SAVE_KEY, self.session.to_save()) and self.storage.failed:
            if not self._told_storage:
                self._told_storage = True
                self.notify("Your browser refused to store the game, so it will not be resumed after a reload.")

    def focus_hand(self, index: int) -> None:
        buttons = self.el["hand"].querySelectorAll("button[data-card]")
        if buttons.length:
            buttons.item(max(0, min(index, buttons.length - 1))).focus()

    # -- input ------------------------------------------------------------------------

    def on_pointer(self, event: Any) -> None:
        if self.busy and self.pacer.busy:
            self.pacer.skip()

    def on_click(self, event: Any) -> None:
        target = event.target
        if not exists(target) or not hasattr(target, "closest"):
            return
        card = target.closest("#hand button[data-card]")
        if exists(card):
            if not card.disabled:
                # detail == 0: activated by Enter/Space, so keep the keyboard's place after the bot's turn.
                self.keyboard_index = int(card.dataset.index) if event.detail == 0 else None
                self.play(card.dataset.card)
            return
        action = target.closest("[data-action]")
        if not exists(action):
            return
        name = action.dataset.action
        handler = {
            "next-round": self.next_round,
            "new-match": self.ask_new_match,
            "confirm-new": self.confirm_new_match,
            "cancel-new": lambda: self.el["confirm-new"].close(),
            "rules": lambda: self.el["rules"].showModal(),
            "close-rules": lambda: self.el["rules"].close(),
            "hint": self.hint,
            "dismiss-notice": self.dismiss_notices,
            "dismiss-intro": self.dismiss_intro,
            "show-summary": self.show_round_summary,
            "show-match-end": self.show_match_end,
            "close-match-end": lambda: self.el["match-end"].close(),
            "match-new": self.new_match_now,
            "copy-link": self.open_share,
            "copy-share": self.copy_share,
            "close-share": lambda: self.el["share"].close(),
        }.get(name)
        if handler is not None:
            handler()

    def on_key(self, event: Any) -> None:
        key = event.key
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if self.busy and self.pacer.busy and key not in ("Tab", "Shift"):
            self.pacer.skip()  # any key hurries the animation along
            if key in (" ", "Enter", "Escape"):
                event.preventDefault()
            return
        if exists(document.querySelector("dialog[open]")):
            return  # dialogs handle their own keys
        active = document.activeElement
        tag = str(active.tagName or "").lower() if exists(active) else ""
        if tag in ("select", "input", "textarea"):
            return
        in_hand = tag == "button" and exists(active.closest("#hand"))
        buttons = self.el["hand"].querySelectorAll("button[data-card]")
        n = buttons.length
        if len(key) == 1 and "1" <= key <= "9":
            index = int(key) - 1
            if index < n and not buttons.item(index).disabled:
                event.preventDefault()
                self.keyboard_index = index
                self.play(buttons.item(index).dataset.card)
        elif key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            if not n or not (in_hand or tag in ("body", "main", "")):
                return  # arrows keep their meaning elsewhere
            current = int(active.dataset.index) if in_hand else -1
            if key == "Home" or current < 0:
                index = 0 if key != "End" else n - 1
            elif key == "End":
                index = n - 1
            else:
                index = (current + (-1 if key in ("ArrowLeft", "ArrowUp") else 1)) % n
            event.preventDefault()
            buttons.item(index).focus()
        elif key in ("h", "H"):
            self.hint()
        elif key == "?":
            self.el["rules"].showModal()

    def on_level(self, event: Any) -> None:
        value = self.el["level"].value
        try:
            self.session.level = value
        except SessionError:
            return
        self.save()
        self.render()
        self.announce(f"Bot level: {render.LEVEL_LABELS.get(value, value)}, from its next card.")

    def on_dialog_cancel(self, event: Any) -> None:
        event.preventDefault()
        if event.target.id == "round-summary":
            self.next_round()
        else:
            self.el["match-end"].close()

    # -- actions -----------------------------------------------------------------------

    def play(self, code: str) -> None:
        if self.busy or self.session.phase != "human":
            return
        # Lock the hand now, not when the task starts: a second click must find it disabled.
        self.busy = True
        document.body.dataset.busy = "true"
        for button in self.el["hand"].querySelectorAll("button[data-card]"):
            button.disabled = True
        self.el["hint-button"].disabled = True
        self.spawn(self._human_turn(code))

    def next_round(self) -> None:
        dialog = self.el["round-summary"]
        if dialog.open:
            dialog.close()
        if self.session.phase != "round_over" or self.busy:
            return
        self.session.next_round()
        self.save()
        if not self.el["intro"].hidden:
            self.dismiss_intro()  # a whole round played: the first-visit hint has done its job
        self.busy = True
        self.render()
        self.spawn(self._new_round(self.generation))

    def ask_new_match(self) -> None:
        session = self.session
        started = len(session.match.rounds) > 1 or session.view().plays_in_round > 0
        if started and not session.match.is_over:
            self.el["confirm-new"].showModal()
        else:
            self.new_match_now()

    def confirm_new_match(self) -> None:
        self.el["confirm-new"].close()
        self.new_match_now()

    def new_match_now(self) -> None:
        for name in ("match-end", "round-summary", "confirm-new"):
            if self.el[name].open:
                self.el[name].close()
        self.generation += 1
        self.pacer.skip()
        self.busy = False
        self.thinking = False
        self.hinting = False
        self.session = GameSession.new(rules=self.session.rules, level=self.session.level)
        self.hints = None
        self._html.clear()  # redraw everything, whatever an interrupted animation left behind
        self.save()
        self.busy = True
        self.render()  # the new deal shows at once, locked until it has been dealt in
        self.announce("New match. " + self._turn_text())
        self.spawn(self._new_round(self.generation))

    def hint(self) -> None:
        if self.busy or self.hinting or self.session.phase != "human":
            return
        self.spawn(self._hint(self.generation))

    def dismiss_notices(self) -> None:
        self._notices.clear()
        self.render_notices()

    def dismiss_intro(self) -> None:
        self.storage.set(INTRO_KEY, "1")
        self.el["intro"].hidden = True

    def show_round_summary(self) -> None:
        if not self.session.match.scores:
            return
        self.el["round-summary-body"].innerHTML = render.round_summary_html(self.session.round_summary())
        if not self.el["round-summary"].open:
            self.el["round-summary"].showModal()
        document.getElementById("next-round").focus()

    def show_match_end(self) -> None:
        session = self.session
        if not session.match.is_over:
            return
        if not session.result_counted:
            self.stats.add(session.level, session.match.winner == HUMAN)
            self.storage.set(STATS_KEY, self.stats.to_json())
            session.result_counted = True
            self.save()
        self.el["match-end-body"].innerHTML = render.match_end_html(
            session.match_summary(), stats_line=self.stats.line(session.level, render.LEVEL_LABELS.get(session.level)),
            level=session.level)
        if not self.el["match-end"].open:
            self.el["match-end"].showModal()
        document.getElementById("match-new").focus()

    def share_link(self) -> str:
        """A link that opens this match at its current position (hook for the share button)."""
        from ..share import link
        return link(str(window.location.href).split("?")[0], self.session.match)

    def open_share(self) -> None:
        """Show the link to this game, selected, and try to put it on the clipboard."""
        self.el["share-url"].value = self.share_link()
        if not self.el["share"].open:
            self.el["share"].showModal()
        self.copy_share()

    def copy_share(self) -> None:
        field, status = self.el["share-url"], self.el["share-status"]
        field.focus()
        field.select()
        clipboard = getattr(window.navigator, "clipboard", None)
        if not exists(clipboard):
            status.textContent = "Select the link and copy it."
            return

        def done(_: Any) -> None:
            status.textContent = "Copied to the clipboard."

        def refused(_: Any) -> None:
            status.textContent = "Select the link and copy it (the clipboard is not available here)."

        self._proxies += [create_proxy(done), create_proxy(refused)]
        clipboard.writeText(field.value).then(self._proxies[-2], self._proxies[-1])

    # -- sequences ---------------------------------------------------------------------

    def _turn_text(self) -> str:
        phase = self.session.phase
        return {"human": "Your turn.", "bot": "The bot leads."}.get(phase, "")

    async def _human_turn(self, code: str) -> None:
        gen = self.generation
        self.busy = True
        self.pacer.begin()
        try:
            event = self.session.play_human(code)
        except KseriError as exc:
            self.busy = False
            self.notify(str(exc))
            self.render()
            return
        self.save()
        self.session.take_events()
        await self._show_play(event, gen)
        if gen != self.generation:
            return
        await self._drive(gen)

    async def _new_round(self, gen: int) -> None:
        self.busy = True
        self.pacer.begin()
        self.render()
        self.announce(f"Round {len(self.session.match.rounds)}. {self._turn_text()}")
        await self._deal_in(with_pile=True)
        if gen != self.generation:
            return
        await self._drive(gen)

    async def _drive(self, gen: int) -> None:
        """Play the bot's turns until it is your turn or the round ends."""
        session = self.session
        while gen == self.generation and session.phase == "bot":
            # No pacer.begin() here: a skip during your card's flight hurries the whole exchange.
            self.busy = True
            self.thinking = True
            self.render()
            started = time.perf_counter()
            while not session.think(SLICE_MS):
                await asyncio.sleep(0)
                if gen != self.generation:
                    return
            await self.pacer.pause(BOT_MIN_THINK - (time.perf_counter() - started) * 1000)
            if gen != self.generation:
                return
            self.thinking = False
            self._set_html("status", render.status_html(session.view()))
            event = session.play_bot()
            session.take_events()
            self.save()
            await self._show_play(event, gen)
        if gen != self.generation:
            return
        self.busy = False
        self.thinking = False
        self.render()
        phase = session.phase
        if phase == "human" and self.keyboard_index is not None:
            self.focus_hand(self.keyboard_index)
        elif phase == "round_over":
            self.show_round_summary()
        elif phase == "match_over":
            self.show_match_end()

    async def _show_play(self, event: PlayEvent, gen: int) -> None:
        """Animate one play from the table as drawn before it, then draw the table after it."""
        pacer, el = self.pacer, self.el
        human = event.seat == HUMAN
        code = event.card.code
        if human:
            source = el["hand"].querySelector(f'button[data-card="{code}"]')
        else:
            backs = el["bot-hand"].querySelectorAll(".back")
            source = backs.item(backs.length // 2) if backs.length else el["bot-hand"]
        source_rect = bounds(source) or bounds(el["stock"])
        if exists(source):
            source.style.visibility = "hidden"
        self.announce(describe_event(event, self.session.rules.packet_size))
        if event.kind == "drop" and not event.sweep:
            self.render()
            top = el["pile"].querySelector("[data-card]")
            if exists(top) and source_rect is not None:
                await motion.settle_from(pacer, top, source_rect, -8 if human else 8,
                                         HUMAN_FLIGHT if human else BOT_FLIGHT)
        else:
            # The card lands on the pile, then the pile goes to the taker's stack.
            flyer = motion.flyer(el["fx"], code)
            await motion.fly_onto_pile(pacer, flyer, el["pile"], source_rect, -10 if human else 10,
                                       HUMAN_FLIGHT if human else BOT_FLIGHT)
            if gen != self.generation:
                flyer.remove()
                return
            if event.kind in ("kseri", "jack_kseri"):
                await motion.kseri_flash(pacer, el["kseri-flash"], el["pile"], event)
            else:
                await pacer.pause(LAND_PAUSE)
            taker = event.seat if event.is_capture else event.sweep_seat
            stack = el["you-stack" if taker == HUMAN else "bot-stack"].querySelector(".stack-visual")
            await motion.gather(pacer, [flyer] + list(el["pile"].querySelectorAll(".pile-card")), stack)
            flyer.remove()
            self.render()
            bump = el["you-stack" if taker == HUMAN else "bot-stack"].querySelector(".stack-count")
            await pacer.animate(bump, [{"transform": "scale(1.5)"}, {"transform": "scale(1)"}], 260, fill="none")
        if gen != self.generation:
            return
        if event.round_over:
            await pacer.pause(ROUND_END_PAUSE)
        elif event.dealt:
            await self._deal_in(with_pile=False)

    async def _deal_in(self, *, with_pile: bool) -> None:
        """New cards slide in from the stock (after a render that shows them)."""
        if self.pacer.instant:
            return
        self.dealing = True
        self._set_html("status", render.status_html(self.session.view(), dealing=True))
        try:
            el = self.el
            stock = el["stock"].querySelector(".stock-top") or el["stock"]
            cards = list(el["hand"].querySelectorAll("button[data-card]")) + list(el["bot-hand"].querySelectorAll(".back"))
            if with_pile:
                cards += list(el["pile"].querySelectorAll(".pile-card"))
            await motion.fly_from_stock(self.pacer, stock, cards)
        finally:
            self.dealing = False

    async def _hint(self, gen: int) -> None:
        session = self.session
        view = session.view()
        key = (view.round_number, view.plays_in_round)
        self.hinting = True
        self.render()
        try:
            while not session.hint_step(SLICE_MS):
                await asyncio.sleep(0)
                if gen != self.generation or self.session.phase != "human" or self.busy:
                    return
                now = self.session.view()
                if (now.round_number, now.plays_in_round) != key:
                    return
            entries = session.hints()
        finally:
            self.hinting = False
        self.hints = {entry.card: entry for entry in entries}
        self.hint_key = key
        self.render()
        best = entries[0]
        self.announce(f"Hint: the {Card.parse(best.card).name} is best, about {render.format_value(best.value)} "
                      f"points for you by the round's end.")
        if self.keyboard_index is not None:
            self.focus_hand(self.keyboard_index)

    # -- start --------------------------------------------------------------------------

    def boot(self) -> None:
        self.wire()
        self.render_notices()
        if not self.storage.get(INTRO_KEY):
            self.el["intro"].hidden = False
        self.save()
        self.render()
        phase = self.session.phase
        document.body.dataset.ready = "true"
        if phase == "bot":
            self.spawn(self._drive(self.generation))
        elif phase == "round_over":
            self.show_round_summary()
        elif phase == "match_over":
            self.show_match_end()
        self.announce(self._turn_text())


def start() -> App:
    """Build the page's app from the URL and the saved game, and make the table playable."""
    storage = Storage()
    session, notices = open_session(storage)
    app = App(session, storage, notices)
    app.boot()
    return app
