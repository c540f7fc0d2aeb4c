"""The compiled engines against the same modules interpreted: the same answers everywhere.

`make test` runs the engines compiled; here the interpreted path (REGALIA_PURE_PYTHON=1, in a
subprocess) walks the same seeded random games, and every legal-move list (in order), perft
count, key and answer of the position must agree. Skipped where nothing is compiled.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.paths import needs_compiled, run_interpreted, same_here

pytestmark = needs_compiled


def assert_same_games(ref: str, *args: Any) -> None:
    compiled = same_here(ref, *args)
    interpreted = run_interpreted(ref, *args)
    assert len(compiled) == len(interpreted)
    for game, (ours, theirs) in enumerate(zip(compiled, interpreted, strict=True)):
        for ply, (row, other) in enumerate(zip(ours, theirs, strict=False)):
            for field in row.keys() | other.keys():
                assert row.get(field) == other.get(field), (
                    f"game {game}, ply {ply}: {field} differs (compiled, then interpreted):\n"
                    f"{row.get(field)}\n{other.get(field)}"
                )
        assert len(ours) == len(theirs), f"game {game}: the games end at different plies"


def test_regulator_agrees_along_random_games() -> None:
    assert_same_games("tests.games.traces:regulator", [0, 1, 2], 80, 20, 2)


@pytest.mark.slow
def test_regulator_agrees_along_long_random_games() -> None:
    assert_same_games("tests.games.traces:regulator", list(range(3, 23)), 300, 10, 3)


def test_regicide_agrees_along_random_games() -> None:
    assert_same_games("tests.games.traces:regicide", [0, 1], 160, 40, 2)


@pytest.mark.slow
def test_regicide_agrees_along_long_random_games() -> None:
    assert_same_games("tests.games.traces:regicide", list(range(2, 14)), 1200, 60, 3)
