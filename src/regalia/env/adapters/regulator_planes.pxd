# C declarations of regulator_planes.py for Cython (pure Python mode); the .py is the source.
cimport cython
from regalia.env.kernel cimport _close, _open
from regalia.games.regulator.position cimport Position

cdef int _RANKS, _FILES, _AREA, _MINE, _THEIRS, _SIZE
cdef int _REGULATOR, _MY_TURN, _WHITE, _HALFMOVE, _CHECK


@cython.locals(
    dst=cython.p_float, size=Py_ssize_t, board=cython.p_int, view=Py_buffer, white=bint,
    square=int, code=int, rank=int, row=int, plane=int,
)
cpdef void write_planes(object out, Position position, int seat, bint to_move) except *


@cython.locals(cell=int)
cdef void _fill(float* dst, int plane, float value) noexcept
