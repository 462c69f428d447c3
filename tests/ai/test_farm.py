"""The hot path: the farm simulation compiled and plain give the same values to the last bit,
the table of boards already projected gives what the simulation gives, and `LOYANG_PURE=1`
forces the plain source."""

from __future__ import annotations

import ast
import glob
import importlib.util
import os
import random
import subprocess
import sys
import sysconfig
from hashlib import sha256

import pytest

from ai import farm, projection
from ai.evaluate import default_evaluator, tuned_evaluator
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.state import Decision

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _boards(games: int = 12, seed: int = 3) -> list:
    """Boards of random games (every seat count, every round, debts, red markers...)."""
    rng = random.Random(seed)
    out = []
    for game in range(games):
        state = new_game(GameConfig(seats=1 + game % 4, seed=seed + game))
        while not state.is_over:
            if rng.random() < 0.04:
                out.extend((p.clone(), state.round) for p in state.players)
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
    return out


def _calls() -> list[tuple]:
    """(board, round, path, cash, params): the search's kinds of call, Path steps included,
    under the shipped knobs of both games and a changed one."""
    params = [default_evaluator(False).params, default_evaluator(True).params,
              tuned_evaluator(True, (("future_scale", 1.3), ("reserve", 2.0))).params]
    rng = random.Random(7)
    calls = []
    for p, round_ in _boards():
        calls.append((p, round_, None, None, rng.choice(params)))
        step = rng.randrange(1, 4)
        calls.append((p, round_, p.path + step, p.cash - step * 2, rng.choice(params)))
    return calls


def _compiled_module(name: str = "farm"):
    """The compiled hot module `name`: beside the source (an in-place build), or in the
    installed package (`pip install .`, as CI does); None where none was built."""
    here = os.path.join(ROOT, "ai")
    platlib = os.path.join(sysconfig.get_paths()["platlib"], "ai")
    for folder in (here, platlib):
        for path in sorted(glob.glob(os.path.join(folder, f"{name}.*.so"))
                           + glob.glob(os.path.join(folder, f"{name}.*.pyd"))):
            spec = importlib.util.spec_from_file_location(f"ai.{name}", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    return None


def _plain_module():
    spec = importlib.util.spec_from_file_location("ai._farm_plain_test",
                                                  os.path.join(ROOT, "ai", "farm.py"))
    pure = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pure)
    return pure


def test_the_compiled_farm_gives_the_plain_sources_values_to_the_last_bit():
    compiled = _compiled_module()
    if compiled is None:
        pytest.skip("no compiled farm here (installed without a C compiler)")
    pure = _plain_module()
    assert not compiled.__file__.endswith(".py") and pure.__file__.endswith(".py")
    calls = _calls()
    assert len(calls) > 500
    for p, round_, path, cash, params in calls:
        a = pure.simulate(p, round_, path, cash, params)
        b = compiled.simulate(p, round_, path, cash, params)
        assert type(a) is type(b) and a == b, (round_, path, cash)
    assert pure.walk(3, [6.0, 6.0, 6.0]) == compiled.walk(3, [6.0, 6.0, 6.0]) == (6, 3)


def test_the_compiled_board_key_is_the_plain_sources_tuple():
    """`farm.pyx`'s `board_key` makes the source's tuple in one piece: equal, item for item
    of the same types (a table keyed by either finds the other's values), and untracked by
    the garbage collector once it has looked at it, as the source's."""
    import gc

    compiled = _compiled_module()
    if compiled is None:
        pytest.skip("no compiled farm here (installed without a C compiler)")
    pure = _plain_module()
    keys = []
    for p, round_ in _boards(games=16, seed=5):
        for path, cash in ((p.path, p.cash), (p.path + 2, p.cash - 2.5)):
            a = pure.board_key(p, round_, path, cash)
            b = compiled.board_key(p, round_, path, cash)
            assert a == b and [type(x) for x in a] == [type(x) for x in b], p.to_data()
            keys.append(b)
    assert len(keys) > 500
    gc.collect()
    assert not any(gc.is_tracked(key) for key in keys)


def _random_knobs(rng: random.Random) -> projection.Params:
    """Knobs far from the fitted ones: fractional counts, debts, free trades, no reserve..."""
    return projection.Params(
        future=tuple(round(rng.uniform(0.5, 4), rng.choice([0, 1, 3])) for _ in range(6)),
        absorb=rng.choice([0, 0.5, 1.3, 2.0, 3]), absorb_max=rng.choice([1, 4.5, 8.0]),
        convert=rng.choice([0, 0.5, 1.0, 1.7]), convert_max=rng.choice([1, 2.5, 3.0]),
        convert_cost=rng.choice([0, 0.5, 1.25]), helper=rng.choice([0, 1.5, 2]),
        casual_margin=rng.choice([0, 1.0, -1.5]), stall_offer=rng.choice([0, 0.7]),
        card_cost=rng.choice([0, 2.0, 3.5]), reserve=rng.choice([0, 1.0, 2.5]))


