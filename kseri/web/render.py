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
from kseri.engine.cards import Card
from kseri.table.notices import clip
from kseri.table.seats import HUMAN
from kseri.table.summaries import MatchSummary, RoundSummary
from kseri.table.views import HintEntry, SideView, TableView
from kseri.web.card_html import card_img

__all__ = [
    "GUIDE_LINK", "LEVEL_LABELS", "TABLE_HEADING", "Notice", "bot_hand_html", "card_label", "format_value",
    "hand_card_label", "hand_html", "level_label", "level_options_html", "match_end_html", "notices_html",
    "pile_html", "pile_label", "round_summary_html", "score_html", "stack_html", "status_html", "stock_html",
]

TABLE_HEADING = '<h1 class="sr-only">Kseri</h1>'
"""The table's one top-level heading, for screen readers (the logo says it to the eye)."""

GUIDE_LINK = ('<p class="guide-link">New to the game? <a href="guide.html">The illustrated guide</a> '
              'shows the rules in six live scenes.</p>')
"""The rules dialog's link to the illustrated guide (``guide.html``), under its first paragraph."""

PILE_FAN = 4
"""How many of the pile's top cards are fanned out (the whole opening is visible)."""

LEVEL_LABELS: dict[str, str] = {level: level.title() for level in LEVELS}
"""The bot's levels (:data:`kseri.bots.names.LEVELS`) as the page names them."""


def level_label(level: str) -> str:
    """A bot level as the page names it.

    >>> level_label("hard")
    'Hard'
    """
    return LEVEL_LABELS.get(level, level.title())


_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_label(code: str) -> str:
    """Short text form: ``10♦``.

    >>> card_label("10D")
    '10♦'
    """
    return code[:-1] + _SUIT_SYMBOLS[code[-1]]


def _name(code: str) -> str:
    return Card.parse(code).name


def format_value(value: float) -> str:
    """A hint value with its sign: ``+3.2``, ``−1.0``, ``0.0``.

    >>> format_value(3.24), format_value(-1), format_value(0.01)
    ('+3.2', '−1.0', '0.0')
    """
    if abs(value) < 0.05:
        return "0.0"
    return f"+{value:.1f}" if value > 0 else f"−{abs(value):.1f}"


# --------------------------------------------------------------------------- the table


def hand_card_label(code: str, index: int, hint: HintEntry | None = None) -> str:
    """A hand card's accessible name. It holds the card's visible text in the order shown (the
    key cap, then the hint's badge), so a spoken command that reads the card works (WCAG 2.5.3):

    >>> hand_card_label("AS", 0)
    'ace of spades, key 1'
    >>> from kseri.table.views import HintEntry
    >>> hand_card_label("AS", 0, HintEntry("AS", 4.2, best=True))
    'ace of spades, key 1, +4.2 by the hint'
    >>> hand_card_label("2C", 9)
    'two of clubs'
    """
    label = _name(code) + (f", key {index + 1}" if index < 9 else "")
    return label + (f", {format_value(hint.value)} by the hint" if hint else "")


def hand_html(hand: Sequence[str], *, enabled: bool, hints: Mapping[str, HintEntry] | None = None) -> str:
    """Your cards as buttons; ``data-card`` is the code, keys 1..n play them."""
    n = len(hand)
    out = []
    for i, code in enumerate(hand):
        hint = hints.get(code) if hints else None
        attrs = [
            'type="button"',
            f'class="card hand-card{" is-best" if hint and hint.best else ""}"',
            f'data-card="{code}"',
            f'data-index="{i}"',
            f'style="--i:{i};--n:{n}"',
            f'aria-label="{hand_card_label(code, i, hint)}"',
            f'aria-keyshortcuts="{i + 1}"' if i < 9 else "",
        ]
        if hint:
            attrs.append(f'data-hint="{format_value(hint.value)}"')
        if not enabled:
            attrs.append("disabled")
        badge = ""
        if hint:
            tone = "good" if hint.best else ("bad" if hint.value < 0 else "meh")
            badge = f'<span class="hint-badge {tone}" aria-hidden="true">{format_value(hint.value)}</span>'
        key = f'<span class="key-cap" aria-hidden="true">{i + 1}</span>' if i < 9 else ""
        out.append(f'<button {" ".join(a for a in attrs if a)}>{card_img(code)}{key}{badge}</button>')
    return "".join(out)


