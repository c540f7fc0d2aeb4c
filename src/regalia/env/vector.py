"""Batched environments: N games of one game stepped in one compiled call.

    from regalia.env import vector
    env = vector.make("regulator", num_envs=1024, seed=0)
    obs, mask, to_play = env.reset()
    obs, mask, rewards, terminated, truncated = env.step(actions)   # int64[N] action numbers

Every array is the environment's own, written in place at each step (copy what you keep):
`obs[N, *obs_shape]` float32, the observation of the seat to act in each game; `mask[N, A]`
int8, its legal actions; `to_play[N]` int32, that seat; `rewards[N, players]` float32, what
this step gave each seat (+1 win, -1 loss, 0 draw, at the end only); `terminated[N]` and
`truncated[N]` bool. The observation planes and the action numbers are those of the
PettingZoo environments (`regalia.env.regulator_v0` …).

A game that ends is started again within the same step (auto-reset): `obs`, `mask` and
`to_play` are then the new game's, and `final_obs[i, seat]` holds every seat's observation of
the position that ended it (as the PettingZoo env's `observe` would give it then: no seat to
act). A game still going after `max_steps` plies is truncated (a draw, rewards 0), as
OpenSpiel's `max_game_length`; by default the game's own ply guard.

`actions[i] == -1` leaves game `i` as it is for this step (no reward, no end): the adapters
use it to move only the games where a given seat is to act. An illegal action raises
ValueError, and nothing is played.

Each game steps in a compiled kernel of its own (`regalia.env.adapters`, `*_vector`),
found through the registry `regalia.env.adapters.vector.BATCHES` as the adapters are: a
chess kernel calls its engine's own move generation and make/unmake; Regicida's keeps each
game's position as C integers and steps Regicida's rules on them (its deal and verdict,
once a game, are the rules' own Python). No Python object is made per game per step.
Regicida's vote is asked one seat after another, lowest first, and cast all at once after
the last, as the AEC env does.
A game's deal comes from a seed drawn from its slot's generator (`seed`), and `state(i)`
gives game `i` as a core State.

`workers=2` runs the games in two processes (half each), over arrays in shared memory: one
step is one message to each worker, and both cores step at once. `random_steps(k)` plays k
steps of every game with random legal actions drawn inside the compiled loop (each game its
own generator, seeded from `seed`): what `bench/vector.py` times (`worker_cpu`: the CPU
seconds each worker spent on the last call).
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import multiprocessing.connection
import time
from dataclasses import dataclass, fields
from multiprocessing import shared_memory
from typing import Any

import numpy as np
import numpy.typing as npt

from regalia.core.game import State
from regalia.env.adapter import Adapter
from regalia.env.adapters import make_adapter


@dataclass
class Arrays:
    """The arrays of N games that a kernel writes (views into one block of memory)."""

    obs: npt.NDArray[np.float32]
    mask: npt.NDArray[np.int8]
    to_play: npt.NDArray[np.int32]
    rewards: npt.NDArray[np.float32]
    terminated: npt.NDArray[np.bool_]
    truncated: npt.NDArray[np.bool_]
    final_obs: npt.NDArray[np.float32]
    plies: npt.NDArray[np.int32]
    rng: npt.NDArray[np.uint64]
    actions: npt.NDArray[np.int64]

    @staticmethod
    def layout(count: int, adapter: Adapter) -> list[tuple[str, tuple[int, ...], Any]]:
        size = int(np.prod(adapter.obs_shape))
        players, actions = adapter.players, adapter.num_actions
        return [
            ("obs", (count, size), np.float32),
            ("mask", (count, actions), np.int8),
            ("to_play", (count,), np.int32),
            ("rewards", (count, players), np.float32),
            ("terminated", (count,), np.bool_),
            ("truncated", (count,), np.bool_),
            ("final_obs", (count, players, size), np.float32),
            ("plies", (count,), np.int32),
            ("rng", (count,), np.uint64),
            ("actions", (count,), np.int64),
        ]

    @classmethod
    def allocate(cls, count: int, adapter: Adapter, buffer: Any = None) -> Arrays:
        """The arrays of `count` games, in `buffer` (e.g. shared memory) or fresh memory."""
        made: dict[str, Any] = {}
        offset = 0
        for name, shape, dtype in cls.layout(count, adapter):
            nbytes = int(np.prod(shape)) * np.dtype(dtype).itemsize
            if buffer is None:
                made[name] = np.zeros(shape, dtype)
            else:
                made[name] = np.ndarray(shape, dtype, buffer=buffer, offset=offset)
            offset += -(-nbytes // 64) * 64  # each array on a cache line of its own
        return cls(**made)

    @classmethod
    def nbytes(cls, count: int, adapter: Adapter) -> int:
        return sum(
            -(-int(np.prod(shape)) * np.dtype(dtype).itemsize // 64) * 64
            for _, shape, dtype in cls.layout(count, adapter)
        )

    def rows(self, lo: int, hi: int) -> Arrays:
        """The same arrays for games `lo..hi-1` (views: C-contiguous slices)."""
        return Arrays(**{f.name: getattr(self, f.name)[lo:hi] for f in fields(self)})


# ------------------------------------------------------------------ one game's kernel


class Batch:
    """How one game builds its kernel and rebuilds a core `State` from a kernel's game.

    Each game that has a batched environment subclasses it beside its kernel (in
    `regalia.env.adapters`) and lists it in `regalia.env.adapters.vector.BATCHES`.
    """

    def __init__(self, adapter: Adapter, max_steps: int) -> None:
        self.adapter = adapter
        self.max_steps = max_steps

    def kernel(self, count: int, arrays: Arrays) -> Any:
        raise NotImplementedError

    def state(self, kernel: Any, game: int) -> State[Any]:
        raise NotImplementedError

    def pack(self, kernel: Any, game: int) -> Any:
        """Game `game` in a form a worker process can send back: its record by default."""
        return self.state(kernel, game).to_record()

    def unpack(self, packed: Any) -> State[Any]:
        return self.adapter.game.from_record(packed)


# ------------------------------------------------------------------ workers


def _serve(connection: Any, game: Batch, arrays: Arrays, lo: int, hi: int) -> None:
    """A worker process: its games' kernel over its rows of the shared arrays."""
    rows = arrays.rows(lo, hi)
    kernel = game.kernel(hi - lo, rows)
    while True:
        command, argument = connection.recv()
        began = time.process_time()
        try:
            if command == "close":
                connection.send(("ok", None, 0.0))
                return
            if command == "reset":
                kernel.reset()
                reply: Any = None
            elif command == "step":
                kernel.step(rows.actions)
                reply = None
            elif command == "random_steps":
                reply = kernel.random_steps(argument)
            elif command == "state":  # packed: engine positions do not pickle
                reply = game.pack(kernel, argument)
            else:
                raise ValueError(f"no command {command!r}")
            connection.send(("ok", reply, time.process_time() - began))
        except Exception as exc:  # reported to the caller, which raises it
            connection.send(("error", exc, time.process_time() - began))


