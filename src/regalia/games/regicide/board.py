"""The 160-square cross board: square numbers, names and precomputed move tables.

A square is `rank * 14 + file` with file 0..13 for `a`..`o` (no `i`) and rank 0..13 for
`1`..`14`; the four 3 x 3 corners are numbers that no table ever yields. Tables hold ready
move integers (see `moves.py`) so the generator never shifts or checks bounds.
"""

from __future__ import annotations

from regalia.games.regicide.moves import CASTLE, DOUBLE, TURN, make

FILES = "abcdefghjklmno"
SIZE = 14
NSQ = SIZE * SIZE

# Seats in turn order; teams are seat & 1 (0: light Yellow+Red, 1: dark Green+Blue).
YELLOW, GREEN, RED, BLUE = 0, 1, 2, 3
SEAT_NAMES = ("Yellow", "Green", "Red", "Blue")
SEAT_LETTERS = "YGRB"

# Compass directions as (file step, rank step); index order N, E, S, W.
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIR_LETTERS = "NESW"
# C4: pawns move away from their owner.
FORWARD_DIR = (EAST, NORTH, WEST, SOUTH)


def exists(file: int, rank: int) -> bool:
    if not (0 <= file < SIZE and 0 <= rank < SIZE):
        return False
    return not ((file < 3 or file > 10) and (rank < 3 or rank > 10))


