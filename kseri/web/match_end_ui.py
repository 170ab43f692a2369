"""The match's end: its result counted once in your statistics, and the dialog that shows it.

Whether and where a result counts (you against the bots only; with take-backs, apart) is
:func:`kseri.table.stats.counts_result` and the take-back's :meth:`~kseri.web.takeback_ui.TakeBackControl.stats_for`.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from kseri.table.goal import word_key
from kseri.table.stats import counts_result, game_key
from kseri.web import render, seats_render, summary_render
from kseri.web.celebrate import streak_html
from kseri.web.celebrate_ui import celebrate
from kseri.web.morph import morph_inner
from kseri.web.page_host import PageHost
from kseri.web.review_render import last_round_button_html
from kseri.web.storage import STATS_KEY

__all__ = ["MatchEndControl"]


class MatchEndControl:
    """The match-end dialog."""

    def __init__(self, app: PageHost, *, counts_here: Callable[[], bool] = lambda: True) -> None:
        self.app = app
        self.counts_here = counts_here
        """Whether this tab may count its finished match (False once another tab went on with this very match:
        its result is that tab's to count, not this one's too)."""

    def show_match_end(self) -> None:
        app = self.app
        session = app.session
        if not session.match.is_over:
            return
        if counts_result(session) and self.counts_here():  # once, only your matches against the bots, per seating
            # A match with take-backs counts apart, never in your record.
            app.takeback.stats_for(session, app.stats).add(game_key(session.rules), session.bots_level,
                                                           session.match_summary(),
                                                           day=datetime.date.today().isoformat())
            if session.takebacks:
                app.takeback.save_stats()
            else:
                app.storage.set(STATS_KEY, app.stats.to_json())
            session.result_counted = True
            app.save()
            app.install.decide_offer()  # once ever, at a match's end: the app can be installed
            if session.match.winner == 0:  # your side won: a moment of celebration (kseri/web/celebrate_ui.py)
                app.spawn(celebrate(app.sound))
        self.draw_match_end()
        app.open_dialog("match-end")

    def draw_match_end(self) -> None:
        self.app.el["match-end-body"].innerHTML = self.match_end_html()

    def match_end_html(self) -> str:
        """The dialog's body: the result, the record, the way into the review, the streak, the install offer."""
        app = self.app
        session = app.session
        stats = app.takeback.stats_for(session, app.stats)
        apart = bool(session.takebacks)  # counted apart from your record, and no streak of yours
        line = stats.line(game_key(session.rules), session.bots_level, render.level_label(session.bots_level),
                          apart=apart)
        # the match's result, with the way into the review of its last round; your streak, and once the
        # offer to install the app
        review = last_round_button_html() + app.reviews.button_html()
        record = stats.record(game_key(session.rules), session.bots_level)
        extra = (streak_html(record) if session.people == 1 and not apart else "") + app.install.offer_html()
        view = session.view()
        if view.panels:
            return seats_render.seats_match_end_html(
                session.match_summary(), seats_render.side_labels(view), session.your_side,
                stats_line=line if session.people == 1 else "", short=seats_render.short_labels(view),
                word=word_key(session.rules),
                people_sides=tuple({session.rules.team_of(seat) for seat in session.persons})
                if session.your_side == -1 else ()) + review + extra  # (a friend's win is no win of yours)
        return summary_render.match_end_html(session.match_summary(), stats_line=line, level=session.bots_level,
                                             word=word_key(session.rules)) + review + extra

    def show_last_round(self) -> None:
        """The match's last round in full: its summary takes the result's place (opened first, so that the
        dialogs' history entry stays), and its button leads back to the result."""
        app = self.app
        if not app.session.match.is_over or not app.el["match-end"].open:
            return
        app.show_round_summary()
        app.el["match-end"].close()

    def redraw(self) -> None:
        """The counts or the words changed: the dialog, if open, shows them. Morphed, not rebuilt: the button
        the keyboard is on stays the same element (another tab's reset, a language switch)."""
        if self.app.el["match-end"].open and self.app.session.match.is_over:
            morph_inner(self.app.el["match-end-body"], self.match_end_html())
