"""Playing a friend on another device, in Chromium: two browser contexts (two devices, each with its own
storage) play a whole Pişti round and a whole round at the open table by exchanging links, as two people
would through a messenger (the Greek table is played over a direct connection, ``test_duel_direct.py``).

Before a card may be seen, neither device's page (its text and attributes), its storage nor the
messages it received hold it in clear: the test searches every snapshot for every hidden card's
code, printed form and name, and for every card's plain element in every written form. A
tampered message, a replayed one and a play of a card the sender does not hold are each refused
with a notice, and nothing changes. The finished match is a ``kseri-record/1`` on both devices,
replayed by the engine.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from kseri.engine.cards import CODES
from kseri.table.duel import codec
from kseri.table.duel.codec import Message, Play
from kseri.table.duel.peer import HOST
from kseri.table.duel.rounds import open_value
from tests.browser.conftest import failed, watch_page
from tests.browser.duel_devices import Device, check_messages, check_snapshots, verified_record

pytestmark = pytest.mark.browser


def _device(pool, browser, page_watch, site_url: str, name: str, viewport: dict[str, int]) -> Device:
    """A device: a context of its own options (each device's viewport differs, so their storage is apart)."""
    context = pool.lend(browser, {"viewport": viewport, "reduced_motion": "reduce", "service_workers": "block",
                                  "locale": "en-US"}, site_url)
    page = context.new_page()
    watch_page(page, page_watch)
    return Device(name=name, page=page, url=site_url)


@pytest.fixture
def devices(browser, page_watch, site_url, context_pool, request):
    anna = _device(context_pool, browser, page_watch, site_url, "Anna", {"width": 1280, "height": 800})
    ben = _device(context_pool, browser, page_watch, site_url, "Ben", {"width": 375, "height": 740})
    yield anna, ben
    for device in (anna, ben):
        context_pool.give_back(device.page.context, failed=failed(request))
    problems = page_watch.problems()
    if problems:
        pytest.fail("the pages reported problems:\n  " + "\n  ".join(problems), pytrace=False)


def _pair(anna: Device, ben: Device, table: str = "greek") -> None:
    anna.page.goto(f"{anna.url}/index.html")
    anna.wait("() => document.body.dataset.ready === 'true'")
    anna.snapshot()
    invitation = anna.invite("Anna", "r1", table)
    ben.open_link(invitation, first=True)
    ben.snapshot()
    answer = ben.accept("Ben")
    ben.snapshot()
    anna.open_link(answer)
    anna.snapshot()


def _exchange(anna: Device, ben: Device, *, until_plays: int | None = None,
              play: Callable[[Device], object] = Device.play_first_card) -> None:
    """Carry links and click cards (``play``) until the match is over on both devices (or ``until_plays`` plays)."""
    devices = (anna, ben)
    for _step in range(400):
        states = [d.state() for d in devices]
        if all(s["phase"] == "match_over" and not s["unsent"] for s in states):
            return
        if until_plays is not None and max(d.plays for d in devices) >= until_plays:
            return
        moved = False
        for device, state, other in ((anna, states[0], ben), (ben, states[1], anna)):
            if "round-summary" in state["dialogs"]:  # a tied round: one more (a match of one round)
                device.page.click("#next-round")
                moved = True
            elif state["unsent"]:
                link = device.read_link()
                other.open_link(link)
                other.plays = device.plays
                other.snapshot()
                moved = True
            elif state["playable"] and state["awaiting"] == "you":
                play(device)
                device.snapshot()
                moved = True
            if moved:
                break
        assert moved, f"nothing to do: {states}"
    raise AssertionError("the match did not end")


def test_two_devices_play_a_pisti_round_by_links(devices) -> None:
    """Pişti between friends. An opening jack, when one is dealt (about one deal in four: the page's keys are
    random, so the test cannot choose; ``test_duel_protocol.py`` deals them on purpose), is replaced from the
    stock by both devices, and the snapshots' check counts it seen by both from the deal on."""
    anna, ben = devices
    _pair(anna, ben, "pisti")
    _exchange(anna, ben)
    assert "match-end" in ben.state()["dialogs"] or "match-end" in anna.state()["dialogs"]
    record_a, record_b = verified_record(anna), verified_record(ben)
    assert record_a["rounds"] == record_b["rounds"]
    assert record_a["first_dealer"] == 1 - record_b["first_dealer"]
    assert len(record_a["rounds"][0]["plays"]) == 48
    seats = {"Anna": 0, "Ben": 1}
    assert check_snapshots([anna], record_a, seats) > 40
    assert check_snapshots([ben], record_a, seats) > 40
    assert check_messages([anna, ben]) >= 50
    # Statistics count it apart, against friends.
    stats = json.loads(anna.storage()["kseri.table.stats"])
    assert stats["games"]["pisti"]["friends"]["matches"] == 1
    assert record_a["rules"]["profile"] == "pisti"
    # What each device says of a play uses the table's word: pişti, never kseri.
    said = "\n".join(anna.said + ben.said)
    assert not re.search(r"\bkseri", said, re.IGNORECASE), said


def test_two_devices_play_an_open_table_round_by_links(devices) -> None:
    """The open table between friends: captures by sum and builds chosen in ``#ways``, the friend named."""
    anna, ben = devices
    _pair(anna, ben, "sums")
    assert "Anna" in (ben.page.text_content("#duel-bar") or "")
    assert ben.page.get_attribute("body", "data-table") == "sums"  # drawn as the open table before the deal too
    _exchange(anna, ben, play=Device.play_a_way)
    assert anna.page.get_attribute("body", "data-table") == ben.page.get_attribute("body", "data-table") == "sums"
    record_a, record_b = verified_record(anna), verified_record(ben)
    assert record_a["rules"] == record_b["rules"] and "sums" in json.dumps(record_a["rules"])
    assert record_a["rounds"] == record_b["rounds"]
    assert len(record_a["rounds"][0]["plays"]) == 48
    chosen = anna.chosen + ben.chosen
    assert any(way.kind in ("build", "raise") or len(way.cards) > 1 for way in chosen), chosen
    seats = {"Anna": 0, "Ben": 1}
    assert check_snapshots([anna], record_a, seats) > 40
    assert check_snapshots([ben], record_a, seats) > 40
    assert check_messages([anna, ben]) >= 50
    # What each device says of the friend's plays names the friend, never "the bot".
    for device, friend in ((anna, "Ben"), (ben, "Anna")):
        said = "\n".join(device.said)
        assert not re.search(r"\bBot\b|[Tt]he bot", said), (device.name, said)
        assert re.search(rf"\b{friend} (plays|lays|took|built)", said), (device.name, said)
    stats = json.loads(ben.storage()["kseri.table.stats"])
    assert stats["games"]["sums"]["friends"]["matches"] == 1


def test_a_tampered_a_replayed_and_a_false_card_are_refused(devices) -> None:
    anna, ben = devices
    _pair(anna, ben)
    _exchange(anna, ben, until_plays=3)
    sender, receiver = (anna, ben) if anna.state()["unsent"] else (ben, anna)
    if not sender.state()["unsent"]:
        sender, receiver = (ben, anna) if anna.state()["playable"] else (anna, ben)
        sender.play_first_card()
    link = sender.read_link()
    key = next(k for k in receiver.storage() if k.startswith("kseri.duel.m."))
    before = receiver.storage()[key]

    # A link changed on the way (one character of its message).
    at = len(link) - 30
    tampered = link[:at] + ("A" if link[at] != "A" else "B") + link[at + 1:]
    receiver.open_link(tampered)
    assert "changed on the way" in receiver.state()["notice"]
    assert receiver.storage()[key] == before

    # A play of a card the sender does not hold, sealed with the match's key (a cheating device has it).
    cheat = sender.peer()
    r = cheat.round
    assert r is not None and r.deck is not None
    held = list(cheat._my_hand_positions(r))
    mine = {r.known[p] for p in held}
    claimed = next(c for c in range(52) if c not in mine and c not in r.known.values())
    position = held[0]
    proof = open_value(r.deck[position], r.my_keys[:r.layers(position)])
    real = codec.decode(codec.from_text(link), key=cheat.key or b"")
    forged = codec.encode(Message(match=cheat.match, sender=real.sender, seq=real.seq,
                                  parts=(Play(position=position, move=CODES[claimed], proof=proof),)),
                          key=cheat.key or b"")
    receiver.open_link(codec.link(f"{receiver.url}/index.html", forged))
    assert f"not in {sender.name}'s hand" in receiver.state()["notice"]
    assert receiver.storage()[key] == before

    # The true message still applies; opened again, it is refused as applied already.
    receiver.open_link(link)
    receiver.plays = sender.plays
    assert receiver.storage()[key] != before
    assert "Nothing changed" not in receiver.state()["notice"]  # the refusals are history once a message applies
    applied = receiver.storage()[key]
    receiver.open_link(link)
    assert "already applied" in receiver.state()["notice"]
    assert receiver.storage()[key] == applied
    assert cheat.role in (HOST, 1 - HOST)


NO_STORAGE_JS = """Object.defineProperty(window, 'localStorage', {
  configurable: true, get() { throw new DOMException('storage is disabled', 'SecurityError'); } });"""


def test_a_device_that_may_store_nothing_plays_a_friend_all_the_same(devices) -> None:
    """Storage blocked on one device: the match is kept in its page (it said "not in this device" and never
    paired), and the page says once that a reload will not resume it."""
    anna, ben = devices
    ben.page.add_init_script(NO_STORAGE_JS)
    ben.snapshot = lambda: None  # type: ignore[method-assign]  # (it has no storage to read)
    _pair(anna, ben)
    assert anna.state()["awaiting"] in ("you", "move", "deal")
    assert "not be resumed" in ben.state()["notice"] and "not on this device" not in ben.state()["notice"]
    _exchange(anna, ben, until_plays=4)
    assert max(anna.plays, ben.plays) >= 4
    assert "not on this device" not in anna.state()["notice"] + ben.state()["notice"]


def test_the_friends_answer_shows_a_link_copied_by_hand_arrived_and_the_invitation_again_is_no_forgery(
        devices) -> None:
    """A link copied by hand (the dialog closed without Copy or Send) leaves the bar asking to send it, until the
    friend's answer arrives: that proves it did. The invitation opened again after accepting is "applied
    already", not "changed on the way"."""
    anna, ben = devices
    anna.page.goto(f"{anna.url}/index.html")
    anna.wait("() => document.body.dataset.ready === 'true'")
    invitation = anna.invite("Anna", "r1")
    ben.open_link(invitation, first=True)
    answer = ben.accept("Ben")
    ben.open_link(invitation)
    assert "already applied" in ben.state()["notice"] and "changed on the way" not in ben.state()["notice"]
    anna.open_link(answer)
    _exchange(anna, ben, until_plays=2)  # into the first packet, both hands still full
    for device, other in ((anna, ben), (ben, anna)):
        if device.state()["unsent"]:
            other.open_link(device.read_link())
    mover = next(d for d in (anna, ben) if d.state()["awaiting"] == "you" and d.state()["playable"])
    friend = ben if mover is anna else anna
    mover.play_first_card()
    mover.page.click('#duel-bar [data-action="duel-send"]')
    mover.page.wait_for_selector("#duel-link")
    link = mover.page.input_value("#duel-link")  # selected and copied by hand: the page is not told
    mover.page.click('#duel-actions [data-action="duel-close"]')
    assert mover.state()["unsent"]
    friend.open_link(link)
    friend.play_first_card()
    mover.open_link(friend.read_link())
    state = mover.state()
    assert state["awaiting"] == "you" and not state["unsent"], state


def test_the_match_end_repeats_the_call_to_send_the_last_move(devices) -> None:
    """The result covers the bar: while the last card's message is unsent it says so, with the way to send it;
    the new-game screen then says the friend's match is kept, not abandoned."""
    anna, ben = devices
    _pair(anna, ben)
    for _step in range(120):
        _exchange(anna, ben, until_plays=max(anna.plays, ben.plays) + 1)
        ended = [d for d in (anna, ben) if "match-end" in d.state()["dialogs"] and d.state()["unsent"]]
        if ended:
            break
    else:
        raise AssertionError("the match did not end with a message to send")
    last = ended[0]
    prompt = last.page.locator('#match-end .duel-prompt')
    assert prompt.is_visible() and "Send your last move" in (prompt.text_content() or "")
    last.page.click('#match-end [data-action="match-new"]')  # a bot's game: the prompt goes with the match
    last.page.wait_for_selector("#match-end:not([open])", state="attached")
    assert last.page.locator(".duel-prompt:not([hidden])").count() == 0
    assert last.page.locator("#duel-bar").is_hidden()
    other = ben if last is anna else anna
    last.page.click("#new-match")  # back to the friend's match, its move still to send
    last.page.wait_for_selector("#new-game[open]")
    last.page.click('#new-game [data-action="duel-open"]')
    last.page.click('#duel [data-action="duel-open-match"]')
    other.open_link(last.read_link())
    assert other.state()["phase"] == "match_over"
    won = [d.name for d in (anna, ben) if d.page.locator("#match-end .trophy.won").count()]
    assert len(won) == 1, won  # the winner's trophy only: a friend's win is no win of yours


def test_an_invitation_over_a_bot_game_says_it_is_kept_and_the_way_back_finds_it(devices) -> None:
    """Ben is playing the bots when Anna's invitation comes: it says his game waits, and the way back
    (Matches › Back to the game against the bot) brings it back as he left it."""
    anna, ben = devices
    anna.page.goto(f"{anna.url}/index.html")
    anna.wait("() => document.body.dataset.ready === 'true'")
    invitation = anna.invite("Anna", "r1")
    ben.page.goto(f"{ben.url}/index.html?seed=3&level=easy")
    ben.wait("() => document.body.dataset.ready === 'true'")
    ben.settle()
    ben.play_first_card()
    hand = ben.page.eval_on_selector_all("#hand [data-card]", "bs => bs.map(b => b.dataset.card)")
    ben.open_link(invitation)
    assert "Your game against the bot is kept" in ben.page.locator("#duel").inner_text()
    ben.accept("Ben")
    if ben.page.is_visible("#duel[open]"):  # the link to send back, shown: closed for now
        ben.page.click('#duel [data-action="duel-close"]')
    ben.page.click('#duel-bar [data-action="duel-open"]')
    ben.page.click('#duel [data-action="duel-back"]')
    ben.settle()
    assert ben.page.eval_on_selector_all("#hand [data-card]", "bs => bs.map(b => b.dataset.card)") == hand


def test_deleting_a_match_under_way_asks_once_more(devices) -> None:
    """Delete took a match under way, keys and all, at one tap; now it asks again, and only then it goes."""
    anna, _ben = devices
    anna.page.goto(f"{anna.url}/index.html")
    anna.wait("() => document.body.dataset.ready === 'true'")
    anna.invite("Anna", "r1")
    stored = "() => Object.keys(localStorage).filter(k => k.startsWith('kseri.duel.m.')).length"
    anna.page.click('#duel-bar [data-action="duel-open"]')
    anna.page.click('#duel [data-action="duel-delete"]')
    assert anna.page.locator("#duel .duel-confirm").is_visible() and anna.page.evaluate(stored) == 1
    assert anna.page.evaluate("() => document.activeElement.dataset.action") == "duel-delete-yes"
    anna.page.click('#duel [data-action="duel-delete-yes"]')
    anna.page.wait_for_selector("#duel .duel-none")
    assert anna.page.evaluate(stored) == 0


def test_the_friends_dialog_and_bar_pass_axe(devices) -> None:
    """Accessibility (axe-core, as ``test_a11y.py`` runs it) of the dialog's screens and of the bar."""
    from tests.browser.test_a11y import describe, run_axe
    anna, _ben = devices
    anna.page.goto(f"{anna.url}/index.html")
    anna.wait("() => document.body.dataset.ready === 'true'")
    anna.open_dialog()
    anna.page.fill('#duel [name="duel-name"]', "Anna")
    lengths = "s => [...s.options].map(o => o.value)"
    for table, offered in (("sums", ["37", "21", "r1", "r3"]), ("greek", ["151", "101", "51", "r1", "r3"])):
        anna.page.select_option('#duel [name="duel-table"]', table)  # the lengths follow the table
        assert anna.page.eval_on_selector('#duel [name="duel-length"]', lengths) == offered, table
    for where in ("the list of matches", "the invitation to send"):
        violations = run_axe(anna.page, "#duel")
        assert not violations, f"axe on {where}:\n{describe(violations)}"
        if where == "the list of matches":
            anna.page.click('#duel [data-action="duel-invite"]')
            anna.page.wait_for_selector("#duel-link")
    anna.page.click('#duel-actions [data-action="duel-close"]')
    violations = run_axe(anna.page, "#duel-bar")
    assert not violations, f"axe on the bar:\n{describe(violations)}"
    anna.open_dialog()  # the list again, with the invitation in it
    assert anna.page.locator("#duel .duel-match").count() == 1
    violations = run_axe(anna.page, "#duel")
    assert not violations, f"axe on the list with a match:\n{describe(violations)}"


def test_the_invitation_starts_at_the_table_played(devices) -> None:
    """Playing the open table, the invitation offered the Greek table first; playing Pişti, a tester looked for
    it in the list."""
    anna, _ben = devices
    values = "s => [...s.options].map(o => o.value)"
    for rules, picked, offered in (("sums", "sums", ["37", "21", "r1", "r3"]),
                                   ("pisti", "pisti", ["101", "51", "r1", "r3"])):
        anna.page.goto(f"{anna.url}/index.html?rules={rules}&seed=3")
        anna.wait("() => document.body.dataset.ready === 'true'")
        anna.open_dialog()
        assert anna.page.eval_on_selector('#duel [name="duel-table"]', "s => s.value") == picked, rules
        assert anna.page.eval_on_selector('#duel [name="duel-length"]', values) == offered, rules
        tables = anna.page.eval_on_selector('#duel [name="duel-table"]', values)
        assert tables == ["greek", "fourcard", "pisti", "sums"], rules
        anna.page.click('#duel-actions [data-action="duel-close"]')


def test_the_link_left_on_screen_goes_when_the_friends_answer_comes(devices) -> None:
    """The invitation's sheet left open while the friend's answer arrives in the same tab (a messenger opens it
    there): a tester found the old link still offered, which the friend would refuse as applied already. The
    sheet closes; the bar asks for the deal's message."""
    anna, ben = devices
    anna.page.goto(f"{anna.url}/index.html")
    anna.wait("() => document.body.dataset.ready === 'true'")
    anna.open_dialog()
    anna.page.fill('#duel [name="duel-name"]', "Anna")
    anna.page.select_option('#duel [name="duel-length"]', "r1")
    anna.page.click('#duel [data-action="duel-invite"]')
    anna.page.wait_for_selector("#duel-link")
    invitation = anna.page.input_value("#duel-link")
    anna.page.click('#duel [data-action="duel-copy"]')  # copied, the sheet left open
    ben.open_link(invitation, first=True)
    answer = ben.accept("Ben")
    anna.open_link(answer)
    assert not anna.page.is_visible("#duel[open]")
    assert anna.state()["unsent"] and anna.page.is_visible('#duel-bar [data-action="duel-send"]')
