"""The batched environment of each game (`regalia.env.vector`), by game name.

Each entry is the game's `Batch`: how it numbers its moves for its compiled kernel
(`regulator_vector`, `regicide_vector`, `regicida_vector` beside this module), builds that
kernel over the shared arrays and rebuilds a core `State` from one of its games. Like the
adapters, each loads lazily, with its game.
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from regalia.core.game import State
from regalia.env.adapter import Adapter
from regalia.env.vector import Arrays, Batch

BATCHES = {
    "regulator": "regalia.env.adapters.vector:RegulatorBatch",
    "regicide": "regalia.env.adapters.vector:RegicideBatch",
    "regicida": "regalia.env.adapters.vector:RegicidaBatch",
}


def make_batch(adapter: Adapter, max_steps: int) -> Batch:
    """The batch of `adapter`'s game (its player count and options), `max_steps` plies long."""
    module, _, cls = BATCHES[adapter.game_name].partition(":")
    batch: Batch = getattr(importlib.import_module(module), cls)(adapter, max_steps)
    return batch


class RegulatorBatch(Batch):
    def __init__(self, adapter: Adapter, max_steps: int) -> None:
        super().__init__(adapter, max_steps)
        vocabulary = adapter.vocabulary
        from regalia.games.regulator.notation import coordinate

        self.codes = np.full(1 << 15, -1, np.int32)
        self.moves = np.zeros(vocabulary.size, np.int32)
        for move in range(1 << 15):
            frm, to = move & 63, move >> 6 & 63
            if frm >= 35 or to >= 35 or move >> 12 > 5:
                continue
            try:
                index = vocabulary.index(coordinate(move))
            except ValueError:
                continue
            self.codes[move] = index
            self.moves[index] = move
        self.regulator = int(adapter.options.get("regulator") or 1)

    def kernel(self, count: int, arrays: Arrays) -> Any:
        from regalia.env.adapters.regulator_vector import RegulatorKernel

        return RegulatorKernel(
            count, self.regulator, self.max_steps, arrays, self.codes, self.moves
        )

    def state(self, kernel: Any, game: int) -> State[Any]:
        from regalia.games.regulator.fen import write_fen
        from regalia.games.regulator.game import RegulatorState
        from regalia.games.regulator.position import Position

        start = write_fen(Position.start(self.regulator))
        return RegulatorState(start, kernel.position(game))


class RegicideBatch(Batch):
    def __init__(self, adapter: Adapter, max_steps: int) -> None:
        super().__init__(adapter, max_steps)
        from regalia.env.adapters.regicide import _CELLS, SQUARES, parse_square

        vocabulary = adapter.vocabulary
        squares = len(_CELLS[0])  # the engine's 196 squares, rank * 14 + file
        slots = {"": 0, "q": 1, "r": 2, "b": 3, "n": 4}
        self.index = np.full(squares * squares * 5, -1, np.int32)
        names = {name: rank * 14 + file for name, file, rank in SQUARES}
        for number, text in enumerate(vocabulary.texts):
            if text == "pass":
                continue
            body, promotion = (text[:-1], text[-1]) if text[-1] in "qrbn" else (text, "")
            split = next(i for i in range(2, len(body)) if body[i].isalpha())
            frm, to = parse_square(body[:split]), parse_square(body[split:])
            square = names[body[:split]], names[body[split:]]
            assert square == (frm[1] * 14 + frm[0], to[1] * 14 + to[0])
            self.index[(square[0] * squares + square[1]) * 5 + slots[promotion]] = number
        self.pass_index = vocabulary.index("pass")
        tables = adapter._tables  # type: ignore[attr-defined]  # RegicideAdapter's own
        self.tables = np.ascontiguousarray(np.stack(tables), np.int64)
        self.cells = np.array(_CELLS, np.int32)

    def kernel(self, count: int, arrays: Arrays) -> Any:
        from regalia.env.adapters.regicide_vector import RegicideKernel

        return RegicideKernel(
            count,
            self.max_steps,
            arrays,
            self.index,
            self.pass_index,
            self.adapter.num_actions,
            self.tables,
            self.cells,
        )

    def state(self, kernel: Any, game: int) -> State[Any]:
        """The game replayed from the start: a core state begins with no move made, and
        plays the forced passes itself."""
        moves = kernel.position(game).history
        state: Any = self.adapter.new_state(0)
        while len(state.moves) < len(moves):
            state = state.apply(state.turn, moves[len(state.moves)])
        return state  # type: ignore[no-any-return]


class RegicidaBatch(Batch):
    def __init__(self, adapter: Adapter, max_steps: int) -> None:
        super().__init__(adapter, max_steps)
        from types import SimpleNamespace

        from regalia.env.adapters.regicida import CANVAS, GRID, cell_name

        if getattr(adapter, "reduced", False):
            raise ValueError("the batched Regicida plays the whole game, not reduced=True")
        vocabulary, players = adapter.vocabulary, adapter.players

        def number(text: str) -> int:
            return vocabulary.index(text) if text in vocabulary.texts else -1

        swaps = []
        for index in range(GRID * GRID):
            row, col = divmod(index, GRID)
            a, right, below = cell_name(row, col), cell_name(row, col + 1), cell_name(row + 1, col)
            for other, inside in ((right, col + 1 < GRID), (below, row + 1 < GRID)):
                for flip in (a, other):
                    swaps.append(number(f"swap {a} {other} flip {flip}") if inside else -1)
        self.numbers = SimpleNamespace(
            place=[
                vocabulary.index(f"place {pile + 1} {cell_name(*divmod(cell, CANVAS))}")
                for pile in range(3)
                for cell in range(CANVAS * CANVAS)
            ],
            split=[vocabulary.index(f"split {pile + 1}") for pile in range(3)],
            swap=swaps,
            pass_=vocabulary.index("pass"),
            vote=[vocabulary.index(f"vote {seat + 1}") for seat in range(players)],
            neutral=number("vote neutral"),
        )
        chosen = adapter.options.get("objective")
        self.objective = None if chosen in (None, "random") else str(chosen)

    def kernel(self, count: int, arrays: Arrays) -> Any:
        from regalia.env.adapters.regicida_vector import RegicidaKernel

        players = self.adapter.players
        return RegicidaKernel(count, players, self.objective, self.max_steps, arrays, self.numbers)

    def state(self, kernel: Any, game: int) -> State[Any]:
        return self.unpack(self.pack(kernel, game))

    def pack(self, kernel: Any, game: int) -> Any:
        return kernel.position(game)  # the rules' Position: plain values, it pickles

    def unpack(self, packed: Any) -> State[Any]:
        """A core state at that position, with no history (the kernel keeps none)."""
        from regalia.games.regicida.state import RegicidaState

        return RegicidaState(self.adapter.game, None, packed, ())  # type: ignore[arg-type]
