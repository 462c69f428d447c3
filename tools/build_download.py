"""The download: the game as a folder a player unpacks and starts with a double-click, no
Python needed, made with PyInstaller by one command, the same on Linux, Windows and macOS:

    python -m pip install ".[build]"        once: PyInstaller, into the game's environment
    python tools/build_download.py          dist/loyang/ (on macOS also dist/Loyang.app)
    python tools/build_download.py --archive    ... and that folder packed, ready to hand out

Each system builds its own download (PyInstaller does not cross-build). The folder holds the
program (`loyang`, `loyang.exe`) and `_internal/` with Python, pygame-ce and the game's files:
the sprites and sounds (the package data pyproject.toml lists for `loyang_game.assets`, so
whatever the installed game ships the download ships), the AI's fitted `ai/*.json`, and the
sources of the AI's hot modules, which `ai/__init__.py` loads by path. The game finds them
through `loyang_game/files/paths.py` (`frozen()`, `asset_dir()`) and `ai/`'s own
`os.path.dirname(__file__)`, both inside `_internal/`.

Made here, in the work folder (build/download/ unless --work), and rebuilt each time:

- the icon, drawn by `loyang_game/ui/icon.py` (a cash coin of Loyang with a sprout, our own
  drawing, the window's icon too) as PNGs and packed as `loyang.ico` (Windows) and
  `loyang.icns` (macOS) without any image library; on Linux, where a program carries no
  icon, `loyang.png` is put beside it;
- the version (from pyproject.toml): the package metadata `loyang-<version>.dist-info`,
  which `loyang --version` reads, a Windows version resource and the macOS bundle's
  `CFBundleShortVersionString`;
- `loyang.spec`, PyInstaller's recipe, written from `spec_text` and built with
  `python -m PyInstaller --noconfirm loyang.spec`.

The program is built without a console on Windows and macOS (a double-click opens the
window only); `--console` keeps one, for `loyang.exe --version` and the options in a
terminal there. The AI runs as plain Python in the download unless `ai/` was compiled in
place first (`python setup.py build_ext --inplace`, a C compiler needed), which the build
then carries.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import os
import platform
import shutil
import struct
import subprocess
import sys
import time
import tomllib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
NAME = "loyang"  # the program and its folder
TITLE = "Loyang"  # what a player reads: the macOS app, the Windows file description
BUNDLE_ID = "org.loyang.Loyang"  # macOS; reverse-DNS by custom, no domain behind it
ENTRY = ROOT / "tools" / "download_main.py"
# Never the game's: the lab and the tests, the build's own tools, and numpy (pygame would
# take it along for its array modules, which the game does not use).
EXCLUDES = ["lab", "tests", "numpy", "tkinter", "_tkinter", "Cython", "pytest", "_pytest",
            "mypy", "PyInstaller", "setuptools", "pkg_resources", "pip"]
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
# The types of an .icns, by the size of the PNG each holds (a "@2x" one counts its pixels).
ICNS_TYPES = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256,
              b"ic09": 512, b"ic10": 1024, b"ic11": 32, b"ic12": 64, b"ic13": 256,
              b"ic14": 512}
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)


def project_version() -> str:
    return str(pyproject()["project"]["version"])


def system() -> str:
    """"windows", "macos" or "linux" (any other Unix builds as Linux does)."""
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


# --- what goes in ---------------------------------------------------------------------------

def bundled_data() -> list[tuple[Path, str]]:
    """Every data file the game reads, with the folder it goes to inside the bundle: the
    package data of pyproject.toml (each package's files where the installed package has
    them, e.g. assets/sounds/take.wav -> loyang_game/assets/sounds) and the sources of the
    AI's hot modules (`ai.COMPILED`: ai/__init__.py loads each by its path)."""
    setuptools = pyproject()["tool"]["setuptools"]
    folders = setuptools.get("package-dir", {})
    found: list[tuple[Path, str]] = []
    for package, patterns in setuptools["package-data"].items():
        folder = ROOT / folders.get(package, package.replace(".", "/"))
        for pattern in patterns:
            for path in sorted(folder.glob(pattern)):
                if path.is_file():
                    inside = Path(*package.split(".")) / path.parent.relative_to(folder)
                    found.append((path, inside.as_posix()))
    found += [(ROOT / "ai" / f"{name}.py", "ai") for name in hot_modules()]
    return found


