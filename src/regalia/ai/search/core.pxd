# C declarations of core.py for Cython (pure Python mode); the .py is the source.
cimport cython
from libc.stdlib cimport free, realloc

from regalia.ai.search.native cimport NativeDomain
from regalia.ai.search.table cimport Table

cdef int MATE, MATE_BOUND, INF, MAX_QUIESCENCE, DELTA_MARGIN, CHECK_EVERY
cdef int ASPIRATION_DEPTH, ASPIRATION_WINDOW, NO_GUESS, FUTILITY_DEPTH, FUTILITY_MARGIN
cdef int HISTORY_SIZE, FILTER_SIZE, NO_END, NO_MOVE, EXACT, LOWER, UPPER, KILLER_PLIES
cdef long long CAPTURE, HASH_MOVE, KILLER, COUNTER, HISTORY_CAP


@cython.final
cdef class Core:
    cdef public NativeDomain domain
    cdef public Table table
    cdef public bint use_table, reductions, check_extension, quiescence
    cdef int _max_moves
    cdef int* _moves
    cdef long long* _orders
    cdef int _cap
    cdef int _top
    cdef unsigned long long* _path
    cdef int _path_cap
    cdef int _path_len
    cdef int _killers[256]
    cdef int _history[65536]
    cdef int _played[128]
    cdef int _counter[65536]
    cdef unsigned short _filter[16384]
    cdef public long long nodes
    cdef public int seldepth
    cdef public object on_root_move
    cdef long long _next_check
    cdef long long _node_limit
    cdef double _deadline
    cdef bint _has_deadline
    cdef object _stop
    cdef public object partial

    @cython.locals(cap=int, moves=cython.p_int, orders=cython.p_longlong)
    cdef int _reserve(self, int need) except -1

    @cython.locals(cap=int, path=cython.p_ulonglong)
    cdef int _reserve_path(self, int need) except -1

    @cython.locals(i=int)
    cpdef new_game(self)

    @cython.locals(i=int)
    cpdef begin(self, object nodes, object seconds, object stop, list history)

    @cython.locals(at=cython.longlong)
    cdef long long _checkpoint(self) noexcept

    cdef int _check(self) except -1

    cdef int _enter(self, unsigned long long key) except -1

    cdef void _leave(self) noexcept

    @cython.locals(i=int)
    cdef bint _repeated(self, unsigned long long key) noexcept

    @cython.locals(best=int, top=cython.longlong, i=int, move=int)
    cdef void _pick(self, int k, int end) noexcept

    @cython.locals(slot=int, index=int, value=int, i=int, before=int)
    cdef void _reward(self, int move, int ply, int depth, int start, int k) noexcept

    @cython.locals(end=int, i=int)
    cpdef list root_moves(self, object pos)

    @cython.locals(
        domain=NativeDomain, key=cython.ulonglong, slot=cython.longlong, alpha=int, beta=int,
        best_move=int, index=int, move=int, score=int, low=int, high=int,
    )
    cpdef tuple root(self, object pos, list moves, int depth, int previous, int guess=*)

    @cython.locals(
        domain=NativeDomain, key=cython.ulonglong, end=int, in_check=int, hash_move=int,
        slot=cython.longlong, score=int, flag=int, start=int, killer=int, first=int,
        second=int, i=int, move=int, order=cython.longlong, value=int, original_alpha=int,
        best=int, best_move=int, reduce_ok=bint, k=int, r=int, counter=int, before=int,
        futile=bint, here=int,
    )
    cdef int _negamax(self, object pos, int depth, int alpha, int beta,
                      int ply) except -2000000000

    @cython.locals(
        domain=NativeDomain, end=int, start=int, best=int, hopeless=int, i=int, k=int,
        move=int, score=int,
    )
    cdef int _quiesce(self, object pos, int alpha, int beta, int ply, int qply,
                      int in_check) except -2000000000


cdef int _to_table(int score, int ply) noexcept
cdef int _from_table(int score, int ply) noexcept
