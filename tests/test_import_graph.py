"""The whole house imports one way (ARCHITECTURE.md): no circle across `loyang_game`, `ai` and
the lab, counting imports inside functions; the engine imports nothing of ours above it; the AI
never touches the window; the lab sits on top and nothing imports it."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.ui.test_imports import circles, imports_of

ROOT = Path(__file__).resolve().parents[1]


PACKAGES = ("loyang_game", "ai", "lab")


def whole_graph() -> dict[str, set[str]]:
    """Module -> the modules of `loyang_game`, `ai` and `lab` it imports: each package's graph,
    with the imports from one package into another added."""
    graph: dict[str, set[str]] = {}
    for package in PACKAGES:
        graph.update(imports_of(ROOT / package))
    names = set(graph)
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            name = name.removesuffix(".__init__")
            for line in path.read_text().splitlines():
                words = line.split()
                if len(words) >= 2 and words[0] in ("from", "import"):
                    target = words[1]
                    while target and target not in names:
                        target = target.rpartition(".")[0]
                    if target and target != name and not target.startswith(package):
                        graph[name].add(target)
    return graph


def imported_names(path: Path) -> set[str]:
    """The top-level names of every module the file imports, anywhere in it."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.partition(".")[0])
    return names


def test_no_import_circle_across_the_game_the_ai_and_the_lab():
    graph = whole_graph()
    # the graph does cross packages: the session into the AI, the AI into the engine, the
    # lab into the AI
    assert any(t.startswith("ai.") for t in graph["loyang_game.play.session"])
    assert "loyang_game.engine" in graph["ai.search"] or any(
        t.startswith("loyang_game.engine") for t in graph["ai.search"])
    assert "ai.agents" in graph["lab.compare"]
    assert circles(graph) == []


def test_the_engine_imports_nothing_of_ours_above_it():
    graph = whole_graph()
    engine = [name for name in graph if name.startswith("loyang_game.engine")]
    assert len(engine) > 10
    for name in engine:
        above = {t for t in graph[name] if not t.startswith("loyang_game.engine")}
        assert not above, f"{name} imports {sorted(above)}"


def test_the_ai_never_imports_the_window():
    graph = whole_graph()
    runtime = [name for name in graph if name.startswith("ai.")]
    assert "ai.search" in runtime
    for name in runtime:
        ui = {t for t in graph[name] if t.startswith("loyang_game.ui")}
        assert not ui, f"{name} imports {sorted(ui)}"
    # nor pygame itself (the frame-rate bench that drew a window moved to the lab)
    sources = sorted((ROOT / "ai").rglob("*.py"))
    assert len(sources) > 10
    for path in sources:
        assert "pygame" not in imported_names(path), f"{path.name} imports pygame"


# Which layers each layer may import (ARCHITECTURE.md): downwards only.
ENGINE, TEXT, FILES, PLAY = ("loyang_game.engine", "loyang_game.text", "loyang_game.files",
                             "loyang_game.play")
TUTORIAL, UI, AI, LAB = "loyang_game.tutorial", "loyang_game.ui", "ai", "lab"
# The words layer (gettext's catalogues: the language, `_`) sits at the foot: everything that
# makes text for people may use it, it uses nothing of ours, and the engine and the AI, which
# hold no sentence, never import it.
WORDS = "loyang_game.words"
ALLOWED = {
    WORDS: set(),
    ENGINE: set(),
    TEXT: {ENGINE, WORDS},
    FILES: {ENGINE, TEXT, WORDS},
    AI: {ENGINE},
    PLAY: {ENGINE, TEXT, FILES, AI, WORDS},
    TUTORIAL: {ENGINE, TEXT, FILES, PLAY, AI, WORDS},
    UI: {ENGINE, TEXT, FILES, PLAY, TUTORIAL, AI, WORDS},
    LAB: {ENGINE, TEXT, FILES, PLAY, TUTORIAL, UI, AI, WORDS},  # the top: the checkout's tools
}
# No exception: the terminal game between agents is given its log's words by its caller.
EXCEPTIONS: set[tuple[str, str]] = set()


def layer_of(module: str) -> str | None:
    return next((layer for layer in ALLOWED
                 if module == layer or module.startswith(layer + ".")), None)


def test_each_layer_imports_only_the_layers_below_it():
    graph = whole_graph()
    placed = [name for name in graph if layer_of(name)]
    assert {layer_of(name) for name in placed} == set(ALLOWED)  # every layer has modules
    for name in placed:
        for target in graph[name]:
            here, there = layer_of(name), layer_of(target)
            if there and there != here and (name, target) not in EXCEPTIONS:
                assert there in ALLOWED[here], f"{name} ({here}) imports {target} ({there})"
    assert all(target in graph[name] for name, target in EXCEPTIONS)  # none is stale


def test_nothing_imports_the_lab():
    """The installed game has no lab (pyproject.toml ships `ai` and `loyang_game` only), so a
    module of either that imported one would break there."""
    graph = whole_graph()
    lab = [name for name in graph if name == LAB or name.startswith(LAB + ".")]
    assert "lab.compare" in lab and "lab.bench" in lab
    for name, targets in graph.items():
        if layer_of(name) != LAB:
            assert not [t for t in targets if layer_of(t) == LAB], f"{name} imports the lab"
