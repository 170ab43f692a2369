"""Two browser contexts as two friends' devices, for the tests of playing a friend (``test_duel.py``).

Each :class:`Device` is a page of its own context (its own storage), watched like every test page.
The helpers do what a person does: open the dialog, invite, accept, play a card by clicking it,
press "Send the link" and read the link, and open a link they were sent. They also take what the
secrecy checks need: each device's page text and attributes, its storage, the messages it got.
"""

from __future__ import annotations

import base64
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from kseri.engine.cards import CODES, Card
from kseri.engine.record import from_record
from kseri.engine.rules import rules_from_spec
from kseri.table.duel import codec
from kseri.table.duel.codec import Deck, Hello, Pack, Partials, Play, Reshuffle
from kseri.table.duel.deal import hand_positions, opening_positions
from kseri.table.duel.group import CARD_ELEMENTS, to_bytes
from kseri.table.duel.peer import Peer
from kseri.table.duel.saved import load
from kseri.table.moves import MoveWay
from kseri.table.tables import strategy_for

PREFIX = "kseri.duel.m."
"""The storage key of a saved match, less its id (kseri/web/duel/store.py)."""

STATE_JS = """() => {
  const q = s => document.querySelector(s);
  const bar = q('#duel-bar');
  const hand = [...document.querySelectorAll('#hand [data-card]')];
  return {
    ready: document.body.dataset.ready === 'true', busy: document.body.dataset.busy,
    handled: +(document.body.dataset.duelHandled || 0), duelBusy: document.body.dataset.duelBusy,
    phase: document.body.dataset.phase,
    awaiting: bar && !bar.hidden ? bar.dataset.awaiting : null,
    unsent: bar && !bar.hidden ? bar.dataset.unsent === 'true' : false,
    playable: hand.filter(b => !b.disabled).map(b => b.dataset.card),
    dialogs: [...document.querySelectorAll('dialog[open]')].map(d => d.id),
    notice: q('#notice').hidden ? '' : q('#notice').textContent,
  };
}"""

# Everything a person could read in the page, or a script find in its markup: every attribute and every
# text node, with the fields that show a message to send left out (a message is checked on its own).
PAGE_TEXT_JS = """() => {
  const out = [];
  const roots = ['#app', '#announce', '#duel', '#round-summary', '#match-end', '#fx', '#share']
    .map(s => document.querySelector(s)).filter(Boolean);
  const skip = el => el.id === 'duel-link' || el.id === 'duel-own-code';
  for (const root of roots) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (skip(el)) continue;
      for (const a of el.attributes) out.push(a.value);
    }
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (n.parentElement && skip(n.parentElement)) continue;
      out.push(n.textContent);
    }
  }
  return out.join('\\n');
}"""
"""The table, the bar, the duel dialog, the summaries and what screen readers hear; not the static rules (their
text names cards such as 10♦ as examples), and not the link to send (checked as a message)."""

SAID_JS = ("() => [...document.querySelectorAll('#announce > :last-child, .take-line')]"
           ".map(e => e.textContent).join(' | ')")
"""What the page says of the latest play: the screen reader's live region and the line on the table."""

STORAGE_JS = """() => { const o = {}; for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i);
  o[k] = localStorage.getItem(k); } return o; }"""


@dataclass
class Snapshot:
    """What one device held at one moment: ``plays`` plays of the round applied there."""

    device: str
    plays: int
    page_text: str
    storage: dict[str, str]


