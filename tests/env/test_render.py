"""render() draws each board as text from a spectator's view, during and after a game."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

from regalia.env import regicida_v0, regicide_v0, regulator_v0


@pytest.mark.parametrize("module", [regulator_v0, regicide_v0, regicida_v0])
def test_render_shows_the_board_then_the_result(module: ModuleType) -> None:
    env = module.raw_env(render_mode="ansi")
    env.reset(seed=2)
    start = env.render()
    assert isinstance(start, str) and ("to move" in start or "to act" in start)
    rng = np.random.default_rng(2)
    while not env.game_state.is_over():
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert "result:" in env.render()
    assert env.game_state.view(None).get("identity") is None  # spectators hold no secret


def test_human_mode_prints(capsys: pytest.CaptureFixture[str]) -> None:
    env = regulator_v0.raw_env(render_mode="human")
    env.reset(seed=0)
    assert env.render() is None
    assert "FEN" in capsys.readouterr().out
