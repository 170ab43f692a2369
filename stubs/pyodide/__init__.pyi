"""Pyodide's Python package, as far as kseri/web uses it: :mod:`pyodide.ffi`."""
