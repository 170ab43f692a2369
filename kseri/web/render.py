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
from dataclasses import dataclass
from html import escape

from kseri.bots.names import LEVELS
from kseri.engine.rules import Rules
from kseri.i18n import LANGUAGES, N_, _, card_name, language, ngettext, pgettext
from kseri.table.goal import Goal, WordKey, counted_word, word_key, word_key_for
from kseri.table.live import LiveSide
from kseri.table.notices import clip
from kseri.table.pile.hints import reason_text
from kseri.table.pile.words import describe_take
from kseri.table.points import point_rules
from kseri.table.seats import HUMAN
from kseri.table.summaries import MatchSummary, RoundSummary
from kseri.table.sums.words import sums_take_line
from kseri.table.views import HintEntry, SideView, TableView, card_text
from kseri.web import seats_render
from kseri.web.card_html import card_img

__all__ = [
    "LEVEL_LABELS", "NEWER_ELSEWHERE", "TABLE_HEADING", "Notice", "bot_hand_html", "card_label", "format_value",
    "guide_link_html",
    "hand_card_label", "hand_html", "language_menu_html", "language_switch_html", "level_label", "level_options_html",
    "live_score_html",
    "match_end_html", "notices_html",
    "pile_html", "pile_label", "round_summary_html", "score_html", "scoring_html", "stack_html", "status_html",
    "stock_html", "take_line_html",
]

TABLE_HEADING = '<h1 class="sr-only">Kseri</h1>'
"""The table's one top-level heading, for screen readers (the logo says it to the eye)."""



GUIDES = {"en": "guide.html", "el": "guide.el.html"}
"""The illustrated guide in each language: two static pages (they run no script to translate themselves)."""


def guide_link_html() -> str:
    """The rules dialog's link to the illustrated guide in the current language, under its first paragraph."""
    return (f'<p class="guide-link">{escape(_("New to the game?"))} <a href="{GUIDES[language()]}">'
            f'{escape(_("The illustrated guide"))}</a> {escape(_("shows the rules in eight live scenes."))}</p>')

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
    return _(LEVEL_LABELS[level]) if level in LEVEL_LABELS else level.title()


def card_label(code: str) -> str:
    """Short text form: ``10♦``.

    >>> card_label("10D")
    '10♦'
    """
    return card_text(code)


def _name(code: str) -> str:
    return card_name(code)


def format_value(value: float) -> str:
    """A hint value with its sign: ``+3.2``, ``−1.0``, ``0.0``.

    >>> format_value(3.24), format_value(-1), format_value(0.01)
    ('+3.2', '−1.0', '0.0')
    """
    if abs(value) < 0.05:
        return "0.0"
    return f"+{value:.1f}" if value > 0 else f"−{abs(value):.1f}"


# --------------------------------------------------------------------------- the table


def shown_best(hint: HintEntry) -> bool:
    """Whether the page calls ``hint``'s card a best one: the search's best, or a card whose loss shows
    as 0.0 (its ★, its words and the review's count must agree: a card "−0.0" behind the best was
    called "the best card too" by the words while only the best carried the ★).

    >>> from kseri.table.views import HintEntry
    >>> shown_best(HintEntry("8H", 3.0, best=False, loss=0.04)), shown_best(HintEntry("8H", 3.0, best=False, loss=0.1))
    (True, False)
    """
    return hint.best or hint.loss < 0.05


def hint_badge_text(hint: HintEntry) -> str:
    """What a card's hint badge says: ``★`` on the best card, the points it costs against the best on the others.

    >>> from kseri.table.views import HintEntry
    >>> hint_badge_text(HintEntry("AS", 1.0, best=True)), hint_badge_text(HintEntry("2C", -0.2, best=False, loss=1.2))
    ('★', '−1.2')
    """
    return "★" if shown_best(hint) else format_value(-hint.loss)


