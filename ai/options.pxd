# The options' scratch purse in C types, read by Cython beside options.py when the hot path
# is compiled (setup.py), never by Python: options.py stays the reference (issue 49, item 7).
cimport cython


@cython.final
cdef class _Purse:
    cdef public list cart, offers, shop
    cdef public object cash, order, p, spent
    cdef public double traded

    cpdef trade_for(self, veg, list needs, list protect)
    cpdef buy(self, veg)
    cpdef obtain(self, list needs, list protect, prefer_buy)
