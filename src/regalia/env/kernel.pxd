# C declarations of kernel.py for Cython (pure Python mode); the .py is the source.
cimport cython
from cpython.buffer cimport (
    PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer,
)
from libc.string cimport strchr


cdef inline void* _open(object array, Py_buffer* view, const char* kinds, Py_ssize_t itemsize,
                        bint writable) except NULL:
    """The start of a flat C-contiguous `array` whose items are `itemsize` bytes, of a one-letter
    struct format among `kinds`; `view` must be given back to `_close`."""
    cdef int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT
    if writable:
        flags |= PyBUF_WRITABLE
    PyObject_GetBuffer(array, view, flags)
    cdef const char* got = view.format
    if got != NULL and (got[0] == b"=" or got[0] == b"@"):
        got += 1
    if got == NULL or got[0] == 0 or got[1] != 0 or strchr(kinds, got[0]) == NULL \
            or view.itemsize != itemsize or view.ndim != 1:
        PyBuffer_Release(view)
        raise TypeError(f"a flat array of {itemsize}-byte items of format {kinds.decode()!r} is needed")
    return view.buf


cdef inline void _close(Py_buffer* view) noexcept:
    PyBuffer_Release(view)


@cython.locals(
    width=Py_ssize_t, lit=Py_ssize_t, square=Py_ssize_t, cell=Py_ssize_t, code=Py_ssize_t,
    plane=Py_ssize_t, value=float, start=Py_ssize_t, at=Py_ssize_t, layer=Py_ssize_t,
    size=Py_ssize_t, entries=Py_ssize_t, dst=cython.p_float, tab=cython.p_ssize_t,
    out_view=Py_buffer, table_view=Py_buffer,
)
cpdef Py_ssize_t paint(object out, list codes, object table, Py_ssize_t layers,
                       Py_ssize_t shift, Py_ssize_t area, list planes, list cells) except -1


@cython.locals(
    count=Py_ssize_t, index=Py_ssize_t, size=Py_ssize_t, dst=cython.p_schar, mask_view=Py_buffer,
)
cpdef Py_ssize_t mark(object mask, object actions, dict numbers) except -2
