"""The title screen and the menus that start games: New game, Solo challenge, Continue, and
the game menu over the table (save, rules, settings, back to the title)."""

from __future__ import annotations

import os
import random
import re
from datetime import date

import pygame

from .. import highscores
from ..engine import GameConfig, new_game
from ..paths import save_dir
from ..save import AUTOSAVE_PREFIX, SUFFIX, SaveError, load_with_info, save_game
from . import theme as t
from .overlay import dim
from .render import panel, text
from .scenes import Director, Scene, backdrop, frame_layout, message_box, page
from .widgets import BUTTON, CHOICE, TEXT, TOGGLE, Form, Item

GREEN = (50, 110, 60)
GREY = (90, 80, 70)
RED = (140, 50, 40)


def ai_levels() -> list[str]:
    from ai.agents import AGENTS

    return [k for k in AGENTS if k != "helper-happy"]


def kind_words(kind: str) -> str:
    return "person" if kind == "person" else f"AI {kind}"


# --- starting and resuming games -----------------------------------------------------------------

def start_table(d: Director, state, kinds: list[str], names: list[str], *,
                game_id: str | None = None) -> Scene:
    """Put the table for `state` on top of the title screen."""
    from .app import App
    from .table import TableScene

    s = d.settings
    app = App(state, kinds, names, size=d.size, screen=d.screen, sprites=d.sprites,
              speed=s.speed, ai_seed=state.config.seed, fps_cap=0, game_id=game_id,
              confirm_unserved=s.confirm_unserved)
    d.back_to("title")
    return d.push(TableScene(d, app))


def new_table(d: Director, seats: int, seed: int | None, kinds: list[str], names: list[str],
              intro: bool = False, starter: int | None = None) -> Scene:
    """A new game; `starter` (a seat) is the starting player, or None to draw one."""
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    start = -1 if starter is None or seats == 1 else starter
    state = new_game(GameConfig(seats=seats, seed=seed, introductory=intro, start_seat=start))
    return start_table(d, state, kinds, names)


def resume(d: Director, path) -> str | None:
    """Load the save at `path` onto the table; the reason if it cannot be loaded."""
    try:
        state, info = load_with_info(path)
    except SaveError as error:
        return f"That save cannot be loaded: {error.reason}."
    levels = ai_levels()
    kinds = [k if k == "person" or k in levels else "normal" for k in info.kinds]
    stem = os.path.basename(str(path)).removesuffix(SUFFIX).removeprefix(AUTOSAVE_PREFIX)
    game_id = stem if re.fullmatch(r"[A-Za-z0-9_-]{1,64}", stem) else None
    start_table(d, state, kinds, list(info.names), game_id=game_id)
    return None


def latest_autosave():
    """The newest autosave of an unfinished game, or None."""
    from .browse import game_saves

    for info in game_saves():
        if info.error is None and info.is_autosave and not info.over:
            return info
    return None


# --- the title screen ----------------------------------------------------------------------------

