"""Every view of the table (kseri.web.render and the table's own words) in Greek, with no English left.

What counts as English: a run of two or more Latin letters in the text a player sees or hears (text
nodes, ``aria-label``, ``title``, ``alt``), apart from card codes, the game's names and the language
switch's ``EN``.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from devtools.pagemessages import ROOT, marked
from kseri import i18n
from kseri.engine.cards import Card
from kseri.engine.events import PlayEvent
from kseri.engine.rules import PROFILES
from kseri.table.pile.words import describe_event
from kseri.table.session import GameSession
from kseri.table.stats import Stats
from kseri.table.summaries import match_summary
from kseri.table.views import HintEntry
from kseri.web import page_text, render, stock_render, summary_render
from kseri.web.page_text import I18N_ATTRIBUTE, INLINE_TAGS
from kseri.web.render import Notice
from kseri.web.stats_render import stats_html

ALLOWED = {"EN", "English", "Kseri", "Pişti"}
"""The switch names each language in its own words (``<button lang="en">``)."""
SPOKEN_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")


class Spoken(HTMLParser):
    """The text of a piece of HTML that a player reads or hears."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.parts += [value for name, value in attrs if name in SPOKEN_ATTRIBUTES and value]

    def handle_data(self, data):
        self.parts.append(data)


def english_words(text: str) -> list[str]:
    words = re.findall(r"[A-Za-z][A-Za-z']+", text)
    return [w for w in words if w not in ALLOWED and not re.fullmatch(r"(10|[2-9AJQK])[SHDC]", w)]


def assert_greek(html: str) -> None:
    spoken = " ".join(Spoken(html).parts)
    if re.search(r"[^\W\d_]", spoken.replace("Kseri", "")):  # words, not only numbers or card backs
        assert re.search("[α-ωΑ-Ωά-ώ]", spoken), spoken
    assert not english_words(spoken), (english_words(spoken), spoken[:300])


@pytest.fixture(autouse=True)
def greek():
    i18n.set_language("el")
    yield
    i18n.set_language("en")


def play_out(rules_name: str = "greek", seed: int = 14) -> tuple[GameSession, list[str], list[PlayEvent]]:
    """A whole match at the easy level: the HTML of every view on the way, and every play."""
    session = GameSession.new(rules=PROFILES[rules_name], seed=seed, level="easy")
    pages: list[str] = []
    events: list[PlayEvent] = []
    while session.phase != "match_over":
        view = session.view()
        pages += [render.score_html(view), render.status_html(view), render.pile_html(view.pile),
                  f'<p aria-label="{render.pile_label(view.pile)}"></p>', stock_render.stock_html(view.stock),
                  render.stack_html(view.human, i18n._("You"), view.live[0], 3),
                  render.stack_html(view.bot, i18n._("Bot"), view.live[1], 0),
                  render.take_line_html(view), summary_render.scoring_html(view, session.rules),
                  render.hand_html(view.hand, enabled=view.phase == "human"), render.bot_hand_html(view.bot.hand_count)]
        if session.phase == "round_over":
            pages.append(summary_render.round_summary_html(session.round_summary()))
            session.next_round()
        elif session.phase == "human":
            events.append(session.play_human(view.hand[0]))
        else:
            pages.append(render.status_html(view, thinking=True))
            pages.append(render.status_html(view, dealing=True))
            events.append(session.play_bot())
    view = session.view()
    stats, label = Stats(), render.level_label("easy")
    stats.add(rules_name, "easy", match_summary(session.match), day="2026-12-01")
    pages += [render.status_html(view), render.score_html(view),
              summary_render.match_end_html(match_summary(session.match),
                                    stats_line=stats.line(rules_name, "easy", label), level="easy"),
              summary_render.match_end_html(match_summary(session.match)),
              stats_html(stats), stats_html(Stats()),
              summary_render.round_summary_html(session.round_summary())]
    return session, pages, events


@pytest.mark.parametrize("rules_name", ["greek", "fourcard", "pisti"])
def test_a_whole_match_is_drawn_in_greek(rules_name):
    session, pages, events = play_out(rules_name)
    for html in pages:
        assert_greek(html)
    sentences = [describe_event(e, session.rules.packet_size) for e in events]
    kinds = {e.kind for e in events}
    assert "drop" in kinds and len(kinds) > 1
    for sentence in sentences:
        assert_greek(f"<p>{sentence}</p>")


