"""HTML of the score's dialogs, from plain session data (no browser needed): the round's summary, the
match's result and the explanation of the score, you against one bot (:mod:`kseri.web.seats_render` has
them with a column per side).

>>> from kseri.table.session import GameSession
>>> session = GameSession.new(seed=1, level="easy")
>>> html = scoring_html(session.view(), session.rules)
>>> html.startswith('<h2 id="scoring-title">'), "scoring-rules" in html
(True, True)
"""

from __future__ import annotations

from html import escape

from kseri.engine.rules import Rules
from kseri.i18n import _, pgettext
from kseri.table.goal import Goal, WordKey, counted_word, word_key
from kseri.table.newgame import house_rules_named
from kseri.table.points import point_rules
from kseri.table.seats import HUMAN
from kseri.table.summaries import MatchSummary, RoundSummary
from kseri.table.views import TableView
from kseri.web import seats_render
from kseri.web.render import goal_of, level_label

__all__ = ["match_end_html", "round_summary_html", "scoring_html", "summary_goal"]


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
    stage = summary_goal(summary).race_target(summary.number, undecided=summary.winner is None)
    return (f'<h2 id="round-summary-title">{escape(headline)}</h2>'
            f'<p class="sub">{sub}</p>'
            f'<table class="breakdown"><thead><tr><th scope="col"><span class="sr-only">{escape(_("Category"))}'
            f'</span></th><th scope="col">{escape(_("You"))}</th><th scope="col">{escape(_("Bot"))}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>'
            f'<div class="race" aria-label="{escape(_("Match score"))}">{progress}'
            f'<span class="race-target">{escape(stage)}</span></div>'
            f'{raised}')


def summary_goal(summary: RoundSummary | MatchSummary) -> Goal:
    """What the match of ``summary`` was played for."""
    return Goal(target=summary.target, rounds=summary.match_rounds)


def scoring_html(view: TableView, rules: Rules) -> str:
    """The score's explanation (opened by clicking the score): this round so far, a column per side (you and
    the bot, or each side's name where there are more, or people share the device), and what scores under
    the rules being played.

    >>> from kseri.engine.rules import rules_from_spec
    >>> from kseri.table.session import GameSession
    >>> rules = rules_from_spec({"profile": "pisti", "players": 6})
    >>> html = scoring_html(GameSession.new(rules=rules, seed=1).view(), rules)
    >>> [h for h in ("You+Mar", "Ele+Yan", "Nik+Sof", ">Bot<") if h in html]
    ['You+Mar', 'Ele+Yan', 'Nik+Sof']
    >>> rules = rules_from_spec({"profile": "greek", "jacks_capture": False, "opening_redeal": "none"})
    >>> html = scoring_html(GameSession.new(rules=rules, seed=1).view(), rules)
    >>> html[html.index('<p class="scoring-house">'):].split("</p>")[0]
    '<p class="scoring-house"><b>House rules:</b> Opening pile stands · Jacks take only jacks'
    """
    heads = seats_render.short_labels(view) if view.panels else (_("You"), pgettext("score", "Bot"))
    live = view.live
    so_far = [(_("Points so far"), [side.points for side in live]), (_("Cards taken"), [side.cards for side in live]),
              (counted_word(word_key(rules)), [side.kseris for side in live])]
    live_rows = "".join(f'<tr><th scope="row">{escape(label)}</th>'
                        + "".join(f'<td class="num">{value}</td>' for value in values) + "</tr>"
                        for label, values in so_far)
    head_cells = "".join(f'<th scope="col">{escape(head)}</th>' for head in heads)
    point_rows = "".join(
        f'<tr><th scope="row">{escape(line.label)}'
        + (f'<small>{escape(line.note)}</small>' if line.note else "")
        + f'</th><td class="num">{line.points}</td></tr>'
        for line in point_rules(rules))
    intro = goal_of(view).explanation() + " " + _("The round's points so far (below, and by each stack) do not yet "
                                                  "include the bonus for most cards, given when the round ends.")
    house = house_rules_named(rules)  # the ones that score have their lines below too; the others only this
    house_line = (f'<p class="scoring-house"><b>{escape(_("House rules"))}:</b> {escape(house)}</p>'
                  if house else "")
    return (f'<h2 id="scoring-title">{escape(_("How the points are counted"))}</h2>'
            f'<p class="sub">{escape(intro)}</p>{house_line}'
            f'<div class="breakdown-wrap"><table class="breakdown compact scoring-live"><thead><tr><th scope="col">'
            f'{escape(_("Round {number}").format(number=view.round_number))}</th>{head_cells}</tr>'
            f'</thead><tbody>{live_rows}</tbody></table></div>'
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