SQUARES = tuple(r * SIZE + f for r in range(SIZE) for f in range(SIZE) if exists(f, r))
VALID = tuple(exists(sq % SIZE, sq // SIZE) for sq in range(NSQ))


def square_name(sq: int) -> str:
    return f"{FILES[sq % SIZE]}{sq // SIZE + 1}"


def parse_square(text: str) -> int | None:
    """The square named `text` (either case), or None when there is no such square."""
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in FILES or not text[1:].isdigit():
        return None
    file, rank = FILES.index(text[0]), int(text[1:]) - 1
    return rank * SIZE + file if exists(file, rank) else None


def is_light(sq: int) -> bool:
    # Files count from 1 and ranks from 1: light when their sum is odd, as in chess.
    return ((sq % SIZE + 1) + (sq // SIZE + 1)) % 2 == 1


def step(sq: int, direction: tuple[int, int], times: int = 1) -> int:
    """The square `times` steps away in `direction`, or -1 if it does not exist."""
    file, rank = sq % SIZE + direction[0] * times, sq // SIZE + direction[1] * times
    return rank * SIZE + file if exists(file, rank) else -1


def on_back_rank(seat: int, sq: int) -> bool:
    """Whether `sq` lies on `seat`'s own back rank (a-file, rank 1, o-file, rank 14)."""
    file, rank = sq % SIZE, sq // SIZE
    return (file == 0, rank == 0, file == SIZE - 1, rank == SIZE - 1)[seat]


def promotes(seat: int, sq: int) -> bool:
    """C8: a square on any back rank other than `seat`'s own."""
    return any(on_back_rank(other, sq) for other in range(4) if other != seat)


def on_any_back_rank(sq: int) -> bool:
    return any(on_back_rank(seat, sq) for seat in range(4))


def turn_direction(seat: int, sq: int) -> int:
    """C9: the direction toward the back rank nearest a dead-end square."""
    file, rank = sq % SIZE, sq // SIZE
    if FORWARD_DIR[seat] in (EAST, WEST):
        return SOUTH if rank < SIZE / 2 else NORTH
    return WEST if file < SIZE / 2 else EAST


Target = tuple[int, int]  # (square, move integer)


def _leaper(offsets: tuple[tuple[int, int], ...]) -> tuple[tuple[Target, ...], ...]:
    table: list[tuple[Target, ...]] = []
    for sq in range(NSQ):
        targets = [step(sq, off) for off in offsets] if VALID[sq] else []
        table.append(tuple((t, make(sq, t)) for t in targets if t >= 0))
    return tuple(table)


def _rays(offsets: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[Target, ...], ...], ...]:
    # C3: a slider stops at the edge of a missing corner, so a ray ends at the first gap.
    table = []
    for sq in range(NSQ):
        rays = []
        for off in offsets if VALID[sq] else ():
            ray, n = [], 1
            while (t := step(sq, off, n)) >= 0:
                ray.append((t, make(sq, t)))
                n += 1
            if ray:
                rays.append(tuple(ray))
        table.append(tuple(rays))
    return tuple(table)


KNIGHT_OFFSETS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KING_OFFSETS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
DIAGONALS = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ORTHOGONALS = DIRS

KNIGHT = _leaper(KNIGHT_OFFSETS)
KING = _leaper(KING_OFFSETS)
BISHOP_RAYS = _rays(DIAGONALS)
ROOK_RAYS = _rays(ORTHOGONALS)
QUEEN_RAYS = tuple(b + r for b, r in zip(BISHOP_RAYS, ROOK_RAYS, strict=True))

# STEP[d][sq]: the next square in direction d (-1 if missing); pawn pushes and swaps use it.
STEP = tuple(tuple(step(sq, DIRS[d]) if VALID[sq] else -1 for sq in range(NSQ)) for d in range(4))


def _pawn_captures(seat: int) -> tuple[tuple[Target, ...], ...]:
    fx, fy = DIRS[FORWARD_DIR[seat]]
    sides = ((fx + fy, fy + fx), (fx - fy, fy - fx))  # forward plus one step to either side
    out = []
    for sq in range(NSQ):
        targets = [step(sq, side) for side in sides] if VALID[sq] else []
        out.append(tuple((t, make(sq, t)) for t in targets if t >= 0))
    return tuple(out)


# PAWN_CAPTURES[seat][sq]: (target, move) for the diagonal-forward squares of an unturned pawn.
PAWN_CAPTURES = tuple(_pawn_captures(seat) for seat in range(4))
# PAWN_CAPTURERS[seat][sq]: squares from which a pawn of `seat` captures onto sq (en passant).
PAWN_CAPTURERS = tuple(
    tuple(
        tuple(src for src in SQUARES if any(t == sq for t, _ in PAWN_CAPTURES[seat][src]))
        for sq in range(NSQ)
    )
    for seat in range(4)
)
PROMOTES = tuple(tuple(VALID[sq] and promotes(seat, sq) for sq in range(NSQ)) for seat in range(4))


def _double(seat: int, sq: int) -> int:
    d = DIRS[FORWARD_DIR[seat]]
    if not VALID[sq] or step(sq, d) < 0 or step(sq, d, 2) < 0:
        return -1
    return make(sq, step(sq, d, 2), DOUBLE)


# DOUBLE_MOVE[seat][sq]: the double-step move integer (C5), or -1 where none exists.
DOUBLE_MOVE = tuple(tuple(_double(seat, sq) for sq in range(NSQ)) for seat in range(4))


def _dead_end(seat: int, sq: int) -> int:
    if not VALID[sq] or on_any_back_rank(sq) or step(sq, DIRS[FORWARD_DIR[seat]]) >= 0:
        return -1
    target = step(sq, DIRS[turn_direction(seat, sq)])
    return make(sq, target, TURN) if target >= 0 else -1


# TURN_MOVE[seat][sq]: C9's one-square turn from a dead end, or -1 where sq is no dead end.
TURN_MOVE = tuple(tuple(_dead_end(seat, sq) for sq in range(NSQ)) for seat in range(4))


def _sq(name: str) -> int:
    sq = parse_square(name)
    assert sq is not None
    return sq


# C2: back ranks in seat order, listed from the first named square to the last.
BACK_RANK_SQUARES = (
    tuple(f"a{r}" for r in range(4, 12)),
    tuple(f"{f}1" for f in "defghjkl"),
    tuple(f"o{r}" for r in range(4, 12)),
    tuple(f"{f}14" for f in "defghjkl"),
)
BACK_RANK_PIECES = ("RNBKQBNR", "RNBKQBNR", "RNBQKBNR", "RNBQKBNR")
PAWN_RANK_SQUARES = (
    tuple(f"b{r}" for r in range(4, 12)),
    tuple(f"{f}2" for f in "defghjkl"),
    tuple(f"n{r}" for r in range(4, 12)),
    tuple(f"{f}13" for f in "defghjkl"),
)

# C11: per castling right (seat * 2 + side): king from, king to, rook from, rook to, between.
CastleSpec = tuple[int, int, int, int, tuple[int, ...]]


def _castles() -> tuple[CastleSpec, ...]:
    specs = []
    for seat in range(4):
        back = [_sq(n) for n in BACK_RANK_SQUARES[seat]]
        king = back[BACK_RANK_PIECES[seat].index("K")]
        for rook in (back[0], back[-1]):
            lo, hi = sorted((king, rook))
            stride = 1 if seat in (GREEN, BLUE) else SIZE
            between = tuple(range(lo + stride, hi, stride))
            direction = stride if rook > king else -stride
            specs.append((king, king + 2 * direction, rook, king + direction, between))
    return tuple(specs)


CASTLES = _castles()
CASTLE_MOVES = tuple(make(k, t, CASTLE) for k, t, _, _, _ in CASTLES)
# CASTLE_KEEP[sq]: castling rights that survive a move from or onto sq.
CASTLE_KEEP = tuple(
    255 & ~sum(1 << i for i, spec in enumerate(CASTLES) if sq in (spec[0], spec[2]))
    for sq in range(NSQ)
)
