"""The rules of At the Gates of Loyang: plain Python, no pygame, no threads, no I/O.

A game is a `GameState` always waiting for one decision of one seat: `legal_moves()` lists
every choice, `apply(move)` makes one and runs the game on to the next decision.
"""

from .flow import GameState, new_game
from .moves import Move
from .state import GameConfig, IllegalMove

__all__ = ["GameConfig", "GameState", "IllegalMove", "Move", "new_game"]
