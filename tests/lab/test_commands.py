"""The commands the README, ARCHITECTURE.md and the lab's own docstring give are true: every
`python -m X` names a module that is there, every tool of the lab is listed, and each one
answers `--help`."""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
from pathlib import Path

import pytest

import lab

ROOT = Path(__file__).resolve().parents[2]
COMMAND = re.compile(r"python3? -m\s+([A-Za-z_][\w.]*)")
# The lab's modules that are no command: the features `fit_residual` fits on, the pool of
# processes the tools play in, the frozen yardsticks and the correction files they and the
# candidates read, and the agents `lab.compare` seats on top of them (the diagnosis's
# forcing, a generation's candidate).
LIBRARIES = {"__init__", "candidates", "corrections", "forcing", "processes", "residual",
             "yardsticks"}
TOOLS = sorted(p.stem for p in (ROOT / "lab").glob("*.py") if p.stem not in LIBRARIES)


def commands_in(text: str) -> set[str]:
    return {name.rstrip(".") for name in COMMAND.findall(text)}


@pytest.mark.parametrize("document", ["README.md", "ARCHITECTURE.md", "lab/__init__.py"])
def test_every_command_names_a_module_that_is_there(document):
    named = commands_in((ROOT / document).read_text()) - {"lab.X"}  # the pattern itself
    if document != "ARCHITECTURE.md":
        assert {f"lab.{tool}" for tool in TOOLS} <= named  # every tool is listed
    missing = sorted(name for name in named if importlib.util.find_spec(name) is None)
    assert missing == []


def test_the_lab_has_its_tools():
    assert {"arena", "bench", "board_resampler", "board_sampler", "compare", "fit_generation",
            "fit_residual", "framebench", "giveways", "hint_follower", "list_bench", "memory_bench",
            "move_hashes", "pick_gate", "policy_agreement", "quoted_level", "review_bench",
            "save_bench", "table_clock", "take_regular", "train", "turn_bench",
            "wait_bench"} == set(TOOLS)
    assert commands_in(lab.__doc__ or "") >= {f"lab.{tool}" for tool in TOOLS}


@pytest.mark.parametrize("tool", TOOLS)
def test_each_tool_answers_help(tool, capsys):
    module = importlib.import_module(f"lab.{tool}")
    with pytest.raises(SystemExit) as done:
        module.main(["--help"])
    assert done.value.code == 0
    assert f"python -m lab.{tool}" in capsys.readouterr().out


def test_the_bench_times_a_level_at_a_fuller_table(capsys):
    """`--tables 3`: the level in one seat of a three-seat table, greedy in the others."""
    from lab import bench

    bench.main(["--json", "--games", "1", "--levels", "greedy", "--ai-games", "1",
                "--cpu-game", "", "--tables", "3"])
    result = json.loads(capsys.readouterr().out)
    row = result["ai_3"]["greedy"]
    assert row["games"] == 1
    assert 0 < row["action_phase_seconds_mean"] <= row["action_phase_seconds_max"]
    assert "ai_4" not in result and "ai" in result
