"""Retrograde analysis of Regulator Chess endgames of three men: two kings and one piece.

Each table holds one material (the strong side's one piece: pawn, knight, bishop, rook or
queen) for every placement, side to move and regulator state, one byte a position:
`DRAW` (also every position that cannot be reached), `INVALID`, or `OFFSET + d` where `d`
is the distance to the end in plies under perfect play: odd, the side to move mates (or
stalemates, R10) in `d` plies; even, it is mated in `d` (0: it has no legal move now).

Index (the strong side is White: `tablebase.py` turns a position with a black piece around):

- pawnless: `((power * 2 + weak_to_move) * 12 + king_cell) * 1225 + weak_king * 35 + piece`.
  Without pawns the regulator never moves again (no pawn move; R8: captures no longer
  retreat it), so only its power range counts (`board.power_range`: 3 values). The board's
  left-right mirror and, without pawns, its top-bottom flip are symmetries of the rules
  (every piece moves alike in mirrored directions), so the strong king is brought into
  files a-c, ranks 1-4 (`king_cell = file * 4 + rank`, 12 cells).
- pawn: `(((regulator - 1) * 2 + weak_to_move) * 21 + king_cell) * 875 + weak_king * 25 +
  pawn_cell`: every regulator space 1-7 (a push moves it, and the piece a promotion makes
  gets its powers from it), the mirror only (pawns move up): `king_cell = file * 7 + rank`,
  `pawn_cell` over ranks 2-6.

`build` solves one table by retrograde analysis: it generates every position's moves once
(its own move rules for three men, checked against the reference `Position` by the tests),
links each position to its predecessors, then resolves positions from the ends backwards,
ply by ply: a position is won in `d + 1` when one move reaches a position lost in `d`, and
lost in `d + 1` when every move reaches a position won, the longest in `d`. Moves that leave
the table (a capture leaves bare kings: a draw; a promotion enters a pawnless table built
before) are valued first. Whatever is left unresolved is a draw. It runs as written, and
Cython compiles it (`retrograde.pxd`, see `regalia.native`).
"""

from __future__ import annotations

from array import array

from regalia.games.regulator.board import (
    BETWEEN,
    BISHOP,
    KING_MASK,
    KNIGHT,
    KNIGHT_MASK,
    PAWN,
    QUEEN,
    ROOK,
    SQUARES,
    power_range,
)

DRAW = 0
INVALID = 1
OFFSET = 2
MAX_PLIES = 253  # the longest distance a byte holds

POWERS = 3  # power ranges of the regulator (board.power_range)
SPACES = 7  # regulator spaces
PAWNLESS_SECTION = 2 * 12 * 35 * 35  # positions per power range
PAWN_SECTION = 2 * 21 * 35 * 25  # positions per regulator space
PAWNLESS_SIZE = POWERS * PAWNLESS_SECTION
PAWN_SIZE = SPACES * PAWN_SECTION
# A promotion's slot in the buffer of pawnless tables `build` reads for a pawn table.
PROMOTED = (QUEEN, ROOK, BISHOP, KNIGHT)

_UNSCHEDULED = 32767
# The same numbers as C constants for the compiled loops (the public names stay Python's).
_DRAW, _INVALID, _OFFSET, _MAX_PLIES, _SPACES = DRAW, INVALID, OFFSET, MAX_PLIES, SPACES
_PAWNLESS_SECTION, _PAWN_SECTION = PAWNLESS_SECTION, PAWN_SECTION
_PAWNLESS_SIZE, _PAWN_SIZE = PAWNLESS_SIZE, PAWN_SIZE
_STRIDE_PAWNLESS = 48  # at most 8 king moves + 34 piece moves
_STRIDE_PAWN = 9  # at most 8 king moves + 1 push

