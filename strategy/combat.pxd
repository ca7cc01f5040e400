# Cython declarations for combat.py (see setup.py).
import cython

from strategy.combat_phases cimport RoundPhases
from strategy.combat_state cimport ShipState
from strategy.policies cimport Policy


cdef class Battle(RoundPhases):
    @cython.locals(cof=int, best=int, c=int, row=tuple)
    cpdef int unopposed(self, str what, ShipState ship, int pool, object area=*)
    cpdef _round(self, dict given)
    @cython.locals(s=ShipState, pol=Policy)
    cpdef _orders(self, dict given)
    @cython.locals(s=ShipState)
    cpdef _continue(self)
