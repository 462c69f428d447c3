"""Every scene, one per module, and the registry the `Director` opens them from by name."""

from .load import LoadScene
from .new_game import NewGameScene
from .pause import PauseScene
from .replay import ReplayScene
from .review import ReviewScene
from .rules import RulesScene
from .save import SaveScene
from .scores import HighScoresScene
from .settings import SettingsScene
from .solo import SoloScene
from .stats import StatsScene
from .table import TableScene
from .title import TitleScene
from .tutorial import TutorialScene

SCENES = {scene.name: scene for scene in (
    TitleScene, NewGameScene, SoloScene, LoadScene, HighScoresScene, StatsScene, RulesScene,
    SettingsScene, PauseScene, SaveScene, TableScene, ReplayScene, ReviewScene,
    TutorialScene)}

__all__ = ["SCENES", "HighScoresScene", "LoadScene", "NewGameScene", "PauseScene",
           "ReplayScene", "ReviewScene", "RulesScene", "SaveScene", "SettingsScene",
           "SoloScene", "StatsScene", "TableScene", "TitleScene", "TutorialScene"]
