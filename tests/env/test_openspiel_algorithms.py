"""OpenSpiel's own algorithms run on the games: MCTS plays whole games against random bots,
outcome-sampling MCCFR and information-set MCTS run on Regicida, OpenSpiel's RL environment
steps each game, and the example script."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts, outcome_sampling_mccfr
from open_spiel.python.bots import uniform_random

import regalia.env.openspiel as ro
from tests.env.test_openspiel import play_until, voting

ROOT = Path(__file__).resolve().parents[2]


def mcts_bot(game: Any, rng: np.random.RandomState, simulations: int = 4) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng
    )


@pytest.mark.parametrize(
    "game_string",
    [
        "regalia_regulator",
        "regalia_regicide(max_game_length=60)",
        "turn_based_simultaneous_game(game=regalia_regicida(players=3))",
    ],
)
def test_mcts_bot_plays_whole_games_against_random(game_string: str) -> None:
    """A ply limit keeps Regicide short here (the game then ends as a draw); the slow suite
    plays it in full."""
    game = pyspiel.load_game(game_string)
    rng = np.random.RandomState(1)
    players = game.num_players()
    for seat in range(2):
        bots = [uniform_random.UniformRandomBot(p, rng) for p in range(players)]
        bots[seat] = mcts_bot(game, rng)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert len(returns) == players and all(r in (-1.0, 0.0, 1.0) for r in returns)


@pytest.mark.slow
def test_mcts_bot_plays_a_whole_regicide_game() -> None:
    game = pyspiel.load_game("regalia_regicide")
    rng = np.random.RandomState(2)
    bots = [uniform_random.UniformRandomBot(p, rng) for p in range(4)]
    bots[0] = mcts_bot(game, rng, simulations=2)
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert returns[0] == returns[2] and returns[1] == returns[3]


@pytest.mark.parametrize("players", [2, 3])
def test_outcome_sampling_mccfr_runs_on_regicida(players: int) -> None:
    game = pyspiel.load_game_as_turn_based("regalia_regicida", {"players": players})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(players)  # the solver samples with numpy's global generator
    for _ in range(4):
        solver.iteration()
    policy = solver.average_policy()
    state = play_until(
        game.new_initial_state(), random.Random(0), lambda s: s.current_player() >= 0
    )
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert abs(sum(probabilities.values()) - 1.0) < 1e-9


def test_information_set_mcts_plays_regicida_with_our_resampler() -> None:
    """ISMCTS itself checks that every world it samples gives the searching seat the same
    information state."""
    game = pyspiel.load_game_as_turn_based("regalia_regicida", {"players": 3})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
    searcher.set_resampler(ro.turn_based_resampler(seed=3))
    state = game.new_initial_state()
    while not state.is_terminal():  # evaluate_bots needs restart_at, which ISMCTS lacks
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=odds)))
        elif state.current_player() == 0:
            state.apply_action(searcher.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert all(r in (-1.0, 1.0) for r in state.returns())


@pytest.mark.parametrize("stop_after", [0, 30, 100])
def test_resampled_states_look_the_same_to_the_seat(stop_after: int) -> None:
    """Native and turn-based: other seats' Houses and unseen tokens change, votes already
    cast by earlier voters too, and the seat's information state never does."""
    rng = random.Random(stop_after)
    native = pyspiel.load_game("regalia_regicida", {"players": 4})
    state = play_until(
        native.new_initial_state(),
        rng,
        lambda s: (
            s.is_simultaneous_node() or (s.current_player() >= 0 and s._run.plies >= stop_after)
        ),
    )
    seat = max(state.current_player(), 0)  # seat 0 at the vote
    worlds = {str(state)}
    for draw in range(6):
        other = state.resample_from_infostate(seat, lambda draw=draw: draw)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.legal_actions() == state.legal_actions()
        worlds.add(str(other))
    assert len(worlds) > 1  # something was dealt again

    turns = pyspiel.load_game_as_turn_based("regalia_regicida", {"players": 4})
    state = play_until(
        turns.new_initial_state(), rng, lambda s: voting(s) and s.current_player() == 2
    )
    resample = ro.turn_based_resampler(seed=stop_after)
    for _ in range(4):
        other = resample(state, 2)
        assert other.information_state_string(2) == state.information_state_string(2)
        assert other.current_player() == 2


@pytest.mark.parametrize(
    "game_string",
    ["regalia_regulator", "regalia_regicide(max_game_length=40)", "regalia_regicida(players=3)"],
)
def test_rl_environment_plays_whole_episodes(game_string: str) -> None:
    """The environment OpenSpiel's RL agents (DQN, NFSP, policy gradients) learn in. It
    steps a simultaneous-move game with one action per player at every node, so Regicida's
    one-seat nodes take the acting seat's entry; it samples the deal itself, and observes
    the information-state tensor where the game has one (Regicida), else the observation
    tensor."""
    env = rl_environment.Environment(game_string)
    rng = np.random.RandomState(4)
    players = env.num_players
    step = env.reset()
    assert len(step.observations["info_state"][0]) == env.observation_spec()["info_state"][0]
    assert env.use_observation == ("regicida" not in game_string)
    while not step.last():
        legal = step.observations["legal_actions"]
        if env.is_turn_based:
            actions = [int(rng.choice(legal[step.observations["current_player"]]))]
        else:
            actions = [int(rng.choice(legal[p])) if legal[p] else 0 for p in range(players)]
        step = env.step(actions)
    assert step.rewards == env.get_state.returns()
    assert all(r in (-1.0, 0.0, 1.0) for r in step.rewards)


def test_example_script_plays_and_prints_a_score() -> None:
    script = ROOT / "examples" / "openspiel_mcts.py"
    for extra in (["--game", "regulator"], ["--game", "regicida", "--players", "2", "--ismcts"]):
        out = subprocess.run(
            [sys.executable, str(script), *extra, "--games", "1", "--simulations", "2"],
            capture_output=True,
            text=True,
            timeout=240,
            check=True,
        )
        assert "vs random" in out.stdout
