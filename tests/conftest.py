"""Shared test set-up: no test ever touches the user's save folder."""

import pytest


@pytest.fixture(autouse=True)
def _private_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("LOYANG_SAVE_DIR", str(tmp_path / "saves"))
