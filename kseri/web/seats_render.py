"""HTML for a table of more than two seats: the other seats along the top, the score per side,
and the round's and the match's results with a column per side (a seat, or a partnership).

Pure (tested in CPython): every function takes plain session data and returns markup.

>>> from kseri.engine.rules import rules_from_spec
>>> from kseri.table.session import GameSession
>>> view = GameSession.new(rules=rules_from_spec({"profile": "greek", "players": 4}), seed=1, level="easy").view()
>>> html = seats_html(view)
>>> html.count('class="seat-panel'), 'data-seat="2"' in html, "partner" in html
(3, True, True)
>>> score = seats_score_html(view)
>>> score.count('class="score-side'), side_labels(view)
(2, ('You & Nikos', 'Eleni & Maria'))
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from kseri.engine.text import isolated, unisolated
from kseri.i18n import _, ngettext
from kseri.table.goal import Goal, WordKey, counted, counted_word
from kseri.table.summaries import MatchSummary, RoundSummary
from kseri.table.views import TableView
from kseri.web.card_html import card_img

__all__ = ["handover_html", "seat_order", "seats_html", "seats_match_end_html",
           "seats_round_summary_html", "seats_score_html", "short_labels", "side_labels", "status_turn_html"]


def seat_order(players: int, viewer: int = 0) -> tuple[int, ...]:
    """The other seats as drawn along the top, left to right, around ``viewer`` (the seat at the
    bottom). Play passes anticlockwise (to your right first), so the seat after you is drawn on the
    right and your partner opposite in the middle.

    >>> seat_order(4), seat_order(3), seat_order(6), seat_order(4, viewer=1)
    ((3, 2, 1), (2, 1), (5, 4, 3, 2, 1), (0, 3, 2))
    """
    return tuple((viewer + k) % players for k in range(players - 1, 0, -1))


def others_label(view: TableView) -> str:
    """The name of the table's top part, the other seats': "Bot" for the one bot, the other person's name when
    two people play (on this device or on two), "The other players" beyond two seats."""
    if view.players > 2:
        return _("The other players")
    if view.panels:
        return unisolated(view.sides[1 - view.viewer].name)
    return _("Bot")


def side_labels(view: TableView) -> tuple[str, ...]:
    """Each scoring side's name: a seat's, or its partners' joined ("You & Nikos")."""
    if not view.teams:
        return tuple(side.name for side in view.sides)
    return tuple(" & ".join(view.sides[seat].name for seat in team.seats) for team in view.teams)


def short_labels(view: TableView) -> tuple[str, ...]:
    """Each side's name for a narrow score: names cut to three letters, partners joined by "+".

    >>> from kseri.engine.rules import rules_from_spec
    >>> from kseri.table.session import GameSession
    >>> short_labels(GameSession.new(rules=rules_from_spec({"profile": "pisti", "players": 6}), seed=1).view())
    ('You+Mar', 'Ele+Yan', 'Nik+Sof')
    >>> short_labels(GameSession.new(rules=rules_from_spec({"profile": "pisti", "players": 3}), seed=1).view())
    ('You', 'Eleni', 'Nikos')
    """
    cut = _cuts([side.name for side in view.sides])
    if not view.partnered:  # each alone: whole names while they fit (up to four)
        return tuple(cut[seat] if len(view.sides) > 4 else side.name for seat, side in enumerate(view.sides))
    return tuple("+".join(cut[seat] for seat in team.seats) for team in view.teams)


def _cuts(names: list[str]) -> list[str]:
    """Each name cut to three letters; names that would then read alike (two people left as "Player 1" and
    "Player 2") keep their last letter instead of their third.

    >>> _cuts(["Player 1", "Player 2", "Eleni", "Maria"])
    ['Pl1', 'Pl2', 'Ele', 'Mar']
    >>> _cuts(["Anna", "Anna"])  # the same name twice cannot be told apart by cutting
    ['Ann', 'Ann']
    """
    first = [_cut(name) for name in names]
    cut = list(first)
    for i, name in enumerate(names):
        if any(first[j] == first[i] and names[j] != name for j in range(len(names))):
            inner = unisolated(name)
            short = inner[:2] + inner[-1]
            cut[i] = short if inner == name else isolated(short)
    return cut


def _cut(name: str, limit: int = 3) -> str:
    """``name`` cut to ``limit`` characters (inside its directional isolate, when it has one).

    >>> _cut("Eleni"), _cut(isolated("Anna")) == isolated("Ann")
    ('Ele', True)
    """
    inner = unisolated(name)
    return name[:limit] if inner == name else isolated(inner[:limit])


