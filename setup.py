"""The build's one step beyond pyproject.toml: the AI's hot path (the farm simulation, the
search, its plans and play-ons) compiled by Cython when a C compiler is at hand. Without a
compiler, or without Cython, the package installs all the same and runs the plain source;
`python -c "import ai; print(ai.hot_path())"` (or `python -m lab.bench` in a checkout) says
which path runs, and `LOYANG_PURE=1` forces the plain one.

Each module is compiled from a copy of its source that carries the source's SHA-256, so a
compiled module left beside a changed source is noticed and not used (`ai/__init__.py`).
"""

import contextlib
import hashlib
import os

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The search's hot path (`ai.COMPILED`, kept in step with this list by a test).
HOT = ("corrected", "correction_inputs", "farm", "leaves", "offer_ahead", "options",
       "playout", "policy", "projection", "rule_of_thumb", "search", "tree", "turn", "verify",
       "view")


def _write(path: str, text: str | None) -> None:
    """`text` into `path` (rewritten only when changed, so that Cython's own check may skip
    it); None: no such file."""
    old = None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = f.read()
    if text is None:
        if old is not None:
            os.unlink(path)
    elif old != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def _copy(name: str) -> str:
    """The module's source with its SHA-256 added, in build/cython/ai/, and beside it the
    module's C types if it has any (`ai/NAME.pxd`, which Cython reads with the source: the
    plain source stays the reference, the types only make its build faster). A module with a
    C version of its own (`ai/NAME.pyx`: the same values from C data, tests/ai/test_farm.py)
    is built from that, stamped with the plain source's SHA-256 it was checked against."""
    with open(os.path.join("ai", name + ".py"), "rb") as f:
        source = f.read()
    stamp = f'\nSOURCE_SHA256 = "{hashlib.sha256(source).hexdigest()}"\n'
    own = os.path.join("ai", name + ".pyx")
    if os.path.exists(own):
        with open(own, encoding="utf-8") as f:
            text, suffix = f.read() + stamp, ".pyx"
    else:
        text, suffix = source.decode("utf-8") + stamp, ".py"
    folder = os.path.join("build", "cython", "ai")
    os.makedirs(folder, exist_ok=True)
    copy = os.path.join(folder, name + suffix)
    _write(copy, text)
    _write(os.path.join(folder, name + (".py" if suffix == ".pyx" else ".pyx")), None)
    types = None
    if os.path.exists(os.path.join("ai", name + ".pxd")):
        with open(os.path.join("ai", name + ".pxd"), encoding="utf-8") as f:
            types = f.read()
    _write(os.path.join(folder, name + ".pxd"), types)
    return copy


def extensions() -> list:
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        return []
    # Python objects but for the C types a module's .pxd gives its classes (ai/tree.pxd,
    # ai/options.pxd: the attributes and methods of the objects the search makes most), the
    # farm's C version (ai/farm.pyx: the board in C arrays) and the types Cython infers for
    # locals (`infer_types`: a loop's counter, a length, a float kept as a C double): a C
    # double holds what the Python float held and is computed in the same order, so the
    # values stay those of the plain source to the last bit
    # (tests/ai/test_farm.py, tests/ai/test_compiled_moves.py); and no fused multiply-adds.
    flags = [] if os.name == "nt" else ["-ffp-contract=off"]
    modules = [Extension(f"ai.{name}", [_copy(name)], extra_compile_args=flags) for name in HOT]
    built = cythonize(modules, build_dir=os.path.join("build", "cython", "c"), quiet=True,
                      include_path=[".", "ai"],  # the C versions' types and parts
                      compiler_directives={"language_level": 3, "annotation_typing": False,
                                           "infer_types": True})
    for ext in built:
        ext.optional = True  # a failed compilation is a warning: the plain source is used
    return built


class BuildExt(build_ext):
    """`build_ext --inplace` that puts a new file beside the source rather than writing over
    the old one, which a running process (a long lab run) may still have mapped."""

    def copy_file(self, infile, outfile, *args, **kwargs):
        if str(outfile).endswith((".so", ".pyd")) and os.path.exists(outfile):
            with contextlib.suppress(OSError):  # Windows: a module in use stays
                os.unlink(outfile)
        return super().copy_file(infile, outfile, *args, **kwargs)


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
