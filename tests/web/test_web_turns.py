"""The turn loop (kseri.web.turns) in CPython: a real session, a fake page around it.

The page's parts (the board, the pacer, the sounds, the animations) are fakes that record what the
loop asked of them; the bots are the real ones at the easy level. Work is bounded by counting slices
and plays, never by the clock.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Callable
from typing import Any

import pytest

from kseri.engine.errors import KseriError, ObservationError
from kseri.engine.events import PlayEvent
from kseri.engine.rules import PROFILES
from kseri.table.session import GameSession
from kseri.web import turns as turns_module
from kseri.web.pace import BOT_MIN_THINK, ROUND_END_PAUSE, SLICE_MS
from kseri.web.search_modules import load_search_modules
from kseri.web.sound_plan import ROUND_END
from kseri.web.state import Activity, StateError, StateOwner, UiState
from kseri.web.turns import Turns


def run(coroutine: Any, loop_factory: Callable[[], asyncio.AbstractEventLoop] | None = None) -> Any:
    """``asyncio.run`` in a thread of its own (on a loop from ``loop_factory``, if given): the browser
    tests' Playwright keeps an event loop running in the main thread of the test process (with
    pytest-xdist a worker runs both kinds of test), and ``asyncio.run`` refuses to start inside one."""
    result: list[Any] = []
    failure: list[BaseException] = []

    def target() -> None:
        try:
            with asyncio.Runner(loop_factory=loop_factory) as runner:
                result.append(runner.run(coroutine))
        except BaseException as exc:  # handed to the test's thread
            failure.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return result[0]


class FakeBoard:
    def __init__(self) -> None:
        self.said: list[str] = []
        self.status: list[bool] = []
        self.focused: list[int] = []

    def announce(self, text: str) -> None:
        self.said.append(text)

    def draw_status(self, view: Any, *, dealing: bool = False) -> None:
        self.status.append(dealing)

    def focus_hand(self, index: int, *, unless_elsewhere: bool = False) -> None:
        self.focused.append(index)

    def keep_keyboard_place(self) -> None:
        self.focused.append(-2)

    def focus_pass_device(self) -> None:
        self.focused.append(-1)


class FakePacer:
    def __init__(self, *, instant: bool = True) -> None:
        self.instant = instant
        self.paused: list[float] = []
        self.begun = 0

    def begin(self) -> None:
        self.begun += 1

    async def pause(self, ms: float) -> None:
        self.paused.append(ms)


class FakeSound:
    def __init__(self) -> None:
        self.played: list[tuple[str, ...]] = []

    def play(self, names: tuple[str, ...]) -> None:
        self.played.append(names)


class FakeHost:
    """The page around the turns: records what they ask for."""

    def __init__(self, session: GameSession, *, instant: bool = True) -> None:
        self.session = session
        self.ui = StateOwner()
        self.board = FakeBoard()
        self.pacer = FakePacer(instant=instant)
        self.sound = FakeSound()
        self.keyboard_index: int | None = None
        self.renders = 0
        self.saves = 0
        self.notices: list[str] = []
        self.summaries = 0
        self.match_ends = 0
        self.shown: list[PlayEvent] = []
        self.deals: list[tuple[bool, Activity]] = []
        self.hints_drawn: list[Any] = []

    @property
    def state(self) -> UiState:
        return self.ui.value

    def render(self) -> None:
        self.renders += 1
        self.hints_drawn.append(self.session.shown_hints() if self.session.phase == "human" else None)

    def save(self) -> None:
        self.saves += 1

    def notify(self, text: str) -> None:
        self.notices.append(text)

    def show_round_summary(self) -> None:
        self.summaries += 1

    def value_open_ways(self) -> bool:
        return False

    def show_match_end(self) -> None:
        self.match_ends += 1

    async def animate_play(self, event: PlayEvent, gen: int) -> None:
        assert self.state.busy  # your hand is locked while a play shows
        self.shown.append(event)
        self.render()

    async def animate_deal(self, *, with_pile: bool) -> None:
        self.deals.append((with_pile, self.state.activity))


def sliced(session: GameSession, extra: int) -> list[float]:
    """Make each of the bot's decisions take ``extra`` more slices than it needs; returns the slices asked."""
    asked: list[float] = []
    think = session.think
    pending = {"left": extra}

    def think_in_slices(max_ms: float = 25.0) -> bool:
        asked.append(max_ms)
        if pending["left"] > 0:
            pending["left"] -= 1
            return False
        pending["left"] = extra
        return think(max_ms)

    session.think = think_in_slices  # type: ignore[method-assign]
    return asked


