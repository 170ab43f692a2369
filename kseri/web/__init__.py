"""The browser table's DOM layer.

:mod:`kseri.web.render` turns a :class:`~kseri.table.views.TableView` into HTML and
:mod:`kseri.web.keys` says what a key press means (both pure Python, tested
under CPython); :mod:`kseri.web.app` forwards clicks and keys to the
:class:`~kseri.table.session.GameSession`, :mod:`kseri.web.board` puts the HTML into
the page and :mod:`kseri.web.turns` plays turns out in time, helped by
:mod:`~kseri.web.opening`, :mod:`~kseri.web.storage`, :mod:`~kseri.web.pacer`,
:mod:`~kseri.web.motion` and :mod:`~kseri.web.dom`. :mod:`kseri.web.embed` is
the embeddable board. The modules of this package are the only ones of the
project that import ``pyscript``/``js``/``pyodide``. No game logic lives here.
"""
