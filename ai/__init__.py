"""The AI opponents of Loyang.

Agents (`agents.AGENTS`, by name in `python -m ai.arena --agents ...`):

- `random`, `helper-happy`: baselines that shake the engine.
- `greedy` (`search.GreedyAgent`): one move ahead; each move is finished with the default
  policy (`policy.py`) to the end of the turn and judged by the evaluation (`evaluate.py`:
  the farm simulated to the end of the game by `projection.py`).
- `easy`, `normal`, `hard` (`search.MCTSAgent`): information-set MCTS; every
  iteration searches a fresh `observe()` sample (`view.py`). The Action phase is searched
  over short plans (`options.py`: "serve this customer, trading for what is missing").
  Levels differ by budget (iterations, seconds) and knowledge (fitted or hand-set
  evaluation, and a random pick by visit counts for `easy`).

`worker.AIWorker` runs any of them on a background thread for the table; `python -m ai.train`
fits the evaluation's knobs and calibration (`weights.json`); `python -m ai.bench --json` and
`python -m ai.framebench` measure speed and the table's frame rate while the AI thinks.
"""
