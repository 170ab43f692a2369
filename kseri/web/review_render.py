"""HTML of the review of a round (:mod:`kseri.table.review`), and where its keys move: pure Python.

The review shows inside the round's summary dialog: first a progress line while
the bot values the plays (in slices), then one play at a time (the pile's top card, or
the open table's cards, and the hand at that moment, each card's value against the best
as the hint gives it, the card played marked and valued as the way it was played),
Previous/Next, and the biggest mistakes to jump to. It speaks to the player whose plays
it goes through: you against the bots, or with people sharing the device, the person
named in its heading (each reviews their own plays, :func:`review_button_html`).

>>> from kseri.table.review import ReviewedPlay
>>> from kseri.table.views import HintEntry
>>> play = ReviewedPlay(number=1, index=0, played="5S", hand=("9D", "5S"), pile=("AC", "9S"),
...                     choices=(HintEntry("9D", 2.0, best=True), HintEntry("5S", -4.5, best=False, loss=6.5)),
...                     loss=6.5, mistake=True)
>>> html = review_html([play], 0, number=1)
>>> 'data-card="9D"' in html and "★" in html and "−6.5" in html and "is-played" in html
True
>>> review_move(0, "ArrowRight", 24), review_move(0, "ArrowLeft", 24), review_move(3, "End", 24)
(1, 0, 23)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from kseri.i18n import _, card_name, decimal, ngettext
from kseri.table.pile.hints import reason_text
from kseri.table.review import ReviewedPlay
from kseri.table.seats import HUMAN
from kseri.table.views import HintEntry
from kseri.web.button_html import button_html
from kseri.web.card_html import card_img
from kseri.web.render import card_label, format_value, hint_badge_text, shown_best
from kseri.web.sums import render as sums_render

__all__ = ["MOVES", "last_round_button_html", "review_button_html", "review_html", "review_move",
           "review_progress_html", "summary_next_label"]

MOVES = {"ArrowLeft": -1, "ArrowRight": 1, "Home": -10_000, "End": 10_000}
"""What a key does to the play shown: back or forward one, or to the first or last play."""


def review_move(at: int, key: str, count: int) -> int:
    """The play to show after ``key`` (:data:`MOVES`; any other key leaves it) with ``count`` plays."""
    return max(0, min(count - 1, at + MOVES.get(key, 0)))


def review_button_html(people: Sequence[tuple[int, str]] = ()) -> str:
    """The summary's way into the review: one button, or with people sharing the device (``people``:
    each person's seat and name) a button per person, for their own plays (``data-seat``).

    >>> 'data-action="review"' in review_button_html()
    True
    >>> html = review_button_html([(0, "Ann"), (2, "Player 3")])
    >>> html.count('data-action="review"'), 'data-seat="2"' in html and ">Player 3</button>" in html
    (2, True)
    """
    if len(people) < 2:
        return (f'<p class="review-open"><button type="button" class="btn ghost dark" data-action="review">'
                f'{escape(_("Review this round"))}</button>'
                f'<small>{escape(_("Each play you could have made, valued as the hint values it"))}</small></p>')
    buttons = "".join(
        f'<button type="button" class="btn ghost dark" data-action="review" data-seat="{seat}" '
        f'aria-label="{escape(_("Review the plays of {name}").format(name=name))}">{escape(name)}</button>'
        for seat, name in people)
    return (f'<div class="review-open review-people" role="group" aria-labelledby="review-people-title">'
            f'<span id="review-people-title">{escape(_("Review this round"))}:</span>{buttons}'
            f'<small>{escape(_("Each person their own plays, valued as the hint values them"))}</small></div>')


def last_round_button_html() -> str:
    """The match's result's way to its last round's summary (the round's rows, which the result only totals).

    >>> 'data-action="last-round"' in last_round_button_html()
    True
    """
    button = button_html(escape(_("The last round in full")), classes="btn ghost dark", data_action="last-round")
    return f'<p class="last-round">{button}</p>'


def summary_next_label(match_over: bool) -> str:
    """What the summary's button says: on to the next round, or (the match's last round reviewed from its
    result) back to that result.

    >>> summary_next_label(False), summary_next_label(True)
    ('Next round', 'See the result')
    """
    return _("See the result") if match_over else _("Next round")


def review_progress_html(done: int, total: int, number: int, name: str = "") -> str:
    """The review while it is worked out: a heading, a progress bar and a line that says how far.

    >>> html = review_progress_html(3, 24, 2)
    >>> 'aria-valuenow="3"' in html and "3 of 24" in html
    True
    """
    share = f"{done / total:.3f}" if total else "1"
    line = _("Valuing your plays: {done} of {total}").format(done=done, total=total)
    return (f'{_title(number, name)}'
            f'<div class="review-progress"><span class="review-bar" role="progressbar" aria-valuemin="0" '
            f'aria-valuemax="{total}" aria-valuenow="{done}" aria-label="{escape(_("Review progress"))}">'
            f'<span style="--to:{share}"></span></span>'
            f'<p class="review-status" role="status">{escape(line)}</p></div>'
            f'{_back()}')


def _title(number: int, name: str = "") -> str:
    """The review's heading: whose plays (``name``: a person sharing the device; "": yours)."""
    # The dialog is labelled by its heading, summary or review.
    text = _("Round {number}, plays of {name}").format(number=number, name=name) if name else \
        _("Round {number}, your plays").format(number=number)
    return f'<h2 id="round-summary-title">{escape(text)}</h2>'


