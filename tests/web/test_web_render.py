"""The table's HTML (kseri.web.render), under CPython: the page contract lives here."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from kseri.engine.rules import PROFILES, rules_from_spec
from kseri.table.newgame import PLAY_LABELS, TABLE_NAMES
from kseri.table.pile.hints import HintReason
from kseri.table.session import GameSession
from kseri.table.views import HintEntry, SideView
from kseri.web import render, summary_render
from kseri.web.welcome_render import play_label


class Tags(HTMLParser):
    """Start tags with their attributes, in order."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def find(self, tag: str | None = None, **attrs) -> list[dict[str, str | None]]:
        out = []
        for name, found in self.tags:
            if tag and name != tag:
                continue
            names = {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}
            if all(found.get(k) == v if v is not True else k in found for k, v in names.items()):
                out.append(found)
        return out


def test_hand_buttons_carry_the_contract():
    html = render.hand_html(("10D", "JS", "2C"), enabled=True)
    buttons = Tags(html).find("button")
    assert [b["data-card"] for b in buttons] == ["10D", "JS", "2C"]
    assert [b["aria-label"] for b in buttons] == [
        "ten of diamonds, key 1", "jack of spades, key 2", "two of clubs, key 3"]
    assert [b["aria-keyshortcuts"] for b in buttons] == ["1", "2", "3"]
    assert all(b["type"] == "button" and "disabled" not in b for b in buttons)
    assert all(i["src"].startswith("static/cards/") for i in Tags(html).find("img"))


def test_hand_buttons_are_disabled_off_turn():
    buttons = Tags(render.hand_html(("AS", "KH"), enabled=False)).find("button")
    assert all("disabled" in b for b in buttons)


def test_hints_show_on_the_cards():
    takes = HintReason(kind="capture", cards=3, points=2, rank="A")
    hints = {"AS": HintEntry("AS", 4.25, True, reason=takes),
             "KH": HintEntry("KH", -1.0, False, loss=5.2, reason=HintReason(kind="drop", rank="K", unseen=2))}
    html = render.hand_html(("AS", "KH"), enabled=True, hints=hints)
    buttons = Tags(html).find("button")
    assert [b["data-hint"] for b in buttons] == ["+4.2", "−1.0"]
    assert "is-best" in buttons[0]["class"] and "is-best" not in buttons[1]["class"]
    assert buttons[0]["aria-label"] == "ace of spades, key 1, ★, takes 3 cards, 2 points: the hint's best card"
    assert buttons[1]["aria-label"] == ("king of hearts, key 2, −5.2, leaves K on top: 2 more unseen could take it: "
                                        "points against the hint's best card")
    assert buttons[1]["title"] == "leaves K on top: 2 more unseen could take it"
    assert 'hint-badge good' in html and 'hint-badge bad' in html
    assert re.findall(r'class="hint-badge \w+" aria-hidden="true">([^<]*)<', html) == ["★", "−5.2"]
    assert html.count('class="takes-mark"') == 1  # only the card that takes the pile


def test_pile_top_card_alone_carries_data_card():
    pile = ("3C", "9D", "QH", "5S", "7H")
    tags = Tags(render.pile_html(pile))
    assert [t["data-card"] for t in tags.find(data_card=True)] == ["7H"]
    fanned = tags.find("div", data_code=True)
    assert [t["data-code"] for t in fanned] == ["9D", "QH", "5S"]  # the last four are fanned
    assert tags.find(class_="pile-under")  # and more lie under them
    assert render.pile_label(pile) == "Pile: 5 cards, top card seven of hearts, 4 under it"


def test_empty_pile():
    assert "Empty table" in render.pile_html(())
    assert not Tags(render.pile_html(())).find(data_card=True)
    assert render.pile_label(()) == "Pile: empty"


def test_stack_shows_a_count_and_kseri_cards_only():
    side = SideView(seat=1, hand_count=3, captured=17, kseri_cards=("9C", "JH"), kseris=1, jack_kseris=1, total=0,
                    is_dealer=False, last_capturer=True)
    html = render.stack_html(side, "Bot")
    assert "Bot: 17 cards taken, 2 kseris" in html
    assert [t["src"] for t in Tags(html).find("img")] == ["static/cards/9C.svg", "static/cards/JH.svg",
                                                          "static/cards/back.svg"]


def test_a_partnered_stack_says_its_points_are_the_sides():
    """Your stack counts your own cards, the points under it your side's (partners' cards in them): with
    partners the line says "Side:", and so does what a screen reader hears."""
    from kseri.table.live import LiveSide

    side = SideView(seat=0, hand_count=3, captured=0, kseri_cards=(), kseris=0, jack_kseris=0, total=0,
                    is_dealer=False, last_capturer=False)
    alone = render.stack_html(side, "You", LiveSide(points=1, cards=5, kseris=0))
    partnered = render.stack_html(side, "You", LiveSide(points=1, cards=5, kseris=0), partnered=True)
    assert "Side:" not in alone and ", 1 point this round" in alone
    assert '<span class="side-long">Your side: </span><span class="side-short">Side: </span>' in partnered
    assert ", the side 1 point this round" in partnered


def test_score_and_status():
    session = GameSession.new(seed=1, level="easy")
    view = session.view()
    assert "first to <b>151</b>" in render.score_html(view)
    status = render.status_html(view)
    assert ("Your turn" in status) == (view.phase == "human")
    assert "Round 1\u00a0· Packet 1 of 4" in status  # (the dot never starts a line)


