"""The engine position: a mutable board with make/unmake, for search and perft.

>>> pos = Position.start()
>>> len(pos.legal_moves())
20
>>> pos.push(pos.legal_moves()[0])
>>> pos.turn
1
>>> _ = pos.pop()
>>> pos.turn
0

It runs as written, and Cython compiles it too (`position.pxd` beside it declares the C
types; see `regalia.native`): the same source is the interpreted and the compiled engine.

Public surface (used by the State wrapper and by the AI):

- `board`: list of 196 piece codes (see `moves.py`), indexed by square (`board.py`);
  squares of the missing corners stay 0 and are never produced by a table. A copy: the
  engine keeps its own array.
- `pieces[seat]`: set of the squares holding that seat's pieces.
- `turn`: seat to move (0 Yellow, 1 Green, 2 Red, 3 Blue); `team_of(seat)` is `seat & 1`.
- `kings[seat]`: the king's square, -1 once captured; `king_captured[seat]` likewise as bool.
- `castling`: bit `seat * 2 + side` per right (`board.CASTLES` gives each right's squares).
- `ep`: the square a two-step pawn passed over on the last move (-1 if none), `ep_pawn`
  the square of that pawn; `halfmove`: plies since the last capture or pawn move;
  `round`: the number of the current round of four moves.
- `key`: Zobrist hash of pieces (pawn state included), turn, en passant and castling.
- `legal_moves()`, `push(move)`, `pop()`, `is_capture(move)`, `winner_team()`,
  `count_moves()` (== len(legal_moves()), faster), `attacks(seat, square)`.

No check rules (C10): every pseudo-legal move is legal. A seat whose king was captured may
only capture or pass (C12), and for it `PASS` is always among the legal moves. A seat with a
king and no move has exactly one legal move, `PASS` (C13); the State wrapper plays it
automatically. A won position (C14) has no legal moves; draws are the State's business.

Moves come in the order of each seat's piece list (pieces keep their place in it as they
move; a captured piece's place goes to the seat's last piece, and comes back on `pop`).

The engine's own surface, for perft and the search (C calls once compiled):
`generate(out, n, noisy)` writes the legal moves (or only captures, en passant and
promotions) into `out[n:]` and returns the new end; `make(move)` / `unmake()` are `push` /
`pop` without checks. Inside, the board is `_board` (196 ints), each seat's squares are
`_plist[seat][:_pcount[seat]]` and the history is a stack of undo records and keys.
"""

from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:  # the interpreted path runs without Cython installed
    globals()["cython"] = type("cython", (), {"compiled": False})

if not cython.compiled:  # names of C functions the compiled module calls (position.pxd)
    from regalia.native import c_only

    free = memcpy = realloc = c_only

from regalia.core.seeds import Rng
from regalia.games.regicide import board as B
from regalia.games.regicide.moves import (
    BISHOP,
    CASTLE,
    DOUBLE,
    EN_PASSANT,
    KIND_OF_LETTER,
    KING,
    KNIGHT,
    LAST_PAWN,
    PASS,
    PAWN,
    PAWN0,
    PAWN1,
    PROMOTIONS,
    QUEEN,
    ROOK,
    SWAP,
    TURN,
    TURNED,
)

NSQ = B.NSQ  # 196
# The most pieces a seat can have (one per square), and the most moves a position can have
# (with room to spare); move buffers hold this many per ply.
MAX_PIECES = len(B.SQUARES)
MAX_MOVES = 1024
# Longs per undo record: move, piece, capture square, captured, swapped, en passant square,
# en passant pawn, castling, clock, and the place the captured piece had in its list.
UNDO = 10

# ENEMY[team][code]: the code is a piece of the other team. OPEN[team][code]: empty or enemy.
ENEMY = tuple(tuple(code != 0 and (code >> 4) & 1 != team for code in range(64)) for team in (0, 1))
OPEN = tuple(tuple(code == 0 or (code >> 4) & 1 != team for code in range(64)) for team in (0, 1))


def _advanced(code: int) -> int:
    kind = code & 15
    return code + 1 if kind in (PAWN0, PAWN1) else code


# ADVANCE[code]: the piece after it moves (a pawn's move count goes up; C5, C7).
ADVANCE = tuple(_advanced(code) for code in range(64))
PROMO_STEPS = tuple(p << 19 for p in PROMOTIONS)

