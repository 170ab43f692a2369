"""The game at the browser table, in pure Python: a session (one human, one bot),
its seats and levels, URL parameters, share links, what the page shows (views,
round summaries) and the player's statistics.

Runs the same in CPython and in the page; :mod:`kseri.web` draws it.
"""
