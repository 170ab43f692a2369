"""The browser table's DOM layer.

:mod:`kseri.web.render` turns a :class:`~kseri.session.TableView` into HTML
(pure Python, tested under CPython); :mod:`kseri.web.app` is the only module
of the project that imports ``pyscript``/``js``: it puts that HTML into the
page, animates plays, and forwards clicks and keys to the
:class:`~kseri.session.GameSession`. No game logic lives here.
"""
