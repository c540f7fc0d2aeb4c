"""Every shipped puzzle (issue 30): it reads back, its line plays, and a search set up
unlike the miner's — full width to a fixed depth, no table, no reductions — finds the
solution's move best, decisive and clear of the next at every solver step."""

from __future__ import annotations

import hashlib

import pytest

from regalia.core.registry import available_games, get_game
from regalia.puzzles.hook import hook_for
from regalia.puzzles.shipped import shipped_puzzles
from regalia.puzzles.verify import problems, verifier

WITH_PUZZLES = sorted(g.name for g in available_games() if g.puzzles)
# The games whose puzzles are lines of moves, checked by a search (a game answered its own
# way checks its set itself: tests/puzzles/test_regicida.py).
WITH_LINES = [name for name in WITH_PUZZLES if hook_for(get_game(name)).answer == "line"]
STARTER_SET = 300  # the least per chess game
# The second search over a whole set costs 20 s of CPU a game; `regalia puzzles check` runs
# it over everything a set is built from. Here: a sample that changes with the set.
SAMPLE = 60


def test_the_chess_games_ship_puzzles() -> None:
    assert {"regulator", "regicide"} <= set(WITH_PUZZLES)


@pytest.mark.parametrize("name", WITH_LINES)
def test_every_shipped_puzzle_passes_a_second_search(name: str) -> None:
    game = get_game(name)
    puzzles = shipped_puzzles(game)
    assert len(puzzles) >= STARTER_SET, f"{name} ships {len(puzzles)} puzzles"
    ids = [p["id"] for p in puzzles]
    assert len(set(ids)) == len(ids)
    for puzzle in puzzles:
        # The id names the position, so a set merged from several runs keeps each once.
        digest = hashlib.sha1(f"{name}\n{puzzle['position']}".encode()).hexdigest()[:10]
        assert puzzle["id"] == digest
        assert len(puzzle["moves"]) % 2 == 1, puzzle["id"]  # it ends with the solver's move
    agent = verifier(game)
    sample = sorted(puzzles, key=lambda p: hashlib.sha1(p["id"].encode()).digest())[:SAMPLE]
    failed = {p["id"]: found for p in sample if (found := problems(game, p, agent))}
    assert not failed, failed


PARTS = 2  # each game's whole set in two halves, so both test processes share it


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("name", WITH_LINES)
def test_the_whole_shipped_set_passes_the_second_search(name: str, part: int) -> None:
    """Every shipped puzzle, not a sample (the slow suite, which CI runs): about 20 s of CPU a
    game in all."""
    game = get_game(name)
    puzzles = shipped_puzzles(game)[part::PARTS]
    assert puzzles
    agent = verifier(game)
    failed = {p["id"]: found for p in puzzles if (found := problems(game, p, agent))}
    assert not failed, failed
