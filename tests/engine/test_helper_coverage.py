"""Every Helper kind in the card data has an implementation and tests.

Source: docs/rules/CARDS.md "Helpers (22 cards, 20 kinds)" and the Helper Reference in the
rulebook. A kind is covered when some test function in the
tests/engine/test_helper_*.py modules is named `test_<slug>...`, the slug being the kind's
name in lower case with spaces and hyphens as underscores (`test_market_crier_...`).
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

from loyang_game.engine.cards import CARDS, HELPER, HELPER_NAMES
from loyang_game.engine.helpers import REGISTRY
from loyang_game.engine.helpers.base import Helper
from loyang_game.ui.rules_text import HELPER_TEXT

KINDS = tuple(dict.fromkeys(HELPER_NAMES))
HERE = Path(__file__).parent


def slug(name: str) -> str:
    return name.lower().replace("-", "_").replace(" ", "_")


def helper_test_names() -> set[str]:
    """The test functions of every tests/engine/test_helper_*.py module but this one."""
    names: set[str] = set()
    for path in sorted(HERE.glob("test_helper*.py")):
        if path.stem == Path(__file__).stem:
            continue
        module = importlib.import_module(f"{__package__}.{path.stem}")
        names |= {name for name, obj in vars(module).items()
                  if name.startswith("test_") and inspect.isfunction(obj)}
    return names


def test_card_data_has_20_helper_kinds_on_22_cards():
    """CARDS.md: "Helpers (22 cards, 20 kinds)", the Trader three times."""
    assert len(HELPER_NAMES) == 22 and len(KINDS) == 20
    assert [c.name for c in CARDS if c.kind == HELPER] == list(HELPER_NAMES)
    assert HELPER_NAMES.count("Trader") == 3
    assert len({slug(k) for k in KINDS}) == 20


def test_every_helper_kind_is_implemented():
    """Each kind has its class in helpers.REGISTRY, named as on the card, with its phases from
    the Helper Reference; an Action-phase Helper lists and applies its own moves (the Foreman
    works by claims, the Squire by Card-phase moves)."""
    missing = [k for k in KINDS if k not in REGISTRY]
    assert not missing, f"Helpers without an implementation: {missing}"
    assert set(REGISTRY) == set(KINDS)
    for kind in KINDS:
        helper = REGISTRY[kind]
        cls = type(helper)
        assert helper.name == kind
        assert HELPER_TEXT.get(kind), f"{kind}: no card text (ui/rules_text.py)"
        assert helper.phases and set(helper.phases) <= {1, 2, 3}, kind
        if kind == "Foreman":
            assert helper.phases == (1, 2, 3)
            continue
        if kind == "Squire":
            assert helper.phases == (2,) and hasattr(helper, "card_phase_moves")
            assert cls.apply is not Helper.apply or hasattr(helper, "take")
            continue
        assert 3 in helper.phases, kind
        assert cls.moves is not Helper.moves, f"{kind}: no Action-phase moves"
        assert cls.apply is not Helper.apply, f"{kind}: cannot be applied"


def test_every_helper_kind_has_tests():
    """Each kind has at least one test function named after it in the Helper test modules."""
    names = helper_test_names()
    assert len(names) >= 2 * len(KINDS)
    untested = [k for k in KINDS if not any(n.startswith(f"test_{slug(k)}") for n in names)]
    assert not untested, f"Helpers without a test_<slug> test: {untested}"
