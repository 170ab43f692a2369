"""The page's lessons (``?learn=1``, ``?learn=sums``): a first hand at the Greek table and one at the
open table, written as data (:class:`~kseri.scenes.lesson.LessonScript`: a scene in the scene
notation and a step per play of yours) for :mod:`kseri.scenes.lesson` to follow.

Each hand is a round's last: the stock is empty (``end=yes``), so the last capture takes what is
left. The texts are English msgids, translated when shown (``kseri/i18n``).

>>> sorted(LESSONS), lesson_named("1").name, lesson_named("pisti").name, lesson_named("sums").table
(['greek', 'sums'], 'greek', 'greek', 'sums')
>>> lesson_named("chess") is None
True
>>> all(len(script.spec().plays) == 2 * len(script.steps) for script in LESSONS.values())
True
"""

from __future__ import annotations

from kseri.engine.rules import PROFILES
from kseri.i18n import N_
from kseri.scenes.lesson import LessonScript, LessonStep

__all__ = ["GREEK_LESSON", "LESSONS", "SUMS_LESSON", "lesson_for_table", "lesson_named"]

GREEK_LESSON = LessonScript(
    name="greek",
    table="greek",
    title=N_("Learn to play: the Greek game"),
    intro=N_("A short hand against the bot: the last six cards of a round, the stock already empty. "
             "You play first."),
    scene=("pile=8S,QC,8C,5H; hands=5S,9C,4C,8D,JD,10S|9H,6S,4S,KH,10H,2C; "
           "plays=5S,9H,9C,6S,4C,4S,8D,KH,JD,10H,10S,2C; end=yes"),
    steps=(
        LessonStep(
            prompt=N_("The top card of the pile is the 5♥. Play a card of the same rank and you take the whole "
                      "pile."),
            after=N_("You took the pile with your 5♠: five cards, and the Q♣ among them is worth a point. The "
                     "table is empty now, so the bot must lead."),
            wrong=N_("That card only goes on top of the pile. Look at the top card, the 5♥: which of your cards "
                     "has the same rank?"),
            why={"JD": N_("A jack would take the pile too, but keep it: a jack takes any pile, so it is worth most "
                          "on a big one. Take this one with a card of the same rank.")},
        ),
        LessonStep(
            prompt=N_("The bot put its 9♥ on the empty table: a lone card. Take a lone card with a card of the "
                      "same rank and it is a kseri, 10 points more."),
            after=N_("Kseri! Your 9♣ took the lone 9♥: +10. The kseri card lies sideways under your stack."),
            wrong=N_("That card would cover the 9♥, and a pile of two is no kseri. Take the lone 9♥ with the card "
                     "of its rank."),
            why={"JD": N_("A jack takes a lone card too, but that is no kseri (only a jack on a lone jack is one). "
                          "A card of the same rank makes the kseri.")},
        ),
        LessonStep(
            prompt=N_("The bot led the 6♠, and you have no 6. Your jack would take it, but one card is not worth "
                      "a jack. Put down a card that is worth nothing."),
            after=N_("Your 4♣ is worth nothing: whoever takes this pile, you gave nothing away."),
            wrong=N_("That card is worth a point (aces, tens, jacks, queens and kings are). Put down one that is "
                     "worth nothing."),
            why={"JD": N_("Keep your jack for a bigger pile: here it would take a single 6."),
                 "8D": N_("The 8♦ is worth nothing too, but keep it: it will be your safe card in a moment. Put "
                          "down the 4♣.")},
        ),
        LessonStep(
            prompt=N_("The bot took the pile with its 4♠, so you lead onto an empty table. Whatever you put down "
                      "lies alone, and a card of its rank takes it for a kseri. Lead the card the bot is least "
                      "likely to match: the rank you have seen most."),
            after=N_("A safe lead: two 8s lay in the opening pile and the third is yours, so only one 8 is left "
                     "unseen."),
            wrong=N_("No ten has been seen yet: the bot may well hold one and take your lone 10♠ for a kseri. Two "
                     "8s lay in the opening pile."),
            why={"JD": N_("A lone jack is a gift: a jack on a lone jack is a jack kseri, 20 points. Lead the rank "
                          "you have seen most: two 8s lay in the opening pile.")},
        ),
        LessonStep(
            prompt=N_("The bot could not match your 8♦ and put its K♥ on it. No card of yours has the rank of the "
                      "K♥, but a jack takes the whole pile, whatever its top card."),
            after=N_("Your jack took the pile: the K♥ is worth a point, and so is the jack."),
            wrong=N_("The 10♠ takes nothing here: only a card of the top card's rank, or a jack, takes the pile."),
        ),
        LessonStep(
            prompt=N_("Your last card, and the bot still holds one. It put its 10♥ down alone: take it with your "
                      "10♠, a kseri and the last capture of the hand. When the cards run out, whoever made the "
                      "last capture takes every card left on the table."),
            after=N_("Kseri again, and the last capture: the card the bot plays now will be yours too."),
            wrong=N_("Take the lone 10♥ with your 10♠."),
        ),
    ),
    outro=N_("The bot put down its last card, the 2♣. The cards ran out, so it went to you, the last to capture. "
             "That is the game: take with the same rank or a jack, make kseris, and leave the bot nothing easy."),
)

