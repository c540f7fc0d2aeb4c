# C declarations of domain.py for Cython (pure Python mode); the .py is the source.
cimport cython

from regalia.ai.regicide.evaluation cimport evaluate as score_of
from regalia.ai.search.native cimport NativeDomain
from regalia.games.regicide.position cimport Position

cdef int DRAW_PLIES, MAX_MOVES, NSQ, NO_END, EN_PASSANT, KING, PASS, PAWN0
cdef int _VICTIM[13]
cdef int _ATTACKER[13]
cdef int _PROMOTION[12]
cdef int _GAIN[13]


cdef class RegicideDomain(NativeDomain):
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
    @cython.locals(p=Position, winner=int, won=int)
    cdef int c_outcome(self, object pos, int ply) except? -1
    @cython.locals(p=Position, king=int)
    cdef int c_in_check(self, object pos) except -1
    @cython.locals(p=Position, victim=int, promoted=int, attacker=int)
    cdef int c_capture_score(self, object pos, int move) except? -1
    @cython.locals(p=Position, promoted=int, value=int)
    cdef int c_gain(self, object pos, int move) except? -1


@cython.locals(code=int)
cdef int _taken(Position pos, int move) noexcept