@dataclass
class Device:
    name: str
    page: Any
    url: str
    received: list[bytes] = field(default_factory=list)
    plays: int = 0
    """Plays of the round applied on this device (the test counts them: clicks here, and the friend's)."""
    snapshots: list[Snapshot] = field(default_factory=list)
    chosen: list[MoveWay] = field(default_factory=list)
    """The ways chosen in ``#ways`` (at the open table, a card offered several ways)."""
    said: list[str] = field(default_factory=list)
    """At each snapshot, what the page said of the latest play: the live region and the line on the table."""

    def state(self) -> dict[str, Any]:
        return self.page.evaluate(STATE_JS)

    def wait(self, predicate: str, timeout: float = 180_000) -> None:
        self.page.wait_for_function(predicate, timeout=timeout)

    def settle(self) -> None:
        """Until nothing runs: no card in flight, no message being applied."""
        self.wait("() => document.body.dataset.busy === 'false' && document.body.dataset.duelBusy !== 'true'")

    def open_dialog(self) -> None:
        if self.page.is_visible("#welcome[open]"):  # a first visit: the friend's match is "another game"
            self.page.click("#welcome-other")
            self.page.wait_for_selector("#new-game[open]")
        if not self.page.is_visible("#new-game"):
            self.page.click("#new-match")
        self.page.click('#new-game [data-action="duel-open"]')
        self.page.wait_for_selector("#duel[open]")

    def invite(self, name: str, length: str = "r1", table: str = "greek") -> str:
        self.open_dialog()
        self.page.fill('#duel [name="duel-name"]', name)
        self.page.select_option('#duel [name="duel-table"]', table)  # the lengths offered follow the table
        self.page.select_option('#duel [name="duel-length"]', length)
        self.page.click('#duel [data-action="duel-invite"]')
        return self.read_open_link()

    def read_open_link(self) -> str:
        self.page.wait_for_selector("#duel-link")
        link = self.page.input_value("#duel-link")
        self.page.click('#duel [data-action="duel-copy"]')  # handed on (copied)
        self.page.click('#duel-actions [data-action="duel-close"]')
        return link

    def read_link(self) -> str:
        """Press "Send the link" and read it, as a person copies it into a messenger (the bar's, or the one the
        round's or the match's end shows over it: the last card's message still has to go)."""
        for sheet in ("#match-end", "#round-summary"):  # they cover the bar, and repeat its call to send
            if self.page.is_visible(f'{sheet} .duel-prompt [data-action="duel-send"]'):
                self.page.click(f'{sheet} .duel-prompt [data-action="duel-send"]')
                return self.read_open_link()
        self.page.click('#duel-bar [data-action="duel-send"]')
        return self.read_open_link()

    def open_link(self, link: str, *, first: bool = False) -> None:
        """Open a link sent by the friend (the first one loads the page; later ones reach the open page)."""
        handled = 0 if first else self.state()["handled"]
        self.received.append(codec.from_text(link))
        self.page.goto(link)
        if first:
            self.wait("() => document.body.dataset.ready === 'true'")
            return
        self.wait(f"() => +(document.body.dataset.duelHandled || 0) > {handled}")
        self.settle()

    def accept(self, name: str) -> str:
        self.page.wait_for_selector('#duel [name="duel-name"]')
        self.page.fill('#duel [name="duel-name"]', name)
        self.page.click('#duel [data-action="duel-accept"]')
        return self.read_open_link()

    def play_first_card(self) -> str:
        button = self.page.locator("#hand button[data-card]:not([disabled])").first
        code = button.get_attribute("data-card") or ""
        button.click()
        self.plays += 1
        self.settle()
        return code

    def play_a_way(self) -> MoveWay:
        """Play a card at the open table as a person does: a card with one legal way plays when clicked, one
        with several offers them in ``#ways`` and the way is clicked there. The way is chosen as a player
        keen on sums would: a capture of several cards or a build when the hand has one (the ways are
        worked out, in CPython, from this device's match as its storage holds it)."""
        peer = self.peer()
        assert peer.engine is not None
        state, strategy = peer.engine.round, strategy_for(peer.rules)
        choices = [(code, strategy.ways(state, code)) for code in self.state()["playable"]]
        code, ways = min(((code, ways) for code, ways in choices if ways), key=lambda item: min(map(_plain, item[1])))
        way = min(ways, key=_plain)
        self.page.click(f'#hand button[data-card="{code}"]')
        if len(ways) > 1:
            self.page.wait_for_selector("#ways:not([hidden]) button[data-move]")
            offered = self.page.eval_on_selector_all("#ways button[data-move]", "bs => bs.map(b => b.dataset.move)")
            assert sorted(offered) == sorted(w.move for w in ways), (offered, ways)
            self.page.click(f'#ways button[data-move="{way.move}"]')
            self.chosen.append(way)
        self.plays += 1
        self.settle()
        return way

    def snapshot(self) -> None:
        """What the device holds now (once the friend's match is on its table: before, the page shows the
        game against the bot that a first visit deals, another deal altogether)."""
        if self.page.evaluate("() => document.body.dataset.duel") != "true":
            return
        self.snapshots.append(Snapshot(self.name, self.plays, self.page.evaluate(PAGE_TEXT_JS),
                                       self.page.evaluate(STORAGE_JS)))
        self.said.append(self.page.evaluate(SAID_JS))

    def storage(self) -> dict[str, str]:
        return self.page.evaluate(STORAGE_JS)

    def peer(self) -> Peer:
        """This device's match as its storage holds it (read in CPython)."""
        entries = [v for k, v in self.storage().items() if k.startswith(PREFIX)]
        assert len(entries) == 1, "one match per device in these tests"
        return load(json.loads(entries[0])["peer"], rng=random.Random(0))


