"""Readable lines for the game log from the events an `apply` left behind."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .engine.cards import CARDS, VEG_NAMES


def _card(card: int) -> str:
    return CARDS[card].name


def describe_events(events: Iterable[tuple], names: Sequence[str]) -> list[str]:
    """One line per event worth telling (harvests are summed per player)."""
    lines: list[str] = []
    harvests: dict[int, list[str]] = {}
    for event in events:
        kind = event[0]
        if kind == "harvest":
            harvests.setdefault(event[1], []).append(VEG_NAMES[event[2]])
            continue
        if kind == "game over":
            lines.append("The game is over.")
            continue
        if kind == "reshuffle":
            lines.append("The discard pile is shuffled into a new draw pile.")
            continue
        who = names[event[1]]
        if kind == "place":
            continue  # the move itself says what was played
        if kind == "discard":
            lines.append(f"{who}'s {_card(event[2])} goes to the discard pile.")
        elif kind == "reveal":
            lines.append(f"{who}'s {_card(event[2])} is revealed from under it.")
        elif kind == "new field":
            lines.append(f"{who} turns over a {_card(event[2])}.")
        elif kind == "removed":
            lines.append(f"{who}'s emptied {_card(event[2])} leaves the game.")
        elif kind == "flip":
            lines.append(f"{who} turns over {_card(event[2])} into the Courtyard.")
        elif kind == "two-pack":
            drawn = " and ".join(_card(c) for c in event[2]) or "nothing"
            lines.append(f"{who} draws {drawn}.")
        elif kind == "paid":
            lines.append(f"{who} pays {event[2]} Cash for the {event[3]}.")
        elif kind == "red":
            lines.append(f"{who}'s {_card(event[2])} was not served: its marker turns red.")
        elif kind == "penalty":
            lines.append(f"{who}'s {_card(event[2])} was not served again: 2 Cash penalty.")
        else:
            lines.append(f"{who}: {kind}")
    for seat, vegs in harvests.items():
        lines.insert(0, f"{names[seat]} harvests {', '.join(vegs)}.")
    return lines
