"""A stand-in for the real state that records every attribute the AI touches (the honesty
tests require that only `observe` is)."""


class Spy:
    def __init__(self, state) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "touched", [])

    def __getattr__(self, name):
        self.touched.append(name)
        return getattr(self._state, name)

    def __setattr__(self, name, value):
        self.touched.append("set " + name)
        setattr(self._state, name, value)
