# C declarations of kernel.py for Cython (pure Python mode); the .py is the source.
cimport cython


@cython.locals(
    width=Py_ssize_t, lit=Py_ssize_t, square=Py_ssize_t, cell=Py_ssize_t, code=Py_ssize_t,
    plane=Py_ssize_t, value=float, start=Py_ssize_t, at=Py_ssize_t, layer=Py_ssize_t,
)
cpdef Py_ssize_t paint(float[::1] out, list codes, const Py_ssize_t[::1] table,
                       Py_ssize_t layers, Py_ssize_t shift, Py_ssize_t area, list planes,
                       list cells) except -1


@cython.locals(count=Py_ssize_t, index=Py_ssize_t)
cpdef Py_ssize_t mark(signed char[::1] mask, object actions, dict numbers) except -2
