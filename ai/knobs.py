"""Knobs for experiments: a searching level by its name with changes to its knobs,
`hard:exploration=0.6,widen=2` (any field of `levels.Level`), `hard:p.helper=0.5` (a knob of
the projection) or `hard:evaluator=corrected` (another evaluation). `agents.make_agent` seats
such a name, the review's coach may be one (`weighing.Yardstick`), and the lab's screens try
their changes through them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from .evaluate import tuned_evaluator
from .evaluators import EVALUATORS
from .levels import LEVELS, Level


def level_named(name: str) -> Level | None:
    """The level `name` (knobs allowed) plays; None if its base is no searching level;
    ValueError for malformed or unknown knobs."""
    base, _, knobs = name.partition(":")
    level = LEVELS.get(base)
    if level is None or not knobs:
        return level
    return tuned(level, parse_knobs(knobs))


def parse_knobs(text: str) -> dict[str, float | str]:
    """`"exploration=0.6,widen=2"` -> {"exploration": 0.6, "widen": 2.0}; the evaluation by
    its name, `evaluator=corrected`; ValueError if malformed."""
    out: dict[str, float | str] = {}
    for item in text.split(","):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"knob {item!r} is not name=value")
        if key.strip() == "evaluator":
            out["evaluator"] = value.strip()
            continue
        try:
            out[key.strip()] = float(value)
        except ValueError:
            raise ValueError(f"knob {key.strip()!r} needs a number, not {value!r}") from None
    return out


def tuned(level: Level, overrides: Mapping[str, float | str]) -> Level:
    """`level` with some knobs changed (experiments: `hard:exploration=0.6`, a knob of the
    projection: `hard:p.helper=0.5`, or another evaluation: `hard:evaluator=corrected`);
    ValueError for a knob or an evaluation that does not exist."""
    fields = {f.name: f for f in dataclasses.fields(Level)
              if f.name not in ("evaluator", "evaluation")}
    changes = dict(level.evaluation)
    own: dict[str, Any] = {}
    for name, value in overrides.items():
        if name == "evaluator":
            if value not in EVALUATORS:
                raise ValueError(f"unknown evaluator {value!r}; evaluators: "
                                 f"{', '.join(EVALUATORS)}")
            own[name] = value
        elif name.startswith("p."):
            changes[name[2:]] = float(value)
        elif name in fields:
            own[name] = {"int": int, "float": float, "bool": bool}[str(fields[name].type)](value)
        else:
            raise ValueError(f"unknown knob {name!r}; knobs: {', '.join(fields)}, "
                             "or p.<projection knob>")
    tuned_evaluator(False, tuple(sorted(changes.items())))  # refuses unknown projection knobs
    return dataclasses.replace(level, evaluation=tuple(sorted(changes.items())), **own)
