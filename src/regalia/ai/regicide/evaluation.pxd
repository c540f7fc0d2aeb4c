# C declarations of evaluation.py for Cython (pure Python mode); the .py is the source.
cimport cython

from regalia.games.regicide.position cimport Position

cdef int _KING_VALUE, _HANGING, _TEMPO, _NEAR_KING, _SHIELD, PAWN, KING, _NSQ
cdef int _VALUE[13]
cdef int _MOBILITY[13]
cdef int _OPEN[128]
cdef int _ADVANCE[784]
cdef int _NEAR_N[196]
cdef int _NEAR[4704]
cdef int _BESIDE_N[196]
cdef int _BESIDE[1568]
cdef int _FIRST_N[2548]
cdef int _FIRST[20384]


@cython.locals(
    board=cython.p_int, open_=int, material=int, activity=int, progress=int,
    pieces=cython.p_int, i=int, square=int, kind=int, weight=int, cell=int, j=int, king=int,
)
cdef int _seat_score(Position pos, int seat) except? -1

@cython.locals(board=cython.p_int, score=int, team=int, i=int, code=int)
cdef int _king_safety(Position pos, int seat, int king) noexcept

@cython.locals(light=int, dark=int, turn=int, score=int, mate_king=int)
cpdef int evaluate(Position pos) except? -1
