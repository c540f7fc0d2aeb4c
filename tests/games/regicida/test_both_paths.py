"""Regicida's compiled rules against the same module interpreted: the same answers everywhere.

Seeded random games of 2-6 players (every objective) are walked on both paths; at every step
the legal actions of every seat (in order), the placement cells and swap pairs, and at the end
the Coronation (scores, light scores, ranks) and the result must agree. Skipped where nothing
is compiled (the interpreted path runs in a subprocess with REGALIA_PURE_PYTHON=1).
"""

from __future__ import annotations

from typing import Any

from regalia.core.registry import get_game
from regalia.core.seeds import Rng
from regalia.games.regicida import actions, rules
from regalia.games.regicida.houses import OBJECTIVE_KEYS
from regalia.games.regicida.scoring import coronation, objective_scores
from tests.games.paths import needs_compiled, run_interpreted, same_here

pytestmark = needs_compiled


def trace(seeds: list[int]) -> list[Any]:
    """Per game, per step: what the rules answer, as plain data; then the game's end."""
    game = get_game("regicida")
    games = []
    for seed in seeds:
        rng = Rng(seed)
        players = 2 + seed % 5
        objective = OBJECTIVE_KEYS[seed % len(OBJECTIVE_KEYS)]
        state = game.new(seed, players, objective=objective)
        steps: list[Any] = []
        while not state.is_over():
            pos = state._pos  # the position the rules see
            steps.append(
                {
                    "phase": pos.phase.value,
                    "board": pos.board.to_text(),
                    "cells": rules.placement_cells(pos.board),
                    "pairs": rules.swap_pairs(pos.board),
                    "legal": [
                        [actions.encode(a) for a in state.legal_actions(s)] for s in range(players)
                    ],
                    "scores": objective_scores(pos.board, "united"),
                }
            )
            for seat in sorted(state.to_act()):
                legal = state.legal_actions(seat)
                state = state.apply(seat, legal[rng.below(len(legal))])
        pos = state._pos
        result = state.result()
        assert result is not None
        steps.append(
            {
                "coronation": [
                    [h.house, h.score, h.light_score, h.rank]
                    for h in coronation(pos.board, pos.objective, pos.succession)
                ],
                "ranking": rules.ranking_houses(pos),
                "outcomes": [o.value for o in result.outcomes],
                "reason": result.reason,
                "record": state.to_record(),
            }
        )
        games.append(steps)
    return games


def test_regicida_agrees_along_random_games() -> None:
    ref = "tests.games.regicida.test_both_paths:trace"
    seeds = list(range(10))
    compiled = same_here(ref, seeds)
    interpreted = run_interpreted(ref, seeds)
    assert len(compiled) == len(interpreted)
    for game, (ours, theirs) in enumerate(zip(compiled, interpreted, strict=True)):
        for step, (row, other) in enumerate(zip(ours, theirs, strict=False)):
            for field in row.keys() | other.keys():
                assert row.get(field) == other.get(field), (
                    f"game {game}, step {step}: {field} differs (compiled, then interpreted):\n"
                    f"{row.get(field)}\n{other.get(field)}"
                )
        assert len(ours) == len(theirs), f"game {game}: the games end at different steps"