SUMS_LESSON = LessonScript(
    name="sums",
    table="sums",
    title=N_("Learn to play: the open table"),
    intro=N_("At the open table the cards lie side by side, and number cards add up. A short hand against the "
             "bot, the stock already empty; you play first."),
    scene=("rules=sums; table=3C,4D,QH,9S; hands=7H,QS,2D,8C,5D|9H,6S,5S,KD,AC; "
           "plays=7H:3C+4D,9H:9S,QS:QH,6S,2D>6S,5S,8C:6S+2D,KD,5D:5S,AC; end=yes"),
    steps=(
        LessonStep(
            prompt=N_("A number card takes table cards that add up to its value (an ace counts 1). Which two "
                      "table cards add up to one of your cards?"),
            after=N_("Your 7♥ took the 3♣ and the 4♦: 3 + 4 = 7."),
            wrong=N_("Look for table cards that add up to one of yours: 3 + 4 = 7."),
            why={"7H": N_("Laid loose, the 7♥ takes nothing: choose its way that takes the 3♣ and the 4♦."),
                 "QS:QH": N_("That capture is allowed, but try a sum first: the 3♣ and the 4♦ add up to one of your "
                             "cards.")},
        ),
        LessonStep(
            prompt=N_("The bot took the 9♠ with its 9♥. Kings, queens and jacks have no number: each takes only a "
                      "card of its own rank. Take the last card on the table and you leave it empty: a xeri, 10 "
                      "points."),
            after=N_("Xeri! Your Q♠ took the Q♥ and left the table empty: +10."),
            wrong=N_("Only a queen takes the Q♥: take it with your Q♠ and the table is empty, a xeri."),
        ),
        LessonStep(
            prompt=N_("The bot laid its 6♠. You may build: lay a number card on a table card and call their sum "
                      "(10 at most), if you hold a card of that value. Your 2♦ on the 6♠ makes 8, and you hold "
                      "the 8♣."),
            after=N_("Your build of 8 lies on the table. It is taken only whole, by a card of 8, and while it is "
                     "yours you may not lay a card down loose."),
            wrong=N_("Build: lay your 2♦ on the 6♠ and call 8. You hold the 8♣ to take it next turn."),
            why={"2D": N_("Laid loose, the 2♦ and the 6♠ lie apart, and a 6 could take the 6♠ alone. Choose the "
                          "way that builds 8.")},
        ),
        LessonStep(
            prompt=N_("The bot laid its 5♠ beside your build. Take your build now, before the bot can raise it: "
                      "lay a card of its own on it and make it the bot's."),
            after=N_("Your 8♣ took your build: the 6♠ and the 2♦."),
            wrong=N_("Take your build of 8 with your 8♣."),
            why={"5D": N_("Taking the 5♠ is allowed, but take your build first: the bot could raise it and make it "
                          "its own.")},
        ),
        LessonStep(
            prompt=N_("Your last card, and the bot still holds one. When the cards run out, whoever made the last "
                      "capture takes every card left on the table. Take the 5♠ with your 5♦."),
            after=N_("That was the last capture of the hand: what the bot leaves on the table at the end is "
                     "yours."),
            wrong=N_("Take the 5♠ with your 5♦: the last capture gets what is left on the table at the end."),
            why={"5D": N_("Laid loose, the 5♦ takes nothing: take the 5♠ with it, the last capture of the hand.")},
        ),
    ),
    outro=N_("The bot laid its last card, the A♣. The cards ran out, so the K♦ and the A♣ went to you, the last "
             "to capture."),
)

LESSONS: dict[str, LessonScript] = {script.name: script for script in (GREEK_LESSON, SUMS_LESSON)}
"""The lessons by name (``learn=``)."""


def lesson_for_table(table: str) -> LessonScript:
    """The lesson for a kind of table (:attr:`kseri.engine.rules.Rules.table`): the open table's, else the Greek."""
    return SUMS_LESSON if table == SUMS_LESSON.table else GREEK_LESSON


def lesson_named(value: str) -> LessonScript | None:
    """The lesson a ``learn=`` value asks for: ``1`` (or ``yes``, ``greek``) the Greek one, a profile name
    its table's, ``sums`` the open table's; None for anything else."""
    value = value.strip().lower()
    if value in ("1", "yes", "true", "greek"):
        return GREEK_LESSON
    if value in LESSONS:
        return LESSONS[value]
    if value in PROFILES:
        return lesson_for_table(PROFILES[value].table)
    return None
