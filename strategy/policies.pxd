# Cython declarations for policies.py (see setup.py): the captains' questions as C-level
# methods (a subclass written in Python still overrides them).
import cython

from strategy.combat_phases cimport RoundPhases
from strategy.combat_state cimport ShipState
from strategy.damage cimport Damage


@cython.locals(dmg=Damage, size=tuple, tot=list, left=cython.double, guns=cython.int)
cpdef double strength(ShipState ship)


cdef class Policy:
    cpdef object target(self, RoundPhases battle, ShipState ship)
    cpdef object repair(self, RoundPhases battle, ShipState ship)
    cpdef bint should_strike(self, RoundPhases battle, ShipState ship)
    cpdef tuple move(self, RoundPhases battle, ShipState ship, object foe)
    cpdef dict decide(self, RoundPhases battle, ShipState ship)


cdef class Aggressive(Policy):
    pass


cdef class Cautious(Policy):
    @cython.locals(st=list, maimed=cython.int)
    cpdef bint should_strike(self, RoundPhases battle, ShipState ship)
    @cython.locals(st=list)
    cpdef tuple move(self, RoundPhases battle, ShipState ship, object foe)


cdef class Runner(Policy):
    cpdef object repair(self, RoundPhases battle, ShipState ship)
    cpdef bint should_strike(self, RoundPhases battle, ShipState ship)
    cpdef tuple move(self, RoundPhases battle, ShipState ship, object foe)
