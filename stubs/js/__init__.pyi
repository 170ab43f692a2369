"""The page's JavaScript globals (``import js`` / ``from js import ...``), only those kseri/web uses."""

from collections.abc import Iterable
from typing import Any, final

from pyodide.ffi import JsProxy

@final
class _Console(JsProxy):
    def error(self, *data: object) -> None: ...
    def warn(self, *data: object) -> None: ...

@final
class _ObjectConstructor(JsProxy):
    def fromEntries(self, entries: Iterable[Any], /) -> JsProxy:  # noqa: N802 - JavaScript's name
        """A plain object from ``[key, value]`` pairs (``to_js``'s ``dict_converter``)."""

console: _Console
Object: _ObjectConstructor
