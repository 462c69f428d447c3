"""The sound effects: every table event plays its effect (through a fake mixer), a quick run
of moves is thinned, the volume and the mute are the settings', no sound device is silence,
and the shipped files are the synthesis script's, soft, short and free of clicks."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import wave
from collections import Counter
from pathlib import Path

import numpy as np
import pygame
import pytest

from loyang_game.engine import events
from loyang_game.engine.cards import NONE
from loyang_game.engine.moves import ADVANCE, CASUAL, REGULAR, TRADE, Move, MoveKind
from loyang_game.engine.state import Phase
from loyang_game.files import settings as settings_mod
from loyang_game.files.settings import Settings
from loyang_game.ui import sound
from loyang_game.ui.sound import (
    AFTER,
    EFFECT_OF,
    EFFECTS,
    ENGINE_EVENTS,
    EVENT_KIND,
    MOST_AT_ONCE,
    MOST_IN_WINDOW,
    SAME_GAP,
    STALE,
    TABLE_KINDS,
    WINDOW,
    SoundPlayer,
    choose,
    kinds_of,
)

from .driver import make_app, settle, step

ROOT = Path(__file__).resolve().parent.parent.parent


class FakeSound:
    def __init__(self, mixer: FakeMixer, path: str) -> None:
        if not Path(path).is_file():
            raise FileNotFoundError(path)
        self.mixer, self.name, self.volume = mixer, Path(path).stem, 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> object:
        self.mixer.played.append((self.name, self.volume))
        return object()


class FakeMixer:
    """Stands in for pygame.mixer: records what was played, at what volume."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []

    def Sound(self, path: str) -> FakeSound:
        return FakeSound(self, path)

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.played]


class Clock:
    def __init__(self, step: float = 0.0) -> None:
        self.now, self.step = 100.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def player(settings=None, clock=None) -> tuple[SoundPlayer, FakeMixer]:
    mixer = FakeMixer()
    p = SoundPlayer(settings or Settings(), mixer=mixer, clock=clock or Clock(step=10.0))
    return p, mixer


def all_kinds() -> list[str]:
    return [*map(str, MoveKind), *ENGINE_EVENTS, *TABLE_KINDS]


# --- the table of effects ----------------------------------------------------------------------

def test_every_table_event_kind_plays_its_effect():
    kinds = all_kinds()
    assert set(EFFECT_OF) == set(kinds)  # nothing that can happen is left without an effect
    for kind in kinds:
        p, mixer = player()
        assert p.problem is None  # every effect's file is there
        assert p.play_all([kind]) == [EFFECT_OF[kind]], kind
        assert mixer.names == [EFFECT_OF[kind]], kind
    # ... and every effect is the effect of something
    assert set(EFFECT_OF.values()) == set(EFFECTS)


def test_the_engine_reports_no_kind_of_event_the_table_does_not_know():
    kinds = {cls for cls in vars(events).values()
             if isinstance(cls, type) and issubclass(cls, events.Event) and cls is not events.Event}
    assert len(kinds) > 10  # the module is really read
    assert set(EVENT_KIND) == kinds


def test_one_move_plays_its_most_telling_effects_together():
    assert choose(["take", "harvest", "new field", "round"]) == (
        ["card_flip", "card_take"], ["round", "veg_harvest"])
    assert choose(["casual", "cash up"]) == (["serve", "coins_get"], [])
    assert choose(["sell", "cash up"]) == (["coins_get"], [])  # one effect once
    assert choose(["harvest", "harvest", "round"]) == ([], ["round", "veg_harvest"])
    assert choose([]) == ([], [])
    p, mixer = player()
    assert p.play_all(["regular", "cash up", "red"]) == ["penalty", "serve"]
    assert mixer.names == ["penalty", "serve"]


def test_what_followed_a_move_is_heard_after_it():
    """The last step on the Path, then the new round's chime and its harvest."""
    clock = Clock()
    p, mixer = player(clock=clock)
    kinds = ["advance", "harvest", "new field", "cash down", "path", "round"]
    assert p.play_all(kinds) == ["path_step", "coins_pay"]
    clock.now += AFTER / 2
    p.update()
    assert mixer.names == ["path_step", "coins_pay"]
    clock.now += AFTER / 2
    p.update()
    assert mixer.names == ["path_step", "coins_pay", "round", "veg_harvest"]
    p.update()
    assert len(mixer.played) == 4 and not p.pending
    # one that waited too long (a menu covered the table) is dropped, not heard late
    clock.now += 10
    p.play_all(["advance", "path", "round"])
    clock.now += AFTER + STALE
    p.update()
    assert mixer.names[-1] == "path_step" and not p.pending
    # a move that made no sound of its own: what followed it is heard at once
    clock.now += 10
    assert p.play_all(["harvest", "round"]) == ["round", "veg_harvest"]


