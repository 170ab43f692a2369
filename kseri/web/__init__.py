"""The browser table's DOM layer.

:mod:`kseri.web.render` turns a :class:`~kseri.views.TableView` into HTML
(pure Python, tested under CPython); :mod:`kseri.web.app` puts that HTML into
the page, runs each turn and forwards clicks and keys to the
:class:`~kseri.session.GameSession`, helped by :mod:`~kseri.web.opening`,
:mod:`~kseri.web.storage`, :mod:`~kseri.web.pacer`, :mod:`~kseri.web.motion`
and :mod:`~kseri.web.dom`. :mod:`kseri.web.embed` is the embeddable board.
The modules of this package are the only ones of the project that import
``pyscript``/``js``/``pyodide``. No game logic lives here.
"""