def hot_modules() -> tuple[str, ...]:
    """`ai.COMPILED`, read from ai/__init__.py's text (importing `ai` would put its finder
    into this process for nothing)."""
    text = (ROOT / "ai" / "__init__.py").read_text()
    start = text.index("COMPILED = (")
    names = text[start + len("COMPILED = ("):text.index(")", start)]
    return tuple(name.strip().strip('"') for name in names.split(",") if name.strip())


def game_modules() -> list[str]:
    """Every module of the packages the game installs (pyproject.toml's list): all of them
    go in, so none that is imported only by name (a scene by its registry, a worker's
    target) can be missed."""
    modules = []
    for package in pyproject()["tool"]["setuptools"]["packages"]:
        folder = ROOT / package.replace(".", "/")
        if package == "loyang_game.assets":
            continue  # data only
        modules += [package] + [f"{package}.{path.stem}" for path in sorted(folder.glob("*.py"))
                                if path.stem != "__init__"]
    return modules


# --- the icon -------------------------------------------------------------------------------

def icon_pngs() -> dict[int, bytes]:
    """The icon as PNG files, by size."""
    import pygame

    pngs = {}
    sys.path.insert(0, str(ROOT))  # the game's own drawing of its icon (the window's too)
    from loyang_game.ui.icon import draw_icon

    for size in ICON_SIZES:
        data = io.BytesIO()
        pygame.image.save(draw_icon(size), data, "icon.png")
        pngs[size] = data.getvalue()
    return pngs


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico of PNG images (read by Windows Vista and later), 16 to 256 pixels."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    entries, offset = b"", 6 + 16 * len(sizes)
    for size in sizes:
        side = 0 if size >= 256 else size  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(pngs[size]), offset)
        offset += len(pngs[size])
    return header + entries + b"".join(pngs[size] for size in sizes)


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns of PNG images, 16 to 1024 pixels (with the Retina "@2x" types)."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for kind, size in ICNS_TYPES.items() if size in pngs)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


# --- the version ----------------------------------------------------------------------------

def metadata(version: str) -> dict[str, str]:
    """The package metadata a frozen `loyang --version` reads (importlib.metadata finds the
    `.dist-info` folder at the top of the bundle, which is on the frozen program's path)."""
    project = pyproject()["project"]
    text = (f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {version}\n"
            f"Summary: {project['description']}\nRequires-Python: {project['requires-python']}\n")
    return {f"{project['name']}-{version}.dist-info/METADATA": text}


def windows_version(version: str) -> str:
    """The version resource of loyang.exe (its Properties' Details), as PyInstaller reads it."""
    parts = [int(p) if p.isdigit() else 0 for p in version.split(".")[:4]]
    numbers = tuple(parts + [0] * (4 - len(parts)))
    strings = {"CompanyName": "", "FileDescription": TITLE, "FileVersion": version,
               "InternalName": NAME, "OriginalFilename": f"{NAME}.exe",
               "ProductName": TITLE, "ProductVersion": version,
               "LegalCopyright": "Loyang's authors"}
    table = ",\n        ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0,
                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
        {table}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


# --- the recipe -----------------------------------------------------------------------------

def spec_text(work: Path, version: str, target: str, console: bool) -> str:
    """PyInstaller's recipe for a one-folder build on `target` ("linux", "windows",
    "macos"), its made files (icon, metadata, version resource) expected in `work`."""
    datas = [(str(path), inside) for path, inside in bundled_data()]
    datas += [(str(work / "metadata" / name), str(Path(name).parent))
              for name in metadata(version)]
    icon = {"windows": str(work / f"{NAME}.ico"), "macos": str(work / f"{NAME}.icns")}.get(target)
    version_file = str(work / "version.txt") if target == "windows" else None
    bundle = ""
    if target == "macos":
        bundle = f"""
app = BUNDLE(coll, name={TITLE + ".app"!r}, icon={icon!r}, bundle_identifier={BUNDLE_ID!r},
             version={version!r},
             info_plist={{"CFBundleDisplayName": {TITLE!r}, "NSHighResolutionCapable": True}})
"""
    return f"""# PyInstaller's recipe for the download, made by tools/build_download.py: not to be
# edited, it is made again on every build.
a = Analysis(
    [{str(ENTRY)!r}],
    pathex=[{str(ROOT)!r}],
    binaries=[],
    datas={datas!r},
    hiddenimports={game_modules()!r},
    hookspath=[],
    runtime_hooks=[],
    excludes={EXCLUDES!r},
    noarchive=False,
)
pyz = PYZ(a.pure)
exe = EXE(
    pyz,
    a.scripts,
    [],
    exclude_binaries=True,
    name={NAME!r},
    debug=False,
    strip=False,
    upx=False,
    console={console!r},
    icon={icon!r},
    version={version_file!r},
)
coll = COLLECT(exe, a.binaries, a.datas, strip=False, upx=False, name={NAME!r})
{bundle}"""