def test_round_summary_and_match_end_html():
    session = GameSession.new(seed=14, level="easy")
    while session.phase != "match_over":
        if session.phase == "round_over":
            html = summary_render.round_summary_html(session.round_summary())
            for label in ("Aces", "Kings", "Queens", "Jacks", "Tens", "10♦ bonus", "2♣", "Most cards", "Kseris",
                          "Round total"):
                assert f">{label}<" in html
            session.next_round()
        elif session.phase == "human":
            session.play_human(session.view().hand[0])
        else:
            session.play_bot()
    html = summary_render.match_end_html(session.match_summary(), stats_line="Your record against Easy: 1 won, 0 lost.",
                                 level="easy")
    assert ("You win!" in html) != ("The bot wins" in html)
    assert "against Easy" in html
    assert len(re.findall(r"<tr><th scope=\"row\">\d+</th>", html)) == len(session.match.scores)


def test_level_options():
    html = render.level_options_html(("easy", "medium", "hard", "expert"), "hard")
    options = Tags(html).find("option")
    assert [o["value"] for o in options] == ["easy", "medium", "hard", "expert"]
    assert [("selected" in o) for o in options] == [False, False, True, False]


def test_notices():
    assert render.notices_html([]) == ""
    html = render.notices_html(["Could not open <the> record.", "Second."])
    assert html.count("<li>") == 2 and "&lt;the&gt;" in html and 'data-action="dismiss-notice"' in html


def test_text_from_outside_is_escaped():
    html = summary_render.match_end_html(GameSession.new(seed=1, level="easy").match_summary(),
                                 stats_line="<script>x</script>", level="<b>")
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_the_open_table_calls_its_captures_that_empty_the_table_xeris():
    from kseri.i18n import set_language
    from kseri.table.summaries import MatchSummary

    set_language("en")
    side = SideView(seat=0, hand_count=3, captured=9, kseri_cards=("9C",), kseris=1, jack_kseris=0, total=0,
                    is_dealer=False, last_capturer=True)
    assert "1 xeri" in render.stack_html(side, "You", word="xeri") and "Xeri: 9♣" in render.stack_html(
        side, "You", word="xeri")
    assert "1 kseri" in render.stack_html(side, "You")
    assert "1 pişti" in render.stack_html(side, "You", word="pisti")
    summary = MatchSummary(winner=0, totals=(40, 20), target=37, rounds=((40, 20),), kseris=(2, 0), cards=(30, 22))
    assert "xeris: 2–0" in summary_render.match_end_html(summary, word="xeri")
    assert "kseris: 2–0" in summary_render.match_end_html(summary)
    assert "piştis: 2–0" in summary_render.match_end_html(summary, word="pisti")


def test_a_match_of_rounds_says_so_everywhere_never_its_target():
    """A match of three rounds: the header, the status line, the score's explanation, the round's
    summary and the match's result speak of rounds, in both languages (issue 24)."""
    from dataclasses import replace

    from kseri.engine.rules import rules_from_spec
    from kseri.i18n import set_language
    from kseri.table.session import GameSession

    session = GameSession.new(rules=rules_from_spec({"profile": "greek", "match_rounds": 3}), seed=4, level="easy")
    for lang, words in (("en", ("round <b>1</b> of 3", "The match is 3 rounds", "3 rounds")),
                        ("el", ("γύρος <b>1</b> από 3", "Η παρτίδα κρίνεται σε 3 γύρους", "3 γύροι"))):
        set_language(lang)
        view = session.view()
        assert words[0] in render.score_html(view) and "151" not in render.score_html(view)
        assert "151" not in render.status_html(replace(view, title="Greek"))
        scoring = summary_render.scoring_html(view, session.rules)
        assert words[1] in scoring and "151" not in scoring
        while session.phase != "match_over":
            if session.phase == "round_over":
                summary = summary_render.round_summary_html(session.round_summary())
                assert ("151" not in summary and "round" in summary.lower()) or "γύρος" in summary
                session.next_round()
            elif session.phase == "human":
                session.play_human(session.view().hand[0])
            else:
                session.think(10_000)
                session.play_bot()
        end = summary_render.match_end_html(session.match_summary(), level="easy")
        assert words[2] in end and "151" not in end, end
        session = GameSession.new(rules=rules_from_spec({"profile": "greek", "match_rounds": 3}), seed=4,
                                  level="easy")
    set_language("en")


def test_the_welcome_names_every_table_it_may_deal():
    assert set(PLAY_LABELS) == set(TABLE_NAMES) == set(PROFILES)  # every profile a rules value may name
    assert [play_label(rules_from_spec(name)) for name in TABLE_NAMES] == [
        "Play Greek Kseri", "Play four-card Kseri", "Play Pişti", "Play open-table Xeri"]


def test_a_capture_in_the_first_packet_does_not_hide_the_cards_put_back():
    # Seed 1 at the four-card table: a jack of the opening goes back into the stock, and the bot (easy)
    # takes the pile with its first card. Both lines are true, so both stay (the capture's first).
    session = GameSession.new(rules=rules_from_spec({"profile": "fourcard"}), seed=1, level="easy")
    while session.phase == "bot":
        session.play_bot()
    view = session.view()
    assert view.put_back and view.packet == 1 and render.take_line_html(view)
    status = render.status_html(view)
    assert status.index(render.take_line_html(view)) < status.index('class="take-line put-back"')
    # passing the device on, the last card's line takes the capture's place: the cards put back stay
    passing = render.status_html(view, pass_line="You played 5♥")
    assert "pass-line" in passing and 'class="take-line put-back"' in passing
