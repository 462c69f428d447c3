"""Where the keyboard and the wheel are in a choice's list of options: the option in focus
(Up, Down, Tab, Enter) and the first one shown when the list is longer than the window
(the wheel, Page Up, Page Down). Both go back to the top when another choice opens."""

from __future__ import annotations

from .overlay import ChoicePlace


class ChoiceCursor:
    def __init__(self) -> None:
        self.options: list[tuple] = []  # the choice's option targets, in their order
        self.focus: int | None = None  # None until the keyboard is used
        self.first = 0

    def follow(self, options: list[tuple]) -> None:
        """The choice open now has these options: a new choice starts at the top."""
        if options != self.options:
            self.options, self.focus, self.first = options, None, 0

    def focused(self) -> tuple | None:
        if self.focus is None or not self.options:
            return None
        return self.options[self.focus]

    def scroll(self, rows: int, place: ChoicePlace | None) -> None:
        """The list moves by `rows` (down when positive), within its ends."""
        if place is None:
            return
        shown = _shown(place)
        self.first = max(0, min(len(self.options) - shown, self.first + rows))

    def move(self, step: int, place: ChoicePlace | None) -> None:
        """The focus moves by `step` options (round the ends), and the list with it."""
        if not self.options or place is None:
            return
        if self.focus is None:
            self.focus = place.first if step > 0 else place.first + _shown(place) - 1
        else:
            self.focus = (self.focus + step) % len(self.options)
        shown = _shown(place)
        if self.focus < self.first:
            self.first = self.focus
        elif self.focus >= self.first + shown:
            self.first = self.focus - shown + 1


def _shown(place: ChoicePlace) -> int:
    """How many options the placed choice shows at once."""
    return max(1, sum(1 for target, *_rest in place.rows if target[0] == "opt"))


class TableCursor:
    """The keyboard's place among the targets lit on the table while a choice is made there
    (the Squire's cards, the Market crier's goods, a partner's board): Tab and the arrow
    keys step through them, Space or Enter clicks the one in focus."""

    def __init__(self) -> None:
        self.focus: tuple | None = None  # None until the keyboard is used

    def focused(self, targets: list[tuple]) -> tuple | None:
        """The target in focus, if it is still one of `targets`."""
        return self.focus if self.focus in targets else None

    def move(self, step: int, targets: list[tuple]) -> None:
        """The focus moves by `step` through `targets` (round the ends)."""
        if not targets:
            self.focus = None
            return
        if self.focus in targets:
            self.focus = targets[(targets.index(self.focus) + step) % len(targets)]
        else:
            self.focus = targets[0 if step > 0 else -1]
