"""A match against a friend on another device, at the browser table: the page's
:class:`~kseri.table.session.GameSession` API over a :class:`~kseri.table.duel.peer.Peer`.

The table draws it as it draws any session (you in seat 0, the friend named in seat 1, as people
sharing a device are drawn, but nobody passes a device). Your plays go through the peer, which
makes the message to send; the friend's arrive by :meth:`DuelSession.receive`. While the game waits
for the friend (a move, or their part of a deal) the phase is ``friend`` and
:attr:`~kseri.table.views.TableView.waiting` says what for.

Nothing of a card this device may not see reaches the view: the friend's hand is a count, and the
deck the engine plays on (unseen cards filled in) is neither shown nor saved.

>>> import random
>>> from kseri.engine.rules import GREEK
>>> from kseri.table.duel.peer import Peer
>>> host = Peer.invite(name="Anna", rules=GREEK, rng=random.Random(1))
>>> session = DuelSession(host)
>>> session.phase, session.view().waiting
('friend', 'Waiting for your friend to accept the invitation')
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from typing import ClassVar

from kseri.engine.cards import Card
from kseri.engine.errors import IllegalMoveError, KseriError
from kseri.engine.events import PlayEvent
from kseri.engine.match import Match
from kseri.i18n import _
from kseri.table.duel.peer import Outcome, Peer
from kseri.table.goal import word_key
from kseri.table.newgame import table_title
from kseri.table.seat_plan import PERSON, SeatPlan
from kseri.table.seats import DEFAULT_LEVEL, HUMAN, Phase, SessionError
from kseri.table.session import GameSession
from kseri.table.views import TableView

__all__ = ["DuelSession"]


class DuelSession(GameSession):
    """The table's session for a match against a friend on another device."""

    remote: ClassVar[bool] = True
    """Plays come from another device (the page sends and receives messages instead of asking a bot)."""

    def __init__(self, peer: Peer, *, seen: int = 0) -> None:
        super().__init__(peer.engine or Match(peer.rules, first_dealer=0), seed=0, level=DEFAULT_LEVEL)
        self.peer = peer
        self.seen = seen
        """How many round summaries the player has seen (the next round shows once dealt after that)."""
        self._persons = (0, 1)
        self.viewer = HUMAN
        self.refresh()

    def refresh(self) -> None:
        """Take the peer's match as it stands (after a message in or out)."""
        engine = self.peer.engine
        self.match = engine if engine is not None else Match(self.peer.rules, first_dealer=0)
        self._names = ("", self.friend)

    @property
    def friend(self) -> str:
        """The friend's name ("Your friend" until they have answered)."""
        return self.peer.friend or _("Your friend")

    # -- who sits where ------------------------------------------------------------

    @property
    def handover(self) -> int | None:
        return None  # each player has a device of their own

    def name_of(self, seat: int) -> str:
        return _("You") if seat == HUMAN else self.friend

    def _line_names(self) -> tuple[str, ...]:
        return ("", self.friend)

    @property
    def seat_plan(self) -> SeatPlan:
        """A game after this one is against the bot (the friend plays only here)."""
        return SeatPlan(seats=(PERSON, self.level), names=())

    @property
    def can_review(self) -> bool:
        return False

    @property
    def your_side(self) -> int:
        return HUMAN  # the friend is on another device: the summaries speak to you

    # -- where the match stands ------------------------------------------------------------

    @property
    def dealt_rounds(self) -> int:
        return len(self.peer.engine.rounds) if self.peer.engine is not None else 0

    @property
    def phase(self) -> Phase:
        peer = self.peer
        engine = peer.engine
        if peer.broken is not None:
            return "match_over" if engine is not None and engine.scores else "friend"
        if engine is None or not engine.rounds:
            return "friend"
        state = engine.round
        if state.is_terminal():
            if engine.is_over and peer.over:
                return "match_over"
            if self.seen < len(engine.scores):
                return "round_over"
            return "friend"
        return "human" if peer.needs_move else "friend"

    def waiting_text(self) -> str:
        """What the table waits for, in a line (the status when it is not your turn)."""
        peer, name = self.peer, self.friend
        if peer.broken is not None:
            return _("The match against {name} has ended: a check failed.").format(name=name)
        waits = peer.awaiting()
        if waits == "accept":
            return _("Waiting for your friend to accept the invitation")
        if waits == "move":
            return _("{name}'s turn").format(name=name)
        if waits == "over":
            return _("The match is over")
        if self.phase == "round_over":
            return ""
        return _("Dealing with {name}…").format(name=name)

    def view(self) -> TableView:
        waiting = self.waiting_text() if self.phase == "friend" else ""
        if not self.match.rounds:
            return self._empty_view(waiting)
        return dataclasses.replace(super().view(), waiting=waiting)

    def _empty_view(self, waiting: str) -> TableView:
        """The table before the first deal: no cards yet."""
        from kseri.table.live import LiveSide
        from kseri.table.views import SideView, TeamView
        rules = self.rules
        sides = tuple(SideView(seat=seat, hand_count=0, captured=0, kseri_cards=(), kseris=0, jack_kseris=0,
                               total=0, is_dealer=False, last_capturer=False, name=self.name_of(seat), team=seat,
                               level=self.level) for seat in range(2))
        return TableView(phase="friend", hand=(), pile=(), stock=rules.cards, to_move=0, dealer=1, packet=1,
                         packets=rules.packets, round_number=1, plays_in_round=0, sides=sides,
                         teams=tuple(TeamView(team=t, seats=(t,), total=0) for t in range(2)), target=rules.target,
                         base_target=rules.target, match_rounds=rules.match_rounds, level=self.level,
                         winner=None,
                         live=(LiveSide(points=0, cards=0, kseris=0),) * 2, title=table_title(rules),
                         viewer=HUMAN, people=2, persons=(0, 1), waiting=waiting,
                         open_table=() if self.strategy.laid_out else None, word=word_key(rules),
                         table=rules.table)

    def _hand_shown(self) -> tuple[str, ...]:
        """Your cards, those this device knows only: a packet the engine has dealt but the friend has not opened
        yet (the dealer's, between its last card of a packet and the friend's next message) shows when it is
        opened, never as the engine's stand-ins for unseen cards."""
        r = self.peer.round
        if not self.match.rounds:
            return ()
        known = set(r.known.values()) if r is not None else set()
        return tuple(code for code in super()._hand_shown() if Card.parse(code).index in known)

    def _check_playable(self) -> None:
        self.view()

    # -- playing -----------------------------------------------------------------------------

    def play_human(self, card: Card | str) -> PlayEvent:
        """Your play: made on the peer, which makes the message carrying it (``peer.outbox``)."""
        if self.phase != "human":
            raise IllegalMoveError(_("Wait for {name}.").format(name=self.friend))
        text = card.code if isinstance(card, Card) else str(card)
        move = self.strategy.person_move(self.round, text)  # the table's own refusal, in the page's language
        before = self._live()
        event = self.peer.play(text)
        self.refresh()
        self._record(event, before)
        self._table_play(move)
        return event

    def receive(self, data: bytes) -> Outcome:
        """A message from the friend (:class:`~kseri.table.duel.errors.RefusedError` leaves everything as it was);
        its play, if any, is queued for the page to show (:meth:`take_events`)."""
        playing = self.match.round if self.match.rounds and not self.match.round.is_terminal() else None
        before = self._live() if playing is not None else None
        outcome = self.peer.receive(data)  # (its match is built anew: ``playing`` stays as it was)
        self.refresh()
        for event in outcome.events:
            if before is not None and playing is not None:
                self._record(event, before)
                r = self.peer.round
                if r is not None and r.moves:
                    with contextlib.suppress(KseriError):  # (the message is applied: at worst the line is plainer)
                        self._table_play(playing.parse_move(r.moves[-1]))
            else:
                self.events.append(event)
        if outcome.dealt:
            self.last_play = None
        return outcome

    def _table_play(self, move: object) -> None:
        """The latest play (``move``, the engine's) as its table shows it: at the open table, what was
        built or taken by sum (:meth:`~kseri.table.strategy.TableStrategy.last_play`)."""
        if self.last_play is not None:
            self.last_play = self.strategy.last_play(self.round, move, self.last_play)

    def next_round(self) -> None:
        """The round's summary was seen: the next round shows as soon as it is dealt."""
        if self.phase != "round_over":
            raise IllegalMoveError(f"the round is not over ({self.phase.replace('_', ' ')})")
        self.seen = len(self.match.scores)

    def think(self, max_ms: float = 25.0) -> bool:
        raise IllegalMoveError("your friend plays on their own device")

    def play_bot(self) -> PlayEvent:
        raise IllegalMoveError("your friend plays on their own device")

    def hint_step(self, max_ms: float = 25.0) -> bool:
        raise SessionError("no hints in a match against a friend")

    def to_save(self) -> str:
        """Not the table's save: a match against a friend is kept under its own key (the page's duel store)."""
        raise SessionError("a match against a friend is saved by the page's duel store")

    def record_text(self) -> str:
        """The rounds played out and checked, as a ``kseri-record/1`` (nothing of the round in play)."""
        record = self.peer.record()
        record["seats"] = [PERSON, f"{PERSON}:{self.friend}"]
        return json.dumps(record, separators=(",", ":"))
