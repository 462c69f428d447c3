"""The whole house imports one way (ARCHITECTURE.md): no circle across `loyang_game` and `ai`,
counting imports inside functions; the engine imports nothing of ours above it; the AI never
touches the window."""

from __future__ import annotations

from pathlib import Path

from tests.ui.test_imports import circles, imports_of

ROOT = Path(__file__).resolve().parents[1]


def whole_graph() -> dict[str, set[str]]:
    """Module -> the modules of `loyang_game` and `ai` it imports: each package's graph, with
    the imports from one package into the other added."""
    graph: dict[str, set[str]] = {}
    for package in ("loyang_game", "ai"):
        graph.update(imports_of(ROOT / package))
    names = set(graph)
    for package in ("loyang_game", "ai"):
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


def test_no_import_circle_across_the_game_and_the_ai():
    graph = whole_graph()
    assert "ai.worker" in graph["loyang_game.play.session"]  # the graph does cross packages
    assert "loyang_game.engine" in graph["ai.search"] or any(
        t.startswith("loyang_game.engine") for t in graph["ai.search"])
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
    runtime = [name for name in graph if name.startswith("ai.") and name != "ai.framebench"]
    assert "ai.search" in runtime
    for name in runtime:
        ui = {t for t in graph[name] if t.startswith("loyang_game.ui")}
        assert not ui, f"{name} imports {sorted(ui)}"


# Which layers each layer may import (ARCHITECTURE.md): downwards only.
ENGINE, TEXT, FILES, PLAY = ("loyang_game.engine", "loyang_game.text", "loyang_game.files",
                             "loyang_game.play")
TUTORIAL, UI, AI = "loyang_game.tutorial", "loyang_game.ui", "ai"
ALLOWED = {
    ENGINE: set(),
    TEXT: {ENGINE},
    FILES: {ENGINE, TEXT},
    AI: {ENGINE},
    PLAY: {ENGINE, TEXT, FILES, AI},
    TUTORIAL: {ENGINE, TEXT, FILES, PLAY, AI},
    UI: {ENGINE, TEXT, FILES, PLAY, TUTORIAL, AI},
}
# The one known exception, with its reason: the terminal game between agents prints its log.
EXCEPTIONS = {("ai.play", "loyang_game.text.log")}


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
