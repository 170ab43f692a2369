"""How ``scripts/test`` shares the tests between its processes (``tests/conftest.py``): a file whose tests
share a fixture made once per file stays in one process. The marking reads pytest's own record of a test's
fixtures (``item._fixtureinfo``, not a public name), so this test says so at once if a pytest upgrade moves
it, rather than letting each process make such a fixture again."""

from __future__ import annotations

import pytest


def test_a_file_with_a_fixture_made_once_per_file_stays_in_one_process(request: pytest.FixtureRequest) -> None:
    items = [item for item in request.session.items if item.path.name == "test_snapshot.py"]
    if not items:
        pytest.skip("tests/devtools/test_snapshot.py is not part of this run")
    groups = {marker.kwargs.get("name") for item in items for marker in item.iter_markers("xdist_group")}
    assert groups == {str(items[0].path)}


def test_a_file_without_one_is_shared_out(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("xdist_group") is None