def _back() -> str:
    return (f'<p class="review-back"><button type="button" class="btn ghost dark" data-action="review-back">'
            f'{escape(_("Back to the summary"))}</button></p>')


def review_html(plays: Sequence[ReviewedPlay], at: int, *, number: int, name: str = "", seat: int = HUMAN,
                names: Sequence[str] = ()) -> str:
    """The finished review showing play ``at``: the play, Previous/Next, and the biggest mistakes
    (``name``: whose plays, with people sharing the device; ``seat`` and ``names``: whose builds are "yours"
    and the people's names for the others', :func:`kseri.web.sums.render.people_names`)."""
    if not plays:
        return f'{_title(number, name)}<p class="sub">{escape(_("You made no play this round."))}</p>{_back()}'
    at = max(0, min(len(plays) - 1, at))
    return (f'{_title(number, name)}{_overview(plays)}{_play_html(plays, at, seat, names)}'
            f'{_mistakes_html(plays, at)}{_back()}')


def _overview(plays: Sequence[ReviewedPlay]) -> str:
    """One line for the whole round: how many plays were the best, and the points lost in all."""
    best = sum(1 for p in plays if p.loss < 0.05)  # the plays the board marks ★
    lost = sum(p.loss for p in plays)
    line = ngettext("{best} of your {n} play was among the best", "{best} of your {n} plays were among the best",
                    len(plays)).format(best=best, n=len(plays))
    cost = (_("no points given away") if lost < 0.05  # ("about 0.0 points" read as a rounding of something)
            else _("about {points} points given away in all").format(points=decimal(lost)))
    return f'<p class="sub">{escape(line)} · {escape(cost)}</p>'


def _play_html(plays: Sequence[ReviewedPlay], at: int, seat: int = HUMAN, names: Sequence[str] = ()) -> str:
    play = plays[at]
    count = _("Play {number} of {total}").format(number=at + 1, total=len(plays))
    previous = button_html(f'‹ <span class="review-word">{escape(_("Previous"))}</span>', classes="btn ghost dark",
                           data_action="review-prev", aria_keyshortcuts="ArrowLeft", disabled=at == 0)
    following = button_html(f'<span class="review-word">{escape(_("Next"))}</span> ›', classes="btn ghost dark",
                            data_action="review-next", aria_keyshortcuts="ArrowRight", disabled=at == len(plays) - 1)
    nav = (f'<div class="review-nav">{previous}'
           f'<span class="review-count" aria-live="polite">{escape(count)}</span>{following}</div>')
    return (f'<section class="review-play{" is-mistake" if play.mistake else ""}" '
            f'aria-label="{escape(count)}" data-play="{at}">{nav}'
            f'<div class="review-position">{_table_html(play, seat, names)}{_choices_html(play)}</div>'
            f'{_verdict_html(play)}</section>')


def _table_html(play: ReviewedPlay, seat: int = HUMAN, names: Sequence[str] = ()) -> str:
    """What lay on the table: the pile's top card, or the open table's cards and builds."""
    if play.table is None:
        return _pile_html(play.pile)
    heading = f'<span class="review-label">{escape(_("Table"))}</span>'
    if not play.table:
        return (f'<div class="review-pile">{heading}<div class="review-card empty">'
                f'{escape(_("Empty table"))}</div></div>')
    items = []
    for item in play.table:
        cards = "".join(f'<span class="review-mini" data-card="{code}">{card_img(code)}</span>' for code in item.cards)
        value = f'<span class="review-build">{item.value}</span>' if item.is_build else ""
        items.append(f'<span class="review-item{" is-build" if item.is_build else ""}">{cards}{value}</span>')
    return (f'<div class="review-pile review-table">{heading}<div class="review-items" role="img" '
            f'aria-label="{escape(sums_render.table_label(play.table, you=seat, names=names))}">{"".join(items)}'
            '</div></div>')


