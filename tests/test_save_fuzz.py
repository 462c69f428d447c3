"""Hostile save files: whatever the bytes, `load_game` gives a game or raises SaveError.

The base document is a short game's save, so that files which survive the checks replay
quickly and the whole run stays within seconds. How long the hardest files take to refuse is
measured by `python -m lab.save_bench`, not here: a test must not fail because the
machine is busy.
"""

from __future__ import annotations

import random
import tracemalloc

import msgpack
import pytest

from lab.save_bench import heavy_files, nested
from loyang_game.engine import GameConfig, GameState, new_game
from loyang_game.files.save import SaveError, load_game, save_game

HUGE_INTS = [2**64 - 1, 2**63, -(2**63), 2**31, -1, 1000]
HOSTILE_VALUES = [
    *HUGE_INTS, 0.5, float("nan"), float("inf"), "", "x" * 4000, "\u2603\U0001f955", b"\x00",
    None, True, False, [], {}, {"kind": "loan"}, ["loan"], [["loan"]] * 50,
    [0] * 5000, {f"k{i}": i for i in range(200)}, msgpack.ExtType(5, b"ab"),
]


def _base_save(tmp_path) -> bytes:
    rng = random.Random(8)
    state = new_game(GameConfig(seats=2, seed=8))
    for _ in range(25):
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
    path = tmp_path / "base.msgpack"
    save_game(state, path, title="base")
    return path.read_bytes()


def _byte_mutations(base: bytes, rng: random.Random, count: int):
    for _ in range(count):
        data = bytearray(base)
        for _ in range(rng.randint(1, 4)):
            position = rng.randrange(len(data))
            if rng.random() < 0.5:
                data[position] ^= 1 << rng.randrange(8)
            else:
                data[position] = rng.randrange(256)
        yield "mutated", bytes(data)


def _cuts_and_extensions(base: bytes, rng: random.Random, count: int):
    for _ in range(count):
        cut = rng.randrange(len(base))
        extra = rng.randbytes(rng.randint(1, 64))
        yield "truncated", base[:cut]
        yield "extended", base + extra
        yield "spliced", base[:cut] + extra + base[cut:]


def _random_bytes(rng: random.Random, count: int):
    for _ in range(count):
        yield "random", rng.randbytes(rng.randint(0, 2000))


def _containers(value, found):
    """Every list and map in `value`, the root included."""
    if isinstance(value, (list, dict)):
        found.append(value)
        for child in value.values() if isinstance(value, dict) else value:
            _containers(child, found)
    return found


def _document_mutations(base: bytes, rng: random.Random, count: int):
    """Well-formed msgpack with one part of the document replaced, removed or added to."""
    for _ in range(count):
        doc = msgpack.unpackb(base)
        container = rng.choice(_containers(doc, []))
        keys = list(container) if isinstance(container, dict) else range(len(container))
        if not keys:
            continue
        key = rng.choice(list(keys))
        value = rng.choice([*HOSTILE_VALUES, nested(rng.randint(2, 200))])
        action = rng.random()
        if action < 0.7:
            container[key] = value
        elif action < 0.85:
            del container[key]
        elif isinstance(container, list):
            container.append(value)
        else:
            container[f"extra{rng.randrange(9)}"] = value
        yield "document", msgpack.packb(doc)


def _hand_built(base: bytes):
    """Documents built to hurt: huge declared lengths, deep nesting, wrong types everywhere."""
    doc = msgpack.unpackb(base)
    declared_huge = [b"\xdc\xff\xff", b"\xdd\xff\xff\xff\xff", b"\xde\xff\xff",
                     b"\xdf\xff\xff\xff\xff", b"\xdb\xff\xff\xff\xff", b"\xc6\xff\xff\xff\xff",
                     b"\xc9\xff\xff\xff\xff\x05", b"\xd6\xff\x00\x00\x00\x01"]
    for header in declared_huge:
        yield "huge length", header
        yield "huge length in a map", b"\x81\xa6format" + header
    yield from heavy_files(doc).items()
    yield "integer keys", b"\x81\x01\x02"
    yield "list as key", b"\x81\x90\x02"
    yield "invalid text", b"\x81\xa6format\xa2\xff\xfe"
    yield "timestamp", msgpack.packb({**doc, "meta": {"date": 1}})[:-1] + b"\xd6\xff\0\0\0\1"
    for field in ("format", "version", "config", "moves", "snapshot", "meta"):
        for value in [*HOSTILE_VALUES, nested(300)]:
            yield f"hostile {field}", msgpack.packb({**doc, field: value})
    for value in HOSTILE_VALUES:
        yield "hostile seats", msgpack.packb({**doc, "config": {**doc["config"], "seats": value}})
        yield "hostile seed", msgpack.packb({**doc, "config": {**doc["config"], "seed": value}})
        yield "hostile move", msgpack.packb({**doc, "moves": [*doc["moves"][:3], value]})
        yield "hostile argument", msgpack.packb({**doc, "moves": [["home", value]]})


def _cases(base: bytes):
    rng = random.Random(2024)
    yield from _hand_built(base)
    yield from _byte_mutations(base, rng, 1500)
    yield from _cuts_and_extensions(base, rng, 500)
    yield from _random_bytes(rng, 1000)
    yield from _document_mutations(base, rng, 1500)


def test_no_file_breaks_the_loader(tmp_path):
    base = _base_save(tmp_path)
    path = tmp_path / "fuzz.msgpack"
    outcomes = {"loaded": 0, "refused": 0}
    escaped = []
    for number, (label, data) in enumerate(_cases(base)):
        path.write_bytes(data)
        try:
            state = load_game(path)
        except SaveError as error:
            assert str(error).startswith("fuzz.msgpack: ") and error.reason
            outcomes["refused"] += 1
        except Exception as error:  # the very thing this test looks for
            escaped.append(f"case {number} ({label}): {type(error).__name__}: {error}"[:300])
        else:
            assert isinstance(state, GameState)
            outcomes["loaded"] += 1
    assert not escaped, "\n".join(escaped[:10])
    assert sum(outcomes.values()) >= 5000
    assert outcomes["loaded"] > 0 and outcomes["refused"] > 0


@pytest.mark.parametrize("label", ["many empty lists", "longest move list", "deep nesting",
                                   "huge length"])
def test_a_hostile_file_takes_little_memory(tmp_path, label):
    data = next(data for name, data in _hand_built(_base_save(tmp_path)) if name == label)
    path = tmp_path / "hostile.msgpack"
    path.write_bytes(data)
    tracemalloc.start()
    try:
        with pytest.raises(SaveError):
            load_game(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 * 2**20
