"""The few names of PyScript 0.7's ``pyscript`` module that kseri/web uses."""

from pyodide.ffi import JsProxy

document: JsProxy
"""The page's ``document``."""
window: JsProxy
"""The page's ``window``."""
