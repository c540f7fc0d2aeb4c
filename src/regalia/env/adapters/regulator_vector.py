"""Regulator Chess, N games stepped in one call: the compiled loop behind `regalia.env.vector`.

Each game is an engine `Position` (make/unmake, the one-game move generator, reached from C
through `position.pxd`); every step writes the NumPy arrays the caller owns, in place: the
observation of the seat to act (`regulator_planes.paint`, the planes of the PettingZoo env),
its action mask, the seat to act, the rewards and the end flags. A game that ends is written
to the final-observation arrays, then started again at once (auto-reset).

Compiled with the engines (`regulator_vector.pxd`); the same source runs interpreted, where
the arrays are flat NumPy views and the loops are Python's (slow, for tests at small N).
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import cython
except ImportError:  # the interpreted path runs without Cython installed
    globals()["cython"] = type("cython", (), {"compiled": False})

from regalia.env.adapters.regulator_planes import SIZE
from regalia.games.regulator.game import DRAW_PLIES
from regalia.games.regulator.position import MAX_MOVES, Position

if not cython.compiled:  # names of C functions the compiled module calls (the .pxd)
    from regalia.env.adapters.regulator_planes import paint
    from regalia.native import c_only

    memset = c_only

_MAX_MOVES, _SIZE, _DRAW_PLIES = MAX_MOVES, SIZE, DRAW_PLIES
_WORD = (1 << 64) - 1  # the interpreted path's 64-bit wrap-around
_MULTIPLIER = 0x2545F4914F6CDD1D  # xorshift64*'s


def _address(array: Any) -> int:
    """Where a C-contiguous NumPy array's data starts (the kernel keeps the array alive)."""
    if not array.flags.c_contiguous:
        raise ValueError("the batched arrays must be C-contiguous")
    return int(array.ctypes.data)


