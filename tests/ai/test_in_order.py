"""The AI adds its floats in order, in loops, never with the built-in `sum` (issue 49, item 8).

From Python 3.12 `sum` of floats compensates its rounding, while Python 3.11's `sum`, and
Cython's compiled `sum` over a generator on any version, add in order: a value that differs
in its last bit breaks a tie between two options the other way, and the plain source on
3.12 would play other moves than the compiled build and than 3.11 (the move-list hashes of
`python -m lab.move_hashes` would differ between Python versions). So a float total in `ai/`
is a loop; `sum` stays only where it adds integers, listed here after a look at each.
"""

from __future__ import annotations

import ast
from pathlib import Path

AI = Path(__file__).resolve().parents[2] / "ai"

# Each `sum(...)` left in ai/, as written: every one adds ints (Cash printed on cards, counts,
# lengths), which any Python and the compiled build add alike.
INTEGER_SUMS = {
    "correction_inputs": {"sum(CARDS[s.card].pays[s.rows:])",
                          "sum((bin(s.mask).count('1') for s in p.stalls))",
                          "sum(p.cart)", "sum(p.store)",
                          "sum((CARDS[f.card].spaces for f in p.fields if f.veg < 0))"},
    "memo": {"sum((len(table) for tables in _KEPT for _owner, table in list(tables.values())))"},
    "options": {"sum((SELL_PRICE[good_vegetable(code)] for code in (move.c, move.d, move.e) "
                "if code != NONE))"},
    "policy": {"sum(c.pays[:deliveries])",
               "sum((BUY_PRICE[v] * (c.wants.count(v) - p.cart[v]) for v in missing))",
               "sum(p.cart)"},
    "review": {"sum((1 for _ in decisions(config, moves, 0)))"},
}
# Sums whose rounding differs between Python versions or builds by other names.
OTHER_SUMS = {"fsum", "fmean", "mean", "sum"}


def sums(path: Path) -> set[str]:
    """The calls of a summing function in a module, as written (`ast.unparse`)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in OTHER_SUMS:
                found.add(ast.unparse(node))
    return found


def test_the_ai_adds_floats_in_order():
    modules = sorted(AI.glob("*.py"))
    assert len(modules) > 20
    for path in modules:
        found = sums(path)
        assert INTEGER_SUMS.get(path.stem, set()) <= found, "a listed sum has gone: unlist it"
        unlisted = found - INTEGER_SUMS.get(path.stem, set())
        assert not unlisted, (f"ai/{path.name}: {sorted(unlisted)} — add floats in a loop "
                              "(see this test's docstring); a sum of ints goes in "
                              "INTEGER_SUMS")


def test_the_check_sees_a_float_sum(tmp_path):
    module = tmp_path / "leaf.py"
    module.write_text("def value(w, x):\n    return sum(a * b for a, b in zip(w, x))\n")
    assert sums(module) == {"sum((a * b for a, b in zip(w, x)))"}
    module.write_text("import statistics\nm = statistics.fmean([0.1, 0.2])\n")
    assert sums(module) == {"statistics.fmean([0.1, 0.2])"}