def _plain(way: MoveWay) -> int:
    """0 for a way that takes several cards (by their sum) or builds, 1 for any other."""
    return 0 if way.kind in ("build", "raise") or (way.kind == "capture" and len(way.cards) > 1) else 1


# --------------------------------------------------------------------------- the checks


def plain_forms() -> list[str]:
    """Every way a card's plain element could be written: decimal, hex, base64 (both alphabets)."""
    forms = []
    for x in CARD_ELEMENTS:
        raw = to_bytes(x)
        forms += [str(x), format(x, "x"), base64.b64encode(raw).decode()[:40],
                  base64.urlsafe_b64encode(raw).decode()[:40]]
    return forms


def visible(record: dict[str, Any], seat: int, plays: int, opening: frozenset[int] = frozenset()) -> set[int]:
    """The cards ``seat`` may have seen after ``plays`` plays of round 0: its packets dealt by then, the opening
    cards (``opening``: those put back into the stock too) and the plays (record deck order, ``docs/formats.md``)."""
    rules = rules_from_spec(record["rules"])
    deck = [Card.parse(c).index for c in record["rounds"][0]["deck"]]
    moves = record["rounds"][0]["plays"]
    first = seat != record["first_dealer"]
    seen = {deck[p] for p in opening_positions(rules)} | opening
    for packet in range(rules.packets):
        if packet > 0 and plays < rules.players * rules.packet_size * packet:
            break
        seen |= {deck[p] for p in hand_positions(rules, packet, first=first)}
    seen |= {Card.parse(m.split(":")[0].split(">")[0]).index for m in moves[:plays]}
    return seen


def hidden_words(hidden: set[int]) -> list[re.Pattern[str]]:
    """Patterns of a hidden card written out: its code as a word, and its printed form (``7♥``)."""
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    out = []
    for c in hidden:
        code = CODES[c]
        out.append(re.compile(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])"))
        out.append(re.compile(re.escape(code[:-1] + symbols[code[-1]])))
        out.append(re.compile(re.escape(Card.from_index(c).name)))  # "seven of hearts" (screen readers)
    return out


def check_snapshots(devices: list[Device], record: dict[str, Any], seats: dict[str, int]) -> int:
    """Fail if any snapshot holds a card its device may not see yet, or any card's plain element; the number checked."""
    forms = plain_forms()
    checked = 0
    for device in devices:
        # the cards both devices saw go back into the stock (a refused Greek opening, a replaced jack): their
        # own record lists them, and the protocol tests check that list against the engine's deal
        opening = frozenset(Card.parse(c).index for c in record["rounds"][0].get("returned", []))
        for snap in device.snapshots:
            hidden = set(range(52)) - visible(record, seats[device.name], snap.plays, opening)
            patterns = hidden_words(hidden)
            for pattern in patterns:
                found = pattern.search(snap.page_text)
                assert not found, (f"{device.name}'s page shows {pattern.pattern} after {snap.plays} plays: "
                                   f"{snap.page_text[max(0, found.start() - 80):found.end() + 80]!r}")
            # The match's own keys (a game against the bot saved in the same browser is another deal).
            storage_text = "\n".join(v for k, v in snap.storage.items() if k.startswith("kseri.duel"))
            for c in hidden:  # a code as a JSON string, also inside the JSON text of a saved match
                assert not re.search(rf'\\?"{CODES[c]}\\?"', storage_text), \
                    f"{device.name}'s storage holds {CODES[c]} after {snap.plays} plays"
            for form in forms:
                assert form not in snap.page_text and form not in storage_text, \
                    f"{device.name} holds a card's plain element"
            checked += 1
    return checked


def check_messages(devices: list[Device]) -> int:
    """No message carries a card's plain element (every value in it is locked by someone's key)."""
    plain = set(CARD_ELEMENTS)
    count = 0
    for device in devices:
        for data in device.received:
            message = codec.read(data)
            for part in message.parts:
                values: list[int] = []
                if isinstance(part, (Pack, Deck, Reshuffle)):
                    values = list(part.values)
                elif isinstance(part, Partials):
                    values = [v for _p, v in part.items]
                elif isinstance(part, Play):
                    values = [part.proof]
                elif isinstance(part, Hello):
                    values = [part.public]
                assert not plain & set(values), f"a message to {device.name} carries a card in clear"
            count += 1
    return count


def verified_record(device: Device) -> dict[str, Any]:
    """The device's finished match as a ``kseri-record/1``, replayed by the engine (its every play checked)."""
    record = device.peer().record()
    match = from_record(record)
    assert match.rounds and match.round.is_terminal()
    return record
