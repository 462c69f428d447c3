"""An installed copy holds every package of the checkout (a package left out of
pyproject.toml works from the checkout and breaks `pip install .`)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_installed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts)
             for top in ("loyang_game", "ai") for init in (ROOT / top).rglob("__init__.py")}
    assert {"loyang_game", "loyang_game.engine", "ai"} <= found  # the walk finds packages
    assert found - listed == set()