class VectorEnv:
    """N games of one game, stepped together; see the module's docstring."""

    def __init__(
        self,
        game: str,
        num_envs: int,
        seed: int | None = None,
        *,
        workers: int = 1,
        max_steps: int | None = None,
        players: int | None = None,
        **options: Any,
    ) -> None:
        from regalia.env.adapters.vector import BATCHES, make_batch  # they import Batch

        name = game.strip().lower()
        if name not in BATCHES:
            raise ValueError(f"no batched environment for {game!r}; one of {', '.join(BATCHES)}")
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        if not 1 <= workers <= num_envs:
            raise ValueError(f"workers must be 1..num_envs ({num_envs})")
        self.adapter = make_adapter(name, players, **options)
        limit = self.adapter.game.max_plies if max_steps is None else max_steps
        if limit < 1:
            raise ValueError("max_steps must be at least 1")
        self.game = name
        self.num_envs = num_envs
        self.num_players = self.adapter.players
        self.num_actions = self.adapter.num_actions
        self.obs_shape: tuple[int, ...] = tuple(self.adapter.obs_shape)
        self.max_steps = limit
        self._kind = make_batch(self.adapter, limit)
        self._memory: shared_memory.SharedMemory | None = None
        self._links: list[Any] = []
        self._processes: list[Any] = []
        if workers == 1:
            self._arrays = Arrays.allocate(num_envs, self.adapter)
            self._kernel = self._kind.kernel(num_envs, self._arrays)
        else:
            self._memory = shared_memory.SharedMemory(
                create=True, size=Arrays.nbytes(num_envs, self.adapter)
            )
            self._arrays = Arrays.allocate(num_envs, self.adapter, self._memory.buf)
            self._kernel = None
            context = multiprocessing.get_context("fork")
            bounds = np.linspace(0, num_envs, workers + 1).astype(int)
            for lo, hi in itertools.pairwise(bounds):
                ours, theirs = context.Pipe()
                process = context.Process(
                    target=_serve, args=(theirs, self._kind, self._arrays, int(lo), int(hi))
                )
                process.daemon = True
                process.start()
                theirs.close()
                self._links.append(ours)
                self._processes.append(process)
        self.workers = workers
        # The CPU seconds each worker spent on the last call (empty with one process).
        self.worker_cpu: list[float] = []
        self._bounds = (
            [0, num_envs]
            if workers == 1
            else list(np.linspace(0, num_envs, workers + 1).astype(int))
        )
        self._seed(seed)
        shape = (num_envs, *self.obs_shape)
        a = self._arrays
        self.obs = a.obs.reshape(shape)
        self.mask = a.mask
        self.to_play = a.to_play
        self.rewards = a.rewards
        self.terminated = a.terminated
        self.truncated = a.truncated
        self.final_obs = a.final_obs.reshape((num_envs, self.num_players, *self.obs_shape))
        self._rows = np.arange(num_envs)

    def _seed(self, seed: int | None) -> None:
        generator = np.random.default_rng(seed)
        states = generator.integers(1, 2**63 - 1, self.num_envs, dtype=np.int64)
        self._arrays.rng[:] = states.astype(np.uint64)

    def _call(self, command: str, argument: Any = None) -> list[Any]:
        for link in self._links:
            link.send((command, argument))
        replies = [link.recv() for link in self._links]
        self.worker_cpu = [cpu for _, _, cpu in replies]
        for status, value, _ in replies:
            if status == "error":
                raise value
        return [value for _, value, _ in replies]

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int32]]:
        """Start every game again (`seed` reseeds the random-step generators)."""
        if seed is not None:
            self._seed(seed)
        if self._kernel is not None:
            self._kernel.reset()
        else:
            self._call("reset")
        return self.obs, self.mask, self.to_play

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, Any]:
        """One action number per game (-1: leave that game be); see the module's docstring."""
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(f"actions must be {self.num_envs} integers, one per game")
        playing = chosen != -1
        picked = chosen[playing]
        if picked.size and (
            picked.min() < 0
            or picked.max() >= self.num_actions
            or not self.mask[self._rows[playing], picked].all()
        ):
            bad = np.flatnonzero(playing)[
                ~((picked >= 0) & (picked < self.num_actions))
                | ~self.mask[self._rows[playing], np.clip(picked, 0, self.num_actions - 1)].astype(
                    bool
                )
            ]
            game = int(bad[0])
            raise ValueError(f"action {int(chosen[game])} is not legal in game {game}")
        self._arrays.actions[:] = chosen
        if self._kernel is not None:
            self._kernel.step(self._arrays.actions)
        else:
            self._call("step")
        return self.obs, self.mask, self.rewards, self.terminated, self.truncated

    def random_steps(self, steps: int) -> int:
        """`steps` steps of every game with random legal actions chosen in the compiled loop;
        the number of steps made. The arrays then hold the last step's."""
        if steps < 0:
            raise ValueError("steps must be 0 or more")
        if self._kernel is not None:
            return int(self._kernel.random_steps(steps))
        return int(sum(self._call("random_steps", steps)))

    def state(self, game: int) -> State[Any]:
        """Game `game` as a core `State` (a copy: for bots, analysis and tests; slow)."""
        if not 0 <= game < self.num_envs:
            raise IndexError(f"game {game} is outside 0..{self.num_envs - 1}")
        if self._kernel is not None:
            return self._kind.state(self._kernel, game)
        worker = int(np.searchsorted(self._bounds, game, side="right")) - 1
        link = self._links[worker]
        link.send(("state", game - int(self._bounds[worker])))
        status, value, _ = link.recv()
        if status == "error":
            raise value
        return self._kind.unpack(value)

    def close(self) -> None:
        """Stop the workers and free the shared memory (nothing to do with one process)."""
        if self._links:
            try:
                self._call("close")
            finally:
                for process in self._processes:
                    process.join(5)
                for link in self._links:
                    link.close()
                self._links, self._processes = [], []
        if self._memory is not None:
            memory, self._memory = self._memory, None
            self.obs = self.mask = self.to_play = self.rewards = None  # type: ignore[assignment]
            self.terminated = self.truncated = self.final_obs = None  # type: ignore[assignment]
            del self._arrays
            memory.unlink()
            with contextlib.suppress(BufferError):  # a view still held: freed with the last
                memory.close()

    def __enter__(self) -> VectorEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def make(
    game: str,
    num_envs: int,
    seed: int | None = None,
    *,
    workers: int = 1,
    max_steps: int | None = None,
    players: int | None = None,
    **options: Any,
) -> VectorEnv:
    """`num_envs` games of `game` (options as the game's, e.g. `regulator=3`), seeded."""
    return VectorEnv(
        game, num_envs, seed, workers=workers, max_steps=max_steps, players=players, **options
    )
