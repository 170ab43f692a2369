"""Kseri (Greek Xeri): the rules engine, game records and bots, in pure Python.

The package imports nothing outside the standard library and runs the same in
CPython and in the browser (Pyodide); the page's DOM layer lives in
:mod:`kseri.web` and is the only part that touches the browser.

>>> import random
>>> from kseri import Match, Card
>>> match = Match.new(rng=random.Random(42))
>>> event = match.play(match.round.legal_moves()[0])
>>> isinstance(event.card, Card)
True
"""

from kseri.engine.cards import PACK, Card, format_cards, parse_cards
from kseri.engine.errors import (
    CardCodeError,
    IllegalMoveError,
    KseriError,
    ObservationError,
    PositionError,
    RecordError,
    RulesError,
    TableError,
)
from kseri.engine.events import PlayEvent
from kseri.engine.match import Match
from kseri.engine.pile.observation import Observation
from kseri.engine.pile.round import Round
from kseri.engine.record import dumps, from_record, loads, summary, to_record
from kseri.engine.rules import FOURCARD, GREEK, PROFILES, Rules, rules_from_spec
from kseri.engine.scoring import Breakdown, RoundScore, score_round
from kseri.engine.state import RoundState

__all__ = [
    "FOURCARD",
    "GREEK",
    "PACK",
    "PROFILES",
    "Breakdown",
    "Card",
    "CardCodeError",
    "IllegalMoveError",
    "KseriError",
    "Match",
    "Observation",
    "ObservationError",
    "PlayEvent",
    "PositionError",
    "RecordError",
    "Round",
    "RoundScore",
    "RoundState",
    "Rules",
    "RulesError",
    "TableError",
    "dumps",
    "format_cards",
    "from_record",
    "loads",
    "parse_cards",
    "rules_from_spec",
    "score_round",
    "summary",
    "to_record",
]
__version__ = "0.1.0"
