"""What the game keeps on disk: saves and their index, the settings, the high scores, the
record of games and the log file, written atomically, changed under locks between windows,
and read without trusting a byte."""
