"""The farm's future, simulated: where a board takes its farmer by the end of the game.

`project(p, round_, path, cash, params)` plays the rounds after `round_` on an abstract copy
of the farmer's board: each round the fields are harvested and the pile gives a new field;
the Regular customers are served (what is missing is traded for at the stalls with spare
vegetables, or bought in the Shop when the delivery pays for it; a miss turns the marker red,
then costs 2 Cash a round, as the card stays until served); Casual customers are served when
that pays; empty fields are sown with what will be worth most; what is left is stored, sold to
the Shop's free spaces, or sold to the customers still to come.

Those future customers are the cards the farmer has not got yet. They are not guessed one by
one: every vegetable the board produces beyond what its own customers want is worth
`params.future[v]` Cash to them, up to `params.absorb` vegetables per round for each round of
card buying still to come (a farm with no spare produce gains nothing from them, a farm whose
fields outgrow its customers gains a lot). The Cash of every round is then walked on the Path
(`walk`): the first step of each round for 1, more as early as the money allows, since a
step taken early makes every later cheap step land further on (designer's notes: money early
is worth more). The result is the final position after Loans, a real number (the spare Cash
at the end counts as a fraction of the next step).

The simulation itself is in `farm.py` (compiled where a C compiler was at hand when the
package was installed); here are its knobs and a table of the boards already projected.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import farm as _farm  # compiled where it was built so (ai/__init__.py)
from . import memo

if TYPE_CHECKING:
    from loyang_game.engine.state import PlayerState


@dataclass(frozen=True)
class Params:
    """The model's knobs (fitted by `python -m lab.train`, stored in `weights.json`)."""

    future: tuple[float, ...] = (2.0, 2.2, 2.4, 2.4, 2.8, 2.8)  # Cash per spare vegetable
    absorb: float = 2.0  # spare vegetables future customers take per round, per round of cards
    absorb_max: float = 8.0
    convert: float = 1.0  # spare vegetables traded 1:1 at stalls still to come, per round
    convert_max: float = 3.0
    convert_cost: float = 0.5  # Cash lost on each such trade (cards are not free)
    helper: float = 1.5  # Cash a Helper in hand is worth while rounds remain
    casual_margin: float = 1.0  # a Casual customer is served when it beats this
    stall_offer: float = 0.0  # Cash an offer still on a stall is worth at the end
    card_cost: float = 2.0  # Cash paid for cards at the start of each round still to come
    reserve: float = 0.0  # Cash the walk keeps in hand at the end of each round but the last

    def to_data(self) -> dict[str, Any]:
        return {"future": list(self.future), "absorb": self.absorb,
                "absorb_max": self.absorb_max, "convert": self.convert,
                "convert_max": self.convert_max, "convert_cost": self.convert_cost,
                "helper": self.helper,
                "casual_margin": self.casual_margin, "stall_offer": self.stall_offer,
                "card_cost": self.card_cost, "reserve": self.reserve}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Params:
        return cls(future=tuple(data["future"]), absorb=data["absorb"],
                   absorb_max=data["absorb_max"], convert=data["convert"],
                   convert_max=data["convert_max"], convert_cost=data["convert_cost"],
                   helper=data["helper"],
                   casual_margin=data["casual_margin"], stall_offer=data["stall_offer"],
                   card_cost=data["card_cost"], reserve=data["reserve"])


DEFAULT_PARAMS = Params()


walk, simulate, board_key = _farm.walk, _farm.simulate, _farm.board_key


# Boards already projected, by everything of the board the projection reads (one table per
# Params). The search meets the same board again and again: a plan's leaf in every sample
# (the projection never looks at what a sample changes, such as the pile's order), each Path
# step of one board, the next Offer's probes. Three calls in four are such repeats (a solo
# game of hard and a 2-player one, rounds 1-2), so they are looked up rather than simulated
# again; the value is the one `simulate` gives, to the last bit. Bounded: emptied when full;
# let go with the game (`memo`).
CACHE_SIZE = 60_000
_tables: dict[int, tuple[Params, dict[tuple[float, ...], float]]] = memo.kept({})


def project(p: PlayerState, round_: int, path: int | None = None, cash: float | None = None,
            params: Params = DEFAULT_PARAMS) -> float:
    """The final position (after Loans) that `p`'s board reaches, from the end of his turn in
    `round_` (with the Path step `path`/`cash` applied when given): `simulate`, looked up when
    the same board was projected before."""
    table = memo.table_of(_tables, params)
    key = board_key(p, round_, p.path if path is None else path,
                    p.cash if cash is None else cash)
    value = table.get(key)
    if value is None:
        if len(table) >= CACHE_SIZE:
            table.clear()
        value = table[key] = simulate(p, round_, path, cash, params)
    return value