def test_the_compiled_farm_gives_the_plain_sources_values_on_any_knobs():
    """The C version (`ai/farm.pyx`) takes every step of the source in its order: on knobs
    that make counts fractional, trade for free or go into debt, the values are the same."""
    compiled = _compiled_module()
    if compiled is None:
        pytest.skip("no compiled farm here (installed without a C compiler)")
    pure = _plain_module()
    rng = random.Random(11)
    checked = 0
    for p, round_ in _boards(games=16, seed=21):
        params = _random_knobs(rng)
        step = rng.randrange(0, 4)
        for path, cash in ((None, None), (p.path + step, p.cash - step * rng.choice([1, 2, 3]))):
            a = pure.simulate(p, round_, path, cash, params)
            b = compiled.simulate(p, round_, path, cash, params)
            assert type(a) is type(b) and a == b, (p.to_data(), round_, path, cash, params)
            checked += 1
    assert checked > 500


def test_a_board_larger_than_the_c_arrays_is_simulated_by_the_source():
    compiled = _compiled_module()
    if compiled is None:
        pytest.skip("no compiled farm here (installed without a C compiler)")
    p, round_ = next((p, r) for p, r in _boards() if p.fields and r < 8)
    p.pile = [p.fields[0].card] * 300  # no game deals this many
    params = default_evaluator(True).params
    assert compiled.simulate(p, round_, None, None, params) == \
        _plain_module().simulate(p, round_, None, None, params)


def test_the_table_gives_what_the_simulation_gives():
    calls = _calls()
    projection._tables.clear()
    first = [projection.project(*call) for call in calls]
    again = [projection.project(*call) for call in reversed(calls)]
    assert first == [farm.simulate(*call) for call in calls] == again[::-1]
    # a board changed after it was projected is projected afresh
    p, round_, _, _, params = next(c for c in calls if c[0].regulars and c[1] < 8)
    before = projection.project(p, round_, params=params)
    p.cash += 7
    assert projection.project(p, round_, params=params) == farm.simulate(p, round_, None,
                                                                           None, params)
    assert projection.project(p, round_, params=params) != before


def test_the_table_is_bounded(monkeypatch):
    monkeypatch.setattr(projection, "CACHE_SIZE", 50)
    projection._tables.clear()
    for call in _calls()[:200]:
        projection.project(*call)
    assert all(len(table) <= 50 for _, table in projection._tables.values())


def _hot_path(env: dict) -> str:
    code = "import ai; print(ai.hot_path())"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, **env},
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_loyang_pure_forces_the_plain_source():
    assert _hot_path({"LOYANG_PURE": "1"}) == "pure Python (LOYANG_PURE=1)"
    assert _hot_path({"LOYANG_PURE": "0"}) != "pure Python (LOYANG_PURE=1)"
    forced = ("import ai.search, ai.farm, ai.options; "
              "print(ai.search.__file__, ai.farm.__file__, ai.options.__file__)")
    done = subprocess.run([sys.executable, "-c", forced], cwd=ROOT, check=True, text=True,
                          env={**os.environ, "LOYANG_PURE": "1"}, capture_output=True)
    assert all(path.endswith(".py") for path in done.stdout.split())


def test_a_package_without_compiled_modules_runs_the_plain_source_and_says_so(tmp_path):
    """What a wheel built without a C compiler holds (`CC=false pip wheel .`: the sources
    and no compiled module, docs/ai-lab.md entry 109): the plain source, and `hot_path()`
    says why."""
    package = tmp_path / "ai"
    package.mkdir()
    for path in glob.glob(os.path.join(ROOT, "ai", "*.py")) + glob.glob(
            os.path.join(ROOT, "ai", "*.json")):
        with open(path, "rb") as f:
            (package / os.path.basename(path)).write_bytes(f.read())
    code = "import ai, ai.search; print(ai.hot_path()); print(ai.search.__file__)"
    env = {k: v for k, v in os.environ.items() if k != "LOYANG_PURE"}
    env["PYTHONPATH"] = os.pathsep.join((str(tmp_path), ROOT))
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=True)
    said, search = done.stdout.strip().splitlines()
    assert said == "pure Python (no compiled module: installed without a C compiler?)"
    assert search == str(package / "search.py")


