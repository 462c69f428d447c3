"""The download (`python tools/build_download.py`): a one-folder PyInstaller build of the game.

The default run checks the cheap parts: the recipe is valid and names every file the game
reads where the frozen game looks for it, the icon files are well formed, the version is
carried. `python -m pytest -m build` (after `pip install ".[build]"`) builds it and starts it
headless: its --screenshot draws the table.
"""

from __future__ import annotations

import email.parser
import importlib.util
import os
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from loyang_game.files import paths
from tests.test_import_graph import imported_names
from tests.test_packaging import PYPROJECT, ROOT

_spec = importlib.util.spec_from_file_location("build_download",
                                               ROOT / "tools" / "build_download.py")
assert _spec is not None and _spec.loader is not None
build_download = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_download)

VERSION = PYPROJECT["project"]["version"]
PNG = b"\x89PNG\r\n\x1a\n"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_every_file_the_game_reads_is_bundled_where_the_frozen_game_looks():
    bundled = {(path.relative_to(ROOT).as_posix(), inside)
               for path, inside in build_download.bundled_data()}
    assets = {p.relative_to(ROOT).as_posix() for p in (ROOT / "assets").rglob("*")
              if p.is_file() and p.suffix in (".png", ".wav")}
    assert {"assets/wood.png", "assets/paper.png"} <= assets  # the card faces are drawn
    assert any(a.startswith("assets/sounds/") for a in assets)
    for asset in assets:
        inside = "loyang_game/" + str(Path(asset).parent.as_posix())
        assert (asset, inside) in bundled
    assert {("ai/weights.json", "ai"), ("ai/correction.json", "ai")} <= bundled
    # ai/__init__.py loads each hot module by its path: its source goes along.
    import ai

    assert build_download.hot_modules() == ai.COMPILED
    assert {(f"ai/{name}.py", "ai") for name in ai.COMPILED} <= bundled
    assert all((ROOT / source).is_file() for source, _ in bundled)


def test_every_file_in_assets_is_package_data():
    """What assets/ holds is read by the game: the installed game and the download carry
    what pyproject.toml's package data lists, so nothing there may be left out of it."""
    listed = {path for path, _ in build_download.bundled_data()}
    kept = {p for p in (ROOT / "assets").rglob("*")
            if p.is_file() and p.name != "__init__.py" and "__pycache__" not in p.parts}
    assert kept - listed == set()


