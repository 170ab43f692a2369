"""The pace of the table: how long things take (pure Python; :class:`kseri.web.pacer.Pacer` runs them).

Every pause and animation is skipped by a click or a key and is zero under
``prefers-reduced-motion: reduce``; the player's animation speed stretches or shortens them all alike.

>>> SLICE_MS < BOT_MIN_THINK
True
"""

from __future__ import annotations

__all__ = ["BOT_FLIGHT", "BOT_MIN_THINK", "CAPTURE_VIEW", "DEAL", "DEAL_STAGGER", "GATHER", "HUMAN_FLIGHT",
           "KSERI_SHOW", "LAND_PAUSE", "ROUND_END_PAUSE", "SLICE_MS", "Keyframe"]

SLICE_MS = 25.0
"""Longest stretch of bot thinking between two yields to the browser."""

# Pace of the table (milliseconds).
BOT_MIN_THINK = 650
BOT_FLIGHT = 430
HUMAN_FLIGHT = 260
LAND_PAUSE = 160
CAPTURE_VIEW = 600
"""Your own capture stays in view this long on the table before it goes to your stack (issue 24: at
:data:`LAND_PAUSE` it was swept away before the eye caught it)."""
GATHER = 420
KSERI_SHOW = 950
DEAL = 320
DEAL_STAGGER = 45
ROUND_END_PAUSE = 650

Keyframe = dict[str, str | float]
"""One keyframe of a Web Animation: CSS properties (and ``offset``) to values."""
