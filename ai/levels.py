"""The AI's levels: what each searching level may spend (iterations, and seconds on the
clock) and what it knows (its devices and its evaluation); `knobs.py` changes them for
experiments. `agents.make_agent` seats them by name; `search.MCTSAgent` plays them. The frozen
yardsticks the lab's screens measure changes to hard against (`hard-v1`, `hard-v2`, `hard-v3`)
live with the lab (`lab/yardsticks.py`), not here: a player cannot seat them.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Level:
    """Budget and knowledge of an MCTS level."""

    act_iterations: int  # a whole Action phase (the first search and any after a Two-pack)
    other_iterations: int  # any other decision
    act_seconds: float  # time caps (ignored in deterministic mode); act: a whole Action phase
    other_seconds: float
    exploration: float = 0.3  # UCT constant, in Path spaces
    fitted: bool = True  # the fitted evaluation (else the hand-set one)
    temperature: float = 0.0  # >0: sample the move from visit counts (easier to beat)
    widen: float = 1.5  # progressive widening: options allowed = 3 + widen * sqrt(visits)
    replan_visits: int = 30  # a decision this well explored is played without a new search
    min_visits: int = 1  # every option opened is tried this often before UCT picks
    rivalry: float = 0.0  # 2-4 players: the best other's predicted position counts this much
    halving: bool = False  # root options by sequential halving rather than UCT (see Halving)
    others_plan: bool = False  # the other seats play the searching seat's rollout plans
    value_draft: bool = False  # ... and take in a draft when the default policy does, the
    #                            pair the evaluation likes best (draft.py)
    value_draft_seats: int = 2  # ... at a table of at most this many seats (2: duels only)
    loan_below: int = 1  # a Loan is weighed outside the Action step below this much Cash
    offer_ahead: bool = False  # solo: a leaf counts the next Offer's best cheap card
    offer_rows: int = 2  # ... from this many of its rows (top row free, second row 1 Cash)
    offer_cards: int = 1  # ... this many of them bought (the solo Card phase allows two)
    offer_weight: float = 1.0  # ... and their gain counted this much
    verify: int = 0  # the best this many root options are played on a round (verify.py)
    verify_seats: int = 1  # ... at a table of at most this many seats (1: solo only)
    verify_iterations: int = 200  # ... by a search of this Action-phase budget
    verify_pool: int = 0  # ... >0: from this many, until `verify` different boards are found
    parallel: bool = False  # ... on the clock, in worker processes, one per core (playons.py)
    evaluator: str = "projection"  # the evaluation at the leaves, by its name in EVALUATORS
    evaluation: tuple[tuple[str, float], ...] = ()  # changes to the fitted projection knobs


# Measured with `python -m lab.arena` (2 players): beyond about 150 iterations more search
# gains little (hard at 1600/480 and an untempered normal at 150/50 split 40 games 21-19), so
# the levels differ as much by how often they take a plan other than the best-explored one
# (temperature) as by budget: hard beat normal 28-12, normal beat easy 27-3.
# hard over hard-v1 (a yardstick of the lab's, lab/yardsticks.py), deterministic and paired
# (`python -m lab.compare`, docs/ai-lab.md): sequential halving at the root, the next solo
# Offer at the leaves and, in solo, its most explored plans played on a round until three
# different boards are compared (`verify`, `verify_pool`) lift solo play; the rivalry
# objective and other seats playing the rollout plans win duels (66% of 100 games), and
# those seats taking in a draft the pair the evaluation likes (`value_draft`) 59% of 200
# against hard-v3 (95% 0.53-0.65; entry 136). Its correction (`corrected.py`) is learned
# from its own play in generations: hard-v4's, against hard-v3 +0.145 solo (95% +0.03..+0.26;
# entry 163) and 63% of duels (95% 0.56-0.70; entry 175). On the clock hard plays its
# play-ons in worker processes (`parallel`): the same choices, in time more often
# (docs/ai-lab.md, entry 67).
LEVELS = {
    "easy": Level(40, 12, 0.3, 0.1, fitted=False, temperature=1.0),
    "normal": Level(150, 50, 1.5, 0.5, temperature=0.5),
    "hard": Level(1600, 480, 6.0, 2.0, halving=True, offer_ahead=True, rivalry=0.5,
                  others_plan=True, value_draft=True, verify=3, verify_pool=6, parallel=True,
                  evaluator="corrected"),
}
