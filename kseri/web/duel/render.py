"""The markup of playing a friend on another device (pure): the dialog's screens and the bar over the table.

Every action is a ``data-action`` starting with ``duel-`` (:mod:`kseri.web.duel.page` handles them);
every text goes through the catalogue.

>>> html = list_html([MatchRow(match="ab", friend="Anna", table="Greek", status="Your move", current=False)],
...                  name="Ben", tables=(("greek", "Greek"),))
>>> 'data-action="duel-open-match"' in html and 'name="duel-name"' in html and "Anna" in html
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from kseri.i18n import N_, _, ngettext

__all__ = ["BAR_ID", "DIALOG_ID", "PROMPT_CLASS", "PROMPT_DIALOGS", "ROUND_LENGTHS", "MatchRow", "accept_html",
           "bar_html", "bar_shell_html", "dialog_shell_html", "direct_html", "entry_html", "length_choices",
           "length_label", "length_options_html", "list_html", "prompt_html", "sent_html"]

DIALOG_ID = "duel"
BAR_ID = "duel-bar"


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchRow:
    """A match in the list of matches against friends."""

    match: str
    """Its id (hex)."""
    friend: str
    table: str
    status: str
    current: bool
    confirming: bool = False
    """Delete was pressed on this match, still under way: it asks once more."""


def dialog_shell_html() -> str:
    """The dialog (empty: its screens are drawn into ``#duel-body``) and the bar over the table."""
    return (f'<dialog id="{DIALOG_ID}" class="sheet duel-sheet" aria-labelledby="duel-title">'
            f'<h2 id="duel-title"></h2><div id="duel-body" class="duel-body"></div>'
            '<p id="duel-error" class="form-error" role="alert" hidden></p>'
            '<div id="duel-actions" class="sheet-actions"></div></dialog>')


def bar_shell_html() -> str:
    label = escape(_("Match against a friend"))
    return f'<aside id="{BAR_ID}" class="banner duel-bar" aria-label="{label}" hidden></aside>'


def entry_html() -> str:
    """The new-game screen's way to a friend's match."""
    return (f'<p class="duel-entry"><button type="button" class="btn ghost dark" data-action="duel-open">'
            f'{escape(_("Play a friend on another device…"))}</button></p>')


def _button(action: str, label: str, *, solid: bool = False, extra: str = "", light: bool = False) -> str:
    kind = "btn solid" if solid else "btn ghost" if light else "btn ghost dark"
    return f'<button type="button" class="{kind}" data-action="{action}"{extra}>{escape(label)}</button>'


ROUND_LENGTHS: tuple[tuple[str, str], ...] = (("r1", N_("One round")), ("r3", N_("Three rounds")))
"""The matches of a number of rounds offered at every table: ``r`` and the number (English ``msgid``)."""


def length_choices(targets: tuple[int, ...]) -> tuple[tuple[str, str], ...]:
    """How long a match against a friend may last, as the dialog offers it (value, label in the page's
    language): first to each of a table's ``targets`` (its own first), then a number of rounds.

    >>> [value for value, _label in length_choices((37, 21))]
    ['37', '21', 'r1', 'r3']
    """
    return (tuple((str(target), _("First to {n} points").format(n=target)) for target in targets)
            + tuple((key, _(label)) for key, label in ROUND_LENGTHS))


def length_options_html(targets: tuple[int, ...]) -> str:
    """The ``<option>``s of the match's length for a table with these ``targets``."""
    return "".join(f'<option value="{escape(key)}">{escape(label)}</option>' for key, label in length_choices(targets))


def list_html(rows: list[MatchRow], *, name: str, tables: tuple[tuple[str, str], ...],
              targets: tuple[int, ...] = (151, 101, 51), picked: str = "") -> str:
    """The first screen: your matches against friends, a new invitation (``tables``: each table offered, its
    key and name, ``picked`` chosen first; ``targets``: the chosen one's targets, offered as the match's length),
    and a message to paste."""
    if rows:
        gone = _("Under way: deleted, it cannot be resumed on this device.")
        items = "".join(
            f'<li class="duel-match{" current" if row.current else ""}">'
            f'<span class="duel-who"><b>{escape(row.friend)}</b> · {escape(row.table)}</span>'
            f'<span class="duel-status">{escape(row.status)}</span>'
            f'<span class="duel-row-actions">'
            + _button("duel-open-match", _("Open"), solid=not row.current,
                      extra=f' data-match="{escape(row.match)}"')
            + (_button("duel-delete-yes", _("Delete for good"), solid=True, extra=f' data-match="{escape(row.match)}"')
               if row.confirming else _button("duel-delete", _("Delete"), extra=f' data-match="{escape(row.match)}"'))
            + "</span>"
            + (f'<span class="duel-status duel-confirm" role="alert">{escape(gone)}</span>' if row.confirming else "")
            + "</li>" for row in rows)
        matches = f'<ul class="duel-matches">{items}</ul>'
    else:
        matches = f'<p class="duel-none">{escape(_("No match against a friend yet."))}</p>'
    options = "".join(f'<option value="{escape(key)}"{" selected" if key == picked else ""}>{escape(label)}</option>'
                      for key, label in tables)
    lengths = length_options_html(targets)
    return (
        f'<section class="duel-section"><h3>{escape(_("Your matches"))}</h3>{matches}</section>'
        f'<section class="duel-section"><h3>{escape(_("Invite a friend"))}</h3>'
        f'<p class="duel-help">{escape(_("Each move travels as a link you send through any messenger; nobody can see or arrange the cards, not even the one who deals."))}</p>'  # noqa: E501
        f'<label class="field"><span>{escape(_("Your name"))}</span>'
        f'<input name="duel-name" type="text" maxlength="20" autocomplete="nickname" value="{escape(name)}"></label>'
        f'<label class="field"><span>{escape(_("Table"))}</span><select name="duel-table">{options}</select></label>'
        f'<label class="field"><span>{escape(_("Match"))}</span><select name="duel-length">{lengths}</select></label>'
        f'<p class="duel-buttons">{_button("duel-invite", _("Create the invitation"), solid=True)}</p></section>'
        f'<section class="duel-section"><h3>{escape(_("A message from your friend"))}</h3>'
        f'<label class="field"><span>{escape(_("Paste the link or the text"))}</span>'
        '<textarea name="duel-paste" rows="2" spellcheck="false" autocomplete="off"></textarea></label>'
        f'<p class="duel-buttons">{_button("duel-apply", _("Open it"))}</p></section>'
        f'<section class="duel-section"><h3>{escape(_("On the same network"))}</h3>'
        f'<p class="duel-help">{escape(_("Two devices on one Wi-Fi can play in real time: paste one code each way."))}</p>'  # noqa: E501
        f'<p class="duel-buttons">{_button("duel-join", _("Join a friend’s code"))}</p></section>')


def sent_html(*, link: str, friend: str, invitation: bool, code: str) -> str:
    """A message to send: the link, with Share and Copy (and, for an invitation, the direct way)."""
    lead = (_("Send this invitation to your friend: a link to this page that carries it. Your friend opens it, "
              "accepts, and sends you the answer the same way.") if invitation else
            _("Send this link to {name}: it carries your part of the game. When {name} answers, open the answer "
              "here.").format(name=friend))
    pairing = (f'<p class="duel-code">{escape(_("Match code"))}: <b>{escape(code)}</b> '
               f'<span class="duel-help">{escape(_("(the same on both devices)"))}</span></p>') if code else ""
    direct = (f'<p class="duel-help">{escape(_("Or, on the same network, connect the two devices directly."))}</p>'
              f'<p class="duel-buttons">{_button("duel-direct", _("Connect directly"))}</p>') if invitation else ""
    return (f'<p>{escape(lead)}</p>'
            f'<textarea id="duel-link" class="share-url duel-link" readonly rows="3" spellcheck="false" '
            f'aria-label="{escape(_("The link to send"))}">{escape(link)}</textarea>'
            f'<p id="duel-copy-status" class="share-status" role="status"></p>'
            f'<p class="duel-buttons">{_button("duel-share", _("Send…"), solid=True)}'
            f'{_button("duel-copy", _("Copy"))}</p>{pairing}{direct}')


def length_label(*, target: int, rounds: int | None) -> str:
    """How long a match is, as the invitation says it.

    >>> length_label(target=151, rounds=None), length_label(target=151, rounds=3), length_label(target=51, rounds=7)
    ('First to 151 points', 'Three rounds', '7 rounds')
    """
    if rounds is None:
        return _("First to {n} points").format(n=target)
    label = dict(ROUND_LENGTHS).get(f"r{rounds}")
    return _(label) if label else ngettext("{n} round", "{n} rounds", rounds).format(n=rounds)


def accept_html(*, friend: str, table: str, length: str, name: str, bot_game_kept: bool = False) -> str:
    """An invitation opened: who invites you, to which game and how long a match, and your name;
    ``bot_game_kept``: a game against the bots is under way (it waits, saved, and the way back is said).

    >>> "is kept" in accept_html(friend="Ben", table="Greek", length="To 151", name="", bot_game_kept=True)
    True
    """
    invites = _("Invitation from {name} to a match: {table}, {length}.").format(name=friend, table=table,
                                                                               length=length.lower())
    way_back = _("Your game against the bot is kept: Matches › Back to the game against the bot brings it back.")
    kept = f'<p class="duel-help">{escape(way_back)}</p>' if bot_game_kept else ""
    return (f'<p>{escape(invites)}</p>{kept}'
            f'<p class="duel-help">{escape(_("Both devices shuffle the pack in turn, each hiding it with a key of its own, so neither can see or arrange the cards; at each round’s end both keys are shown and everything is checked."))}</p>'  # noqa: E501
            f'<label class="field"><span>{escape(_("Your name"))}</span>'
            '<input name="duel-name" type="text" maxlength="20" autocomplete="nickname" '
            f'value="{escape(name)}"></label>')


def direct_html(*, own: str, state: str, joining: bool) -> str:
    """Pairing two devices on one network: your code to give, the friend's to paste, and where it stands."""
    if joining and not own:
        lead = _("Paste the code your friend’s page shows, then give your friend the code that appears here.")
    elif joining:
        lead = _("Give your friend this code to paste; the game starts when the devices meet.")
    else:
        lead = _("Give your friend this code to paste, then paste the code your friend’s page shows.")
    mine = (f'<label class="field"><span>{escape(_("Your code"))}</span>'
            f'<textarea id="duel-own-code" class="share-url" readonly rows="3" spellcheck="false">{escape(own)}'
            f'</textarea></label><p class="duel-buttons">{_button("duel-copy-code", _("Copy"))}</p>') if own else ""
    theirs = "" if joining and own else (
        f'<label class="field"><span>{escape(_("Your friend’s code"))}</span>'
        '<textarea name="duel-their-code" rows="3" spellcheck="false" autocomplete="off"></textarea></label>'
        f'<p class="duel-buttons">{_button("duel-connect", _("Connect"), solid=True)}</p>')
    return (f'<p>{escape(lead)}</p>{mine}{theirs}'
            f'<p id="duel-direct-state" class="share-status" role="status">{escape(state)}</p>')


PROMPT_CLASS = "duel-prompt"
PROMPT_DIALOGS = ("round-summary", "match-end")
"""The sheets over the bar at a round's end: each repeats its call to send a move still unsent."""


def prompt_html(line: str) -> str:
    """A move still to send, inside a sheet that covers the bar (the round's or the match's end).

    >>> 'data-action="duel-send"' in prompt_html("Send your last move to Anna.")
    True
    """
    return f'<p>{escape(line)}</p>{_button("duel-send", _("Send the link"), solid=True)}'


def bar_html(*, friend: str, line: str, code: str, unsent: bool, direct: str) -> str:
    """The bar over the table during a match against a friend: what to do now, and the ways to do it
    (``friend``: "" until the friend has answered the invitation)."""
    send = _button("duel-send", _("Send the link"), solid=True) if unsent else ""
    again = "" if unsent else _button("duel-send", _("Send again"), light=True)
    connected = f'<span class="duel-direct">{escape(direct)}</span>' if direct else ""
    pairing = f'<span class="duel-code">{escape(_("code"))} {escape(code)}</span>' if code else ""
    title = _("Against {name}").format(name=friend) if friend else _("Your invitation")
    return (f'<p><b class="duel-friend">{escape(title)}</b> '
            f'<span class="duel-line">{escape(line)}</span> {pairing}{connected}</p>'
            f'<div class="banner-actions">{send}{again}'
            f'{_button("duel-open", _("Matches"), light=True)}</div>')
