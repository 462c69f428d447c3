"""A game being played, without the window: the session (who plays each seat, autosave,
undo, the AI seats and the coach), the commands that turn clicks into moves, the coach's
hint and its plan, the replay of a finished or saved game and its race along the Path."""
