"""Regicide, N games stepped in one call: the compiled loop behind `regalia.env.vector`.

Each game is an engine `Position` (the one-game move generator and make/unmake, reached from
C through `position.pxd`). A step makes the move, then plays the forced passes (C13: a seat
whose only move is `pass` passes at once, as `RegicideState` does), judges the position as
`RegicideState` does (a team wins when both opposing kings are captured; three repetitions
or 200 plies without a capture or pawn move draw, C14), and writes the arrays the caller
owns: the planes of the seat to act (those of the PettingZoo env, painted from the adapter's
own tables), its mask, the seat, the rewards and the end flags. A game that ends leaves each
seat's final planes and starts again (auto-reset).

Compiled with the engines (`regicide_vector.pxd`); the same source runs interpreted.
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import cython
except ImportError:  # the interpreted path runs without Cython installed
    globals()["cython"] = type("cython", (), {"compiled": False})

from regalia.env.adapters.regicide import (
    _AREA,
    BOARD,
    CASTLING,
    EN_PASSANT,
    HALFMOVE,
    KINGLESS,
    PLANES,
    TO_MOVE,
)
from regalia.games.regicide.board import CASTLES
from regalia.games.regicide.moves import PASS
from regalia.games.regicide.position import MAX_MOVES, Position
from regalia.games.regicide.state import DRAW_PLIES

if not cython.compiled:  # names of C functions the compiled module calls (the .pxd)
    from regalia.native import c_only

    memset = c_only

SIZE = PLANES * _AREA
SQUARES = _AREA  # 196: the engine's squares, rank * 14 + file
_MAX_MOVES, _SIZE, _SQUARES, _DRAW_PLIES, _PASS = MAX_MOVES, SIZE, SQUARES, DRAW_PLIES, PASS
_TO_MOVE, _KINGLESS, _HALFMOVE, _EN_PASSANT, _CASTLING = (
    TO_MOVE,
    KINGLESS,
    HALFMOVE,
    EN_PASSANT,
    CASTLING,
)
_BOARD = BOARD
_RIGHTS = len(CASTLES)
_LIT = 2 * 160 + 1 + 8  # the most cells a painting lights: two per piece, en passant, rooks
_FILLED = 7  # the most whole planes: BOARD, TO_MOVE, four KINGLESS, HALFMOVE
_ROOKS = [spec[2] for spec in CASTLES]  # the square of each castling right's rook
_WORD = (1 << 64) - 1  # the interpreted path's 64-bit wrap-around
_MULTIPLIER = 0x2545F4914F6CDD1D  # xorshift64*'s


def _address(array: Any) -> int:
    if not array.flags.c_contiguous:
        raise ValueError("the batched arrays must be C-contiguous")
    return int(array.ctypes.data)


class RegicideKernel:
    """`count` games of Regicide from the start.

    `arrays` as for `RegulatorKernel` (rewards [N, 4], final_obs [N, 4, SIZE]); `index`
    int32 [196 * 196 * 5] numbers a move `(from * 196 + to) * 5 + slot` (slot 0 no
    promotion, 1..4 to Q R B N; -1 for none), `pass_index` is `pass`'s number; `tables`
    int64 [4, 64 * 196 * 3] are the adapter's paint tables per seat (piece code and square to
    the cells they light), `cells` int32 [4, 196] each square's cell in a seat's frame.
    """

    def __init__(
        self,
        count: int,
        max_plies: int,
        arrays: Any,
        index: Any,
        pass_index: int,
        actions: int,
        tables: Any,
        cells: Any,
    ) -> None:
        self._count = count
        self._actions = actions
        self._max_plies = max_plies
        self._pass_index = pass_index
        self._positions = [Position.start() for _ in range(count)]
        self._legal_store = np.zeros(count * MAX_MOVES, np.int32)
        self._codes_store = np.zeros(count * MAX_MOVES, np.int32)
        self._counts_store = np.zeros(count, np.int32)
        # What each game's observation row has set (cleared before the next painting).
        self._lit_store = np.zeros(count * _LIT, np.int32)
        self._lit_n_store = np.zeros(count, np.int32)
        self._filled_store = np.zeros(count * _FILLED, np.int32)
        self._filled_n_store = np.zeros(count, np.int32)
        # The adapter's paint tables, read once: per seat and piece code, the first cell of
        # the piece's plane and of its pawn state's plane (-1: none); each seat's BOARD plane.
        table = tables.reshape(4, 64, _AREA, 3)
        real = int(np.flatnonzero(cells[0] >= 0)[0])
        self._planes_store = np.ascontiguousarray(
            np.where(
                table[:, :, real, :2] >= 0, table[:, :, real, :2] - cells[:, None, real, None], -1
            )
        )
        self._piece_store = np.ascontiguousarray(self._planes_store[:, :, 0].reshape(-1), np.int32)
        self._extra_store = np.ascontiguousarray(self._planes_store[:, :, 1].reshape(-1), np.int32)
        board = np.zeros((4, _AREA), np.float32)
        for seat in range(4):
            for square in range(_AREA):
                if table[seat, 0, square, 2] >= 0:
                    board[seat, table[seat, 0, square, 2] - _BOARD * _AREA] = 1.0
        self._board_store = board.reshape(-1)
        self._keep = (arrays, index, tables, cells)
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
            self._index = cython.cast(cython.p_int, cython.cast(cython.size_t, _address(index)))
            self._tables = cython.cast(
                cython.p_longlong, cython.cast(cython.size_t, _address(tables))
            )
            self._cells = cython.cast(cython.p_int, cython.cast(cython.size_t, _address(cells)))
            self._legal = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(self._legal_store))
            )
            self._codes = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(self._codes_store))
            )
            self._counts = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(self._counts_store))
            )
            self._lit = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(self._lit_store))
            )
            self._lit_n = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(self._lit_n_store))
            )
            self._filled = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(self._filled_store))
            )
            self._filled_n = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(self._filled_n_store))
            )
            self._piece_plane = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(self._piece_store))
            )
            self._extra_plane = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(self._extra_store))
            )
            self._board_plane = cython.cast(
                cython.p_float, cython.cast(cython.size_t, _address(self._board_store))
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
            self._index = index
            self._tables = tables.reshape(-1)
            self._cells = cells.reshape(-1)
            self._legal = self._legal_store
            self._codes = self._codes_store
            self._counts = self._counts_store
            self._lit, self._lit_n = self._lit_store, self._lit_n_store
            self._filled, self._filled_n = self._filled_store, self._filled_n_store
            self._piece_plane, self._extra_plane = self._piece_store, self._extra_store
            self._board_plane = self._board_store
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
            memset(self._obs, 0, self._count * _SIZE * cython.sizeof(cython.float))
        else:
            self._mask[:] = 0
            self._obs[:] = 0.0
        for game in range(self._count):
            self._counts[game] = self._lit_n[game] = self._filled_n[game] = 0
            self._restart(game)
            self._terminated[game] = self._truncated[game] = 0
            for seat in range(4):
                self._rewards[4 * game + seat] = 0.0

    def step(self, actions: Any) -> None:
        """Play `actions[i]` in game `i` (-1: leave it be); ValueError, with nothing played,
        if an action is not legal in its game."""
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
                for seat in range(4):
                    self._rewards[4 * game + seat] = 0.0
                continue
            base = game * _MAX_MOVES
            for i in range(self._counts[game]):
                if self._codes[base + i] == action:
                    self._play(game, self._legal[base + i])
                    break

    def random_steps(self, steps: int) -> int:
        """`steps` steps of every game, each action drawn uniformly among the legal ones by
        the game's own generator (`rng`); returns the steps made (games × steps)."""
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
        """Make `move` in `game`, then its forced passes; judge, write, restart if over."""
        position: Position = self._positions[game]
        if not cython.compiled:
            move = int(move)
        self._unmark(game)
        position.make(move)
        plies = self._plies[game] + 1
        self._plies[game] = plies
        winner = self._settle(game, position)
        terminated = winner != -2
        truncated = not terminated and plies >= self._max_plies
        self._terminated[game] = terminated
        self._truncated[game] = truncated
        for seat in range(4):
            reward = 0.0
            if winner >= 0:
                reward = 1.0 if seat & 1 == winner else -1.0
            self._rewards[4 * game + seat] = reward
        if not (terminated or truncated):
            self._write(game, position)
            return 0
        for seat in range(4):
            self._paint(self._final, (4 * game + seat) * _SIZE, position, seat, -1)
        self._restart(game)
        return 0

    def _settle(self, game: int, position: Position) -> int:
        """Generate the legal moves, playing forced passes; the winning team (0, 1), -1 for
        a draw, -2 while the game goes on."""
        while True:
            count = self._generate(game, position)
            winner = position._winner()
            if winner >= 0:
                return winner
            if self._repetitions(position) >= 3 or position.halfmove >= _DRAW_PLIES:
                return -1
            if count == 1 and self._legal[game * _MAX_MOVES] == _PASS:
                position.make(_PASS)
                continue
            return -2

    def _repetitions(self, position: Position) -> int:
        """`position.repetitions()`, counted since the last capture or pawn move only (no
        position before an irreversible move can come back)."""
        if not cython.compiled:
            return int(position.repetitions())
        sp = position._sp
        key = position.key
        count = 0
        first = sp - position.halfmove
        for i in range(first if first > 0 else 0, sp + 1):
            if position._keys[i] == key:
                count += 1
        return count

    def _restart(self, game: int) -> int:
        position: Position = self._positions[game]
        while position._sp:
            position.unmake()
        self._plies[game] = 0
        self._settle(game, position)
        self._write(game, position)
        return 0

    def _generate(self, game: int, position: Position) -> int:
        """The legal moves of `game` into its row of `_legal`; their count (in `_counts`
        too: call it only once the game's mask is clear, `_unmark`)."""
        if cython.compiled:
            count = position.generate(cython.address(self._legal[game * _MAX_MOVES]), 0, False)
        else:
            scratch = self._scratch
            count = position.generate(scratch, 0, False)
            self._legal[game * _MAX_MOVES : game * _MAX_MOVES + count] = scratch[:count]
        self._counts[game] = count
        return count

    def _unmark(self, game: int) -> None:
        """Clear the mask of `game` where it is set (its legal moves' numbers)."""
        base = game * _MAX_MOVES
        for i in range(self._counts[game]):
            self._mask[game * self._actions + self._codes[base + i]] = 0
        self._counts[game] = 0

    def _write(self, game: int, position: Position) -> int:
        """The planes, mask and seat of the seat to move; the mask is clear (`_unmark`)."""
        seat = position.turn
        self._paint(self._obs, game * _SIZE, position, seat, game)
        self._to_play[game] = seat
        base = game * _MAX_MOVES
        for i in range(self._counts[game]):
            move = self._legal[base + i]
            if move == _PASS:
                code = self._pass_index
            else:
                slot = move >> 19
                if slot:
                    slot = 12 - slot  # Q R B N: kinds 11 10 9 8
                code = self._index[((move & 255) * _SQUARES + (move >> 8 & 255)) * 5 + slot]
            self._codes[base + i] = code
            self._mask[game * self._actions + code] = 1
        return 0

    def _paint(self, dst: Any, start: int, position: Position, seat: int, game: int) -> int:
        """The planes of `seat` into `dst[start:start + SIZE]`: what
        `RegicideAdapter.observe` writes. With `game` >= 0 the row is that game's
        observation, and only what its last painting set is cleared (the cells and planes
        kept in `_lit`, `_filled`: a few hundred writes instead of 8,232); with -1 the whole
        row is cleared first."""
        if game < 0:
            if cython.compiled:
                memset(cython.address(dst[start]), 0, _SIZE * cython.sizeof(cython.float))
            else:
                dst[start : start + _SIZE] = 0.0
            lit = filled = -1
        else:
            lit, filled = game * _LIT, game * _FILLED
            for i in range(self._lit_n[game]):
                dst[start + self._lit[lit + i]] = 0.0
            for i in range(self._filled_n[game]):
                _fill(dst, start + self._filled[filled + i] * _SQUARES, 0.0)
        if cython.compiled:
            board = position._board
            kings = position._kings
        else:
            board = position.board
            kings = position.kings
        n = 0
        cells = seat * _SQUARES
        codes = seat * 64
        for square in range(_SQUARES):
            code = board[square]
            if code:
                cell = self._cells[cells + square]
                n = self._light(dst, start, lit, n, self._piece_plane[codes + code] + cell)
                if self._extra_plane[codes + code] >= 0:
                    n = self._light(dst, start, lit, n, self._extra_plane[codes + code] + cell)
        if position.ep >= 0:
            n = self._light(
                dst, start, lit, n, _EN_PASSANT * _SQUARES + self._cells[cells + position.ep]
            )
        for right in range(_RIGHTS):
            if position.castling >> right & 1:
                cell = self._cells[cells + _ROOKS[right]]
                n = self._light(dst, start, lit, n, _CASTLING * _SQUARES + cell)
        f = 0
        for cell in range(_SQUARES):
            dst[start + _BOARD * _SQUARES + cell] = self._board_plane[cells + cell]
        f = self._filled_plane(filled, f, _BOARD)
        plane = _TO_MOVE + (position.turn - seat) % 4
        _fill(dst, start + plane * _SQUARES, 1.0)
        f = self._filled_plane(filled, f, plane)
        for owner in range(4):
            if kings[owner] < 0:
                plane = _KINGLESS + (owner - seat) % 4
                _fill(dst, start + plane * _SQUARES, 1.0)
                f = self._filled_plane(filled, f, plane)
        if position.halfmove:
            _fill(dst, start + _HALFMOVE * _SQUARES, min(position.halfmove, 200) / 200)
            f = self._filled_plane(filled, f, _HALFMOVE)
        if game >= 0:
            self._lit_n[game] = n
            self._filled_n[game] = f
        return 0

    def _light(self, dst: Any, start: int, lit: int, n: int, cell: int) -> int:
        """Set one cell, kept in `_lit` when `lit` >= 0; the cells kept so far."""
        dst[start + cell] = 1.0
        if lit < 0:
            return n
        self._lit[lit + n] = cell
        return n + 1

    def _filled_plane(self, filled: int, f: int, plane: int) -> int:
        if filled < 0:
            return f
        self._filled[filled + f] = plane
        return f + 1


def _fill(dst: Any, start: int, value: float) -> None:
    for cell in range(start, start + _SQUARES):
        dst[cell] = value
