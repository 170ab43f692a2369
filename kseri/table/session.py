"""A game at the browser table: you (seat 0) against the bots, or people sharing the device, at
any table the engine plays.

Everything the page does that is not drawing is plain Python that runs the
same under CPython (where it is tested) and in the page (Pyodide). This module
holds :class:`GameSession`: starting a match from a seed, checking your plays,
letting the bot think in slices, queueing what happened for the page to
animate, hints and the saved game. It plays every table alike and asks the
game's table strategy (:mod:`kseri.table.tables`) for what differs: how a card is
played, what lies on the table, the bot's simple move when its thinking fails, the
hint's rows. Its neighbours hold the rest: :mod:`kseri.table.seating` (who sits where: the
people, their names, the bots' levels), :mod:`kseri.table.bot_turns` (the bots' turns: thinking
in slices and ahead, the simple move when thinking fails), :mod:`kseri.table.session_view` (the
table the page draws, :mod:`kseri.table.views`), :mod:`kseri.table.game_save` (the saved game),
:mod:`kseri.table.seats` (seats, levels, seeds), :mod:`kseri.table.urlparams` (the URL),
:mod:`kseri.table.summaries` (round and match results) and :mod:`kseri.table.stats` (the record
per game and level).

Randomness never comes from a global generator. A session has one integer
``seed`` and derives a fresh :class:`random.Random` for each purpose from it
(the shuffle of round *r*, the bot's decision at play *i* of round *r*, ...),
so a seed reproduces the deals *and* the bot's choices, and a saved game needs
to store only the record and the seed to resume exactly.

>>> s = GameSession.new(seed=7, level="easy")
>>> s.phase in ("human", "bot")
True
>>> while s.phase == "bot":
...     _ = s.play_bot()
>>> event = s.play_human(s.view().hand[0])
>>> event.seat
0
>>> again = GameSession.from_save(s.to_save())
>>> again.view() == s.view()
True

Input from outside (a record in a link, a saved game) is read within bounds
(:func:`kseri.engine.jsontext.parse_json`), and nothing in it can leave the page
stuck: :meth:`GameSession.restore` turns *any* failure to resume a save into one
:class:`SessionError`, and a bot that fails to choose (an exception in its
search, even ``MemoryError``) is replaced for that card by a simple policy, with
a line in :attr:`GameSession.notices` for the page to show.
"""

from __future__ import annotations

import contextlib
import json
from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

from kseri.engine.cards import CODES
from kseri.engine.errors import IllegalMoveError, KseriError, RecordError
from kseri.engine.errors import one_line as _one_line
from kseri.engine.events import PlayEvent
from kseri.engine.jsontext import parse_json
from kseri.engine.match import Match
from kseri.engine.record import from_record, to_record
from kseri.engine.rules import GREEK, Rules
from kseri.engine.table import TableObservation, TableRound
from kseri.table.bot_turns import BotTurns
from kseri.table.game_save import SAVE_FORMAT, GameSave, takeback_count
from kseri.table.goal import word_key
from kseri.table.hinting import PositionHints
from kseri.table.live import LiveSide, gains, live_score
from kseri.table.moves import MoveWay
from kseri.table.seat_plan import SeatPlan
from kseri.table.seating import SeatedMatch
from kseri.table.seats import DEFAULT_LEVEL, SessionError, derived_rng, new_seed
from kseri.table.session_view import table_view
from kseri.table.strategy import HintRows, TableStrategy
from kseri.table.summaries import MatchSummary, RoundSummary, match_summary, round_summary
from kseri.table.tables import strategy_for, table_refusal
from kseri.table.views import HintEntry, LastPlay, TableView

if TYPE_CHECKING:
    from kseri.table.review import RoundReview

__all__ = ["SAVE_FORMAT", "GameSession"]