def _panel(view: TableView, seat: int, level_names: Mapping[str, str]) -> str:
    side = view.sides[seat]
    live = view.side_live(seat)  # (the seat's own side when nobody plays in partnership)
    mine = view.partnered and side.team == view.sides[view.viewer].team
    classes = ["seat-panel"]
    to_play = view.phase in ("bot", "human", "friend") and view.to_move == seat
    if to_play:
        classes.append("active")
    if seat in view.persons:
        classes.append("person")
    if mine:
        classes.append("partner")
    backs = "".join(f'<span class="card back" style="--i:{i};--n:{side.hand_count}">{card_img(None)}</span>'
                    for i in range(side.hand_count))
    hand_words = ngettext("{n} card in hand", "{n} cards in hand", side.hand_count).format(n=side.hand_count)
    taken = ngettext("{n} card taken", "{n} cards taken", side.captured).format(n=side.captured)
    kseris = side.kseris + side.jack_kseris
    kseri_words = counted(view.word, kseris)
    chips = ""
    if side.is_dealer:
        chips += f'<span class="seat-chip dealer" title="{escape(_("Dealer this round"))}">{escape(_("Dealer"))}</span>'
    if mine:
        chips += f'<span class="seat-chip partner">{escape(_("partner"))}</span>'
    turn = f'<span class="seat-turn">{escape(_("to play"))}</span>' if to_play else ""
    if seat in view.persons:  # a person: no bot level
        level_names = {side.level: ""}
    label = ", ".join(w for w in (side.name, _("your partner") if mine else "", hand_words, taken,
                                  kseri_words if kseris else "") if w)
    points = ngettext("{n} pt", "{n} pts", live.points).format(n=live.points)
    gain = ""
    if view.last_play is not None and view.last_play.taker == seat and view.last_play.gains[seat]:
        gain = f'<span class="gain-badge" aria-hidden="true">+{view.last_play.gains[seat]}</span>'
    return (f'<div class="{" ".join(classes)}" id="seat-{seat}" data-seat="{seat}" data-team="{side.team}" '
            f'data-hand="{side.hand_count}" data-captured="{side.captured}" role="group" '
            f'aria-label="{escape(label)}">'
            f'<div class="seat-head"><span class="seat-name">{escape(side.name)}</span>'
            f'<span class="seat-level">{escape(level_names.get(side.level, side.level))}</span>{chips}{turn}</div>'
            f'<div class="seat-hand" aria-hidden="true">{backs}</div>'
            f'<div class="seat-take" aria-hidden="true"><span class="seat-stack">'
            f'<span class="seat-count">{side.captured}</span>{gain}</span>'
            # the round's points so far are the side's: with partners the score shows them per team
            + ("" if view.partnered else f'<span class="seat-pts">{escape(points)}</span>')
            + (f'<span class="seat-kseris">{escape(kseri_words)}</span>' if kseris else "")
            + '</div></div>')


def race_rows_html(summary: RoundSummary, labels: tuple[str, ...]) -> str:
    """The round summary's race, a bar per side: toward the target, or (a match of rounds) the rounds won
    out of the match's."""
    if summary.match_rounds is None:
        return "".join(race_row_html(label, summary.totals_before[side], summary.totals[side], summary.target)
                       for side, label in enumerate(labels))
    rounds = max(summary.match_rounds, summary.number)
    before = round_wins_before(summary)
    return "".join(race_row_html(label, before[side], summary.wins[side], rounds,
                                 _("{who}: {won} of {n} rounds won").format(who=label, won=summary.wins[side],
                                                                             n=rounds))
                   for side, label in enumerate(labels))


def round_wins_before(summary: RoundSummary) -> tuple[int, ...]:
    """Rounds won by each side before the round of ``summary``.

    >>> from kseri.table.summaries import RoundSummary
    >>> round_wins_before(RoundSummary(2, 0, (), (20, 5), (9, 12), (29, 17), 151, 151, None, 3, (1, 1)))
    (0, 1)
    """
    best = max(summary.points)
    won = summary.points.index(best) if summary.points.count(best) == 1 else None
    return tuple(w - (side == won) for side, w in enumerate(summary.wins))


def race_row_html(who: str, before: int, after: int, target: int, label: str = "") -> str:
    """One side's bar in the round summary's race to the target: where it stood, what it gained.

    >>> 'aria-label="You: 30 of 151"' in race_row_html("You", 12, 30, 151)
    True
    """
    label = label or _("{who}: {total} of {target}").format(who=who, total=after, target=target)
    pct_before = min(100, round(100 * before / target))
    pct_after = min(100, round(100 * after / target))
    return (f'<div class="race-row"><span class="race-who">{escape(who)}</span>'
            f'<span class="race-track" role="img" aria-label="{escape(label)}">'
            f'<span class="race-gain" style="--from:{pct_before}%;--to:{pct_after}%"></span></span>'
            f'<b class="race-total">{after}</b></div>')