def test_setup_compiles_the_modules_the_package_chooses_between():
    import ai

    with open(os.path.join(ROOT, "setup.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    hot = next(node.value for node in tree.body if isinstance(node, ast.Assign)
               and getattr(node.targets[0], "id", None) == "HOT")
    assert ast.literal_eval(hot) == ai.COMPILED


def test_a_compiled_module_built_from_another_source_is_not_used(monkeypatch):
    import ai

    if _compiled_module() is None or not glob.glob(os.path.join(ROOT, "ai", "view.*.so")):
        pytest.skip("no compiled modules beside the source here")

    class Other:
        def __init__(self, data: bytes) -> None:
            pass

        def hexdigest(self) -> str:
            return "0" * 64

    monkeypatch.delenv("LOYANG_PURE", raising=False)
    stale = ("import ai\n"
             "class Other:\n"
             "    def __init__(self, data): pass\n"
             "    def hexdigest(self): return '0' * 64\n"
             "ai.sha256 = Other\n"
             "import ai.view, ai.farm\n"
             "print(ai.view.__file__, ai.farm.__file__)\n")
    for code, ends in ((stale, ".py"), (stale.replace("ai.sha256 = Other", ""), ".so")):
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, text=True,
                              env={k: v for k, v in os.environ.items() if k != "LOYANG_PURE"},
                              capture_output=True)
        assert all(path.endswith(ends) for path in done.stdout.split()), done.stdout
    monkeypatch.setattr(ai, "sha256", Other)
    spec = ai._HotFinder().find_spec("ai.view")
    assert spec.origin.endswith("view.py")
    assert ai._paths["view"].startswith("pure Python (the compiled view was built from another")
    monkeypatch.setattr(ai, "sha256", sha256)
    spec = ai._HotFinder().find_spec("ai.view")
    assert not spec.origin.endswith(".py") and ai._paths["view"] == "compiled"


def _path_decisions(games: int = 8, seed: int = 11) -> list:
    """States of random games at a seat's Path step (solo and 2 players)."""
    from loyang_game.engine import flow

    rng = random.Random(seed)
    out = []
    for game in range(games):
        state = new_game(GameConfig(seats=1 + game % 2, seed=seed + game))
        while not state.is_over:
            if flow.decision(state) == Decision.PATH:
                out.append(state.clone())
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
    return out


def test_the_looked_up_path_steps_and_offer_gains_are_the_ones_worked_out():
    from ai import leaves, offer_ahead

    ev = default_evaluator(True)
    states = _path_decisions()
    assert len(states) > 50
    leaves._path_tables.clear()
    offer_ahead._tables.clear()
    for ahead in (0, 2, 2):  # the second pass with the next Offer is all look-ups
        for state in states:
            seat = state.current_player
            found = leaves.path_value(state, seat, ev, ahead)
            worked = leaves._path_value(state, seat, ev, state.legal_moves(), ahead, 1, 1.0)
            assert found == worked
            if ahead and state.config.solo:
                p = state.players[seat]
                gain = offer_ahead.next_offer_gain(state, seat, ev, p.path, p.cash)
                base = ev.predict(p, state.round, p.path, p.cash)
                assert gain == offer_ahead._gain(state, seat, ev, p.path, p.cash, 2, 1, base)
    assert leaves._path_tables and offer_ahead._tables


def test_the_tables_keys_are_not_walked_by_the_garbage_collector():
    """A table of 60,000 keys of nested card tuples made every full collection walk them
    (0.25 s frames at the table); a flat tuple of numbers is untracked by the collector."""
    import gc

    boards = _boards(games=4)
    keys = [projection.board_key(p, round_, p.path, p.cash) for p, round_ in boards]
    gc.collect()
    assert keys and not any(gc.is_tracked(key) for key in keys)
    rich = next(p for p, _ in boards if p.regulars and p.stalls)
    other = rich.clone()
    other.stalls = other.stalls[:-1]
    other.regulars = [*other.regulars, rich.stalls[-1]]  # same numbers, other places
    assert projection.board_key(rich, 5, 3, 2) != projection.board_key(other, 5, 3, 2)


def test_the_c_types_are_for_hot_modules_and_the_source_needs_no_cython():
    """A module's C types (`ai/NAME.pxd`, read by Cython beside the source) belong to a module
    setup.py compiles; the plain source never imports Cython (the installed game runs without
    it), and what a .pxd makes a C class is a class of its module."""
    import ai

    c_versions = set()
    for pyx in glob.glob(os.path.join(ROOT, "ai", "*.pyx")):  # a C version of a hot module
        name = os.path.basename(pyx)[:-4]
        assert name in ai.COMPILED and os.path.exists(os.path.join(ROOT, "ai", name + ".py"))
        c_versions.add(name)
    for pxd in glob.glob(os.path.join(ROOT, "ai", "*.pxd")):
        name = os.path.basename(pxd)[:-4]
        assert name in ai.COMPILED, pxd
        with open(os.path.join(ROOT, "ai", name + ".py"), encoding="utf-8") as f:
            source = f.read()
        assert "import cython" not in source and "from cython" not in source
        if name in c_versions:
            continue  # the C version's own types, not the source's
        module = importlib.import_module(f"ai.{name}")
        with open(pxd, encoding="utf-8") as f:
            classes = [line.split()[2].rstrip(":") for line in f if line.startswith("cdef class")]
        assert classes and all(isinstance(getattr(module, c), type) for c in classes), pxd