def game(*, level: str = "easy", seed: int = 7, **changes: Any) -> GameSession:
    rules = dataclasses.replace(PROFILES["greek"], **changes)
    return GameSession.new(rules=rules, level=level, seed=seed)


def bot_leads(**changes: Any) -> GameSession:
    for seed in range(40):
        session = game(seed=seed, **changes)
        if session.phase == "bot":
            return session
    raise AssertionError("no seed where the bot leads")


def your_leads(**changes: Any) -> GameSession:
    for seed in range(40):
        session = game(seed=seed, **changes)
        if session.phase == "human":
            return session
    raise AssertionError("no seed where you lead")


def first_move(session: GameSession) -> str:
    return session.ways(session.view().hand[0])[0].move


THINK_AHEAD = Turns.think_ahead


@pytest.fixture(autouse=True)
def _no_think_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's search ahead of your turn is tested on its own (it is the hard search)."""
    monkeypatch.setattr(turns_module.Turns, "think_ahead", _no_hint)


async def _no_hint(self: Turns, gen: int) -> None:
    return None


def test_the_bot_thinks_in_slices_yielding_between_them_then_it_is_your_turn():
    session = bot_leads()
    host = FakeHost(session)
    asked = sliced(session, extra=3)
    yields = 0
    activities: list[Activity] = []

    async def watch() -> None:
        nonlocal yields
        while True:
            yields += 1
            activities.append(host.state.activity)
            await asyncio.sleep(0)

    async def main() -> None:
        watcher = asyncio.ensure_future(watch())
        await Turns(host).drive(host.state.generation)
        watcher.cancel()

    run(main())
    assert session.phase == "human"
    assert host.state == UiState(Activity.IDLE, 0)
    assert len(host.shown) == 1 and host.shown[0].seat != session.viewer  # the bot's one card
    assert asked == [SLICE_MS] * 4  # three slices short, the fourth decides
    assert yields >= 3 and Activity.THINKING in activities  # the page ran between each two slices
    assert host.saves == 1 and host.summaries == host.match_ends == 0
    assert host.pacer.paused and host.pacer.paused[0] <= BOT_MIN_THINK  # the bot seems to think a moment


