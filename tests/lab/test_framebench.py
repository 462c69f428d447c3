"""The frame-rate bench (`python -m lab.framebench`) drives the AI through today's thinker and
reports its frames; a moment of it, headless."""

from __future__ import annotations

import pytest

from lab import framebench


@pytest.mark.lab
@pytest.mark.parametrize("backend", ["thread", "process"])
def test_a_moment_of_frames_while_the_ai_thinks(backend, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    row = framebench.measure("easy", 0.5, 0.0002, backend=backend)
    assert row["backend"] == {"thread": "ThreadThinker", "process": "ProcessThinker"}[backend]
    assert row["switch_interval"] == 0.0002 and row["level"] == "easy"
    assert row["fps"] > 0 and 0 < row["mean_ms"] <= row["p99_ms"] <= row["worst_ms"]
    assert row["moves"] >= 0 and row["iterations_seen"] >= 0