class TitleScene(Scene):
    name = "title"

    def __init__(self, d: Director) -> None:
        super().__init__(d)
        self.form = Form()
        self.continue_info = None
        self.message = ""

    def enter(self) -> None:
        from .browse import HighScoresScene, LoadScene, RulesScene, StatsScene
        from .settings_scene import SettingsScene

        d = self.d
        try:
            self.continue_info = latest_autosave()
        except OSError:
            self.continue_info = None
        focus_key = self.form.focused.key if self.form.items else None
        self.form = Form()
        if self.continue_info is not None:
            info = self.continue_info
            self.form.add(Item("continue", BUTTON, f"Continue: {', '.join(info.names)}, "
                               f"round {max(1, info.round)}", action=self.do_continue,
                               colour=GREEN))
        self.form.add(Item("new", BUTTON, "New game", action=lambda: d.push(NewGameScene(d))))
        self.form.add(Item("load", BUTTON, "Load a game", action=lambda: d.push(LoadScene(d))))
        self.form.add(Item("solo", BUTTON, "Solo challenge",
                           action=lambda: d.push(SoloScene(d))))
        self.form.add(Item("scores", BUTTON, "High scores",
                           action=lambda: d.push(HighScoresScene(d))))
        self.form.add(Item("rules", BUTTON, "Rules", action=lambda: d.push(RulesScene(d))))
        self.form.add(Item("stats", BUTTON, "Statistics", action=lambda: d.push(StatsScene(d))))
        self.form.add(Item("settings", BUTTON, "Settings",
                           action=lambda: d.push(SettingsScene(d))))
        self.form.add(Item("quit", BUTTON, "Quit", action=self.quit, colour=GREY))
        if focus_key and any(i.key == focus_key for i in self.form.items):
            self.form.set_focus(self.form.get(focus_key))
        if d.notices:
            self.message = " ".join(d.notices)
            d.notices = []

    def quit(self) -> None:
        self.d.running = False
        self.d.close()

    def do_continue(self) -> None:
        if self.continue_info is not None:
            error = resume(self.d, self.continue_info.path)
            if error:
                self.message = error

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.quit()
            return
        self.form.handle(event)

    def draw(self, surf) -> None:
        d = self.d
        L = frame_layout(surf.get_size())
        backdrop(surf, d.sprites)
        # A fan of cards behind the title.
        for i, card in enumerate((48, 14, 0, 28, 57)):
            img = pygame.transform.rotozoom(d.sprites.card(card, L.px(150), L.px(210)),
                                            (2 - i) * 9, 1.0)
            r = img.get_rect(center=L.R(190 + i * 42, 430 + abs(2 - i) * 14, 0, 0).topleft)
            surf.blit(img, r)
        for i, veg in enumerate(range(6)):
            surf.blit(d.sprites.veg(veg, L.px(44)), L.R(80 + i * 50, 610, 0, 0).topleft)
        text(surf, "At the Gates of Loyang", L.px(64), t.GOLD, center=L.R(640, 84, 0, 0).topleft,
             bold=True)
        text(surf, "a digital edition of Uwe Rosenberg's game of fields, stalls and customers",
             L.px(24), (235, 220, 190), center=L.R(640, 130, 0, 0).topleft)
        col = L.R(560, 180, 0, 0)
        box = pygame.Rect(col.x - L.px(30), col.y - L.px(24), L.px(480),
                          L.px(48 + 56 * len(self.form.items)))
        panel(surf, box, (28, 18, 12), border=t.GOLD, radius=L.px(16), alpha=215)
        for i, item in enumerate(self.form.items):
            item.rect = pygame.Rect(col.x, col.y + i * L.px(56), L.px(420), L.px(46))
        self.form.draw(surf, L, d.mouse)
        text(surf, "Arrows or Tab: move   Enter: choose   Esc: quit   F11: full screen",
             L.px(17), (210, 190, 160), center=L.R(640, 784, 0, 0).topleft)
        message_box(surf, L, self.message)


# --- a new game ----------------------------------------------------------------------------------

class NewGameScene(Scene):
    name = "new"

    def __init__(self, d: Director) -> None:
        super().__init__(d)
        from .. import records

        self.message = ""
        first_game = not records.load().games
        levels = ai_levels()
        f = self.form = Form()
        f.add(Item("seats", CHOICE, "Players", value=2, options=[1, 2, 3, 4],
                   show=lambda n: "1 (solo game)" if n == 1 else f"{n} players",
                   on_change=lambda _i: self.seats_changed()))
        me = d.settings.player_name if d.settings.player_name != "Player" else t.SEAT_NAMES[0]
        for seat in range(4):
            f.add(Item(f"kind{seat}", CHOICE, f"Seat {seat + 1}",
                       value="person" if seat == 0 else "normal" if "normal" in levels
                       else levels[0], options=["person", *levels],
                       show=lambda k: "Person" if k == "person" else f"AI: {k}",
                       on_change=lambda _i: self.seats_changed()))
            f.add(Item(f"name{seat}", TEXT, value=me if seat == 0 else t.SEAT_NAMES[seat],
                       max_len=16, placeholder="name"))
        f.add(Item("intro", TOGGLE, "Introductory variant", value=first_game))
        f.add(Item("seed", TEXT, "Seed", value="", digits=True, max_len=9,
                   placeholder="random (type a number for a chosen deal)"))
        f.add(Item("starter", CHOICE, "Starting player", value="random", options=["random"],
                   show=self.starter_words))
        self.start = f.add(Item("start", BUTTON, "Start the game", action=self.go,
                                colour=GREEN))
        f.add(Item("back", BUTTON, "Back", action=d.pop, colour=GREY))
        self.seats_changed()
        f.set_focus(self.start)

    def seats(self) -> int:
        return self.form.get("seats").value

    def starter_words(self, v) -> str:
        if v == "random":
            return "Random (as dealt)"
        return self.form.get(f"name{v}").value or f"Seat {v + 1}"

    def seats_changed(self) -> None:
        n = self.seats()
        f = self.form
        for seat in range(4):
            f.get(f"kind{seat}").visible = seat < n
            f.get(f"name{seat}").visible = seat < n
        if n == 1:
            f.get("kind0").value = "person"
        starter = f.get("starter")
        starter.options = ["random", *range(n)] if n > 1 else ["random"]
        if starter.value not in starter.options:
            starter.value = "random"
        starter.visible = n > 1
        f.get("intro").visible = n > 1  # the Introductory version is for 2 to 4 players

    def go(self) -> None:
        f = self.form
        n = self.seats()
        kinds = [f.get(f"kind{s}").value for s in range(n)]
        if n == 1 and kinds[0] != "person":
            kinds = ["person"]
        names = [(f.get(f"name{s}").value.strip() or t.SEAT_NAMES[s])[:16] for s in range(n)]
        if len(set(names)) < n:
            self.message = "Every player needs a different name."
            return
        seed_text = f.get("seed").value
        seed = int(seed_text) if seed_text else None
        starter = f.get("starter").value
        if kinds[0] == "person" and names[0] != self.d.settings.player_name:
            self.d.settings.player_name = names[0]
            self.d.save_settings()
        new_table(self.d, n, seed, kinds, names, intro=f.get("intro").value and n > 1,
                  starter=None if starter == "random" else starter)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.d.pop()
            return
        if self.form.handle(event):
            self.message = ""

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        page(surf, self.d.sprites, L, "New game",
             "Who plays? A person at this screen (with a name) or an AI at a level")
        f = self.form
        f.get("seats").rect = L.R(440, 122, 300, 44)
        n = self.seats()
        for seat in range(4):
            y = 186 + seat * 56
            f.get(f"kind{seat}").rect = L.R(440, y, 300, 44) if seat < n else pygame.Rect(0, 0,
                                                                                        0, 0)
            f.get(f"name{seat}").rect = L.R(760, y, 260, 44) if seat < n else pygame.Rect(0, 0,
                                                                                        0, 0)
            if seat < n:
                pygame.draw.circle(surf, t.SEAT_COLOURS[seat], L.R(1050, y + 22, 0, 0).topleft,
                                   L.px(12))
        y = 186 + 4 * 56 + 10
        if n > 1:
            f.get("intro").rect = L.R(440, y, 300, 44)
            text(surf, "suggested for a first game: start cards, easier openings", L.px(18),
                 (225, 210, 185), midleft=L.R(760, y + 22, 0, 0).topleft)
        f.get("seed").rect = L.R(440, y + 60, 580, 44)
        f.get("starter").rect = L.R(440, y + 120, 300, 44) if n > 1 else pygame.Rect(0, 0, 0, 0)
        if n == 1:
            text(surf, "One seat is the solo game (its score goes to the high-score table).",
                 L.px(19), (225, 210, 185), midleft=L.R(440, y + 142, 0, 0).topleft)
        self.start.rect = L.R(440, y + 200, 300, 52)
        f.get("back").rect = L.R(760, y + 200, 200, 52)
        f.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.message)


