"""Regicide as numbers: coordinate moves plus `pass`, and 42 planes of 14 × 14.

Planes are egocentric: the board is turned so that the observer's home edge is row 0
(Green's rank 1), and pieces are grouped by seat relative to the observer (me, the next
seat, my partner, the previous seat). Layout in docs/env.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from regalia.core.game import Seat, State
from regalia.env.adapter import Adapter, Planes
from regalia.env.kernel import paint
from regalia.env.vocabulary import Vocabulary, chess_moves
from regalia.games.regicide.board import CASTLES

FILES = "abcdefghjklmno"
SIZE = 14
SEATS = 4
SEAT_LETTERS = "YGRB"
PIECES = "PNBRQK"
DIRECTIONS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}

PIECE_PLANES = 0  # + 6 * relative seat + piece (P N B R Q K)
BOARD = 24  # the 160 squares that exist
TO_MOVE = 25  # + relative seat of the seat to move
KINGLESS = 29  # + relative seat: that seat's king has been captured (C12)
EN_PASSANT = 33  # the square an en passant capture would land on (C6)
CASTLING = 34  # rooks that may still castle, on their squares (C11)
PAWN_UNMOVED = 35  # pawns with both double steps left (C5)
PAWN_MOVED_ONCE = 36  # pawns with one double step left
TURNED = 37  # + direction in the observer's frame (row+1, col+1, row-1, col-1): C9 pawns
HALFMOVE = 41  # plies since the last capture or pawn move / 200 (C14)
PLANES = 42


def exists(file: int, rank: int) -> bool:
    inside = 0 <= file < SIZE and 0 <= rank < SIZE
    return inside and not ((file < 3 or file > 10) and (rank < 3 or rank > 10))


def square_name(file: int, rank: int) -> str:
    return f"{FILES[file]}{rank + 1}"


def parse_square(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1:]) - 1


SQUARES = [(square_name(f, r), f, r) for r in range(SIZE) for f in range(SIZE) if exists(f, r)]
BACK_RANKS = [name for name, f, r in SQUARES if f in (0, SIZE - 1) or r in (0, SIZE - 1)]
VOCABULARY = chess_moves(SQUARES, BACK_RANKS, extra=("pass",))


def frame(seat: Seat, file: int, rank: int) -> tuple[int, int]:
    """(row, col) of a square in `seat`'s egocentric frame: a rotation, never a mirror."""
    last = SIZE - 1
    if seat == 0:  # Yellow, home on the a-file
        return file, last - rank
    if seat == 1:  # Green, home on rank 1
        return rank, file
    if seat == 2:  # Red, home on the o-file
        return last - file, rank
    return last - rank, last - file  # Blue, home on rank 14


def _direction_plane(seat: Seat, letter: str) -> int:
    """A turned pawn's direction as 0..3 = row+1, col+1, row-1, col-1 in `seat`'s frame."""
    df, dr = DIRECTIONS[letter]
    row0, col0 = frame(seat, 5, 5)
    row1, col1 = frame(seat, 5 + df, 5 + dr)
    return [(1, 0), (0, 1), (-1, 0), (0, -1)].index((row1 - row0, col1 - col0))


def _board_mask(seat: Seat) -> Planes:
    mask = np.zeros((SIZE, SIZE), dtype=np.float32)
    for _name, f, r in SQUARES:
        mask[frame(seat, f, r)] = 1.0
    return mask


BOARD_MASKS = [_board_mask(seat) for seat in range(SEATS)]


# The engine's piece codes (seat << 4 | kind; kinds 1-7 are pawns: unmoved, moved once, then
# turned N E S W, 8.. N B R Q K) and squares (rank * 14 + file), as planes in a seat's
# frame. These mirror regalia.games.regicide.text.to_text, whose text `planes` reads.
_AREA = SIZE * SIZE
_KIND_PIECE = {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 1, 9: 2, 10: 3, 11: 4, 12: 5}


def _kind_extra(seat: Seat, kind: int) -> int:
    """The pawn-state plane of a piece kind in `seat`'s frame, or -1 for none."""
    if kind == 1:
        return PAWN_UNMOVED
    if kind == 2:
        return PAWN_MOVED_ONCE
    if 4 <= kind <= 7:
        return TURNED + _direction_plane(seat, "NESW"[kind - 4])
    return -1


def _cells(seat: Seat) -> list[int]:
    cells = [-1] * _AREA
    for _name, f, r in SQUARES:
        row, col = frame(seat, f, r)
        cells[r * SIZE + f] = row * SIZE + col
    return cells


_CELLS = [_cells(seat) for seat in range(SEATS)]
_FLOAT32 = np.dtype(np.float32)


