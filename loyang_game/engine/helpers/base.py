"""What every Helper shares: the registry, who a lantern Helper may reach, using one up.

A Helper is a small class whose methods read like its card text (the text itself is the
words layer's, ui/rules_text.py, by the Helper's id): `moves` lists what it offers in the
owner's Action phase, `apply` carries one out.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..cards import CARDS, HELPER_NAMES, NONE
from ..moves import USE, Move
from ..play_area import leave
from ..state import ACTIONS, Effect, PlayerState, State, find

REGISTRY: dict[str, Helper] = {}


class Helper:
    """One kind of Helper. Subclasses set `name`, `text` and `phases` ([1] Harvest,
    [2] Card phase, [3] Action phase, as in the Helper Reference)."""

    name = ""
    phases: tuple[int, ...] = (3,)

    def moves(self, s: State, p: PlayerState, card: int) -> Iterable[Move]:
        """What the Helper `card` offers in `p`'s Action phase."""
        return ()

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        raise NotImplementedError


def register(cls: type[Helper]) -> type[Helper]:
    REGISTRY[cls.name] = cls()
    return cls


def helper_for(card: int) -> Helper:
    return REGISTRY[CARDS[card].name]


@lru_cache(maxsize=1 << 12)
def use(card: int, b: int = NONE, c: int = NONE, d: int = NONE, e: int = NONE) -> Move:
    """The move using the Helper `card`, made once and shared: the Helpers' moves are listed
    in every Action-phase `legal_moves`, and the same few come back all through a search."""
    return Move(USE, card, b, c, d, e)


def use_up(s: State, p: PlayerState, card: int) -> None:
    """A used Helper goes to the discard pile (where the Foreman may claim it)."""
    leave(s, p, p.helpers, find(p.helpers, card))


def reachable(s: State, p: PlayerState) -> list[PlayerState]:
    """The players a lantern Helper of `p` may affect now: in a 4-player Action phase only
    the current partner (rulebook "Special rules for the Four-player game", RULINGS R5); in
    the solo game the imaginary opponent (R14)."""
    if s.config.seats == 4 and s.phase == ACTIONS and s.partner:
        return [s.players[s.partner[p.seat]]]
    return s.others(p.seat)


def activate(p: PlayerState, effect: Effect) -> None:
    """A Helper activated for the rest of this Action phase (it stays in force after it goes
    to the discard pile)."""
    p.effects = (*p.effects, effect)


def owner_of(s: State, area_name: str, card: int) -> PlayerState:
    for p in ([*s.players, s.opponent] if s.opponent else s.players):
        for slot in getattr(p, area_name):
            if slot.card == card:
                return p
    raise AssertionError(f"card {card} is not in any {area_name}")


HELPER_KINDS = tuple(dict.fromkeys(HELPER_NAMES))
