"""A model of the rival by the boards' values (docs/ai-lab.md, entry 183; entry 132's next
step): how often does a one-look policy make hard's own Action-step move in duels? At each
Action step of the duel sampler's games (hard-v4 in both seats, `docs/lab/boards/2p`), every
option of the step (`options.act_options`) is played on, the rest of the turn by the rule of
thumb (the search's model of the others, `turn.planned_move`), and the board valued at the
seat's Path step by hard's evaluation (`leaves.path_value`); the option valued best is the
policy's, its first move compared with hard's move; the same with ties (plans that reach
one board in another order) broken toward the rule of thumb's option; and the rule's move
where it serves a Regular customer, else the option by value. Beside them, the rule of
thumb's first move (entry 132's yardstick). The true state is read (an upper bound on what a
model of the rival playing a sample could reach). An exploratory probe, not a lab tool:

    PYTHONPATH=. python docs/lab/probes/rival_probe.py FIRST GAMES
"""
import sys
from collections import Counter

from ai.evaluators import make_evaluation
from ai.leaves import final_value, path_value
from ai.options import act_options
from ai.playout import to_path_step
from ai.rule_of_thumb import rollout_act
from ai.turn import apply_option, planned_move
from lab.board_sampler import games
from loyang_game.engine import GameConfig, Move, flow, new_game
from loyang_game.engine.moves import MoveKind
from loyang_game.engine.state import Decision

first, count = int(sys.argv[1]), int(sys.argv[2])
ev = make_evaluation("corrected", False)


def by_rule(state) -> bool:
    planned_move(state, state.current_player)
    return True


def by_value(state, seat, rule_option=None) -> Move:
    """The first move of the option whose played-on board hard's evaluation values best; with
    `rule_option`, the rule of thumb's own where it is valued as well as the best (plans that
    reach one board in another order tie)."""
    best, best_value, rule_value = None, -1e18, None
    for option, _kind, _prior in act_options(state, seat):
        s = state.clone()
        if not apply_option(s, option):
            continue
        reached = to_path_step(s, seat, by_rule)
        if s.is_over:
            value = final_value(s, seat)
        elif reached:
            value = path_value(s, seat, ev)[1]
        else:
            value = ev.value(s, seat)
        if option == rule_option:
            rule_value = value
        if value > best_value:
            best, best_value = option[0], value
    if rule_value is not None and rule_value >= best_value - 1e-9:
        return rule_option[0]
    return best


steps: Counter[str] = Counter()
rule: Counter[str] = Counter()
value: Counter[str] = Counter()
tied: Counter[str] = Counter()
mixed: Counter[str] = Counter()
for game in games("docs/lab/boards/2p", set(range(first, first + count))):
    state = new_game(GameConfig(seats=game["seats"], seed=game["deal"]))
    for data in game["moves"]:
        move = Move.from_data(data)
        if flow.decision(state) == Decision.ACT:
            seat = state.current_player
            kind = str(move.kind)
            steps[kind] += 1
            rule_option = rollout_act(state, seat)
            rule[kind] += rule_option[0] == move
            value[kind] += by_value(state, seat) == move
            tied[kind] += by_value(state, seat, rule_option) == move
            mixed[kind] += (rule_option[0] if rule_option[0].kind == MoveKind.REGULAR
                            else by_value(state, seat)) == move
        state.apply(move)
    total = sum(steps.values())
    print(f"deal {game['deal']}: {total} Action steps, rule {sum(rule.values()) / total:.3f}, "
          f"by value {sum(value.values()) / total:.3f}, ties to the rule "
          f"{sum(tied.values()) / total:.3f}, the rule's Regular first "
          f"{sum(mixed.values()) / total:.3f}", flush=True)
for kind, n in steps.most_common():
    print(f"  {kind}: {n} steps, rule {rule[kind] / n:.2f}, by value {value[kind] / n:.2f}, "
          f"ties to the rule {tied[kind] / n:.2f}, the rule's Regular first {mixed[kind] / n:.2f}")