def bot_hand_html(count: int) -> str:
    backs = "".join(f'<span class="card back" style="--i:{i};--n:{count}">{card_img(None)}</span>'
                    for i in range(count))
    return f'<div class="fan">{backs}</div>'


def pile_label(pile: Sequence[str]) -> str:
    if not pile:
        return "Pile: empty"
    under = len(pile) - 1
    return f"Pile: {len(pile)} card{'s' if len(pile) != 1 else ''}, top card {_name(pile[-1])}" + (
        f", {under} under it" if under else "")


def pile_html(pile: Sequence[str]) -> str:
    """The pile's last few cards fanned (bottom first), the top one with ``data-card``."""
    if not pile:
        return '<div class="pile-empty" aria-hidden="true"><span>Empty table</span></div>'
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
    count = (f'<span class="badge pile-count" aria-hidden="true" title="{len(pile)} cards in the pile">'
             f'{len(pile)}</span>') if len(pile) > 1 else ""
    return f'{under}<div class="pile-fan" style="--m:{len(shown)}">{"".join(cards)}</div>{count}'


def stack_html(side: SideView, who: str) -> str:
    """A capture stack: a face-down pile with its count, kseri cards sideways under it."""
    kseris = "".join(
        f'<span class="kseri-card" style="--j:{j}" title="Kseri: {escape(card_label(code))}">{card_img(code)}</span>'
        for j, code in enumerate(side.kseri_cards))
    if side.captured:
        depth = min(8, 1 + side.captured // 6)
        stack = f'<div class="card stack-top" style="--depth:{depth}">{card_img(None)}</div>'
    else:
        stack = '<div class="stack-empty"></div>'
    noun = "card" if side.captured == 1 else "cards"
    kseri_text = ""
    n_kseri = side.kseris + side.jack_kseris
    if n_kseri:
        kseri_text = f", {n_kseri} kseri{'s' if n_kseri > 1 else ''}"
    return (f'<div class="stack-visual" role="img" aria-label="{who}: {side.captured} {noun} taken{kseri_text}">'
            f'<div class="kseri-cards">{kseris}</div>{stack}'
            f'<span class="badge stack-count" aria-hidden="true">{side.captured}</span></div>'
            f'<span class="stack-label" aria-hidden="true">Taken</span>')


def stock_html(count: int) -> str:
    if not count:
        return '<div class="stock-empty" aria-hidden="true"></div><span class="stock-label">No stock</span>'
    depth = min(6, 1 + count // 8)
    return (f'<div class="card stock-top" style="--depth:{depth}">{card_img(None)}</div>'
            f'<span class="badge stock-count" aria-hidden="true">{count}</span>'
            f'<span class="stock-label">Stock</span>')


def score_html(view: TableView) -> str:
    you, bot = view.totals
    lead = "you" if you > bot else ("bot" if bot > you else "")
    raised = ' <span class="raised" title="Both passed the target in one round, so it rose">raised</span>' \
        if view.target_raised else ""
    return (f'<span class="score-side you{" leads" if lead == "you" else ""}">'
            f'<span class="who">You</span><b class="pts">{you}</b></span>'
            f'<span class="score-sep" aria-hidden="true">:</span>'
            f'<span class="score-side bot{" leads" if lead == "bot" else ""}">'
            f'<b class="pts">{bot}</b><span class="who">Bot</span></span>'
            f'<span class="target">first to <b>{view.target}</b>{raised}</span>')


def status_html(view: TableView, *, thinking: bool = False, dealing: bool = False,
                best_hint: HintEntry | None = None) -> str:
    """The turn line and where the round stands (and, with a hint showing, what its numbers mean)."""
    where = (f'<span class="where">Round {view.round_number} · Packet {view.packet} of {view.packets}</span>')
    if dealing and view.phase in ("human", "bot"):
        turn = '<span class="turn bot">Dealing…</span>'
    elif view.phase == "human":
        turn = '<span class="turn you">Your turn</span>'
    elif view.phase == "bot":
        dots = '<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>' if thinking else ""
        turn = (f'<span class="turn bot">Bot is thinking{dots}</span>' if thinking
                else '<span class="turn bot">Bot\'s turn</span>')
    elif view.phase == "round_over":
        turn = ('<button type="button" class="turn action" data-action="show-summary">'
                'Round over — see the score</button>')
    else:
        won = "You won the match" if view.winner == HUMAN else "The bot won the match"
        turn = f'<button type="button" class="turn action" data-action="show-match-end">{won}</button>'
    note = ""
    if best_hint is not None and view.phase == "human":
        note = (f'<span class="hint-note">Hint: points you should end the round ahead (+) or behind (−) '
                f'with each card. Best: <b>{card_label(best_hint.card)}</b>.</span>')
    return f"{turn}{where}{note}"


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
        label = escape(row.label) + (f"<small>{escape(row.note)}</small>" if row.note else "")
        rows.append(f'<tr class="{cls}"><th scope="row">{label}</th>{cells[0]}{cells[1]}</tr>')
    you, bot = summary.points
    if summary.winner is not None:
        headline = "You win the match!" if summary.winner == HUMAN else "The bot wins the match"
    elif you > bot:
        headline = f"You take round {summary.number}"
    elif bot > you:
        headline = f"The bot takes round {summary.number}"
    else:
        headline = f"Round {summary.number} is a draw"
    t_you, t_bot = summary.totals
    raised = ""
    if summary.raised:
        raised = (f'<p class="raised-note">Both of you passed {summary.target_before} in this round, '
                  f'so the target rises to <b>{summary.target}</b>.</p>')
    progress = []
    for who, before, after in (("You", summary.totals_before[0], t_you), ("Bot", summary.totals_before[1], t_bot)):
        pct_before = min(100, round(100 * before / summary.target))
        pct_after = min(100, round(100 * after / summary.target))
        progress.append(
            f'<div class="race-row"><span class="race-who">{who}</span>'
            f'<span class="race-track" role="img" aria-label="{who}: {after} of {summary.target}">'
            f'<span class="race-gain" style="--from:{pct_before}%;--to:{pct_after}%"></span></span>'
            f'<b class="race-total">{after}</b></div>')
    return (f'<h2 id="round-summary-title">{headline}</h2>'
            f'<p class="sub">Round {summary.number}: <b>{you}</b> – <b>{bot}</b></p>'
            f'<table class="breakdown"><thead><tr><th scope="col"><span class="sr-only">Category</span></th>'
            f'<th scope="col">You</th><th scope="col">Bot</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'<div class="race" aria-label="Match score">{"".join(progress)}'
            f'<span class="race-target">target {summary.target}</span></div>{raised}')


def match_end_html(summary: MatchSummary, *, stats_line: str = "", level: str = "") -> str:
    you, bot = summary.totals
    if summary.winner == HUMAN:
        title, sub, mood = "You win!", "A match well played.", "won"
    else:
        title, sub, mood = "The bot wins", "Shuffle up and try again.", "lost"
    rounds = "".join(
        f'<tr><th scope="row">{i}</th><td class="num{" win" if a > b else ""}">{a}</td>'
        f'<td class="num{" win" if b > a else ""}">{b}</td></tr>'
        for i, (a, b) in enumerate(summary.rounds, 1))
    level_text = f" against {escape(level_label(level))}" if level else ""
    return (f'<div class="trophy {mood}" aria-hidden="true"></div>'
            f'<h2 id="match-end-title">{title}</h2>'
            f'<p class="final"><span>You</span><b>{you}</b><span class="sep">–</span><b>{bot}</b><span>Bot</span></p>'
            f'<p class="sub">{sub} First to {summary.target}{level_text}: {len(summary.rounds)} '
            f'round{"s" if len(summary.rounds) != 1 else ""}, kseris {summary.kseris[0]}–{summary.kseris[1]}.</p>'
            f'<details class="rounds"><summary>Round by round</summary><table class="breakdown compact">'
            f'<thead><tr><th scope="col">Round</th><th scope="col">You</th><th scope="col">Bot</th></tr></thead>'
            f'<tbody>{rounds}</tbody></table></details>'
            + (f'<p class="stats">{escape(stats_line)}</p>' if stats_line else ""))


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
                          f'{escape(label)}</button>' for action, label in notice.actions)
        items.append(f"<li>{escape(clip(notice.text))}{buttons}</li>")
    return (f'<ul>{"".join(items)}</ul><button type="button" class="notice-close" data-action="dismiss-notice" '
            f'aria-label="Dismiss">×</button>')


def level_options_html(levels: Sequence[str], current: str) -> str:
    return "".join(
        f'<option value="{escape(level)}"{" selected" if level == current else ""}>'
        f'{escape(level_label(level))}</option>' for level in levels)
