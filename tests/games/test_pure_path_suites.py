"""The rules, perft and conformance suites again, on the interpreted path (slow suite, CI).

`make test` runs them compiled; here a child pytest runs the same files with
REGALIA_PURE_PYTHON=1, so the interpreted path keeps passing them too (what
`REGALIA_PURE_PYTHON=1 make test` would check, within CI's time). The child runs the fast
tests of those files only, on one core.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.games.paths import ROOT, needs_compiled

pytestmark = [pytest.mark.slow, needs_compiled, pytest.mark.timeout(900)]

SUITES = ("tests/games/regulator", "tests/games/regicide", "tests/conformance")


def test_rules_perft_and_conformance_pass_interpreted() -> None:
    env = dict(os.environ, REGALIA_PURE_PYTHON="1")
    env.pop("PYTEST_XDIST_WORKER", None)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         "-m", "not slow", *SUITES],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
