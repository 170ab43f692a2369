"""Shared test settings.

Hypothesis explores new examples on every local run; in CI (``CI`` set) it is
derandomized, so a green or red result on the same commit is reproducible.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_collection_modifyitems(config, items):
    """Everything under ``tests/browser/`` drives a browser: mark it so ``-m "not browser"``
    (``scripts/test --fast``) leaves it out."""
    import pytest

    browser_dir = os.path.join(os.path.dirname(__file__), "browser") + os.sep
    for item in items:
        if str(item.path).startswith(browser_dir):
            item.add_marker(pytest.mark.browser)
