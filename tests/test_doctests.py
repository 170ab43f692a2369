"""Run the doctests of every module that runs in CPython: the core, and the pure
modules of the page's layer (``kseri/web/`` modules that import none of ``js``,
``pyscript``, ``pyodide``, directly or through another module; those that do need
the page and are tested in the browser). ``tests/web/pagemodules.py`` tells them apart
by reading the sources."""

import doctest
import importlib

import pytest

from tests.web.pagemodules import MODULES, needs_the_page

CPYTHON_MODULES = [name for name in MODULES if name != "kseri.__main__" and not needs_the_page(name)]


@pytest.mark.parametrize("name", CPYTHON_MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
