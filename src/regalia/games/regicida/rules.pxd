# C declarations of rules.py for Cython (pure Python mode); the .py is the source.
# Only the hot functions of the legal actions are typed; every module-level name stays Python.
cimport cython

@cython.locals(cells=tuple, size=int, total=int, top=int, left=int, bottom=int, right=int,
               index=int, row=int, col=int, row_low=int, row_high=int, col_low=int,
               col_high=int, marked=list, found=list)
cdef object _placement_indices(object board)

@cython.locals(index=int, col=int, found=list)
cdef list _grid_swaps(tuple cells)

@cython.locals(cells=tuple, size=int, index=int, row=int, col=int, pairs=list)
cpdef list swap_pairs(object board)