def prepare(work: Path, version: str, target: str, console: bool) -> Path:
    """Write the icon, the metadata, the version resource and the recipe into `work`; the
    recipe's path."""
    work.mkdir(parents=True, exist_ok=True)
    pngs = icon_pngs()
    (work / f"{NAME}.png").write_bytes(pngs[256])
    (work / f"{NAME}.ico").write_bytes(ico(pngs))
    (work / f"{NAME}.icns").write_bytes(icns(pngs))
    shutil.rmtree(work / "metadata", ignore_errors=True)
    for name, text in metadata(version).items():
        path = work / "metadata" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (work / "version.txt").write_text(windows_version(version))
    spec = work / f"{NAME}.spec"
    spec.write_text(spec_text(work, version, target, console))
    return spec


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def archive(folder: Path, version: str) -> Path:
    """The built download packed to hand out: on Linux the folder as a .tar.gz (which keeps
    the program's executable bit), on Windows the folder as a .zip, on macOS the app as a
    .zip made by `ditto` (which keeps the bundle's links and signature, as Finder does)."""
    machine = platform.machine().lower() or "unknown"
    base = folder.parent / f"{NAME}-{version}-{system()}-{machine}"
    if system() == "macos":
        packed = base.parent / f"{base.name}.zip"
        app = folder.parent / f"{TITLE}.app"
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app),
                        str(packed)], check=True)
        return packed
    kind = "gztar" if system() == "linux" else "zip"
    return Path(shutil.make_archive(str(base), kind, folder.parent, folder.name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="\n\n".join(__doc__.split("\n\n")[:2]),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the built folder goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "download",
                        help="PyInstaller's work folder (default: build/download/)")
    parser.add_argument("--console", action="store_true",
                        help="Windows, macOS: keep a console (for --version and the options)")
    parser.add_argument("--archive", action="store_true",
                        help="also pack it: the folder as .tar.gz (Linux) or .zip "
                             "(Windows), the app as .zip (macOS)")
    parser.add_argument("--spec-only", action="store_true",
                        help="write the recipe and its files into --work, build nothing")
    args = parser.parse_args(argv)
    target = system()
    version = project_version()
    work, dist = args.work.resolve(), args.dist.resolve()
    spec = prepare(work, version, target, args.console or target == "linux")
    if args.spec_only:
        print(f"wrote {spec}")
        return 0
    if importlib.util.find_spec("PyInstaller") is None:
        print('build_download: PyInstaller is not installed: python -m pip install ".[build]"',
              file=sys.stderr)
        return 2
    started = time.perf_counter()
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level",
               "WARN", "--distpath", str(dist), "--workpath", str(work / "pyinstaller"),
               str(spec)]
    print("+ " + " ".join(command), flush=True)
    done = subprocess.run(command, cwd=work)
    if done.returncode != 0:
        print(f"build_download: PyInstaller failed (exit code {done.returncode})",
              file=sys.stderr)
        return 1
    folder = dist / NAME
    if target == "linux":
        shutil.copy2(work / f"{NAME}.png", folder / f"{NAME}.png")
    size = folder_size(folder)
    print(f"built {folder} (loyang {version}, {target}): {size / 2**20:.1f} MiB in "
          f"{sum(1 for p in folder.rglob('*') if p.is_file())} files, "
          f"{time.perf_counter() - started:.0f} s")
    if target == "macos":
        print(f"the app: {dist / (TITLE + '.app')}")
    if args.archive:
        print(f"packed {archive(folder, version)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
