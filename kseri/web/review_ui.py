"""The review of a round on the page: its buttons in the round's summary and the match's result, the
review worked out in slices inside the summary dialog, and its keys.

What a review is is :mod:`kseri.table.review`'s and its HTML :mod:`kseri.web.review_render`'s (both
pure, tested in CPython); this controller only asks the session for the review of the person chosen
(:meth:`GameSession.review <kseri.table.session.GameSession.review>`: you against the bots, or with
people sharing the device, each person their own plays), steps it between frames, and draws it. A
review is for every table and seating; the session says whose plays can be reviewed
(:attr:`~kseri.table.session.GameSession.reviewers`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from js import console
from pyscript import document

from kseri.i18n import _
from kseri.table.notices import clip
from kseri.web.dom import exists, js_object
from kseri.web.play_host import PlayHost
from kseri.web.review_render import (
    MOVES,
    review_button_html,
    review_html,
    review_move,
    review_progress_html,
)
from kseri.web.search_modules import load_search_modules
from kseri.web.sums import render as sums_render

if TYPE_CHECKING:  # loaded when the player asks for a review (start-up time)
    from kseri.table.review import RoundReview

__all__ = ["ACTIONS", "REVIEW_SLICE_MS", "ReviewHost", "ReviewUi"]

REVIEW_SLICE_MS = 12.0
"""A slice of the review's work: shorter than the bot's (:data:`~kseri.web.pacer.SLICE_MS`), as the
review runs a dozen searches back to back while the player watches, and a slice overrun on a busy
phone stays short."""

ACTIONS = frozenset({"review", "review-back", "review-prev", "review-next", "review-goto"})
"""The ``data-action`` values this controller answers."""


class ReviewHost(PlayHost, Protocol):
    """What :class:`ReviewUi` needs from the page (:class:`kseri.web.app.App`): the table, and more."""

    @property
    def el(self) -> Any:
        """The page's elements by id."""

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None: ...

    def notify(self, text: str) -> None: ...

    def summary_html(self) -> str:
        """The round's summary (with :meth:`ReviewUi.button_html`)."""

    def show_round_summary(self) -> None: ...


