"""The engine position of Regulator Chess: a mutable board with make/unmake.

This is the fast layer search code builds on (the public, immutable `State` wraps it).
It runs as written, and Cython compiles it too (`position.pxd` beside it declares the C
types; see `regalia.native`): the same source is the interpreted and the compiled engine.

Attributes (read them, change them only through `push` / `pop`):
    board      list of 35 ints, `board[rank * 5 + file]`; + White, - Black, 0 empty
               (piece types PAWN=1 KNIGHT=2 BISHOP=3 ROOK=4 QUEEN=5 KING=6, see `board.py`);
               a copy: the engine keeps its own array
    turn       0 White to move, 1 Black
    regulator  the regulator's space, 1..7
    halfmove   plies since the last pawn move or capture (R11)
    fullmove   move number, starts at 1, grows after Black moves
    key        64-bit Zobrist key of pieces, side to move and regulator space (R11)
    kings      [white king square, black king square]
    pawns      number of pawns of both sides on the board (R8)
    bb         13 bitboards indexed by signed piece code (`bb[-KNIGHT]`: Black's knights;
               negative codes wrap around the list), bit `s` set when the piece is on `s`

Moves are ints: `from | to << 6 | promotion << 12` (see `make_move`, `move_from`, ...).

    >>> pos = Position.start()
    >>> len(pos.legal_moves())
    8
    >>> pos.push(make_move(7, 12)); pos.regulator   # c2-c3 advances the regulator (R7)
    2
    >>> pos.pop(); pos.regulator
    1

Methods: `legal_moves()`, `push(move)`, `pop()`, `in_check()`, `is_capture(move)`,
`is_pawn_move(move)`, `regulator_after(move)`, `gives_check(move)`,
`attacked(square, by, regulator=None)`, `repetitions()` (R11: count of the current key
since the last irreversible move), `bare_kings()`, `piece_squares(colour)`, `copy()`;
`keys` lists every key since construction (current last), `move_stack` the moves.

Legal moves (R9) are found without making them: for each power range a move may leave
the regulator in (the same space, one up after a push, one down after a piece capture)
we compute checkers and pins from the king once, then filter; king steps are tested with
the king lifted off its square.

The engine's own surface, for perft and the search (C calls once compiled):
`generate(out, n, noisy)` writes the legal moves (or only captures and promotions) into
`out[n:]` and returns the new end; `make(move)` / `unmake()` are `push` / `pop` without
checks. Internally the board is `_board` (35 ints), bitboards are `_bb[piece + 6]`, and the
history is a stack of undo records and keys that grows as needed.
"""

from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:  # the interpreted path runs without Cython installed
    globals()["cython"] = type("cython", (), {"compiled": False})

if not cython.compiled:  # names of C functions the compiled module calls (position.pxd)
    from regalia.native import c_only

    ctz = free = memcpy = realloc = c_only

from regalia.games.regulator.board import (
    BETWEEN,
    BISHOP,
    BLACK,
    DIAGONAL_RAYS,
    KING,
    KING_MASK,
    KING_STEPS,
    KNIGHT,
    KNIGHT_MASK,
    KNIGHT_STEPS,
    ORTHOGONAL_RAYS,
    PAWN,
    PAWN_ATTACKER_MASK,
    PAWN_CAPTURES,
    PAWN_PUSH,
    PROMOTION_RANK,
    QUEEN,
    REGULATOR_MAX,
    REGULATOR_MIN,
    ROOK,
    SQUARES,
    WHITE,
    ZOBRIST_BLACK,
    ZOBRIST_PIECE,
    ZOBRIST_REGULATOR,
    power_range,
)

START_BOARD = (
    [BISHOP, KNIGHT, KING, BISHOP, KNIGHT]
    + [PAWN] * 5
    + [0] * 15
    + [-PAWN] * 5
    + [-BISHOP, -KNIGHT, -KING, -BISHOP, -KNIGHT]
)

