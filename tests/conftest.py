"""Shared test settings.

Hypothesis explores new examples on every local run; in CI (``CI`` set) it is
derandomized, so a green or red result on the same commit is reproducible.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
