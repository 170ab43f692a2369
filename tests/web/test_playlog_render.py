"""The play log's names agree with the rest of the table: "Bot" where the table calls the one bot
so, the seats' names where it names them."""

from __future__ import annotations

from kseri.engine.rules import rules_from_spec
from kseri.i18n import set_language
from kseri.table.session import GameSession
from kseri.web.playlog_render import PlayLog


def _log_after_two_plays(session: GameSession) -> str:
    for _ in range(2):
        if session.phase == "human":
            session.play_human(session.view().hand[0])
        else:
            session.play_bot()
    log = PlayLog()
    log.open = True
    return log.extras(session, session.view(), passing=False).log


def test_two_seats_against_a_bot_call_it_bot() -> None:
    set_language("en")
    html = _log_after_two_plays(GameSession.new(seed=2, level="easy"))
    assert '<b class="log-who">You</b>' in html and '<b class="log-who">Bot</b>' in html
    assert "Eleni" not in html


def test_three_seats_name_the_bots() -> None:
    set_language("en")
    html = _log_after_two_plays(GameSession.new(rules=rules_from_spec({"profile": "pisti", "players": 3}),
                                                seed=2, level="easy"))
    assert '<b class="log-who">Eleni</b>' in html or '<b class="log-who">Nikos</b>' in html
