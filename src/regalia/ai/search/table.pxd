# C declarations of table.py for Cython (pure Python mode); the .py is the source.
cimport cython
from libc.stdlib cimport calloc, free
from libc.string cimport memset

cdef int _EXACT, _NO_MOVE, _EMPTY


@cython.final
cdef class Table:
    cdef public object capacity
    cdef long long _size
    cdef unsigned long long _mask
    cdef unsigned long long* _keys
    cdef int* _moves
    cdef int* _scores
    cdef short* _depths
    cdef signed char* _flags

    cdef int _allocate(self) except -1

    @cython.locals(slot=cython.ulonglong)
    cdef long long probe(self, unsigned long long key) noexcept

    @cython.locals(slot=cython.ulonglong, same=bint)
    cdef void store(self, unsigned long long key, int depth, int flag, int score,
                    int move) noexcept

    cdef int depth_at(self, long long slot) noexcept
    cdef int flag_at(self, long long slot) noexcept
    cdef int score_at(self, long long slot) noexcept
    cdef int move_at(self, long long slot) noexcept