_rng = Rng(0x5EED_12E6_1C1D)
Z_PIECE = tuple(tuple(_rng.next64() for _ in range(B.NSQ)) for _ in range(64))
Z_TURN = tuple(_rng.next64() for _ in range(4))
Z_EP = tuple(_rng.next64() for _ in range(B.NSQ))
Z_CASTLE = tuple(_rng.next64() for _ in range(256))
ALL_CASTLING = 255

CASTLE_RIGHT = {move: right for right, move in enumerate(B.CASTLE_MOVES)}

# ------------------------------------------------------------------- flat tables
# The tables of `board.py`, laid out so that compiled they are C arrays. Rows of move ints
# (`from | to << 8`) are read as `row[:length]`: interpreted, a tuple of exactly that length
# (the slice is the tuple itself); compiled, a padded C array row. Ray slots per square:
# 0-3 the diagonals of B.DIAGONALS, 4-7 the lines of B.ORTHOGONALS, in their order.


def _padded(rows: list[tuple[int, ...]], width: int) -> Any:
    if cython.compiled:
        return [list(row) + [0] * (width - len(row)) for row in rows]
    return tuple(rows)


def _ray(sq: int, step: tuple[int, int]) -> tuple[int, ...]:
    # C3: a slider stops at the edge of a missing corner, so a ray ends at the first gap.
    moves = []
    if B.VALID[sq]:
        n = 1
        while (t := B.step(sq, step, n)) >= 0:
            moves.append(sq | t << 8)
            n += 1
    return tuple(moves)


def _leaps(table: tuple[tuple[tuple[int, int], ...], ...]) -> list[tuple[int, ...]]:
    return [tuple(mv for _, mv in row) for row in table]


_RAYS = [_ray(sq, step) for sq in range(NSQ) for step in B.DIAGONALS + B.ORTHOGONALS]
_RAY_N = [len(ray) for ray in _RAYS]  # [sq * 8 + slot]
_RAY_MV = _padded(_RAYS, 13)
_KNIGHT_N = [len(row) for row in B.KNIGHT]
_KNIGHT_MV = _padded(_leaps(B.KNIGHT), 8)
_KING_N = [len(row) for row in B.KING]
_KING_MV = _padded(_leaps(B.KING), 8)
# [seat * 196 + sq]:
_PCAP_N = [len(B.PAWN_CAPTURES[s][sq]) for s in range(4) for sq in range(NSQ)]
_PCAP_MV = _padded([row for s in range(4) for row in _leaps(B.PAWN_CAPTURES[s])], 2)
_CAPTURERS_N = [len(B.PAWN_CAPTURERS[s][sq]) for s in range(4) for sq in range(NSQ)]
_CAPTURERS = _padded([B.PAWN_CAPTURERS[s][sq] for s in range(4) for sq in range(NSQ)], 2)
# [seat][sq]:
_PROMOTES = [[int(p) for p in row] for row in B.PROMOTES]
_DOUBLE = [list(row) for row in B.DOUBLE_MOVE]
_TURN_MV = [list(row) for row in B.TURN_MOVE]
_FORWARD = [list(B.STEP[B.FORWARD_DIR[s]]) for s in range(4)]
# [direction * 196 + sq]: the next square that way (-1 off the board).
_STEP = [B.STEP[d][sq] for d in range(4) for sq in range(NSQ)]
# The kind a pawn of `seat` turns into at a dead end `sq` (C9) [seat * 196 + sq].
_TURNED_KIND = [TURNED[B.turn_direction(s, sq)] for s in range(4) for sq in range(NSQ)]
_ENEMY = [[int(e) for e in row] for row in ENEMY]  # [team][code]
_OPEN = [[int(o) for o in row] for row in OPEN]
_ADVANCE = list(ADVANCE)
_PROMOTIONS = list(PROMOTIONS)
_CASTLE_KEEP = list(B.CASTLE_KEEP)
_CASTLE_MOVE = list(B.CASTLE_MOVES)
_CASTLE_ROOK = [square for spec in B.CASTLES for square in (spec[2], spec[3])]  # from, to
_CASTLE_GAP_N = [len(spec[4]) for spec in B.CASTLES]
_CASTLE_GAP = _padded([spec[4] for spec in B.CASTLES], 12)
_ZP = [Z_PIECE[code][sq] for code in range(64) for sq in range(NSQ)]  # [code * 196 + sq]
_ZT = list(Z_TURN)
_ZE = list(Z_EP)
_ZC = list(Z_CASTLE)
del _RAYS