class RegicideAdapter(Adapter):
    game_name = "regicide"
    stateless_encode = True  # an action's text is its coordinates

    @property
    def vocabulary(self) -> Vocabulary:
        return VOCABULARY

    @property
    def obs_shape(self) -> tuple[int, ...]:
        return (PLANES, SIZE, SIZE)

    def planes(self, view: Mapping[str, Any], seat: Seat) -> Planes:
        out = np.zeros(self.obs_shape, dtype=np.float32)
        fields = view["position"].split()
        groups, castling, en_passant, halfmove = fields[0], fields[2], fields[4], fields[5]

        def at(plane: int, name: str) -> None:
            out[(plane, *frame(seat, *parse_square(name)))] = 1.0

        for group in groups.split("/"):
            owner, _, body = group.partition(":")
            relative = (SEAT_LETTERS.index(owner) - seat) % SEATS
            for token in filter(None, body.split(",")):
                piece, _, state = token.partition(":")
                square = piece[1:]
                at(PIECE_PLANES + 6 * relative + PIECES.index(piece[0]), square)
                if state == "0":
                    at(PAWN_UNMOVED, square)
                elif state == "1":
                    at(PAWN_MOVED_ONCE, square)
                elif state:
                    at(TURNED + _direction_plane(seat, state), square)
        out[BOARD] = BOARD_MASKS[seat]
        out[TO_MOVE + (view["turn"] - seat) % SEATS] = 1.0
        for kingless in view["kings_captured"]:
            out[KINGLESS + (kingless - seat) % SEATS] = 1.0
        if en_passant != "-":
            at(EN_PASSANT, en_passant)
        for rook in castling.split(",") if castling != "-" else ():
            at(CASTLING, rook)
        out[HALFMOVE] = min(int(halfmove), 200) / 200
        return out

    def observe(self, state: State[Any], seat: Seat) -> Planes:
        """`planes(state.view(seat), seat)` built from the engine position: a game of perfect
        information has nothing to hide, and this skips the view's texts and lists."""
        pos = state._pos  # type: ignore[attr-defined]  # RegicideState's own
        cells = _CELLS[seat]
        planes = [(TO_MOVE + (pos.turn - seat) % SEATS, 1.0)]
        captured = pos.king_captured
        for kingless in range(SEATS):
            if captured[kingless]:
                planes.append((KINGLESS + (kingless - seat) % SEATS, 1.0))
        if pos.halfmove:
            planes.append((HALFMOVE, min(int(pos.halfmove), 200) / 200))
        lit = [] if pos.ep < 0 else [EN_PASSANT * _AREA + cells[pos.ep]]
        castling = pos.castling
        for rook in range(len(CASTLES)):
            if castling >> rook & 1:
                lit.append(CASTLING * _AREA + cells[CASTLES[rook][2]])
        out = np.zeros(PLANES * _AREA, _FLOAT32)  # flat, then shaped in place: cheaper
        paint(out, pos.board, self._tables[seat], 3, 0, _AREA, planes, lit)
        out.shape = (PLANES, SIZE, SIZE)
        return out

    @cached_property
    def _tables(self) -> list[npt.NDArray[np.intp]]:
        """Per seat, for `paint`: [(piece code * 196 + square) * 3 + layer] -> the flat cell
        that square lights in layer 0 (its piece's plane), 1 (its pawn state's plane) and 2
        (the BOARD plane, whatever stands there); -1 where nothing lights."""
        tables = []
        codes = 64
        for seat in range(SEATS):
            table = np.full((codes, _AREA, 3), -1, dtype=np.intp)
            cells = np.array(_CELLS[seat])
            real = cells >= 0
            table[:, real, 2] = BOARD * _AREA + cells[real]
            for owner in range(SEATS):
                relative = (owner - seat) % SEATS
                for kind, piece in _KIND_PIECE.items():
                    code = owner << 4 | kind
                    plane = PIECE_PLANES + 6 * relative + piece
                    table[code, real, 0] = plane * _AREA + cells[real]
                    extra = _kind_extra(seat, kind)
                    if extra >= 0:
                        table[code, real, 1] = extra * _AREA + cells[real]
            tables.append(table.reshape(-1))
        return tables

    def observation_text(self, view: Mapping[str, Any], seat: Seat | None) -> str:
        """The position text: pieces and pawn states, seat to move, castling rooks, en
        passant square, plies without a capture or pawn move, round."""
        return str(view["position"])

    def history_text(self, view: Mapping[str, Any], seat: Seat | None) -> str:
        """Every move so far in short form, forced passes included."""
        return " ".join(view["history"])

    def render(self, view: Mapping[str, Any]) -> str:
        cells = {p["square"]: SEAT_LETTERS[p["seat"]] + p["piece"] for p in view["pieces"]}
        lines = []
        for rank in range(SIZE - 1, -1, -1):
            row = []
            for file in range(SIZE):
                name = square_name(file, rank)
                row.append(cells.get(name, " .") if exists(file, rank) else "  ")
            lines.append(f"{rank + 1:>2} " + " ".join(row).rstrip())
        lines.append("   " + " ".join(f" {f}" for f in FILES))
        captured = ", ".join(view["seats"][s] for s in view["kings_captured"]) or "none"
        lines.append(f"kings captured: {captured}")
        if view["result"] is not None:
            lines.append(f"result: {view['result']['reason']}")
        else:
            lines.append(f"{view['seats'][view['turn']]} to move")
        return "\n".join(lines)
