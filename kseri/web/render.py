"""HTML for the parts of the table, from plain session data (no browser needed).

Every function returns a string for ``innerHTML``; anything that is not our
own markup is escaped. The page contract (``docs/formats.md``, "Page contract") lives here:
``#hand [data-card]`` buttons, the pile's top card with ``data-card``.

>>> from kseri.table.session import GameSession
>>> view = GameSession.new(seed=1, level="easy").view()
>>> html = hand_html(view.hand, enabled=True)
>>> html.count("<button"), 'data-card="' in html
(6, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from kseri.bots.names import LEVELS
from kseri.i18n import LANGUAGES, N_, _, card_name, language, ngettext, pgettext
from kseri.table.goal import Goal, WordKey, counted
from kseri.table.live import LiveSide
from kseri.table.seats import HUMAN, MIXED
from kseri.table.tables import STRATEGIES
from kseri.table.views import HintEntry, SideView, TableView, card_text
from kseri.web import seats_render, stock_render
from kseri.web.card_html import card_img
from kseri.web.hint_render import format_value, hint_badge_text, hint_note_html, hint_reason, shown_best
from kseri.web.notices_render import NEWER_ELSEWHERE, Notice, notices_html

__all__ = [
    "LEVEL_LABELS", "NEWER_ELSEWHERE", "TABLE_HEADING", "Notice", "bot_hand_html", "card_label", "format_value",
    "goal_of", "guide_link_html", "hand_card_label", "hand_html", "hint_badge_text", "hint_note_html",
    "hint_reason", "language_menu_html", "language_switch_html", "level_label", "level_options_html",
    "live_score_html", "notices_html", "pile_html", "pile_label", "score_html", "shown_best", "stack_html",
    "status_html", "take_line_html",
]

TABLE_HEADING = '<h1 class="sr-only">Kseri</h1>'
"""The table's one top-level heading, for screen readers (the logo says it to the eye)."""



GUIDES = {"en": "guide.html", "el": "guide.el.html"}
"""The illustrated guide in each language: two static pages (they run no script to translate themselves)."""


def guide_link_html() -> str:
    """The rules dialog's link to the illustrated guide in the current language, under its first paragraph."""
    return (f'<p class="guide-link">{escape(_("New to the game?"))} <a href="{GUIDES[language()]}">'
            f'{escape(_("The illustrated guide"))}</a> {escape(_("shows the rules in eight live scenes."))}</p>')


NBSP = "\u00a0"
"""A no-break space: what keeps a separator on its word's line."""

PILE_FAN = 4
"""How many of the pile's top cards are fanned out (the whole opening is visible)."""

LEVEL_LABELS: dict[str, str] = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
                                 "expert": N_("Expert")}
"""The bot's levels (:data:`kseri.bots.names.LEVELS`) as the page names them (English ``msgid``)."""
assert set(LEVEL_LABELS) == set(LEVELS), "a bot level without a name on the page"

LANGUAGE_NAMES = {"en": ("EN", "English"), "el": ("ΕΛ", "Ελληνικά")}
"""The language switch's buttons: a short label and the language's own name."""


def level_label(level: str) -> str:
    """A bot level as the page names it.

    >>> level_label("hard")
    'Hard'
    """
    if level == MIXED:  # (the statistics' row for bots of different levels)
        return _("Mixed levels")
    return _(LEVEL_LABELS[level]) if level in LEVEL_LABELS else level.title()


def card_label(code: str) -> str:
    """Short text form: ``10♦``.

    >>> card_label("10D")
    '10♦'
    """
    return card_text(code)


# --------------------------------------------------------------------------- the table


