# C declarations of perft.py for Cython (pure Python mode); the .py is the source.
cimport cython
from libc.stdlib cimport free, malloc

from regalia.games.regulator.position cimport Position

cdef int MAX_MOVES

@cython.locals(buffer=cython.p_int, total=cython.longlong)
cpdef long long perft(Position position, int depth) except -1

@cython.locals(end=int, index=int, total=cython.longlong)
cdef long long _perft(Position position, int depth, int* buffer, int start) except -1
