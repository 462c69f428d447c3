"""The build's one step beyond pyproject.toml: the AI's hot path, `ai/farm.py`, compiled by
Cython when a C compiler is at hand (about twice the speed of the search's leaves). Without a
compiler, or without Cython, the package installs all the same and runs the plain source;
`python -m ai.bench` says which path runs, and `LOYANG_PURE=1` forces the plain one.

The module is compiled from a copy of `ai/farm.py` that carries the source's SHA-256, so a
compiled module left beside a changed source is noticed and not used (`ai/projection.py`).
"""

import hashlib
import os

from setuptools import setup

HOT = os.path.join("ai", "farm.py")


def extensions() -> list:
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        return []
    with open(HOT, "rb") as f:
        source = f.read()
    digest = hashlib.sha256(source).hexdigest()
    folder = os.path.join("build", "cython", "ai")
    os.makedirs(folder, exist_ok=True)
    copy = os.path.join(folder, "farm.py")
    text = source.decode("utf-8") + f'\nSOURCE_SHA256 = "{digest}"\n'
    old = None
    if os.path.exists(copy):
        with open(copy, encoding="utf-8") as f:
            old = f.read()
    if old != text:  # rewritten only when changed, so that Cython's own check may skip it
        with open(copy, "w", encoding="utf-8") as f:
            f.write(text)
    # Python objects only (no C types: the values stay those of the plain source to the last
    # bit), and no fused multiply-adds.
    flags = [] if os.name == "nt" else ["-ffp-contract=off"]
    ext = Extension("ai.farm", [copy], extra_compile_args=flags)
    built = cythonize([ext], build_dir=os.path.join("build", "cython", "c"), quiet=True,
                      compiler_directives={"language_level": 3, "annotation_typing": False})
    for ext in built:
        ext.optional = True  # a failed compilation is a warning: the plain source is used
    return built


setup(ext_modules=extensions())
