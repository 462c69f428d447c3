"""Readable lines for the game log from the events an `apply` left behind."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .engine.cards import CARDS, VEG_NAMES

# Events about one player's card: (kind, seat, card) -> a line ("place" is told by the move).
_CARD_EVENTS = {
    "discard": "{who}'s {card} goes to the discard pile.",
    "reveal": "{who}'s {card} is revealed from under it.",
    "new field": "{who} turns over a {card}.",
    "removed": "{who}'s emptied {card} leaves the game.",
    "flip": "{who} turns over {card} into the Courtyard.",
    "red": "{who}'s {card} was not served: its marker turns red.",
    "penalty": "{who}'s {card} was not served again: 2 Cash penalty.",
    "claim": "{who}'s Foreman takes the {card} from the discard pile.",
}
_GAME_EVENTS = {
    "game over": "The game is over.",
    "reshuffle": "The discard pile is shuffled into a new draw pile.",
}


def describe_events(events: Iterable[tuple], names: Sequence[str]) -> list[str]:
    """One line per event worth telling (harvests are summed per player, first)."""
    lines: list[str] = []
    harvests: dict[int, list[str]] = {}
    for event in events:
        kind = event[0]
        if kind in _GAME_EVENTS:
            lines.append(_GAME_EVENTS[kind])
        elif kind == "harvest":
            harvests.setdefault(event[1], []).append(VEG_NAMES[event[2]])
        elif kind in _CARD_EVENTS:
            lines.append(_CARD_EVENTS[kind].format(who=names[event[1]],
                                                   card=CARDS[event[2]].name))
        elif kind == "two-pack":
            drawn = " and ".join(CARDS[c].name for c in event[2]) or "nothing"
            lines.append(f"{names[event[1]]} draws {drawn}.")
        elif kind == "paid":
            lines.append(f"{names[event[1]]} pays {event[2]} Cash for the {event[3]}.")
    harvested = [f"{names[seat]} harvests {', '.join(vegs)}." for seat, vegs in harvests.items()]
    return harvested + lines
