# Cython declarations for combat_phases.py (see setup.py): the battle's state as a C struct
# and the round's steps as C-level methods. Battle (combat.pxd) adds no attributes.
import cython

from strategy.combat_state cimport ShipState


cdef class RoundPhases:
    cdef public list ships, events, given
    cdef public dict dist, _by_id, _plans, _whole, _live, policies, _policy_args
    cdef public bint record, over, fired
    cdef public int round, max_rounds
    cdef public object _foes, dealer, weather, seed, start, chase, rng, outcome, last_best
    cdef dict __dict__

    # provided by Battle
    cpdef int distance(self, ShipState x, ShipState y)
    cpdef list enemies(self, ShipState ship)
    cpdef _moved(self)
    cpdef _check_out(self)
    cpdef _check_end(self)
    cpdef _out_of_battle(self, ShipState s, str status)
    cpdef int unopposed(self, str what, ShipState ship, int pool, object area=*)

    cpdef int _skill(self, ShipState s, str key, object officer=*)
    cpdef int _repair_pool(self, ShipState s, str what)
    cpdef _fire_and_repair(self)
    cpdef int _speed(self, ShipState s)
    cpdef int _handling(self, ShipState s)
    cpdef int _position_pool(self, ShipState s, ShipState foe)
    cpdef tuple _intent(self, ShipState s, ShipState foe, int d)
    cpdef bint _can_position(self, ShipState s, dict can)
    cpdef _positioning(self)
    @cython.locals(s=ShipState, target=ShipState)
    cpdef _fight(self)
    cpdef object _fire_plan(self, ShipState s)
    @cython.locals(f=ShipState, me=int, d=int)
    cpdef object _plan(self, ShipState s, object split, object tid)
    cpdef object _broadside_pool(self, ShipState s, int hwyf)
    @cython.locals(t=ShipState, me=int, n=int, c=int, lv=int, row=tuple, out=list)
    cpdef list _broadside(self, ShipState s, dict plan, int pool, int cof)
    cpdef _apply_shot(self, ShipState s, ShipState t, int area, int level, int c, str shot)
    cpdef _hit(self, ShipState t, int area, int level, object c, object by, str how)
