"""The GitHub workflow tests every push and pull request with README's command, and
publishes only what passed.

A text check (no YAML parser in the test tools): the workflow is small and written by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

WORKFLOW = Path(__file__).resolve().parents[2] / ".github" / "workflows" / "pages.yml"


def _jobs(text: str) -> dict[str, str]:
    """Each job's block of lines under ``jobs:``, by name."""
    body = text.split("\njobs:\n", 1)[1]
    parts = re.split(r"^  ([a-z][\w-]*):\n", body, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_push_and_pull_request_runs_the_readme_test_command() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    triggers = text.split("\non:\n", 1)[1].split("\n\n", 1)[0]
    assert re.search(r"^  push:", triggers, re.MULTILINE)
    assert re.search(r"^  pull_request:", triggers, re.MULTILINE)
    readme = (WORKFLOW.parents[2] / "README.md").read_text(encoding="utf-8")
    assert "scripts/test" in readme
    assert re.search(r"^\s+run: scripts/test\s*$", _jobs(text)["test"], re.MULTILINE)


def test_pages_deploy_only_after_the_tests_pass_on_main() -> None:
    jobs = _jobs(WORKFLOW.read_text(encoding="utf-8"))
    assert "needs: test" in jobs["build"]
    assert "refs/heads/main" in jobs["build"]
    assert "needs: build" in jobs["deploy"]
