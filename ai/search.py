"""The information-set MCTS agent (the levels easy, normal and hard: `levels.py`).

It only ever looks at `state.observe(seat, rng)` (through `view.py`): a clone in which
everything the seat cannot see is re-sampled. The MCTS draws a fresh sample for every
iteration (single-observer ISMCTS); the other seats play the default policy (`policy.py`)
inside each sample, and every iteration stops at the end of the searching seat's own turn,
where the evaluation (`evaluate.py`) says what the board is worth in final Path spaces (the
Path step itself is chosen there by the evaluation, which knows the Path's prices).

Two kinds of node:

- The seat's own Action phase is deterministic until a Two-pack is drawn: a planning problem.
  Its nodes are keyed by the state itself (a transposition table: the many orders of the same
  actions meet in one node) and branch over *options*, short plans such as "serve this
  customer, trading for what is missing" (`options.py`), ordered by a cheap prior and opened
  by progressive widening. A plan is as good as its best completion, so these nodes back up
  the best value found below them; the Two-pack is a chance edge whose value is the mean over
  the cards drawn in the samples.
- Every other decision (Card phase, Harvest, a Foreman claim, the solo Offer...) is a node of
  the usual ISMCTS tree, keyed by the seat's own moves, backing up means, with availability
  counts since what is legal differs between samples.

The agent thinks once at the start of its Action phase (and again when a Two-pack reveals
something new), then plays the plan out move by move; a single legal move costs nothing.
In the solo game a level may check its most explored plans a round further by playing them
on before it commits (`verify.py`, `checking.py`). The boards where its plays stop are valued
by `leaves.LeafValues`; the thinker, the coach and the review ask it as a `searcher.Searcher`.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Mapping

from loyang_game.engine import GameState, Move, flow
from loyang_game.engine.planning import planning_key
from loyang_game.engine.state import ACTIONS, Decision

from . import checking
from .checking import PlayOnPace, PlayOns
from .evaluate import Evaluation
from .evaluators import make_evaluation
from .knobs import tuned
from .leaves import LeafValues
from .levels import LEVELS, Level
from .options import Option, act_options, store_options
from .playout import to_path_step
from .policy import ACT_DECISION, PATH_DECISION, STORE_DECISION, default_move
from .ponder import Pondered
from .searcher import Progress, Searched, Tried
from .tree import Edge, Halving, Node
from .turn import apply_option, forced_play, kind_chance, planned_move, planning, prune
from .view import canonical_view, determinise
from .worker import HandOver

MIN_ITERATIONS, MIN_SECONDS = 8, 0.02  # a search, however short, looks before it leaps


class MCTSAgent:
    """Single-observer information-set MCTS (see the module docstring).
    `deterministic=True`: iteration counts only, no clock (the same game in any process)."""

    def __init__(self, level: str | Level = "hard", seed: int = 0, deterministic: bool = False,
                 evaluator: Evaluation | None = None,
                 overrides: Mapping[str, float | str] | None = None,
                 clock: Callable[[], float] = time.perf_counter, name: str = "") -> None:
        """`level`: a level's name in LEVELS, or a level itself (then named `name`: the
        lab's yardsticks, a check's follower); `overrides`: knobs changed (`knobs.tuned`)."""
        self.clock = clock  # seconds; injected by tests, ignored in deterministic mode
        played = LEVELS[level] if isinstance(level, str) else level
        self.level = tuned(played, overrides) if overrides else played
        self.name = level if isinstance(level, str) else name
        self.rng = random.Random(seed)
        self.deterministic = deterministic
        self.given = evaluator
        self.ev = self.evaluation(solo=False)
        self.leaves = LeafValues(self.level, self.ev)  # how its plays' ends are valued
        self.kept_checks: PlayOns | None = None  # the review's coach's (`keep_checks`)
        self.pace = PlayOnPace()  # on the clock: how long its checks' play-ons take here
        self.table: dict[tuple[object, ...], Node] = {}  # this turn's planning nodes
        self.turn_key: tuple[int, int] | None = None  # (round, seat) of the table
        self.acting = False  # has this turn's Action phase begun (its budget)
        self.turn_iterations = 0
        self.turn_seconds = 0.0
        self.plan: list[Move] = []  # the rest of the option being played
        self.last_choice: tuple[GameState, Move] | None = None  # the view it was made in
        self.last_iterations = 0
        self.last_root: Node | None = None  # the last decision's root, for `estimates`
        self.last_path: tuple[Move, float] | None = None  # ... or its Path step and value

    def evaluation(self, solo: bool) -> Evaluation:
        """The evaluation it plays a game (solo or not) with: the one given, its level's, or
        a subclass's own (the lab's yardsticks and candidates read theirs from files); a
        check's worker process values its play-on's boards by it (`checking.py`)."""
        if self.given is not None:
            return self.given
        return make_evaluation(self.level.evaluator, solo, self.level.fitted,
                               self.level.evaluation)

    def _evaluate(self, solo: bool) -> None:
        """The evaluation for a game (solo or not), and the leaves' values by it."""
        self.ev = self.evaluation(solo)
        self.leaves = LeafValues(self.level, self.ev)

    # -- the agent and the searcher (`searcher.Searcher`) -----------------------------------
    def choose(self, state: GameState) -> Move:
        seat = state.current_player
        assert seat is not None, "the game is over: no seat to choose for"
        return self._decide(state, seat, None, None)

    def search(self, state: GameState, seat: int, stop: threading.Event | None = None,
               progress: Progress | None = None) -> Searched:
        move = self._decide(state, seat, stop, progress)
        assert self.last_choice is not None, "a decision keeps the view it was made in"
        return self._searched(self.last_choice[0], move)

    def budget(self, state: GameState) -> tuple[int, float]:
        """The iterations and seconds the level plans for the decision in `state` (an
        Action phase's, or any other's; no seconds in deterministic mode)."""
        level = self.level
        if flow.decision(state) == Decision.ACT:
            iterations, seconds = level.act_iterations, level.act_seconds
        else:
            iterations, seconds = level.other_iterations, level.other_seconds
        return iterations, 0.0 if self.deterministic else seconds

    def search_on(self, state: GameState, seat: int, iterations: int,
                  stop: threading.Event | None = None) -> Searched | None:
        """The last decision's search carried on for `iterations` more (the same options, the
        same evaluation; no clock), its pick checked a round further as the level checks its
        picks: the review's longer look. None where nothing was searched."""
        root = self.last_root
        if root is None or iterations <= 0:
            return None
        view = canonical_view(state, seat)
        self._search(view, seat, root, iterations, 0.0, stop, None, view.phase == ACTIONS)
        option = self._pick(root, view, seat)
        if checking.checks(self.level, view):
            option = checking.verified(self, root, view, seat, option, stop, float("inf"))
        self.plan = list(option[1:])
        self.last_root = root
        return self._searched(view, option[0])

    def path_step(self, view: GameState, seat: int) -> Move:
        return self.leaves.path_choice(view, seat)[0]

    def planned_option(self, view: GameState, seat: int) -> Option | None:
        """The option this turn's node for the board of `view` rates best, unless the best it
        knows is a plain rule-of-thumb finish (its floor), or no search reached the board."""
        node = self.table.get(planning_key(view, seat))
        return None if node is None else node.planned()

    @property
    def makes(self) -> type[MCTSAgent]:
        """What makes a check's followers (`checking.py`): plain agents of this class, also
        for a subclass (the lab's leaf sampler)."""
        return MCTSAgent

    def keep_checks(self, kept: PlayOns) -> None:
        """Counting iterations only: check picks a round further on the seed the first check
        drew, keeping the play-ons' values in `kept` (the review's coach, `checking.py`)."""
        self.kept_checks = kept

    def _searched(self, view: GameState, move: Move) -> Searched:
        """The result of the decision just taken in `view`."""
        root = self.last_root
        tried = () if root is None else tuple(Tried(o, e.visits, root.q(e))
                                              for o, e in root.edges.items() if e.visits)
        racing = view.config.seats > 1 and self.level.rivalry > 0
        return Searched(move, tuple(self.plan), self.last_iterations, self.turn_seconds,
                        tuple(self.estimates()), tried, racing)

    def _decide(self, state: GameState, seat: int, stop: threading.Event | None,
                progress: Progress | None) -> Move:
        """`seat`'s move in `state` (see the module docstring); the decision's root, plan and
        budget kept for the next decisions of the turn and for `_searched`."""
        started = self.clock()
        view = canonical_view(state, seat)  # the only look at the state: what seat sees
        self._evaluate(view.config.solo)
        if checking.checks(self.level, view):
            checking.play_on_pool(self)  # started once, while this decision's search runs
        moves = view.legal_moves()
        self.last_iterations = 0
        self.last_root, self.last_path = None, None
        continues = self._continues(view)
        if len(moves) == 1:
            return self._played(view, moves[0])
        decision = flow.decision(view)
        if decision == PATH_DECISION:  # the evaluation knows the Path's prices exactly
            self.last_path = self.leaves.path_choice(view, seat)
            return self._played(view, self.last_path[0])
        if (view.round, seat) != self.turn_key or not continues:
            self._new_turn(view.round, seat)
        if planning(view, seat):
            if self.plan and self.plan[0] in moves:
                self.last_root = self.table.get(planning_key(view, seat))
                return self._played(view, self.plan.pop(0))
            root = self._planning_node(view, seat)
            acting = view.phase == ACTIONS
            if acting and not self.acting:  # the Action phase's budget starts now
                self.acting = True
                self.turn_iterations, self.turn_seconds = 0, 0.0
                budget, seconds = self.level.act_iterations, self.level.act_seconds
            elif root.visits >= self.level.replan_visits and root.best_option() is not None:
                budget, seconds = 0, 0.0  # play the plan out
            elif acting:  # something new (a Two-pack): what is left, or a short look
                budget = max(self.level.act_iterations - self.turn_iterations,
                             self.level.other_iterations // 2)
                seconds = max(self.level.act_seconds - self.turn_seconds,
                              self.level.other_seconds / 2)
            else:
                budget, seconds = self.level.other_iterations, self.level.other_seconds
            searched = budget or root.best_option() is None
            if searched:
                self._search(view, seat, root, max(budget, MIN_ITERATIONS),
                             max(seconds, MIN_SECONDS), stop, progress, acting)
        else:
            root = Node(planning=False)
            searched, acting = True, False
            self._search(view, seat, root, self.level.other_iterations,
                         self.level.other_seconds, stop, progress, False)
        option = self._pick(root, view, seat)
        if searched and checking.checks(self.level, view):
            option = checking.verified_in_time(self, root, view, seat, option, stop, started,
                                               acting)
        self.plan = list(option[1:])
        self.last_root = root
        return self._played(view, option[0])

    def adopt(self, state: GameState, seat: int, given: Pondered) -> Searched | None:
        """Play the turn `given`, thought about ahead of it (`ponder.py`) on a view whose plan
        still holds in `state`, as if this agent had just searched it: the rest of its plan
        follows, and a search later in the turn (after a Two-pack) has what is left of the
        Action phase's budget."""
        view = canonical_view(state, seat)
        self._evaluate(view.config.solo)
        self._new_turn(view.round, seat)
        self.acting = True
        self.turn_iterations, self.turn_seconds = given.iterations, given.seconds
        self.plan = list(given.plan)
        self.last_iterations = given.iterations
        self.last_root, self.last_path = None, None
        return self._searched(view, self._played(view, given.move))

    def estimates(self) -> list[tuple[Move, float]]:
        """What the last decision's search expects after each first move it tried, best
        first, in final Path spaces: the value it maximises, so in a game with others its own
        position less `rivalry` times the best other's. A Path step is the step chosen with
        its own position alone; empty when the decision took no search (one legal move)."""
        if self.last_path is not None:
            return [self.last_path]
        return [] if self.last_root is None else self.last_root.first_moves()

    def _played(self, view: GameState, move: Move) -> Move:
        self.last_choice = (view, move)
        return move

    def _new_turn(self, round_: int, seat: int) -> None:
        """A new turn (or an undo, a load): a fresh table and a fresh Action-phase budget."""
        self.table = {}
        self.turn_key = (round_, seat)
        self.acting = False
        self.turn_iterations = 0
        self.turn_seconds = 0.0
        self.plan = []

    def _continues(self, view: GameState) -> bool:
        """Did the game go on from this agent's last move (not an undo, a load of another
        point, another game)? Judged by value: the same config, and moves that begin with
        those up to that move, so that a state rebuilt from the config and the moves (a load,
        a copy made in another process) goes on with the plan as the state itself would."""
        if self.last_choice is None:
            return False
        before, move = self.last_choice
        if view.config != before.config:
            return False
        h = view.history  # first the quick look: the history clones share, never mutated
        for _ in range(400):
            if h is None:
                break
            if h[1] == move and h[0] is before.history:
                return True
            h = h[0]
        made = [*before.moves(), move]
        return view.moves()[:len(made)] == made

    # -- the search ---------------------------------------------------------------------------
    def _planning_node(self, s: GameState, seat: int) -> Node:
        key = planning_key(s, seat)
        node = self.table.get(key)
        if node is None:
            node = self.table[key] = Node(planning=True)
        return node

    def _search(self, view: GameState, seat: int, root: Node, budget: int, seconds: float,
                stop: threading.Event | None, progress: Progress | None, acting: bool) -> None:
        start = self.clock()
        deadline = None if self.deterministic else start + max(0.0, seconds)
        halving = None
        if self.level.halving:
            self._open(root, determinise(view, seat, self.rng), seat)
            halving = Halving(root, budget)
        done, hand_over = 0, HandOver()
        for i in range(max(0, budget)):
            if stop is not None and stop.is_set():
                break
            if deadline is not None and self.clock() > deadline:
                break
            hand_over()  # the table's frames get the GIL now and then
            det = determinise(view, seat, self.rng)  # a fresh sample every iteration
            self._iterate(det, seat, root, halving.next() if halving else None)
            done = i + 1
            if progress is not None and (i & 15) == 15:
                progress(done, self._best_move(root))
        self.last_iterations = done
        if acting:  # the Action phase's budget is shared by all its searches
            self.turn_iterations += done
            self.turn_seconds += self.clock() - start
        if progress is not None:
            progress(done, self._best_move(root))

    def _best_move(self, node: Node) -> Move | None:
        option = node.best_option()
        return option[0] if option else None

    def _options(self, s: GameState, seat: int, node: Node) -> list[tuple[Option, bool]]:
        """The options legal here, in prior order, with whether each is a chance edge."""
        decision = flow.decision(s)
        if decision == ACT_DECISION:
            return [(o, kind_chance(o)) for o, _, _ in act_options(s, seat)]
        if decision == STORE_DECISION:
            return [(o, False) for o in store_options(s, seat)]
        moves = prune(decision, s.legal_moves(), s.players[seat].cash, self.level.loan_below)
        first = default_move(s, moves)
        listed: list[tuple[Option, bool]] = [((first,), False)]
        listed.extend(((m,), False) for m in moves if m != first)
        return listed

    def _open(self, node: Node, s: GameState, seat: int) -> list[tuple[Option, bool]] | None:
        """Make sure `node` has an edge for every option legal in `s`; the options listed
        (tree nodes, whose options differ between samples) or None (planning nodes, listed
        once)."""
        if node.planning:
            if node.options is None:
                listed = self._options(s, seat, node)
                node.options = [o for o, _ in listed]
                for o, chance in listed:
                    node.edges[o] = Edge(chance)
            return None
        listed = self._options(s, seat, node)
        if node.options is None:
            node.options = []
        for o, chance in listed:
            if o not in node.edges:
                node.edges[o] = Edge(chance)
                node.options.append(o)
        return listed

    def _select(self, node: Node, s: GameState, seat: int) -> Option | None:
        level = self.level
        listed = self._open(node, s, seat)
        options = node.options
        assert options is not None, "_open lists a node's options"
        if node.planning:
            candidates = options[:3 + int(level.widen * math.sqrt(node.visits))]
            total = node.visits
        else:
            assert listed is not None, "a tree node's options are listed in every sample"
            legal = {o for o, _ in listed}
            allowed = 3 + int(level.widen * math.sqrt(node.visits))
            candidates = [o for o in options if o in legal][:allowed]
            for o in candidates:
                node.avail[o] = node.avail.get(o, 0) + 1
            total = 0
        if not candidates:
            return None
        for o in candidates:  # the first not yet visited enough
            if node.edges[o].visits < level.min_visits:
                return o
        c = level.exploration
        best, best_score = candidates[0], -1e18
        for o in candidates:
            edge = node.edges[o]
            n = node.avail[o] if not node.planning else total
            score = node.q(edge) + c * math.sqrt(math.log(max(n, 1)) / edge.visits)
            if score > best_score:
                best, best_score = o, score
        return best

    def _iterate(self, det: GameState, seat: int, root: Node, first: Option | None = None) -> None:
        """One iteration from `root` (through `first` when the root's option is imposed)."""
        trail: list[tuple[Node, Option]] = []
        node = root
        value: float | None = None
        new_leaf: Node | None = None
        option: Option | None
        while True:
            if first is not None and first in node.edges:
                option, first = first, None
                if not node.planning:
                    node.avail[option] = node.avail.get(option, 0) + 1
            else:
                first = None
                option = self._select(node, det, seat)
            if option is None:  # nothing left to try here
                value = self._rollout(det, seat)
                break
            moved = det.clone() if len(option) > 1 else det
            if not apply_option(moved, option):  # an option that is not legal after all
                assert node.options is not None, "an option taken was listed"
                node.options.remove(option)
                del node.edges[option]
                continue
            det = moved
            trail.append((node, option))
            value = self._advance(det, seat)
            if value is not None:
                break
            edge = node.edges[option]
            if planning(det, seat):
                child = self._planning_node(det, seat)
                if node.planning and not edge.chance:
                    edge.child = child
            else:
                known = node.children.get(option)
                if known is None:
                    known = node.children[option] = Node(planning=False)
                child = known
            if child.visits == 0:
                value = self._rollout(det, seat)
                new_leaf = child
                break
            node = child
        if new_leaf is not None:
            new_leaf.visits += 1
            if new_leaf.planning:
                new_leaf.floor = max(new_leaf.floor, value)
                new_leaf.best = max(new_leaf.best, value)
        for node, option in reversed(trail):
            edge = node.edges[option]
            edge.visits += 1
            edge.total += value
            node.visits += 1
            if node.planning:
                # chance edges count by their mean, which may fall: recompute, never ratchet
                best = node.floor
                for e in node.edges.values():
                    if e.visits:
                        q = node.q(e)
                        if q > best:
                            best = q
                node.best = value = best

    def _advance(self, det: GameState, seat: int) -> float | None:
        """Play the others' moves and the forced ones; the value if the turn is over, else
        None with `det` at the seat's next real decision."""

        leaves = self.leaves
        reached = to_path_step(det, seat, forced_play, leaves.other_move)
        if reached is None:
            return None
        return leaves.where_stopped(det, seat, reached, self._path_leaf)

    def _rollout(self, det: GameState, seat: int) -> float:
        """Finish the seat's turn by rules of thumb: options for its own Action phase, the
        default policy for everything else."""

        def by_thumb(d: GameState) -> bool:
            planned_move(d, seat)
            return True

        leaves = self.leaves
        reached = to_path_step(det, seat, by_thumb, leaves.other_move)
        return leaves.where_stopped(det, seat, reached, self._path_leaf)

    def _path_leaf(self, det: GameState, seat: int) -> float:
        """A leaf's value at the seat's Path step (`LeafValues.path_leaf`), through a hook of
        the agent's own: the lab's leaf sampler overrides it (`lab.fit_residual`)."""
        return self.leaves.path_leaf(det, seat)

    def _pick(self, node: Node, view: GameState, seat: int) -> Option:
        legal = set(view.legal_moves())
        visited = [(o, e) for o, e in node.edges.items() if e.visits and o[0] in legal]
        if not visited:
            return (default_move(view),)
        if self.level.temperature > 0:
            weights = [e.visits ** (1.0 / self.level.temperature) for _, e in visited]
            return self.rng.choices([o for o, _ in visited], weights)[0]
        option = node.best_option()
        if option is None or option[0] not in legal:
            option = max(visited, key=lambda oe: node.q(oe[1]))[0]
        return option

