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


def test_a_node_limit_stops_both_paths_at_exactly_that_many_nodes() -> None:
    nodes = [1, 33, 100, 2500, 2500]  # the last on a table the one before has warmed
    here = same_here("tests.ai.search.traces:node_limited", nodes)
    assert [row[0] for row in here] == nodes * 2
    assert here == run_interpreted("tests.ai.search.traces:node_limited", nodes)