def test_the_frozen_game_looks_for_its_files_inside_the_bundle(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.frozen() and not paths.in_checkout()
    assert paths.asset_dir() == tmp_path / "loyang_game" / "assets"
    # The AI finds its data beside its modules, as an installed package: ai/ in the bundle.
    from ai import corrected, evaluate

    for data in (evaluate.WEIGHTS_FILE, corrected.CORRECTION_FILE):
        assert Path(data).resolve().parent == ROOT / "ai"
    monkeypatch.delenv(paths.SAVE_DIR_VARIABLE)
    monkeypatch.setattr(paths, "_settled", {})
    monkeypatch.setattr(paths, "platform_save_dir", lambda: tmp_path / "data" / "saves")
    monkeypatch.setattr(paths, "old_save_dir", lambda: tmp_path / "old" / "saves")
    assert paths.save_dir() == tmp_path / "data" / "saves"  # never the checkout's saves/


class _Recorded:
    """Stands in for PyInstaller's Analysis, PYZ, EXE, COLLECT and BUNDLE: keeps what the
    recipe gives each."""

    def __init__(self, kind, calls):
        self.kind, self.calls = kind, calls

    def __call__(self, *args, **options):
        made = type(self.kind, (), {"pure": [], "scripts": [], "binaries": [], "datas": []})()
        self.calls[self.kind] = (args, options)
        return made


@pytest.mark.parametrize("target", ["linux", "windows", "macos"])
def test_the_recipe_is_valid_and_names_everything(target, tmp_path):
    text = build_download.spec_text(tmp_path, VERSION, target, console=target == "linux")
    calls: dict = {}
    names = {kind: _Recorded(kind, calls) for kind in ("Analysis", "PYZ", "EXE", "COLLECT",
                                                       "BUNDLE")}
    exec(compile(text, "loyang.spec", "exec"), names)
    (entry,), analysis = calls["Analysis"]
    assert Path(entry[0]) == ROOT / "tools" / "download_main.py" and Path(entry[0]).is_file()
    assert analysis["pathex"] == [str(ROOT)]
    datas = analysis["datas"]
    assert all(Path(source).is_file() for source, _ in datas if "metadata" not in source)
    assert (str(tmp_path / "metadata" / f"loyang-{VERSION}.dist-info" / "METADATA"),
            f"loyang-{VERSION}.dist-info") in datas
    # Every module of the game goes in, none of the lab's, and nothing it imports is excluded.
    hidden = set(analysis["hiddenimports"])
    assert {"loyang_game.__main__", "loyang_game.ui.scenes.title", "ai.playons",
            "ai.thinker", "loyang_game.files.paths"} <= hidden
    assert not {m for m in hidden if m.split(".")[0] in ("lab", "tests")}
    for module in hidden:
        assert (ROOT / (module.replace(".", "/") + ".py")).is_file() or \
            (ROOT / module.replace(".", "/") / "__init__.py").is_file()
    sources = [p for top in ("loyang_game", "ai") for p in (ROOT / top).rglob("*.py")]
    used = {name.split(".")[0] for p in sources for name in imported_names(p)}
    assert used & set(analysis["excludes"]) == set()
    exe = calls["EXE"][1]
    assert exe["name"] == "loyang" and exe["console"] == (target == "linux")
    assert exe["icon"] == {"linux": None, "windows": str(tmp_path / "loyang.ico"),
                           "macos": str(tmp_path / "loyang.icns")}[target]
    assert exe["version"] == (str(tmp_path / "version.txt") if target == "windows" else None)
    assert calls["COLLECT"][1]["name"] == "loyang"  # one folder: dist/loyang/
    if target == "macos":
        bundle = calls["BUNDLE"][1]
        assert bundle["name"] == "Loyang.app" and bundle["version"] == VERSION
        assert bundle["icon"] == exe["icon"]
    else:
        assert "BUNDLE" not in calls


def test_the_icon_is_a_well_formed_ico_and_icns(tmp_path):
    spec = build_download.prepare(tmp_path, VERSION, "linux", console=True)
    assert spec == tmp_path / "loyang.spec"
    ico = (tmp_path / "loyang.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count == len(build_download.ICO_SIZES)
    for i, size in enumerate(build_download.ICO_SIZES):
        w, h, _, _, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", ico[6 + 16 * i:22 + 16 * i])
        assert (w or 256, h or 256, planes, bits) == (size, size, 1, 32)
        assert _png_size(ico[offset:offset + length]) == (size, size)
    icns = (tmp_path / "loyang.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    at, found = 8, {}
    while at < len(icns):
        kind, length = icns[at:at + 4], struct.unpack(">I", icns[at + 4:at + 8])[0]
        found[kind] = _png_size(icns[at + 8:at + length])
        at += length
    assert found == {k: (s, s) for k, s in build_download.ICNS_TYPES.items()}
    assert _png_size((tmp_path / "loyang.png").read_bytes()) == (256, 256)


def test_the_download_carries_the_version_its_loyang_version_prints(tmp_path, monkeypatch):
    build_download.prepare(tmp_path, VERSION, "windows", console=False)
    folder = tmp_path / "metadata"
    text = (folder / f"loyang-{VERSION}.dist-info" / "METADATA").read_text()
    fields = email.parser.Parser().parsestr(text)
    assert (fields["Name"], fields["Version"]) == ("loyang", VERSION)
    from loyang_game import __main__ as cli

    monkeypatch.setattr(cli, "in_checkout", lambda: False)
    monkeypatch.syspath_prepend(str(folder))  # the bundle's top folder is on its path
    assert cli.version() == VERSION
    resource = (tmp_path / "version.txt").read_text()
    assert f"StringStruct('ProductVersion', '{VERSION}')" in resource


def test_pyinstaller_is_a_build_tool_not_the_games():
    project = PYPROJECT["project"]
    assert any(need.startswith("pyinstaller") for need in
               project["optional-dependencies"]["build"])
    for needs in (project["dependencies"], project["optional-dependencies"]["test"]):
        assert not [need for need in needs if need.lower().startswith("pyinstaller")]
    assert "platformdirs>=4" in project["dependencies"]


def test_the_programs_entry_runs_without_a_console():
    """Built without a console (Windows, macOS) a program has no stdout or stderr at all."""
    script = ("import runpy, sys\n"
              "sys.stdout = sys.stderr = None\n"
              "sys.argv = ['loyang', '--version']\n"
              f"runpy.run_path({str(ROOT / 'tools' / 'download_main.py')!r}, "
              "run_name='__main__')\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_windows_version_resource_is_well_formed(tmp_path):
    """PyInstaller reads the file by evaluating it with its version classes (on Windows,
    where it can: PyInstaller's reader needs pefile): here with stand-ins that keep what
    they are given."""
    text = build_download.windows_version(VERSION)
    kept: dict = {}

    def keeper(kind):
        return lambda *args, **options: kept.setdefault(kind, []).append((args, options))

    kinds = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable",
             "StringStruct", "VarFileInfo", "VarStruct")
    eval(text, {kind: keeper(kind) for kind in kinds})
    numbers = tuple(int(p) for p in VERSION.split(".")) + (0,) * (4 - len(VERSION.split(".")))
    assert kept["FixedFileInfo"][0][1]["filevers"] == numbers
    strings = dict(args for args, _ in kept["StringStruct"])
    assert strings["ProductVersion"] == strings["FileVersion"] == VERSION
    assert strings["OriginalFilename"] == "loyang.exe"
    try:
        from PyInstaller.utils.win32 import versioninfo
    except ImportError:
        return
    (tmp_path / "version.txt").write_text(text)
    assert VERSION in str(versioninfo.load_version_info_from_text_file(
        str(tmp_path / "version.txt")))


@pytest.mark.build
def test_the_download_builds_starts_and_draws_the_table(tmp_path):
    """Build the download (minutes) and start it headless from another folder, as a player's
    copy would be: --version, then the table after 10 moves to a PNG. The time to the
    screenshot is printed (`-s`), not judged."""
    pytest.importorskip("PyInstaller")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_download.py"),
                           "--dist", str(tmp_path / "dist"), "--work", str(tmp_path / "work")],
                          cwd=ROOT, capture_output=True, text=True, timeout=3600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    folder = tmp_path / "dist" / "loyang"
    program = folder / ("loyang.exe" if sys.platform == "win32" else "loyang")
    assert program.is_file() and (folder / "_internal" / "ai" / "weights.json").is_file()
    player = tmp_path / "elsewhere"
    player.mkdir()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           paths.SAVE_DIR_VARIABLE: str(player / "saves")}
    env.pop("PYTHONPATH", None)
    version = subprocess.run([str(program), "--version"], cwd=player, env=env,
                             capture_output=True, text=True, timeout=300)
    assert version.returncode == 0 and version.stdout.strip() == f"loyang {VERSION}"
    shot = player / "table.png"
    started = time.perf_counter()
    drawn = subprocess.run([str(program), "--screenshot", str(shot), "--seats", "2",
                            "--moves", "10"], cwd=player, env=env, capture_output=True,
                           text=True, timeout=600)
    took = time.perf_counter() - started
    assert drawn.returncode == 0, drawn.stdout + drawn.stderr
    assert shot.is_file() and shot.stat().st_size > 20_000

    import pygame

    picture = pygame.image.load(str(shot))
    assert picture.get_size() == (1280, 800)
    colours = {picture.get_at((x, y))[:3] for x in range(0, 1280, 16) for y in range(0, 800, 16)}
    assert len(colours) > 50  # a table, not a blank window
    size = build_download.folder_size(folder)
    print(f"\nthe download: {size / 2**20:.1f} MiB; --screenshot --seats 2 --moves 10 in "
          f"{took:.2f} s")
