"""The engine's imports run one way (ARCHITECTURE.md, "engine/"): card data and moves ->
state -> shared operations -> helpers and money -> phases -> flow. Any circle among its
modules fails here, whether the import is at module level or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "loyang_game" / "engine"


def _module_name(root: Path, path: Path) -> str:
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same package tree it imports (every `import` statement in
    the file, at any depth: a function-level import ties modules as much as a top one)."""
    files = {_module_name(root, path): path for path in root.rglob("*.py")}
    outside = f"{root.parent.name}."  # absolute imports name the package it lies in

    def local(name: str) -> str:
        return name.removeprefix(outside)

    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")
                if node.level:
                    base = base[:len(base) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = local(node.module or "")
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    edges.add(sub if sub in files else target)
            elif isinstance(node, ast.Import):
                edges.update(local(alias.name) for alias in node.names)
        graph[name] = {edge for edge in edges if edge in files and edge != name}
    return graph


def find_circle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of imports (its modules in order, the first repeated last), or []."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


# The layers, lowest first; a module may import from its own layer and those below.
LAYERS = (
    ("cards", "moves", "rng", "events"),  # card data and what is derived from it; moves;
    # what a move did (the events)
    ("state",),  # the data, clone, observe
    ("play_area", "turns", "serving"),  # operations every rule shares
    ("helpers", "money"),  # one small unit per Helper; raising money
    ("setup", "harvest", "cardphase", "actionphase", "solo"),  # the phases
    ("planning",),  # what a search may treat as one position: reads the state and Helpers
    ("flow",),  # dispatch, and GameState, the one door
    ("playthrough",),  # the one game loop, above the door it plays through
)


def _layer(module: str) -> int:
    """The layer of an engine module ("engine.helpers.shop" is in the Helpers' layer); the
    package's face, engine/__init__, sits on top."""
    parts = module.split(".")
    if len(parts) == 1:
        return len(LAYERS)
    return next(i for i, names in enumerate(LAYERS) if parts[1] in names)


def test_imports_run_down_the_layers():
    graph = import_graph(ENGINE)
    upward = [(src, dst) for src, targets in graph.items() for dst in targets
              if _layer(src) < _layer(dst)]
    assert upward == []


def test_the_engine_has_no_import_circle():
    graph = import_graph(ENGINE)
    assert "engine.actionphase" in graph["engine.flow"]  # the graph is really read
    assert "engine.state" in graph["engine.helpers.base"]
    assert find_circle(graph) == []


def test_a_circle_through_a_function_level_import_is_found(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("def f():\n    from .high import g\n    return g\n")
    (package / "high.py").write_text("from . import low\n\ng = low\n")
    assert find_circle(import_graph(package)) == ["pkg.high", "pkg.low", "pkg.high"]
