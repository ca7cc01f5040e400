# Cython declarations for combat_state.py (see setup.py): a ship's state as a C struct.
from strategy.damage cimport Damage


cdef class ShipState:
    cdef public str id, side, status, shot, morale
    cdef public int index, fire, gage, chase_gage
    cdef public bint active, shot_set, acting, tow, gm
    cdef public object spec, lost, health, npc_health, discipline, gunnery, boarding
    cdef public dict orders, skill_cache
    cdef public Damage damage
