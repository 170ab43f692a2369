"""Run the doctests of every core module."""

import doctest
import importlib
import pkgutil

import pytest

import kseri

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(kseri.__path__, "kseri.")
    if not name.startswith(("kseri.web", "kseri.__main__"))
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