def test_every_kind_of_play_is_said_in_greek():
    jack = Card.parse("JS")
    for event in (PlayEvent(seat=0, card=jack, kind="jack_kseri", bonus=20),
                  PlayEvent(seat=1, card=jack, kind="jack_kseri", bonus=20),
                  PlayEvent(seat=0, card=Card.parse("7H"), kind="kseri", bonus=10),
                  PlayEvent(seat=1, card=Card.parse("7H"), kind="kseri", bonus=10),
                  PlayEvent(seat=0, card=Card.parse("7H"), kind="drop"),
                  PlayEvent(seat=1, card=Card.parse("7H"), kind="drop", round_over=True),
                  PlayEvent(seat=1, card=Card.parse("7H"), kind="drop", dealt=True)):
        assert_greek(f"<p>{describe_event(event)}</p>")
    said = describe_event(PlayEvent(seat=1, card=Card.parse("10D"), kind="drop", dealt=True))
    assert said == "Ο υπολογιστής παίζει: δεκάρι καρό. Από 6 καινούργια φύλλα στον καθένα."


def test_hints_the_raised_target_and_the_rest_in_greek():
    session = GameSession.new(seed=3, level="easy")
    view = session.view()
    hints = {code: HintEntry(code, 2.5 - i, i == 0) for i, code in enumerate(view.hand)}
    assert_greek(render.hand_html(view.hand, enabled=True, hints=hints))
    assert_greek(render.status_html(view, hints=hints))
    assert render.hand_card_label("10D", 0) == "δεκάρι καρό, πλήκτρο 1"
    assert '<span class="who">Η/Υ</span>' in render.score_html(view)
    assert render.pile_label(["AS", "JC"]) == "Τραπέζι: 2 φύλλα, επάνω βαλές σπαθί, 1 από κάτω"
    assert render.pile_label(["AS"]) == "Τραπέζι: 1 φύλλο, επάνω άσος μπαστούνι"
    assert_greek(f'<p aria-label="{render.pile_label([])}"></p>')
    assert_greek(render.pile_html([]))
    assert_greek(stock_render.stock_html(0))
    assert_greek(render.guide_link_html())
    assert_greek(render.level_options_html(("easy", "medium", "hard"), "hard"))
    assert_greek(render.language_switch_html())
    assert 'aria-pressed="true"' in render.language_switch_html().split('data-lang="el"')[1].split(">")[0]


def test_a_raised_target_is_explained_in_greek():
    from dataclasses import replace
    session, _, _ = play_out()
    summary = replace(session.round_summary(), target_before=151, target=251)
    html = summary_render.round_summary_html(summary)
    assert "ο στόχος ανεβαίνει στους <b>251</b>" in html
    assert_greek(html)


def test_notices_in_greek():
    """Notices keep their English msgid and are translated when shown (a switch re-translates them)."""
    storage_off = "This browser does not let the page store anything, so the game will not be resumed after a reload."
    recover = Notice("Something went wrong (X); nothing was lost.",
                     actions=(("resume", "Let the bot play"), ("match-new", "New game")))
    for notice in (render.NEWER_ELSEWHERE, storage_off, recover):
        html = render.notices_html([notice])
        if notice is recover:
            assert "Άσε τον υπολογιστή να παίξει" in html and "Νέα παρτίδα" in html
        else:
            assert_greek(html)


def test_every_text_of_the_static_page_has_its_greek():
    for selector, where, message in page_text.PAGE_TEXT:
        assert where in ("text", "lead", "html") or where in SPOKEN_ATTRIBUTES, selector
        if where == "html":
            assert set(re.findall(r"</?(\w+)", i18n._(message))) <= {"b"}, message
        translated = i18n._(message)
        assert translated != message or message in ALLOWED, message
        assert not english_words(translated), (message, translated)


def test_english_stays_english():
    i18n.set_language("en")
    view = GameSession.new(seed=1, level="easy").view()
    assert "Round 1\u00a0· Packet 1 of 4" in render.status_html(view)
    assert render.level_label("hard") == "Hard"
    assert render.hand_card_label("AS", 0) == "ace of spades, key 1"


def markup_tags(html: str) -> set[str]:
    return set(re.findall(r"</?(\w+)", html))


def without_keys(html: str) -> str:
    """Key caps (``<kbd>Enter</kbd>``) name the keyboard's keys, not words of either language."""
    return re.sub(r"<kbd>.*?</kbd>", "", html)


