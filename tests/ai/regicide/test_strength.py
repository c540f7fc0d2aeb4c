"""Short matches: the strong team must beat weaker teams (slow; run with -m slow)."""

from __future__ import annotations

import pytest

from regalia.ai.arena import MatchSpec, run_match


@pytest.mark.slow
@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_strong_team_beats_weaker_teams(opponent: str) -> None:
    result = run_match(
        MatchSpec(game="regicide", agents=("strong", opponent), games=4, movetime_ms=100)
    )
    assert result.tallies["strong"].score >= 3 / 4
