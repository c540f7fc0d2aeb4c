"""Moves as plain ints, and piece codes: the engine's two value types.

A move is `from | to << 8 | flag << 16 | promotion << 19`; `PASS` is 0 (square 0, a1, lies
in a missing corner, so no real move is 0). A piece code is `seat << 4 | kind`; 0 is empty.
Pawn kinds carry the pawn's state, so the board alone records move counts (C5) and the
direction a pawn turned at a dead end (C9), and the Zobrist key covers them for free.
"""

from __future__ import annotations

PASS = 0

NORMAL, DOUBLE, EN_PASSANT, CASTLE, SWAP, TURN = range(6)

# Pawn kinds: unmoved, moved once, moved twice or more; then turned north/east/south/west.
PAWN0, PAWN1, PAWN = 1, 2, 3
TURNED = (4, 5, 6, 7)
LAST_PAWN = TURNED[-1]  # kinds 1..LAST_PAWN are pawns
KNIGHT, BISHOP, ROOK, QUEEN, KING = 8, 9, 10, 11, 12
PROMOTIONS = (QUEEN, ROOK, BISHOP, KNIGHT)
LETTER = {KNIGHT: "N", BISHOP: "B", ROOK: "R", QUEEN: "Q", KING: "K"}
KIND_OF_LETTER = {"N": KNIGHT, "B": BISHOP, "R": ROOK, "Q": QUEEN, "K": KING}


def make(frm: int, to: int, flag: int = NORMAL, promotion: int = 0) -> int:
    return frm | to << 8 | flag << 16 | promotion << 19


def origin(move: int) -> int:
    return move & 255


def target(move: int) -> int:
    return (move >> 8) & 255


def flag(move: int) -> int:
    return (move >> 16) & 7


def promotion(move: int) -> int:
    return move >> 19


def is_pawn(kind: int) -> bool:
    return 1 <= kind <= LAST_PAWN


def letter(kind: int) -> str:
    return "P" if is_pawn(kind) else LETTER[kind]
