"""Playing a friend on another device, in the page (:mod:`kseri.web.duel.page`): the only part of it the
app knows is :func:`attach`, called once at start-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kseri.web.duel.page import DuelHost, DuelPage

__all__ = ["attach"]


def attach(app: DuelHost, fragment: str) -> DuelPage:
    """Give ``app`` its friends' matches (``fragment``: the address's ``#`` part, read before the app tidies it)."""
    from kseri.web.duel.page import DuelPage
    return DuelPage(app, fragment)
