# Cython declarations for combat.py (see setup.py).
import cython

from strategy.combat_phases cimport RoundPhases
from strategy.combat_state cimport ShipState
from strategy.policies cimport Policy


cdef class Battle(RoundPhases):
    cpdef int distance(self, ShipState x, ShipState y)
    cpdef list enemies(self, ShipState ship)
    cpdef _moved(self)
    cpdef _check_out(self)
    cpdef _check_end(self)
    cpdef _out_of_battle(self, ShipState s, str status)
    @cython.locals(cof=int, best=int, c=int, row=tuple)
    cpdef int unopposed(self, str what, ShipState ship, int pool, object area=*)
    cpdef _round(self, dict given)
    @cython.locals(s=ShipState, pol=Policy)
    cpdef _orders(self, dict given)
    @cython.locals(s=ShipState)
    cpdef _continue(self)
