# C declarations of position.py for Cython (pure Python mode); the .py is the source.
cimport cython
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy

cdef extern from *:
    int ctz "__builtin_ctzll" (unsigned long long x) nogil

cdef int SQUARES, WHITE, BLACK, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING
cdef int REGULATOR_MIN, REGULATOR_MAX

cdef int _KNIGHT_N[35]
cdef int _KNIGHT_TO[35][8]
cdef int _KING_N[35]
cdef int _KING_TO[35][8]
cdef int _RAY_N[280]
cdef int _RAY_TO[280][6]
cdef int _KNIGHT_MV[35][8]
cdef int _RAY_MV[280][6]
cdef unsigned long long _RAY_MASK[280]
cdef int _PUSH[70]
cdef int _PAWN_N[70]
cdef int _PAWN_TO[70][2]
cdef unsigned long long _PAWN_ATK[70]
cdef unsigned long long _KNIGHT_MASK[35]
cdef unsigned long long _KING_MASK[35]
cdef unsigned long long _BETWEEN[1225]
cdef unsigned long long _BIT[35]
cdef unsigned long long _ZP[455]
cdef unsigned long long _ZR[8]
cdef unsigned long long _ZB
cdef unsigned long long _FULL
cdef int _RANGE[9]
cdef int _LAST_RANK[2]
cdef int _SCRATCH[512]
cdef list _MOVE_INTS


@cython.final
cdef class Position:
    cdef int _board[35]
    cdef unsigned long long _bb[13]
    cdef int _kings[2]
    cdef unsigned long long _pinned[3]
    cdef unsigned long long _pinline[105]
    cdef long long* _undo
    cdef unsigned long long* _keys
    cdef int _cap
    cdef int _sp
    cdef int _turn0
    cdef object _fullmove0
    cdef public int turn
    cdef public int regulator
    cdef public int pawns
    cdef public long long halfmove
    cdef public unsigned long long key

    cdef int _allocate(self) except -1

    @cython.locals(cap=int, undo=cython.p_longlong, keys=cython.p_ulonglong)
    cdef int _grow(self, int need) except -1

    @cython.locals(key=cython.ulonglong, square=int, piece=int)
    cdef unsigned long long _compute_key(self)

    @cython.locals(other=Position)
    cpdef Position copy(self)

    @cython.locals(
        sp=int, frm=int, to=int, promotion=int, piece=int, captured=int, old=int,
        regulator=int, base=int, key=cython.ulonglong, board=cython.p_int,
        bb=cython.p_ulonglong, undo=cython.p_longlong, is_pawn=bint,
    )
    cdef int make(self, int move) except -1

    @cython.locals(
        sp=int, base=int, frm=int, to=int, piece=int, captured=int, move=int,
        board=cython.p_int, bb=cython.p_ulonglong,
    )
    cdef void unmake(self) noexcept

    @cython.locals(
        bb=cython.p_ulonglong, board=cython.p_int, sign=int, d=int, ray=int, i=int, s=int,
        bishops=cython.ulonglong, knights=cython.ulonglong, queens=cython.ulonglong,
        sliders=cython.ulonglong,
    )
    cdef bint _attacked(self, int square, int us, int rng) noexcept

    cpdef bint in_check(self)

    @cython.locals(
        bb=cython.p_ulonglong, board=cython.p_int, king_square=int, sign=int, checks=int,
        d=int, ray=int, blocker=int, i=int, s=int, piece=int, mask=cython.ulonglong,
        pinned=cython.ulonglong, pawns=cython.ulonglong, bishops=cython.ulonglong,
        knights=cython.ulonglong, jumpers=cython.ulonglong, queens=cython.ulonglong,
        lines=cython.ulonglong, group=int, between=cython.ulonglong,
    )
    cdef unsigned long long _guard(self, int us, int rng, int slot) noexcept

    @cython.locals(n=int, i=int)
    cpdef list legal_moves(self)

    @cython.locals(n=int, i=int)
    cpdef list noisy_moves(self)

    @cython.locals(n=int)
    cpdef int count_moves(self)

    @cython.locals(
        board=cython.p_int, bb=cython.p_ulonglong, us=int, sign=int, regulator=int, rng=int,
        rng_push=int, rng_capture=int, quiet_mask=cython.ulonglong,
        push_mask=cython.ulonglong, capture_mask=cython.ulonglong,
        quiet_pins=cython.ulonglong, push_pins=cython.ulonglong,
        capture_pins=cython.ulonglong, push_slot=int, capture_slot=int, king_square=int,
        last_rank=int, quiet_free=bint, push_free=bint, unpinned=bint,
        pieces=cython.ulonglong, pawns_and_pieces=cython.ulonglong, frm=int, kind=int, to=int, i=int, cell=int, promotion=int,
        target=int, first=int, last=int, d=int, ray=int, king=int, allowed=bint,
        line=cython.ulonglong, quiet=cython.ulonglong, capture=cython.ulonglong, mv=int,
    )
    cdef int generate(self, int* out, int n, bint noisy) noexcept

    @cython.locals(count=int, i=int)
    cpdef int repetitions(self)

    @cython.locals(square=int, piece=int)
    cpdef bint bare_kings(self)
