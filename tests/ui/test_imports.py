"""The UI's modules import one another one way: no circle, counting the imports inside
functions too (a deferred import is still a circle, only a hidden one)."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "loyang_game" / "ui"


def module_name(root: Path, path: Path) -> str:
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(root: Path) -> dict[str, set[str]]:
    """Module -> the modules under `root` it imports (anywhere in the file)."""
    files = {module_name(root, p): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                if node.level:
                    base = f"{base}.{node.module}" if node.module else base
                else:
                    base = node.module or ""
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base
                           for a in node.names]
            else:
                continue
            graph[name] |= {t for t in targets if t in files and t != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import one another (Tarjan's strongly connected parts)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_in_the_ui():
    graph = imports_of(UI)
    assert "ui.scenes.table" in graph and "ui.tableview" in graph["ui.scenes.table"]
    assert circles(graph) == []


def test_a_circle_through_a_deferred_import_is_found(tmp_path):
    pkg = tmp_path / "ui"
    (pkg / "scenes").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "scenes" / "__init__.py").write_text("from .menus import Menu\n")
    (pkg / "scenes" / "menus.py").write_text("from ..table import Table\nclass Menu: pass\n")
    (pkg / "table.py").write_text("def open():\n    from .scenes import menus\n")
    assert circles(imports_of(pkg)) == [["ui.scenes.menus", "ui.table"]]
