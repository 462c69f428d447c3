"""The lab's worker processes: a pool of spawned interpreters.

Spawned, not forked: a fork copies only the thread that forks, so a lock another thread held
at that moment (hard's play-on pool, `ai/playons.py`, keeps a thread; a test run may have
left SDL's) stays held in the child forever, and the run hangs. A spawned worker starts
afresh and imports what its job needs.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.pool import Pool


def worker_pool(workers: int) -> Pool:
    """A pool of `workers` spawned processes (use it in a `with`)."""
    return multiprocessing.get_context("spawn").Pool(workers)
