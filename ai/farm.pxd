# The farm simulation's C types, read by Cython beside farm.py when the hot path is compiled
# (setup.py), never by Python: farm.py stays the reference, and the build plays the same moves
# (the values stay those of the plain source to the last bit: an attribute typed `double`
# holds what the Python float held, and every sum is still made in the source's order).
# Issue 49, item 7.
cimport cython


@cython.final
cdef class Farm:
    cdef public int capacity
    cdef public double cash, converts
    cdef public list casuals, fields, have, offers, pile, regulars, shop, unsown
    cdef public object params

    cpdef play_round(self, int t, absorb, converts)
    cpdef _harvest(self, int t)
    cpdef list _wanted(self)
    cpdef list _spare(self, list reserved, veg)
    cpdef bint _trade_for(self, veg, list reserved)
    cpdef bint _convert(self, veg, list reserved)
    cpdef bint _obtain(self, wants, list reserved, worth)
    cpdef _serve_regulars(self)
    cpdef _sow(self, int after, list want)
    cpdef _end_of_turn(self, int after, absorb, list want)
