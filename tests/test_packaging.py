"""An installed copy holds every package of the game (a package left out of pyproject.toml
works from the checkout and breaks `pip install .`), and nothing of the lab: the game installs
what it runs."""

import tomllib
from pathlib import Path

import pytest

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


def test_version_prints_the_projects_version_and_starts_nothing(capsys):
    from loyang_game.__main__ import main

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"loyang {PYPROJECT['project']['version']}\n"


def test_an_installed_copy_reads_its_version_from_the_package_metadata(tmp_path, monkeypatch):
    """An installed copy (and the download, which carries the metadata) asks the package's
    metadata; without any, the version is "unknown" rather than an error."""
    import importlib.metadata

    from loyang_game import __main__ as cli

    monkeypatch.setattr(cli, "in_checkout", lambda: False)
    info = tmp_path / "loyang-9.8.7.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: loyang\nVersion: 9.8.7\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert cli.version() == "9.8.7"

    def not_installed(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert cli.version() == "unknown"