# --- the solo challenge ----------------------------------------------------------------------

class SoloScene(Scene):
    name = "solo"

    def __init__(self, d: Director) -> None:
        super().__init__(d)
        self.today = highscores.daily_seed()
        me = d.settings.player_name
        f = self.form = Form()
        f.add(Item("today", BUTTON, f"Today's deal (seed {self.today})",
                   action=lambda: self.go(self.today), colour=GREEN))
        f.add(Item("random", BUTTON, "A random deal", action=lambda: self.go(None)))
        f.add(Item("name", TEXT, "Your name", value=me, max_len=16))
        f.add(Item("back", BUTTON, "Back", action=d.pop, colour=GREY))
        try:
            table = highscores.load()
            self.best = [r for r in table.results if r.seed == self.today][:3]
            self.problem = table.problem or ""
        except OSError as error:
            self.best, self.problem = [], f"The high-score table cannot be read ({error})."

    def go(self, seed: int | None) -> None:
        name = self.form.get("name").value.strip() or "Player"
        if name != self.d.settings.player_name:
            self.d.settings.player_name = name
            self.d.save_settings()
        new_table(self.d, 1, seed, ["person"], [name])

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.d.pop()
            return
        self.form.handle(event)

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        sheet = page(surf, self.d.sprites, L, "Solo challenge",
                     "Nine rounds alone against the Offer: reach space 17 (good), "
                     "18 (very good) or 19 (master)")
        f = self.form
        f.get("today").rect = L.R(390, 150, 500, 56)
        text(surf, f"The same deal for everyone on {date.today():%d %B %Y}.", L.px(19),
             (225, 210, 185), center=L.R(640, 224, 0, 0).topleft)
        f.get("random").rect = L.R(390, 260, 500, 56)
        f.get("name").rect = L.R(560, 350, 330, 44)
        f.get("back").rect = L.R(540, 640, 200, 50)
        y = 430
        text(surf, "Best on today's deal", L.px(24), t.GOLD, center=L.R(640, y, 0, 0).topleft,
             bold=True)
        if not self.best:
            text(surf, "nobody yet: be the first", L.px(20), (225, 210, 185),
                 center=L.R(640, y + 34, 0, 0).topleft)
        for i, r in enumerate(self.best):
            text(surf, f"{i + 1}. {r.name}  space {r.score} ({r.band})  Cash {r.cash}",
                 L.px(21), t.WHITE, center=L.R(640, y + 34 + i * 28, 0, 0).topleft)
        f.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.problem)
        _ = sheet


