# Cython declarations for combat_cards.py (see setup.py): C types on the dealer's loop.
import cython


cdef class Dealer:
    cdef object _random

    @cython.locals(x=cython.double)
    cpdef int cof(self)

    @cython.locals(c=int, x=cython.double, size=cython.double, out=list)
    cpdef list draw(self, int n, int cof, bint gm=*)
