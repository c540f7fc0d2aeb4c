"""The single-agent environment against built-in bots, and the example script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from regalia.ai.base import RandomAgent
from regalia.core.errors import IllegalAction
from regalia.env.versus import VersusBots

ROOT = Path(__file__).resolve().parents[2]


def test_bots_reply_inside_step_until_the_game_ends() -> None:
    env = VersusBots("regulator", level="random", seat=1)
    obs, _ = env.reset(seed=3)
    assert env.game_state.to_act() == {1}  # White (a bot) has already moved
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    done, reward, plies = False, 0.0, 0
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        plies += 1
        assert not truncated
    assert reward in (-1.0, 0.0, 1.0) and "result" in info and plies > 1


def test_regicida_votes_of_bots_and_learner_are_simultaneous() -> None:
    env = VersusBots("regicida", level="random", seat=0, players=3)
    obs, _ = env.reset(seed=1)
    done = False
    while not done:
        phase = env.game_state.view(0)["phase"]
        if phase == "assassination":
            assert env.game_state.view(0)["votes_cast"] == []  # no bot has voted before us
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, _, done, _, _ = env.step(action)
    assert env.game_state.is_over()


@pytest.mark.parametrize("game", ["regulator", "regicide", "regicida"])
def test_gymnasium_env_checker_passes(game: str) -> None:
    check_env(VersusBots(game), skip_render_check=True)


def test_an_illegal_action_loses_or_raises() -> None:
    env = VersusBots("regulator")
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, _, info = env.step(illegal)
    assert (reward, done, info) == (-1.0, True, {"illegal_action": illegal})
    assert not obs["action_mask"].any()
    strict = VersusBots("regulator", illegal_loses=False)
    strict.reset(seed=0)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


class Listener(RandomAgent):
    def __init__(self) -> None:
        super().__init__(0)
        self.heard: list[tuple[int, str]] = []

    def observe(self, seat: int, description: str, view: dict[str, Any]) -> None:
        self.heard.append((seat, description))


def test_bots_hear_every_action_as_the_arena_tells_them() -> None:
    env = VersusBots("regulator", seat=0)
    env.reset(seed=0)
    listener = env.bots[1] = Listener()
    env.step(env.adapter.action_index("b2b3"))
    assert listener.heard[0] == (0, "b3") and listener.heard[1][0] == 1


def test_example_script_trains_and_prints_a_score() -> None:
    script = ROOT / "examples" / "train_vs_bots.py"
    out = subprocess.run(
        [sys.executable, str(script), "--episodes", "2", "--eval-games", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "score" in out.stdout