def _pile_html(pile: Sequence[str]) -> str:
    """The pile's top card as you saw it (and how many cards lay under it)."""
    heading = f'<span class="review-label">{escape(_("Pile"))}</span>'
    if not pile:
        return (f'<div class="review-pile">{heading}<div class="review-card empty">'
                f'{escape(_("Empty table"))}</div></div>')
    top = pile[-1]
    under = len(pile) - 1
    note = ngettext("{n} card under it", "{n} cards under it", under).format(n=under) if under else ""
    return (f'<div class="review-pile">{heading}<div class="review-card" role="img" data-card="{top}" '
            f'aria-label="{escape(card_name(top))}">{card_img(top)}</div>'
            f'<small>{escape(note)}</small></div>')


def _choices_html(play: ReviewedPlay) -> str:
    """Your hand, each card with the bot's value against the best (★ on the best), the one you played marked."""
    items = []
    by_card = {choice.card: choice for choice in play.choices}
    by_card[play.played] = play.row  # valued as the way it was played
    for code in play.hand:
        choice = by_card.get(code)
        played = code == play.played
        if choice is None:  # (the open table: a card that had no legal play, beside one's own build)
            label = f"{card_name(code)}, {_('it could not be played')}"
            items.append(f'<li class="review-card is-barred" data-card="{code}" aria-label="{escape(label)}">'
                         f'{card_img(code)}</li>')
            continue
        tone = "good" if shown_best(choice) else ("meh" if choice.loss < 0.5 else "bad")
        label = f"{card_name(code)}, {_value_words(choice)}" + (f", {_('you played it')}" if played else "")
        cls = "review-card" + (" is-best" if shown_best(choice) else "") + (" is-played" if played else "")
        mark = f'<span class="review-mark">{escape(_("played"))}</span>' if played else ""
        items.append(f'<li class="{cls}" data-card="{code}" aria-label="{escape(label)}">'
                     f'{card_img(code)}<span class="hint-badge {tone}" aria-hidden="true">'
                     f'{hint_badge_text(choice)}</span>{mark}</li>')
    return (f'<div class="review-hand"><span class="review-label">{escape(_("Your hand"))}</span>'
            f'<ul class="review-cards" style="--n:{len(items)}">{"".join(items)}</ul></div>')


def _value_words(choice: HintEntry) -> str:
    if shown_best(choice):
        return _("the best card")
    return _("{value} against the best").format(value=format_value(-choice.loss))


def _verdict_html(play: ReviewedPlay) -> str:
    """What the play cost, in words, and what the best card would have done."""
    best = play.choices[0]
    card = escape(_move_label(play.played, play.way))
    if play.forced and len(play.choices) == 1:  # (the last card in hand: nothing was "worth the same")
        text = _("You played <b>{card}</b>: the only play you could make.").format(card=card)
    elif play.forced:
        text = _("You played <b>{card}</b>: every play you could make was worth the same.").format(card=card)
    elif play.loss < 0.05:  # (shown as ★ on it too: render.shown_best)
        text = _("You played <b>{card}</b>: one of the best plays.").format(card=card)
    else:
        text = _("You played <b>{card}</b>: about {value} points fewer by the round's end than <b>{best}</b>.").format(
            card=card, value=decimal(play.loss), best=escape(_move_label(best.card, best.way)))
        if best.reason is not None:  # what the best card would have done, as the hint says it
            why = f"{card_label(best.card)} — {reason_text(best.reason)}"
            text += f'<span class="review-why">{escape(why)}</span>'
    cls = "review-verdict" + (" is-mistake" if play.mistake else "")
    flag = f'<b class="review-flag">{escape(_("Big mistake"))}</b> ' if play.mistake else ""
    return f'<p class="{cls}">{flag}{text}</p>'


def _move_label(code: str, way: str) -> str:
    """A card as the verdict names it, with the way it is played where a card has several.

    >>> _move_label("7H", ""), _move_label("7H", "Take 3♣ + 4♦")
    ('7♥', '7♥ (Take 3♣ + 4♦)')
    """
    return f"{card_label(code)} ({way})" if way else card_label(code)


def _mistakes_html(plays: Sequence[ReviewedPlay], at: int) -> str:
    """Your biggest mistakes, costliest first, each a button to its play."""
    mistakes = sorted((i for i, p in enumerate(plays) if p.mistake), key=lambda i: (-plays[i].loss, i))
    heading = f'<h3 id="review-mistakes-title">{escape(_("Your biggest mistakes"))}</h3>'
    if not mistakes:
        return (f'<div class="review-mistakes">{heading}<p>{escape(_("None that cost a point or more: well played."))}'
                f'</p></div>')
    items = []
    for i in mistakes:
        p = plays[i]
        text = _("Play {number}: {card}, {value}").format(number=i + 1, card=card_label(p.played),
                                                            value=format_value(-p.loss))
        current = ' aria-current="true"' if i == at else ""
        items.append(f'<li><button type="button" class="review-jump" data-action="review-goto" data-play="{i}"'
                     f'{current}>{escape(text)}</button></li>')
    return (f'<div class="review-mistakes">{heading}<ol aria-labelledby="review-mistakes-title">'
            f'{"".join(items)}</ol></div>')
