# C declarations of evaluation.py for Cython (pure Python mode); the .py is the source.
cimport cython

from regalia.games.regulator.position cimport Position

cdef int FILES, KING, PAWN, REGULATOR_MAX, ROOK, SQUARES, WHITE, _TEMPO, _SHIELD_BONUS
cdef int _VALUE[56]
cdef int _UP[56]
cdef int _THREATS[56]
cdef int _TROPISM[1225]
cdef int _SHIELD[2450]
cdef unsigned long long _FRONT[70]
cdef int _PAWN[70]
cdef int _PASSED[70]
cdef int _CLOSE[1225]
cdef int _EDGE[35]
cdef int _MIDDLE[35]
cdef unsigned long long _BITS[35]


@cython.locals(
    board=cython.p_int, space=int, row=int, white_king=int, black_king=int, near_white=int,
    near_black=int, score=int, gain_up=int, pieces_white=int, pieces_black=int,
    pawns_white=int, pawns_black=int, white_mask=cython.ulonglong,
    black_mask=cython.ulonglong, square=int, piece=int, kind=int, pushes_white=int,
    pushes_black=int, shield_white=int, shield_black=int, white_alone=bint, black_alone=bint,
)
cpdef int evaluate(Position pos) except? -1
