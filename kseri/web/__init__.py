"""The browser table's page layer: the only modules of the project that import
``pyscript``/``js``/``pyodide``. No game logic lives here.

Pure Python (run and doctested in CPython too):

- :mod:`~kseri.web.render`: the table's HTML, from a :class:`~kseri.table.views.TableView`;
- :mod:`~kseri.web.embed_render`: the embeddable board's HTML, from a scene;
- :mod:`~kseri.web.card_html`: card images, for both;
- :mod:`~kseri.web.keys`: what a key press means;
- :mod:`~kseri.web.state`: what the table is doing, one :class:`~kseri.web.state.UiState`, held by
  one :class:`~kseri.web.state.StateOwner` that checks every change;
- :mod:`~kseri.web.turns`: the turns played out in time (your play, the bots' in slices, a deal, the
  hint), through the small :class:`~kseri.web.turns.TurnsHost` protocol (not the app itself);
  :mod:`~kseri.web.flow`: what follows a phase, whether input counts now;
- :mod:`~kseri.web.navigation`: the back button and the dialogs' history entry, and what a
  failed system share sheet means;
- :mod:`~kseri.web.fresh`: the page's first step, that the modules a memory snapshot brought
  are the unpacked package's own.

The page (DOM, timers, storage; typed against ``stubs/``):

- :mod:`~kseri.web.app` holds the :class:`~kseri.table.session.GameSession` and the state's owner;
  its controllers do the jobs (:mod:`~kseri.web.input_ui`, :mod:`~kseri.web.play_ui`,
  :mod:`~kseri.web.newgame_ui`, :mod:`~kseri.web.rules_ui`, :mod:`~kseri.web.share_ui`,
  :mod:`~kseri.web.stats_ui`, :mod:`~kseri.web.match_end_ui`, :mod:`~kseri.web.settings_ui`,
  :mod:`~kseri.web.saving`, :mod:`~kseri.web.dialogs`), and :mod:`~kseri.web.startup` starts it;
- each table shows a play its own way (:mod:`kseri.web.pile.play`, :mod:`kseri.web.sums.play`, found by the
  engine's table id in :mod:`~kseri.web.tables`, through :class:`~kseri.web.play_host.PlayHost`);
- :mod:`~kseri.web.board` puts the HTML into the page, :mod:`~kseri.web.motion`
  animates it, :mod:`~kseri.web.pacer` times it;
- :mod:`~kseri.web.opening` picks the game the page opens with,
  :mod:`~kseri.web.storage` keeps it between visits, :mod:`~kseri.web.dom` has the
  small helpers for values and elements from the browser;
- :mod:`~kseri.web.embed` runs the embeddable board (``embed.html``); :mod:`~kseri.web.embed_hub` the one
  runtime that draws every scene frame of a page (``embed-runtime.html``).
"""