# legal_moves() of the compiled engine generates here (never while another call is inside).
_SCRATCH = [0] * 1024


class Position:
    """A Regicide position with `push`/`pop`; see the module docstring."""

    def __init__(
        self,
        board: list[int],
        turn: int = 0,
        castling: int = 0,
        ep: int = -1,
        ep_pawn: int = -1,
        halfmove: int = 0,
        round: int = 1,
    ) -> None:
        self._allocate()
        codes = list(board)
        if len(codes) != NSQ:
            raise ValueError(f"a board has {NSQ} squares, not {len(codes)}")
        self.turn = turn
        self.castling = castling
        self.ep = ep
        self.ep_pawn = ep_pawn
        self.halfmove = halfmove
        self._turn0 = turn
        self._round0 = round
        for seat in range(4):
            self._kings[seat] = -1
            self._pcount[seat] = 0
        key = _ZT[turn] ^ _ZC[castling] ^ (_ZE[ep] if ep >= 0 else 0)
        for sq in B.SQUARES:
            code = codes[sq]
            self._board[sq] = code
            if code:
                seat = code >> 4
                self._pindex[sq] = self._pcount[seat]
                self._plist[seat][self._pcount[seat]] = sq
                self._pcount[seat] += 1
                key ^= _ZP[code * NSQ + sq]
                if code & 15 == KING:
                    self._kings[seat] = sq
        self.key = key
        self._sp = 0
        self._grow(2)
        self._keys[0] = key

    def _allocate(self) -> int:
        """Empty storage (the compiled object starts with zeroed C arrays of its own)."""
        if not cython.compiled:
            self._board = [0] * NSQ
            self._plist = [[0] * MAX_PIECES for _ in range(4)]
            self._pcount = [0] * 4
            self._pindex = [0] * NSQ
            self._kings = [-1] * 4
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
                cython.p_longlong,
                realloc(self._undo, UNDO * cap * cython.sizeof(cython.longlong)),
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
            self._undo.extend([0] * (UNDO * (cap - self._cap)))
            self._keys.extend([0] * (cap - self._cap))
        self._cap = cap
        return 0

    @classmethod
    def start(cls) -> Position:
        """C2's setup, Yellow to move, every castling right."""
        board = [0] * B.NSQ
        for seat in range(4):
            for name, letter in zip(
                B.BACK_RANK_SQUARES[seat], B.BACK_RANK_PIECES[seat], strict=True
            ):
                sq = B.parse_square(name)
                assert sq is not None
                board[sq] = seat << 4 | KIND_OF_LETTER[letter]
            for name in B.PAWN_RANK_SQUARES[seat]:
                sq = B.parse_square(name)
                assert sq is not None
                board[sq] = seat << 4 | PAWN0
        return cls(board, castling=ALL_CASTLING)

    def copy(self) -> Position:
        """An independent position with the same history and the same order of pieces."""
        other = Position.__new__(Position)
        other._allocate()
        other._grow(self._sp + 2)
        if cython.compiled:
            memcpy(other._board, self._board, NSQ * cython.sizeof(cython.int))
            memcpy(other._pindex, self._pindex, NSQ * cython.sizeof(cython.int))
            memcpy(other._plist, self._plist, 4 * MAX_PIECES * cython.sizeof(cython.int))
            memcpy(other._undo, self._undo, UNDO * self._sp * cython.sizeof(cython.longlong))
            memcpy(other._keys, self._keys, (self._sp + 1) * cython.sizeof(cython.ulonglong))
        else:
            other._board = self._board.copy()
            other._pindex = self._pindex.copy()
            other._plist = [row.copy() for row in self._plist]
            other._undo[: UNDO * self._sp] = self._undo[: UNDO * self._sp]
            other._keys[: self._sp + 1] = self._keys[: self._sp + 1]
        for seat in range(4):
            other._pcount[seat] = self._pcount[seat]
            other._kings[seat] = self._kings[seat]
        other.turn = self.turn
        other.castling = self.castling
        other.ep = self.ep
        other.ep_pawn = self.ep_pawn
        other.halfmove = self.halfmove
        other.key = self.key
        other._turn0 = self._turn0
        other._round0 = self._round0
        other._sp = self._sp
        return other

    # ----------------------------------------------------------------------------- fields

    @property
    def board(self) -> list[int]:
        return [self._board[sq] for sq in range(NSQ)]

    @property
    def pieces(self) -> list[set[int]]:
        return [{self._plist[seat][i] for i in range(self._pcount[seat])} for seat in range(4)]

    @property
    def kings(self) -> list[int]:
        return [self._kings[seat] for seat in range(4)]

    @property
    def king_captured(self) -> list[bool]:
        return [self._kings[seat] < 0 for seat in range(4)]

    @property
    def round(self) -> int:
        # Rounds since construction: one each time the turn comes back to Yellow.
        return self._round0 + (self._sp + self._turn0) // 4

    @property
    def history(self) -> list[int]:
        """Moves pushed so far (oldest first)."""
        return [int(self._undo[UNDO * i]) for i in range(self._sp)]

    def repetitions(self) -> int:
        """How often the current key has occurred since construction, now included (C14)."""
        count = 0
        for i in range(self._sp + 1):
            if self._keys[i] == self.key:
                count += 1
        return count

    # ----------------------------------------------------------------------------- queries

    @staticmethod
    def team_of(seat: int) -> int:
        return seat & 1

    def winner_team(self) -> int | None:
        """C14: the team (0 light, 1 dark) whose opponents have both lost their kings."""
        won = self._winner()
        return None if won < 0 else won

    def _winner(self) -> int:
        if self._kings[1] < 0 and self._kings[3] < 0:
            return 0
        if self._kings[0] < 0 and self._kings[2] < 0:
            return 1
        return -1

    def is_capture(self, move: int) -> bool:
        if move == PASS:
            return False
        flag = (move >> 16) & 7
        if flag == EN_PASSANT:
            return True
        return flag != SWAP and flag != CASTLE and self._board[_square(move >> 8 & 255)] != 0

    def noisy_moves(self) -> list[int]:
        """Legal captures, en passant and promotions: what a quiescence search looks at."""
        if cython.compiled:
            n = self.generate(_SCRATCH, 0, True)
            moves = [_SCRATCH[i] for i in range(n)]
        else:
            out = self._buffer()
            moves = out[: self.generate(out, 0, True)]
        return moves

    def captured_kind(self, move: int) -> int:
        """The kind of piece `move` takes (a pawn kind for en passant); 0 when none."""
        if move == PASS:
            return 0
        if (move >> 16) & 7 == EN_PASSANT:
            return PAWN0
        code = self._board[_square(move >> 8 & 255)]
        # A swap or castling lands on an own piece: not a capture.
        return code & 15 if code and (code >> 4) & 1 != self.turn & 1 else 0

    def moving_kind(self, move: int) -> int:
        """The kind of piece `move` moves (0 for a pass)."""
        return self._board[_square(move & 255)] & 15

    def attacks(self, seat: int, sq: int) -> bool:
        """Whether a piece of `seat` could capture on `sq` (turned pawns never can)."""
        if not (0 <= seat < 4 and B.VALID[_square(sq)]):
            return False
        return self._attacks(seat, sq)

    def _attacks(self, seat: int, sq: int) -> bool:
        board = self._board
        own = seat << 4
        for mv in _KNIGHT_MV[sq][: _KNIGHT_N[sq]]:
            if board[mv >> 8] == own | KNIGHT:
                return True
        for mv in _KING_MV[sq][: _KING_N[sq]]:
            if board[mv >> 8] == own | KING:
                return True
        cell = seat * NSQ + sq
        for src in _CAPTURERS[cell][: _CAPTURERS_N[cell]]:
            code = board[src]
            if code >> 4 == seat and 1 <= code & 15 <= PAWN:
                return True
        for slot in range(8):
            ray = sq * 8 + slot
            for mv in _RAY_MV[ray][: _RAY_N[ray]]:
                code = board[mv >> 8]
                if code:
                    if code >> 4 == seat:
                        kind = code & 15
                        if kind == QUEEN or kind == (BISHOP if slot < 4 else ROOK):
                            return True
                    break
        return False

    # ------------------------------------------------------------------------ generation

    def _buffer(self) -> list[int]:
        out = self._out
        if out is None:
            out = self._out = [0] * MAX_MOVES
        return out

    def legal_moves(self) -> list[int]:
        """Every legal move of the seat to move (C3–C13); empty once a team has won."""
        if cython.compiled:
            n = self.generate(_SCRATCH, 0, False)
            moves = [_SCRATCH[i] for i in range(n)]
        else:
            out = self._buffer()
            moves = out[: self.generate(out, 0, False)]
        return moves

    def count_moves(self) -> int:
        """`len(self.legal_moves())`, for perft's bulk counting."""
        if cython.compiled:
            n = self.generate(_SCRATCH, 0, False)
        else:
            n = self.generate(self._buffer(), 0, False)
        return n

    def generate(self, out: list[int], n: int, noisy: bool) -> int:
        """Write the legal moves into `out[n:]` (only captures, en passant and promotions
        if `noisy`), in the order of `legal_moves`; return the index after the last one."""
        if self._winner() >= 0:
            return n
        seat = self.turn
        start = n
        n = self._pseudo(seat, out, n)
        board = self._board
        if self._kings[seat] < 0 or noisy:
            # C12: without a king a seat may only capture, or pass. Keep the captures (and
            # for `noisy` promotions too), in order.
            kept = start
            promotions = noisy and self._kings[seat] >= 0
            for i in range(start, n):
                move = out[i]
                flag = (move >> 16) & 7
                if (
                    flag == EN_PASSANT
                    or (board[move >> 8 & 255] and flag != SWAP and flag != CASTLE)
                    or (promotions and move >> 19)
                ):
                    out[kept] = move
                    kept += 1
            if self._kings[seat] < 0 and not noisy:
                out[kept] = PASS
                kept += 1
            return kept
        if n == start:
            out[n] = PASS  # C13: no legal move, so the seat passes.
            n += 1
        return n

    def _pseudo(self, seat: int, out: list[int], n: int) -> int:
        board = self._board
        enemy = _ENEMY[seat & 1]
        open_ = _OPEN[seat & 1]
        mate = seat ^ 2
        cells = seat * NSQ
        forward = _FORWARD[seat]
        promotes = _PROMOTES[seat]
        for sq in self._plist[seat][: self._pcount[seat]]:
            kind = board[sq] & 15
            if kind >= KNIGHT:
                if kind == KNIGHT:
                    for mv in _KNIGHT_MV[sq][: _KNIGHT_N[sq]]:
                        if open_[board[mv >> 8]]:
                            out[n] = mv
                            n += 1
                    continue
                if kind == KING:
                    for mv in _KING_MV[sq][: _KING_N[sq]]:
                        if open_[board[mv >> 8]]:
                            out[n] = mv
                            n += 1
                    continue
                first = 4 if kind == ROOK else 0
                last = 4 if kind == BISHOP else 8
                for slot in range(first, last):
                    ray = sq * 8 + slot
                    for mv in _RAY_MV[ray][: _RAY_N[ray]]:
                        code = board[mv >> 8]
                        if code:
                            if enemy[code]:
                                out[n] = mv
                                n += 1
                            break
                        out[n] = mv
                        n += 1
                continue
            # Pawns: kinds 1-3 move along the seat's direction, 4-7 are turned (C9).
            t = forward[sq] if kind <= PAWN else _STEP[(kind - 4) * NSQ + sq]
            if t >= 0:
                code = board[t]
                if not code:
                    mv = sq | t << 8
                    if promotes[t]:
                        for promotion in _PROMOTIONS:
                            out[n] = mv | promotion << 19
                            n += 1
                    else:
                        out[n] = mv
                        n += 1
                    if kind < PAWN:
                        mv = _DOUBLE[seat][sq]
                        if mv >= 0 and not board[mv >> 8 & 255]:
                            if promotes[mv >> 8 & 255]:
                                for promotion in _PROMOTIONS:
                                    out[n] = mv | promotion << 19
                                    n += 1
                            else:
                                out[n] = mv
                                n += 1
                elif code >> 4 == mate and code & 15 <= LAST_PAWN:
                    # C7: a teammate's pawn whose forward square is ours can swap with us.
                    mate_kind = code & 15
                    if mate_kind <= PAWN:
                        back = _FORWARD[mate][t]
                    else:
                        back = _STEP[(mate_kind - 4) * NSQ + t]
                    if back == sq:
                        out[n] = sq | t << 8 | SWAP << 16
                        n += 1
            elif kind <= PAWN:
                mv = _TURN_MV[seat][sq]
                if mv >= 0 and not board[mv >> 8 & 255]:
                    if promotes[mv >> 8 & 255]:
                        for promotion in _PROMOTIONS:
                            out[n] = mv | promotion << 19
                            n += 1
                    else:
                        out[n] = mv
                        n += 1
            if kind <= PAWN:
                cell = cells + sq
                for mv in _PCAP_MV[cell][: _PCAP_N[cell]]:
                    t = mv >> 8
                    if enemy[board[t]]:
                        if promotes[t]:
                            for promotion in _PROMOTIONS:
                                out[n] = mv | promotion << 19
                                n += 1
                        else:
                            out[n] = mv
                            n += 1
        ep = self.ep
        if ep >= 0:
            cell = cells + ep
            for src in _CAPTURERS[cell][: _CAPTURERS_N[cell]]:
                code = board[src]
                if code >> 4 == seat and 1 <= code & 15 <= PAWN:
                    out[n] = src | ep << 8 | EN_PASSANT << 16
                    n += 1
        castling = self.castling
        if castling >> (seat * 2) & 3:
            for right in range(seat * 2, seat * 2 + 2):
                if castling >> right & 1:
                    clear = True
                    for s in _CASTLE_GAP[right][: _CASTLE_GAP_N[right]]:
                        if board[s]:
                            clear = False
                            break
                    if clear:
                        out[n] = _CASTLE_MOVE[right]
                        n += 1
        return n

    # ------------------------------------------------------------------------ make/unmake

    def push(self, move: int) -> None:
        """Make `move` (assumed legal); `pop` undoes it."""
        if not 0 <= move < 1 << 23 or not (
            move == PASS or (B.VALID[move & 255] and B.VALID[_square(move >> 8 & 255)])
        ):
            raise ValueError(f"not a move: {move!r}")
        self.make(move)

    def pop(self) -> int:
        """Undo the last `push`; returns the move undone."""
        if not self._sp:
            raise IndexError("pop from a position with no move pushed")
        return self.unmake()

    def make(self, move: int) -> int:
        """`push` without checks: `move` must be legal here."""
        sp = self._sp
        if sp + 2 > self._cap:
            self._grow(sp + 2)
        board = self._board
        seat = self.turn
        key = self.key
        ep = self.ep
        ep_pawn = self.ep_pawn
        castling = self.castling
        halfmove = self.halfmove
        base = UNDO * sp
        undo = self._undo
        undo[base] = move
        undo[base + 5] = ep
        undo[base + 6] = ep_pawn
        undo[base + 7] = castling
        undo[base + 8] = halfmove
        if ep >= 0:
            key ^= _ZE[ep]
            self.ep = -1
            self.ep_pawn = -1
        nxt = (seat + 1) & 3
        self.turn = nxt
        key ^= _ZT[seat] ^ _ZT[nxt]
        self._sp = sp + 1
        if move == PASS:
            undo[base + 1] = 0
            undo[base + 2] = -1
            undo[base + 3] = 0
            undo[base + 4] = 0
            undo[base + 9] = 0
            self.halfmove = halfmove + 1
            self.key = key
            self._keys[sp + 1] = key
            return 0
        frm = move & 255
        to = (move >> 8) & 255
        flag = (move >> 16) & 7
        piece = board[frm]
        captured = 0
        other = 0
        capsq = -1
        index = self._pindex[frm]
        if flag == SWAP:
            other = board[to]
            moved = _ADVANCE[piece]
            swapped = _ADVANCE[other]
            board[to] = moved
            board[frm] = swapped
            mate_index = self._pindex[to]
            self._plist[seat][index] = to
            self._plist[seat ^ 2][mate_index] = frm
            self._pindex[to] = index
            self._pindex[frm] = mate_index
            key ^= _ZP[piece * NSQ + frm] ^ _ZP[moved * NSQ + to]
            key ^= _ZP[other * NSQ + to] ^ _ZP[swapped * NSQ + frm]
        elif flag == CASTLE:
            right = 0
            while _CASTLE_MOVE[right] != move:
                right += 1
            rook_from = _CASTLE_ROOK[2 * right]
            rook_to = _CASTLE_ROOK[2 * right + 1]
            rook = board[rook_from]
            board[frm] = 0
            board[rook_from] = 0
            board[to] = piece
            board[rook_to] = rook
            self._plist[seat][index] = to
            self._pindex[to] = index
            rook_index = self._pindex[rook_from]
            self._plist[seat][rook_index] = rook_to
            self._pindex[rook_to] = rook_index
            key ^= _ZP[piece * NSQ + frm] ^ _ZP[piece * NSQ + to]
            key ^= _ZP[rook * NSQ + rook_from] ^ _ZP[rook * NSQ + rook_to]
            self._kings[seat] = to
        else:
            if flag == EN_PASSANT:
                capsq = ep_pawn
            elif board[to]:
                capsq = to
            if capsq >= 0:
                captured = board[capsq]
                board[capsq] = 0
                owner = captured >> 4
                # The seat's last piece takes the captured one's place in its list.
                hole = self._pindex[capsq]
                last = self._pcount[owner] - 1
                moved_sq = self._plist[owner][last]
                self._plist[owner][hole] = moved_sq
                self._pindex[moved_sq] = hole
                self._pcount[owner] = last
                undo[base + 9] = hole
                key ^= _ZP[captured * NSQ + capsq]
                if captured & 15 == KING:
                    self._kings[owner] = -1
            promo = move >> 19
            if promo:
                moved = seat << 4 | promo
            elif flag == TURN:
                moved = seat << 4 | _TURNED_KIND[seat * NSQ + frm]
            else:
                moved = _ADVANCE[piece]
            board[frm] = 0
            board[to] = moved
            self._plist[seat][index] = to
            self._pindex[to] = index
            key ^= _ZP[piece * NSQ + frm] ^ _ZP[moved * NSQ + to]
            if piece & 15 == KING:
                self._kings[seat] = to
            elif flag == DOUBLE:
                self.ep = (frm + to) >> 1
                self.ep_pawn = to
                key ^= _ZE[self.ep]
        undo[base + 1] = piece
        undo[base + 2] = capsq
        undo[base + 3] = captured
        undo[base + 4] = other
        # C14's clock counts plies since the last capture or pawn move.
        self.halfmove = 0 if captured or (piece & 15) <= LAST_PAWN else halfmove + 1
        new_castling = castling & _CASTLE_KEEP[frm] & _CASTLE_KEEP[to]
        if new_castling != castling:
            key ^= _ZC[castling] ^ _ZC[new_castling]
            self.castling = new_castling
        self.key = key
        self._keys[sp + 1] = key
        return 0

    def unmake(self) -> int:
        """`pop` without checks: a move must have been made. Returns the move."""
        sp = self._sp - 1
        self._sp = sp
        base = UNDO * sp
        undo = self._undo
        move = undo[base]
        seat = (self.turn - 1) & 3
        self.turn = seat
        self.ep = undo[base + 5]
        self.ep_pawn = undo[base + 6]
        self.castling = undo[base + 7]
        self.halfmove = undo[base + 8]
        self.key = self._keys[sp]
        if move == PASS:
            return move
        board = self._board
        frm = move & 255
        to = (move >> 8) & 255
        flag = (move >> 16) & 7
        piece = undo[base + 1]
        index = self._pindex[to]
        if flag == SWAP:
            mate_index = self._pindex[frm]
            board[frm] = piece
            board[to] = undo[base + 4]
            self._plist[seat][index] = frm
            self._plist[seat ^ 2][mate_index] = to
            self._pindex[frm] = index
            self._pindex[to] = mate_index
            return move
        board[to] = 0
        board[frm] = piece
        self._plist[seat][index] = frm
        self._pindex[frm] = index
        if flag == CASTLE:
            right = 0
            while _CASTLE_MOVE[right] != move:
                right += 1
            rook_from = _CASTLE_ROOK[2 * right]
            rook_to = _CASTLE_ROOK[2 * right + 1]
            board[rook_from] = board[rook_to]
            board[rook_to] = 0
            rook_index = self._pindex[rook_to]
            self._plist[seat][rook_index] = rook_from
            self._pindex[rook_from] = rook_index
        captured = undo[base + 3]
        if captured:
            capsq = undo[base + 2]
            owner = captured >> 4
            board[capsq] = captured
            # Back to its place in the list; the piece that took it goes back to the end.
            hole = undo[base + 9]
            last = self._pcount[owner]
            moved_sq = self._plist[owner][hole]
            self._plist[owner][last] = moved_sq
            self._pindex[moved_sq] = last
            self._plist[owner][hole] = capsq
            self._pindex[capsq] = hole
            self._pcount[owner] = last + 1
            if captured & 15 == KING:
                self._kings[owner] = capsq
        if piece & 15 == KING:
            self._kings[seat] = frm
        return move


def _square(square: int) -> int:
    """`square` if it is a number of the board; IndexError otherwise (it is a C array)."""
    if not 0 <= square < NSQ:
        raise IndexError(f"square {square} is off the board")
    return square
