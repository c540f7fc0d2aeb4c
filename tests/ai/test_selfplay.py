"""`regalia selfplay`: seeded self-play games written in the batched environments' format.
A seed replays exactly, the stored planes and masks are what the PettingZoo env gives for
the stored actions (Regicida's vote included), Ray plays the same games as `--jobs`, and bad
input gets one line, not a traceback."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from regalia.ai.levels import levels_for
from regalia.ai.selfplay import FORMAT_VERSION, SelfplaySpec, plan, read_shard, run_selfplay
from regalia.cli import build
from regalia.env import regicida_v0, regulator_v0

# Small and quick, every level searching within a node bound.
REGULATOR = {"game": "regulator", "games": 2, "seed": 11, "nodes": 40}
REGICIDA = {"game": "regicida", "games": 2, "seed": 5, "level": "greedy", "players": 3}


def _arrays(folder: Path) -> dict[str, dict[str, np.ndarray]]:
    return {p.name: read_shard(p) for p in sorted(folder.glob("*.npz"))}


def _same(a: dict[str, dict[str, np.ndarray]], b: dict[str, dict[str, np.ndarray]]) -> None:
    assert a.keys() == b.keys() and a
    for name in a:
        assert a[name].keys() == b[name].keys()
        for key in a[name]:
            assert a[name][key].dtype == b[name][key].dtype, (name, key)
            assert np.array_equal(a[name][key], b[name][key]), (name, key)


@pytest.fixture(scope="module")
def regulator_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("regulator")
    run_selfplay(SelfplaySpec(out=str(out), **REGULATOR))  # type: ignore[arg-type]
    return out


@pytest.fixture(scope="module")
def regicida_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("regicida")
    run_selfplay(SelfplaySpec(out=str(out), **REGICIDA), jobs=2)  # type: ignore[arg-type]
    return out


def test_the_default_level_is_the_games_strongest_and_the_index_says_what_was_played(
    regulator_run: Path,
) -> None:
    (job, second) = plan(SelfplaySpec("regulator", 2, seed=11))
    assert job.level == levels_for("regulator")[-1]
    assert (job.seed, second.seed) == (11, 12)  # game i: seed S+i
    index = json.loads((regulator_run / "index.json").read_text())
    assert index["version"] == FORMAT_VERSION and index["game"] == "regulator"
    assert index["level"] == levels_for("regulator")[-1] and index["seeds"] == [11, 12]
    assert index["games"] == 2 and index["nodes"] == 40
    arrays = _arrays(regulator_run)
    assert [s["file"] for s in index["shards"]] == list(arrays)
    for shard in index["shards"]:
        data = arrays[shard["file"]]
        steps = shard["steps"]
        assert steps == len(data["action"]) == len(data["to_play"]) > 0
        assert data["obs"].shape == (steps, *index["obs_shape"])
        assert data["mask"].shape == (steps, index["num_actions"])
        assert data["rewards"].tolist() == shard["rewards"]
    assert index["steps"] == sum(s["steps"] for s in index["shards"])


def test_two_runs_with_one_seed_write_identical_arrays(
    regulator_run: Path, regicida_run: Path, tmp_path: Path
) -> None:
    again = tmp_path / "regulator"
    run_selfplay(SelfplaySpec(out=str(again), **REGULATOR))  # type: ignore[arg-type]
    _same(_arrays(regulator_run), _arrays(again))
    again = tmp_path / "regicida"
    run_selfplay(SelfplaySpec(out=str(again), **REGICIDA))  # type: ignore[arg-type]
    _same(_arrays(regicida_run), _arrays(again))  # and --jobs 1 is --jobs 2
    other = tmp_path / "other"
    run_selfplay(SelfplaySpec(out=str(other), **{**REGICIDA, "seed": 6}))  # type: ignore[arg-type]
    # Seed 6 plays seed 5's second game first: S+i.
    first, second = (_arrays(regicida_run)[f"regicida-0000{i}.npz"] for i in (1, 2))
    assert np.array_equal(_arrays(other)["regicida-00001.npz"]["action"], second["action"])
    assert not np.array_equal(first["action"], second["action"])


def _replay(raw: Any, data: dict[str, np.ndarray]) -> int:
    """Step the PettingZoo env with the stored actions, checking each stored row; the
    number of rows taken at a simultaneous step."""
    raw.reset(seed=0)
    raw.game_state = raw.game_start = raw.adapter.new_state(int(data["seed"]))
    raw.agent_selection = raw._next_agent()
    simultaneous = 0
    for t, action in enumerate(data["action"].tolist()):
        agent = raw.agent_selection
        assert raw._seat[agent] == data["to_play"][t]
        seen = raw.observe(agent)
        assert np.array_equal(seen["observation"], data["obs"][t]), t
        assert np.array_equal(seen["action_mask"], data["mask"][t]), t
        simultaneous += len(raw.game_state.to_act()) > 1
        raw.step(action)
    assert all(raw.terminations.values())  # the game ended where the data ends
    assert [raw.rewards[a] for a in raw.possible_agents] == data["rewards"].tolist()
    return simultaneous


def test_stored_observations_and_masks_are_the_pettingzoo_envs_for_the_stored_actions(
    regulator_run: Path, regicida_run: Path
) -> None:
    for data in _arrays(regulator_run).values():
        assert _replay(regulator_v0.raw_env(), data) == 0
    votes = sum(_replay(regicida_v0.raw_env(players=3), d) for d in _arrays(regicida_run).values())
    assert votes >= 2 * 3  # each game's vote: a row per seat, taken as the env takes it


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        object_store_memory=80 * 1024 * 1024,
        log_to_driver=False,
    )
    try:
        yield
    finally:
        ray.shutdown()


def test_a_ray_run_equals_a_jobs_run_game_by_game(
    local_ray: None, regulator_run: Path, regicida_run: Path, tmp_path: Path
) -> None:
    remote = tmp_path / "regulator"
    result = run_selfplay(SelfplaySpec(out=str(remote), **REGULATOR), ray="auto")  # type: ignore[arg-type]
    _same(_arrays(regulator_run), _arrays(remote))
    assert [r.index for r in result.reports] == [0, 1]
    index = json.loads((remote / "index.json").read_text())
    assert index == json.loads((regulator_run / "index.json").read_text())
    remote = tmp_path / "regicida"
    run_selfplay(SelfplaySpec(out=str(remote), **REGICIDA), ray="auto")  # type: ignore[arg-type]
    _same(_arrays(regicida_run), _arrays(remote))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["regulator", "--games", "0"], "--games must be at least 1"),
        (["nosuchgame"], "unknown game 'nosuchgame'"),
        (["regulator", "--level", "grandmaster"], "unknown bot level 'grandmaster'"),
        (["regulator", "--nodes", "0"], "--nodes must be at least 1"),
        (["regulator", "--jobs", "-1"], "--jobs is 0 (one per CPU) or more"),
        (["regicida", "--players", "9"], "9"),
        (["regulator", "--option", "nonsense=1"], "nonsense"),
    ],
)
def test_bad_input_is_answered_with_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(build(), ["selfplay", *args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    assert said.startswith("error:") and message in said, said
    assert "Traceback" not in result.output
    assert not out.exists()  # nothing written for a refused run


def test_an_unwritable_out_is_named_and_a_good_run_reports(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    runner, app = CliRunner(), build()
    for out, why in ((blocker, "is a file, not a folder"), (blocker / "sub", "cannot be written")):
        result = runner.invoke(app, ["selfplay", "regulator", "--out", str(out)])
        said = " ".join(result.stderr.split())
        assert result.exit_code == 2 and why in said and "Traceback" not in result.output
    out = tmp_path / "data"
    args = ["selfplay", "regulator", "--level", "greedy", "--games", "1", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "1 regulator games of greedy against itself" in result.output
    assert sorted(p.name for p in out.iterdir()) == ["index.json", "regulator-00001.npz"]
    assert "--out" in runner.invoke(app, ["selfplay", "--help"]).output
