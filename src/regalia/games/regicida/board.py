"""Tokens on a square grid, cell names, and the H11 board text.

Two grids share this type: the 11×11 *canvas* used while Expansion grows the grid (the first
token sits on its centre, f6, so any 6×6 frame around it fits), and the final 6×6 *grid*.
Cells are named by column letter and row number, `a1` top left, rows counted downwards, so a
cell's name matches its place in the H11 text (line = row, position = column).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from regalia.core.errors import BadNotation, BadPosition
from regalia.games.regicida.houses import HOUSE_NUMBERS, TOKENS_PER_HOUSE

GRID: Final = 6
CANVAS: Final = 2 * GRID - 1
CENTRE: Final = (GRID - 1, GRID - 1)  # f6 on the canvas

Cell = tuple[int, int]  # (row, col), 0-based


@dataclass(frozen=True, slots=True)
class Token:
    house: int
    dark: bool = False

    @property
    def side(self) -> str:
        return "dark" if self.dark else "light"

    def text(self) -> str:
        return f"{self.house}{'D' if self.dark else 'L'}"


def cell_name(cell: Cell) -> str:
    row, col = cell
    return f"{chr(ord('a') + col)}{row + 1}"


_CELL = re.compile(r"([a-z])(\d{1,2})")


def parse_cell(text: str, size: int) -> Cell:
    match = _CELL.fullmatch(text.strip().lower())
    last = f"{chr(ord('a') + size - 1)}{size}"
    if match is None:
        raise BadNotation(f"{text!r} is not a cell; write a column letter and a row, a1..{last}")
    col, row = ord(match[1]) - ord("a"), int(match[2]) - 1
    if not (0 <= row < size and 0 <= col < size):
        raise BadNotation(f"cell {text!r} is off the {size}×{size} grid (a1..{last})")
    return row, col


def neighbours(cell: Cell, size: int) -> Iterator[Cell]:
    row, col = cell
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < size and 0 <= c < size:
            yield r, c


@dataclass(frozen=True, slots=True)
class Board:
    """A size×size grid of optional tokens, row-major."""

    size: int
    cells: tuple[Token | None, ...]

    @classmethod
    def empty(cls, size: int) -> Board:
        return cls(size, (None,) * (size * size))

    def get(self, cell: Cell) -> Token | None:
        return self.cells[cell[0] * self.size + cell[1]]

    def put(self, cell: Cell, token: Token | None) -> Board:
        index = cell[0] * self.size + cell[1]
        return Board(self.size, (*self.cells[:index], token, *self.cells[index + 1 :]))

    def tokens(self) -> Iterator[tuple[Cell, Token]]:
        for index, token in enumerate(self.cells):
            if token is not None:
                yield divmod(index, self.size), token

    def count(self) -> int:
        return len(self.cells) - self.cells.count(None)

    def is_full_grid(self) -> bool:
        return self.size == GRID and self.count() == GRID * GRID

    def bounds(self) -> tuple[int, int, int, int] | None:
        """(top, left, bottom, right) of the placed tokens, inclusive; None when empty."""
        placed = [cell for cell, _ in self.tokens()]
        if not placed:
            return None
        rows = [r for r, _ in placed]
        cols = [c for _, c in placed]
        return min(rows), min(cols), max(rows), max(cols)

    def cropped(self) -> Board:
        """The 6×6 grid framed by the placed tokens (they must span exactly 6×6)."""
        box = self.bounds()
        if box is None or box[2] - box[0] != GRID - 1 or box[3] - box[1] != GRID - 1:
            raise ValueError("the placed tokens do not span 6×6")
        top, left = box[0], box[1]
        out = Board.empty(GRID)
        for (r, c), token in self.tokens():
            out = out.put((r - top, c - left), token)
        return out

    def to_text(self) -> str:
        """The H11 text: six lines of six cells like `3L 1D 6L 2L 2L 5D`."""
        rows = []
        for r in range(self.size):
            row = [self.get((r, c)) for c in range(self.size)]
            rows.append(" ".join(t.text() if t is not None else "--" for t in row))
        return "\n".join(rows)


_TOKEN = re.compile(r"([1-6])([LD])")


def parse_board(text: str) -> Board:
    """Read the H11 text of a full 6×6 grid; raises BadPosition saying where it is wrong."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) != GRID:
        raise BadPosition(f"a board has {GRID} lines of cells, this one has {len(lines)}")
    board = Board.empty(GRID)
    for r, line in enumerate(lines):
        cells = line.split()
        if len(cells) != GRID:
            raise BadPosition(f"line {r + 1} has {len(cells)} cells, not {GRID}")
        for c, raw in enumerate(cells):
            match = _TOKEN.fullmatch(raw.upper())
            if match is None:
                raise BadPosition(
                    f"line {r + 1}, cell {c + 1} ({cell_name((r, c))}): {raw!r} is not a House "
                    "digit 1-6 followed by L or D"
                )
            board = board.put((r, c), Token(int(match[1]), match[2] == "D"))
    for number in HOUSE_NUMBERS:
        held = sum(t.house == number for _, t in board.tokens())
        if held != TOKENS_PER_HOUSE:
            raise BadPosition(
                f"House {number} has {held} tokens on the board; every House has {TOKENS_PER_HOUSE}"
            )
    return board
