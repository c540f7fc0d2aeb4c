"""A deliberately slow, independent reading of R2–R9 used as a test oracle.

It shares no code with the engine: a dict board keyed by (file, rank) with FEN letters,
pseudo-legal moves from the rule text, then "make the move, update the regulator, and see
whether any enemy piece attacks the king with the new regulator's powers" (R9).
"""

from __future__ import annotations

Board = dict[tuple[int, int], str]
KNIGHT_JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
DIAGONALS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTHOGONALS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def parse(fen: str) -> tuple[Board, str, int]:
    fields = fen.split()
    board: Board = {}
    for row_index, row in enumerate(fields[0].split("/")):
        rank = 6 - row_index
        file = 0
        for char in row:
            if char.isdigit():
                file += int(char)
            else:
                board[(file, rank)] = char
                file += 1
    return board, fields[1], int(fields[2])


def _white(piece: str) -> bool:
    return piece.isupper()


def _inside(f: int, r: int) -> bool:
    return 0 <= f < 5 and 0 <= r < 7


def targets(board: Board, square: tuple[int, int], regulator: int) -> list[tuple[int, int]]:
    """Squares the piece on `square` attacks or may move to (not pawn pushes)."""
    piece = board[square]
    kind = piece.upper()
    f, r = square
    out: list[tuple[int, int]] = []

    def leap(steps: list[tuple[int, int]]) -> None:
        for df, dr in steps:
            if _inside(f + df, r + dr):
                out.append((f + df, r + dr))

    def slide(directions: list[tuple[int, int]]) -> None:
        for df, dr in directions:
            nf, nr = f + df, r + dr
            while _inside(nf, nr):
                out.append((nf, nr))
                if (nf, nr) in board:
                    break
                nf, nr = nf + df, nr + dr

    if kind == "P":
        forward = 1 if _white(piece) else -1
        leap([(-1, forward), (1, forward)])
    elif kind == "K":
        leap(DIAGONALS + ORTHOGONALS)
    elif kind == "N":
        leap(KNIGHT_JUMPS)
        if regulator >= 6:
            slide(ORTHOGONALS)
    elif kind == "B":
        slide(DIAGONALS)
        if regulator >= 3:
            leap(KNIGHT_JUMPS)
    elif kind == "R":
        slide(ORTHOGONALS)
    elif kind == "Q":
        slide(ORTHOGONALS + DIAGONALS)
    return out


def attacked_king(board: Board, white: bool, regulator: int) -> bool:
    king = next(s for s, p in board.items() if p == ("K" if white else "k"))
    return any(king in targets(board, s, regulator) for s, p in board.items() if _white(p) != white)


def legal_moves(fen: str) -> set[str]:
    """Coordinate forms of every legal move of the position `fen`."""
    board, side, regulator = parse(fen)
    white = side == "w"
    pawns_left = any(p in "Pp" for p in board.values())
    moves: set[str] = set()
    for square, piece in list(board.items()):
        if _white(piece) != white:
            continue
        candidates: list[tuple[tuple[int, int], bool]] = []  # (target, is capture)
        if piece.upper() == "P":
            forward = 1 if white else -1
            ahead = (square[0], square[1] + forward)
            if _inside(*ahead) and ahead not in board:
                candidates.append((ahead, False))
            for target in targets(board, square, regulator):
                if target in board and _white(board[target]) != white:
                    candidates.append((target, True))
        else:
            for target in targets(board, square, regulator):
                if target not in board:
                    candidates.append((target, False))
                elif _white(board[target]) != white:
                    candidates.append((target, True))
        for target, capture in candidates:
            after = dict(board)
            del after[square]
            after[target] = piece
            if piece.upper() == "P":
                new_regulator = regulator if capture else min(7, regulator + 1)
            elif capture and pawns_left:
                new_regulator = max(1, regulator - 1)
            else:
                new_regulator = regulator
            if attacked_king(after, white, new_regulator):
                continue
            name = "abcde"[square[0]] + str(square[1] + 1) + "abcde"[target[0]] + str(target[1] + 1)
            if piece.upper() == "P" and target[1] in (0, 6):
                moves.update(name + p for p in "qrbn")
            else:
                moves.add(name)
    return moves
