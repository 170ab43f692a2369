"""The pile tables' part of the page: :mod:`~kseri.web.pile.play` (a play shown in time)."""
