"""The compiled search against the same modules interpreted: fixed-depth searches agree.

The interpreted path runs in a subprocess (REGALIA_PURE_PYTHON=1, see tests/games/paths.py);
the best move, score, principal variation and node count of every search must be the same.
"""

from __future__ import annotations

from tests.games.paths import needs_compiled, run_interpreted, same_here

pytestmark = needs_compiled


def test_regulator_searches_agree() -> None:
    args = ([0, 1, 2], 40, 10, 4)
    assert same_here("tests.ai.search.traces:regulator", *args) == run_interpreted(
        "tests.ai.search.traces:regulator", *args
    )


def test_regicide_searches_agree() -> None:
    args = ([0, 1], 48, 12, 3)
    assert same_here("tests.ai.search.traces:regicide", *args) == run_interpreted(
        "tests.ai.search.traces:regicide", *args
    )