def test_marked_elements_hold_only_bare_inline_markup():
    """So the browser's ``innerHTML`` is the source text (the msgid) and the catalog's markup is ours."""
    elements = marked((ROOT / "index.html").read_text(encoding="utf-8"))
    assert len(elements) > 30
    for element in elements:
        assert markup_tags(element.inner) <= INLINE_TAGS, element.msgid
        assert not re.search(r"<\w+\s|&", element.inner), element.msgid
        greek = i18n._(element.msgid)
        assert greek != element.msgid or element.msgid in ALLOWED, element.msgid
        assert markup_tags(greek) <= INLINE_TAGS, greek
        assert not english_words(" ".join(Spoken(without_keys(greek)).parts)), (element.msgid, greek)


class RulesBody(HTMLParser):
    """The rules dialog's body: each marked element's msgid, and any text with letters outside them."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.depth = 0  # inside .rules-body: element depth from it
        self.marked_at: int | None = None
        self.unmarked: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "input", "meta", "link"):
            return
        names = dict(attrs)
        if self.depth:
            self.depth += 1
            if I18N_ATTRIBUTE in names and self.marked_at is None:
                self.marked_at = self.depth
        elif "rules-body" in (names.get("class") or "").split():
            self.depth = 1

    def handle_endtag(self, tag):
        if self.depth and tag not in ("br", "img", "input", "meta", "link"):
            if self.marked_at == self.depth:
                self.marked_at = None
            self.depth -= 1

    def handle_data(self, data):
        if self.depth and self.marked_at is None and re.search(r"[^\W\d_]", data):
            self.unmarked.append(data.strip())


def test_the_rules_dialog_is_greek_through_and_through():
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    body = RulesBody(page)
    assert body.unmarked == [], "text in the rules not marked data-i18n"
    start = page.index('class="rules-body"')
    end = page.index("sheet-actions", start)
    inside = [element for element in marked(page) if start < element.start < end]
    assert len(inside) > 30
    greek = "".join(f"<p>{without_keys(i18n._(element.msgid))}</p>" for element in inside)
    assert_greek(greek)
    assert "ξερή" in greek and "βαλέ" in greek and "Το δυάρι σπαθί (2♣)" in greek


def test_the_review_of_a_round_in_greek():
    """The review's button, its progress and every play of a finished review, mistakes and all."""
    from kseri.table.review import RoundReview
    from kseri.web import review_render
    session = GameSession.new(seed=4, level="medium")
    while session.phase in ("human", "bot"):
        if session.phase == "human":
            session.play_human(session.view().hand[-1])
        else:
            session.play_bot()
    review = RoundReview(session.match, seed=session.seed, samples=6)
    assert_greek(review_render.review_button_html())
    assert_greek(review_render.review_progress_html(0, 24, 1))
    plays = review.plays()
    assert any(p.mistake for p in plays) and any(p.forced for p in plays)
    for at in range(len(plays)):
        assert_greek(review_render.review_html(plays, at, number=1))
    assert_greek(review_render.review_html([], 0, number=1))
    assert_greek(f"<button>{review_render.summary_next_label(True)}</button>")


def test_the_review_at_the_open_table_and_in_pass_and_play_in_greek():
    """The open table's review (its cards, the way a card was played) and the buttons and headings of
    each person's review with people sharing the device."""
    import random

    from kseri.engine.rules import SUMS
    from kseri.table.review import RoundReview
    from kseri.web import review_render
    session = GameSession.new(rules=SUMS, seed=5, level="easy")
    rng = random.Random(5)
    while session.phase in ("human", "bot"):
        if session.phase == "bot":
            session.play_bot()
        else:
            session.play_human(str(rng.choice(session.round.legal_moves())))
    plays = RoundReview(session.match, seed=0, samples=4).plays()
    for at in range(len(plays)):
        assert_greek(review_render.review_html(plays, at, number=1))
    assert_greek(review_render.review_button_html([(0, "Άννα"), (2, "Παίκτης 3")]))
    assert_greek(review_render.review_progress_html(3, 12, 2, "Άννα"))
    assert_greek(review_render.review_html(plays[:2], 0, number=2, name="Άννα"))


def test_a_list_of_table_items_is_not_read_as_questions_in_greek():
    """The open table's accessible name lists its items; in Greek ";" is the question mark (a screen reader
    asked each card), so the items are joined by the ano teleia."""
    from kseri.table.strategy import TableItemView
    from kseri.web.sums.render import table_label

    label = table_label([TableItemView(("5C", "4H"), 9, owner=1), TableItemView(("3H",), 3, owner=None)])
    assert ";" not in label and "· " in label, label