def hand_card_label(code: str, index: int, hint: HintEntry | None = None) -> str:
    """A hand card's accessible name. It holds the card's visible text in the order shown (the
    key cap, the hint's badge, the "takes" mark that starts the reason), so a spoken command that
    reads the card works (WCAG 2.5.3); then what the hint's numbers mean:

    >>> hand_card_label("AS", 0)
    'ace of spades, key 1'
    >>> from kseri.table.views import HintEntry
    >>> hand_card_label("AS", 0, HintEntry("AS", 4.2, best=True))
    "ace of spades, key 1, ★: the hint's best card"
    >>> hand_card_label("2C", 1, HintEntry("2C", 3.0, best=False, loss=1.2))
    "two of clubs, key 2, −1.2: points against the hint's best card"
    >>> hand_card_label("2C", 9)
    'two of clubs'
    """
    label = card_name(code) + (_(", key {n}").format(n=index + 1) if index < 9 else "")
    if hint is None:
        return label
    label += f", {hint_badge_text(hint)}"
    reason = hint_reason(hint)
    if reason:
        label += f", {reason}"
    meaning = _("the hint's best card") if shown_best(hint) else _("points against the hint's best card")
    return f"{label}: {meaning}"


def hand_html(hand: Sequence[str], *, enabled: bool, hints: Mapping[str, HintEntry] | None = None) -> str:
    """Your cards as buttons; ``data-card`` is the code, keys 1..n play them."""
    n = len(hand)
    out = []
    for i, code in enumerate(hand):
        hint = hints.get(code) if hints else None
        attrs = [
            'type="button"',
            f'class="card hand-card{" is-best" if hint and shown_best(hint) else ""}"',
            f'data-card="{code}"',
            f'data-index="{i}"',
            f'style="--i:{i};--n:{n}"',
            f'aria-label="{hand_card_label(code, i, hint)}"',
            f'aria-keyshortcuts="{i + 1}"' if i < 9 else "",
        ]
        if hint:
            attrs.append(f'data-hint="{format_value(hint.value)}"')
            attrs.append(f'title="{escape(hint_reason(hint))}"')
        if not enabled:
            attrs.append("disabled")
        badge = ""
        if hint:
            tone = "good" if shown_best(hint) else ("meh" if hint.loss < 0.5 else "bad")
            badge = f'<span class="hint-badge {tone}" aria-hidden="true">{hint_badge_text(hint)}</span>'
            if hint.takes:
                badge += f'<span class="takes-mark" aria-hidden="true">{escape(_("takes"))}</span>'
        key = f'<span class="key-cap" aria-hidden="true">{i + 1}</span>' if i < 9 else ""
        out.append(f'<button {" ".join(a for a in attrs if a)}>{card_img(code)}{key}{badge}</button>')
    return "".join(out)


def bot_hand_html(count: int) -> str:
    backs = "".join(f'<span class="card back" style="--i:{i};--n:{count}">{card_img(None)}</span>'
                    for i in range(count))
    return f'<div class="fan">{backs}</div>'


def pile_label(pile: Sequence[str]) -> str:
    if not pile:
        return _("Pile: empty")
    under = len(pile) - 1
    return ngettext("Pile: {n} card, top card {card}", "Pile: {n} cards, top card {card}", len(pile)).format(
        n=len(pile), card=card_name(pile[-1])) + (ngettext(", {n} under it", ", {n} under it", under).format(n=under)
                                              if under else "")


def pile_html(pile: Sequence[str]) -> str:
    """The pile's last few cards fanned (bottom first), the top one with ``data-card``."""
    if not pile:
        return f'<div class="pile-empty" aria-hidden="true"><span>{escape(_("Empty table"))}</span></div>'
    shown = pile[-PILE_FAN:]
    hidden = len(pile) - len(shown)
    cards = []
    for k, code in enumerate(shown):
        top = k == len(shown) - 1
        attr = f'data-card="{code}"' if top else f'data-code="{code}"'
        cls = "card pile-card top" if top else "card pile-card"
        label = f' role="img" aria-label="{card_name(code)}"' if top else ' aria-hidden="true"'
        cards.append(f'<div class="{cls}" {attr}{label} style="--k:{k};--m:{len(shown)}">{card_img(code)}</div>')
    under = ""
    if hidden:
        depth = min(hidden, 8)
        under = f'<div class="pile-under" style="--depth:{depth}" aria-hidden="true"></div>'
    in_pile = escape(ngettext("{n} card in the pile", "{n} cards in the pile", len(pile)).format(n=len(pile)))
    count = (f'<span class="badge pile-count" aria-hidden="true" title="{in_pile}">'
             f'{len(pile)}</span>') if len(pile) > 1 else ""
    return f'{under}<div class="pile-fan" style="--m:{len(shown)}">{"".join(cards)}</div>{count}'


