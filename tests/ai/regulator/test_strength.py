"""Short matches: the strong bot must beat the weaker levels (slow; run with -m slow)."""

from __future__ import annotations

import pytest

from regalia.ai.arena import MatchSpec, run_match


@pytest.mark.slow
@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_strong_beats_weaker_levels(opponent: str) -> None:
    result = run_match(
        MatchSpec(game="regulator", agents=("strong", opponent), games=6, movetime_ms=100)
    )
    assert result.tallies["strong"].score >= 5 / 6
