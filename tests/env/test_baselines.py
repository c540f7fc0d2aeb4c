"""Regicida's baselines (issue 32): the MCCFR curve, the learned policy, the identity-inference
metric and bench/regicida_baselines.py, each at tiny settings."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from regalia.env.regicida import baselines as B
from regalia.env.regicida.learned import PPOConfig, train_ppo

BENCH = Path(__file__).resolve().parents[2] / "bench" / "regicida_baselines.py"


def bench_module() -> Any:
    spec = importlib.util.spec_from_file_location("regicida_baselines", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_outcome_sampling_mccfr_lowers_nash_conv_on_the_reduced_game() -> None:
    """800 sampled iterations bring NashConv well below the uniform policy's 89/90,
    where every curve starts (tests/env/test_regicida_infostate.py). One NashConv costs
    seconds here, so this curve has one point."""
    points, policy = B.mccfr_curve("outcome", [800], seed=3)
    assert [p.iterations for p in points] == [800]
    assert points[0].cpu > 0
    assert points[0].nash_conv < 89 / 90 - 0.05
    state = B.regicida(reduced=True).new_initial_state()
    state.apply_action(1)
    state.apply_action(4)
    assert sorted(policy.action_probabilities(state)) == state.legal_actions()
    with pytest.raises(ValueError, match="outcome"):
        B.mccfr_solver("vanilla", B.regicida(reduced=True))


def test_the_learned_policy_beats_random_after_a_short_training() -> None:
    """500 episodes against random players: on the same 120 deals the learned policy wins
    clearly more often than a random player in its seat does."""
    policy = train_ppo(PPOConfig(episodes=500, batch=100, opponents=("random",)), seed=0)
    game = B.regicida(reduced=True)
    learned = B.Row.of(B.play_match(game, B.policy_bot(policy), B.builtin("random"), 120, 2))
    blind = B.Row.of(B.play_match(game, B.builtin("random"), B.builtin("random"), 120, 2))
    assert learned.wins >= blind.wins + 12
    # Its vote names the Regent House's holder more often than random votes do.
    assert learned.vote[0] / learned.vote[1] > blind.vote[0] / blind.vote[1] + 0.1


def test_training_replays_from_its_seed() -> None:
    config = PPOConfig(episodes=40, batch=20, opponents=("self", "random"))
    first, again, other = (train_ppo(config, seed) for seed in (5, 5, 6))
    state = B.regicida(reduced=True).new_initial_state()
    state.apply_action(0)
    state.apply_action(3)
    assert first.action_probabilities(state) == again.action_probabilities(state)
    assert first.action_probabilities(state) != other.action_probabilities(state)
    assert sorted(first.action_probabilities(state)) == state.legal_actions()


def test_built_in_inference_names_the_regent_holder_above_chance() -> None:
    """Three seats, a random hero among greedy players: the built-in inference from the
    hero's seat names the Regent House's holder far more often than a uniform guess among
    the two other seats and the Neutral Player (1/3). The hero's own random vote does not."""
    game = B.regicida(3)
    records = B.play_match(game, B.builtin("random"), B.builtin("greedy"), 6, seed=4)
    assert [r.seat for r in records] == [i % 3 for i in range(6)]
    row = B.Row.of(records)
    hits, counted = row.belief
    assert counted >= 4 and hits / counted > 0.7
    assert row.vote[1] == counted and row.vote[0] < hits


def test_bench_help_names_every_option() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--help"], capture_output=True, text=True, check=True
    )
    for option in ("--games", "--seed", "--players", "--parts", "--heroes", "--ppo-episodes"):
        assert option in done.stdout
    parser = bench_module().parser()
    assert all(action.help for action in parser._actions)


def test_a_tiny_bench_run_prints_its_tables(capsys: pytest.CaptureFixture[str]) -> None:
    bench = bench_module()
    bench.main(
        ["--parts", "reduced,full", "--heroes", "random,greedy", "--levels", "random",
         "--reduced-games", "4", "--games", "2", "--players", "3"]
    )  # fmt: skip
    out = capsys.readouterr()
    lines = out.out.splitlines()
    header = "| hero | table | wins [95%] | belief | vote | always Neutral | CPU ms/decision |"
    assert lines.count(header) == 2
    rows = [line for line in lines if line.startswith(("| random |", "| greedy |"))]
    assert len(rows) == 4
    assert all("/4 = " in row for row in rows[:2]) and all("/2 = " in row for row in rows[2:])
    assert "Full game, 3 seats" in out.out
    assert "reduced: greedy vs random: 4/4 games" in out.err
    with pytest.raises(SystemExit, match="unknown"):
        bench.main(["--heroes", "nobody"])
