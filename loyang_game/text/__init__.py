"""Words for people: the game log told from moves and events, the end-of-game summary, and
text from files made displayable."""
