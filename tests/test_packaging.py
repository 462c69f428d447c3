"""An installed copy holds every package of the game (a package left out of pyproject.toml
works from the checkout and breaks `pip install .`), and nothing of the lab: the game installs
what it runs."""

import tomllib
from pathlib import Path

from tests.test_import_graph import imported_names

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
LISTED = set(PYPROJECT["tool"]["setuptools"]["packages"])
SHIPPED = ("loyang_game", "ai")  # the top-level packages of the game


def test_every_package_is_installed():
    found = {".".join(init.parent.relative_to(ROOT).parts)
             for top in SHIPPED for init in (ROOT / top).rglob("__init__.py")}
    assert {"loyang_game", "loyang_game.engine", "ai"} <= found  # the walk finds packages
    assert found - LISTED == set()


def test_the_lab_is_not_installed():
    """The lab's tools run from a checkout (`python -m lab.X`); none is shipped, neither as
    the `lab` package nor left behind in `ai/`."""
    tools = {path.stem for path in (ROOT / "lab").glob("*.py")} - {"__init__"}
    assert {"arena", "bench", "compare", "train"} <= tools
    assert not {name for name in LISTED if name == "lab" or name.startswith("lab.")}
    assert not {path.stem for path in (ROOT / "ai").glob("*.py")} & tools


def test_numpy_is_the_labs_not_the_games():
    """numpy is the lab's (the `lab` extra), not the game's: no shipped module imports it,
    and the game does not install it."""
    sources = [path for top in SHIPPED for path in (ROOT / top).rglob("*.py")]
    assert len(sources) > 50
    users = [str(path.relative_to(ROOT)) for path in sources if "numpy" in imported_names(path)]
    assert users == []
    needs = PYPROJECT["project"]["dependencies"]
    assert not [need for need in needs if need.startswith("numpy")]
    assert "numpy>=1.26" in PYPROJECT["project"]["optional-dependencies"]["lab"]
    assert "numpy" in imported_names(ROOT / "lab" / "train.py")  # the check can see one
