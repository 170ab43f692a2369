"""The friend's message read part by part on this device: each part checked against what the game
waits for now, then applied to the :class:`~kseri.table.duel.peer.Peer` (:func:`apply_message`).

:meth:`Peer.receive <kseri.table.duel.peer.Peer.receive>` checks the message as a whole first (its
match, seal and number) and applies it here to a copy of the peer, kept only if every part holds: a
part the game does not wait for, a value that opens no card, a card its sender does not hold or a
move the rules forbid is refused (:class:`RefusedError`), and nothing changes. Keys that fail the
checks at a round's end (:mod:`kseri.table.duel.verify`) raise :class:`MatchBrokenError` instead:
the copy is kept and the match ends.

>>> played_card("7H:3C+4D") == played_card("7H")
True
>>> played_card("a card")
Traceback (most recent call last):
...
kseri.table.duel.errors.RefusedError: the play 'a card' does not name a card
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kseri.engine.cards import CODES, Card, played_code
from kseri.engine.errors import KseriError, one_line
from kseri.engine.events import PlayEvent
from kseri.table.duel.codec import Coin, Deck, Hello, Keys, Message, Pack, Part, Partials, Play, Reshuffle
from kseri.table.duel.deal import dealt_packets, reshuffle_range
from kseri.table.duel.errors import MatchBrokenError, RefusedError
from kseri.table.duel.hidden import playable_deck, replay_checked
from kseri.table.duel.pairing import coin_digest, first_dealer
from kseri.table.duel.rounds import DuelRound, Opened, ShufflePass
from kseri.table.duel.verify import verify_round
from kseri.table.tables import strategy_for

if TYPE_CHECKING:  # the peer imports this module: its type only, for the annotations
    from kseri.table.duel.peer import Peer

__all__ = ["Outcome", "apply_message", "codec_quoted", "played_card"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Outcome:
    """What a message from the friend did here, for the page to show."""

    events: tuple[PlayEvent, ...] = ()
    """The friend's play, if it carried one (played on this device's match)."""
    dealt: bool = False
    """A round became playable on this device."""
    round_over: bool = False
    """The friend's keys arrived and every check of the round held."""


def played_card(move: str) -> int:
    """The card index a move plays (``7H``, ``7H:3C+4D``, ``5S>3H``); :class:`RefusedError` if it names none."""
    try:
        return Card.parse(played_code(move)).index
    except KseriError:
        raise RefusedError("damaged", f"the play {codec_quoted(move)} does not name a card") from None


def codec_quoted(text: str) -> str:
    """A move as an error line quotes it (the friend's or this device's player's: either may be anything)."""
    return repr(text[:20])


def apply_message(peer: Peer, message: Message) -> Outcome:
    """Apply the friend's next message, sealed and numbered as it should be, to ``peer``, or refuse it."""
    sender = peer.other
    kinds = [type(p) for p in message.parts]
    if len(set(kinds)) != len(kinds):
        raise RefusedError("damaged", "a message carries a part twice")
    parts = {type(p): p for p in message.parts}
    index = peer.index
    extras: set[type] = {Hello, Coin} if index == 1 else {Coin} if index == 2 else set()
    if index == 1:
        _their_hello_and_coin(peer, parts)
    elif index == 2:
        _their_reveal(peer, parts)
    if peer._starting():
        _require(parts, extras | {Pack})
        _their_pack(peer, parts[Pack])
        return Outcome()
    r = peer.round
    assert r is not None
    if r.phase == "lock":
        _require(parts, extras | {Deck if len(r.passes) == 1 else Reshuffle, Partials})
        _their_lock(peer, r, parts[Deck] if Deck in parts else parts[Reshuffle])
        _their_partials(peer, r, parts[Partials])
        return Outcome()
    if r.phase == "open":
        if Partials not in parts:
            raise RefusedError("unexpected", "this message does not open the cards the game needs opened now")
        _their_partials(peer, r, parts[Partials])
        if r.rejected():
            _require(parts, extras | {Partials, Reshuffle})
            reshuffle = parts[Reshuffle]
            assert isinstance(reshuffle, Reshuffle)
            _their_reshuffle(peer, r, reshuffle)
            return Outcome()
        if not r.settled():  # a jack was replaced: this device opens the card in its place next
            _require(parts, extras | {Partials})
            return Outcome()
        r.passes[-1].opened = True
        peer._touch()
        if sender == r.dealer:  # the first player is this device: its move comes next
            _require(parts, extras | {Partials})
            return Outcome(dealt=True)
        _require(parts, extras | {Play, Partials}, optional={Keys})
        played = _their_play(peer, r, parts[Play], {k: v for k, v in parts.items() if k is not Partials})
        return Outcome(events=played, dealt=True)
    _require(parts, extras | {Play}, optional={Partials, Keys})
    verified = r.verified
    played = _their_play(peer, r, parts[Play], parts)
    return Outcome(events=played, round_over=r.verified and not verified)