# The most moves a position can have, with room to spare (12 pieces reach at most 34
# squares each); move buffers hold this many per ply.
MAX_MOVES = 512


def make_move(frm: int, to: int, promotion: int = 0) -> int:
    return frm | to << 6 | promotion << 12


def move_from(move: int) -> int:
    return move & 63


def move_to(move: int) -> int:
    return move >> 6 & 63


def move_promotion(move: int) -> int:
    return move >> 12


# ------------------------------------------------------------------- flat tables
# The tables of `board.py` laid out flat, so that compiled they are C arrays. Directions
# 0-3 are the diagonals of DIAGONAL_RAYS, 4-7 the lines of ORTHOGONAL_RAYS, in their order.

_FULL = (1 << 35) - 1  # every square (a Python int: 1 << SQUARES would be C arithmetic)


def _direction_rays(square: int) -> list[tuple[int, ...]]:
    rays: list[tuple[int, ...]] = []
    for table in (DIAGONAL_RAYS, ORTHOGONAL_RAYS):
        # board.py leaves out empty rays; put each back in its direction's slot.
        f, r = square % 5, square // 5
        steps = ((1, 1), (-1, 1), (1, -1), (-1, -1)) if table is DIAGONAL_RAYS else None
        steps = steps or ((0, 1), (0, -1), (1, 0), (-1, 0))
        given = list(table[square])
        for df, dr in steps:
            on = 0 <= f + df < 5 and 0 <= r + dr < 7
            rays.append(given.pop(0) if on else ())
    return rays


