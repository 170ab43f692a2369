"""The game at the browser table, in pure Python: a session (you against the bots, or people
sharing the device, at any table), its seats and levels, URL parameters, share links, what
the page shows (views, round summaries) and the player's statistics.

Runs the same in CPython and in the page; :mod:`kseri.web` draws it. One job per module:

- :mod:`~kseri.table.session`: :class:`~kseri.table.session.GameSession`, the match at
  the table (seeds, the bot's turns in slices, hints, saved games), at every table alike; its
  parts :mod:`~kseri.table.seating` (who sits where: people, names, bots' levels),
  :mod:`~kseri.table.bot_turns` (the bots' turns: thinking in slices and ahead, the simple move
  when thinking fails) and :mod:`~kseri.table.session_view` (the table the page draws);
- :mod:`~kseri.table.strategy` and :mod:`~kseri.table.tables`: what differs between the tables
  (:class:`~kseri.table.strategy.TableStrategy`), and each table's strategy by the engine's
  table id; each table's own modules live together (:mod:`kseri.table.pile`, :mod:`kseri.table.sums`);
- :mod:`~kseri.table.moves`: the ways a hand card can be played;
- :mod:`~kseri.table.seats`: the table's fixed facts (seats, levels from
  :mod:`kseri.bots.names`, seeds, :class:`~kseri.table.seats.SessionError`);
- :mod:`~kseri.table.urlparams` and :mod:`~kseri.table.querystring`: the page's URL;
- :mod:`~kseri.table.share`: share links (``#r=...``);
- :mod:`~kseri.table.views`, :mod:`~kseri.table.summaries`, :mod:`~kseri.table.live`,
  :mod:`~kseri.table.points`: what the page draws;
- :mod:`~kseri.table.stats`: the record per game and level, and the last results;
- :mod:`~kseri.table.notices`: notices cut to one short line, whatever input they quote.

Everything read from outside (URL parameters, share links, saved games, statistics) is
parsed by :func:`kseri.engine.jsontext.parse_json`, within bounds, and fails as one line.

The formats (URL parameters, share links) are specified in ``docs/formats.md``.
"""
