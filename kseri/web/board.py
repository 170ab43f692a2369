"""The table's elements: draws a :class:`~kseri.table.views.TableView` into them.

Every piece of markup comes from :mod:`kseri.web.render`; this module only
puts it into the page, and only where it changed, so that focus and hover
survive a redraw.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from pyscript import document

from kseri.bots.names import LEVELS
from kseri.engine.rules import Rules
from kseri.i18n import _, language, ngettext
from kseri.table.views import HintEntry, TableView
from kseri.web import render, seats_render, stock_render
from kseri.web.dom import exists, js_object
from kseri.web.intro_render import intro_parts
from kseri.web.morph import morph_inner
from kseri.web.playlog_render import StatusExtras
from kseri.web.state import UiState
from kseri.web.sums import render as sums_render

__all__ = ["ANNOUNCED_KEPT", "ELEMENT_IDS", "REPEAT_QUIET", "Board"]

ELEMENT_IDS = (
    "app", "hand", "pile", "score", "bot-hand", "bot-stack", "you-stack", "stock", "status",
    "announce", "notice", "round-summary", "round-summary-body", "match-end", "match-end-body",
    "rules", "rules-note", "confirm-new", "level", "intro", "fx", "hint-button", "bot-tag", "you-tag",
    "bot-area", "you-area", "kseri-flash", "share", "share-url", "share-status", "variant", "scoring", "scoring-body",
    "new-game", "new-game-cancel", "new-game-body", "new-game-error", "welcome", "welcome-body", "welcome-play",
    "stats", "stats-body", "stats-reset", "stats-close", "confirm-reset",
    "settings", "settings-body", "table", "ways", "seats", "pass", "play-log", "new-match",
)
"""The page's elements the table uses, by id (``index.html``)."""
ANNOUNCED_KEPT = 3
"""Lines the screen readers' log keeps (the older ones were read already; the page must not grow)."""
REPEAT_QUIET = 1.0
"""Seconds within which the line just said is not added again (:meth:`Board.announce`)."""