def seats_html(view: TableView, level_names: Mapping[str, str] | None = None) -> str:
    """The other seats along the top of the table: name, level, hand (backs), taken cards, the round's
    points so far, kseris, who deals and whose turn it is; your partner marked."""
    return "".join(_panel(view, seat, level_names or {}) for seat in seat_order(view.players, view.viewer))


def greek_lang(text: str) -> str:
    """`` lang="el"`` for a label in Greek letters, else nothing: the score and the summaries' heads are set in
    capitals, which drop a Greek word's accents only where the text is marked Greek (on the English page a
    friend named "Βασίλης" read "ΒΑΣΊΛΗΣ").

    >>> greek_lang("Βασίλης"), greek_lang("Anna")
    (' lang="el"', '')
    """
    return ' lang="el"' if any("\u0370" <= ch <= "\u03ff" or "\u1f00" <= ch <= "\u1fff" for ch in text) else ""


def seats_score_html(view: TableView) -> str:
    """The match score with a side per seat (or per partnership), and the target."""
    labels = side_labels(view)
    totals = view.totals
    best = max(totals)
    leader = totals.index(best) if totals.count(best) == 1 and best else None
    sides = "".join(
        f'<span class="score-side side-{i}{" you" if i == view.sides[view.viewer].team else ""}'
        f'{" leads" if i == leader else ""}" data-team="{i}">'
        f'<span class="who"{greek_lang(label)}><span class="who-long">{escape(label)}</span>'
        f'<span class="who-short">{escape(short)}</span></span><b class="pts">{total}</b></span>'
        for i, (label, short, total) in enumerate(zip(labels, short_labels(view), totals, strict=True)))
    raised = (f' <span class="raised">{escape(_("raised"))}</span>') if view.target_raised else ""
    goal = Goal(view.target, view.match_rounds)
    return (f'<span class="sr-only">{escape(_("Match score"))}: </span>{sides}'
            f'<span class="target">{goal.header_html(view.round_number)}{raised}</span>')


def handover_html(view: TableView) -> str:
    """The screen between two people's turns: who takes the device, and the button that shows their hand."""
    name = view.sides[view.handover].name if view.handover is not None else ""
    only = _("Only {name} should look: the next screen shows their cards.").format(name=name)
    return (f'<div class="pass-card"><p class="pass-title" id="pass-title">'
            f'{escape(_("Pass the device to {name}").format(name=name))}</p>'
            f'<p class="pass-sub">{escape(only)}</p>'
            '<button type="button" class="btn solid big" data-action="take-seat">'
            f'{escape(_("I am {name}: show my cards").format(name=name))}</button></div>')


def status_turn_html(view: TableView, *, thinking: bool) -> str:
    """The turn line when a bot is to play at a table of more than two: it says which one."""
    name = view.sides[view.to_move].name
    dots = '<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>' if thinking else ""
    words = (_("{name} is thinking") if thinking else _("{name}'s turn")).format(name=name)
    return f'<span class="turn bot">{escape(words)}{dots}</span>'


def _headline(summary: RoundSummary, labels: tuple[str, ...], you: int, partnered: bool) -> str:
    if summary.winner is not None:
        if summary.winner == you and partnered:
            return _("Your side wins the match!")
        return (_("You win the match!") if summary.winner == you
                else _("Winner of the match: {side}").format(side=labels[summary.winner]))
    best = max(summary.points)
    if summary.points.count(best) > 1:
        return _("Round {number}: a tie at the top").format(number=summary.number)
    top = summary.points.index(best)
    if top == you:
        return (_("Your side takes round {number}") if partnered else _("You take round {number}")).format(
            number=summary.number)
    return _("Round {number} winner: {side}").format(side=labels[top], number=summary.number)


def _heads(labels: tuple[str, ...], short: tuple[str, ...]) -> str:
    """A column head per side: its name, and the short one a phone shows when the sides are many, which
    may break after a partnership's "+" (three columns of "Εσύ+Μαρ" ran past a 320 px screen).

    >>> _heads(("You & Maria",), ("You+Mar",))
    '<th scope="col"><span class="who-long">You &amp; Maria</span><span class="who-short">You+<wbr>Mar</span></th>'
    """
    return "".join(f'<th scope="col"{greek_lang(label)}><span class="who-long">{escape(label)}</span>'
                   + (f'<span class="who-short">{escape(short[i]).replace("+", "+<wbr>")}</span>'
                      if i < len(short) else "")
                   + "</th>" for i, label in enumerate(labels))


