"""The lab: the tools that measure, compare and fit the AI the game plays (`ai/`), and the
game's benchmarks.

A checkout has it and the installed game does not (it is not among pyproject.toml's
packages): each tool runs with `python -m lab.X` from the checkout's folder. The lab imports
`ai` and `loyang_game`; nothing there imports the lab. numpy, which `train` and
`fit_residual` need, comes with `pip install ".[lab]"` (and with ".[test]"). The frozen
yardsticks every change to hard is measured against, `hard-v1` to `hard-v4` (hard as it
was), are the lab's too (`yardsticks.py`, their learned corrections frozen in `frozen/`): the
tools seat them by name, the game cannot.

    python -m lab.arena --seats 4 --agents random,greedy,normal,hard --games 50 --json
                                  matches between agents: wins, positions, errors
    python -m lab.compare --seats 1 --a hard --b hard-v1 --deals 100 --workers 2
                                  two agents paired on the same deals, deterministic
    python -m lab.bench --json    the engine's speed and the levels' think times
    python -m lab.framebench      the table's frame rate while the hard AI thinks
    python -m lab.giveways        how often hard's play-ons give way to the clock (solo)
    python -m lab.train           fits the evaluation from self-play into ai/weights.json
    python -m lab.fit_residual record|fit|sample|fit-leaves --dir DIR
                                  a learned correction to the solo evaluation (`residual`)
    python -m lab.take_regular --first 2200 --deals 200 --workers 2
                                  issue 49's diagnosis: hard-v3 made to buy the top-row
                                  Regular it leaves in round 1, paired with hard-v3
    python -m lab.move_hashes     the move lists of deterministic games hashed: the same
                                  on any Python, pure or compiled, unless play changed
    python -m lab.board_sampler --seats 1 --first 60000 --games 200 --dir DATA
                                  issue 49's boards for learning in generations: hard-v3's
                                  games, its siblings' continuations to the game's end
    python -m lab.fit_generation --dir DATA/1p --out FILE
                                  a sweep of fitted value iteration on them, and the
                                  offline gate a fitted correction must pass
    python -m lab.board_resampler --dir DATA --samples 3
                                  more hidden samples for their kept decisions (the
                                  labels `lab.fit_generation --more` reads)
    python -m lab.pick_gate --dir DATA --first 60300 --games 50 --a CANDIDATE
                                  the pick gate: the candidate's own pick at their kept
                                  decisions against hard-v3's, both played on
    python -m lab.quoted_level --agents greedy normal --deals 30
                                  the level a hint quotes, by evaluation: its value of a
                                  board at its Path step less where the game ends
    python -m lab.policy_agreement --dir DATA/2p
                                  the share of hard's Action-step moves a cheap policy
                                  makes (the yardstick for a model of the rival)
    python -m lab.table_clock --seats 1 --first 2200 --deals 50 --core 1
                                  issue 49: hard on the clock on a slow laptop (pinned
                                  beside a busy process) against deterministic hard

And the game's own benchmarks, which the installed game has no use for either:

    python -m lab.turn_bench      an AI turn's time on screen at each speed, the hint's
                                  answer time, the frames while the look-ahead thinks
    python -m lab.review_bench 10 the frames while a review thinks
    python -m lab.wait_bench --person 1 [--skip]
                                  issue 46: a person's wait a round against three hard AIs
                                  (watching their moves, or clicking through them)
    python -m lab.hint_follower --games 50 --seats 2,1
                                  issue 46: a player who always follows the hint, each game
                                  reviewed (the hint overturned, and never unlabelled)
    python -m lab.list_bench      the title's and Load's times with 0, 100, 1,000 saves
    python -m lab.save_bench      how long saves that cannot be loaded take to refuse
    python -m lab.memory_bench    the window's memory over 30 games played one after another

`docs/ai-lab.md` is the notebook of every experiment run with them.
"""
