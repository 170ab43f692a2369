"""The page's buttons (``data-action``) that only close their dialog (pure Python).

>>> CLOSES["close-stats"]
'stats'
>>> sorted(set(CLOSES.values())) == sorted(CLOSES.values())  # one button per dialog
True
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["CLOSES"]

CLOSES: Mapping[str, str] = {
    "close-new-game": "new-game",
    "play-now": "welcome",  # the welcome's one tap: the game dealt behind it starts as it closes
    "cancel-new": "confirm-new",
    "close-rules": "rules",
    "close-scoring": "scoring",
    "close-match-end": "match-end",
    "close-share": "share",
    "close-settings": "settings",
    "close-stats": "stats",
    "cancel-reset": "confirm-reset",
}
"""Each closing button's action and the id of the dialog it closes."""