# --- thinning ----------------------------------------------------------------------------------

def test_a_quick_sequence_is_thinned():
    clock = Clock()
    p, mixer = player(clock=clock)
    assert p.play("card_take")
    clock.now += SAME_GAP / 2
    assert not p.play("card_take")  # the same effect is not started again so soon
    clock.now += SAME_GAP
    assert p.play("card_take")
    assert mixer.names == ["card_take", "card_take"]
    # at most MOST_IN_WINDOW starts in any WINDOW seconds, whatever the effects
    clock.now += 10
    mixer.played.clear()
    others = ["card_place", "coins_get", "veg_sow", "trade", "serve"]
    for name in others:
        p.play(name)
        clock.now += 0.01
    assert mixer.names == others[:MOST_IN_WINDOW] and MOST_IN_WINDOW <= 3
    assert p.play("round")  # the round's turn is always heard
    clock.now += WINDOW
    assert p.play("trade")  # a new window
    assert mixer.names == [*others[:MOST_IN_WINDOW], "round", "trade"]


def test_a_run_of_ai_moves_shown_at_once_is_no_racket():
    """Sixty moves in one second (the speed 'off' with a quick AI) start a few effects."""
    clock = Clock()
    p, mixer = player(clock=clock)
    for i in range(60):
        p.play_all([["take", "place", "sow", "buy", "sell"][i % 5], "cash up"])
        clock.now += 1 / 60
    assert 0 < len(mixer.played) <= 8  # a few a second, not sixty
    times = []  # and never two starts of one effect closer than SAME_GAP
    clock2 = Clock()
    p2, _ = player(clock=clock2)
    for _ in range(20):
        if p2.play("coins_get"):
            times.append(clock2.now)
        clock2.now += 0.02
    assert min(np.diff(times)) >= SAME_GAP


# --- volume and mute -------------------------------------------------------------------------

def test_the_volume_and_the_mute_are_the_settings():
    s = Settings(volume=40)
    p, mixer = player(s)
    p.play("serve")
    s.volume = 100
    p.play("trade")
    assert mixer.played == [("serve", pytest.approx(0.16)), ("trade", 1.0)]  # 40% is -16 dB
    s.mute = True
    assert not p.play("card_take") and len(mixer.played) == 2
    s.mute, s.volume = False, 0
    assert not p.play("card_take") and len(mixer.played) == 2


def test_the_volume_and_the_mute_are_remembered():
    s = settings_mod.load()
    assert (s.volume, s.mute) == (70, False)
    s.volume, s.mute = 30, True
    s.save()
    again = settings_mod.load()
    assert (again.volume, again.mute) == (30, True)


def test_m_at_the_table_mutes_and_is_remembered():
    app = make_app(2, ["person", "random"], seed=3)
    p, mixer = player(app.d.settings)
    app.sound = p
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    step(app)
    assert app.d.settings.mute and "Sound off" in app.message
    assert settings_mod.load().mute
    assert not p.play("serve") and mixer.played == []
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    step(app)
    assert not app.d.settings.mute and not settings_mod.load().mute
    assert p.play("serve")
    app.d.close()


def test_the_settings_page_sets_the_volume_and_the_mute():
    from .test_menus import click_item, make_director

    d = make_director()
    d._sound, mixer = player(d.settings)
    click_item(d, "settings")
    assert d.top.form.get("volume").value == 70
    click_item(d, "volume", 0.9)  # 70 -> 80, heard at once
    assert d.settings.volume == 80 and mixer.played[-1][1] == pytest.approx(0.64)
    assert d.top.message == "Saved."
    click_item(d, "mute")
    assert d.settings.mute
    d.sound.problem = "no sound device (none in this test)"
    click_item(d, "mute")  # off again, and told why nothing is heard
    click_item(d, "mute")
    assert "no sound device" in d.top.message
    d.close()
    again = settings_mod.load()
    assert (again.volume, again.mute) == (80, True)


# --- the table -------------------------------------------------------------------------------

def test_a_whole_game_at_the_table_is_heard():
    """Two random AIs play a game to its end at the table, every move told through the fake
    mixer (a clock that never thins): a move's effects are what it made happen."""
    app = make_app(2, ["random", "random"], seed=21, speed="off")
    p, mixer = player(app.d.settings, Clock(step=0.5))  # slower than thinning, not stale
    app.sound = p
    settle(app, limit=200_000)
    step(app, 3)  # what followed the last move
    state = app.game.state
    assert state.is_over
    heard = Counter(mixer.names)
    moves = Counter(m.kind for m in state.moves())
    assert heard["game_end"] == 1 and "game_end" in mixer.names[-MOST_AT_ONCE:]
    assert heard["serve"] == moves[REGULAR] + moves[CASUAL] > 0
    assert heard["trade"] == moves[TRADE]
    assert heard["round"] == state.round  # every round's beginning, the first one too
    assert heard["veg_harvest"] >= 1 and heard["card_take"] >= 1
    walked = sum(1 for m in state.moves() if m.kind == ADVANCE and m.a > 0)
    assert heard["path_step"] >= walked > 0
    app.d.close()