# -- pairing and the coins ------------------------------------------------------------------


def _their_hello_and_coin(peer: Peer, parts: dict[type, Part]) -> None:
    coin = parts[Coin]
    assert isinstance(coin, Coin)
    peer.their_coin = coin.value


def _their_reveal(peer: Peer, parts: dict[type, Part]) -> None:
    coin = parts[Coin]
    assert isinstance(coin, Coin)
    if peer.commit is None or coin_digest(peer.match, coin.value) != peer.commit:
        raise RefusedError("forged", "the inviter's coin does not match what it promised")
    peer.their_coin = coin.value
    peer.first_dealer = first_dealer(coin.value, peer.coin)
    r = peer.round
    if r is not None and r.dealer < 0:
        r.dealer = peer.first_dealer


# -- the deal ---------------------------------------------------------------------------------


def _their_pack(peer: Peer, part: Part) -> None:
    assert isinstance(part, Pack)
    if peer.first_dealer is None:  # the inviter, reading the answer: it knows both coins now
        assert peer.their_coin is not None
        peer.first_dealer = first_dealer(peer.coin, peer.their_coin)
    _distinct(part.values, peer.rules.cards, "the locked pack")
    r = peer._new_round(peer.other)
    r.passes.append(ShufflePass(source=None, middle=list(part.values)))
    peer._touch()


def _their_lock(peer: Peer, r: DuelRound, part: Part) -> None:
    assert isinstance(part, (Deck, Reshuffle))
    last = r.passes[-1]
    assert last.middle is not None
    _distinct(part.values, len(last.middle), "the locked deck")
    last.result = list(part.values)
    if isinstance(part, Deck):
        r.deck = list(part.values)
    else:
        assert r.deck is not None
        r.deck[reshuffle_range(peer.rules).start:] = list(part.values)
    peer._touch()


def _their_reshuffle(peer: Peer, r: DuelRound, part: Reshuffle) -> None:
    """The first shuffler asks a redeal (the opening was rejected): the next pass starts."""
    assert r.deck is not None
    span = reshuffle_range(peer.rules)
    _distinct(part.values, len(span), "the redealt cards")
    r.passes.append(ShufflePass(source=r.deck[span.start:], middle=list(part.values)))
    r.put_back_opening()
    peer._touch()


def _their_partials(peer: Peer, r: DuelRound, part: Part | None, *, some: bool = False) -> None:
    """Apply the friend's opened values: exactly those due now (``some``: those of them the message has;
    the rest come after its play). An opening jack both devices have then seen is replaced, and the
    values after those open the cards in their places (as :mod:`~kseri.table.duel.outgoing` sends them)."""
    items = list(part.items) if isinstance(part, Partials) else []
    if some:
        positions = {p for p, _layers in peer._due_partials(peer.other)}
        items = [item for item in items if item[0] in positions]
    while True:
        due = peer._due_partials(peer.other)
        batch, items = items[:len(due)], items[len(due):]
        if sorted(p for p, _layers in due) != sorted(p for p, _value in batch):
            raise RefusedError("unexpected", "this message does not open the cards the game needs opened now")
        _opened(r, batch, dict(due))
        if not due or not r.replace_seen_jacks():
            break
    if items:
        raise RefusedError("unexpected", "this message does not open the cards the game needs opened now")
    peer._touch()


def _opened(r: DuelRound, items: list[tuple[int, int]], layers_of: dict[int, int]) -> None:
    """Read the cards of the friend's opened values (``layers_of``: how many passes lock each position)."""
    assert r.deck is not None
    for position, value in items:
        layers = layers_of[position]
        card = r.card_for(value, layers)
        if card is None:
            raise RefusedError("illegal", f"position {position} opens to no card of the pack")
        if any(c == card and p != position for p, c in r.known.items()):
            raise RefusedError("illegal", f"position {position} opens to the {CODES[card]}, which is elsewhere")
        r.known[position] = card
        r.received.append(Opened(position=position, layers=layers, target=r.deck[position], value=value))


# -- the play -------------------------------------------------------------------------------


