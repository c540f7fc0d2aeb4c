# C declarations of regulator_planes.py for Cython (pure Python mode); the .py is the source.
cimport cython
from regalia.env.kernel cimport _close, _open
from regalia.games.regulator.position cimport Position

cdef int _RANKS, _FILES, _AREA, _MINE, _THEIRS, _SIZE
cdef int _REGULATOR, _MY_TURN, _WHITE, _HALFMOVE, _CHECK
cdef int _FLIPPED[35]


@cython.locals(dst=cython.p_float, size=Py_ssize_t, view=Py_buffer)
cpdef void write_planes(object out, Position position, int seat, bint to_move) except *


@cython.locals(
    board=cython.p_int, white=bint, square=int, code=int, plane=int, cell=Py_ssize_t,
)
cdef int paint(float* dst, Py_ssize_t start, Position position, int seat, bint to_move) except -1


@cython.locals(cell=Py_ssize_t)
cdef void _fill(float* dst, Py_ssize_t start, int plane, float value) noexcept