class GameSession(SeatedMatch):
    """One match at the browser table, at any table, plus the settings that go with it.

    Who sits where (the people, their names, the bots' levels) is its base's, :class:`SeatedMatch
    <kseri.table.seating.SeatedMatch>`; what differs between the tables is the game's :attr:`strategy`
    (:mod:`kseri.table.tables`)."""

    remote: ClassVar[bool] = False
    """Whether another device deals the next round (a friend's match, :mod:`kseri.table.duel`)."""

    def __init__(self, match: Match, *, seed: int, level: str) -> None:
        super().__init__(match, level=level)
        self.strategy: TableStrategy[Any, Any] = strategy_for(match.rules)
        """What the game's table brings: its ways to play a card, its hints, its words."""
        self.seed = seed
        self.events: deque[PlayEvent] = deque()
        """Plays not yet shown by the page (it drains them with :meth:`take_events`)."""
        self.bot_turns = BotTurns(self)
        """The bots' turns: the decision under way, those thought out while a person chooses (:meth:`ponder`),
        the simple move played where thinking failed."""
        self.hinting = PositionHints()
        """The hint of the person to move, and the hints worked out so far (each person's review shows
        them: :meth:`review`)."""
        self.result_counted = False
        """Whether the finished match was added to the statistics (kept in the save)."""
        self.takebacks = 0
        """Cards taken back in this match (:mod:`kseri.table.takeback`; kept in the save and the record)."""
        self.notices: deque[str] = deque()
        """Lines for the page to show (the bot had trouble, ...); it drains them with :meth:`take_notices`."""
        self.last_play: LastPlay | None = None
        """The round's latest play and what it gained (not saved: a reload starts without it)."""

    # -- construction ---------------------------------------------------------

    @classmethod
    def new(cls, *, rules: Rules = GREEK, level: str = DEFAULT_LEVEL, seed: int | None = None) -> Self:
        """A new match: the first dealer and every deal follow from ``seed``."""
        refusal = table_refusal(rules)
        if refusal:
            raise SessionError(refusal)
        seed = new_seed() if seed is None else seed
        first_dealer = derived_rng(seed, "first-dealer").randrange(rules.players)
        match = Match(rules, first_dealer=first_dealer)
        session = cls(match, seed=seed, level=level)
        session._deal()
        return session

    @classmethod
    def from_record_text(cls, text: str, *, level: str = DEFAULT_LEVEL, seed: int | None = None) -> Self:
        """Open a ``kseri-record/1`` record at its last position, with its people and bots if it says
        who sat where (``seats``); :class:`RecordError` (one line) for anything that is not a legal game
        the table plays.

        Later rounds are shuffled from ``seed`` (a fresh one if not given); a record of no
        rounds yet starts its match with the first deal from ``seed``.
        """
        try:
            data = parse_json(text, what="record")
            match = from_record(data)
            refusal = table_refusal(match.rules)
            if refusal:
                raise RecordError(refusal, "rules")
            session = cls(match, seed=new_seed() if seed is None else seed, level=level)
            if isinstance(data, dict) and "seats" in data:  # who sat where (kseri.table.seat_plan)
                session.apply_plan(SeatPlan.parse(data["seats"], players=match.rules.players))
            session.takebacks = takeback_count(data.get("takebacks") if isinstance(data, dict) else None)
            # A match over before it was opened was played elsewhere (a share link, a record): looked at here,
            # it is nobody's result to count, however often it is opened.
            session.result_counted = match.is_over
            if not match.rounds:
                session._deal()
            session._check_playable()
        except RecordError:
            raise
        except KseriError as exc:
            raise RecordError(_one_line(exc)) from None
        except Exception as exc:  # a record the engine should have refused: still one line
            raise RecordError(f"the record cannot be played ({type(exc).__name__})") from None
        return session

    @classmethod
    def restore(cls, text: str | None) -> Self:
        """Resume a saved game, ready to be drawn; :class:`SessionError` (one line) for *any*
        failure on the way, so that a save that cannot be resumed is set aside, never one
        that breaks the page on every visit."""
        try:
            session = cls.from_save(text)
            session._check_playable()
        except SessionError:
            raise
        except Exception as exc:  # the one place where restoring a save may fail in any way
            detail = _one_line(exc) if isinstance(exc, KseriError) else type(exc).__name__
            raise SessionError(f"the saved game cannot be resumed ({detail})") from None
        return session

    @classmethod
    def from_save(cls, text: str | None) -> Self:
        """Resume a saved game (:mod:`kseri.table.game_save`); :class:`SessionError` (one line) if it is
        not one we can use.

        The page uses :meth:`restore`, which also catches what this may miss.
        """
        save = GameSave.parse(text)
        session = cls(save.match, seed=save.seed, level=save.level)
        if save.people:
            with contextlib.suppress(SessionError):  # (seats the table cannot use: everyone else is a bot)
                session.set_people(save.people, save.names)
        session._seat_levels = save.seat_levels  # as saved: set_seat_levels would drop a list like the header's
        session.result_counted = save.counted
        session.takebacks = save.takebacks
        return session

    def _check_playable(self) -> None:
        """Everything the page asks of a session as it opens, asked once here (raises if it fails)."""
        phase = self.phase
        self.view()
        if phase in ("bot", "human"):
            self.observation(self.match.round.to_move)
        if self.match.scores:
            self.round_summary()
        if phase == "match_over":
            self.match_summary()

    def to_save(self) -> str:
        """The saved-game JSON (:mod:`kseri.table.game_save`): the match as a record, plus seed and levels,
        the people and what the statistics and take-backs need."""
        people = self._persons if self.people > 1 else ()
        return GameSave(seed=self.seed, level=self._level, match=self.match, seat_levels=self._seat_levels,
                        people=people, names=self._names if people else (), counted=self.result_counted,
                        takebacks=self.takebacks).to_text()

    def record_text(self) -> str:
        """The match as ``kseri-record/1`` JSON (for a link or a download), with who sits where
        (``seats``: :mod:`kseri.table.seat_plan`)."""
        extra = {"takebacks": self.takebacks} if self.takebacks else {}
        return json.dumps({**to_record(self.match), "seats": list(self.seat_plan.codes()), **extra},
                          separators=(",", ":"))

    # -- state -------------------------------------------------------------------

    @property
    def table(self) -> str:
        """The kind of table this match is played at (the engine's id, :attr:`kseri.engine.rules.Rules.table`)."""
        return self.match.table.name

    @property
    def round(self) -> TableRound[Any]:
        """The round in play (the last one, once it is over)."""
        return self.match.round

    @property
    def can_review(self) -> bool:
        """Whether a finished round can be reviewed play by play (:meth:`review`): at every table and
        seating, each person their own plays (:attr:`reviewers`); a friend's game over the network
        says otherwise."""
        return True

    def _position(self) -> tuple[int, int]:
        return (len(self.match.rounds) - 1, len(self.match.round.plays))

    def view(self) -> TableView:
        """The table as the page draws it now (:func:`kseri.table.session_view.table_view`)."""
        return table_view(self, hand=self._hand_shown())

    def _hand_shown(self) -> tuple[str, ...]:
        """The hand drawn face up: the person's holding the device, none while it must be passed on."""
        if self.viewer is None or self.handover is not None:
            return ()
        return tuple(CODES[c] for c in self.match.round.hands[self.viewer])

    def _live(self) -> tuple[LiveSide, ...]:
        """Each side's round so far (a seat, or a partnership)."""
        return live_score(self.match.round)

    def observation(self, seat: int) -> TableObservation[Any]:
        """What ``seat`` may know now (the bot gets nothing more)."""
        return self._seen(self.round, seat)

    def _seen(self, state: TableRound[Any], seat: int) -> TableObservation[Any]:
        """What ``seat`` may know at ``state``, a position of this match's round in play."""
        observation: TableObservation[Any] = self.match.table.observation(
            state, seat, totals=tuple(self.match.totals), target=self.match.target)
        return observation

    # -- playing -------------------------------------------------------------------

    def _record(self, event: PlayEvent, before: tuple[LiveSide, ...]) -> PlayEvent:
        gained = gains(before, self._live())  # per side: each seat is shown its side's gain
        rules = self.match.rules
        self.last_play = LastPlay(event, tuple(gained[rules.team_of(seat)] for seat in range(rules.players)),
                                  names=self._line_names(), viewer=self.viewer if self.viewer is not None else 0,
                                  word=word_key(rules), table=rules.table)
        self.events.append(event)
        self._forget_thinking()
        return event

    def _forget_thinking(self) -> None:
        """The position moved on: the bot's decision and the hints worked out for it no longer apply."""
        self.bot_turns.forget_decision()
        self.hinting.forget()

    def _forget_bots(self) -> None:
        """The bots' levels changed: the decision under way and those thought out ahead no longer apply."""
        self.bot_turns.forget()

    def take_events(self) -> list[PlayEvent]:
        """The plays made since the last call, oldest first (for the page to animate)."""
        out = list(self.events)
        self.events.clear()
        return out

    def take_notices(self) -> list[str]:
        """The lines for the player since the last call (for the page to show as notices)."""
        out = list(self.notices)
        self.notices.clear()
        return out

    def ways(self, code: str) -> tuple[MoveWay, ...]:
        """The legal ways to play your card ``code`` now (at a pile table, the card itself; none when it
        is not your turn)."""
        if self.phase != "human":
            return ()
        return self.strategy.ways(self.round, code)

    def refusal(self, code: str) -> str | None:
        """Why your card ``code`` cannot be played now, in one line (None: it can)."""
        if self.phase != "human":
            return None
        return self.strategy.refusal(self.round, code)

    def play_human(self, move: Any) -> PlayEvent:
        """Your move (a card, or its code; at the open table ``7H:3C+4D``, ``5S>3H``, ``9D``), checked:
        :class:`IllegalMoveError` (one line) if it is not your turn or not a legal move."""
        if self.phase != "human":
            raise IllegalMoveError(f"it is not your turn ({self.phase.replace('_', ' ')})")
        if self.handover is not None:
            raise IllegalMoveError(f"the device must be passed to {self.name_of(self.handover)} first")
        return self._play(self.strategy.person_move(self.round, move))

    def _play(self, move: Any) -> PlayEvent:
        """Play ``move`` for the seat to move, and keep what it did for the page."""
        before = self._live()
        event = self._record(self.match.play(move), before)
        if self.last_play is not None:
            self.last_play = self.strategy.last_play(self.round, move, self.last_play)
        return event

    def think(self, max_ms: float = 25.0) -> bool:
        """Let the bot think for about ``max_ms``; True once its card is chosen.

        The decision is the same however it is sliced: its generator is derived
        from the seed and the position only. If the bot's thinking fails in any
        way, a simple policy chooses instead (see :meth:`play_bot`).
        """
        return self.bot_turns.think(max_ms)

    def play_bot(self) -> PlayEvent:
        """Play the move the bot chose (thinking to the end first if needed).

        Should its thinking fail (an exception in the search, even ``MemoryError``) or
        give a move that is not legal, the bot plays its table's simple move instead
        (:meth:`TableStrategy.fallback <kseri.table.strategy.TableStrategy.fallback>`) and
        :attr:`notices` says so: the match always goes on.
        """
        return self._play(self.bot_turns.choose())

    def ponder(self, max_ms: float = 25.0) -> bool:
        """While you choose your card, let the bot who moves after you think for about ``max_ms``
        about each card you may play (the hint's best first, once it is worked out), so that its move
        is often ready as soon as yours lands (:mod:`kseri.table.ahead`); True once there is nothing
        more to think about here. Which move the bot plays is the same either way.

        A failure here only ends the thinking ahead: the bot's turn thinks afresh, and should that
        fail too, plays a simple card and says so (:meth:`play_bot`)."""
        return self.bot_turns.ponder(max_ms)

    def next_round(self) -> None:
        """Deal the next round once the summary has been seen."""
        if self.phase != "round_over":
            raise IllegalMoveError(f"the round is not over ({self.phase.replace('_', ' ')})")
        self._deal()

    def _deal(self) -> None:
        self.match.rng = derived_rng(self.seed, "deal", len(self.match.rounds))
        self.match.next_round()
        self.match.rng = None
        self._forget_thinking()
        self._forget_bots()  # what was thought out ahead was for the round before
        self.last_play = None

    # -- hints -------------------------------------------------------------------------

    def hint_step(self, max_ms: float = 25.0) -> bool:
        """Think for about ``max_ms`` about your moves; True once :meth:`hints` is ready.

        :class:`SessionError` (one line) if the search fails: a hint is not worth a stuck page.
        """
        if self.phase != "human" or self.viewer is None or self.handover is not None:
            raise IllegalMoveError("hints are for your turn")
        viewer = self.viewer
        return self.hinting.step(self._position(), lambda: self.observation(viewer), self.round,
                                 self.strategy, max_ms)

    def hints(self) -> tuple[HintEntry, ...]:
        """Every card in your hand with its expected point difference, best first (at the open table,
        each by its best move)."""
        while not self.hint_step(1000.0):
            pass
        rows = self._rows()
        assert rows is not None
        return rows.cards

    def show_hint(self) -> tuple[HintEntry, ...]:
        """:meth:`hints`, now shown on your cards until the position moves on (:meth:`shown_hints`)."""
        entries = self.hints()
        self.hinting.shown = True
        return entries

    def hide_hint(self) -> None:
        """Take the hint off your cards (asked again at this position, it shows at once: it is kept)."""
        self.hinting.shown = False

    def shown_hints(self) -> tuple[HintEntry, ...] | None:
        """The hint shown on your cards at this position (:meth:`show_hint`); None if none was asked for
        here. The one place the page finds it: it keeps no copy of its own."""
        rows = self._rows() if self.hinting.shown else None
        return None if rows is None else rows.cards

    def way_hints(self) -> Mapping[str, HintEntry] | None:
        """Where a card can be played several ways: every legal move of yours valued (by its record
        notation), once the hint for this position is worked out (:meth:`hint_step`); None before that."""
        rows = self._rows() if self.phase == "human" else None
        return None if rows is None else rows.ways

    def _rows(self) -> HintRows | None:
        """The hint worked out for this position, worded in the page's language now."""
        viewer = self.viewer
        seen = None if viewer is None else lambda: self.observation(viewer)
        return self.hinting.rows(self._position(), seen, self.round, self.strategy)

    # -- summaries -------------------------------------------------------------------------

    def round_summary(self, index: int = -1) -> RoundSummary:
        """The breakdown of a finished round, by category and side."""
        return round_summary(self.match, index)

    def match_summary(self) -> MatchSummary:
        return match_summary(self.match)

    def review(self, index: int = -1, seat: int | None = None) -> RoundReview:
        """The review of a finished round (:mod:`kseri.table.review`) for the person in ``seat`` (one of
        :attr:`reviewers`; None: the first, you against the bots): step it until it is done.
        :class:`SessionError` where there is no such review (:attr:`can_review`, a seat no person sits in).

        Its searches are seeded from the position alone (not this session's seed, which a shared
        record does not carry): everyone who opens the same record sees the same review. Where the
        person was given a hint, the review shows the hint's values (:attr:`hinting`)."""
        if not self.can_review:
            raise SessionError(f"the {self.rules.profile} table has no review of its rounds here")
        seat = self.reviewers[0] if seat is None else seat
        if seat not in self.reviewers:
            raise SessionError(f"seat {seat} is no person's: its plays have no review")
        from kseri.table.review import RoundReview
        if not self.match.scores:
            raise IllegalMoveError("no round has finished yet")
        round_index = index % len(self.match.scores)
        return RoundReview(self.match, round_index, seed=0, seat=seat, known=self.hinting.reviewed(round_index))
