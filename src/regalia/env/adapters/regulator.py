"""Regulator Chess as numbers: coordinate moves and 23 planes of 7 ranks × 5 files.

Planes are seen from the observer's side: row 0 is the observer's own back rank (White's
rank 1, Black's rank 7), columns are files a–e. Layout in docs/env.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from regalia.core.game import Seat, State
from regalia.env.adapter import Adapter, Planes
from regalia.env.kernel import paint
from regalia.env.vocabulary import Vocabulary, chess_moves

FILES = "abcde"
RANKS = 7
PIECES = "PNBRQK"

MINE = 0  # + piece (P N B R Q K): the observer's pieces
THEIRS = 6  # + piece: the opponent's pieces
REGULATOR = 12  # + space - 1: all ones on the regulator's space
MY_TURN = 19  # the observer is to move
WHITE = 20  # the observer plays White
HALFMOVE = 21  # plies since the last pawn move or capture / 100 (R11)
CHECK = 22  # the side to move is in check
PLANES = 23

SQUARES = [(f"{f}{r + 1}", i, r) for r in range(RANKS) for i, f in enumerate(FILES)]
VOCABULARY = chess_moves(SQUARES, [f"{f}{r}" for f in FILES for r in (1, RANKS)])


_AREA = RANKS * len(FILES)
_SHIFT = 6  # piece codes run -6..6 (Black negative; regalia.games.regulator.board)


def _piece_cells(seat: Seat) -> npt.NDArray[np.intp]:
    """[(code + 6) * 35 + square] -> the flat cell that piece lights in `seat`'s planes (the
    observer's pieces first, ranks turned to the observer), -1 for an empty square."""
    table = np.full((2 * _SHIFT + 1) * _AREA, -1, dtype=np.intp)
    for code in (*range(-6, 0), *range(1, 7)):
        plane = (MINE if (code > 0) == (seat == 0) else THEIRS) + abs(code) - 1
        for square in range(_AREA):
            rank, file = divmod(square, len(FILES))
            row = rank if seat == 0 else RANKS - 1 - rank
            table[(code + _SHIFT) * _AREA + square] = plane * _AREA + row * len(FILES) + file
    return table


_PIECE_CELLS = (_piece_cells(0), _piece_cells(1))
_SHAPE = (PLANES, RANKS, len(FILES))
_SIZE = PLANES * _AREA
_FLOAT32 = np.dtype(np.float32)


class RegulatorAdapter(Adapter):
    game_name = "regulator"
    stateless_encode = True  # an action's text is its coordinates

    @property
    def vocabulary(self) -> Vocabulary:
        return VOCABULARY

    @property
    def obs_shape(self) -> tuple[int, ...]:
        return (PLANES, RANKS, len(FILES))

    def planes(self, view: Mapping[str, Any], seat: Seat) -> Planes:
        out = np.zeros(self.obs_shape, dtype=np.float32)
        # view["board"] lists ranks 7 down to 1; White upper case, Black lower case.
        for line, text in enumerate(view["board"]):
            rank = RANKS - 1 - line
            row = rank if seat == 0 else RANKS - 1 - rank
            for file, letter in enumerate(text):
                if letter == ".":
                    continue
                white = letter.isupper()
                base = MINE if white == (seat == 0) else THEIRS
                out[base + PIECES.index(letter.upper()), row, file] = 1.0
        out[REGULATOR + view["regulator"] - 1] = 1.0
        out[MY_TURN] = float(seat in view["to_act"])
        out[WHITE] = float(seat == 0)
        out[HALFMOVE] = min(view["halfmove"], 100) / 100
        out[CHECK] = float(view["check"])
        return out

    def observe(self, state: State[Any], seat: Seat) -> Planes:
        """`planes(state.view(seat), seat)` built from the engine position: a game of perfect
        information has nothing to hide, and this skips the view's FEN, SAN and move lists."""
        position = state._position  # type: ignore[attr-defined]  # RegulatorState's own
        planes = [(REGULATOR + position.regulator - 1, 1.0)]
        if seat in state.to_act():
            planes.append((MY_TURN, 1.0))
        if seat == 0:
            planes.append((WHITE, 1.0))
        if position.halfmove:
            planes.append((HALFMOVE, min(position.halfmove, 100) / 100))
        if position.in_check():
            planes.append((CHECK, 1.0))
        out = np.zeros(_SIZE, _FLOAT32)  # flat, then shaped in place: a third of the cost
        paint(out, position.board, _PIECE_CELLS[seat], 1, _SHIFT, _AREA, planes, [])
        out.shape = _SHAPE
        return out

    def observation_text(self, view: Mapping[str, Any], seat: Seat | None) -> str:
        """The FEN: board, side to move, regulator space and the move counters."""
        return str(view["fen"])

    def history_text(self, view: Mapping[str, Any], seat: Seat | None) -> str:
        """The start position's FEN, then every move in SAN."""
        return " ".join([f"[{view['start_fen']}]", *view["history"]])

    def render(self, view: Mapping[str, Any]) -> str:
        lines = [f"{RANKS - i} {' '.join(text)}" for i, text in enumerate(view["board"])]
        lines.append("  " + " ".join(FILES))
        lines.append(f"regulator on space {view['regulator']}; FEN {view['fen']}")
        if view["result"] is not None:
            lines.append(f"result: {view['result']['reason']}")
        else:
            lines.append(f"{'White' if view['turn'] == 0 else 'Black'} to move")
        return "\n".join(lines)
