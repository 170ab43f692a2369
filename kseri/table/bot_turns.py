"""The bots' turns in a :class:`~kseri.table.session.GameSession`: the decision of the bot to move,
thought out in slices; the next bot's decisions thought out while a person chooses their card
(:mod:`kseri.table.ahead`); and the simple move a bot plays where its own thinking failed.

A decision's generator is derived from the session's seed and the position alone
(:func:`~kseri.table.seats.derived_rng`), so the bot's move is the same however its thinking is
sliced, and whether it was thought out ahead or not. The bots themselves (:mod:`kseri.bots`) are
imported on the first bot's turn, not with this module (start-up time in the page).

>>> from kseri.table.session import GameSession
>>> session = GameSession.new(seed=3, level="easy")
>>> while session.phase == "human":
...     _ = session.play_human(session.view().hand[0])
>>> session.bot_turns.think(25.0)              # the easy level chooses at its first slice
True
>>> session.bot_turns.choose() in session.round.legal_moves()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kseri.engine.errors import IllegalMoveError
from kseri.i18n import _
from kseri.table.ahead import Ahead, ThinkingAhead
from kseri.table.notices import clip
from kseri.table.seats import derived_rng

if TYPE_CHECKING:  # the bots are imported on the bot's first turn (start-up time in the page)
    import random

    from kseri.bots.thinking import Decision
    from kseri.engine.table import TableObservation
    from kseri.table.session import GameSession

__all__ = ["BotTurns"]


def _thinker(level: str, observation: TableObservation[Any], rng: random.Random, *,
             exact: bool = False) -> Decision[Any]:
    """A bot's sliceable decision at the observation's table (:func:`kseri.bots.tables.decision`)."""
    from kseri.bots.tables import decision
    return decision(level, observation, rng, exact=exact)


class BotTurns:
    """The bots' side of one session: the decision under way, those thought out ahead, and the simple
    move played where thinking failed.

    It is a part of its session, which owns it (:attr:`GameSession.bot_turns
    <kseri.table.session.GameSession.bot_turns>`) and tells it when the position moves on
    (:meth:`forget_decision`) or the bots change (:meth:`forget`). It reads the session as it stands
    (its phase, seats and levels, which a subclass may change), and the session's position and
    observations as the session itself reads them."""

    def __init__(self, session: GameSession) -> None:
        self._session = session
        self._under_way: Decision[Any] | None = None
        """The decision of the bot to move, started at :attr:`_under_way_at`."""
        self._under_way_at: tuple[int, int] | None = None
        self._ahead = ThinkingAhead()
        """The next bot's decisions thought out while a person chooses (:meth:`ponder`)."""
        self._fallback: tuple[tuple[int, int], Any] | None = None
        """The simple move the bot plays at a position where its own thinking failed."""

    def check_turn(self) -> None:
        """:class:`IllegalMoveError` (one line) unless a bot is to move."""
        phase = self._session.phase
        if phase != "bot":
            raise IllegalMoveError(f"it is not the bot's turn ({phase.replace('_', ' ')})")

    def think(self, max_ms: float = 25.0) -> bool:
        """:meth:`GameSession.think <kseri.table.session.GameSession.think>`: let the bot think for about
        ``max_ms``; True once its card is chosen."""
        self.check_turn()
        if self._fallback_move() is not None:
            return True
        try:
            return self._thinker_here().step(max_ms)
        except Exception as exc:  # any failure of the bot must not stop the game
            self._trouble(exc)
            return True

    def choose(self) -> Any:
        """The move the bot to move plays (thinking to the end first if needed): its table's simple move
        should its thinking fail or give a move that is not legal (:meth:`GameSession.play_bot
        <kseri.table.session.GameSession.play_bot>`)."""
        self.check_turn()
        move = self._fallback_move()
        if move is None:
            try:
                thinker = self._thinker_here()
                while not thinker.step(1000.0):
                    pass
                move = thinker.choice()
                if move not in self._session.round.legal_moves():
                    raise IllegalMoveError(f"the bot chose {move}, which is not legal here")
            except Exception as exc:  # as in think()
                move = self._trouble(exc)
        return move

    def forget_decision(self) -> None:
        """The position moved on: the decision under way no longer applies (those thought out ahead
        are kept: one of them may be the next bot's)."""
        self._under_way = None
        self._under_way_at = None

    def forget(self) -> None:
        """The bots' levels changed, or a round was dealt: the decision under way and those thought out
        ahead no longer apply."""
        self.forget_decision()
        self._ahead.forget()

    def _thinker_here(self) -> Decision[Any]:
        """The bot's decision at this position (started on first use)."""
        self.check_turn()
        session = self._session
        key = session._position()
        if self._under_way is None or self._under_way_at != key:
            seat = session.round.to_move
            level, observation = session.level_of(seat), session.observation(seat)
            thought = self._ahead.take(key, level, observation)
            self._under_way = thought if thought is not None else self._decision(key, level, observation)
            self._under_way_at = key
        return self._under_way

    def ponder(self, max_ms: float = 25.0) -> bool:
        """:meth:`GameSession.ponder <kseri.table.session.GameSession.ponder>`: while a person chooses,
        think ahead for about ``max_ms``; True once there is nothing more to think about here."""
        session = self._session
        if session.phase != "human" or session.handover is not None or session.remote:
            return True
        ahead = self._ahead
        at = session._position()
        try:
            if ahead.position != at:
                ahead.restart(at, self._likely_moves())
            return ahead.step(self._decision_after, max_ms)
        except Exception:  # as in think(): never a stuck page
            ahead.restart(at, ())
            return True

    def _likely_moves(self) -> list[Any]:
        """The person's legal moves, the hint's best first where it has been worked out here (the order
        only says which of the bot's decisions is thought out first)."""
        session = self._session
        return session.hinting.best_first(session._position(), session.round.legal_moves())

    def _decision_after(self, move: Any) -> Ahead | None:
        """The decision of the bot who moves once ``move`` is played here, started (None: a person
        moves next, or the round ends); made as :meth:`_thinker_here` will make it there."""
        session = self._session
        state = session.round.clone()
        state.apply(move)
        seat = state.to_move
        if state.is_terminal() or session.is_person(seat):
            return None
        position = (len(session.match.rounds) - 1, len(state.plays))
        level, observation = session.level_of(seat), session._seen(state, seat)
        return Ahead(position=position, level=level, observation=observation,
                     decision=self._decision(position, level, observation))

    def _decision(self, position: tuple[int, int], level: str, observation: TableObservation[Any]) -> Decision[Any]:
        """The bot's decision at ``position``: its generator derived from the seed and the position only,
        so a decision started ahead (:meth:`_decision_after`) is the one its turn would start."""
        return _thinker(level, observation, derived_rng(self._session.seed, "bot", *position))

    def _fallback_move(self) -> Any:
        """The simple move chosen here after the bot's own thinking failed (None: it did not)."""
        if self._fallback is not None and self._fallback[0] == self._session._position():
            return self._fallback[1]
        return None

    def _trouble(self, exc: BaseException) -> Any:
        """The bot's thinking failed with ``exc``: play its table's simple move instead and say so
        (the first legal move, should that fail too)."""
        self.forget_decision()
        session = self._session
        state = session.round
        try:
            move = session.strategy.fallback(state, session.observation(state.to_move),
                                             derived_rng(session.seed, "fallback", *session._position()))
            if move not in state.legal_moves():
                raise IllegalMoveError(f"the simple move {move} is not legal here")
        except Exception:  # the simple policy failed too: any legal move will do
            move = state.legal_moves()[0]
        self._fallback = (session._position(), move)
        session.notices.append(clip(_("The bot had trouble choosing its card ({error}), so it played a simple one "
                                      "instead.").format(error=type(exc).__name__)))
        return move