def test_a_refused_click_is_heard():
    app = make_app(2, ["person", "random"], seed=5)
    p, mixer = player(app.d.settings)
    app.sound = p
    settle(app)
    app.undo()  # nothing to undo yet
    assert mixer.names == ["refused"]
    app.d.close()


def test_kinds_of_a_move_are_read_from_its_events():
    from loyang_game.engine import GameConfig, new_game

    state = new_game(GameConfig(seats=2, seed=8))
    move = state.legal_moves()[0]
    before = state.clone()
    state.apply(move)
    kinds = kinds_of(move, state.events)
    assert kinds[0] == str(move.kind)
    assert ("cash down" in kinds) == any(
        q.cash < p.cash for p, q in zip(before.players, state.players))
    assert kinds_of(Move(ADVANCE, 0), []) == []  # no step on the Path: no step heard
    seat = 0
    assert kinds_of(None, [events.Cash(seat, 5, events.Why.CUSTOMER, NONE),
                           events.Cash(seat, -2, events.Why.HELPER, NONE)]) == ["cash up"]
    assert kinds_of(None, [events.Cash(seat, -2, events.Why.COMMON_FIELD, NONE)]) == [
        "paid", "cash down"]
    assert kinds_of(None, [events.PathStep(seat, 3, 5),
                           events.PhaseBegan(Phase.HARVEST, 4)]) == ["path", "round"]


# --- no sound device -------------------------------------------------------------------------

def test_the_dummy_audio_driver_plays_in_silence_without_error():
    assert os.environ["SDL_AUDIODRIVER"] == "dummy"
    p = SoundPlayer(Settings())
    assert p.problem is None and set(p.sounds) == set(EFFECTS)  # preloaded
    assert p.play("serve")


def test_no_sound_device_is_silence_and_nothing_printed():
    code = ("import pygame\n"
            "from loyang_game.files.settings import Settings\n"
            "from loyang_game.ui.sound import SoundPlayer\n"
            "p = SoundPlayer(Settings())\n"
            "assert p.problem and not p.sounds, p.problem\n"
            "assert p.play('serve') and p.moved is not None\n"
            "print('silent:', p.problem.split(' (')[0])\n")
    env = {**os.environ, "SDL_AUDIODRIVER": "no-such-driver", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "silent: no sound device\n" and done.stderr == ""


# --- the files -------------------------------------------------------------------------------

def _script():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(path: Path) -> tuple[np.ndarray, int, int, int]:
    with wave.open(str(path)) as w:
        data = np.frombuffer(w.readframes(w.getnframes()), "<i2")
        return data, w.getframerate(), w.getnchannels(), w.getsampwidth()


def test_the_shipped_effects_are_soft_short_and_click_free():
    script = _script()
    assert list(script.RECIPES) and set(script.RECIPES) == set(EFFECTS)
    folder = sound.sound_dir()
    total, louds = 0, []
    for name in EFFECTS:
        path = folder / f"{name}.wav"
        data, rate, channels, width = _read(path)
        assert (rate, channels, width) == (sound.RATE, 1, 2), name
        total += path.stat().st_size
        m = script.measure(data)
        assert m["peak"] < -3.0, name
        assert abs(int(data[0])) <= 8 and abs(int(data[-1])) <= 8, name  # no click at the ends
        longest = {"game_end": 1500, "round": 500}.get(name, 300)
        assert 60 < m["ms"] < longest, name
        louds.append(m["loudness"])
    assert max(louds) - min(louds) < 1.0  # even loudness
    assert total < 300_000


def test_the_shipped_files_are_what_the_script_makes(tmp_path, capsys):
    script = _script()
    assert script.main(["--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    for name in EFFECTS:
        assert re.search(rf"^{name} +-\d+\.\d", printed, re.M), name  # its levels told
        made, _, _, _ = _read(tmp_path / f"{name}.wav")
        shipped, _, _, _ = _read(sound.sound_dir() / f"{name}.wav")
        assert len(made) == len(shipped)
        assert np.abs(made.astype(int) - shipped).max() <= 2, name  # rounding aside
    assert "bytes" in printed.splitlines()[-1]


def test_the_sound_files_are_package_data():
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = data["package-data"]["loyang_game.assets"]
    assert data["package-dir"]["loyang_game.assets"] == "assets"
    shipped = {p.relative_to(ROOT / "assets") for p in (ROOT / "assets" / "sounds").iterdir()}
    assert shipped and all(any(p.match(pattern) for pattern in patterns) for p in shipped)
