# C declarations of regicide_vector.py for Cython (pure Python mode); the .py is the source.
cimport cython
from libc.string cimport memset
from regalia.games.regicide.position cimport Position

cdef int _MAX_MOVES, _SIZE, _SQUARES, _DRAW_PLIES, _PASS
cdef int _TO_MOVE, _KINGLESS, _HALFMOVE, _EN_PASSANT, _CASTLING, _RIGHTS, _BOARD, _LIT, _FILLED
cdef int _ROOKS[8]
cdef unsigned long long _MULTIPLIER


@cython.final
cdef class RegicideKernel:
    cdef Py_ssize_t _count
    cdef Py_ssize_t _actions
    cdef int _max_plies
    cdef int _pass_index
    cdef list _positions
    cdef object _keep, _legal_store, _codes_store, _counts_store, _lit_store, _lit_n_store
    cdef object _filled_store, _filled_n_store, _planes_store, _piece_store, _extra_store
    cdef object _board_store
    cdef int* _lit
    cdef int* _lit_n
    cdef int* _filled
    cdef int* _filled_n
    cdef int* _piece_plane
    cdef int* _extra_plane
    cdef float* _board_plane
    cdef float* _obs
    cdef signed char* _mask
    cdef int* _to_play
    cdef float* _rewards
    cdef signed char* _terminated
    cdef signed char* _truncated
    cdef float* _final
    cdef int* _plies
    cdef unsigned long long* _rng
    cdef int* _index
    cdef long long* _tables
    cdef int* _cells
    cdef int* _legal
    cdef int* _codes
    cdef int* _counts

    @cython.locals(position=Position)
    cpdef Position position(self, Py_ssize_t game)

    @cython.locals(game=Py_ssize_t, seat=int)
    cpdef void reset(self) except *

    @cython.locals(
        game=Py_ssize_t, action=cython.longlong, chosen=cython.p_longlong, seat=int,
        base=Py_ssize_t, i=int,
    )
    cpdef void step(self, object actions) except *

    @cython.locals(game=Py_ssize_t, state=cython.ulonglong, pick=cython.ulonglong)
    cpdef Py_ssize_t random_steps(self, Py_ssize_t steps) except -1

    @cython.locals(
        position=Position, plies=int, winner=int, terminated=bint, truncated=bint, seat=int,
        reward=float,
    )
    cdef int _play(self, Py_ssize_t game, int move) except -1

    @cython.locals(count=int, winner=int)
    cdef int _settle(self, Py_ssize_t game, Position position) except -3

    @cython.locals(sp=int, key=cython.ulonglong, count=int, first=cython.longlong, i=int)
    cdef int _repetitions(self, Position position) noexcept

    @cython.locals(position=Position)
    cdef int _restart(self, Py_ssize_t game) except -1

    @cython.locals(count=int)
    cdef int _generate(self, Py_ssize_t game, Position position) noexcept

    @cython.locals(base=Py_ssize_t, i=int)
    cdef void _unmark(self, Py_ssize_t game) noexcept

    @cython.locals(seat=int, base=Py_ssize_t, i=int, move=int, code=int, slot=int)
    cdef int _write(self, Py_ssize_t game, Position position) except -1

    @cython.locals(
        board=cython.p_int, kings=cython.p_int, lit=Py_ssize_t, filled=Py_ssize_t, i=int,
        n=int, f=int, cells=Py_ssize_t, codes=Py_ssize_t, square=int, code=int,
        cell=Py_ssize_t, right=int, plane=int, owner=int,
    )
    cdef int _paint(self, float* dst, Py_ssize_t start, Position position, int seat,
                    Py_ssize_t game) except -1

    cdef int _light(self, float* dst, Py_ssize_t start, Py_ssize_t lit, int n,
                    Py_ssize_t cell) noexcept

    cdef int _filled_plane(self, Py_ssize_t filled, int f, int plane) noexcept


@cython.locals(cell=Py_ssize_t)
cdef void _fill(float* dst, Py_ssize_t start, float value) noexcept
