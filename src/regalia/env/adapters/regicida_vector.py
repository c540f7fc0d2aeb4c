"""Regicida, N games stepped in one call: the compiled loop behind `regalia.env.vector`.

Regicida's rules (`regalia.games.regicida.rules`) are Python functions over an immutable
position; this kernel keeps each game's position as C integers instead and steps the same
rules on them: H3 placements on the 11 × 11 canvas (an empty cell next to a token, keeping
the tokens inside 6 × 6), H4 pile splits, the crop to the 6 × 6 grid after the 36th token,
H5 swaps with a flip (or a pass when no two adjacent tokens are light), three Intrigue turns
a player, and the H8 vote. What happens once a game, not once a step, is the rules' own
Python: the deal (`rules.deal`, from a seed drawn from the slot's own generator) and the
verdict (`rules.verdict`).

A seat's planes are those of `RegicidaAdapter.planes` over `board_view(seat)`: the tokens,
piles, Objective, Line of Succession, phase and turn, and the seat's own Identity only. The
vote is asked one seat after another (lowest first) and cast all at once after the last, as
the AEC env does: until then every voter is still to act and no vote shows.

Compiled with the engines (`regicida_vector.pxd`); the same source runs interpreted.
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import cython
except ImportError:  # the interpreted path runs without Cython installed
    globals()["cython"] = type("cython", (), {"compiled": False})

from regalia.env.adapters import regicida as layout
from regalia.games.regicida import rules
from regalia.games.regicida.actions import Vote
from regalia.games.regicida.board import Board, Token

if not cython.compiled:  # names of C functions the compiled module calls (the .pxd)
    from regalia.native import c_only

    memset = c_only

_CANVAS, _GRID, _CELLS, _TOKENS = layout.CANVAS, layout.GRID, layout.CANVAS**2, layout.TOKENS
_AREA = _CELLS
_SIZE = layout.PLANES * _AREA
_LIGHT, _DARK, _FRAME, _IDENTITY = layout.LIGHT, layout.DARK, layout.FRAME, layout.IDENTITY
_OBJECTIVE, _SUCCESSION, _PILE_SIZE = layout.OBJECTIVE, layout.SUCCESSION, layout.PILE_SIZE
_PILE_TOP, _PHASE, _SPLIT_DUE, _MY_TURN = (
    layout.PILE_TOP,
    layout.PHASE,
    layout.SPLIT_DUE,
    layout.MY_TURN,
)
_INTRIGUES_LEFT, _SEAT, _PLAYERS = layout.INTRIGUES_LEFT, layout.SEAT, layout.PLAYERS
_EXPANSION, _INTRIGUE, _ASSASSINATION, _OVER = 0, 1, 2, 3  # layout.PHASES's order
_DARK_BIT = 8  # a cell holds 0 (empty) or its token's House, plus 8 when dark side up
_NO_VOTE = -2  # a vote: -2 none yet, -1 the Neutral Player, else the seat voted for
_MAX_LEGAL = 3 * 121 + 3  # the most legal actions: every canvas cell from each pile
_WORD = (1 << 64) - 1  # the interpreted path's 64-bit wrap-around
_MULTIPLIER = 0x2545F4914F6CDD1D  # xorshift64*'s


def _address(array: Any) -> int:
    if not array.flags.c_contiguous:
        raise ValueError("the batched arrays must be C-contiguous")
    return int(array.ctypes.data)


class RegicidaKernel:
    """`count` games of Regicida for `players`, with the Objective `objective` (None: drawn
    at each deal). `arrays` as for the other kernels; `numbers` (from `vector.py`) holds the
    action numbers: `place[pile * 121 + cell]`, `split[pile]`, `swap[grid index * 4 + k]`
    (k: the right neighbour flipping the first, the second token, then the one below
    likewise; -1 off the grid), `pass_`, `vote[seat]` and `neutral` (-1 with six players)."""

    def __init__(
        self,
        count: int,
        players: int,
        objective: str | None,
        max_plies: int,
        arrays: Any,
        numbers: Any,
    ) -> None:
        self._count = count
        self._players = players
        self._objective = objective
        self._actions = arrays.mask.shape[1]
        self._max_plies = max_plies
        self._arrays = arrays
        self._numbers = numbers
        self._pass = numbers.pass_
        self._neutral = numbers.neutral
        # Each game's position as integers (see the constants above).
        self._store = {
            "cells": np.zeros(count * _CELLS, np.int32),
            "size": np.zeros(count, np.int32),
            "placed": np.zeros(count, np.int32),
            "piles": np.zeros(count * 3 * _TOKENS, np.int32),
            "pile_n": np.zeros(count * 3, np.int32),
            "phase": np.zeros(count, np.int32),
            "current": np.zeros(count, np.int32),
            "split_due": np.zeros(count, np.int32),
            "intrigues": np.zeros(count * 6, np.int32),
            "votes": np.zeros(count * 6, np.int32),
            "identities": np.zeros(count * 6, np.int32),
            "succession": np.zeros(count * 6, np.int32),
            "goal": np.zeros(count, np.int32),
            "legal": np.zeros(count * _MAX_LEGAL, np.int32),
            "counts": np.zeros(count, np.int32),
            "place": np.ascontiguousarray(numbers.place, np.int32),
            "split": np.ascontiguousarray(numbers.split, np.int32),
            "swap": np.ascontiguousarray(numbers.swap, np.int32),
            "vote": np.ascontiguousarray(numbers.vote, np.int32),
            "found": np.zeros(_CELLS, np.int32),
        }
        st = self._store
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
            self._plies = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(arrays.plies))
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
            self._rng = cython.cast(
                cython.p_ulonglong, cython.cast(cython.size_t, _address(arrays.rng))
            )
            self._cells = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["cells"]))
            )
            self._size = cython.cast(cython.p_int, cython.cast(cython.size_t, _address(st["size"])))
            self._placed = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["placed"]))
            )
            self._piles = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["piles"]))
            )
            self._pile_n = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["pile_n"]))
            )
            self._phase = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["phase"]))
            )
            self._current = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["current"]))
            )
            self._split_due = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["split_due"]))
            )
            self._intrigues = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["intrigues"]))
            )
            self._votes = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["votes"]))
            )
            self._identities = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["identities"]))
            )
            self._succession = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["succession"]))
            )
            self._goal = cython.cast(cython.p_int, cython.cast(cython.size_t, _address(st["goal"])))
            self._legal = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["legal"]))
            )
            self._counts = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["counts"]))
            )
            self._place = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["place"]))
            )
            self._split = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["split"]))
            )
            self._swap = cython.cast(cython.p_int, cython.cast(cython.size_t, _address(st["swap"])))
            self._vote = cython.cast(cython.p_int, cython.cast(cython.size_t, _address(st["vote"])))
            self._found = cython.cast(
                cython.p_int, cython.cast(cython.size_t, _address(st["found"]))
            )
        else:
            self._obs = arrays.obs.reshape(-1)
            self._mask = arrays.mask.reshape(-1)
            self._to_play = arrays.to_play
            self._plies = arrays.plies
            self._rewards = arrays.rewards.reshape(-1)
            self._terminated, self._truncated = arrays.terminated, arrays.truncated
            self._final = arrays.final_obs.reshape(-1)
            self._rng = arrays.rng
            self._cells, self._size, self._placed = st["cells"], st["size"], st["placed"]
            self._piles, self._pile_n, self._phase = st["piles"], st["pile_n"], st["phase"]
            self._current, self._split_due = st["current"], st["split_due"]
            self._intrigues, self._votes = st["intrigues"], st["votes"]
            self._identities, self._succession = st["identities"], st["succession"]
            self._goal, self._legal, self._counts = st["goal"], st["legal"], st["counts"]
            self._place, self._split, self._swap = st["place"], st["split"], st["swap"]
            self._vote, self._found = st["vote"], st["found"]

    # ------------------------------------------------------------------ once a game

    def _deal(self, game: int) -> int:
        """A new game in slot `game`: `rules.deal` from the slot's next seed."""
        rng = self._arrays.rng
        state = int(rng[game])
        state ^= state >> 12
        state = (state ^ (state << 25)) & _WORD
        state ^= state >> 27
        rng[game] = state
        seed = ((state * _MULTIPLIER) & _WORD) >> 33
        pos = rules.deal(seed, self._players, self._objective)
        for cell in range(_CELLS):
            self._cells[game * _CELLS + cell] = 0
        self._size[game] = _CANVAS
        self._placed[game] = 0
        for pile in range(3):
            tokens = pos.piles[pile]
            self._pile_n[game * 3 + pile] = len(tokens)
            for i in range(len(tokens)):
                self._piles[(game * 3 + pile) * _TOKENS + i] = tokens[i]
        self._phase[game] = _EXPANSION
        self._current[game] = pos.current
        self._split_due[game] = 0
        for seat in range(6):
            self._intrigues[game * 6 + seat] = 0
            self._votes[game * 6 + seat] = _NO_VOTE
            self._identities[game * 6 + seat] = pos.identities[seat] if seat < self._players else 0
            self._succession[game * 6 + seat] = pos.succession[seat]
        self._goal[game] = layout.OBJECTIVES.index(pos.objective)
        self._plies[game] = 0
        return 0

    def position(self, game: int) -> rules.Position:
        """Game `game` as the rules' `Position` (the votes only once all are cast)."""
        if not 0 <= game < self._count:
            raise IndexError(f"game {game} is outside 0..{self._count - 1}")
        size = self._size[game]
        cells = []
        for index in range(size * size):
            code = int(self._cells[game * _CELLS + index])
            cells.append(None if code == 0 else Token(code & 7, bool(code & _DARK_BIT)))
        players = self._players
        votes = []  # cast all at once: none shows before the last voter has chosen
        over = self._phase[game] == _OVER
        for seat in range(players):
            vote = int(self._votes[game * 6 + seat])
            votes.append(None if not over else Vote(None if vote < 0 else vote))
        identities = tuple(int(self._identities[game * 6 + s]) for s in range(players))
        piles = tuple(
            tuple(
                int(self._piles[(game * 3 + p) * _TOKENS + i])
                for i in range(self._pile_n[game * 3 + p])
            )
            for p in range(3)
        )
        return rules.Position(
            players=players,
            objective=layout.OBJECTIVES[self._goal[game]],
            succession=tuple(int(self._succession[game * 6 + s]) for s in range(6)),
            identities=identities,
            unused=tuple(sorted(set(range(1, 7)) - set(identities))),
            piles=piles,
            board=Board(int(size), tuple(cells)),
            phase=rules.Phase(layout.PHASES[self._phase[game]]),
            current=int(self._current[game]),
            split_due=bool(self._split_due[game]),
            intrigues=tuple(int(self._intrigues[game * 6 + s]) for s in range(players)),
            votes=tuple(votes),
        )

    def _finish(self, game: int) -> int:
        """Every vote is in: the verdict's rewards and each seat's final planes, then a new
        game in the slot."""
        players = self._players
        self._phase[game] = _OVER
        verdict = rules.verdict(self.position(game))
        assert verdict is not None
        for seat in range(players):
            self._rewards[game * players + seat] = 1.0 if seat in verdict.winners else -1.0
        self._terminated[game] = 1
        for seat in range(players):
            self._paint(self._final, (game * players + seat) * _SIZE, game, seat)
        self._deal(game)
        self._generate(game)
        return 0

    # ------------------------------------------------------------------ every step

    def reset(self) -> None:
        a = self._arrays
        a.mask[:] = 0
        for game in range(self._count):
            self._clear(game)
            self._counts[game] = 0
            self._deal(game)
            self._generate(game)

    def step(self, actions: Any) -> None:
        if cython.compiled:
            if actions.dtype.kind != "i" or actions.dtype.itemsize != 8 or actions.ndim != 1:
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
            self._clear(game)
            if action != -1:
                self._play(game, action)

    def _clear(self, game: int) -> None:
        """No reward and no end for `game` (yet) at this step."""
        for seat in range(self._players):
            self._rewards[game * self._players + seat] = 0.0
        self._terminated[game] = self._truncated[game] = 0

    def random_steps(self, steps: int) -> int:
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
                self._clear(game)
                self._play(game, self._legal[game * _MAX_LEGAL + pick % self._counts[game]])
        return steps * self._count

    def _play(self, game: int, action: int) -> int:
        """Apply `action` (legal) for the seat to play; write the next observation."""
        if not cython.compiled:
            action = int(action)
        for i in range(self._counts[game]):
            self._mask[game * self._actions + self._legal[game * _MAX_LEGAL + i]] = 0
        self._counts[game] = 0
        phase = self._phase[game]
        seat = self._to_play[game]
        if phase == _EXPANSION:
            if self._split_due[game]:
                self._apply_split(game, action)
            else:
                self._apply_place(game, action)
        elif phase == _INTRIGUE:
            self._apply_intrigue(game, action)
        else:
            self._votes[game * 6 + seat] = (
                -1 if action == self._neutral else self._vote_target(action)
            )
            if seat < self._players - 1:  # the next voter, nothing cast yet
                self._generate(game)
                return 0
        self._plies[game] += 1
        if self._phase[game] == _ASSASSINATION and self._votes[game * 6] != _NO_VOTE:
            self._finish(game)
            return 0
        if self._plies[game] >= self._max_plies:
            self._truncated[game] = 1
            for other in range(self._players):
                self._paint(self._final, (game * self._players + other) * _SIZE, game, other)
            self._deal(game)
        self._generate(game)
        return 0

    def _vote_target(self, action: int) -> int:
        for target in range(self._players):
            if self._vote[target] == action:
                return target
        return -1

    def _apply_place(self, game: int, action: int) -> None:
        pile = action // _CELLS
        cell = action - pile * _CELLS
        p = game * 3 + pile
        self._pile_n[p] -= 1
        self._cells[game * _CELLS + cell] = self._piles[p * _TOKENS + self._pile_n[p]]
        self._placed[game] += 1
        players = self._players
        if self._placed[game] == _GRID * _GRID:
            self._crop(game)
            self._phase[game] = _INTRIGUE
            self._current[game] = (self._current[game] + 1) % players
            return
        empty = big = False
        for other in range(3):
            n = self._pile_n[game * 3 + other]
            if n == 0:
                empty = True
            if n >= 2:
                big = True
        self._split_due[game] = empty and big
        if not self._split_due[game]:
            self._current[game] = (self._current[game] + 1) % players

    def _crop(self, game: int) -> None:
        """The 6 × 6 grid framed by the 36 tokens, into the first 36 cells (`Board.cropped`)."""
        base = game * _CELLS
        top = left = _CANVAS
        for index in range(_CELLS):
            if self._cells[base + index]:
                top = min(top, index // _CANVAS)
                left = min(left, index % _CANVAS)
        for row in range(_GRID):
            for col in range(_GRID):
                self._cells[base + row * _GRID + col] = self._cells[
                    base + (top + row) * _CANVAS + left + col
                ]
        for index in range(_GRID * _GRID, _CELLS):
            self._cells[base + index] = 0
        self._size[game] = _GRID

    def _apply_split(self, game: int, action: int) -> None:
        pile = 0
        while self._split[pile] != action:
            pile += 1
        source = game * 3 + pile
        n = self._pile_n[source]
        half = n // 2
        empty = 0
        while self._pile_n[game * 3 + empty]:
            empty += 1
        target = game * 3 + empty
        for i in range(half):
            self._piles[target * _TOKENS + i] = self._piles[source * _TOKENS + i]
        for i in range(n - half):
            self._piles[source * _TOKENS + i] = self._piles[source * _TOKENS + half + i]
        self._pile_n[target] = half
        self._pile_n[source] = n - half
        self._split_due[game] = 0
        self._current[game] = (self._current[game] + 1) % self._players

    def _apply_intrigue(self, game: int, action: int) -> None:
        base = game * _CELLS
        if action != self._pass:
            index = 0
            while self._swap[index] != action:
                index += 1
            here = index // 4
            kind = index % 4
            other = here + 1 if kind < 2 else here + _GRID
            token = self._cells[base + here]
            self._cells[base + here] = self._cells[base + other]
            self._cells[base + other] = token
            flip = here if kind % 2 == 0 else other
            self._cells[base + flip] |= _DARK_BIT
        current = self._current[game]
        self._intrigues[game * 6 + current] += 1
        total = 0
        for seat in range(self._players):
            total += self._intrigues[game * 6 + seat]
        if total == layout.INTRIGUES * self._players:
            self._phase[game] = _ASSASSINATION
        self._current[game] = (current + 1) % self._players

    def _generate(self, game: int) -> int:
        """The legal actions of the seat to act into `_legal` and the mask; the planes."""
        phase = self._phase[game]
        n = 0
        out = game * _MAX_LEGAL
        base = game * _CELLS
        if phase == _ASSASSINATION:
            seat = 0
            while self._votes[game * 6 + seat] != _NO_VOTE:
                seat += 1
            if self._neutral >= 0:
                self._legal[out + n] = self._neutral
                n += 1
            for target in range(self._players):
                if target != seat:
                    self._legal[out + n] = self._vote[target]
                    n += 1
        else:
            seat = self._current[game]
            if phase == _INTRIGUE:
                for index in range(_GRID * _GRID):
                    code = self._cells[base + index]
                    if code == 0 or code & _DARK_BIT:
                        continue
                    if index % _GRID + 1 < _GRID:
                        other = self._cells[base + index + 1]
                        if other and not other & _DARK_BIT:
                            self._legal[out + n] = self._swap[index * 4]
                            self._legal[out + n + 1] = self._swap[index * 4 + 1]
                            n += 2
                    if index + _GRID < _GRID * _GRID:
                        other = self._cells[base + index + _GRID]
                        if other and not other & _DARK_BIT:
                            self._legal[out + n] = self._swap[index * 4 + 2]
                            self._legal[out + n + 1] = self._swap[index * 4 + 3]
                            n += 2
                if n == 0:
                    self._legal[out] = self._pass
                    n = 1
            elif self._split_due[game]:
                for pile in range(3):
                    if self._pile_n[game * 3 + pile] >= 2:
                        self._legal[out + n] = self._split[pile]
                        n += 1
            else:
                n = self._placements(game)
        self._counts[game] = n
        for i in range(n):
            self._mask[game * self._actions + self._legal[out + i]] = 1
        self._to_play[game] = seat
        self._paint(self._obs, game * _SIZE, game, seat)
        return n

    def _placements(self, game: int) -> int:
        """H3's cells (`rules._placement_indices`) from every pile that has a token."""
        base = game * _CELLS
        out = game * _MAX_LEGAL
        top = left = _CANVAS
        bottom = right = -1
        for index in range(_CELLS):
            if self._cells[base + index]:
                row = index // _CANVAS
                col = index % _CANVAS
                top = min(top, row)
                bottom = max(bottom, row)
                left = min(left, col)
                right = max(right, col)
        found = 0  # the cells, once, into `_found`; then an action per pile and cell
        if bottom < 0:
            self._found[0] = (_GRID - 1) * (_CANVAS + 1)  # the centre, f6
            found = 1
        else:
            for index in range(_CELLS):
                if self._cells[base + index]:
                    continue
                row = index // _CANVAS
                col = index % _CANVAS
                if not (
                    bottom - _GRID + 1 <= row <= top + _GRID - 1
                    and right - _GRID + 1 <= col <= left + _GRID - 1
                ):
                    continue
                if (
                    (row > 0 and self._cells[base + index - _CANVAS])
                    or (row + 1 < _CANVAS and self._cells[base + index + _CANVAS])
                    or (col > 0 and self._cells[base + index - 1])
                    or (col + 1 < _CANVAS and self._cells[base + index + 1])
                ):
                    self._found[found] = index
                    found += 1
        n = 0
        for pile in range(3):
            if self._pile_n[game * 3 + pile]:
                for i in range(found):
                    self._legal[out + n] = self._place[pile * _CELLS + self._found[i]]
                    n += 1
        return n

    def _paint(self, dst: Any, start: int, game: int, seat: int) -> int:
        """`RegicidaAdapter.planes(board_view(seat), seat)` into `dst[start:start + SIZE]`."""
        if cython.compiled:
            memset(cython.address(dst[start]), 0, _SIZE * cython.sizeof(cython.float))
        else:
            dst[start : start + _SIZE] = 0.0
        base = game * _CELLS
        size = self._size[game]
        for index in range(size * size):
            code = self._cells[base + index]
            if code:
                row = index // size
                col = index % size
                plane = (_DARK if code & _DARK_BIT else _LIGHT) + (code & 7) - 1
                dst[start + plane * _AREA + row * _CANVAS + col] = 1.0
        for row in range(size):
            for col in range(size):
                dst[start + _FRAME * _AREA + row * _CANVAS + col] = 1.0
        _fill(dst, start, _IDENTITY + self._identities[game * 6 + seat] - 1, 1.0)
        _fill(dst, start, _OBJECTIVE + self._goal[game], 1.0)
        for place in range(6):
            house = self._succession[game * 6 + place]
            _fill(dst, start, _SUCCESSION + house - 1, 1.0 - place / 6)
        for pile in range(3):
            n = self._pile_n[game * 3 + pile]
            _fill(dst, start, _PILE_SIZE + pile, n / 12)
            if n:
                top = self._piles[(game * 3 + pile) * _TOKENS + n - 1]
                _fill(dst, start, _PILE_TOP + 6 * pile + top - 1, 1.0)
        phase = self._phase[game]
        _fill(dst, start, _PHASE + phase, 1.0)
        if self._split_due[game]:
            _fill(dst, start, _SPLIT_DUE, 1.0)
        if phase == _ASSASSINATION or (phase != _OVER and self._current[game] == seat):
            _fill(dst, start, _MY_TURN, 1.0)
        _fill(
            dst, start, _INTRIGUES_LEFT, (layout.INTRIGUES - self._intrigues[game * 6 + seat]) / 3
        )
        _fill(dst, start, _SEAT + seat, 1.0)
        _fill(dst, start, _PLAYERS, self._players / 6)
        return 0


def _fill(dst: Any, start: int, plane: int, value: float) -> None:
    for cell in range(start + plane * _AREA, start + (plane + 1) * _AREA):
        dst[cell] = value