def hint_reason(hint: HintEntry) -> str:
    """The hint's reason for a card, in the page's language (at the sums table: its best move; empty
    when there is none)."""
    return reason_text(hint.reason) if hint.reason is not None else hint.way


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
    label = _name(code) + (_(", key {n}").format(n=index + 1) if index < 9 else "")
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
        n=len(pile), card=_name(pile[-1])) + (ngettext(", {n} under it", ", {n} under it", under).format(n=under)
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
        label = f' role="img" aria-label="{_name(code)}"' if top else ' aria-hidden="true"'
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
               word: WordKey = "kseri") -> str:
    """A capture stack: a face-down pile with its count, kseri cards sideways under it, and under
    it the round so far (``live``); ``gain`` is what the latest play brought this side (a "+N" that
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
        taken += {"xeri": ngettext(", {n} xeri", ", {n} xeris", n_kseri),
                  "pisti": ngettext(", {n} pişti", ", {n} piştis", n_kseri)}.get(
            word, ngettext(", {n} kseri", ", {n} kseris", n_kseri)).format(n=n_kseri)
    if live is not None:
        taken += ngettext(", {n} point this round", ", {n} points this round", live.points).format(n=live.points)
    badge = f'<span class="gain-badge" aria-hidden="true">+{gain}</span>' if gain is not None else ""
    return (f'<div class="stack-visual" role="img" aria-label="{escape(taken)}">'
            f'<div class="kseri-cards">{kseris}</div>{stack}'
            f'<span class="badge stack-count" aria-hidden="true">{side.captured}</span>{badge}</div>'
            f'<span class="stack-label" aria-hidden="true">{escape(_("Taken"))}</span>'
            + (live_score_html(live) if live is not None else ""))


def live_score_html(live: LiveSide) -> str:
    """A side's round so far, by its stack: points (no majority bonus yet) and the cards toward it.

    >>> from kseri.table.live import LiveSide
    >>> html = live_score_html(LiveSide(points=4, cards=18, kseris=0))
    >>> html.count('<b class="live-pts">4</b>'), html.count(" · 18 cards<")
    (1, 1)
    """
    unit = escape(ngettext("pt", "pts", live.points))
    cards = escape(ngettext("{n} card", "{n} cards", live.cards).format(n=live.cards))
    return (f'<span class="live-score" aria-hidden="true"><b class="live-pts">{live.points}</b> '
            f'<span class="live-unit">{unit}</span><span class="live-cards"> · {cards}</span></span>')


def stock_html(count: int) -> str:
    if not count:
        return ('<div class="stock-empty" aria-hidden="true"></div>'
                f'<span class="stock-label">{escape(_("No stock"))}</span>')
    depth = min(6, 1 + count // 8)
    return (f'<div class="card stock-top" style="--depth:{depth}">{card_img(None)}</div>'
            f'<span class="badge stock-count" aria-hidden="true">{count}</span>'
            f'<span class="stock-label">{escape(_("Stock"))}</span>')


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
    where = f'<span class="where">{where}</span>'
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
    took = take_line_html(view)
    if pass_line:  # the person who just played sees what their card did before passing the device on
        took = f'<span class="take-line you pass-line">{escape(pass_line)}</span>'
    return f"{turn}{where}{took}{note}"


def take_line_html(view: TableView) -> str:
    """What the latest play took, as a line on the table ("" after a play that took nothing).

    >>> from kseri.table.session import GameSession
    >>> session = GameSession.new(seed=1, level="easy")
    >>> take_line_html(session.view())
    ''
    """
    play = view.last_play
    line = "" if play is None else sums_take_line(play) if play.open_table else describe_take(play)
    # At the open table a build is said too (it takes nothing): by whoever built it.
    seat = play.taker if play is not None and play.taker is not None else (
        play.event.seat if play is not None and play.open_table else None)
    if not line or play is None or seat is None:
        return ""
    who = "you" if seat == HUMAN else "bot"
    kseri = " kseri" if play.event.kind in ("kseri", "jack_kseri") else ""
    return f'<span class="take-line {who}{kseri}">{escape(line)}</span>'


def hint_note_html(hints: Sequence[HintEntry]) -> str:
    """The hint's words under the turn line: the best card and why; pointing at (or focusing)
    another card shows its reason instead (CSS picks the line by the card's place in the hand)."""
    lines = []
    tied = [hint for hint in hints if shown_best(hint)]
    shown = False  # the line shown by default: the first best card's (naming every card that ties with it)
    for i, hint in enumerate(hints):
        card = escape(card_label(hint.card))
        first = shown_best(hint) and not shown
        if first and len(tied) > 1:  # the ★ sits on each of them: the words name each of them too
            head = _("Equally best: <b>{cards}</b>").format(cards=" ".join(escape(card_label(t.card)) for t in tied))
        elif shown_best(hint):
            head = _("Best: <b>{card}</b>").format(card=card)
        else:
            head = _("<b>{card}</b>: {value} against the best").format(card=card, value=format_value(-hint.loss))
        shown = shown or first
        reason = escape(hint_reason(hint))
        lines.append(f'<span class="hint-line{" best" if first else ""}" data-place="{i + 1}">'
                     f'{head}{" — " + reason if reason else ""}</span>')
    legend = escape(_("Points each card is expected to cost you by the round's end, against the best."))
    return f'<span class="hint-note">{"".join(lines)}<span class="hint-legend">{legend}</span></span>'


# --------------------------------------------------------------------------- dialogs


def round_summary_html(summary: RoundSummary) -> str:
    """The round's breakdown by category, you and the bot side by side."""
    rows = []
    for row in summary.rows:
        cls = f"row-{row.key}"
        cells = []
        for side in (0, 1):
            value = row.values[side]
            note = row.notes[side]
            if row.key == "total" or not row.is_points:
                text = f"{value}"
            else:
                text = f"+{value}" if value else '<span class="zero">–</span>'
            note_html = f'<small>{escape(note)}</small>' if note else ""
            win = " win" if row.key != "total" and row.values[side] > row.values[1 - side] else ""
            cells.append(f'<td class="num{win}">{text}{note_html}</td>')
        label = escape(_(row.label)) + (f"<small>{escape(row.note)}</small>" if row.note else "")
        rows.append(f'<tr class="{cls}"><th scope="row">{label}</th>{cells[0]}{cells[1]}</tr>')
    you, bot = summary.points
    if summary.winner is not None:
        headline = _("You win the match!") if summary.winner == HUMAN else _("The bot wins the match")
    elif you > bot:
        headline = _("You take round {number}").format(number=summary.number)
    elif bot > you:
        headline = _("The bot takes round {number}").format(number=summary.number)
    else:
        headline = _("Round {number} is a draw").format(number=summary.number)
    raised = ""
    if summary.raised:
        raised = _("Both of you passed {before} in this round, so the target rises to <b>{target}</b>.").format(
            before=summary.target_before, target=summary.target)
        raised = f'<p class="raised-note">{raised}</p>'
    progress = seats_render.race_rows_html(summary, (_("You"), _("Bot")))
    sub = _("Round {number}: <b>{you}</b> – <b>{bot}</b>").format(number=summary.number, you=you, bot=bot)
    return (f'<h2 id="round-summary-title">{escape(headline)}</h2>'
            f'<p class="sub">{sub}</p>'
            f'<table class="breakdown"><thead><tr><th scope="col"><span class="sr-only">{escape(_("Category"))}'
            f'</span></th><th scope="col">{escape(_("You"))}</th><th scope="col">{escape(_("Bot"))}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>'
            f'<div class="race" aria-label="{escape(_("Match score"))}">{progress}'
            f'<span class="race-target">{escape(summary_goal(summary).race_target(summary.number))}</span></div>'
            f'{raised}')


def goal_of(view: TableView) -> Goal:
    """What the match in ``view`` is played for (:mod:`kseri.table.goal`)."""
    return Goal(target=view.target, rounds=view.match_rounds)


def view_word(view: TableView) -> WordKey:
    """The table's word for a kseri at the table of ``view`` (:mod:`kseri.table.goal`)."""
    return word_key_for(view.rules_name, xeri=view.xeri)


def summary_goal(summary: RoundSummary | MatchSummary) -> Goal:
    """What the match of ``summary`` was played for."""
    return Goal(target=summary.target, rounds=summary.match_rounds)


def scoring_html(view: TableView, rules: Rules) -> str:
    """The score's explanation (opened by clicking the score): this round so far, side by side, and
    what scores under the rules being played."""
    you, bot = view.live
    so_far = [(_("Points so far"), you.points, bot.points), (_("Cards taken"), you.cards, bot.cards),
              (counted_word(word_key(rules)), you.kseris, bot.kseris)]
    live_rows = "".join(f'<tr><th scope="row">{escape(label)}</th><td class="num">{a}</td><td class="num">{b}</td></tr>'
                        for label, a, b in so_far)
    point_rows = "".join(
        f'<tr><th scope="row">{escape(line.label)}'
        + (f'<small>{escape(line.note)}</small>' if line.note else "")
        + f'</th><td class="num">{line.points}</td></tr>'
        for line in point_rules(rules))
    intro = goal_of(view).explanation() + " " + _("By each stack: this round so far, before the bonus for most cards.")
    return (f'<h2 id="scoring-title">{escape(_("How the points are counted"))}</h2>'
            f'<p class="sub">{escape(intro)}</p>'
            f'<table class="breakdown compact scoring-live"><thead><tr><th scope="col">'
            f'{escape(_("Round {number}").format(number=view.round_number))}</th>'
            f'<th scope="col">{escape(_("You"))}</th><th scope="col">{escape(pgettext("score", "Bot"))}</th></tr>'
            f'</thead><tbody>{live_rows}</tbody></table>'
            f'<table class="breakdown compact scoring-rules"><thead><tr><th scope="col">{escape(_("What scores"))}'
            f'</th><th scope="col">{escape(_("Points"))}</th></tr></thead><tbody>{point_rows}</tbody></table>')


def match_end_html(summary: MatchSummary, *, stats_line: str = "", level: str = "", word: WordKey = "kseri") -> str:
    """The match's result, you against the bot; ``word``: the table's word for a kseri (:mod:`kseri.table.goal`)."""
    you, bot = summary.totals
    if summary.winner == HUMAN:
        title, sub, mood = _("You win!"), _("A match well played."), "won"
    else:
        title, sub, mood = _("The bot wins"), _("Shuffle up and try again."), "lost"
    rounds = "".join(
        f'<tr><th scope="row">{i}</th><td class="num{" win" if a > b else ""}">{a}</td>'
        f'<td class="num{" win" if b > a else ""}">{b}</td></tr>'
        for i, (a, b) in enumerate(summary.rounds, 1))
    facts = summary_goal(summary).facts(rounds=summary.rounds, kseris=summary.kseris, word=word,
                                        level=level_label(level) if level else "")
    you_word, bot_word = escape(_("You")), escape(pgettext("score", "Bot"))  # the short form: one line on a phone
    return (f'<div class="trophy {mood}" aria-hidden="true"></div>'
            f'<h2 id="match-end-title">{escape(title)}</h2>'
            f'<p class="final"><span>{you_word}</span><b>{you}</b><span class="sep">–</span><b>{bot}</b>'
            f'<span>{bot_word}</span></p>'
            f'<p class="sub">{escape(sub)} {escape(facts)}</p>'
            f'<details class="rounds"><summary>{escape(_("Round by round"))}</summary>'
            f'<table class="breakdown compact"><thead><tr><th scope="col">{escape(_("Round"))}</th>'
            f'<th scope="col">{you_word}</th><th scope="col">{bot_word}</th></tr></thead>'
            f'<tbody>{rounds}</tbody></table></details>'
            + (f'<p class="stats">{escape(stats_line)} <button type="button" class="link-button" data-action="stats">'
               f'{escape(_("All statistics"))}</button></p>' if stats_line else ""))


@dataclass(frozen=True)
class Notice:
    """One line of the notice banner, with buttons when it asks for a choice.

    ``actions`` are ``(data-action, label)`` pairs, handled like the page's other
    ``data-action`` buttons; ``key`` names a notice the page replaces or removes
    (a second one with the same key replaces the first); a ``sticky`` notice stays
    when the banner is dismissed (a choice still to be made).
    """

    text: str
    actions: tuple[tuple[str, str], ...] = ()
    key: str | None = None
    sticky: bool = False


def notices_html(notices: Sequence[Notice | str]) -> str:
    """The notice banner's content: one item per notice and a close button (empty without notices).

    This is the one place every notice reaches the page, so every text is cut here
    to one line of at most :data:`~kseri.table.notices.NOTICE_LIMIT` characters,
    whatever a link or a save carried:

    >>> html = notices_html(["x" * 1_000_000, Notice("Newer game.", (("load-newer", "Load it"),))])
    >>> len(html) < 800, html.count("<li>"), 'data-action="load-newer"' in html
    (True, 2, True)
    """
    if not notices:
        return ""
    items = []
    for notice in notices:
        if isinstance(notice, str):
            notice = Notice(notice)
        buttons = "".join(f' <button type="button" class="btn solid" data-action="{escape(action)}">'
                          f'{escape(_(label))}</button>' for action, label in notice.actions)
        items.append(f"<li>{escape(clip(_(notice.text)))}{buttons}</li>")
    return (f'<ul>{"".join(items)}</ul><button type="button" class="notice-close" data-action="dismiss-notice" '
            f'aria-label="{escape(_("Dismiss"))}">×</button>')


NEWER_ELSEWHERE = Notice(
    N_("This game went on in another tab. This tab no longer saves it, so that nothing played there is lost."),
    actions=(("load-newer", N_("Load the newer game")), ("keep-this", N_("Keep this one"))),
    key="newer-elsewhere", sticky=True)
"""Shown when another tab saved the game (see :meth:`kseri.web.app.App.on_storage`)."""


def level_options_html(levels: Sequence[str], current: str) -> str:
    return "".join(
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
