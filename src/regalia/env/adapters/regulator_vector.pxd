# C declarations of regulator_vector.py for Cython (pure Python mode); the .py is the source.
cimport cython
from libc.string cimport memset
from regalia.env.adapters.regulator_planes cimport paint
from regalia.games.regulator.position cimport Position

cdef int _MAX_MOVES, _SIZE, _DRAW_PLIES
cdef unsigned long long _MULTIPLIER


@cython.final
cdef class RegulatorKernel:
    cdef Py_ssize_t _count
    cdef Py_ssize_t _actions
    cdef int _max_plies
    cdef list _positions
    cdef object _keep, _legal_store, _counts_store
    cdef float* _obs
    cdef signed char* _mask
    cdef int* _to_play
    cdef float* _rewards
    cdef signed char* _terminated
    cdef signed char* _truncated
    cdef float* _final
    cdef int* _plies
    cdef unsigned long long* _rng
    cdef int* _codes
    cdef int* _moves
    cdef int* _legal
    cdef int* _counts

    @cython.locals(position=Position)
    cpdef Position position(self, Py_ssize_t game)

    @cython.locals(game=Py_ssize_t)
    cpdef void reset(self) except *

    @cython.locals(game=Py_ssize_t, action=cython.longlong, chosen=cython.p_longlong)
    cpdef void step(self, object actions) except *

    @cython.locals(game=Py_ssize_t, state=cython.ulonglong, pick=cython.ulonglong)
    cpdef Py_ssize_t random_steps(self, Py_ssize_t steps) except -1

    @cython.locals(
        position=Position, plies=int, count=int, terminated=bint, truncated=bint, loser=int,
        start=Py_ssize_t,
    )
    cdef int _play(self, Py_ssize_t game, int move) except -1

    @cython.locals(position=Position)
    cdef int _restart(self, Py_ssize_t game) except -1

    @cython.locals(count=int)
    cdef int _generate(self, Py_ssize_t game, Position position) noexcept

    @cython.locals(actions=Py_ssize_t, i=int)
    cdef void _unmark(self, Py_ssize_t game) noexcept

    @cython.locals(actions=Py_ssize_t, i=int)
    cdef int _write(self, Py_ssize_t game, Position position, int count) except -1