# Flat tables, C arrays once compiled: [a * 35 + b].
_STRICT = [BETWEEN[a].get(b, 0) & ~(1 << b) for a in range(SQUARES) for b in range(SQUARES)]
_DIAGONAL = [
    1 if a != b and abs(a % 5 - b % 5) == abs(a // 5 - b // 5) else 0
    for a in range(SQUARES)
    for b in range(SQUARES)
]
_STRAIGHT = [
    1 if a != b and (a % 5 == b % 5 or a // 5 == b // 5) else 0
    for a in range(SQUARES)
    for b in range(SQUARES)
]
_KNIGHT = list(KNIGHT_MASK)
_KING = list(KING_MASK)
_BIT = [1 << s for s in range(SQUARES)]
_POWER = [power_range(min(max(s, 1), 7)) for s in range(9)]


def size(kind: int) -> int:
    """Positions in the table of `kind` (PAWN … QUEEN)."""
    return _PAWN_SIZE if kind == PAWN else _PAWNLESS_SIZE


def reaches(kind: int, frm: int, to: int, power: int, occupied: int) -> bool:
    """Whether the strong side's `kind` on `frm` attacks `to` under power range `power`,
    with `occupied` the other men that can block a line (R5, R6; a pawn is White's)."""
    if kind == PAWN:
        return to // 5 == frm // 5 + 1 and (to % 5 - frm % 5 == 1 or frm % 5 - to % 5 == 1)
    cell = frm * SQUARES + to
    if (kind == KNIGHT or (kind == BISHOP and power > 0)) and _KNIGHT[frm] >> to & 1:
        return True
    if kind in (BISHOP, QUEEN) and _DIAGONAL[cell] and not _STRICT[cell] & occupied:
        return True
    return bool(
        (kind in (ROOK, QUEEN) or (kind == KNIGHT and power == 2))
        and _STRAIGHT[cell]
        and not _STRICT[cell] & occupied
    )


def pawnless_index(power: int, weak: int, king: int, other: int, piece: int) -> int:
    """The index of a pawnless position (see the module's docstring)."""
    if king % 5 > 2:
        king, other, piece = _mirror(king), _mirror(other), _mirror(piece)
    if king // 5 > 3:
        king, other, piece = _flip(king), _flip(other), _flip(piece)
    return ((power * 2 + weak) * 12 + king % 5 * 4 + king // 5) * 1225 + other * 35 + piece


def pawn_index(regulator: int, weak: int, king: int, other: int, pawn: int) -> int:
    """The index of a position with White's pawn (see the module's docstring); -1 when the
    pawn stands on the first or last rank."""
    if king % 5 > 2:
        king, other, pawn = _mirror(king), _mirror(other), _mirror(pawn)
    rank = pawn // 5
    if rank < 1 or rank > 5:
        return -1
    return (
        (((regulator - 1) * 2 + weak) * 21 + king % 5 * 7 + king // 5) * 875
        + other * 25
        + (rank - 1) * 5
        + pawn % 5
    )


def _mirror(square: int) -> int:
    return square - square % 5 + 4 - square % 5


def _flip(square: int) -> int:
    return (6 - square // 5) * 5 + square % 5


def decode(kind: int, index: int) -> tuple[int, int, int, int, int]:
    """(space, weak_to_move, strong king, weak king, piece) of `index`: `space` is the power
    range of a pawnless table, the regulator space (1-7) of a pawn table."""
    if kind == PAWN:
        cell = index % 25
        piece = (cell // 5 + 1) * 5 + cell % 5
        other = index // 25 % 35
        rest = index // 875
        king = rest % 21 % 7 * 5 + rest % 21 // 7
        return rest // 21 // 2 + 1, rest // 21 % 2, king, other, piece
    piece = index % 35
    other = index // 35 % 35
    rest = index // 1225
    king = rest % 12 % 4 * 5 + rest % 12 // 4
    return rest // 12 // 2, rest // 12 % 2, king, other, piece


def _valid(kind: int, weak: int, king: int, other: int, piece: int, power: int) -> bool:
    if king == other or piece in (king, other) or _KING[king] >> other & 1:
        return False
    # The side that just moved never stands in check (R9): with the strong side to move,
    # the weak king is not attacked (the kings are never next to each other).
    return not (weak == 0 and reaches(kind, piece, other, power, _BIT[king]))


def _child(kind: int, space: int, weak: int, king: int, other: int, piece: int) -> int:
    if kind == PAWN:
        return pawn_index(space, weak, king, other, piece)
    return pawnless_index(space, weak, king, other, piece)


def _moves(
    kind: int,
    index: int,
    promo: bytes,
    out: array[int],
    at: int,
    ends: array[int],
) -> int:
    """Write the in-table children of position `index` into `out[at:]`; return how many.
    `ends` gets [legal moves, a move reaches a draw, shortest win through a move leaving the
    table (0: none), longest loss through one]."""
    space, weak, king, other, piece = decode(kind, index)
    power = _POWER[space] if kind == PAWN else space
    n = 0
    moves = 0
    ends[1] = ends[2] = ends[3] = 0
    if weak == 0:
        for to in range(SQUARES):
            if _KING[king] >> to & 1 and to != piece and not _KING[other] >> to & 1:
                out[at + n] = _child(kind, space, 1, to, other, piece)
                n += 1
                moves += 1
        if kind == PAWN:
            to = piece + 5
            if to != king and to != other:
                after = space + 1 if space < _SPACES else space  # R7: a push advances it
                if to // 5 == 6:  # R4: promotion, into a pawnless table
                    for slot in range(4):
                        moves += 1
                        value = promo[
                            slot * _PAWNLESS_SIZE
                            + pawnless_index(_POWER[after], 1, king, other, to)
                        ]
                        _exit(value, ends)
                else:
                    out[at + n] = pawn_index(after, 1, king, other, to)
                    n += 1
                    moves += 1
        else:
            occupied = _BIT[king] | _BIT[other]
            for to in range(SQUARES):
                if to not in (king, other, piece) and reaches(kind, piece, to, power, occupied):
                    out[at + n] = pawnless_index(space, 1, king, other, to)
                    n += 1
                    moves += 1
    else:
        for to in range(SQUARES):
            if _KING[other] >> to & 1 and to != king and not _KING[king] >> to & 1:
                if to == piece:
                    moves += 1  # the king takes the piece: bare kings (R11)
                    ends[1] = 1
                elif not reaches(kind, piece, to, power, _BIT[king]):
                    out[at + n] = _child(kind, space, 0, king, to, piece)
                    n += 1
                    moves += 1
    ends[0] = moves
    return n


def _exit(value: int, ends: array[int]) -> int:
    """Count a move into a position of another table, valued `value` for its mover."""
    if value < _OFFSET:
        ends[1] = 1
    elif (value - _OFFSET) % 2 == 0:  # the opponent is lost there: a win for us
        if ends[2] == 0 or value - _OFFSET + 1 < ends[2]:
            ends[2] = value - _OFFSET + 1
    elif value - _OFFSET + 1 > ends[3]:
        ends[3] = value - _OFFSET + 1
    return 0


def build(kind: int, promo: bytes, first: int, last: int, values: bytearray) -> int:
    """Solve sections `first` to `last` (power ranges of a pawnless table; a pawn table is
    solved whole: 0 to 7) into `values` (the whole table's bytes); `promo` holds the four
    pawnless tables in `PROMOTED` order for a pawn table. Returns the longest distance."""
    section = _PAWN_SECTION if kind == PAWN else _PAWNLESS_SECTION
    if kind == PAWN and (first != 0 or last != _SPACES):
        raise ValueError("a pawn table is solved over every regulator space at once")
    if kind == PAWN and len(promo) != 4 * _PAWNLESS_SIZE:
        raise ValueError("a pawn table needs the four pawnless tables it promotes into")
    if len(values) != size(kind) or not 0 <= first < last <= (_SPACES if kind == PAWN else 3):
        raise ValueError("not a table's size or sections")
    low = first * section
    count = (last - first) * section
    stride = _STRIDE_PAWN if kind == PAWN else _STRIDE_PAWNLESS
    children = array("i", bytes(4 * count * stride))
    start = array("i", bytes(4 * (count + 1)))
    left = array("h", bytes(2 * count))
    longest_loss = array("h", bytes(2 * count))
    schedule = array("h", [_UNSCHEDULED]) * count
    firm = bytearray(count)  # 1: cannot lose (a move draws or wins)
    ends = array("i", bytes(16))
    edges = 0
    for local in range(count):
        start[local] = edges
        index = low + local
        space, weak, king, other, piece = decode(kind, index)
        if not _valid(kind, weak, king, other, piece, _POWER[space] if kind == PAWN else space):
            values[index] = _INVALID
            continue
        values[index] = _DRAW
        n = _moves(kind, index, promo, children, edges, ends)
        for i in range(n):
            children[edges + i] -= low
        edges += n
        left[local] = n
        longest_loss[local] = ends[3]
        if ends[0] == 0:
            schedule[local] = 0  # R10: no legal move loses, mate and stalemate alike
        elif ends[2]:
            schedule[local] = ends[2]
            firm[local] = 1
        elif ends[1]:
            firm[local] = 1
        elif n == 0:
            schedule[local] = ends[3]
    start[count] = edges
    return _solve(count, low, children, start, left, longest_loss, schedule, firm, values)


def _solve(
    count: int,
    low: int,
    children: array[int],
    start: array[int],
    left: array[int],
    longest_loss: array[int],
    schedule: array[int],
    firm: bytearray,
    values: bytearray,
) -> int:
    """Link the positions to their predecessors and resolve them ply by ply."""
    edges = start[count]
    first_parent = array("i", bytes(4 * (count + 1)))
    parents = array("i", bytes(4 * max(edges, 1)))
    for e in range(edges):
        first_parent[children[e] + 1] += 1
    for p in range(count):
        first_parent[p + 1] += first_parent[p]
    fill = array("i", bytes(4 * (count + 1)))
    for p in range(count + 1):
        fill[p] = first_parent[p]
    for p in range(count):
        for e in range(start[p], start[p + 1]):
            c = children[e]
            parents[fill[c]] = p
            fill[c] += 1
    latest = 0
    for p in range(count):
        if schedule[p] != _UNSCHEDULED and schedule[p] > latest:
            latest = schedule[p]
    ply = 0
    longest = 0
    while ply <= latest:
        if ply > _MAX_PLIES:
            raise OverflowError("a distance longer than a byte holds")
        for p in range(count):
            if schedule[p] != ply or values[low + p] != _DRAW:
                continue
            values[low + p] = _OFFSET + ply
            longest = ply
            for e in range(first_parent[p], first_parent[p + 1]):
                q = parents[e]
                if values[low + q] != _DRAW:
                    continue
                if ply % 2 == 0:  # p is lost: q wins by moving there
                    if ply + 1 < schedule[q]:
                        schedule[q] = ply + 1
                        if ply + 1 > latest:
                            latest = ply + 1
                else:  # p is won by the opponent of q's mover
                    left[q] -= 1
                    if left[q] == 0 and not firm[q]:
                        due = ply + 1 if ply + 1 > longest_loss[q] else longest_loss[q]
                        if due < schedule[q]:
                            schedule[q] = due
                            if due > latest:
                                latest = due
        ply += 1
    return longest