class RegulatorKernel:
    """`count` games of Regulator Chess from the start with the regulator on `regulator`.

    `arrays` holds the caller's arrays (see `regalia.env.vector.Arrays`): obs float32
    [N, SIZE], mask int8 [N, A], to_play int32 [N], rewards float32 [N, 2], terminated and
    truncated bool [N], final_obs float32 [N, 2, SIZE] (each seat's last observation of a
    game that ended), plies int32 [N], rng uint64 [N] (one xorshift state per game, for
    `random_steps`); `codes` int32 [1 << 15] numbers each move int (its action index, -1
    for none) and `moves` int32 [A] is the inverse.
    """

    def __init__(
        self,
        count: int,
        regulator: int,
        max_plies: int,
        arrays: Any,
        codes: Any,
        moves: Any,
    ) -> None:
        self._count = count
        self._actions = len(moves)
        self._max_plies = max_plies
        self._positions = [Position.start(regulator) for _ in range(count)]
        self._keep = (arrays, codes, moves)  # the memory the pointers below reach
        self._legal_store = np.zeros(count * MAX_MOVES, np.int32)
        self._counts_store = np.zeros(count, np.int32)
        if cython.compiled:
            self._obs = cython.cast(
                cython.p_float, cython.cast(cython.size_t, _address(arrays.obs))
            )
            self._mask = cython.cast(
                cython.p_schar, cython.cast(cython.size_t, _address(arrays.mask))
            )
            self._to_play = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(arrays.to_play))
            )
            self._rewards = cython.cast(
                cython.p_float, cython.cast(cython.size_t, _address(arrays.rewards))
            )
            self._terminated = cython.cast(
                cython.p_schar, cython.cast(cython.size_t, _address(arrays.terminated))
            )
            self._truncated = cython.cast(
                cython.p_schar, cython.cast(cython.size_t, _address(arrays.truncated))
            )
            self._final = cython.cast(
                cython.p_float, cython.cast(cython.size_t, _address(arrays.final_obs))
            )
            self._plies = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(arrays.plies))
            )
            self._rng = cython.cast(
                cython.p_ulonglong, cython.cast(cython.size_t, _address(arrays.rng))
            )
            self._codes = cython.cast(cython.p_int, cython.cast(cython.size_t, _address(codes)))
            self._moves = cython.cast(cython.p_int, cython.cast(cython.size_t, _address(moves)))
            self._legal = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(self._legal_store))
            )
            self._counts = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(self._counts_store))
            )
        else:
            self._obs = arrays.obs.reshape(-1)
            self._mask = arrays.mask.reshape(-1)
            self._to_play = arrays.to_play
            self._rewards = arrays.rewards.reshape(-1)
            self._terminated = arrays.terminated
            self._truncated = arrays.truncated
            self._final = arrays.final_obs.reshape(-1)
            self._plies = arrays.plies
            self._rng = arrays.rng
            self._codes = codes
            self._moves = moves
            self._legal = self._legal_store
            self._counts = self._counts_store
            self._scratch = [0] * MAX_MOVES

    def position(self, game: int) -> Position:
        """A copy of game `game`'s engine position (with its history since the reset)."""
        if not 0 <= game < self._count:
            raise IndexError(f"game {game} is outside 0..{self._count - 1}")
        position: Position = self._positions[game]
        return position.copy()

    def reset(self) -> None:
        """Start every game again and write its first observation."""
        if cython.compiled:
            memset(self._mask, 0, self._count * self._actions)
        else:
            self._mask[:] = 0
        for game in range(self._count):
            self._restart(game)
            self._terminated[game] = self._truncated[game] = 0
            self._rewards[2 * game] = self._rewards[2 * game + 1] = 0.0

    def step(self, actions: Any) -> None:
        """Play `actions[i]` (an action index) in game `i`, every game but those given -1
        (left as they are, with no reward and no end); ValueError, with nothing played, if
        an action is not legal in its game."""
        if cython.compiled:
            if actions.dtype != np.int64 or actions.ndim != 1:
                raise TypeError("actions must be a flat int64 array")
            chosen = cython.cast(cython.p_longlong, cython.cast(cython.size_t, _address(actions)))
        else:
            chosen = actions
        if len(actions) != self._count:
            raise ValueError(f"{len(actions)} actions for {self._count} games")
        for game in range(self._count):
            action = chosen[game]
            if action == -1:
                continue
            if not (0 <= action < self._actions and self._mask[game * self._actions + action]):
                raise ValueError(f"action {action} is not legal in game {game}")
        for game in range(self._count):
            action = chosen[game]
            if action == -1:
                self._terminated[game] = self._truncated[game] = 0
                self._rewards[2 * game] = self._rewards[2 * game + 1] = 0.0
            else:
                self._play(game, self._moves[action])

    def random_steps(self, steps: int) -> int:
        """`steps` steps of every game, each game's action drawn uniformly among its legal
        ones by its own generator (`rng`); returns the steps made (games × steps)."""
        for _ in range(steps):
            for game in range(self._count):
                state = self._rng[game]
                if not cython.compiled:
                    state = int(state)
                # xorshift64*: 64-bit C arithmetic compiled, kept to 64 bits interpreted
                state ^= state >> 12
                state ^= state << 25
                if not cython.compiled:
                    state &= _WORD
                state ^= state >> 27
                self._rng[game] = state
                pick = state * _MULTIPLIER
                if not cython.compiled:
                    pick &= _WORD
                pick >>= 33
                self._play(game, self._legal[game * _MAX_MOVES + pick % self._counts[game]])
        return steps * self._count

    def _play(self, game: int, move: int) -> int:
        """Make `move` in `game`, judge the position (`game.judge`'s order), and write the
        step's arrays; restart the game if it ended."""
        position: Position = self._positions[game]
        if not cython.compiled:
            move = int(move)
        self._unmark(game)
        position.make(move)
        plies = self._plies[game] + 1
        self._plies[game] = plies
        count = self._generate(game, position)
        terminated = truncated = False
        loser = -1
        if count == 0:
            terminated = True  # R10: checkmate or stalemate, the side to move loses
            loser = position.turn
        elif (
            # A position first recurs 4 plies on, so a third time needs 8 reversible plies;
            # bare kings need no pawn left. Both tests are `judge`'s, made when they can hold.
            (position.halfmove >= 8 and position.repetitions() >= 3)
            or position.halfmove >= _DRAW_PLIES
            or (position.pawns == 0 and position.bare_kings())
        ):
            terminated = True
        elif plies >= self._max_plies:
            truncated = True
        self._terminated[game] = terminated
        self._truncated[game] = truncated
        if not (terminated or truncated):
            self._rewards[2 * game] = self._rewards[2 * game + 1] = 0.0
            self._write(game, position, count)
            return 0
        self._rewards[2 * game] = 0.0 if loser < 0 else (-1.0 if loser == 0 else 1.0)
        self._rewards[2 * game + 1] = 0.0 if loser < 0 else (-1.0 if loser == 1 else 1.0)
        start = 2 * game * _SIZE
        paint(self._final, start, position, 0, False)
        paint(self._final, start + _SIZE, position, 1, False)
        self._restart(game)
        return 0

    def _restart(self, game: int) -> int:
        position: Position = self._positions[game]
        while position._sp:
            position.unmake()
        self._plies[game] = 0
        self._write(game, position, self._generate(game, position))
        return 0

    def _generate(self, game: int, position: Position) -> int:
        """The legal moves of `game` into its row of `_legal`; their count."""
        if cython.compiled:
            count = position.generate(cython.address(self._legal[game * _MAX_MOVES]), 0, False)
        else:
            scratch = self._scratch
            count = position.generate(scratch, 0, False)
            self._legal[game * _MAX_MOVES : game * _MAX_MOVES + count] = scratch[:count]
        self._counts[game] = count
        return count

    def _unmark(self, game: int) -> None:
        """Clear the mask of `game` where its legal moves marked it (all it has set)."""
        actions = self._actions
        for i in range(self._counts[game]):
            self._mask[game * actions + self._codes[self._legal[game * _MAX_MOVES + i]]] = 0

    def _write(self, game: int, position: Position, count: int) -> int:
        """The observation and mask of the seat to move, from the legal moves just made
        (the mask is clear: `reset` cleared it, `_unmark` since)."""
        actions = self._actions
        paint(self._obs, game * _SIZE, position, position.turn, True)
        self._to_play[game] = position.turn
        for i in range(count):
            self._mask[game * actions + self._codes[self._legal[game * _MAX_MOVES + i]]] = 1
        return 0
