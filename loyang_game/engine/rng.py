"""The game's own random numbers: SplitMix64 over a plain int.

A state keeps its RNG as one int, so `clone()` copies it for free and a seed plus a move list
replays the same game on any Python version (the stdlib's shuffle is not promised stable).
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1


def next_value(state: int) -> tuple[int, int]:
    """Advance `state`; return (new state, 64 random bits)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def shuffle(state: int, items: list[Any]) -> int:
    """Fisher-Yates shuffle `items` in place; return the new RNG state."""
    for i in range(len(items) - 1, 0, -1):
        state, bits = next_value(state)
        j = bits % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a number in range(n))."""
    state, bits = next_value(state)
    return state, bits % n


def seed_state(seed: int) -> int:
    return seed & _MASK
