"""Playing a scene forward at any table: :class:`Recorder`, which snapshots each position as a
:class:`~kseri.scenes.steps.Step`.

Each table's scene builder (:mod:`kseri.scenes.pile.build`, :mod:`kseri.scenes.sums.build`)
subclasses it with how its table is described (:meth:`Recorder.describe_table`), what lies on an
open table (:meth:`Recorder.table_items`) and how a play is read and checked (its own ``play``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from kseri.engine.cards import CODES
from kseri.engine.events import PlayEvent
from kseri.engine.rules import Rules, card_points_table
from kseri.engine.table import TableRound
from kseri.engine.tables import table_for
from kseri.i18n import _
from kseri.scenes.captions import error_names, jack_table_bonus
from kseri.scenes.notation import SceneSpec
from kseri.scenes.steps import Scene, SceneItem, Step

__all__ = ["Recorder", "codes", "gain", "spec_hands"]


def codes(cards: Iterable[int]) -> tuple[str, ...]:
    """Card indices as codes."""
    return tuple(CODES[c] for c in cards)


def gain(event: PlayEvent, rules: Rules) -> int:
    """Points this play earned its seat: the cards it took, itself included, and the bonus (not
    the sweep at the round's end)."""
    if not event.is_capture:
        return 0
    table = card_points_table(rules)
    return sum(table[c.index] for c in (*event.captured, event.card)) + event.bonus + jack_table_bonus(event, rules)


def spec_hands(spec: SceneSpec, players: int, card_of: Callable[[str], str] = str) -> tuple[tuple[str, ...], ...]:
    """A scene's hands as written, or (when left out) each seat holding just the cards it plays
    (``card_of``: the card a play puts down, at the open table ``7H`` of ``7H:3C+4D``)."""
    if spec.hands is not None:
        return spec.hands
    held: list[list[str]] = [[] for _ in range(players)]
    for i, play in enumerate(spec.plays):
        held[(spec.first + i) % players].append(card_of(play))
    return tuple(tuple(h) for h in held)


class Recorder:
    """Plays a round forward and snapshots each position (``captions`` replace the automatic
    caption of the step they are keyed by)."""

    def __init__(self, state: TableRound[Any], names: Sequence[str], captions: Mapping[int, str], *,
                 show_stock: bool = False) -> None:
        self.state = state
        self.names = tuple(names)
        self.error_names = error_names(self.names)
        """The seats' names in error messages, which are English (:func:`~kseri.scenes.captions.error_names`)."""
        self.captions = captions
        self.show_stock = show_stock
        self.worth = card_points_table(state.rules)
        self.steps: list[Step] = []
        self.round_ended = False
        """The last play ended the round (a mid-round scene's never does): its last capture is scored."""

    def describe_table(self) -> str:
        """The first step's caption: what lies on the table."""
        raise NotImplementedError

    def table_items(self) -> tuple[SceneItem, ...]:
        """The items of an open table, side by side (none on a pile)."""
        return ()

    def snapshot(self, caption: str, **extra: Any) -> None:
        state = self.state
        index = len(self.steps)
        over = state.is_terminal() or not any(state.hands)
        self.steps.append(Step(
            index=index,
            caption=self.captions.get(index, caption),
            pile=codes(state.pile),
            hands=tuple(codes(hand) for hand in state.hands),
            to_move=None if over else state.to_move,
            taken=tuple(state.counts),
            points=self._points(),
            kseris=tuple(codes(k) for k in state.kseri_cards),
            table=self.table_items(),
            stock=state.stock_count if self.show_stock else None,
            **extra,
        ))

    def _points(self) -> tuple[int, ...]:
        """Each seat's points so far: its cards, its kseris and the house bonuses (the majority is left to
        the round's end)."""
        state = self.state
        rules = state.rules
        ended = self.round_ended
        return tuple(sum(self.worth[c] for c in own) + bonus + jacks * rules.jack_table_points
                     + (rules.final_capture_points if ended and state.last_capturer == seat else 0)
                     for seat, (own, bonus, jacks) in enumerate(zip(state.captured, state.bonus, state.jack_tables,
                                                                    strict=True)))

    def start(self) -> None:
        """The first step: the table as it lies, and who is to play."""
        state = self.state
        text = self.describe_table()
        if not state.is_terminal() and any(state.hands):
            text += " " + _("{name} to play.").format(name=self.names[state.to_move])
        self.snapshot(text)

    def play(self, text: str, number: int) -> None:
        """Play ``text`` (play ``number`` of the scene, for errors) and snapshot what it did;
        :class:`~kseri.scenes.errors.SceneError` says why it cannot be played."""
        raise NotImplementedError

    def record(self, plays: Sequence[str], first: int, title: str) -> Scene:
        """The scene: the start, then each of ``plays`` (numbered from ``first``)."""
        self.start()
        for number, text in enumerate(plays, first):
            self.play(text, number)
        return Scene(title=title, names=self.names, rules=self.state.rules, steps=tuple(self.steps))

    @classmethod
    def window(cls, played: TableRound[Any], start: int, stop: int, names: Sequence[str], *, title: str = "",
               captions: Mapping[int, str] | None = None) -> Scene:
        """A window of a recorded round: the position after ``start`` plays, then the plays up to
        ``stop`` (checked by :func:`kseri.scenes.build.from_match`). Every card face up, the stock counted."""
        rules = played.rules
        state = table_for(rules).from_deck(rules, played.dealer, played.deck, check=False, returned=played.returned)
        plays = played.play_codes()
        for text in plays[:start]:
            state.apply(text)
        recorder = cls(state, names, {i - start: text for i, text in (captions or {}).items()}, show_stock=True)
        return recorder.record(plays[start:stop], start + 1, title)
