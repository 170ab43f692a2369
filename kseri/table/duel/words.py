"""What the page says about a match against a friend, in the page's language.

The protocol's own errors are English one-liners (like the engine's); the player reads these
instead, naming the friend, with the technical reason kept for the console.

>>> from kseri.table.duel.errors import RefusedError
>>> refusal_notice(RefusedError("replayed", "message 3 was applied already"), "Anna")
'This message from Anna was already applied (a link opened again); nothing changed.'
>>> refusal_notice(RefusedError("not_held", "the KH is not in your friend's hand"), "Anna")
"Refused Anna's play: that card is not in Anna's hand. Nothing changed."
"""

from __future__ import annotations

from kseri.i18n import _
from kseri.table.duel.errors import RefusedError

__all__ = ["refusal_notice", "waiting_line"]


def refusal_notice(error: RefusedError, friend: str) -> str:
    """One line for a refused message (``friend``: the friend's name, or a stand-in)."""
    kind = error.kind
    if kind == "forged":
        # (a link a messenger cut short fails its seal too: the common case, so it is said first)
        text = _("Refused a message: it is cut short or changed on the way, or it is not from {name}. Nothing "
                 "changed: ask {name} to send it again.")
    elif kind == "replayed":
        text = _("This message from {name} was already applied (a link opened again); nothing changed.")
    elif kind == "conflict":
        text = _("This message from {name} is not the one already applied under its number: {name}'s device "
                 "sent two different ones. Nothing changed here, but your two tables may now differ.")
    elif kind == "missing":
        text = _("A message from {name} is missing: this one comes after it. Ask {name} to send the last "
                 "message again.")
    elif kind == "other_match":
        text = _("This message belongs to another match (or you sent it yourself); nothing changed.")
    elif kind == "not_held":
        text = _("Refused {name}'s play: that card is not in {name}'s hand. Nothing changed.")
    elif kind == "illegal":
        text = _("Refused {name}'s message: it breaks the rules of the game. Nothing changed.")
    elif kind == "unexpected":
        text = _("Refused {name}'s message: it is not what the game waits for now. Nothing changed.")
    elif kind == "over":
        text = _("The match against {name} is over; the message was not applied.")
    else:
        text = _("This is not a message of the game, or it is cut short; nothing changed.")
    return text.format(name=friend)


def waiting_line(awaiting: str, friend: str, *, unsent: bool) -> str:
    """What to do now, for the bar above the table (``awaiting``: :meth:`~kseri.table.duel.peer.Peer.awaiting`;
    ``unsent``: your last message has not been sent by link yet)."""
    if awaiting == "over" and not unsent:
        return _("The match against {name} is over.").format(name=friend)
    if unsent:
        if awaiting == "over":
            return _("Send your last move to {name}: it ends the match on {name}'s device too.").format(name=friend)
        if awaiting == "accept":
            return _("Send the invitation to your friend.")
        return _("Send your message to {name}: the game goes on when {name} opens it.").format(name=friend)
    if awaiting == "accept":
        return _("Waiting for your friend to accept the invitation.")
    if awaiting == "you":
        return _("Your move.")
    if awaiting == "move":
        return _("Waiting for {name}'s move.").format(name=friend)
    return _("Waiting for {name}'s part of the deal.").format(name=friend)