def tasks_of(host: FakeHost, session: GameSession, turn: Any,
             also: tuple[tuple[Any, str, str], ...] = ()) -> list[set[str]]:
    """Run ``turn`` beside a watcher that runs once between any two steps of it; returns what each
    step (a task of its own in the page) did: ``think`` (a slice of a search) and ``draw``, and the
    label of each ``(object, method, label)`` of ``also`` called in it."""
    steps: list[set[str]] = [set()]
    think, hint_step, render = session.think, session.hint_step, host.render

    def logged(name: str, call: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            steps[-1].add(name)
            return call(*args, **kwargs)
        return wrapper

    finished: list[bool] = []

    def hint_slice(max_ms: float = 25.0) -> bool:
        if not finished:  # once worked out, a call only answers (show_hint asks again)
            steps[-1].add("think")
        done = hint_step(max_ms)
        if done:
            finished.append(True)
        return done

    session.think = logged("think", think)  # type: ignore[method-assign]
    for owner, method, label in also:
        setattr(owner, method, logged(label, getattr(owner, method)))
    session.hint_step = hint_slice  # type: ignore[method-assign]
    host.render = logged("draw", render)  # type: ignore[method-assign]
    host.board.draw_status = logged("draw", host.board.draw_status)  # type: ignore[method-assign]

    async def watch() -> None:
        while True:
            steps.append(set())
            await asyncio.sleep(0)

    async def main() -> None:
        watcher = asyncio.ensure_future(watch())
        await asyncio.sleep(0)
        await turn
        watcher.cancel()

    run(main())
    return [step for step in steps if step]


@pytest.mark.parametrize("level", ["easy", "hard", "expert"])
def test_no_slice_of_a_search_runs_in_the_task_that_draws(level: str) -> None:
    # The page's longest tasks are its drawing; a 25 ms slice in one of them would make it longer.
    session = your_leads(level=level)
    host = FakeHost(session)
    host.ui.to(Activity.PLAYING)
    steps = tasks_of(host, session, Turns(host).human_turn(first_move(session), host.state.generation))
    assert session.phase == "human" and len(host.shown) == 2
    assert any("think" in step for step in steps) and any("draw" in step for step in steps)
    assert [step for step in steps if step == {"think", "draw"}] == []
    hint = tasks_of(host, session, Turns(host).hint(host.state.generation))
    assert host.hints_drawn[-1] and [step for step in hint if step == {"think", "draw"}] == []


class Loader:
    """Stands in for :func:`kseri.web.search_modules.load_search_modules`: three imports, a task each."""

    def import_one(self) -> None:
        pass

    async def load(self, table: str) -> None:
        assert table == "pile"
        for _ in range(3):
            self.import_one()
            await asyncio.sleep(0)


@pytest.mark.parametrize("turn", ["bot", "hint"])
def test_the_search_modules_load_one_per_task_before_the_first_slice(turn: str, monkeypatch) -> None:
    # A turn that comes before the page's warm-up has loaded the search (a bot that leads the first
    # round): loaded in the first slice, they made it a task of 50-54 ms in the page.
    loader = Loader()
    monkeypatch.setattr(turns_module, "load_search_modules", loader.load)
    session = bot_leads(level="expert") if turn == "bot" else your_leads(level="expert")
    host = FakeHost(session)
    gen = host.state.generation
    coroutine = Turns(host).drive(gen) if turn == "bot" else Turns(host).hint(gen)
    steps = tasks_of(host, session, coroutine, also=((loader, "import_one", "load"),))
    loads = [i for i, step in enumerate(steps) if "load" in step]
    thinks = [i for i, step in enumerate(steps) if "think" in step]
    assert len(loads) == 3 and all(steps[i] == {"load"} for i in loads)
    assert thinks and max(loads) < min(thinks)


def test_your_move_is_played_then_the_bots_answer_until_your_turn_comes_back():
    session = your_leads()
    host = FakeHost(session)
    plays = len(session.match.round.plays)
    host.ui.to(Activity.PLAYING)  # as the page does on the click, before the task starts
    run(Turns(host).human_turn(first_move(session), host.state.generation))
    assert session.phase == "human" and host.state.activity is Activity.IDLE
    assert len(session.match.round.plays) == plays + 2
    assert [event.seat == session.viewer for event in host.shown] == [True, False]
    assert host.saves == 2 and host.pacer.begun == 1


def test_a_refused_move_says_why_and_leaves_the_table_quiet():
    session = your_leads()
    host = FakeHost(session)
    host.ui.to(Activity.PLAYING)
    run(Turns(host).human_turn("XX", host.state.generation))
    assert host.state.activity is Activity.IDLE
    assert len(host.notices) == 1 and host.shown == [] and host.saves == 0


def test_a_new_match_stops_the_old_matchs_bot_between_two_slices():
    run(load_search_modules("pile"))  # as after the page's warm-up: the turn goes straight to its slices
    session = bot_leads()
    host = FakeHost(session)
    asked = sliced(session, extra=50)
    plays = len(session.match.round.plays)

    async def main() -> None:
        task = asyncio.ensure_future(Turns(host).drive(host.state.generation))
        for _ in range(5):
            await asyncio.sleep(0)
        host.ui.new_match(Activity.IDLE)
        await task

    run(main())
    assert len(session.match.round.plays) == plays and host.shown == []
    assert 0 < len(asked) <= 6  # it stopped at the next slice
    assert host.state == UiState(Activity.IDLE, 1)


def play_out(host: FakeHost, *, limit: int = 200) -> int:
    """Play your first card at each of your turns until the round or the match ends; returns your plays."""
    turns = Turns(host)
    mine = 0
    run(turns.drive(host.state.generation))
    while host.session.phase == "human":
        mine += 1
        assert mine <= limit
        host.ui.to(Activity.PLAYING)
        run(turns.human_turn(first_move(host.session), host.state.generation))
    return mine


def test_a_round_ends_with_its_sound_its_pause_and_the_summary():
    session = game(seed=3)
    host = FakeHost(session, instant=False)
    mine = play_out(host)
    assert session.phase == "round_over" and host.summaries == 1 and host.match_ends == 0
    assert mine == 24  # 48 cards after the opening four, half of them yours
    assert host.sound.played == [(ROUND_END,)] and ROUND_END_PAUSE in host.pacer.paused
    # The new packets were dealt in during the round (the cards slide from the stock while dealing)
    assert len(host.deals) == 3 and set(host.deals) == {(False, Activity.DEALING)}
    assert host.state.activity is Activity.IDLE


def test_the_next_round_is_dealt_in_with_the_pile_and_plays_on():
    session = game(seed=3)
    host = FakeHost(session, instant=False)
    play_out(host)
    session.next_round()
    host.ui.to(Activity.PLAYING)
    run(Turns(host).new_round(host.state.generation))
    assert host.deals[-1] == (True, Activity.DEALING)
    assert session.phase == "human" and host.state.activity is Activity.IDLE
    assert host.board.said[-1].startswith("Round 2.")


def test_the_match_ends_with_its_result():
    session = game(seed=5, match_rounds=1)
    host = FakeHost(session)
    play_out(host)
    assert session.phase == "match_over" and host.match_ends == 1 and host.summaries == 0


def test_a_hint_is_worked_out_in_slices_and_shown_once_until_you_play():
    session = your_leads()
    host = FakeHost(session)
    steps: list[float] = []
    hint_step = session.hint_step

    def step(max_ms: float = 25.0) -> bool:
        steps.append(max_ms)
        return hint_step(max_ms)

    session.hint_step = step  # type: ignore[method-assign]
    assert session.shown_hints() is None
    host.ui.to(Activity.HINTING)
    run(Turns(host).hint(host.state.generation))
    shown = session.shown_hints()
    assert shown is not None and {entry.card for entry in shown} == set(session.view().hand)
    assert host.hints_drawn[-1] == shown  # drawn from the session's one copy
    assert host.state.activity is Activity.IDLE and set(steps[:-1]) == {SLICE_MS}  # (the last: the rows, ready)
    assert host.board.said[-1].startswith("Hint: ")
    host.ui.to(Activity.PLAYING)
    run(Turns(host).human_turn(first_move(session), host.state.generation))
    assert session.shown_hints() is None  # the position moved on


@pytest.mark.parametrize("error", [ObservationError("no deal fits"), RuntimeError("a bug")])
def test_a_failing_hint_leaves_the_button_idle_and_drawn_so(error: Exception) -> None:
    """A refusal of the search is said in a notice; anything else still surfaces, but the Hint button
    never keeps its working look."""
    session = your_leads()
    host = FakeHost(session)

    def step(max_ms: float = 25.0) -> bool:
        raise error

    session.hint_step = step  # type: ignore[method-assign]
    drawn: list[Activity] = []
    host.render = lambda: drawn.append(host.state.activity)  # type: ignore[method-assign]
    host.ui.to(Activity.HINTING)
    if isinstance(error, KseriError):
        run(Turns(host).hint(host.state.generation))
        assert host.notices == ["No hint this time: no deal fits."]
    else:
        with pytest.raises(RuntimeError, match="a bug"):
            run(Turns(host).hint(host.state.generation))
    assert host.state.activity is Activity.IDLE and drawn[-1] is Activity.IDLE


def test_the_hint_is_worked_out_ahead_on_your_turn_but_shown_only_when_asked(monkeypatch):
    monkeypatch.setattr(turns_module, "THINK_AHEAD_DELAY", 0)
    monkeypatch.setattr(turns_module, "THINK_AHEAD_GAP", 0)
    session = your_leads()
    host = FakeHost(session)
    run(THINK_AHEAD(Turns(host), host.state.generation))
    assert session.shown_hints() is None and host.renders == 0  # worked out, not shown
    steps: list[float] = []
    hint_step = session.hint_step

    def step(max_ms: float = 25.0) -> bool:
        steps.append(max_ms)
        return hint_step(max_ms)

    session.hint_step = step  # type: ignore[method-assign]
    host.ui.to(Activity.HINTING)
    run(Turns(host).hint(host.state.generation))
    assert steps[0] == SLICE_MS and len(steps) == 2  # ready at the first slice (the second: the rows)
    assert session.shown_hints() is not None


def test_after_the_hint_ahead_the_bot_thinks_ahead_of_each_card_you_may_play(monkeypatch):
    monkeypatch.setattr(turns_module, "THINK_AHEAD_DELAY", 0)
    monkeypatch.setattr(turns_module, "THINK_AHEAD_GAP", 0)
    session = your_leads(level="hard")
    host = FakeHost(session)
    calls: list[str] = []
    hint_step, ponder = session.hint_step, session.ponder
    session.hint_step = lambda max_ms=25.0: calls.append("hint") or hint_step(max_ms)  # type: ignore[method-assign]
    session.ponder = lambda max_ms=25.0: calls.append("ponder") or ponder(max_ms)  # type: ignore[method-assign]
    run(THINK_AHEAD(Turns(host), host.state.generation))
    first_ponder = calls.index("ponder")
    assert set(calls[:first_ponder]) == {"hint"} and set(calls[first_ponder:]) == {"ponder"}
    assert session.shown_hints() is None and host.renders == 0  # nothing drawn, nothing shown
    session.play_human(first_move(session))
    assert session.think(0.0)  # the bot's move is ready at its first slice


def test_the_hint_ahead_stops_when_the_table_is_busy(monkeypatch):
    monkeypatch.setattr(turns_module, "THINK_AHEAD_DELAY", 0)
    session = your_leads()
    host = FakeHost(session)
    steps: list[float] = []
    session.hint_step = lambda max_ms=25.0: steps.append(max_ms) or False  # type: ignore[method-assign]
    host.ui.to(Activity.PLAYING)  # a card is played meanwhile
    run(THINK_AHEAD(Turns(host), host.state.generation))
    assert steps == []


def test_the_state_owner_refuses_what_the_table_cannot_do():
    owner = StateOwner()
    with pytest.raises(StateError, match="from idle to dealing"):
        owner.to(Activity.DEALING)
    owner.to(Activity.THINKING)
    with pytest.raises(StateError, match="from thinking to hinting"):
        owner.to(Activity.HINTING)
    assert owner.value == UiState(Activity.THINKING, 0)  # a refused change changes nothing
    assert owner.new_match() == UiState(Activity.PLAYING, 1)


def test_turn_text_says_whose_turn_it_is():
    assert Turns(FakeHost(your_leads())).turn_text() == "Your turn."
    assert Turns(FakeHost(bot_leads())).turn_text() == "The bot leads."


def test_the_turns_do_not_need_the_page():
    import subprocess
    import sys
    script = ("import sys, kseri.web.turns; "
              "assert not {'js', 'pyscript', 'pyodide'} & set(sys.modules)")
    subprocess.run([sys.executable, "-c", script], check=True)


class FlyingHost(FakeHost):
    """A page whose cards take :data:`FRAMES` tasks to fly (the animations of a real page)."""

    FRAMES = 6

    def __init__(self, session: GameSession, *, instant: bool) -> None:
        super().__init__(session, instant=instant)
        self.in_flight = False
        self.thought_in_flight = 0
        think = session.think

        def counted(max_ms: float = 25.0) -> bool:
            self.thought_in_flight += self.in_flight
            return think(max_ms)

        session.think = counted  # type: ignore[method-assign]

    async def animate_play(self, event: PlayEvent, gen: int) -> None:
        await super().animate_play(event, gen)
        if self.pacer.instant:
            return
        await self.fly()

    async def animate_deal(self, *, with_pile: bool) -> None:
        await super().animate_deal(with_pile=with_pile)
        await self.fly()

    async def fly(self) -> None:
        self.in_flight = True
        for _ in range(self.FRAMES):
            await asyncio.sleep(0)
        self.in_flight = False


@pytest.mark.parametrize("players", [2, 4])
def test_the_next_bot_thinks_while_the_card_before_it_flies_and_plays_the_same(players: int) -> None:
    # At tables of many bots a search may outlast the 650 ms pause; the card before it flies for
    # about as long again, time the page spends waiting on its animation.
    def play(instant: bool) -> tuple[GameSession, FlyingHost, list[set[str]]]:
        session = your_leads(level="hard", players=players)
        host = FlyingHost(session, instant=instant)
        host.ui.to(Activity.PLAYING)
        steps = tasks_of(host, session, Turns(host).human_turn(first_move(session), host.state.generation))
        return session, host, steps

    still, still_host, _ = play(instant=True)
    moving, host, _ = play(instant=False)
    assert moving.phase == still.phase == "human"
    assert moving.match.round.plays == still.match.round.plays and len(host.shown) == players
    assert still_host.thought_in_flight == 0 and host.thought_in_flight > 0
    # Two coroutines run side by side here: CPython's loop runs a callback of each between two steps
    # of tasks_of's watcher, where the page's loop runs every callback as a task of its own.
    assert [step for step in callbacks_of(players) if step == {"think", "draw"}] == []
    assert host.state.activity is Activity.IDLE
    assert len(host.pacer.paused) == players - 1  # each bot keeps its pace


def test_the_bot_who_leads_a_new_round_thinks_while_it_is_dealt_in_and_plays_the_same() -> None:
    def second_round(instant: bool) -> tuple[GameSession, FlyingHost]:
        for seed in range(40):
            session = game(seed=seed, level="hard")
            host = FlyingHost(session, instant=True)
            play_out(host)
            session.next_round()
            if session.phase == "bot":
                host.pacer.instant = instant
                host.ui.to(Activity.PLAYING)
                run(Turns(host).new_round(host.state.generation))
                return session, host
        raise AssertionError("no seed where the bot leads the second round")

    still, _ = second_round(instant=True)
    moving, host = second_round(instant=False)
    assert host.thought_in_flight > 0 and moving.phase == still.phase == "human"
    assert moving.match.round.plays == still.match.round.plays


def callbacks_of(players: int) -> list[set[str]]:
    """Your first play and the bots' answers with cards that fly, each callback of the event loop a step
    of its own, as Pyodide's loop runs each as a browser task: what each did (``think``, ``draw``)."""
    session = your_leads(level="hard", players=players)
    host = FlyingHost(session, instant=False)
    host.ui.to(Activity.PLAYING)
    steps: list[set[str]] = [set()]

    def logged(name: str, call: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            steps[-1].add(name)
            return call(*args, **kwargs)
        return wrapper

    session.think = logged("think", session.think)  # type: ignore[method-assign]
    host.render = logged("draw", host.render)  # type: ignore[method-assign]
    host.board.draw_status = logged("draw", host.board.draw_status)  # type: ignore[method-assign]

    class TaskPerCallback(asyncio.SelectorEventLoop):
        def call_soon(self, callback: Any, *args: Any, context: Any = None) -> Any:
            def stepped(*inner: Any) -> None:
                steps.append(set())
                callback(*inner)
            return super().call_soon(stepped, *args, context=context)

    run(Turns(host).human_turn(first_move(session), host.state.generation), TaskPerCallback)
    assert session.phase == "human" and host.thought_in_flight > 0 and len(host.shown) == players
    return [step for step in steps if step]