def _their_play(peer: Peer, r: DuelRound, part: Part, parts: dict[type, Part]) -> tuple[PlayEvent, ...]:
    assert isinstance(part, Play) and r.deck is not None
    if peer.to_move() != peer.other:
        raise RefusedError("unexpected", "a play came when it was not your friend's turn")
    held = _their_hand_positions(peer, r)
    if part.position not in held:
        raise RefusedError("not_held", f"position {part.position} is not one of your friend's cards in hand")
    card = played_card(part.move)
    layers = r.layers(part.position)
    name = CODES[card]
    # A card seen elsewhere is refused, and so is another card than one seen at this very place: an opening
    # jack that went into the stock, which both saw, and has come round to the friend.
    if any(c == card and p != part.position for p, c in r.known.items()) \
            or r.known.get(part.position, card) != card or part.proof != r.table(layers)[card]:
        raise RefusedError("not_held", f"the {name} is not in your friend's hand")
    got = parts.get(Partials)
    opened_before = {p for p, _layers in peer._due_partials(peer.other)}
    if opened_before:  # your new packet, dealt by your last play: opened before the friend's play is judged
        _their_partials(peer, r, got, some=True)
    r.known[part.position] = card
    peer._touch()
    try:
        event = _play_on_engine(peer, r, part.move)
    except KseriError as exc:
        raise RefusedError("illegal", f"the play {part.move} breaks the rules: {one_line(exc)}") from None
    r.moves.append(part.move)
    r.positions.append(part.position)
    r.received.append(Opened(position=part.position, layers=layers, target=r.deck[part.position],
                             value=part.proof))
    due = peer._due_partials(peer.other)
    rest = tuple(item for item in got.items if item[0] not in opened_before) if isinstance(got, Partials) else ()
    if bool(due) != bool(rest) or (isinstance(got, Partials) and not got.items):
        raise RefusedError("unexpected", "this message does not open the cards the game needs opened now")
    if due:
        _their_partials(peer, r, Partials(items=rest))
    last = peer._last_card(peer.other)
    keys = parts.get(Keys)
    if last != isinstance(keys, Keys):
        raise RefusedError("unexpected", "keys came before the round's end" if not last
                           else "the last card came without its keys")
    if isinstance(keys, Keys):
        _their_keys(peer, r, keys)
    return (event,)


def _play_on_engine(peer: Peer, r: DuelRound, move: str) -> PlayEvent:
    """Play the friend's ``move`` on the engine; at the open table, refill the unseen cards first if the
    move needs a hand the current filling does not give it (:func:`~kseri.table.duel.hidden.playable_deck`)."""
    engine = peer.engine
    assert engine is not None
    try:
        return engine.play(move)
    except KseriError:
        if not strategy_for(peer.rules).hand_matters:
            raise
    playable_deck(peer.rules, peer.seat(r.dealer), r.known, [*r.moves, move], peer.seat(peer.other), r.fill)
    peer._touch()
    engine = peer.engine
    assert engine is not None
    return engine.play(move)


def _their_hand_positions(peer: Peer, r: DuelRound) -> list[int]:
    engine = peer.engine
    assert engine is not None
    packets = dealt_packets(peer.rules, engine.round.next_card)
    return [p for packet in range(packets) for p in r.hand(peer.other, packet) if p not in r.positions]


def _their_keys(peer: Peer, r: DuelRound, part: Keys) -> None:
    """The friend's keys: check every card, both shuffles and every play of the round."""
    if len(part.keys) != len(r.passes):
        raise MatchBrokenError(f"{peer.friend or 'your friend'} sent {len(part.keys)} keys for "
                               f"{len(r.passes)} shuffles")
    r.their_keys = list(part.keys)
    friend = peer.friend or "your friend"
    r.known = verify_round(r, peer.role, friend, len(peer.rounds))
    r.fill.clear()
    try:  # every play again, on the true deck (at the open table a build needs a card kept in hand)
        replay_checked(peer.rules, peer.seat(r.dealer), r.record_deck(), r.moves)
    except KseriError as exc:
        raise MatchBrokenError(f"round {len(peer.rounds)}: {one_line(exc)}") from None
    r.verified = True
    peer._touch()


# -- the parts a message carries --------------------------------------------------------------


def _require(parts: dict[type, Part], required: set[type], optional: frozenset[type] | set[type] = frozenset()) -> None:
    """The message carries every part of ``required`` and nothing outside ``required`` and ``optional``."""
    missing = required - set(parts)
    extra = set(parts) - required - set(optional)
    if missing or extra:
        names = ", ".join(sorted(k.__name__ for k in (missing or extra)))
        raise RefusedError("unexpected", f"this message {'lacks' if missing else 'should not carry'} {names}")


def _distinct(values: tuple[int, ...], count: int, what: str) -> None:
    if len(values) != count:
        raise RefusedError("damaged", f"{what} has {len(values)} values, not {count}")
    if len(set(values)) != count:
        raise RefusedError("illegal", f"{what} holds a value twice")
