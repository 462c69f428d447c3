"""Every mistake on the command line is one line on stderr, never a traceback, and starts
nothing; without a display `loyang` says so and stops instead of running unseen."""

from __future__ import annotations

import pytest

from loyang_game.__main__ import main


@pytest.mark.parametrize(("argv", "words"), [
    (["--solo", "--intro"], "Introductory version is for 2 to 4 players"),
    (["--solo", "--seats", "3"], "--solo is one seat"),
    (["--screenshot", "/no/such/folder/out.png"], "there is no folder /no/such/folder"),
    (["--screenshot", "x.png", "--scene", "rules", "--card", "junk"], "no card 'junk'"),
    (["--terminal", "--agents", "bogus,random"], "no agent 'bogus'"),
    (["--terminal", "--agents", "random"], "names 1 agent for 2 seats"),
    (["--seed", str(2**64)], "--seed: a seed is a whole number from 0 to 18446744073709551615;"),
    (["--seed", "-1"], "--seed: a seed is a whole number from 0 to 18446744073709551615, not"),
    (["--seed", "7x"], "not '7x'"),
    (["--kinds", "person,robot"], "unknown player kind 'robot'"),
    (["--size", "big"], "--size is WIDTHxHEIGHT"),
    (["--size", "99999999999999999999x99999999"], "--size is WIDTHxHEIGHT"),
    (["--size", "40000x40000"], "--size 40000x40000 is outside 1024x640 to 7680x4320"),
    (["--size", "7681x4320"], "is outside"),
    (["--size", "1023x640"], "is outside"),
    (["--size=-1280x800"], "--size is WIDTHxHEIGHT"),
    (["--size", "١٢٨٠x٨٠٠"], "--size is WIDTHxHEIGHT"),  # digits of another script
    (["--screenshot", "x.png", "--save-name", "Evening"], "--save-name goes with --scene save"),
    (["--ai", "genius"], "invalid choice: 'genius'"),
    (["--ai", "hard-v1"], "invalid choice: 'hard-v1'"),  # agents for measuring, not to play
    (["--kinds", "person,helper-happy"], "unknown player kind 'helper-happy'"),
    (["--terminal", "--agents", "hard-v1,random"], "no agent 'hard-v1'"),
])
def test_a_command_line_mistake_is_one_line(argv, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("loyang: ") and words in err


def test_without_a_display_loyang_says_so_and_stops(monkeypatch, capsys):
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    assert main([]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no display" in err


@pytest.mark.parametrize("size", ["1024x640", "7680x4320", "1280X800"])
def test_the_extreme_sizes_that_make_sense_are_taken(size):
    from loyang_game.__main__ import parse

    w, h = (int(v) for v in size.lower().split("x"))
    assert parse(["--size", size]).size == (w, h)


@pytest.mark.parametrize(("folder", "words"), [
    ("", "LOYANG_SAVE_DIR is set but empty"),
    ("/dev/null", "is not a folder"),
    ("~", "is your home folder or the root"),
    ("/", "is your home folder or the root"),
])
def test_an_unusable_save_folder_is_one_line_and_starts_nothing(folder, words, monkeypatch,
                                                                capsys):
    monkeypatch.setenv("LOYANG_SAVE_DIR", folder)
    assert main(["--screenshot", "never.png"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("loyang: ") and words in err


def test_a_save_folder_given_as_a_file_is_refused(tmp_path, monkeypatch, capsys):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    monkeypatch.setenv("LOYANG_SAVE_DIR", str(a_file / "saves"))
    assert main(["--screenshot", str(tmp_path / "never.png")]) == 2
    assert "cannot be written" in capsys.readouterr().err
    assert a_file.read_text() == "mine" and not (tmp_path / "never.png").exists()
