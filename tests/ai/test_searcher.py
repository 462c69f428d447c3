"""The searcher protocol (ai/searcher.py): every agent seated by name is a searcher, a search
answers with a typed result, and the thinker, the coach's plan and the review read agents
through it alone."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

from ai.agents import AGENTS, make_agent
from ai.levels import LEVELS
from ai.plan import advise, explained, serving_values
from ai.search import MCTSAgent
from ai.searcher import Searched, Searcher
from loyang_game.engine import GameConfig, Move, flow, new_game
from loyang_game.engine.moves import ADVANCE
from loyang_game.engine.state import Decision

from .test_thinker import action_phase

ROOT = Path(__file__).resolve().parents[2]
SMALL = "hard:act_iterations=40,other_iterations=12"
READERS = ("thinker.py", "plan.py", "review.py", "weighing.py")


def test_every_agent_seated_by_name_is_a_searcher():
    wanted = {name for name, member in inspect.getmembers(Searcher)
              if inspect.isfunction(member) and not name.startswith("_")}
    assert wanted >= {"choose", "budget", "search", "adopt", "search_on", "path_step",
                      "planned_option", "keep_checks"}
    for name in AGENTS:
        agent = make_agent(name, 1)
        assert all(callable(getattr(agent, method)) for method in wanted), name


def test_a_plain_agent_searches_with_its_choice_and_keeps_no_tree():
    state = new_game(GameConfig(seats=2, seed=3))
    for name in ("random", "greedy"):
        chosen = make_agent(name, 5).choose(state.clone())
        agent = make_agent(name, 5)
        searched = agent.search(state.clone(), state.current_player)
        assert searched == Searched(chosen)
        assert agent.budget(state) == (0, 0.0)
        assert agent.search_on(state, state.current_player, 10) is None
        assert agent.planned_option(state, state.current_player) is None


def test_a_search_answers_with_its_plan_estimates_and_root():
    state = action_phase(2, 4, 0)
    agent = make_agent(SMALL, 2, deterministic=True)
    searched = agent.search(state.clone(), 0)
    assert searched.move in state.legal_moves() and searched.iterations >= 40
    assert searched.racing  # hard races the other in a game of two
    assert searched.estimates and all(len(pair) == 2 for pair in searched.estimates)
    best: dict[Move, float] = {}
    for tried in searched.tried:
        assert tried.visits > 0
        best[tried.option[0]] = max(best.get(tried.option[0], -1e18), tried.value)
    assert dict(searched.estimates) == best  # the estimates are the root's, by first move
    assert agent.budget(state) == (40, 0.0)  # counted in iterations: no seconds
    assert agent.choose(state.clone()) in state.legal_moves()


def test_the_hints_plan_ends_with_the_searchers_own_path_step():
    state = action_phase(1, 6, 0)
    asked = advise(SMALL, 9, state.observe(0), 0)
    assert asked is not None
    searcher, advice = asked
    assert advice.plan[0] == advice.move
    view = state.observe(0)
    for move in advice.plan[:-1]:
        view.apply(move)
    assert flow.decision(view) == Decision.PATH  # the plan runs to the turn's Path step
    assert advice.plan[-1].kind == ADVANCE
    assert advice.plan[-1] == searcher.path_step(view, 0)
    again = searcher.search(state.clone(), 0)
    told = explained(searcher, again, state, 0, again.iterations)
    assert told.serving == tuple(serving_values(again.tried).items())


def test_the_thinker_the_coach_and_the_review_read_no_agent_by_getattr_nor_privately():
    """They ask a searcher through its protocol: no `getattr`/`hasattr` probing, and no
    attribute with a leading underscore read on anything but `self`."""
    for name in READERS:
        tree = ast.parse((ROOT / "ai" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("getattr", "hasattr"), f"{name}:{node.lineno}"
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__"):
                owner = node.value
                assert isinstance(owner, ast.Name) and owner.id in ("self", "os"), \
                    f"{name}:{node.lineno}: .{node.attr}"


def test_every_room_of_the_ai_holds_at_most_500_lines():
    """Issue 49's room of one job each: a file past 500 lines has grown a second job."""
    for path in sorted((ROOT / "ai").glob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 500, f"ai/{path.name}: {lines} lines"


class _Sampler(MCTSAgent):
    """As the lab's leaf sampler (`lab.fit_residual.LeafSampler`): its own constructor, a
    list named `kept`, and the search's leaves hooked."""

    def __init__(self, seed: int) -> None:
        super().__init__("hard", seed, deterministic=True)
        self.kept: list[int] = []

    def _path_leaf(self, det, seat: int) -> float:
        self.kept.append(det.round)
        return super()._path_leaf(det, seat)


def test_a_subclass_hooks_the_leaves_and_checks_with_plain_followers():
    small = dataclasses.replace(LEVELS["hard"], act_iterations=40, other_iterations=12,
                                verify_iterations=10)
    sampler, plain = _Sampler(3), MCTSAgent("hard", 3, deterministic=True)
    sampler.level = plain.level = small
    state = new_game(GameConfig(seats=1, seed=5))
    while state.round <= 1:
        move = sampler.choose(state.clone())
        assert move == plain.choose(state.clone())  # the hook changes no value
        state.apply(move)
    assert sampler.kept and sampler.makes is MCTSAgent
