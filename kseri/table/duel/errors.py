"""What can go wrong between two devices, as one-line errors (each a :class:`~kseri.engine.errors.KseriError`).

- :class:`DuelError`: a message, a saved match or a setting that cannot be used;
- :class:`RefusedError`: a message from the friend that is not applied (damaged, forged, replayed, out of
  order, a card the sender does not hold, ...): the match goes on, waiting for the right one;
- :class:`MatchBrokenError`: a check at the round's end failed (a shuffle, a card, a play): the match ends.
"""

from __future__ import annotations

from typing import Literal

from kseri.engine.errors import KseriError

__all__ = ["DuelError", "MatchBrokenError", "RefusalKind", "RefusedError"]

RefusalKind = Literal["damaged", "forged", "replayed", "conflict", "missing", "other_match", "unexpected",
                      "not_held", "illegal", "over"]
"""Why a message was refused:

- ``damaged``: not a message at all (cut short, not base64, a part that cannot be read);
- ``forged``: its seal does not match (changed on the way, or not sent by the friend);
- ``replayed``: applied already (the same link opened twice, or sent again);
- ``conflict``: sealed by the friend under the number of the last message applied, yet not that message
  (the friend's device sent two different messages as one: the two tables may now differ);
- ``missing``: an earlier message has not arrived (it is ahead of the game);
- ``other_match``: for a match this device does not have, or from someone else;
- ``unexpected``: not what the game waits for now (a part missing, or one too many);
- ``not_held``: it plays a card the sender does not hold;
- ``illegal``: a play the rules forbid;
- ``over``: the match is over.
"""


class DuelError(KseriError):
    """A duel message, saved match or setting that cannot be used (one line)."""


class RefusedError(DuelError):
    """A message from the friend that is not applied; :attr:`kind` says why (:data:`RefusalKind`)."""

    def __init__(self, kind: RefusalKind, message: str) -> None:
        self.kind: RefusalKind = kind
        super().__init__(message)


class MatchBrokenError(DuelError):
    """The round's end check failed: the match cannot go on (the message names what failed)."""
