"""This device's next message made part by part: whatever the game needs next from it
(:func:`compose_parts`; the table of :mod:`kseri.table.duel.peer` lists them), which
:class:`~kseri.table.duel.peer.Peer` then numbers and seals.

Making a part changes the round as this device holds it: a shuffle pass adds its fresh key and its
table of the pack, the values opened for the friend are noted as sent, a play is played on the engine.
So a message is made on a copy of the peer when a move of its player may be refused
(:meth:`Peer.play <kseri.table.duel.peer.Peer.play>`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kseri.engine.cards import CODES, Card, played_code
from kseri.engine.errors import IllegalMoveError, KseriError
from kseri.engine.events import PlayEvent
from kseri.table.duel.codec import Coin, Deck, Hello, Keys, Pack, Part, Partials, Play, Reshuffle
from kseri.table.duel.deal import reshuffle_range
from kseri.table.duel.group import lock_all, new_exponent
from kseri.table.duel.incoming import codec_quoted
from kseri.table.duel.rounds import DuelRound, ShufflePass, open_value

if TYPE_CHECKING:  # the peer imports this module: its type only, for the annotations
    from kseri.table.duel.peer import Peer

__all__ = ["compose_parts"]


def compose_parts(peer: Peer, move: str | None) -> tuple[list[Part], PlayEvent | None]:
    """The parts of ``peer``'s next message (with ``move`` when it carries a play), and the play's event."""
    parts: list[Part] = []
    index = peer.index
    if index == 1:  # the friend's answer to the invitation: only the friend (the guest) sends message 1
        parts += [Hello(name=peer.name, public=peer._public(peer.role)), Coin(value=peer.coin)]
    elif index == 2:
        parts.append(Coin(value=peer.coin))
    event: PlayEvent | None = None
    if peer._starting():
        parts.append(_lock_pack(peer))
    else:
        r = peer.round
        assert r is not None
        if r.phase == "lock":
            parts.append(_lock_again(peer, r))
            parts.append(_open_for_friend(peer))
        elif r.phase == "open":
            parts.append(_open_for_friend(peer))
            if r.settled():
                r.passes[-1].opened = True
                peer._touch()
                if move is not None:
                    event, more = _my_play(peer, r, move)
                    parts += more
            elif r.rejected():
                parts.append(_reshuffle_first(peer, r))
            # else an opening jack was replaced: the friend opens the card in its place next
        else:
            assert move is not None
            event, more = _my_play(peer, r, move)
            parts += more
    return parts, event


# -- the shuffle passes ---------------------------------------------------------------------


def _lock_pack(peer: Peer) -> Pack:
    """Start a round as its first shuffler: lock every card with a fresh key, shuffle."""
    r = peer._new_round(peer.role)
    key = new_exponent(peer.rng)
    r.my_keys.append(key)
    r.lock_table(key)
    middle = list(r.tables[0])
    peer.rng.shuffle(middle)
    r.passes.append(ShufflePass(source=None, middle=middle))
    peer._touch()
    return Pack(values=tuple(middle))


def _lock_again(peer: Peer, r: DuelRound) -> Deck | Reshuffle:
    """As the second shuffler: lock the first shuffler's output with a fresh key, shuffle; the deck."""
    last = r.passes[-1]
    assert last.middle is not None
    key = new_exponent(peer.rng)
    r.my_keys.append(key)
    r.lock_table(key)
    result = lock_all(last.middle, key)
    peer.rng.shuffle(result)
    last.result = result
    peer._touch()
    if len(r.passes) == 1:
        r.deck = list(result)
        return Deck(values=tuple(result))
    assert r.deck is not None
    start = reshuffle_range(peer.rules).start
    r.deck[start:] = result
    return Reshuffle(values=tuple(result))


def _reshuffle_first(peer: Peer, r: DuelRound) -> Reshuffle:
    """The opening is rejected: lock the opening cards and the stock again with a fresh key, shuffle."""
    assert r.deck is not None
    span = reshuffle_range(peer.rules)
    source = r.deck[span.start:]
    key = new_exponent(peer.rng)
    r.my_keys.append(key)
    r.lock_table(key)
    middle = lock_all(source, key)
    peer.rng.shuffle(middle)
    r.passes.append(ShufflePass(source=source, middle=middle))
    r.put_back_opening()
    peer._touch()
    return Reshuffle(values=tuple(middle))


# -- cards shown to the friend, and plays ------------------------------------------------------


def _open_for_friend(peer: Peer) -> Partials:
    """Take this device's locks off what the friend may now see. An opening jack both devices have then
    seen is replaced at once (:meth:`DuelRound.replace_seen_jacks`) and the card in its place opened too,
    after the rest: the friend replaces it at the same point of reading the message."""
    r = peer.round
    assert r is not None
    items = []
    while due := peer._due_partials(peer.role):
        assert r.deck is not None
        for position, layers in due:
            items.append((position, open_value(r.deck[position], r.my_keys[:layers])))
            r.sent.add((position, layers))
        if not r.replace_seen_jacks():
            break
        peer._touch()
    return Partials(items=tuple(items))


def _my_play(peer: Peer, r: DuelRound, move: str) -> tuple[PlayEvent, list[Part]]:
    engine = peer.engine
    assert engine is not None and r.deck is not None
    try:
        card = Card.parse(played_code(move)).index
    except KseriError:  # your own move: a bad one is yours, not a damaged message
        raise IllegalMoveError(f"cannot play {codec_quoted(move)}: it names no card in hand") from None
    position = next((p for p in peer._my_hand_positions(r) if r.known.get(p) == card), None)
    if position is None:
        raise IllegalMoveError(f"cannot play {CODES[card]}: it is not in your hand")
    event = engine.play(move)  # checked by the engine
    layers = r.layers(position)
    parts: list[Part] = [Play(position=position, move=move, proof=open_value(r.deck[position],
                                                                                r.my_keys[:layers]))]
    r.moves.append(move)
    r.positions.append(position)
    due = peer._due_partials(peer.role)
    if due:
        parts.append(_open_for_friend(peer))
    if peer._last_card(peer.role):
        parts.append(Keys(keys=tuple(r.my_keys)))
    return event, parts