def _mask_of(squares: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


def _padded(rows: list[tuple[int, ...]], width: int) -> Any:
    """Rows of targets: as they are when interpreted, padded to C array rows once compiled.
    Loops read `row[:length]`, which for a tuple of that length is the tuple itself."""
    if cython.compiled:
        return [list(row) + [0] * (width - len(row)) for row in rows]
    return tuple(rows)


_RAYS = [ray for square in range(SQUARES) for ray in _direction_rays(square)]
_KNIGHT_N = [len(row) for row in KNIGHT_STEPS]  # [square]
_KNIGHT_TO = _padded(list(KNIGHT_STEPS), 8)  # [square][i]
_KING_N = [len(row) for row in KING_STEPS]
_KING_TO = _padded(list(KING_STEPS), 8)
_RAY_N = [len(ray) for ray in _RAYS]  # [square * 8 + direction]
_RAY_TO = _padded(_RAYS, 6)  # [square * 8 + direction][i]
_RAY_MASK = [_mask_of(ray) for ray in _RAYS]
# The same targets as move ints (`from | to << 6`), to spare the arithmetic.
_KNIGHT_MV = _padded([tuple(f | t << 6 for t in KNIGHT_STEPS[f]) for f in range(SQUARES)], 8)
_RAY_MV = _padded([tuple(i // 8 | t << 6 for t in ray) for i, ray in enumerate(_RAYS)], 6)
_PUSH = [PAWN_PUSH[c][s] for c in (WHITE, BLACK) for s in range(SQUARES)]  # -1 off the board
_PAWN_N = [len(PAWN_CAPTURES[c][s]) for c in (WHITE, BLACK) for s in range(SQUARES)]
_PAWN_TO = _padded([PAWN_CAPTURES[c][s] for c in (WHITE, BLACK) for s in range(SQUARES)], 2)
# _PAWN_ATK[us * 35 + square]: where an enemy pawn would stand to attack `square`.
_PAWN_ATK = [PAWN_ATTACKER_MASK[c][s] for c in (WHITE, BLACK) for s in range(SQUARES)]
_KNIGHT_MASK = list(KNIGHT_MASK)
_KING_MASK = list(KING_MASK)
# _BETWEEN[a * 35 + b]: BETWEEN[a][b], or 0 off a shared line.
_BETWEEN = [BETWEEN[a].get(b, 0) for a in range(SQUARES) for b in range(SQUARES)]
_BIT = [_mask_of([s]) for s in range(SQUARES)]
_ZP = [ZOBRIST_PIECE[p % 13][s] for p in range(-6, 7) for s in range(SQUARES)]  # [(p + 6) * 35 + s]
_ZR = list(ZOBRIST_REGULATOR)
_ZB = ZOBRIST_BLACK
_RANGE = [power_range(min(max(s, REGULATOR_MIN), REGULATOR_MAX)) for s in range(REGULATOR_MAX + 2)]
_LAST_RANK = list(PROMOTION_RANK)
del _RAYS

# legal_moves() of the compiled engine generates here (never while another call is inside).
_SCRATCH = [0] * 512
# ... and hands out these int objects: no int is allocated per move, and a move taken from
# one list is the very object in the next (`in` then matches by identity). The interpreted
# path slices its own list of ints and needs none.
_MOVE_INTS = list(range(1 << 15)) if cython.compiled else []


class Position:
    def __init__(
        self,
        board: list[int],
        turn: int = WHITE,
        regulator: int = 1,
        halfmove: int = 0,
        fullmove: int = 1,
    ) -> None:
        """A position from raw fields; the caller vouches that it is valid (see `fen.py`)."""
        self._allocate()
        squares = list(board)
        if len(squares) != SQUARES:
            raise ValueError(f"a board has {SQUARES} squares, not {len(squares)}")
        kings = [squares.index(KING), squares.index(-KING)]
        for square in range(SQUARES):
            self._board[square] = squares[square]
            piece = squares[square]
            if piece:
                self._bb[piece + 6] |= _BIT[square]
        self._kings[0] = kings[0]
        self._kings[1] = kings[1]
        self.turn = turn
        self.regulator = regulator
        self.halfmove = halfmove
        self._turn0 = turn
        self._fullmove0 = fullmove
        self.pawns = sum(1 for p in squares if p in (PAWN, -PAWN))
        self.key = self._compute_key()
        self._sp = 0
        self._grow(2)
        # Keys of every position since construction, the current one last (repetitions).
        self._keys[0] = self.key

    def _allocate(self) -> int:
        """Empty storage (the compiled object starts with zeroed C arrays of its own)."""
        if not cython.compiled:
            self._board = [0] * SQUARES
            self._bb = [0] * 13
            self._kings = [0, 0]
            self._pinned = [0, 0, 0]
            self._pinline = [0] * (3 * SQUARES)
            self._undo: list[int] = []
            self._keys: list[int] = []
            self._out: list[int] | None = None  # legal_moves() generates here
        self._cap = 0
        return 0

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self._undo)
            free(self._keys)

    def _grow(self, need: int) -> int:
        """Room for `need` keys and undo records (the history grows without bound)."""
        if need <= self._cap:
            return 0
        cap = max(need, 2 * self._cap, 64)
        if cython.compiled:
            undo = cython.cast(
                cython.p_longlong, realloc(self._undo, 4 * cap * cython.sizeof(cython.longlong))
            )
            if not undo:
                raise MemoryError()
            self._undo = undo
            keys = cython.cast(
                cython.p_ulonglong, realloc(self._keys, cap * cython.sizeof(cython.ulonglong))
            )
            if not keys:
                raise MemoryError()
            self._keys = keys
        else:
            self._undo.extend([0] * (4 * (cap - self._cap)))
            self._keys.extend([0] * (cap - self._cap))
        self._cap = cap
        return 0

    @classmethod
    def start(cls, regulator: int = 1) -> Position:
        return cls(START_BOARD, WHITE, regulator)

    def _compute_key(self) -> int:
        key = _ZR[self.regulator]
        for square in range(SQUARES):
            piece = self._board[square]
            if piece:
                key ^= _ZP[(piece + 6) * SQUARES + square]
        return key ^ _ZB if self.turn == BLACK else key

    def copy(self) -> Position:
        """An independent position with the same history (so repetitions still count)."""
        other = Position.__new__(Position)
        other._allocate()
        other._grow(self._sp + 2)
        if cython.compiled:
            memcpy(other._board, self._board, SQUARES * cython.sizeof(cython.int))
            memcpy(other._bb, self._bb, 13 * cython.sizeof(cython.ulonglong))
            memcpy(other._undo, self._undo, 4 * self._sp * cython.sizeof(cython.longlong))
            memcpy(other._keys, self._keys, (self._sp + 1) * cython.sizeof(cython.ulonglong))
        else:
            other._board = self._board.copy()
            other._bb = self._bb.copy()
            other._undo[: 4 * self._sp] = self._undo[: 4 * self._sp]
            other._keys[: self._sp + 1] = self._keys[: self._sp + 1]
        other._kings[0] = self._kings[0]
        other._kings[1] = self._kings[1]
        other.turn = self.turn
        other.regulator = self.regulator
        other.halfmove = self.halfmove
        other._turn0 = self._turn0
        other._fullmove0 = self._fullmove0
        other.pawns = self.pawns
        other.key = self.key
        other._sp = self._sp
        return other

    # ----------------------------------------------------------------- public fields

    @property
    def board(self) -> list[int]:
        return [self._board[square] for square in range(SQUARES)]

    @property
    def bb(self) -> list[int]:
        """Bitboards indexed by signed piece code, negative codes wrapping (`bb[-KNIGHT]`)."""
        return [self._bb[(code if code < 7 else code - 13) + 6] for code in range(13)]

    @property
    def kings(self) -> list[int]:
        return [self._kings[0], self._kings[1]]

    @property
    def fullmove(self) -> int:
        # Black's moves since construction, counted from the side that started.
        return self._fullmove0 + (self._sp + self._turn0) // 2

    @property
    def keys(self) -> list[int]:
        """Keys of every position since construction, the current one last."""
        return [self._keys[i] for i in range(self._sp + 1)]

    @property
    def move_stack(self) -> list[int]:
        """Moves pushed since construction, oldest first."""
        return [int(self._undo[4 * i]) for i in range(self._sp)]

    # ----------------------------------------------------------------- make / unmake

    def push(self, move: int) -> None:
        """Make a move (assumed legal) and update the regulator (R7, R8)."""
        if not 0 <= move < 1 << 15 or (move & 63) >= SQUARES or (move >> 6 & 63) >= SQUARES:
            raise ValueError(f"not a move: {move!r}")
        self.make(move)

    def pop(self) -> None:
        """Unmake the last pushed move."""
        if not self._sp:
            raise IndexError("pop from a position with no move pushed")
        self.unmake()

    def make(self, move: int) -> int:
        """`push` without checks: `move` must be legal here."""
        sp = self._sp
        if sp + 2 > self._cap:
            self._grow(sp + 2)
        board = self._board
        bb = self._bb
        frm = move & 63
        to = move >> 6 & 63
        promotion = move >> 12
        piece = board[frm]
        captured = board[to]
        old = regulator = self.regulator
        undo = self._undo
        base = 4 * sp
        undo[base] = move
        undo[base + 1] = captured
        undo[base + 2] = regulator
        undo[base + 3] = self.halfmove
        key = self.key ^ _ZP[(piece + 6) * SQUARES + frm]
        bb[piece + 6] ^= _BIT[frm]
        is_pawn = piece == PAWN or piece == -PAWN
        if captured:
            key ^= _ZP[(captured + 6) * SQUARES + to]
            bb[captured + 6] ^= _BIT[to]
            # R8: the test is made before the move, so taking the last pawn still retreats.
            if not is_pawn and self.pawns and regulator > REGULATOR_MIN:
                regulator -= 1
            if captured == PAWN or captured == -PAWN:
                self.pawns -= 1
            self.halfmove = 0
        elif is_pawn:
            if regulator < REGULATOR_MAX:
                regulator += 1
            self.halfmove = 0
        else:
            self.halfmove += 1
        if promotion:
            piece = promotion if piece > 0 else -promotion
            self.pawns -= 1
        board[to] = piece
        board[frm] = 0
        bb[piece + 6] ^= _BIT[to]
        key ^= _ZP[(piece + 6) * SQUARES + to]
        if regulator != old:
            key ^= _ZR[old] ^ _ZR[regulator]
            self.regulator = regulator
        if piece == KING or piece == -KING:
            self._kings[self.turn] = to
        key ^= _ZB
        self.key = key
        self.turn ^= 1
        self._sp = sp + 1
        self._keys[sp + 1] = key
        return 0

    def unmake(self) -> None:
        """`pop` without checks: a move must have been made."""
        sp = self._sp - 1
        self._sp = sp
        board = self._board
        bb = self._bb
        base = 4 * sp
        move = self._undo[base]
        captured = self._undo[base + 1]
        frm = move & 63
        to = move >> 6 & 63
        piece = board[to]
        bb[piece + 6] ^= _BIT[to]
        if captured:
            bb[captured + 6] ^= _BIT[to]
        self.turn ^= 1
        if move >> 12:
            piece = PAWN if piece > 0 else -PAWN
            self.pawns += 1
        if captured == PAWN or captured == -PAWN:
            self.pawns += 1
        board[frm] = piece
        board[to] = captured
        bb[piece + 6] ^= _BIT[frm]
        if piece == KING or piece == -KING:
            self._kings[self.turn] = frm
        self.regulator = self._undo[base + 2]
        self.halfmove = self._undo[base + 3]
        self.key = self._keys[sp]

    # ----------------------------------------------------------------- attacks

    def attacked(self, square: int, by: int, regulator: int | None = None) -> bool:
        """Is `square` attacked by side `by`, with powers read from `regulator` (R5, R6)?"""
        rng = power_range(self.regulator if regulator is None else regulator)
        return bool(self._attacked(square, by ^ 1, rng))

    def _attacked(self, square: int, us: int, rng: int) -> bool:
        """Is `square` attacked by the opponent of `us` under power range `rng`?"""
        bb = self._bb
        board = self._board
        sign = -1 if us == WHITE else 1  # the attacker's sign
        if _PAWN_ATK[us * SQUARES + square] & bb[sign + 6]:
            return True
        bishops = bb[BISHOP * sign + 6]
        knights = bb[KNIGHT * sign + 6]
        if _KNIGHT_MASK[square] & (knights | bishops if rng else knights):
            return True
        if _KING_MASK[square] & bb[KING * sign + 6]:
            return True
        queens = bb[QUEEN * sign + 6]
        # Walk only the rays that hold a possible attacker; a blocker may still stop it.
        sliders = bishops | queens
        if sliders:
            for d in range(4):
                ray = square * 8 + d
                if _RAY_MASK[ray] & sliders:
                    for s in _RAY_TO[ray][: _RAY_N[ray]]:
                        if board[s]:
                            if sliders >> s & 1:
                                return True
                            break
        sliders = bb[ROOK * sign + 6] | queens
        if rng == 2:
            sliders |= knights
        if sliders:
            for d in range(4, 8):
                ray = square * 8 + d
                if _RAY_MASK[ray] & sliders:
                    for s in _RAY_TO[ray][: _RAY_N[ray]]:
                        if board[s]:
                            if sliders >> s & 1:
                                return True
                            break
        return False

    def in_check(self) -> bool:
        """Is the side to move attacked on its king square under the current regulator?"""
        return self._attacked(self._kings[self.turn], self.turn, _RANGE[self.regulator])

    def _guard(self, us: int, rng: int, slot: int) -> int:
        """Where a non-king move of `us` may go, if made under power range `rng`.

        Returns the target mask: every square when not in check, the checker and the
        squares between when in single check, empty in double check. Pins go to `slot`:
        `_pinned[slot]` has a bit per pinned piece, `_pinline[slot * 35 + square]` the line
        that piece may move along.
        """
        bb = self._bb
        board = self._board
        king_square = self._kings[us]
        sign = -1 if us == WHITE else 1  # the enemy's sign
        checks = 0
        mask = _FULL
        pinned = 0
        pawns = _PAWN_ATK[us * SQUARES + king_square] & bb[sign + 6]
        if pawns:
            checks += 1 if pawns & (pawns - 1) == 0 else 2
            mask = pawns
        bishops = bb[BISHOP * sign + 6]
        knights = bb[KNIGHT * sign + 6]
        jumpers = _KNIGHT_MASK[king_square] & (knights | bishops if rng else knights)
        if jumpers:
            checks += 1 if jumpers & (jumpers - 1) == 0 else 2
            mask = jumpers
        queens = bb[QUEEN * sign + 6]
        for group in range(2):  # the diagonals, then the lines
            if group == 0:
                lines = bishops | queens
            else:
                lines = bb[ROOK * sign + 6] | queens
                if rng == 2:
                    lines |= knights
            if not lines:
                continue
            for d in range(4 * group, 4 * group + 4):
                ray = king_square * 8 + d
                if not _RAY_MASK[ray] & lines:
                    continue
                blocker = -1
                for s in _RAY_TO[ray][: _RAY_N[ray]]:
                    piece = board[s]
                    if not piece:
                        continue
                    if piece * sign < 0:
                        if blocker >= 0:
                            break
                        blocker = s
                        continue
                    if lines >> s & 1:
                        between = _BETWEEN[king_square * SQUARES + s]
                        if blocker < 0:
                            checks += 1
                            mask = between
                        else:
                            pinned |= _BIT[blocker]
                            self._pinline[slot * SQUARES + blocker] = between
                    break
        self._pinned[slot] = pinned
        return 0 if checks > 1 else mask

    # ----------------------------------------------------------------- move generation

    def legal_moves(self) -> list[int]:
        """Every legal move (R2–R9), in a fixed order (board scan, then king moves)."""
        if cython.compiled:
            n = self.generate(_SCRATCH, 0, False)
            moves = [_MOVE_INTS[_SCRATCH[i]] for i in range(n)]
        else:
            out = self._out
            if out is None:
                out = self._out = [0] * MAX_MOVES
            moves = out[: self.generate(out, 0, False)]
        return moves

    def noisy_moves(self) -> list[int]:
        """Legal captures and promotions: what a quiescence search looks at."""
        if cython.compiled:
            n = self.generate(_SCRATCH, 0, True)
            moves = [_SCRATCH[i] for i in range(n)]
        else:
            out = self._out
            if out is None:
                out = self._out = [0] * MAX_MOVES
            moves = out[: self.generate(out, 0, True)]
        return moves

    def count_moves(self) -> int:
        """`len(self.legal_moves())`, for perft's bulk counting."""
        if cython.compiled:
            n = self.generate(_SCRATCH, 0, False)
        else:
            out = self._out
            if out is None:
                out = self._out = [0] * MAX_MOVES
            n = self.generate(out, 0, False)
        return n

    def generate(self, out: list[int], n: int, noisy: bool) -> int:
        """Write the legal moves into `out[n:]` (only captures and promotions if `noisy`),
        in the order of `legal_moves`; return the index after the last one."""
        board = self._board
        us = self.turn
        sign = 1 if us == WHITE else -1
        regulator = self.regulator
        rng = _RANGE[regulator]
        # R9: legality is judged after the regulator update, which depends on the move kind.
        rng_push = _RANGE[regulator + 1] if regulator < REGULATOR_MAX else rng
        rng_capture = _RANGE[regulator - 1] if self.pawns and regulator > REGULATOR_MIN else rng
        quiet_mask = self._guard(us, rng, 0)
        quiet_pins = self._pinned[0]
        push_slot = capture_slot = 0
        push_mask = capture_mask = quiet_mask
        if rng_push != rng:
            push_mask = self._guard(us, rng_push, 1)
            push_slot = 1
        if rng_capture != rng:
            capture_mask = self._guard(us, rng_capture, 2)
            capture_slot = 2
        push_pins = self._pinned[push_slot]
        capture_pins = self._pinned[capture_slot]

        king_square = self._kings[us]
        if quiet_mask or push_mask or capture_mask:
            last_rank = _LAST_RANK[us]
            # No check and no pin under a range: skip its mask tests.
            quiet_free = quiet_mask == _FULL and not quiet_pins
            push_free = push_mask == _FULL and not push_pins
            unpinned = quiet_free and capture_mask == _FULL and not capture_pins
            bb = self._bb
            pawns_and_pieces = bb[sign + 6] | bb[2 * sign + 6] | bb[3 * sign + 6]
            pieces = pawns_and_pieces | bb[4 * sign + 6] | bb[5 * sign + 6]
            while pieces:  # our pieces but the king, lowest square first
                frm = ctz(pieces) if cython.compiled else (pieces & -pieces).bit_length() - 1
                pieces &= pieces - 1
                kind = board[frm] * sign
                if kind == PAWN:
                    to = _PUSH[us * SQUARES + frm]
                    if to >= 0 and not board[to]:
                        allowed = push_free
                        if not allowed:
                            line = push_mask
                            if push_pins >> frm & 1:
                                line &= self._pinline[push_slot * SQUARES + frm]
                            allowed = bool(line >> to & 1)
                        if allowed:
                            if to // 5 == last_rank:
                                for promotion in range(QUEEN, KNIGHT - 1, -1):
                                    out[n] = frm | to << 6 | promotion << 12
                                    n += 1
                            elif not noisy:
                                out[n] = frm | to << 6
                                n += 1
                    # A pawn capture leaves the regulator where it is (R7).
                    cell = us * SQUARES + frm
                    for to in _PAWN_TO[cell][: _PAWN_N[cell]]:
                        if board[to] * sign < 0:
                            allowed = quiet_free
                            if not allowed:
                                line = quiet_mask
                                if quiet_pins >> frm & 1:
                                    line &= self._pinline[frm]
                                allowed = bool(line >> to & 1)
                            if allowed:
                                if to // 5 == last_rank:
                                    for promotion in range(QUEEN, KNIGHT - 1, -1):
                                        out[n] = frm | to << 6 | promotion << 12
                                        n += 1
                                else:
                                    out[n] = frm | to << 6
                                    n += 1
                    continue
                if unpinned and not noisy:
                    # The common case, without a mask to test: every target in reach.
                    if kind == KNIGHT or (kind == BISHOP and rng):
                        for mv in _KNIGHT_MV[frm][: _KNIGHT_N[frm]]:
                            target = board[mv >> 6]
                            if not target or target * sign < 0:
                                out[n] = mv
                                n += 1
                    first = 0 if kind in (BISHOP, QUEEN) else 4
                    last = 8 if kind in (ROOK, QUEEN) or (kind == KNIGHT and rng == 2) else 4
                    for d in range(first, last):
                        ray = frm * 8 + d
                        for mv in _RAY_MV[ray][: _RAY_N[ray]]:
                            target = board[mv >> 6]
                            if not target:
                                out[n] = mv
                                n += 1
                                continue
                            if target * sign < 0:
                                out[n] = mv
                                n += 1
                            break
                    continue
                if unpinned:
                    quiet = capture = _FULL
                else:
                    quiet = quiet_mask
                    if quiet_pins >> frm & 1:
                        quiet &= self._pinline[frm]
                    capture = capture_mask
                    if capture_pins >> frm & 1:
                        capture &= self._pinline[capture_slot * SQUARES + frm]
                    if not (quiet or capture):
                        continue
                if noisy:
                    quiet = 0
                if kind == KNIGHT or (kind == BISHOP and rng):
                    for to in _KNIGHT_TO[frm][: _KNIGHT_N[frm]]:
                        target = board[to]
                        if not target:
                            if quiet >> to & 1:
                                out[n] = frm | to << 6
                                n += 1
                        elif target * sign < 0 and capture >> to & 1:
                            out[n] = frm | to << 6
                            n += 1
                first = 0 if kind in (BISHOP, QUEEN) else 4
                last = 8 if kind in (ROOK, QUEEN) or (kind == KNIGHT and rng == 2) else 4
                for d in range(first, last):
                    ray = frm * 8 + d
                    for to in _RAY_TO[ray][: _RAY_N[ray]]:
                        target = board[to]
                        if not target:
                            if quiet >> to & 1:
                                out[n] = frm | to << 6
                                n += 1
                            continue
                        if target * sign < 0 and capture >> to & 1:
                            out[n] = frm | to << 6
                            n += 1
                        break

        # King moves: test the target square with the king lifted (it must not shade itself).
        king = board[king_square]
        board[king_square] = 0
        for to in _KING_TO[king_square][: _KING_N[king_square]]:
            target = board[to]
            if target * sign > 0 or (noisy and not target):
                continue
            if not self._attacked(to, us, rng_capture if target else rng):
                out[n] = king_square | to << 6
                n += 1
        board[king_square] = king
        return n

    # ----------------------------------------------------------------- queries

    def is_capture(self, move: int) -> bool:
        return self._board[_square(move >> 6 & 63)] != 0

    def captured_piece(self, move: int) -> int:
        """The type of piece `move` takes (PAWN … KING); 0 when none."""
        return abs(self._board[_square(move >> 6 & 63)])

    def moving_piece(self, move: int) -> int:
        """The type of piece `move` moves (PAWN … KING)."""
        return abs(self._board[_square(move & 63)])

    def is_pawn_move(self, move: int) -> bool:
        return self._board[_square(move & 63)] in (PAWN, -PAWN)

    def regulator_after(self, move: int) -> int:
        """The regulator space after `move` (R7, R8), without making it."""
        regulator: int = self.regulator
        if self.is_capture(move):
            if not self.is_pawn_move(move) and self.pawns and regulator > REGULATOR_MIN:
                return regulator - 1
            return regulator
        if self.is_pawn_move(move) and regulator < REGULATOR_MAX:
            return regulator + 1
        return regulator

    def gives_check(self, move: int) -> bool:
        self.push(move)
        try:
            return self.in_check()
        finally:
            self.pop()

    def repetitions(self) -> int:
        """How often the current position (pieces, side, regulator) has occurred so far.

        Only positions since the last pawn move or capture can repeat: those moves are
        irreversible, and they are also the only ones that move the regulator.
        """
        count = 0
        for i in range(max(0, self._sp - self.halfmove), self._sp + 1):
            if self._keys[i] == self.key:
                count += 1
        return count

    def bare_kings(self) -> bool:
        for square in range(SQUARES):
            piece = self._board[square]
            if piece and piece != KING and piece != -KING:
                return False
        return True

    def piece_squares(self, colour: int) -> list[int]:
        """Squares holding a piece of `colour` (0 White, 1 Black)."""
        sign = 1 if colour == WHITE else -1
        return [s for s in range(SQUARES) if self._board[s] * sign > 0]


def _square(square: int) -> int:
    """`square` if it is on the board; IndexError otherwise (the board is a C array)."""
    if not 0 <= square < SQUARES:
        raise IndexError(f"square {square} is off the board")
    return square
