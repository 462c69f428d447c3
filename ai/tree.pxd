# The search tree's C types, read by Cython beside tree.py when the hot path is compiled
# (setup.py), never by Python: tree.py stays the reference (issue 49, item 7). A `double`
# holds what the Python float held; the counts are small integers.
cimport cython


@cython.final
cdef class Edge:
    cdef public bint chance
    cdef public object child
    cdef public double total
    cdef public long visits


@cython.final
cdef class Node:
    cdef public bint planning
    cdef public long visits
    cdef public double best, floor
    cdef public object options
    cdef public dict edges, children, avail

    cpdef double q(self, Edge edge)
