# Cython declarations for damage.py (see setup.py): the damage track as a C struct.
import cython


cdef class Damage:
    cdef public tuple caps, size
    cdef public list crossed, st, tot
    cdef public int code
    cdef public object m

    @cython.locals(crossed=list, caps=tuple, lv=int, n=int, st=list, old=int)
    cpdef object hit(self, int area, int level)
