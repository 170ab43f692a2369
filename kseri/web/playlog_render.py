"""The table's short play log and the line a person sees after their card (pure Python; issue 24).

The log is a ``<details>`` in the status column, closed until the player opens it: its summary
counts the packet's plays, its list says who played what and what it took
(:mod:`kseri.table.playlog`). Its list is worked out only while it is open.

>>> from kseri.table.playlog import LogEntry
>>> from kseri.i18n import set_language
>>> _ = set_language("en")
>>> entries = (LogEntry(0, "7H", "drop"), LogEntry(1, "7S", "kseri", taken=2, points=10))
>>> html = play_log_html(entries, ("You", "Bot"), count=2, is_open=True)
>>> '<details class="play-log" open>' in html, html.count("<li"), "Kseri!" in html
(True, 2, True)
>>> entry_text(entries[1])
'7♠ → Kseri! 2 cards · +10'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from kseri.i18n import _, ngettext
from kseri.table.goal import WordKey, kseri_cry, word_key
from kseri.table.playlog import LogEntry, packet_log
from kseri.table.session import GameSession
from kseri.table.views import TableView, card_text

__all__ = ["PlayLog", "StatusExtras", "entry_text", "packet_count", "play_log_html", "result_line"]

def entry_text(entry: LogEntry, word: WordKey = "kseri") -> str:
    """What one play did, after its card: ``7♥``, ``7♥ → 3 cards · +2``, ``J♣ → Kseri! 2 cards · +22``."""
    text = card_text(entry.card)
    if entry.is_capture:
        cards = ngettext("{n} card", "{n} cards", entry.taken).format(n=entry.taken)
        kseri = kseri_cry(word, entry.kind) + " " if entry.kind in ("kseri", "jack_kseri") else ""
        text += f" → {kseri}{cards}" + (f" · +{entry.points}" if entry.points else "")
    elif entry.kind == "build":
        text += " → " + _("a build")
    return text


def _sweep_text(entry: LogEntry) -> str:
    words = ngettext("the last card", "the last {n} cards", entry.sweep).format(n=entry.sweep)
    return words + (f" · +{entry.sweep_points}" if entry.sweep_points else "")


def packet_count(plays_in_round: int, packet: int, per_packet: int) -> int:
    """How many plays the log lists, without working it out: the packet's so far, or the whole last
    packet just after a deal (the log shows it until the new packet's first card). A lesson's round
    starts late in the round with few plays made: it lists those.

    >>> packet_count(0, 1, 12), packet_count(5, 1, 12), packet_count(12, 2, 12), packet_count(14, 2, 12)
    (0, 5, 12, 2)
    >>> packet_count(2, 4, 12)  # a lesson set in the last packet, two plays in (it said 12)
    2
    """
    n = plays_in_round - (packet - 1) * per_packet
    return min(per_packet, plays_in_round) if n <= 0 < plays_in_round else max(n, 0)


def play_log_html(entries: Sequence[LogEntry], names: Sequence[str], *, count: int, is_open: bool,
                  word: WordKey = "kseri") -> str:
    """The log: a summary that counts the plays, and (while open) their list, one line each."""
    label = _("Plays")
    summary = (f'<summary title="{escape(label)}"><svg class="icon" viewBox="0 0 24 24" aria-hidden="true">'
               '<path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01"/></svg>'
               f'<span class="log-label">{escape(label)}</span><span class="log-count">{count}</span></summary>')
    items = []
    for entry in entries if is_open else ():
        who = names[entry.seat] if entry.seat < len(names) else str(entry.seat)
        items.append(f'<li><b class="log-who">{escape(who)}</b> {escape(entry_text(entry, word))}</li>')
        if entry.sweep and entry.sweep_seat is not None:
            taker = names[entry.sweep_seat] if entry.sweep_seat < len(names) else str(entry.sweep_seat)
            items.append(f'<li class="log-sweep"><b class="log-who">{escape(taker)}</b> {escape(_sweep_text(entry))}'
                         '</li>')
    body = (f'<ol class="log-list" aria-label="{escape(_("The plays of this packet"))}">{"".join(items)}</ol>'
            if is_open else "")
    if is_open and not items:
        body = f'<p class="log-list log-empty">{escape(_("No card played yet in this packet."))}</p>'
    return f'<details class="play-log"{" open" if is_open else ""}>{summary}{body}</details>'


def result_line(entries: Sequence[LogEntry], seat: int, word: WordKey = "kseri") -> str:
    """What ``seat``'s latest card did, for the person who played it before they pass the device
    ("" when they have not played in this packet).

    >>> result_line((LogEntry(2, "9C", "drop"),), 2)
    'Your card: 9♣'
    """
    mine = [entry for entry in entries if entry.seat == seat]
    if not mine:
        return ""
    return _("Your card: {play}").format(play=entry_text(mine[-1], word))


@dataclass(frozen=True)
class StatusExtras:
    """What the status column shows besides the turn: the log (markup) and, while the device waits to
    be passed, the line of what the last person's card did (None: no such wait)."""

    log: str = ""
    pass_line: str | None = None


class PlayLog:
    """The log's state at one table: open or closed, and the packet's plays worked out once per position."""

    def __init__(self) -> None:
        self.open = False
        self._key: tuple[int, int, int] | None = None
        self._entries: tuple[LogEntry, ...] = ()
        self._round_key: tuple[int, int, int] | None = None
        self._round_entries: tuple[LogEntry, ...] = ()

    def entries(self, session: GameSession, view: TableView) -> tuple[LogEntry, ...]:
        key = (id(session), view.round_number, view.plays_in_round)
        if key != self._key:
            self._key = key
            self._entries = packet_log(session.match.round)
        return self._entries

    def round_entries(self, session: GameSession, view: TableView) -> tuple[LogEntry, ...]:
        """Every play of the round so far (what a person's latest card did, even the previous packet's last)."""
        key = (id(session), view.round_number, view.plays_in_round)
        if key != self._round_key:
            self._round_key = key
            self._round_entries = packet_log(session.match.round, whole_round=True)
        return self._round_entries

    def extras(self, session: GameSession, view: TableView, *, passing: bool) -> StatusExtras:
        """The status column's extras for ``view``; ``passing``: the pass screen shows (no line needed)."""
        word = word_key(session.rules)
        waiting = view.handover is not None and not passing and view.phase == "human"
        entries = self.entries(session, view) if self.open or waiting else ()
        count = packet_count(view.plays_in_round, view.packet,
                             session.rules.players * session.rules.packet_size)
        names = tuple(side.name for side in view.sides)
        if len(names) == 2 and view.persons == (0,):  # you against one bot: the table calls it "Bot"
            names = (_("You"), _("Bot"))
        log = play_log_html(entries, names, count=count, is_open=self.open, word=word) if view.plays_in_round else ""
        line = result_line(self.round_entries(session, view), view.viewer, word) if waiting else None
        return StatusExtras(log=log, pass_line=line)