def stack_html(side: SideView, who: str, live: LiveSide | None = None, gain: int | None = None, *,
               word: WordKey = "kseri", partnered: bool = False) -> str:
    """A capture stack: a face-down pile with its count, kseri cards sideways under it, and under
    it the round so far (``live``, the side's: with ``partnered`` it says so, since the stack's count
    is this seat's own cards); ``gain`` is what the latest play brought this side (a "+N" that
    fades, drawn only on the play's own redraw: :class:`~kseri.table.views.LastPlay`). ``word``: the
    table's word for a kseri (:func:`~kseri.table.goal.word_key`)."""
    mark = {"xeri": _("Xeri: {card}"), "pisti": _("Pişti: {card}")}.get(word, _("Kseri: {card}"))
    kseris = "".join(
        f'<span class="kseri-card" style="--j:{j}" title="{escape(mark.format(card=card_label(code)))}">'
        f'{card_img(code)}</span>'
        for j, code in enumerate(side.kseri_cards))
    if side.captured:
        depth = min(8, 1 + side.captured // 6)
        stack = f'<div class="card stack-top" style="--depth:{depth}">{card_img(None)}</div>'
    else:
        stack = '<div class="stack-empty"></div>'
    taken = ngettext("{who}: {n} card taken", "{who}: {n} cards taken", side.captured).format(
        who=who, n=side.captured)
    n_kseri = side.kseris + side.jack_kseris
    if n_kseri:
        taken += ", " + counted(word, n_kseri)
    if live is not None and partnered:
        taken += ngettext(", the side {n} point this round", ", the side {n} points this round",
                          live.points).format(n=live.points)
    elif live is not None:
        taken += ngettext(", {n} point this round", ", {n} points this round", live.points).format(n=live.points)
    badge = f'<span class="gain-badge" aria-hidden="true">+{gain}</span>' if gain is not None else ""
    return (f'<div class="stack-visual" role="img" aria-label="{escape(taken)}">'
            f'<div class="kseri-cards">{kseris}</div>{stack}'
            f'<span class="badge stack-count" aria-hidden="true">{side.captured}</span>{badge}</div>'
            f'<span class="stack-label" aria-hidden="true">{escape(_("Taken"))}</span>'
            + (live_score_html(live, partnered=partnered) if live is not None else ""))


def live_score_html(live: LiveSide, *, partnered: bool = False) -> str:
    """A side's round so far, by its stack: points (no majority bonus yet) and the cards toward it;
    ``partnered``: led by the word for a side, since the partners' cards count in it.

    >>> from kseri.table.live import LiveSide
    >>> html = live_score_html(LiveSide(points=4, cards=18, kseris=0))
    >>> html.count('<b class="live-pts">4</b>'), html.count(" · 18 cards<")
    (1, 1)
    >>> '<span class="side-long">Your side: </span>' in live_score_html(LiveSide(1, 5, 0), partnered=True)
    True
    """
    unit = escape(ngettext("pt", "pts", live.points))
    cards = escape(ngettext("{n} card", "{n} cards", live.cards).format(n=live.cards))
    # Your side's cards and points, beside a stack that counts your own cards only: said whose they are
    # ("Your side: "; where the line has only the unit's room, "Side: ")
    side = (f'<span class="live-side"><span class="side-long">{escape(_("Your side: "))}</span>'
            f'<span class="side-short">{escape(_("Side: "))}</span></span>') if partnered else ""
    return (f'<span class="live-score" aria-hidden="true">{side}<b class="live-pts">{live.points}</b> '
            f'<span class="live-unit">{unit}</span><span class="live-cards"> · {cards}</span></span>')


def score_html(view: TableView) -> str:
    you, bot = view.totals
    lead = "you" if you > bot else ("bot" if bot > you else "")
    raised = (f' <span class="raised" title="{escape(_("Both passed the target in one round, so it rose"))}">'
              f'{escape(_("raised"))}</span>') if view.target_raised else ""
    # The score is a button named by its own visible text (WCAG 2.5.3), after a word for screen readers.
    return (f'<span class="sr-only">{escape(_("Match score"))}: </span>'
            f'<span class="score-side you{" leads" if lead == "you" else ""}">'
            f'<span class="who">{escape(_("You"))}</span><b class="pts">{you}</b></span>'
            f'<span class="score-sep" aria-hidden="true">:</span>'
            f'<span class="score-side bot{" leads" if lead == "bot" else ""}">'
            f'<b class="pts">{bot}</b><span class="who">{escape(pgettext("score", "Bot"))}</span></span>'
            f'<span class="target">{goal_of(view).header_html(view.round_number)}{raised}</span>')


def status_html(view: TableView, *, thinking: bool = False, dealing: bool = False,
                hints: Mapping[str, HintEntry] | None = None, pass_line: str | None = None) -> str:
    """The turn line, where the round stands, what the latest play took (the bot's captures are
    said on screen, not only to screen readers) and, with a hint showing, what its numbers mean;
    ``pass_line``: with people sharing
    the device, what the last person's card did, shown with the button that passes the device on
    (None: the pass screen shows, or nobody waits for the device)."""
    where = escape(_("Round {round} · Packet {packet} of {packets}").format(
        round=view.round_number, packet=view.packet, packets=view.packets))
    rounds = view.match_rounds is not None
    if rounds:  # a match of rounds: which round of how many, always shown (no target to name)
        where = f'{escape(goal_of(view).header_text(view.round_number).capitalize())} · ' + escape(
            _("Packet {packet} of {packets}").format(packet=view.packet, packets=view.packets))
    if view.title:  # which game this is (its name and seating; the target too where the score has no room for it)
        target = goal_of(view).header_html(view.round_number)
        if rounds:  # it starts the status's second part: "Greek · Round 2 of 3 · Packet 1 of 4"
            target = target[:1].upper() + target[1:]
        packet = escape(_("Packet {packet} of {packets}").format(packet=view.packet, packets=view.packets))
        # Each part carries its own separator, so the style sheet may hide either one cleanly.
        where = (f'<span class="game-title">{escape(view.title)} · </span>'
                 f'<span class="game-target{" rounds" if rounds else ""}">{target}<span class="round-where"> · '
                 f'</span></span><span class="round-where">{packet if rounds else where}</span>')
    # A separator stays at the end of its line, never starts one: "· Packet 1 of 4" on a line of its own
    # read as a list.
    where = f'<span class="where">{where.replace(" · ", NBSP + "· ")}</span>'
    if dealing and view.phase in ("human", "bot"):
        turn = f'<span class="turn bot">{escape(_("Dealing…"))}</span>'
    elif view.phase == "human" and view.handover is not None and pass_line is not None:
        name = view.sides[view.handover].name
        turn = (f'<button type="button" class="turn action pass-device" data-action="pass-device">'
                f'{escape(_("Pass the device to {name}").format(name=name))}</button>')
    elif view.phase == "human" and view.handover is not None:
        name = view.sides[view.handover].name
        turn = f'<span class="turn bot">{escape(_("Pass the device to {name}").format(name=name))}</span>'
    elif view.phase == "human":
        turn = f'<span class="turn you">{escape(_("Your turn"))}</span>'
    elif view.phase == "bot" and view.players > 2:
        turn = seats_render.status_turn_html(view, thinking=thinking)
    elif view.phase == "bot":
        dots = '<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>' if thinking else ""
        words = _("Bot is thinking") if thinking else _("Bot's turn")
        turn = f'<span class="turn bot">{escape(words)}{dots}</span>'
    elif view.phase == "friend":
        turn = f'<span class="turn bot">{escape(view.waiting)}</span>'
    elif view.phase == "round_over":
        turn = ('<button type="button" class="turn action" data-action="show-summary">'
                f'{escape(_("Round over — see the score"))}</button>')
    else:
        if view.winner == HUMAN and view.people == 1:
            won = _("You won the match")
        elif view.panels and view.winner is not None:
            won = _("Winner: {side}").format(side=seats_render.side_labels(view)[view.winner])
        else:
            won = _("The bot won the match")
        turn = f'<button type="button" class="turn action" data-action="show-match-end">{escape(won)}</button>'
    note = ""
    if hints and view.phase == "human":
        note = hint_note_html([hints[code] for code in view.hand if code in hints])
    # The person who just played sees what their card did before passing the device on; otherwise the
    # latest capture. Neither hides the cards put back into the stock.
    line = f'<span class="take-line you pass-line">{escape(pass_line)}</span>' if pass_line else take_line_html(view)
    return f"{turn}{where}{line}{stock_render.put_back_html(view)}{note}"


def take_line_html(view: TableView) -> str:
    """What the latest play took, as a line on the table ("" after a play that took nothing).

    >>> from kseri.table.session import GameSession
    >>> session = GameSession.new(seed=1, level="easy")
    >>> take_line_html(session.view())
    ''
    """
    play = view.last_play
    line = "" if play is None else STRATEGIES[play.table].take_line(play)
    if not line or play is None:
        return ""
    # A line for a play that took nothing (a build at the open table) is said by whoever played it.
    seat = play.taker if play.taker is not None else play.event.seat
    who = "you" if seat == HUMAN else "bot"
    kseri = " kseri" if play.event.kind in ("kseri", "jack_kseri") else ""
    return f'<span class="take-line {who}{kseri}">{escape(line)}</span>'


# --------------------------------------------------------------------------- the table's goal


def goal_of(view: TableView) -> Goal:
    """What the match in ``view`` is played for (:mod:`kseri.table.goal`)."""
    return Goal(target=view.target, rounds=view.match_rounds)



def level_options_html(levels: Sequence[str], current: str) -> str:
    """The header's level picker: every level, ``current`` selected; bots of different levels
    (``current`` is none of them) show as such, a choice that cannot be made again (a level sets every bot).

    >>> level_options_html(("easy", "hard"), "mixed").count("disabled")
    1
    """
    # (one short word: a phone's header has a level's room; the seats name each bot's level)
    mixed = "" if current in levels else (
        f'<option value="{escape(current)}" selected disabled>{escape(_("Mixed"))}</option>')
    return mixed + "".join(
        f'<option value="{escape(level)}"{" selected" if level == current else ""}>'
        f'{escape(level_label(level))}</option>' for level in levels)


def language_switch_html(current: str | None = None) -> str:
    """The header's language switch: one button per language, the current one pressed."""
    current = current or language()
    buttons = "".join(
        f'<button type="button" class="btn lang-option" data-action="set-language" data-lang="{lang}" lang="{lang}" '
        f'aria-pressed="{"true" if lang == current else "false"}" title="{escape(LANGUAGE_NAMES[lang][1])}" '
        f'aria-label="{escape(LANGUAGE_NAMES[lang][0])} {escape(LANGUAGE_NAMES[lang][1])}">'
        f'{escape(LANGUAGE_NAMES[lang][0])}</button>'
        for lang in LANGUAGES)
    return f'<span class="lang-switch" role="group" aria-label="{escape(_("Language"))}">{buttons}</span>'


def language_menu_html(current: str | None = None) -> str:
    """The language choice behind the header's "More" (narrow screens): each language by its own name.

    >>> language_menu_html("el").count('aria-pressed="true"'), "Ελληνικά" in language_menu_html("en")
    (1, True)
    """
    current = current or language()
    return "".join(
        f'<button type="button" class="menu-item lang-option" data-action="set-language" data-lang="{lang}" '
        f'lang="{lang}" aria-pressed="{"true" if lang == current else "false"}">'
        f'<span class="menu-lang-code" aria-hidden="true">{escape(LANGUAGE_NAMES[lang][0])}</span>'
        f'{escape(LANGUAGE_NAMES[lang][1])}</button>'
        for lang in LANGUAGES)
