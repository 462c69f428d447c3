"""The rules of At the Gates of Loyang: plain Python, no pygame, no threads, no I/O.

A game is a `GameState` always waiting for one decision of one seat: `legal_moves()` lists
every choice, `apply(move)` makes one and runs the game on to the next decision. `play` is
the one loop that plays a game on with a `choose` function, `Hook`s watching it.
"""

from .flow import GameState, new_game
from .moves import Move
from .playthrough import Choose, Hook, play, random_moves
from .state import GameConfig, IllegalMove

__all__ = ["Choose", "GameConfig", "GameState", "Hook", "IllegalMove", "Move", "new_game", "play",
           "random_moves"]
