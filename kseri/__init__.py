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

from .cards import PACK, Card, format_cards, parse_cards
from .errors import CardCodeError, IllegalMoveError, KseriError, RecordError, RulesError
from .events import PlayEvent
from .match import Match
from .observation import Observation, ObservationError
from .record import dumps, from_record, loads, summary, to_record
from .round import Round
from .rules import FOURCARD, GREEK, PROFILES, Rules, rules_from_spec
from .scoring import Breakdown, RoundScore, score_round

__all__ = [
    "PACK", "Card", "format_cards", "parse_cards",
    "CardCodeError", "IllegalMoveError", "KseriError", "RecordError", "RulesError",
    "PlayEvent", "Match", "Observation", "ObservationError",
    "dumps", "from_record", "loads", "summary", "to_record",
    "Round", "FOURCARD", "GREEK", "PROFILES", "Rules", "rules_from_spec",
    "Breakdown", "RoundScore", "score_round",
]
__version__ = "0.1.0"