# --- over the table: the game menu and saving ------------------------------------------------

class DialogScene(Scene):
    """A small panel over the table (which stays visible, dimmed)."""

    transparent = True
    title = ""
    width, height = 460, 420

    def __init__(self, d: Director) -> None:
        super().__init__(d)
        self.form = Form()
        self.message = ""

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.d.pop()
            return
        if self.form.handle(event):
            return

    def panel_rect(self, L):
        return L.R(640 - self.width / 2, 400 - self.height / 2, self.width, self.height)

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        dim(surf, None, 150)
        r = self.panel_rect(L)
        panel(surf, r, (40, 28, 20), border=t.GOLD, radius=L.px(16))
        text(surf, self.title, L.px(34), t.GOLD, center=(r.centerx, r.y + L.px(34)), bold=True)
        self.place(L, r)
        self.form.draw(surf, L, self.d.mouse)
        if self.message:
            text(surf, self.message, L.px(18), (255, 150, 130),
                 center=(r.centerx, r.bottom - L.px(18)))

    def place(self, L, r) -> None:
        y = r.y + L.px(70)
        for item in self.form.live():
            item.rect = pygame.Rect(r.x + L.px(40), y, r.w - L.px(80), L.px(44))
            y += L.px(52)


class PauseScene(DialogScene):
    name = "pause"
    title = "Game menu"
    height = 410

    def __init__(self, d: Director, table) -> None:
        super().__init__(d)
        from .browse import RulesScene
        from .settings_scene import SettingsScene

        self.table = table
        f = self.form
        f.add(Item("resume", BUTTON, "Back to the game", action=d.pop, colour=GREEN))
        f.add(Item("save", BUTTON, "Save the game...", action=lambda: d.push(SaveScene(d, table))))
        f.add(Item("rules", BUTTON, "Rules", action=lambda: d.push(RulesScene(d))))
        f.add(Item("settings", BUTTON, "Settings", action=lambda: d.push(SettingsScene(d))))
        f.add(Item("title", BUTTON, "Title screen (the game is kept)",
                   action=lambda: d.back_to("title")))
        f.add(Item("quit", BUTTON, "Quit", action=self.quit, colour=GREY))

    def quit(self) -> None:
        self.d.running = False
        self.d.close()


def file_name_for(title: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:48] or "save"
    if slug.startswith(AUTOSAVE_PREFIX.rstrip("-")):
        slug = "save-" + slug
    return slug + SUFFIX


class SaveScene(DialogScene):
    name = "save"
    title = "Save the game"
    width, height = 620, 285

    def __init__(self, d: Director, table) -> None:
        super().__init__(d)
        self.table = table
        app = table.app
        st = app.state
        default = (f"{' vs '.join(app.names)}, round {max(1, st.round)}" if st.config.seats > 1
                   else f"{app.names[0]} solo, round {max(1, st.round)}")
        f = self.form
        self.field = f.add(Item("name", TEXT, value=default[:40], max_len=40,
                                placeholder="a name for the save", action=self.save))
        f.add(Item("ok", BUTTON, "Save", action=self.save, colour=GREEN))
        f.add(Item("cancel", BUTTON, "Cancel", action=d.pop, colour=GREY))

    def save(self) -> None:
        title = self.field.value.strip()
        if not title:
            self.message = "Give the save a name."
            return
        app = self.table.app
        path = save_dir() / file_name_for(title)
        try:
            save_game(app.state, path, seat_kinds=app.kinds, names=app.names, title=title)
        except SaveError as error:
            self.message = f"Not saved: {error.reason}"
            return
        self.d.back_to("table")
        app.toast(f"Saved as \u201c{title}\u201d ({path.name}).")

    def place(self, L, r) -> None:
        text_y = r.y + L.px(62)
        self.field.rect = pygame.Rect(r.x + L.px(30), text_y + L.px(30), r.w - L.px(60),
                                      L.px(44))
        self.form.get("ok").rect = pygame.Rect(r.x + L.px(30), r.y + L.px(190), L.px(260),
                                               L.px(48))
        self.form.get("cancel").rect = pygame.Rect(r.right - L.px(290), r.y + L.px(190),
                                                   L.px(260), L.px(48))

    def draw(self, surf) -> None:
        super().draw(surf)
        L = frame_layout(surf.get_size())
        r = self.panel_rect(L)
        text(surf, f"Type a name; Enter saves it to the save folder ({save_dir().name}/).",
             L.px(18), (225, 210, 185), topleft=(r.x + L.px(30), r.y + L.px(62)))
