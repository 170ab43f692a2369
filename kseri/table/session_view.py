"""What the page draws of a :class:`~kseri.table.session.GameSession`: its
:class:`~kseri.table.views.TableView`, the match as it stands from the side of the person holding
the device (only their hand face up, and none while the device must be passed on).

>>> from kseri.table.session import GameSession
>>> session = GameSession.new(seed=7, level="easy")
>>> view = table_view(session, hand=())
>>> view.hand, len(view.sides), view.round_number
((), 2, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kseri.engine.cards import CODES
from kseri.table.goal import word_key
from kseri.table.live import live_score
from kseri.table.newgame import table_title
from kseri.table.seats import HUMAN
from kseri.table.views import SideView, TableView, TeamView

if TYPE_CHECKING:
    from kseri.table.session import GameSession

__all__ = ["table_view"]


def table_view(session: GameSession, *, hand: tuple[str, ...]) -> TableView:
    """The table as ``session`` stands, with ``hand`` the cards drawn face up (the session says whose:
    :meth:`GameSession.view <kseri.table.session.GameSession.view>`)."""
    match, state = session.match, session.match.round
    rules = match.rules
    sides = []
    for seat in range(rules.players):
        sides.append(SideView(
            seat=seat,
            hand_count=len(state.hands[seat]),
            captured=state.counts[seat],
            kseri_cards=tuple(CODES[c] for c in state.kseri_cards[seat]),
            kseris=state.kseris[seat],
            jack_kseris=state.jack_kseris[seat],
            total=match.totals[rules.team_of(seat)],
            is_dealer=state.dealer == seat,
            last_capturer=state.last_capturer == seat,
            name=session.name_of(seat),
            team=rules.team_of(seat),
            level=session.level_of(seat),
        ))
    teams = tuple(TeamView(team=t, seats=tuple(s for s in range(rules.players) if rules.team_of(s) == t),
                           total=match.totals[t]) for t in range(rules.teams))
    return TableView(
        phase=session.phase,
        hand=hand,
        pile=tuple(CODES[c] for c in state.pile),
        stock=state.stock_count,
        to_move=state.to_move,
        dealer=state.dealer,
        packet=state.packet,
        packets=match.rules.packets,
        round_number=len(match.rounds),
        plays_in_round=len(state.plays),
        sides=tuple(sides),
        teams=teams,
        title=table_title(rules),
        partnered=rules.partnered,
        viewer=session.viewer if session.viewer is not None else HUMAN,
        handover=session.handover,
        people=session.people,
        persons=session.persons,
        packs=rules.packs,
        bottom=None if state.exposed_card is None else CODES[state.exposed_card],
        put_back=tuple(CODES[c] for c in state.held_back()),
        target=match.target,
        base_target=match.rules.target,
        match_rounds=match.rules.match_rounds,
        level=session.bots_level,
        winner=match.winner,
        live=live_score(state),
        last_play=session.last_play,
        open_table=session.strategy.open_table(state),
        word=word_key(rules),
        table=rules.table,
    )
