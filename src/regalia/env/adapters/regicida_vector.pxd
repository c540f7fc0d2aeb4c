# C declarations of regicida_vector.py for Cython (pure Python mode); the .py is the source.
cimport cython
from libc.string cimport memset

cdef int _CANVAS, _GRID, _CELLS, _TOKENS, _AREA, _SIZE
cdef int _LIGHT, _DARK, _FRAME, _IDENTITY, _OBJECTIVE, _SUCCESSION, _PILE_SIZE, _PILE_TOP
cdef int _PHASE, _SPLIT_DUE, _MY_TURN, _INTRIGUES_LEFT, _SEAT, _PLAYERS
cdef int _EXPANSION, _INTRIGUE, _ASSASSINATION, _OVER, _DARK_BIT, _NO_VOTE, _MAX_LEGAL
cdef unsigned long long _MULTIPLIER


@cython.final
cdef class RegicidaKernel:
    cdef Py_ssize_t _count
    cdef int _players
    cdef object _objective
    cdef Py_ssize_t _actions
    cdef int _max_plies
    cdef object _arrays, _numbers, _store
    cdef int _pass, _neutral
    cdef float* _obs
    cdef signed char* _mask
    cdef int* _to_play
    cdef int* _plies
    cdef float* _rewards
    cdef signed char* _terminated
    cdef signed char* _truncated
    cdef float* _final
    cdef unsigned long long* _rng
    cdef int* _cells
    cdef int* _size
    cdef int* _placed
    cdef int* _piles
    cdef int* _pile_n
    cdef int* _phase
    cdef int* _current
    cdef int* _split_due
    cdef int* _intrigues
    cdef int* _votes
    cdef int* _identities
    cdef int* _succession
    cdef int* _goal
    cdef int* _legal
    cdef int* _counts
    cdef int* _place
    cdef int* _split
    cdef int* _swap
    cdef int* _vote
    cdef int* _found

    @cython.locals(pile=int, seat=int, cell=int, i=int)
    cdef int _deal(self, Py_ssize_t game) except -1

    @cython.locals(players=int, seat=int)
    cdef int _finish(self, Py_ssize_t game) except -1

    @cython.locals(game=Py_ssize_t)
    cpdef void reset(self) except *

    @cython.locals(game=Py_ssize_t, action=cython.longlong, chosen=cython.p_longlong)
    cpdef void step(self, object actions) except *

    @cython.locals(seat=int)
    cdef void _clear(self, Py_ssize_t game) noexcept

    @cython.locals(game=Py_ssize_t, state=cython.ulonglong, pick=cython.ulonglong)
    cpdef Py_ssize_t random_steps(self, Py_ssize_t steps) except -1

    @cython.locals(i=int, phase=int, seat=int, other=int)
    cdef int _play(self, Py_ssize_t game, int action) except -1

    @cython.locals(target=int)
    cdef int _vote_target(self, int action) noexcept

    @cython.locals(pile=int, cell=int, p=Py_ssize_t, players=int, empty=bint, big=bint,
                   other=int, n=int)
    cdef void _apply_place(self, Py_ssize_t game, int action) noexcept

    @cython.locals(base=Py_ssize_t, top=int, left=int, index=int, row=int, col=int)
    cdef void _crop(self, Py_ssize_t game) noexcept

    @cython.locals(pile=int, source=Py_ssize_t, n=int, half=int, empty=int, target=Py_ssize_t,
                   i=int)
    cdef void _apply_split(self, Py_ssize_t game, int action) noexcept

    @cython.locals(base=Py_ssize_t, index=int, here=int, kind=int, other=int, token=int,
                   flip=int, current=int, total=int, seat=int)
    cdef void _apply_intrigue(self, Py_ssize_t game, int action) noexcept

    @cython.locals(phase=int, n=int, out=Py_ssize_t, base=Py_ssize_t, seat=int, target=int,
                   index=int, code=int, other=int, pile=int, i=int)
    cdef int _generate(self, Py_ssize_t game) except -1

    @cython.locals(base=Py_ssize_t, out=Py_ssize_t, top=int, left=int, bottom=int, right=int,
                   index=int, row=int, col=int, n=int, pile=int, found=int, i=int)
    cdef int _placements(self, Py_ssize_t game) noexcept

    @cython.locals(base=Py_ssize_t, size=int, index=int, code=int, row=int, col=int,
                   plane=int, place=int, house=int, pile=int, n=int, top=int, phase=int)
    cdef int _paint(self, float* dst, Py_ssize_t start, Py_ssize_t game, int seat) except -1


@cython.locals(cell=Py_ssize_t)
cdef void _fill(float* dst, Py_ssize_t start, int plane, float value) noexcept
