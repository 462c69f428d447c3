"""CI's type check: mypy over loyang_game, ai, lab and tools ([tool.mypy] in pyproject.toml).

    python .ci/typecheck.py            check; exit 1 if a module has more errors than allowed
    python .ci/typecheck.py --update   lower the baseline to today's counts (never raises one)

The engine (`loyang_game/engine/`) and the AI the game plays (`ai/`) are checked strict and
must have no error at all. Every
other module may have at most the errors counted for it in `.ci/mypy-baseline.txt` (one
`module count` a line; a module not listed may have none), so the count can only shrink: a
change that adds a type error to a module fails, one that removes some is told how to lower
the baseline. The report says how far each module is from 0.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / ".ci" / "mypy-baseline.txt"
STRICT = ("loyang_game.engine", "ai")  # these packages and all in them: no error allowed
ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+: error: ")
HEADER = """\
# mypy errors per module that CI still allows (python .ci/typecheck.py). Only lower these
# numbers (python .ci/typecheck.py --update does it); a module not listed may have none.
"""


def module_of(path: str) -> str:
    parts = list(Path(path).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_strict(module: str) -> bool:
    return any(module == package or module.startswith(package + ".") for package in STRICT)


def run_mypy(*args: str) -> tuple[Counter[str], str]:
    """Errors per module, and mypy's own output; exits 2 if mypy itself failed."""
    done = subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT,
                          capture_output=True, text=True)
    output = done.stdout + done.stderr
    counts: Counter[str] = Counter()
    for line in output.splitlines():
        match = ERROR.match(line)
        if match:
            counts[module_of(match["path"])] += 1
    # mypy exits 0 (clean) or 1 (errors found); anything else, or errors it reported in a
    # way not read above, is a failure of the check itself.
    if done.returncode not in (0, 1) or (done.returncode == 1 and not counts):
        print(output, end="")
        print(f"typecheck: mypy failed (exit code {done.returncode})", file=sys.stderr)
        sys.exit(2)
    return counts, output


def read_baseline() -> dict[str, int]:
    allowed: dict[str, int] = {}
    if BASELINE.exists():
        for line in BASELINE.read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                module, count = line.split()
                allowed[module] = int(count)
    return allowed


def write_baseline(counts: dict[str, int]) -> None:
    rows = [f"{module} {count}\n" for module, count in sorted(counts.items()) if count]
    BASELINE.write_text(HEADER + "".join(rows))


def main(argv: list[str]) -> int:
    counts, output = run_mypy()
    # The strict packages once more with `--strict` itself, so that they stay strict whatever the
    # per-module flags in pyproject.toml say.
    strict_counts, strict_output = run_mypy("--strict",
                                            *(package.replace(".", "/") for package in STRICT))
    for module, count in strict_counts.items():
        counts[module] = max(counts[module], count)
    if strict_counts:
        output += strict_output
    allowed = read_baseline()
    if "--update" in argv:
        # Lower only: a count above its baseline stays a failure to fix, not one to record
        # (with no baseline file yet, today's counts are the baseline).
        new = ({m: min(n, counts.get(m, 0)) for m, n in allowed.items()} if BASELINE.exists()
               else dict(counts))
        write_baseline({m: n for m, n in new.items() if not is_strict(m)})
        allowed = read_baseline()

    over: list[str] = []
    lower: list[str] = []
    for module in sorted(set(counts) | set(allowed)):
        found = counts.get(module, 0)
        limit = 0 if is_strict(module) else allowed.get(module, 0)
        if found > limit:
            over.append(f"  {module}: {found} errors, {limit} allowed"
                        + (" (the engine and the AI are strict)" if is_strict(module) else ""))
        elif found < limit:
            lower.append(f"  {module}: {found} (baseline {limit})")
    if over:
        print(output, end="")

    rest = {m: n for m, n in counts.items() if not is_strict(m)}
    strict = sum(n for m, n in counts.items() if is_strict(m))
    print("typecheck: errors per module still to fix (module: errors; 0 is the goal)")
    for module, count in sorted(rest.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {module}: {count}")
    print(f"typecheck: engine and AI (strict) {strict} errors; "
          f"the rest {sum(rest.values())} errors in {len(rest)} modules")
    if lower:
        print("typecheck: fewer errors than the baseline allows; lock the gain in with "
              "`python .ci/typecheck.py --update`:")
        print("\n".join(lower))
    if over:
        print("typecheck: MORE errors than allowed (shown above):")
        print("\n".join(over))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
