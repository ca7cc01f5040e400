# Cython declarations for policies.py (see setup.py): the base captain's questions as
# C-level methods (a subclass in Python still overrides them).
from strategy.combat_phases cimport RoundPhases
from strategy.combat_state cimport ShipState


cdef class Policy:
    cpdef object target(self, RoundPhases battle, ShipState ship)
    cpdef object repair(self, RoundPhases battle, ShipState ship)
    cpdef bint should_strike(self, RoundPhases battle, ShipState ship)
    cpdef tuple move(self, RoundPhases battle, ShipState ship, object foe)
    cpdef dict decide(self, RoundPhases battle, ShipState ship)
