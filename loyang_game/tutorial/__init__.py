"""The "Learn to play" tutorial: a guided game on a fixed deal against a rule-following
opponent (`opponent`), told in short chapters (`script`), remembered between sessions
(`progress`). The table scene that plays it is `ui/scenes/tutorial.py`."""
