"""Static board facts: squares, piece codes, precomputed move tables and Zobrist keys.

Squares are ints 0..34, `square = rank * 5 + file` (a1 = 0, e1 = 4, a7 = 30, e7 = 34).
Pieces are ints: a type 1..6 times a sign, + for White and - for Black, 0 for empty.
Every table is a tuple indexed by square, built once at import and never changed.
"""

from __future__ import annotations

from typing import Final

from regalia.core.seeds import Rng

FILES: Final = 5
RANKS: Final = 7
SQUARES: Final = FILES * RANKS
ALL_SQUARES: Final = (1 << SQUARES) - 1

WHITE: Final = 0
BLACK: Final = 1

EMPTY: Final = 0
PAWN: Final = 1
KNIGHT: Final = 2
BISHOP: Final = 3
ROOK: Final = 4
QUEEN: Final = 5
KING: Final = 6

PIECE_LETTERS: Final = ".PNBRQK"
PROMOTIONS: Final = (QUEEN, ROOK, BISHOP, KNIGHT)

# Regulator spaces at which the empowered moves switch on (R5, R6).
BISHOP_JUMPS_FROM: Final = 3
KNIGHT_SLIDES_FROM: Final = 6
REGULATOR_MIN: Final = 1
REGULATOR_MAX: Final = 7


def power_range(regulator: int) -> int:
    """0: no powers (1–2), 1: bishops jump as knights (3–5), 2: also knights slide as rooks."""
    return 0 if regulator < BISHOP_JUMPS_FROM else 1 if regulator < KNIGHT_SLIDES_FROM else 2


def square_name(square: int) -> str:
    if 0 <= square < SQUARES:
        return _SQUARE_NAMES[square]
    return "abcde"[square % FILES] + str(square // FILES + 1)  # off the board: still a name


# Every move's notation names squares: looked up, not formatted.
_SQUARE_NAMES: Final = tuple("abcde"[sq % FILES] + str(sq // FILES + 1) for sq in range(SQUARES))


def parse_square(text: str) -> int | None:
    """The square named `text` (e.g. "c3"), or None if it is not one."""
    if len(text) == 2 and text[0] in "abcde" and text[1] in "1234567":
        return (ord(text[1]) - ord("1")) * FILES + ord(text[0]) - ord("a")
    return None


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < FILES and 0 <= rank < RANKS


def _steps(offsets: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    table = []
    for square in range(SQUARES):
        f, r = square % FILES, square // FILES
        table.append(
            tuple((r + dr) * FILES + f + df for df, dr in offsets if _on_board(f + df, r + dr))
        )
    return tuple(table)


def _rays(directions: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    table = []
    for square in range(SQUARES):
        f, r = square % FILES, square // FILES
        rays = []
        for df, dr in directions:
            ray = []
            nf, nr = f + df, r + dr
            while _on_board(nf, nr):
                ray.append(nr * FILES + nf)
                nf, nr = nf + df, nr + dr
            if ray:
                rays.append(tuple(ray))
        table.append(tuple(rays))
    return tuple(table)


KING_STEPS: Final = _steps(((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)))
KNIGHT_STEPS: Final = _steps(
    ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
)
DIAGONAL_RAYS: Final = _rays(((1, 1), (-1, 1), (1, -1), (-1, -1)))
ORTHOGONAL_RAYS: Final = _rays(((0, 1), (0, -1), (1, 0), (-1, 0)))


def _pawn_push(forward: int) -> tuple[int, ...]:
    return tuple(
        s + forward * FILES if 0 <= s // FILES + forward < RANKS else -1 for s in range(SQUARES)
    )


# Indexed [colour][square]. Pawns never stand on ranks 1 or 7, but the tables cover them.
PAWN_PUSH: Final = (_pawn_push(1), _pawn_push(-1))
PAWN_CAPTURES: Final = (_steps(((-1, 1), (1, 1))), _steps(((-1, -1), (1, -1))))
# A pawn of colour c attacks `square` from PAWN_CAPTURES[1 - c][square].
PROMOTION_RANK: Final = (RANKS - 1, 0)

BIT: Final = tuple(1 << s for s in range(SQUARES))


def _between() -> tuple[dict[int, int], ...]:
    """BETWEEN[a][b]: mask of squares strictly between a and b on a shared line, plus b."""
    table: list[dict[int, int]] = []
    for square in range(SQUARES):
        masks: dict[int, int] = {}
        for ray in DIAGONAL_RAYS[square] + ORTHOGONAL_RAYS[square]:
            mask = 0
            for target in ray:
                mask |= 1 << target
                masks[target] = mask
        table.append(masks)
    return tuple(table)


BETWEEN: Final = _between()


def _zobrist() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]:
    rng = Rng(0x5E6_7A70)
    # Indexed directly by the signed piece code: 1..6 and -1..-6 (= 12..7) are distinct rows.
    pieces = tuple(tuple(rng.next64() for _ in range(SQUARES)) for _ in range(13))
    regulator = tuple(rng.next64() for _ in range(REGULATOR_MAX + 1))
    return pieces, regulator, rng.next64()


ZOBRIST_PIECE, ZOBRIST_REGULATOR, ZOBRIST_BLACK = _zobrist()


def _with_moves(table: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Each target paired with its move int (`from | to << 6`), to spare the arithmetic."""
    return tuple(tuple((to, frm | to << 6) for to in row) for frm, row in enumerate(table))


def _rays_with_moves(
    table: tuple[tuple[tuple[int, ...], ...], ...],
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    return tuple(
        tuple(tuple((to, frm | to << 6) for to in ray) for ray in rays)
        for frm, rays in enumerate(table)
    )


KNIGHT_MOVES: Final = _with_moves(KNIGHT_STEPS)
DIAGONAL_MOVES: Final = _rays_with_moves(DIAGONAL_RAYS)
ORTHOGONAL_MOVES: Final = _rays_with_moves(ORTHOGONAL_RAYS)

# Indexed [colour][signed piece] (negative codes wrap, as in ZOBRIST_PIECE):
# OWN_KIND gives the type of that colour's pieces other than the king, else 0;
# IS_ENEMY is True for the other colour's pieces.
OWN_KIND: Final = (
    tuple(p if 0 < p < KING else 0 for p in range(7)) + (0,) * 6,
    (0,) * 7 + tuple(-p if -KING < p < 0 else 0 for p in range(-6, 0)),
)
IS_ENEMY: Final = (
    (False,) * 7 + (True,) * 6,
    (False,) + (True,) * 6 + (False,) * 6,
)


def _mask(squares: tuple[int, ...]) -> int:
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


# Bit masks for quick "could anything attack from there?" tests before walking squares.
KNIGHT_MASK: Final = tuple(_mask(row) for row in KNIGHT_STEPS)
KING_MASK: Final = tuple(_mask(row) for row in KING_STEPS)
# PAWN_ATTACKER_MASK[us][square]: where an enemy pawn would stand to attack `square`.
PAWN_ATTACKER_MASK: Final = tuple(tuple(_mask(row) for row in table) for table in PAWN_CAPTURES)
DIAGONAL_RAYS_MASKED: Final = tuple(
    tuple((ray, _mask(ray)) for ray in rays) for rays in DIAGONAL_RAYS
)
ORTHOGONAL_RAYS_MASKED: Final = tuple(
    tuple((ray, _mask(ray)) for ray in rays) for rays in ORTHOGONAL_RAYS
)
