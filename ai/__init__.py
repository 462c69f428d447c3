"""The AI opponents of Loyang.

Agents (`agents.AGENTS`, by name in `python -m lab.arena --agents ...`):

- `random`, `helper-happy`: baselines that shake the engine.
- `greedy` (`greedy.GreedyAgent`): one move ahead; each move is finished with the default
  policy (`policy.py`) to the end of the turn and judged by the evaluation (`evaluate.py`:
  the farm simulated to the end of the game by `projection.py`).
- `easy`, `normal`, `hard` (`search.MCTSAgent`): information-set MCTS; every
  iteration searches a fresh `observe()` sample (`view.py`). The Action phase is searched
  over short plans (`options.py`: "serve this customer, trading for what is missing"),
  and each rollout finishes a turn by a rule of thumb over them (`rule_of_thumb.py`); the
  other seats draft by the default policy, or take the pair the evaluation likes best
  (`draft.py`) where the level says.
  Levels differ by budget (iterations, seconds) and knowledge (fitted or hand-set
  evaluation, and a random pick by visit counts for `easy`); a level names the evaluation at
  its leaves (`evaluators.py`: the projection of `evaluate.py`, and for hard that
  projection with a learned correction, `corrected.py`). In solo, hard plays
  its best plans on a round before it commits (`verify.py`), on the clock in worker
  processes, one per core (`playons.py`).

`thinker.open_thinker()` runs any of them for the table, the coach's hint and the review, on a
background thread or (`LOYANG_THINKER=process`) in a process of its own. The lab's tools are
in the top-level `lab/`, with the frozen yardsticks `hard-v1`, `hard-v2`, `hard-v3` (hard as
it was, `lab/yardsticks.py`): `python -m lab.train` fits the evaluation's knobs and calibration
(`weights.json`); `python -m lab.bench --json` and `python -m lab.framebench` measure speed
and the table's frame rate while the AI thinks.
"""

import functools
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from hashlib import sha256
from types import ModuleType

# The search's hot path, compiled by Cython where the package was installed with a C compiler
# at hand (`setup.py`, with the C types of `tree.pxd` and `options.pxd`, and C versions of
# their own from C data: `farm.pyx`, `correction_inputs.pyx`, `rule_of_thumb.pyx`): the same
# values to the last bit; a whole deterministic solo game of hard takes about half the plain
# source's CPU (`python -m lab.bench --pure-against-compiled 3`, docs/ai-lab.md, entry 130).
# `LOYANG_PURE=1` (anything but "" or "0") runs the plain source instead, and so does a
# compiled module built from another version of its source.
# Floats are totalled in loops, in order, never with the built-in `sum` (compensated from
# Python 3.12, in order when compiled): the same moves on any Python, pure or compiled
# (tests/ai/test_in_order.py, `python -m lab.move_hashes`; docs/ai-lab.md, entry 109).
COMPILED = ("corrected", "correction_inputs", "farm", "leaves", "offer_ahead", "options",
            "playout", "policy", "projection", "rule_of_thumb", "search", "tree", "turn",
            "verify", "view")
_HERE = os.path.dirname(os.path.abspath(__file__))
_paths: dict[str, str] = {}  # module -> "compiled", or why it runs as plain Python


def pure_forced() -> bool:
    return os.environ.get("LOYANG_PURE", "") not in ("", "0")


class _Made(importlib.abc.Loader):
    """Hands the import machinery a module already made."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return self.module

    def exec_module(self, module: ModuleType) -> None:
        pass


class _HotFinder(importlib.abc.MetaPathFinder):
    """Chooses between a hot module's compiled build and its plain source."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != __name__ or name not in COMPILED:
            return None
        source = os.path.join(_HERE, name + ".py")
        why = "LOYANG_PURE=1"
        if not pure_forced():
            why = "no compiled module: installed without a C compiler?"
            spec = importlib.machinery.PathFinder.find_spec(fullname, [_HERE])
            if spec is not None and isinstance(spec.loader,
                                               importlib.machinery.ExtensionFileLoader):
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
                # A Cython module puts itself in sys.modules as it runs, and the import
                # machinery would then take it whatever this finder says: take it out.
                sys.modules.pop(fullname, None)
                with open(source, "rb") as f:
                    if getattr(module, "SOURCE_SHA256", None) == sha256(f.read()).hexdigest():
                        _paths[name] = "compiled"
                        return importlib.util.spec_from_loader(fullname, _Made(module),
                                                               origin=spec.origin)
                why = (f"the compiled {name} was built from another {name}.py: reinstall, or "
                       "`python setup.py build_ext --inplace` in a checkout")
        _paths[name] = f"pure Python ({why})"
        return importlib.util.spec_from_file_location(fullname, source)


@functools.cache
def plain_module(name: str) -> ModuleType:
    """The plain source of hot module `name` (`ai/NAME.py`), loaded apart from the module the
    package runs: what a C version (`ai/NAME.pyx`) takes from its reference rather than
    write again, or falls back on."""
    spec = importlib.util.spec_from_file_location(f"{__name__}._plain_{name}",
                                                  os.path.join(_HERE, name + ".py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def hot_path() -> str:
    """Which path the search's hot modules run: "compiled", or plain Python and why."""
    for name in COMPILED:
        importlib.import_module(f"{__name__}.{name}")
    kinds = set(_paths.values())
    if len(kinds) == 1:
        return kinds.pop()
    return "; ".join(f"{name}: {_paths[name]}" for name in COMPILED)


if not any(isinstance(f, _HotFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, _HotFinder())
