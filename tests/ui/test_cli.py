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
    (["--terminal", "--agents", "random"], "names 1 agents for 2 seats"),
    (["--seed", str(2**64)], "--seed: a seed is a whole number from 0 to 18446744073709551615;"),
    (["--seed", "-1"], "--seed: a seed is a whole number from 0 to 18446744073709551615, not"),
    (["--seed", "7x"], "not '7x'"),
    (["--kinds", "person,robot"], "unknown player kind 'robot'"),
    (["--size", "big"], "--size is WIDTHxHEIGHT"),
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
