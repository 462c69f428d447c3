"""The rule of thumb that finishes a turn inside the search: serve every customer that pays
(the Regular ones first, as a miss costs), then sow what grows best, then end.

It is the search's most frequent question (every play-on and every rollout asks it at each
Action step), so it makes only the options it may pick (`options.py`), kind by kind until one
pays: making every option for it took a quarter of a compiled game's CPU (docs/ai-lab.md,
entry 117). On the hot path: where a C compiler was at hand, `rule_of_thumb.pyx` gives the
same option from C data (tests/ai/test_rollout_act.py compares them).
"""

from __future__ import annotations

from loyang_game.engine import GameState

from .options import (
    END_OPTION,
    Option,
    casual_wants,
    due_wants,
    open_offers,
    serving_casuals,
    serving_regulars,
    sowing,
)


def rollout_act(s: GameState, seat: int) -> Option:
    """The rule over `options.act_options`: the first of its best-scored options (as its
    stable sort leaves them) of the first of the kinds Regular, Casual and sowing with one
    scored above 0; the end of the Action step if none is."""
    p = s.players[seat]
    offers = open_offers(p)
    best = best_paying(serving_regulars(s, p, offers))
    if best is None:
        due = due_wants(s, p)
        best = (best_paying(serving_casuals(p, offers, due))
                or best_paying(sowing(s, p, offers, due, casual_wants(p))))
    return best or END_OPTION


def best_paying(options: list[tuple[Option, int, float]]) -> Option | None:
    """The first of the best-scored options, if it scores above 0."""
    best, best_score = None, 0.0
    for option, _, score in options:
        if score > best_score:
            best, best_score = option, score
    return best