class ReviewUi:
    """The review of the round just finished, on one page."""

    def __init__(self, host: ReviewHost) -> None:
        self.host = host
        self.review: RoundReview | None = None
        """The review shown (worked out in slices once asked for)."""
        self._reviews: dict[int, RoundReview] = {}
        """The round's reviews by seat (with people sharing the device, each person's, kept as they go)."""
        self.at = 0
        """The play the review shows."""
        self.reviewing = False
        """Whether the round's summary dialog shows the review instead of the summary."""
        self._running = False
        self._shown = -1
        """How many plays the progress line last showed (it is redrawn only when that changes)."""

    # -- the ways in ----------------------------------------------------------------------

    def button_html(self) -> str:
        """The summary's way into the review: a button, or one per person sharing the device."""
        session = self.host.session
        if not session.can_review:
            return ""
        people = [(seat, session.name_of(seat)) for seat in session.reviewers] if session.people > 1 else []
        return review_button_html(people)

    @property
    def open(self) -> bool:
        """Whether the review shows (in the open summary dialog)."""
        return self.reviewing and bool(self.host.el["round-summary"].open)

    def act(self, name: str, action: Any) -> None:
        """A click on one of the review's buttons (:data:`ACTIONS`)."""
        if name == "review":
            seat = action.getAttribute("data-seat")
            self.start(int(seat) if seat is not None and str(seat).isdigit() else None)
        elif name == "review-back":
            self.close()
        elif name == "review-prev":
            self.move("ArrowLeft")
        elif name == "review-next":
            self.move("ArrowRight")
        elif name == "review-goto":
            self.show_play(int(action.dataset.play or 0), focus="review-next")

    def on_key(self, event: Any) -> bool:
        """A key while the review shows: True if it was the review's (the page does nothing more with it)."""
        if not self.open:
            return False
        if event.key in MOVES and not (event.ctrlKey or event.metaKey or event.altKey):
            event.preventDefault()
            self.move(str(event.key))
        return True

    def forget(self) -> None:
        """Another round or another game: the review (and its work) no longer applies."""
        self.review = None
        self._reviews = {}
        self.reviewing = False
        self.at = 0

    def start(self, seat: int | None = None) -> None:
        """Show the review of ``seat``'s plays (None: the first person's) in the summary dialog, working it
        out (in slices) the first time."""
        host = self.host
        session = host.session
        if not session.match.scores or not session.can_review:
            return
        seat = session.reviewers[0] if seat is None or seat not in session.reviewers else seat
        if host.el["match-end"].open:
            # The match's last round: its summary takes the result's place (opened first, so that the
            # dialogs' history entry stays).
            host.show_round_summary()
            host.el["match-end"].close()
        if self.review is None or self.review.seat != seat:
            self.review = self._reviews.get(seat)
            if self.review is None:
                self.review = self._reviews[seat] = session.review(seat=seat)
            self.at = 0
        self.reviewing = True
        self.draw(focus="review-back")
        if not self.review.done and not self._running:
            host.spawn(self.work_out())

    async def work_out(self) -> None:
        """Value the plays of the review shown a slice at a time, the page breathing in between; show each
        step of progress. Another person's review asked for meanwhile is worked out next."""
        self._running = True
        review = None
        try:
            await load_search_modules(self.host.session.rules.table)  # one per task, if not loaded yet
            while True:
                review = self.review
                if review is None or review.done:
                    return  # the round or the game moved on, or all done
                if review.step(REVIEW_SLICE_MS):
                    if self.reviewing and self.review is review:
                        self.draw(focus="review-next")
                        self.host.board.announce(_("The review is ready."))
                    continue
                self.draw_progress(review)
                await asyncio.sleep(0)
        except Exception as exc:  # a failing search must not leave the review stuck: say so, keep the summary
            console.warn(clip(f"kseri: review: {type(exc).__name__}: {exc}", 300))
            if review is not None and self.review is review:
                self.forget()
                if self.host.el["round-summary"].open:
                    self.host.el["round-summary-body"].innerHTML = self.host.summary_html()
                self.host.notify(_("The review could not be worked out ({error}).").format(error=type(exc).__name__))
        finally:
            self._running = False

    # -- drawing ------------------------------------------------------------------------

    def _number(self) -> int:
        """The number of the round reviewed: the last one finished."""
        return len(self.host.session.match.scores)

    def _name(self) -> str:
        """Whose plays, with people sharing the device ("": yours)."""
        session = self.host.session
        return session.name_of(self.review.seat) if self.review is not None and session.people > 1 else ""

    def draw_progress(self, review: RoundReview) -> None:
        """Move the progress bar and line on when a play is valued, leaving the rest (and the focus) alone:
        a redraw of the dialog per slice would cost the page more than the search does."""
        done, total = review.progress()
        if not self.reviewing or done == self._shown:
            return
        bar = document.querySelector("#round-summary-body .review-bar")
        status = document.querySelector("#round-summary-body .review-status")
        if not (exists(bar) and exists(status)):
            return
        self._shown = done
        fresh = document.createElement("div")
        fresh.innerHTML = review_progress_html(done, total, self._number(), self._name())
        new_bar = fresh.querySelector(".review-bar")
        bar.setAttribute("aria-valuenow", new_bar.getAttribute("aria-valuenow"))
        bar.firstElementChild.setAttribute("style", new_bar.firstElementChild.getAttribute("style"))
        status.textContent = fresh.querySelector(".review-status").textContent

    def draw(self, focus: str | None = None) -> None:
        """Draw the review (its progress until it is done) and focus the button of ``focus`` if it is there."""
        review = self.review
        if review is None:
            return
        if review.done:
            html = review_html(review.plays(), self.at, number=self._number(), name=self._name(), seat=review.seat,
                               names=sums_render.people_names(self.host.session.view()))
        else:
            done, total = review.progress()
            self._shown = done
            html = review_progress_html(done, total, self._number(), self._name())
        self.host.el["round-summary-body"].innerHTML = html
        if focus is not None:
            self.focus_action(focus)

    def focus_action(self, action: str) -> None:
        """Focus the review's button for ``action`` (or, disabled at an end, the other way's)."""
        for name in (action, "review-prev", "review-next", "review-back"):
            button = document.querySelector(f'#round-summary-body [data-action="{name}"]')
            if exists(button) and not button.disabled:
                button.focus(js_object({"preventScroll": True}))
                return

    def move(self, key: str) -> None:
        """Previous / Next (buttons or keys): another play of the finished review."""
        review = self.review
        if review is None or not review.done:
            return
        at = review_move(self.at, key, len(review.plays()))
        self.show_play(at, focus="review-prev" if key in ("ArrowLeft", "Home") else "review-next")

    def show_play(self, at: int, *, focus: str) -> None:
        if self.review is None or not self.review.done:
            return
        self.at = at
        self.draw(focus=focus)

    def close(self) -> None:
        """Back to the summary (the review keeps its place and goes on working)."""
        self.reviewing = False
        self.host.el["round-summary-body"].innerHTML = self.host.summary_html()
        seat = self.review.seat if self.review is not None else None
        if self.host.session.people > 1:  # the button of the person whose review this was
            button = document.querySelector(f'#round-summary-body [data-action="review"][data-seat="{seat}"]')
            if exists(button):
                button.focus(js_object({"preventScroll": True}))
                return
        self.focus_action("review")
