"""The few names of ``pyodide.ffi`` that kseri/web uses (Pyodide 314)."""

from collections.abc import Callable, Iterable
from typing import Any, final

class JsProxy:
    """A JavaScript object seen from Python.

    Its attributes are the object's properties: reading one gives ``Any`` (the page's
    API is not typed here), and any property can be set.
    """

    def __getattr__(self, name: str, /) -> Any: ...
    def __setattr__(self, name: str, value: Any, /) -> None: ...

@final
class JsNull:
    """The type of :data:`jsnull`, JavaScript's ``null`` (falsy)."""

    def __bool__(self) -> bool: ...

jsnull: JsNull
"""JavaScript's ``null`` as Python sees it (not None)."""

def create_proxy(obj: Callable[..., object], /, *, capture_this: bool = False, roundtrip: bool = True) -> JsProxy:
    """A persistent JavaScript function that calls ``obj`` (kept alive until destroyed)."""

def create_once_callable(obj: Callable[..., object], /, *, _may_syncify: bool = False) -> JsProxy:
    """A JavaScript function that calls ``obj`` once and then frees itself."""

def to_js(
    obj: object,
    /,
    *,
    depth: int = -1,
    dict_converter: Callable[[Iterable[Any]], JsProxy] | None = None,
) -> Any:
    """A Python value as a JavaScript one (dicts as ``Map`` unless ``dict_converter`` says otherwise)."""
