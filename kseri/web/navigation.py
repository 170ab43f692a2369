"""The browser's back button and the table's dialogs, and what a failed share means: pure Python.

While a dialog is open the page has one history entry of its own on top, so the back
button (or a phone's back gesture) closes the dialog instead of leaving the game.
:class:`DialogHistory` says when to add that entry, when to take it off again (a dialog
closed by its own button or Escape: the page goes back, so the history stays clean) and
when a ``popstate`` means "close the dialogs". The page (:mod:`kseri.web.app`) does the
``history`` calls it asks for.

>>> h = DialogHistory()
>>> h.opened()          # the rules open: push an entry
True
>>> h.opened()          # another dialog opens over it: the entry is there already
False
>>> h.closed(any_open=True), h.closed(any_open=False)  # the last one closed: go back
(False, True)
>>> h.popped()          # that going back arrives as a popstate: nothing to close
False
>>> h.opened(), h.popped()  # a dialog open and the back button pressed: close it
(True, True)
>>> h.closed(any_open=False)  # ... and do not go back a second time
False
"""

from __future__ import annotations

__all__ = ["SHARE_CANCELLED", "DialogHistory", "copy_after_share_error"]


class DialogHistory:
    """Whether the page's dialog entry is on the history stack, and what to do next."""

    def __init__(self) -> None:
        self.pushed = False
        """The page added its dialog entry and it is the current one."""
        self.expect_pop = 0
        """How many ``popstate`` events are the page's own ``history.back()`` calls."""

    def opened(self) -> bool:
        """A dialog opened: whether to ``history.pushState`` the dialog entry."""
        if self.pushed:
            return False
        self.pushed = True
        return True

    def closed(self, *, any_open: bool) -> bool:
        """A dialog closed (``any_open``: another one still is): whether to ``history.back()``."""
        if any_open or not self.pushed:
            return False
        self.pushed = False
        self.expect_pop += 1
        return True

    def popped(self) -> bool:
        """A ``popstate`` arrived: whether it means "close the open dialogs" (the back button).

        >>> h = DialogHistory()
        >>> h.popped()  # back with no dialog open: the page leaves as usual
        False
        """
        if self.expect_pop:
            self.expect_pop -= 1
            return False
        if not self.pushed:
            return False
        self.pushed = False
        return True


SHARE_CANCELLED = "AbortError"
"""The name of the error ``navigator.share`` rejects with when the person closes the sheet."""


def copy_after_share_error(name: str) -> bool:
    """Whether the page falls back to copying the link after ``navigator.share`` failed with
    an error of this name: not when the person cancelled the sheet, in every other case.

    >>> copy_after_share_error("AbortError"), copy_after_share_error("NotAllowedError")
    (False, True)
    """
    return name != SHARE_CANCELLED
