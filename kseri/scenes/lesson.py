"""Lessons: a first hand played at the real table, the page saying what to look for (pure Python).

A lesson is data, a :class:`LessonScript`: a rule scene in the scene notation
(:mod:`kseri.scenes.notation`: the table, both hands, and every play in order, yours and the
bot's) plus one :class:`LessonStep` per play of yours: what to look for (``prompt``), what
happened once you made that play (``after``), and why another play is not the one
(``wrong``, or ``why`` for a particular card or move). Guide authors can write more in the
same way (:mod:`kseri.scenes.lessons` holds the page's two).

:class:`Lesson` follows a script; :func:`lesson_session` makes the session the page plays it
in: a :class:`~kseri.table.session.GameSession` (at any table) whose bot plays the script's replies, which
refuses any play of yours but the script's with the step's explanation
(:class:`LessonMoveError`), and which is never saved.

>>> from kseri.i18n import N_
>>> script = LessonScript(name="demo", table="greek", title=N_("A kseri"), intro="", outro="",
...     scene="pile=9H; hands=9C,4D|5S,6S; plays=9C,5S,4D,6S; end=yes",
...     steps=(LessonStep(prompt="Take the lone 9♥.", after="A kseri!", wrong="Take it with the 9♣."),
...            LessonStep(prompt="Play your last card.", after="Done.", wrong="")))
>>> session = lesson_session(script)
>>> session.lesson.prompt()
'Take the lone 9♥.'
>>> session.play_human("4D")
Traceback (most recent call last):
...
kseri.scenes.lesson.LessonMoveError: Take it with the 9♣.
>>> session.lesson.feedback
Feedback(right=False, msgid='Take it with the 9♣.')
>>> session.play_human("9C").kind
'kseri'
>>> session.lesson.feedback.text, session.phase
('A kseri!', 'bot')
>>> session.think(), session.play_bot().card.code, session.lesson.step_number
(True, '5S', 2)
>>> _ = session.play_human("4D"); _ = session.play_bot()
>>> session.lesson.finished, session.phase
(True, 'round_over')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from kseri.engine.cards import Card, played_code
from kseri.engine.errors import IllegalMoveError, KseriError
from kseri.engine.events import PlayEvent
from kseri.engine.match import Match
from kseri.engine.rules import Rules
from kseri.i18n import _
from kseri.scenes.build import build, start_position
from kseri.scenes.errors import SceneError
from kseri.scenes.notation import SceneSpec, parse
from kseri.table.seats import BOT, HUMAN, SessionError
from kseri.table.session import GameSession

__all__ = ["Feedback", "Lesson", "LessonMoveError", "LessonScript", "LessonStep", "judge", "lesson_of",
           "lesson_session"]


@dataclass(frozen=True, kw_only=True, slots=True)
class LessonStep:
    """One play of yours in a lesson. Texts are English msgids (translated when shown)."""

    prompt: str
    """What to look for before the play (the page waits for it)."""
    after: str
    """What happened, once the play is made."""
    wrong: str
    """Why another play is not the one (shown, and the play refused: try again)."""
    why: Mapping[str, str] = field(default_factory=dict)
    """A particular explanation for a card code (``JD``) or a move (``7H``, ``7H:3C+4D``), over ``wrong``."""


@dataclass(frozen=True, kw_only=True, slots=True)
class LessonScript:
    """A lesson: its scene (a rule scene with ``hands``, ``plays`` and ``first=0``: you play first, in
    seat 0) and a step per play of yours, in order."""

    name: str
    """What ``learn=`` calls it (``greek``, ``sums``)."""
    table: str
    """The rules profile it is played at (``<body data-lesson>``)."""
    title: str
    intro: str
    """Said before the first step."""
    scene: str
    steps: tuple[LessonStep, ...]
    outro: str
    """Said once the hand is over."""

    def messages(self) -> tuple[str, ...]:
        """Every text of the lesson (English msgids, in order: the catalog's tests ask each for its Greek).

        >>> LessonScript(name="demo", table="greek", title="A kseri", intro="", outro="Done.", scene="",
        ...              steps=(LessonStep(prompt="Look", after="Yes", wrong="No", why={"JD": "Keep it"}),)).messages()
        ('A kseri', 'Look', 'Yes', 'No', 'Keep it', 'Done.')
        """
        texts = (self.title, self.intro, *(text for step in self.steps
                                          for text in (step.prompt, step.after, step.wrong, *step.why.values())),
                 self.outro)
        return tuple(text for text in texts if text)

    def spec(self) -> SceneSpec:
        """The scene, checked: every play legal, and a step for each play of yours (:class:`SceneError` if not)."""
        spec = parse(self.scene)
        if spec.rules != self.table:
            raise SceneError(f"lesson {self.name!r}: its scene is at the {spec.rules!r} table, not {self.table!r}")
        if spec.hands is None or spec.first != HUMAN or spec.game_rules().players != 2:
            raise SceneError(f"lesson {self.name!r}: the scene must give both hands and start with seat 0 (first=0)")
        build(spec)  # every play legal (the scene builder says which is not, and why)
        yours = len(spec.plays[HUMAN::2])
        if yours != len(self.steps):
            raise SceneError(f"lesson {self.name!r}: {yours} plays of yours, but {len(self.steps)} steps")
        return spec


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the page says about your last play: ``right`` (the step's ``after``) or not (why not)."""

    right: bool
    msgid: str

    @property
    def text(self) -> str:
        """In the page's language (now: it may have changed since the play)."""
        return _(self.msgid)


class LessonMoveError(IllegalMoveError):
    """A legal play that is not the lesson's: its explanation, in the page's language (one line)."""


class Lesson:
    """Where a lesson stands: how many of the scene's plays are made, and what was said about yours."""

    def __init__(self, script: LessonScript) -> None:
        self.script = script
        self.spec = script.spec()
        self.made = 0
        """Plays of the scene made so far (yours and the bot's)."""
        self.feedback: Feedback | None = None
        self.mistakes = 0

    @property
    def plays(self) -> tuple[str, ...]:
        return self.spec.plays

    @property
    def finished(self) -> bool:
        return self.made >= len(self.plays)

    @property
    def step_number(self) -> int:
        """Your step in play (from 1), or the last one once the lesson is over."""
        return min(self.made // 2, len(self.script.steps) - 1) + 1

    @property
    def step(self) -> LessonStep:
        return self.script.steps[self.step_number - 1]

    def prompt(self) -> str:
        """What to look for now ("" while the bot plays, or once the hand is over)."""
        return _(self.step.prompt) if self.made % 2 == HUMAN and not self.finished else ""

    def expected(self) -> str:
        """The play of yours the lesson waits for."""
        if self.finished or self.made % 2 != HUMAN:
            raise IllegalMoveError("the lesson waits for the bot's play" if not self.finished else "the lesson is over")
        return self.plays[self.made]

    def refuse(self, move: str) -> LessonMoveError:
        """Your play ``move`` is not the one: say why (and remember it was said)."""
        step = self.step
        text = step.why.get(move) or step.why.get(played_code(move)) or step.wrong
        self.mistakes += 1
        self.feedback = Feedback(False, text)
        return LessonMoveError(self.feedback.text)

    def played(self) -> None:
        """Your play was the one: on to the bot's reply."""
        self.feedback = Feedback(True, self.step.after)
        self.made += 1

    def reply(self) -> str:
        """The bot's play now (the scene's next), made."""
        if self.finished or self.made % 2 != BOT:
            raise IllegalMoveError("it is not the bot's turn in the lesson")
        move = self.plays[self.made]
        self.made += 1
        return move


class _LessonSession(GameSession):
    """What a lesson changes in a session: the script's plays, and nothing saved or hinted."""

    lesson: Lesson

    def same_move(self, move: str, expected: str) -> bool:
        """Whether ``move`` is the play ``expected`` names, however it is written (at the open table a
        capture may name its cards in any order: the round reads both into one move)."""
        state = self.round
        return bool(state.parse_move(move) == state.parse_move(expected))

    def play_human(self, card: object) -> PlayEvent:
        """Your play, if it is the lesson's (else :class:`LessonMoveError`, the step's explanation)."""
        if self.phase != "human":
            raise IllegalMoveError(f"it is not your turn ({self.phase.replace('_', ' ')})")
        move = card if isinstance(card, str) else card.code if isinstance(card, Card) else str(card)
        try:
            right = self.same_move(move, self.lesson.expected())
        except KseriError:
            right = False
        if not right:
            raise self.lesson.refuse(move)
        event = super().play_human(move)
        self.lesson.played()
        return event

    def think(self, max_ms: float = 25.0) -> bool:
        self.bot_turns.check_turn()
        return True  # the bot's play is the script's: nothing to think about

    def play_bot(self) -> PlayEvent:
        self.bot_turns.check_turn()
        return self._play_scripted(self.lesson.reply())

    def _play_scripted(self, move: str) -> PlayEvent:
        return self._play(self.round.parse_move(move))

    def hint_step(self, max_ms: float = 25.0) -> bool:
        raise SessionError(_("the lesson itself says what to look for"))

    def to_save(self) -> str:
        raise SessionError("a lesson is not saved")

    def record_text(self) -> str:
        raise SessionError("a lesson has no record to share")


def lesson_session(script: LessonScript) -> GameSession:
    """A new session playing ``script`` from its first step (:class:`SceneError` if the script is wrong)."""
    lesson = Lesson(script)
    rules: Rules = lesson.spec.game_rules()
    match = Match(rules, first_dealer=BOT)
    match.rounds.append(start_position(lesson.spec))
    session = _LessonSession(match, seed=0, level="easy")
    session.lesson = lesson
    return session


def lesson_of(session: GameSession) -> Lesson | None:
    """The lesson ``session`` plays (None: a real match)."""
    return session.lesson if isinstance(session, _LessonSession) else None


def judge(session: GameSession, move: str) -> bool:
    """Whether your play ``move`` may be made now: any legal one in a match; in a lesson only the step's,
    another being refused with the step's explanation (:attr:`Lesson.feedback`), nothing played.

    >>> from kseri.scenes.lessons import GREEK_LESSON
    >>> session = lesson_session(GREEK_LESSON)
    >>> judge(session, "JD"), session.lesson.feedback.text.startswith("A jack would take the pile too")
    (False, True)
    >>> judge(session, "5s"), session.lesson.made
    (True, 0)
    """
    if not isinstance(session, _LessonSession):
        return True
    lesson = session.lesson
    try:
        if session.same_move(move, lesson.expected()):
            return True
    except KseriError:
        return False  # the lesson waits for the bot, or is over
    lesson.refuse(move)
    return False
