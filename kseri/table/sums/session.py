"""A match at the open (sums) table in the browser: you (seat 0) against the sums bot.

:class:`SumsSession` is a :class:`~kseri.table.session.GameSession` (seeds, saves, records,
summaries, statistics and share links are the same) whose plays are moves, not cards: a
card and what it takes or builds (:class:`~kseri.engine.sums.round.SumsMove`, written ``7H:3C+4D``,
``5S>3H``, ``9D``). The bot is :class:`~kseri.bots.sums.thinker.SumsThinker`, thinking in
slices as the pile tables' bot does. :meth:`SumsSession.ways` lists a hand card's legal
ways for the page to offer (:mod:`kseri.table.sums.moves`).

>>> from kseri.engine.rules import SUMS
>>> s = SumsSession.new(rules=SUMS, seed=3, level="easy")
>>> type(s).__name__, s.view().open_table is not None
('SumsSession', True)
>>> while s.phase == "bot":
...     _ = s.play_bot()
>>> way = s.ways(s.view().hand[0])[0]
>>> s.play_human(way.move).seat
0
>>> SumsSession.from_save(s.to_save()).view() == s.view()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from kseri.engine.cards import CODES, Card
from kseri.engine.errors import IllegalMoveError
from kseri.engine.events import PlayEvent
from kseri.engine.sums.observation import SumsObservation
from kseri.engine.sums.round import SumsMove, SumsRound
from kseri.i18n import _
from kseri.table.notices import clip
from kseri.table.seats import BOT, HUMAN, SessionError
from kseri.table.session import GameSession, _rng
from kseri.table.sums.hints import WayHint, card_hints, way_hints
from kseri.table.sums.moves import MoveWay, refusal_for, ways_for
from kseri.table.views import LastPlay, TableItemView

if TYPE_CHECKING:  # the bot is imported on its first turn (start-up time in the page)
    from kseri.bots.sums.thinker import SumsThinker
    from kseri.table.review import RoundReview

__all__ = ["SumsSession"]


class SumsSession(GameSession):
    """One match at the open table (:mod:`kseri.table.tables` picks it for ``rules=sums``)."""

    table: ClassVar[str] = "sums"

    _sums_thinker: SumsThinker | None = None
    _sums_thinker_key: tuple[int, int] | None = None
    _sums_hint: SumsThinker | None = None
    _sums_fallback: tuple[tuple[int, int], SumsMove] | None = None
    _way_rows: tuple[WayHint, ...] = ()

    # -- state ------------------------------------------------------------------

    @property
    def can_review(self) -> bool:
        return False  # the review's search plays the pile tables only

    @property
    def sums_round(self) -> SumsRound:
        state = self.match.round
        if not isinstance(state, SumsRound):
            raise SessionError(f"not a sums round ({self.rules.profile!r})")
        return state

    def _open_table(self) -> tuple[TableItemView, ...]:
        return tuple(TableItemView(tuple(CODES[c] for c in item.cards), item.value, item.owner)
                     for item in self.sums_round.table)

    def sums_observation(self, seat: int) -> SumsObservation:
        """What ``seat`` may know now (the bot gets nothing more)."""
        return SumsObservation.from_round(self.sums_round, seat=seat, totals=tuple(self.match.totals),
                                          target=self.match.target)

    def _check_playable(self) -> None:
        phase = self.phase
        self.view()
        if phase in ("human", "bot"):
            self.sums_observation(HUMAN if phase == "human" else BOT)
        if self.match.scores:
            self.round_summary()
        if phase == "match_over":
            self.match_summary()

    # -- your plays ---------------------------------------------------------------

    def ways(self, code: str) -> tuple[MoveWay, ...]:
        """The legal ways to play your card ``code`` now (none when it is not your turn)."""
        if self.phase != "human":
            return ()
        return ways_for(self.sums_round, code)

    def refusal(self, code: str) -> str | None:
        """Why your card ``code`` cannot be played now, in one line (None: it can)."""
        if self.phase != "human":
            return None
        return refusal_for(self.sums_round, code)

    def play_human(self, card: Card | str | SumsMove) -> PlayEvent:
        """Your move (``7H:3C+4D``, ``5S>3H``, ``9D``), checked: :class:`IllegalMoveError`
        (one line, in the page's language when it is the rules that forbid it) if it is not legal."""
        if self.phase != "human":
            raise IllegalMoveError(f"it is not your turn ({self.phase.replace('_', ' ')})")
        state = self.sums_round
        move = state.parse_move(card) if isinstance(card, str) else (
            SumsMove(card.index, "drop") if isinstance(card, Card) else card)
        if move not in state.legal_moves():
            code = CODES[move.card]
            why = refusal_for(state, code) if move.card in state.hands[HUMAN] else None
            raise IllegalMoveError(why or _("That play is not allowed here."))
        return self._play(move)

    def _play(self, move: SumsMove) -> PlayEvent:
        before = self._live()
        event = self._record(self.match.play(move), before)
        if self.last_play is not None:
            self.last_play = LastPlay(event, self.last_play.gains, names=self.last_play.names, open_table=True,
                                      build_value=self._build_value(move))
        return event

    def _build_value(self, move: SumsMove) -> int | None:
        if move.kind != "build":
            return None
        state = self.match.rounds[-1]
        if not isinstance(state, SumsRound):
            return None
        item = next((item for item in state.table if move.card in item.cards), None)
        return item.value if item is not None else None

    # -- the bot --------------------------------------------------------------------

    def _forget_thinking(self) -> None:
        super()._forget_thinking()
        self._sums_thinker = None
        self._sums_thinker_key = None
        self._sums_hint = None

    def _bot(self) -> SumsThinker:
        self._check_bot_turn()
        key = self._position()
        thinker = self._sums_thinker
        if thinker is None or self._sums_thinker_key != key or thinker.level != self.level:  # a new level: at once
            from kseri.bots.sums.thinker import SumsThinker
            rng = _rng(self.seed, "bot", *key)
            thinker = self._sums_thinker = SumsThinker(self.level, self.sums_observation(BOT), rng)
            self._sums_thinker_key = key
        return thinker

    def think(self, max_ms: float = 25.0) -> bool:
        """Let the bot think for about ``max_ms``; True once its move is chosen (a failure: a simple move)."""
        self._check_bot_turn()
        if self._fallback_move() is not None:
            return True
        try:
            return self._bot().step(max_ms)
        except Exception as exc:  # any failure of the bot must not stop the game
            self._trouble(exc)
            return True

    def play_bot(self) -> PlayEvent:
        """Play the move the bot chose (thinking to the end first); a simple legal move should it fail."""
        self._check_bot_turn()
        move = self._fallback_move()
        if move is None:
            try:
                thinker = self._bot()
                while not thinker.step(1000.0):
                    pass
                move = thinker.choice()
                if move not in self.sums_round.legal_moves():
                    raise IllegalMoveError(f"the bot chose {move}, which is not legal here")
            except Exception as exc:  # as in think()
                move = self._trouble(exc)
        return self._play(move)

    def _fallback_move(self) -> SumsMove | None:
        if self._sums_fallback is not None and self._sums_fallback[0] == self._position():
            return self._sums_fallback[1]
        return None

    def _trouble(self, exc: BaseException) -> SumsMove:
        """The bot's thinking failed: play a random legal move instead and say so."""
        self._sums_thinker = None
        self._sums_thinker_key = None
        move = _rng(self.seed, "fallback", *self._position()).choice(self.sums_round.legal_moves())
        self._sums_fallback = (self._position(), move)
        self.notices.append(clip(_("The bot had trouble choosing its card ({error}), so it played a simple one "
                                   "instead.").format(error=type(exc).__name__)))
        return move

    # -- hints -----------------------------------------------------------------------

    def hint_step(self, max_ms: float = 25.0) -> bool:
        """Value every legal move of yours with the hard bot (:mod:`kseri.table.sums.hints`); True once
        :meth:`hints` (each card by its best move) and :meth:`way_hints` are ready."""
        if self.phase != "human":
            raise IllegalMoveError("hints are for your turn")
        key = self._position()
        if self._hints is not None and self._hint_key == key:
            return True
        try:
            thinker = self._sums_hint
            if thinker is None or self._hint_key != key:
                from kseri.bots.sums.thinker import SumsThinker
                self._hints = None
                thinker = self._sums_hint = SumsThinker("hard", self.sums_observation(HUMAN),
                                                        _rng(self.seed, "hint", *key), exact=True)
                self._hint_key = key
            if not thinker.step(max_ms):
                return False
            values = thinker.values() or {}
        except Exception as exc:  # a failing search must not break the page: say so instead
            self._sums_hint = None
            self._hint_key = None
            raise SessionError(f"the hint could not be worked out ({type(exc).__name__})") from None
        if not values:
            raise SessionError("the hint could not be worked out (no values)")
        try:
            rows = way_hints(self.sums_round, values)
        except ValueError:
            raise SessionError("the hint could not be worked out (a move was not valued)") from None
        self._way_rows = rows
        self._hints = card_hints(rows)
        return True

    def way_hints(self) -> dict[str, WayHint] | None:
        """Every legal move of yours valued (by its record notation), once the hint for this
        position is worked out (:meth:`hint_step`); None before that."""
        if self._hints is None or self._hint_key != self._position() or self.phase != "human":
            return None
        return {row.move: row for row in self._way_rows}

    def review(self, index: int = -1) -> RoundReview:
        raise SessionError("the review plays the pile tables only")

