# C declarations of position.py for Cython (pure Python mode); the .py is the source.
cimport cython
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy

cdef int NSQ, MAX_PIECES, UNDO
cdef int BISHOP, CASTLE, DOUBLE, EN_PASSANT, KING, KNIGHT, LAST_PAWN, PASS, PAWN, PAWN0
cdef int PAWN1, QUEEN, ROOK, SWAP, TURN

cdef int _RAY_N[1568]
cdef int _RAY_MV[1568][13]
cdef int _KNIGHT_N[196]
cdef int _KNIGHT_MV[196][8]
cdef int _KING_N[196]
cdef int _KING_MV[196][8]
cdef int _PCAP_N[784]
cdef int _PCAP_MV[784][2]
cdef int _CAPTURERS_N[784]
cdef int _CAPTURERS[784][2]
cdef int _PROMOTES[4][196]
cdef int _DOUBLE[4][196]
cdef int _TURN_MV[4][196]
cdef int _FORWARD[4][196]
cdef int _STEP[784]
cdef int _TURNED_KIND[784]
cdef int _ENEMY[2][64]
cdef int _OPEN[2][64]
cdef int _ADVANCE[64]
cdef int _PROMOTIONS[4]
cdef int _CASTLE_KEEP[196]
cdef int _CASTLE_MOVE[8]
cdef int _CASTLE_ROOK[16]
cdef int _CASTLE_GAP_N[8]
cdef int _CASTLE_GAP[8][12]
cdef unsigned long long _ZP[12544]
cdef unsigned long long _ZT[4]
cdef unsigned long long _ZE[196]
cdef unsigned long long _ZC[256]
cdef int _SCRATCH[1024]


@cython.final
cdef class Position:
    cdef int _board[196]
    cdef int _plist[4][160]
    cdef int _pcount[4]
    cdef int _pindex[196]
    cdef int _kings[4]
    cdef long long* _undo
    cdef unsigned long long* _keys
    cdef int _cap
    cdef int _sp
    cdef int _turn0
    cdef object _round0
    cdef public int turn
    cdef public int castling
    cdef public int ep
    cdef public int ep_pawn
    cdef public long long halfmove
    cdef public unsigned long long key

    cdef int _allocate(self) except -1

    @cython.locals(cap=int, undo=cython.p_longlong, keys=cython.p_ulonglong)
    cdef int _grow(self, int need) except -1

    @cython.locals(other=Position, seat=int)
    cpdef Position copy(self)

    @cython.locals(count=int, i=int)
    cpdef int repetitions(self)

    cdef int _winner(self) noexcept

    @cython.locals(board=cython.p_int, own=int, mv=int, cell=int, src=int, code=int, slot=int,
                   ray=int, kind=int)
    cdef bint _attacks(self, int seat, int sq) noexcept

    @cython.locals(n=int, i=int)
    cpdef list legal_moves(self)

    @cython.locals(n=int, i=int)
    cpdef list noisy_moves(self)

    @cython.locals(n=int)
    cpdef int count_moves(self)

    @cython.locals(seat=int, start=int, board=cython.p_int, kept=int, i=int, move=int, flag=int,
                   promotions=bint)
    cdef int generate(self, int* out, int n, bint noisy) noexcept

    @cython.locals(
        board=cython.p_int, enemy=cython.p_int, open_=cython.p_int, forward=cython.p_int,
        promotes=cython.p_int, mate=int, cells=int, sq=int, kind=int, mv=int, code=int,
        first=int, last=int, slot=int, ray=int, t=int, promotion=int, mate_kind=int, back=int,
        cell=int, ep=int, src=int, castling=int, right=int, clear=bint, s=int,
    )
    cdef int _pseudo(self, int seat, int* out, int n) noexcept

    @cython.locals(
        sp=int, board=cython.p_int, seat=int, key=cython.ulonglong, ep=int, ep_pawn=int,
        castling=int, halfmove=cython.longlong, base=int, undo=cython.p_longlong, nxt=int,
        frm=int, to=int, flag=int, piece=int, captured=int, other=int, capsq=int, index=int,
        moved=int, swapped=int, mate_index=int, right=int, rook_from=int, rook_to=int,
        rook=int, rook_index=int, owner=int, hole=int, last=int, moved_sq=int, promo=int,
        new_castling=int,
    )
    cdef int make(self, int move) except -1

    @cython.locals(
        sp=int, base=int, undo=cython.p_longlong, move=int, seat=int, board=cython.p_int,
        frm=int, to=int, flag=int, piece=int, index=int, mate_index=int, right=int,
        rook_from=int, rook_to=int, rook_index=int, captured=int, capsq=int, owner=int,
        hole=int, last=int, moved_sq=int,
    )
    cdef int unmake(self) noexcept
