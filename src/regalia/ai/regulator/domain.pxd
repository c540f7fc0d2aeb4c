# C declarations of domain.py for Cython (pure Python mode); the .py is the source.
cimport cython

from regalia.ai.regulator.evaluation cimport evaluate as score_of
from regalia.ai.search.native cimport NativeDomain
from regalia.games.regulator.position cimport Position

cdef int FIFTY_MOVES, MAX_MOVES, SQUARES, NO_END
cdef int _VICTIM[7]
cdef int _ATTACKER[7]
cdef int _PROMOTION[6]
cdef int _GAIN[7]


cdef class RegulatorDomain(NativeDomain):
    cpdef int max_moves(self)
    @cython.locals(p=Position)
    cdef int c_moves(self, object pos, int* out, int n) except -1
    @cython.locals(p=Position)
    cdef int c_noisy(self, object pos, int* out, int n) except -1
    @cython.locals(p=Position)
    cdef int c_push(self, object pos, int move) except -1
    @cython.locals(p=Position)
    cdef int c_pop(self, object pos) except -1
    @cython.locals(p=Position)
    cdef unsigned long long c_key(self, object pos) except? 0
    @cython.locals(p=Position)
    cdef int c_evaluate(self, object pos) except? -1
    @cython.locals(p=Position, occupied=cython.ulonglong, code=int)
    cdef int c_outcome(self, object pos, int ply) except? -1
    @cython.locals(p=Position)
    cdef int c_in_check(self, object pos) except -1

    @cython.locals(p=Position, board=cython.p_int, victim=int, promotion=int, value=int)
    cdef int c_capture_score(self, object pos, int move) except? -1

    @cython.locals(p=Position, promotion=int, value=int)
    cdef int c_gain(self, object pos, int move) except? -1