def seats_round_summary_html(summary: RoundSummary, labels: tuple[str, ...], you: int = 0,
                             short: tuple[str, ...] = (), *, partnered: bool = False) -> str:
    """The round's breakdown with a column per side; ``you`` is your side (-1: none, the device is shared),
    ``partnered`` whether sides are partnerships (yours is then "your side"); ``short``: the sides' short
    names (:func:`short_labels`)."""
    n = len(labels)
    rows = []
    for row in summary.rows:
        cells = []
        best = max(row.values)
        for side in range(n):
            value = row.values[side]
            note = row.notes[side] if side < len(row.notes) else ""
            if row.key == "total" or not row.is_points:
                text = f"{value}"
            else:
                text = f"+{value}" if value else '<span class="zero">–</span>'
            note_html = f'<small>{escape(note)}</small>' if note else ""
            win = " win" if row.key != "total" and value == best and row.values.count(best) == 1 else ""
            cells.append(f'<td class="num{win}">{text}{note_html}</td>')
        label = escape(_(row.label)) + (f"<small>{escape(row.note)}</small>" if row.note else "")
        rows.append(f'<tr class="row-{row.key}"><th scope="row">{label}</th>{"".join(cells)}</tr>')
    heads = _heads(labels, short)
    goal = Goal(summary.target, summary.match_rounds)
    progress = race_rows_html(summary, labels)
    raised = ""
    if summary.raised:
        raised = _("More than one side passed {before} in this round, so the target rises to <b>{target}</b>.").format(
            before=summary.target_before, target=summary.target)
        raised = f'<p class="raised-note">{raised}</p>'
    points = " – ".join(f"<b>{p}</b>" for p in summary.points)
    stage = goal.race_target(summary.number, undecided=summary.winner is None)
    return (f'<h2 id="round-summary-title">{escape(_headline(summary, labels, you, partnered))}</h2>'
            f'<p class="sub">{_("Round {number}:").format(number=summary.number)} {points}</p>'
            f'<div class="breakdown-wrap"><table class="breakdown sides-{n}"><thead><tr><th scope="col">'
            f'<span class="sr-only">{escape(_("Category"))}</span></th>{heads}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>'
            f'<div class="race" aria-label="{escape(_("Match score"))}">{progress}'
            f'<span class="race-target">{escape(stage)}</span></div>'
            f'{raised}')


def seats_match_end_html(summary: MatchSummary, labels: tuple[str, ...], you: int = 0, *,
                         stats_line: str = "", short: tuple[str, ...] = (), word: WordKey = "kseri",
                         people_sides: tuple[int, ...] = ()) -> str:
    """The match's result with a column per side, and your record at this game and seating. With people
    sharing the device (``you`` -1), ``people_sides`` are the sides they play for: one of them winning is
    a win to celebrate, not "try again"."""
    if summary.winner == you:
        title, sub, mood = _("You win!"), _("A match well played."), "won"
    else:
        winner = labels[summary.winner] if summary.winner is not None else ""
        title = _("Winner: {side}").format(side=winner)
        sub, mood = ((_("A match well played."), "won") if summary.winner in people_sides
                     else (_("Shuffle up and try again."), "lost"))
    heads = _heads(labels, short)
    rounds = "".join(
        f'<tr><th scope="row">{i}</th>'
        + "".join(f'<td class="num{" win" if p == max(points) else ""}">{p}</td>' for p in points) + "</tr>"
        for i, points in enumerate(summary.rounds, 1))
    final = "".join(f'<tr><th scope="row">{escape(label)}</th>'
                    f'<td class="num{" win" if side == summary.winner else ""}">{total}</td>'
                    f'<td class="num">{kseris}</td></tr>'
                    for side, (label, total, kseris) in enumerate(zip(labels, summary.totals, summary.kseris,
                                                                       strict=True)))
    facts = Goal(summary.target, summary.match_rounds).facts(rounds=summary.rounds, kseris=summary.kseris, word=word)
    return (f'<div class="trophy {mood}" aria-hidden="true"></div>'
            f'<h2 id="match-end-title">{escape(title)}</h2>'
            f'<table class="breakdown compact final-sides"><thead><tr><th scope="col">'
            f'<span class="sr-only">{escape(_("Side"))}</span></th><th scope="col">{escape(_("Points"))}</th>'
            f'<th scope="col">{escape(counted_word(word))}</th></tr></thead><tbody>{final}</tbody></table>'
            f'<p class="sub">{escape(sub)} {escape(facts)}</p>'
            f'<details class="rounds"><summary>{escape(_("Round by round"))}</summary>'
            f'<div class="breakdown-wrap"><table class="breakdown compact sides-{len(labels)}"><thead><tr>'
            f'<th scope="col">{escape(_("Round"))}</th>{heads}</tr></thead>'
            f'<tbody>{rounds}</tbody></table></div></details>'
            + (f'<p class="stats">{escape(stats_line)} <button type="button" class="link-button" data-action="stats">'
               f'{escape(_("All statistics"))}</button></p>' if stats_line else ""))
