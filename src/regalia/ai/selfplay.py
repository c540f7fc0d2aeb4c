"""Self-play data: games of one built-in level against itself, saved in the batched format.

    run_selfplay(SelfplaySpec("regulator", games=100, seed=0, out="data/"), jobs=2)

Every seat is played by the same level (by default the game's strongest, the last of
`regalia.ai.levels.levels_for`, as `regalia arena` names levels). Game `i` is dealt with seed
`seed + i`, and its agents' seeds derive from that, so a run replays exactly: the levels get
node budgets, never a clock (`nodes`, else each level's own node bound with its clock
dropped, as the arena does; `regalia.ai.arena.budget_of`).

Where the games run does not change them: one process, `jobs` processes, or Ray tasks
(`ray`: "local", "auto" or HOST:PORT, `regalia.ai.ray_runner.ray_map`) play the same games.
A worker returns its game's arrays and this process writes them, so on a Ray cluster every
file lands in `out` on the machine that started the run.

The data, one `.npz` per game (`{game}-{i+1:05d}.npz`), in the format of the batched
environments (`regalia.env.vector`; the same planes and action numbers as the PettingZoo
envs), one row per decision:

- `obs[T, *obs_shape]` float32: the planes of the seat to act, as the env observes them;
- `mask[T, A]` int8: that seat's legal actions;
- `action[T]` int64: the action number it chose;
- `to_play[T]` int32: that seat;
- `rewards[players]` float32: the end's reward per seat (+1 win, -1 loss, 0 draw; all 0
  when the ply guard stopped the game: truncated);
- `seed`: the game's seed.

A simultaneous step (Regicida's vote) is a row per voting seat, lowest seat first, all
observed from the same position (nobody sees an earlier vote) and applied together after
the last, as the PettingZoo env takes it.

`index.json` describes the run: format and version, game, players, options, level, budget,
the run's seed, the shape of the arrays, and per game its file, seed, decisions, plies,
rewards, reason and whether it was truncated.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from regalia.ai.arena import MatchSpec, budget_of, budget_text
from regalia.ai.base import Agent, Observation
from regalia.ai.levels import is_level, levels_for, make_agent
from regalia.core.errors import BadNotation
from regalia.core.game import Game, Result, State
from regalia.core.registry import get_game
from regalia.core.seeds import derive

FORMAT = "regalia-selfplay"
FORMAT_VERSION = 1
ARRAYS = ("obs", "mask", "action", "to_play", "rewards", "seed")


@dataclass(frozen=True)
class SelfplaySpec:
    game: str
    games: int
    seed: int = 0
    level: str | None = None  # None: the game's strongest level
    out: str = "selfplay"
    players: int | None = None
    nodes: int | None = None
    max_plies: int | None = None
    options: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SelfplayJob:
    """Everything a worker needs to play one game."""

    index: int
    game: str
    players: int
    seed: int
    level: str
    nodes: int | None
    max_plies: int
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ShardReport:
    """One game written: what index.json says of it."""

    index: int
    seed: int
    file: str
    steps: int  # decisions: rows of the arrays
    plies: int
    rewards: tuple[float, ...]
    reason: str
    truncated: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.index,
            "file": self.file,
            "seed": self.seed,
            "steps": self.steps,
            "plies": self.plies,
            "rewards": list(self.rewards),
            "reason": self.reason,
            "truncated": self.truncated,
        }


@dataclass(frozen=True)
class Shard:
    """A played game: its report and its arrays (returned by the worker, written here)."""

    report: ShardReport
    arrays: dict[str, npt.NDArray[Any]]


@dataclass
class SelfplayResult:
    spec: SelfplaySpec
    level: str
    players: int
    reports: list[ShardReport]

    @property
    def steps(self) -> int:
        return sum(r.steps for r in self.reports)


def default_level(game: Game[Any]) -> str:
    """The game's strongest level: the last of its levels, weakest first."""
    return levels_for(game)[-1]


def _adapter(game: str, players: int, options: Mapping[str, str]) -> Any:
    from regalia.env.adapters import ADAPTERS, make_adapter

    if game not in ADAPTERS:
        raise BadNotation(
            f"{game!r} has no batched environment, so no self-play data format; "
            f"choose one of {', '.join(ADAPTERS)}"
        )
    return make_adapter(game, players, **dict(options))


def plan(spec: SelfplaySpec) -> list[SelfplayJob]:
    """Seeds, level and budget of every game; BadNotation for a bad value."""
    game = get_game(spec.game)
    if spec.games < 1:
        raise BadNotation(f"--games must be at least 1, not {spec.games}")
    for value, name in ((spec.nodes, "--nodes"), (spec.max_plies, "--max-plies")):
        if value is not None and value < 1:
            raise BadNotation(f"{name} must be at least 1, not {value}")
    level = (spec.level or "").strip().lower() or default_level(game)
    if not is_level(game, level):
        raise BadNotation(
            f"unknown bot level {level!r}; choose among {', '.join(levels_for(game))}"
        )
    players = game.check_players(spec.players if spec.players is not None else game.min_players)
    options = tuple(sorted(spec.options.items()))
    _adapter(game.name, players, dict(options))  # a bad option is refused before any game
    max_plies = spec.max_plies or game.max_plies
    return [
        SelfplayJob(i, game.name, players, spec.seed + i, level, spec.nodes, max_plies, options)
        for i in range(spec.games)
    ]


def shard_name(game: str, index: int) -> str:
    return f"{game}-{index + 1:05d}.npz"


