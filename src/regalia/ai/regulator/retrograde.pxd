# C declarations of retrograde.py for Cython (pure Python mode); the .py is the source.
cimport cython

cdef int _DRAW, _INVALID, _OFFSET, _MAX_PLIES, _SPACES
cdef int _PAWNLESS_SECTION, _PAWN_SECTION, _PAWNLESS_SIZE, _PAWN_SIZE
cdef int SQUARES, PAWN, KNIGHT, BISHOP, ROOK, QUEEN
cdef int _UNSCHEDULED, _STRIDE_PAWNLESS, _STRIDE_PAWN
cdef unsigned long long _STRICT[1225]
cdef int _DIAGONAL[1225]
cdef int _STRAIGHT[1225]
cdef unsigned long long _KNIGHT[35]
cdef unsigned long long _KING[35]
cdef unsigned long long _BIT[35]
cdef int _POWER[9]

cpdef int size(int kind)

@cython.locals(cell=int)
cpdef bint reaches(int kind, int frm, int to, int power, unsigned long long occupied)

cpdef int pawnless_index(int power, int weak, int king, int other, int piece)

@cython.locals(rank=int)
cpdef int pawn_index(int regulator, int weak, int king, int other, int pawn)

cdef int _mirror(int square)
cdef int _flip(int square)

@cython.locals(cell=int, piece=int, other=int, rest=int, king=int)
cpdef tuple decode(int kind, int index)

cdef bint _valid(int kind, int weak, int king, int other, int piece, int power)

cdef int _child(int kind, int space, int weak, int king, int other, int piece)

@cython.locals(
    space=int, weak=int, king=int, other=int, piece=int, power=int, n=int, moves=int, to=int,
    after=int, slot=int, value=int, occupied=cython.ulonglong,
)
cdef int _moves(int kind, int index, const unsigned char[:] promo, int[:] out, int at,
                int[:] ends) except -1

cdef int _exit(int value, int[:] ends) except -1

@cython.locals(
    section=int, low=int, count=int, stride=int, children=cython.int[:], start=cython.int[:],
    left=cython.short[:], longest_loss=cython.short[:], schedule=cython.short[:], firm=cython.uchar[:],
    ends=cython.int[:], edges=int, local=int, index=int, space=int, weak=int, king=int, other=int,
    piece=int, n=int, i=int,
)
cpdef int build(int kind, const unsigned char[:] promo, int first, int last,
                unsigned char[:] values) except -1

@cython.locals(
    edges=int, first_parent=cython.int[:], parents=cython.int[:], fill=cython.int[:], e=int, p=int, c=int,
    latest=int, ply=int, longest=int, q=int, due=int,
)
cdef int _solve(int count, int low, int[:] children, int[:] start, short[:] left,
                short[:] longest_loss, short[:] schedule, unsigned char[:] firm,
                unsigned char[:] values) except -1
