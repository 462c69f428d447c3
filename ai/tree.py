"""The search tree's pieces: a decision's node, the edge of each option out of it, and
sequential halving at the root. `search.MCTSAgent` grows and reads them; `verify` reads a
searched root's edges. On the hot path (compiled with the search, `setup.py`).
"""

from __future__ import annotations

import math

from loyang_game.engine import Move

from .options import Option


class Edge:
    """One option out of a node: its visits and, for means, their total; `child` is the node
    it leads to when that does not depend on the sample."""

    __slots__ = ("chance", "child", "total", "visits")

    def __init__(self, chance: bool) -> None:
        self.visits = 0
        self.total = 0.0
        self.chance = chance
        self.child: Node | None = None


class Node:
    """A decision of the searching seat. `planning` nodes (its own Action phase) are shared
    through the transposition table and back up the best value below them."""

    __slots__ = ("avail", "best", "children", "edges", "floor", "options", "planning", "visits")

    def __init__(self, planning: bool) -> None:
        self.planning = planning
        self.visits = 0
        self.best = -1e18
        self.floor = -1e18  # planning: the best plain rollout from here (a real plan)
        self.options: list[Option] | None = None  # in prior order
        self.edges: dict[Option, Edge] = {}
        self.children: dict[Option, Node] = {}  # tree nodes: the child by option
        self.avail: dict[Option, int] = {}  # tree nodes: how often each option was legal

    def q(self, edge: Edge) -> float:
        if self.planning and not edge.chance and edge.child is not None:
            return edge.child.best
        return edge.total / edge.visits

    def best_option(self) -> Option | None:
        visited = [(o, e) for o, e in self.edges.items() if e.visits]
        if not visited:
            return None
        if self.planning:
            return max(visited, key=lambda oe: (self.q(oe[1]), oe[1].visits))[0]
        most = max(e.visits for _, e in visited)
        sure = [(o, e) for o, e in visited if e.visits >= max(1, most // 4)]
        return max(sure, key=lambda oe: (self.q(oe[1]), oe[1].visits))[0]

    def first_moves(self) -> list[tuple[Move, float]]:
        """Each first move tried from here, by the best value of the options that begin
        with it, best first."""
        best: dict[Move, float] = {}
        for option, edge in self.edges.items():
            if edge.visits:
                best[option[0]] = max(best.get(option[0], -1e18), self.q(edge))
        return sorted(best.items(), key=lambda item: -item[1])

    def planned(self) -> Option | None:
        """The option this planning node rates best, unless the best it knows is a plain
        rule-of-thumb finish (its floor): the coach's plan reads the turn this way."""
        option = self.best_option()
        if option is not None and self.q(self.edges[option]) + 1e-9 >= self.floor:
            return option
        return None


class Halving:
    """Sequential halving at the root: every option gets the same share of a round's
    iterations, then the worse half is dropped, until one is left (the rest of the budget, if
    any, goes to UCT). Why: the search backs up the best completion found below a plan, and
    under UCT the plan explored first collects hundreds of completions while the others get one
    or two, so a max over many is compared with a max over few and the well-explored plan
    wins by that alone (solo deal 2, round 2: "buy nothing" 468 visits, three free customers
    1-3 visits each). Halving compares options at equal visits, round by round."""

    def __init__(self, root: Node, budget: int) -> None:
        self.root = root
        self.alive = list(root.options or ())
        rounds = max(1, math.ceil(math.log2(max(2, len(self.alive)))))
        self.per_round = max(1, budget // rounds)
        self.queue: list[Option] = []
        self._fill()

    def _fill(self) -> None:
        share = max(1, self.per_round // max(1, len(self.alive)))
        self.queue = [o for o in self.alive for _ in range(share)]
        self.queue.reverse()

    def next(self) -> Option | None:
        """The root option for the next iteration, or None once the halving is over."""
        if len(self.alive) <= 1:
            return None
        if not self.queue:
            edges = self.root.edges
            self.alive = [o for o in self.alive if o in edges and edges[o].visits]
            self.alive.sort(key=lambda o: (self.root.q(edges[o]), edges[o].visits),
                            reverse=True)
            del self.alive[max(1, (len(self.alive) + 1) // 2):]
            if len(self.alive) <= 1:
                return None
            self._fill()
        return self.queue.pop()