def play_shard(job: SelfplayJob) -> Shard:
    """Play one game of the level against itself, recording every decision."""
    adapter = _adapter(job.game, job.players, dict(job.options))
    state: State[Any] = adapter.new_state(job.seed)
    agents: list[Agent[Any]] = [
        make_agent(job.game, job.level, derive(job.seed, f"selfplay:agent:{s}") & 0x7FFF_FFFF)
        for s in range(job.players)
    ]
    budget = budget_of(MatchSpec(job.game, (), 1, nodes=job.nodes), job.level)
    watchers = [s for s, a in enumerate(agents) if type(a).observe is not Agent.observe]
    obs: list[npt.NDArray[np.float32]] = []
    masks: list[npt.NDArray[np.int8]] = []
    actions: list[int] = []
    to_play: list[int] = []
    plies = 0
    result: Result | None = state.result()
    while result is None and plies < job.max_plies:
        acting = sorted(state.to_act())
        # Simultaneous seats (a secret vote) all see and choose from the same state.
        chosen = []
        for seat in acting:
            obs.append(np.array(adapter.observe(state, seat), dtype=np.float32))
            mask = np.zeros(adapter.num_actions, dtype=np.int8)
            adapter.fill_mask(mask, state, seat)
            masks.append(mask)
            action = agents[seat].choose(Observation(state, seat), budget)
            actions.append(adapter.encode(state, action))
            to_play.append(seat)
            chosen.append((seat, action))
        for seat, action in chosen:
            public = len(acting) == 1
            text = state.describe(action)
            state = state.apply(seat, action)
            plies += 1
            for w in watchers:
                agents[w].observe(seat, text if public or w == seat else "", state.view(w))
        result = state.result()
    truncated = result is None
    rewards = adapter.returns(result)
    shape = (0, *adapter.obs_shape)
    arrays: dict[str, npt.NDArray[Any]] = {
        "obs": np.stack(obs) if obs else np.zeros(shape, np.float32),
        "mask": np.stack(masks) if masks else np.zeros((0, adapter.num_actions), np.int8),
        "action": np.array(actions, dtype=np.int64),
        "to_play": np.array(to_play, dtype=np.int32),
        "rewards": np.array(rewards, dtype=np.float32),
        "seed": np.array(job.seed, dtype=np.int64),
    }
    report = ShardReport(
        index=job.index,
        seed=job.seed,
        file=shard_name(job.game, job.index),
        steps=len(actions),
        plies=plies,
        rewards=tuple(float(r) for r in rewards),
        reason="ply limit" if result is None else result.reason,
        truncated=truncated,
    )
    return Shard(report, arrays)


def check_out_dir(path: str) -> None:
    """Make the `--out` folder, or say why it cannot be written (BadNotation)."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise BadNotation(f"--out {path!r} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".regalia-selfplay-probe"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise BadNotation(f"--out {path!r} cannot be written: {exc.strerror}") from None


def read_shard(path: str | Path) -> dict[str, npt.NDArray[Any]]:
    """The arrays of one game's file."""
    with np.load(path) as data:
        return {name: data[name] for name in data.files}


def _shards(planned: list[SelfplayJob], jobs: int, ray: str | None) -> Iterator[Shard]:
    if ray is not None:
        from regalia.ai.ray_runner import ray_map

        yield from ray_map(play_shard, planned, ray)
    elif jobs <= 1:
        for job in planned:
            yield play_shard(job)
    else:
        # Spawned workers share nothing with this process (no inherited threads or locks).
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = [pool.submit(play_shard, job) for job in planned]
            for future in as_completed(futures):
                yield future.result()


def run_selfplay(
    spec: SelfplaySpec,
    jobs: int = 1,
    on_game: Callable[[ShardReport], None] | None = None,
    ray: str | None = None,
) -> SelfplayResult:
    """Play and write every game of `spec` on `jobs` processes or as Ray tasks on the Ray
    instance `ray` names; the files do not depend on which."""
    if jobs < 0:
        raise BadNotation(f"--jobs is 0 (one per CPU) or more, not {jobs}")
    planned = plan(spec)
    check_out_dir(spec.out)
    folder = Path(spec.out)
    reports: list[ShardReport] = []
    for shard in _shards(planned, min(jobs, len(planned)), ray):
        np.savez_compressed(folder / shard.report.file, **shard.arrays)  # type: ignore[arg-type]
        reports.append(shard.report)
        if on_game:
            on_game(shard.report)
    reports.sort(key=lambda r: r.index)
    first = planned[0]
    result = SelfplayResult(spec, first.level, first.players, reports)
    _write_index(result, first)
    return result


def _write_index(result: SelfplayResult, job: SelfplayJob) -> None:
    spec = result.spec
    adapter = _adapter(job.game, job.players, dict(job.options))
    index = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": job.game,
        "players": job.players,
        "options": dict(job.options),
        "level": result.level,
        "budget": budget_text(MatchSpec(job.game, (), 1, nodes=job.nodes), result.level),
        "nodes": job.nodes,
        "max_plies": job.max_plies,
        "seed": spec.seed,
        "seeds": [r.seed for r in result.reports],
        "games": len(result.reports),
        "steps": result.steps,
        "obs_shape": list(adapter.obs_shape),
        "num_actions": adapter.num_actions,
        "arrays": list(ARRAYS),
        "shards": [r.to_json() for r in result.reports],
    }
    (Path(spec.out) / "index.json").write_text(json.dumps(index, indent=1) + "\n")
