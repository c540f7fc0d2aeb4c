# C declarations of native.py for Cython (pure Python mode); the .py is the source.
cimport cython


cdef class NativeDomain:
    cpdef int max_moves(self)
    cdef int c_moves(self, object pos, int* out, int n) except -1
    cdef int c_noisy(self, object pos, int* out, int n) except -1
    cdef int c_push(self, object pos, int move) except -1
    cdef int c_pop(self, object pos) except -1
    cdef unsigned long long c_key(self, object pos) except? 0
    cdef int c_evaluate(self, object pos) except? -1
    cdef int c_outcome(self, object pos, int ply) except? -1
    cdef int c_in_check(self, object pos) except -1
    cdef int c_capture_score(self, object pos, int move) except? -1
    cdef int c_gain(self, object pos, int move) except? -1


cdef class ProtocolDomain(NativeDomain):
    cdef public object domain
    cdef dict _numbers
    cdef list _moves
    cdef int _limit

    cdef int _number(self, object move) except -1

    @cython.locals(move=object)
    cdef int _write(self, object moves, int* out, int n) except -1