class Board:
    """The page's table elements (``board.el["pile"]``) and how to draw into them."""

    def __init__(self) -> None:
        self.el: dict[str, Any] = {name: document.getElementById(name) for name in ELEMENT_IDS}
        self._html: dict[str, str] = {}
        """What each element was last given, so unchanged parts are not rebuilt."""
        self.extras = StatusExtras()
        """The status column's play log and pass line, set by the page before it draws
        (:mod:`kseri.web.playlog_render`)."""
        self.passing = True
        """With people sharing the device: whether the pass screen may cover the table (False while the person
        who just played looks at what their card did: the status offers the button that passes the device)."""
        self._said_at = 0.0
        """When the screen readers' log was last added to (:func:`time.monotonic`)."""

    def set_html(self, name: str, html: str) -> None:
        if self._html.get(name) != html:
            self._html[name] = html
            self.el[name].innerHTML = html

    def set_cards(self, name: str, html: str) -> None:
        """As :meth:`set_html` for an element holding cards: the cards still there keep their
        elements (and their decoded faces); see :mod:`kseri.web.morph`."""
        if self._html.get(name) != html:
            self._html[name] = html
            morph_inner(self.el[name], html)

    def lifted_card(self) -> str | None:
        """The card raised by a first tap (tap to lift, :mod:`kseri.web.settings`), if one is."""
        lifted = self.el["hand"].querySelector("button.lifted[data-card]")
        return str(lifted.dataset.card) if exists(lifted) else None

    def lift(self, code: str) -> None:
        """Raise the card ``code`` (and lower any other): the next tap on it plays it."""
        for button in self.hand_buttons():
            button.classList.toggle("lifted", str(button.dataset.card) == code)
        self.announce(_("Card lifted: tap it again to play it."))

    def forget(self) -> None:
        """Redraw everything next time (after an interrupted animation moved things)."""
        self._html.clear()

    def draw(self, view: TableView, state: UiState, *, hints: dict[str, HintEntry] | None) -> None:
        """The whole table as ``view`` has it, doing what ``state`` says (locked while a turn plays out)."""
        el = self.el
        busy, hinting = state.busy, state.hinting
        can_play = view.phase == "human" and not busy and view.handover is None
        me = view.viewer  # the seat drawn at the bottom: yours, or the person's holding the device
        self.set_cards("hand", render.hand_html(view.hand, enabled=can_play, hints=hints))
        el["hand"].dataset.count = str(len(view.hand))
        el["hand"].classList.toggle("my-turn", can_play)
        # With more seats the bots' hands are drawn in their panels (#seats) instead.
        self.set_cards("bot-hand", render.bot_hand_html(view.bot.hand_count if not view.panels else 0))
        el["bot-hand"].dataset.count = str(view.bot.hand_count)
        el["bot-hand"].setAttribute("aria-label", ngettext("Bot's hand: {n} card", "Bot's hand: {n} cards",
                                                           view.bot.hand_count).format(n=view.bot.hand_count))
        pile = view.pile if view.open_table is None else ()  # the open table lays its cards out in #table
        self.set_cards("pile", render.pile_html(pile))
        el["pile"].dataset.count = str(len(pile))
        el["pile"].setAttribute("aria-label", render.pile_label(pile))
        self.draw_open_table(view)
        taker = view.last_play.taker if view.last_play is not None else None
        you_name = view.sides[me].name if view.people > 1 else _("You")
        for seat, name, who in ((me, "you-stack", you_name), (1, "bot-stack", _("Bot"))):
            # The "+N" goes with the latest play only: the next play's redraw drops it.
            gain = view.last_play.gains[seat] if view.last_play is not None and taker == seat else None
            self.set_cards(name, render.stack_html(view.sides[seat], who, view.side_live(seat), gain,
                                                   word=view.word,
                                                   partnered=seat == me and view.has_partner(seat)))  # "Your side:"
        el["you-stack"].dataset.count = str(view.sides[me].captured)
        el["bot-stack"].dataset.count = str(view.bot.captured)
        self.set_cards("stock", stock_render.stock_html(view.stock, view.bottom))
        el["stock"].dataset.count = str(view.stock)
        el["stock"].setAttribute("aria-label", stock_render.stock_label(view.stock, view.bottom, view.put_back))
        self.draw_seats(view)
        el["score"].dataset.target = str(view.target)
        el["score"].setAttribute("title", _("How the points are counted"))
        self.draw_status(view, thinking=state.thinking, dealing=state.dealing, hints=hints)
        for side, tag in ((view.bot, el["bot-tag"]), (view.sides[me], el["you-tag"])):
            tag.classList.toggle("is-dealer", side.is_dealer)
            tag.classList.toggle("last-take", side.last_capturer)
        el["bot-tag"].querySelector(".level-name").textContent = render.level_label(view.level)
        self.set_html("level", render.level_options_html(LEVELS, view.level))  # the header's picker ("Mixed" too)
        if view.people > 1:  # the bottom seat is whoever holds the device
            el["you-tag"].querySelector(".tag-name").textContent = view.sides[me].name
        el["you-area"].classList.toggle("active", view.phase == "human" and view.handover is None)
        self.draw_handover(view)
        el["bot-area"].classList.toggle("active", view.phase == "bot")
        el["bot-area"].setAttribute("aria-label", seats_render.others_label(view))  # (a landmark: who sits there)
        hint_button = el["hint-button"]
        hint_button.disabled = not can_play or hinting
        hint_button.setAttribute("aria-busy", "true" if hinting else "false")
        hint_button.classList.toggle("working", hinting)
        hint_button.setAttribute("aria-pressed", "true" if can_play and hints else "false")  # pressed again: hidden
        # The bot's level is shown only where a bot sits (friends alone at the device: none).
        document.body.dataset.bots = "true" if view.people < view.players else "false"
        document.body.dataset.phase = view.phase
        document.body.dataset.busy = "true" if busy else "false"
        title = _("Your turn · Kseri") if can_play else _("Kseri — the Greek card game")
        if document.title != title:
            document.title = title

    def draw_intro(self, rules: Rules) -> None:
        """The first-visit tip's words for the table of ``rules`` (its own word: kseri, pişti, xeri)."""
        if self.el["intro"].hidden:
            return
        title, text = intro_parts(rules)
        key = f"{language()}|{title}|{text}"
        if self._html.get("intro") == key:
            return
        self._html["intro"] = key
        self.el["intro"].querySelector(".intro-title").textContent = title
        self.el["intro"].querySelector(".intro-text").innerHTML = text  # our catalog's markup (<b> only)

    def draw_seats(self, view: TableView) -> None:
        """The score, and with more than two seats the other seats along the top: ``#score`` has a
        ``data-seatN`` per seat, or a ``data-teamN`` per partnership (``docs/formats.md``)."""
        el = self.el
        many = view.panels
        document.body.dataset.seats = str(view.players)
        document.body.dataset.panels = "true" if many else "false"
        el["seats"].hidden = not many
        if many:
            names = {level: render.level_label(level) for level in LEVELS}
            self.set_cards("seats", seats_render.seats_html(view, names))
            self.set_html("score", seats_render.seats_score_html(view))
        else:
            self.set_html("score", render.score_html(view))
        score = el["score"]
        for n in range(6):  # what an earlier match at another seating left
            score.removeAttribute(f"data-seat{n}")
            score.removeAttribute(f"data-team{n}")
        kind = "team" if view.partnered else "seat"
        for n, total in enumerate(view.totals):
            score.setAttribute(f"data-{kind}{n}", str(total))

    def draw_handover(self, view: TableView) -> None:
        """The screen that hides the table while the device passes to the next person (``#pass``):
        drawn only when it must show, and then no hand is in the page face up (the view has none)."""
        pending = view.handover is not None and self.passing
        was = not self.el["pass"].hidden
        self.el["pass"].hidden = not pending
        document.body.dataset.handover = "true" if pending else "false"
        if pending:
            self.set_html("pass", seats_render.handover_html(view))
            if not was:
                self.focus_handover()

    def focus_handover(self) -> None:
        """The keyboard to the pass screen's one button, if it shows (also once the page shows: the loading
        screen covered it when the table was first drawn, and focus cannot go to what is covered)."""
        button = self.el["pass"].querySelector("button")
        if exists(button) and not self.el["pass"].hidden:
            button.focus()

    def draw_open_table(self, view: TableView) -> None:
        """The sums table's cards side by side (hidden, and the page marked a pile table, otherwise)."""
        items = view.open_table
        document.body.dataset.table = view.table
        self.el["table"].hidden = items is None
        if items is not None:
            you, names = view.viewer, sums_render.people_names(view)
            self.set_cards("table", sums_render.open_table_html(items, you=you, names=names))
            self.el["table"].setAttribute("aria-label", sums_render.table_label(items, you=you, names=names))
            units, half = sums_render.table_width(items)
            self.el["table"].style.setProperty("--units", str(units))
            self.el["table"].style.setProperty("--half", str(half))

    @property
    def ways_open(self) -> bool:
        return not self.el["ways"].hidden

    def show_ways(self, code: str, html: str) -> None:
        """Show the choice between the ways of your card ``code`` (or why it cannot be played) under the
        table, the card raised meanwhile."""
        self.el["ways"].innerHTML = html
        self.el["ways"].hidden = False
        for button in self.hand_buttons():
            button.classList.toggle("choosing", str(button.dataset.card) == code)

    def hide_ways(self) -> None:
        self.el["ways"].hidden = True
        self.el["ways"].innerHTML = ""
        self.highlight(())
        for button in self.hand_buttons():
            button.classList.remove("choosing")

    def highlight(self, codes: Sequence[str]) -> None:
        """Mark the table cards ``codes`` (a way's capture set, the build it adds to) and unmark the rest."""
        for card in self.el["table"].querySelectorAll("[data-card]"):
            card.classList.toggle("picked", str(card.dataset.card) in codes)

    def draw_status(self, view: TableView, *, thinking: bool = False, dealing: bool = False,
                    hints: Mapping[str, HintEntry] | None = None) -> None:
        extras = self.extras
        self.set_html("status", render.status_html(view, thinking=thinking, dealing=dealing, hints=hints,
                                                   pass_line=extras.pass_line))
        self.set_cards("play-log", extras.log)  # morphed: its summary keeps the focus when it opens

    def lock_hand(self) -> None:
        """Disable your cards and the hint at once (a second click must find them disabled)."""
        document.body.dataset.busy = "true"
        for button in self.hand_buttons():
            button.disabled = True
        self.el["hint-button"].disabled = True

    def show_notices(self, notices: Sequence[render.Notice | str]) -> None:
        self.set_html("notice", render.notices_html(notices))
        self.el["notice"].hidden = not notices

    def announce(self, text: str) -> None:
        """Say ``text`` to screen readers: a line added to a polite log, read once and in turn. (One region
        rewritten lost sentences: without animation a bot's card, its capture and the next bot's card came
        within 50 ms, and a screen reader speaks the last.) ``""`` empties the log (another language now).
        The line just said is not said again within :data:`REPEAT_QUIET` s (one event told twice by two
        redraws); later it is (the same refusal for a second try must be heard)."""
        log = self.el["announce"]
        if not text:
            log.replaceChildren()
            return
        last, now = log.lastElementChild, time.monotonic()
        if exists(last) and str(last.textContent) == text and now - self._said_at < REPEAT_QUIET:
            return
        self._said_at = now
        line = document.createElement("p")
        line.textContent = text
        log.append(line)
        while int(log.childElementCount) > ANNOUNCED_KEPT:  # (a removal is not read: aria-relevant)
            log.firstElementChild.remove()

    def focus_pass_device(self) -> None:
        button = self.el["status"].querySelector('[data-action="pass-device"]')
        if exists(button):
            button.focus()

    def hand_buttons(self) -> Any:
        return self.el["hand"].querySelectorAll("button[data-card]")

    def focus_hand(self, index: int, *, unless_elsewhere: bool = False) -> None:
        """Focus your hand's card at ``index``. ``unless_elsewhere``: not if the keyboard has gone to another
        control meanwhile (a turn that comes back must not take it, or Enter would play a card)."""
        if unless_elsewhere and not self.focus_at_hand():
            return
        buttons = self.hand_buttons()
        if buttons.length:
            buttons.item(max(0, min(index, buttons.length - 1))).focus()

    def focus_at_hand(self) -> bool:
        """Whether the keyboard is at your hand, or nowhere (the page itself: a played card took it along)."""
        active = document.activeElement
        return (not exists(active) or active == document.body or active == document.documentElement
                or bool(self.el["hand"].contains(active)))

    def keep_keyboard_place(self) -> None:
        """Your card played by keyboard has left the hand: the hand itself keeps the focus (not the page's
        body) until your turn comes back to one of its cards."""
        if self.focus_at_hand():
            self.el["hand"].focus(js_object({"preventScroll": True}))
