"""Synthesise the table's sound effects with numpy and write them to assets/sounds/:

    python3 tools/make_sounds.py            # writes the files and prints their levels
    python3 tools/make_sounds.py --check    # only prints the levels (nothing written)
    python3 tools/make_sounds.py --out DIR  # writes them elsewhere (the tests do)

Every sound is made here from sine partials and filtered noise, so nothing is taken from
elsewhere. Each is soft and short: a mallet on wood for vegetables and the Path, a paper
swish for cards, small clinks for coins, a quiet chime for a served customer, the round's
turn and the game's end. All are brought to one loudness (the loudest 50 ms of the
A-weighted signal), their peaks kept under -3 dBFS, and faded at both ends so that they
start and stop without a click. The printed table tells, for every effect, its peak, its
loudness, its length and its first and last samples; then the total size.
"""

from __future__ import annotations

import argparse
import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 22050
LOUDNESS = -24.0  # dB(A) of the loudest 50 ms, every effect alike
PEAK_LIMIT = -3.0  # dBFS no sample may reach
FADE_IN = 0.002  # seconds of raised-cosine fade at the start
FADE_OUT = 0.012  # ... and at the end
WINDOW = 0.05  # seconds: the loudness window


# --- building blocks ------------------------------------------------------------------------

def times(seconds: float) -> np.ndarray:
    return np.arange(round(seconds * RATE)) / RATE


def silence(seconds: float) -> np.ndarray:
    return np.zeros(round(seconds * RATE))


def mix(length: float, *parts: tuple[float, np.ndarray]) -> np.ndarray:
    """Sounds laid over `length` seconds of silence, each at its start time; each part's
    last few milliseconds are faded, so that no part stops with a click."""
    out = silence(length)
    for start, part in parts:
        i = round(start * RATE)
        n = min(len(part), len(out) - i)
        out[i:i + n] += taper(part[:n])
    return out


def taper(x: np.ndarray, seconds: float = 0.008) -> np.ndarray:
    k = min(len(x), round(seconds * RATE))
    x = x.copy()
    x[len(x) - k:] *= 0.5 + 0.5 * np.cos(np.pi * (np.arange(k) + 1) / k)
    return x


def attack(t: np.ndarray, seconds: float) -> np.ndarray:
    """A raised-cosine rise over `seconds`, then 1."""
    return np.where(t < seconds, 0.5 - 0.5 * np.cos(np.pi * np.minimum(t / seconds, 1)), 1.0)


def mallet(freq: float, seconds: float, decay: float,
           partials=((1.0, 1.0), (3.93, 0.22), (9.2, 0.05)), hit: float = 0.003) -> np.ndarray:
    """A mallet on a wooden bar: a few partials, the higher ones dying sooner."""
    t = times(seconds)
    out = np.zeros_like(t)
    for ratio, gain in partials:
        if freq * ratio >= RATE / 2 * 0.9:
            continue
        out += gain * np.sin(2 * np.pi * freq * ratio * t) * np.exp(-t * ratio ** 0.7 / decay)
    return out * attack(t, hit)


def bell(freq: float, seconds: float, decay: float) -> np.ndarray:
    """A small soft bell: inharmonic partials, a slow fall."""
    return mallet(freq, seconds, decay,
                  partials=((1.0, 1.0), (2.0, 0.35), (2.76, 0.18), (5.40, 0.05)), hit=0.004)


def clink(freq: float, seconds: float = 0.12) -> np.ndarray:
    """A coin touching another: a bright, very short inharmonic ring."""
    return mallet(freq, seconds, 0.035,
                  partials=((1.0, 1.0), (1.51, 0.5), (2.43, 0.3), (3.3, 0.1)), hit=0.002)


def band_noise(seconds: float, low: float, high: float, rng: np.random.Generator) -> np.ndarray:
    """White noise kept between `low` and `high` Hz (soft edges, in the spectrum)."""
    n = round(seconds * RATE)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    f = np.fft.rfftfreq(n, 1 / RATE)
    gain = 1 / (1 + (low / np.maximum(f, 1)) ** 4) / (1 + (f / high) ** 8)
    out = np.fft.irfft(spectrum * gain, n)
    return out / (np.abs(out).max() or 1)


def swish(seconds: float, low: float, high: float, rng: np.random.Generator,
          peak_at: float = 0.35) -> np.ndarray:
    """Paper sliding: band noise that swells and fades."""
    t = times(seconds)
    x = t / seconds
    env = np.where(x < peak_at, np.sin(np.pi / 2 * x / peak_at) ** 2,
                   np.cos(np.pi / 2 * (x - peak_at) / (1 - peak_at)) ** 2)
    return band_noise(seconds, low, high, rng) * env


def knock(freq: float, seconds: float, rng: np.random.Generator, body: float = 1.0) -> np.ndarray:
    """A soft knock on the table: a low damped tone and a breath of noise."""
    t = times(seconds)
    tone = np.sin(2 * np.pi * freq * t * (1 + 0.15 * np.exp(-t / 0.01))) * np.exp(-t / 0.025)
    tap = band_noise(seconds, 300, 2500, rng) * np.exp(-t / 0.008)
    return (body * tone + 0.35 * tap) * attack(t, 0.001)


# --- the effects -----------------------------------------------------------------------------
# Notes of a pentatonic scale on D (Hz), so that what sounds together sounds well.
D4, E4, FS4, A4, B4 = 293.66, 329.63, 369.99, 440.0, 493.88
D5, E5, FS5, A5, B5 = 587.33, 659.26, 739.99, 880.0, 987.77
A3, D3 = 220.0, 146.83


def card_take(rng):
    return mix(0.16, (0, swish(0.15, 900, 5000, rng, 0.25)), (0.0, 0.15 * knock(260, 0.06, rng)))


def card_place(rng):
    return mix(0.14, (0, 0.5 * swish(0.07, 800, 4000, rng, 0.6)),
               (0.05, knock(170, 0.09, rng)))


def card_flip(rng):
    return mix(0.2, (0, 0.8 * swish(0.08, 1200, 6000, rng, 0.5)),
               (0.08, swish(0.09, 800, 4500, rng, 0.4)), (0.14, 0.3 * knock(200, 0.06, rng)))


def coins_pay(rng):
    return mix(0.24, (0, clink(2350)), (0.07, 0.7 * clink(1980)), (0.13, 0.5 * clink(1760)))


def coins_get(rng):
    return mix(0.26, (0, 0.55 * clink(1760)), (0.06, 0.75 * clink(1980)), (0.12, clink(2350)),
               (0.12, 0.25 * bell(A5, 0.14, 0.04)))


def veg_place(rng):
    return mix(0.14, (0, mallet(A4, 0.14, 0.03)), (0, 0.2 * knock(150, 0.06, rng)))


def veg_harvest(rng):
    return mix(0.28, (0, 0.8 * mallet(D5, 0.12, 0.03)), (0.07, 0.9 * mallet(E5, 0.12, 0.03)),
               (0.13, mallet(A5, 0.15, 0.04)))


def veg_sow(rng):
    t = times(0.2)
    rustle = band_noise(0.2, 400, 2500, rng) * np.exp(-t / 0.05) * attack(t, 0.02)
    return mix(0.2, (0, 0.35 * rustle), (0.02, mallet(D4, 0.16, 0.035)))


def trade(rng):
    return mix(0.26, (0, mallet(FS5, 0.12, 0.03)), (0.09, mallet(B4, 0.17, 0.04)))


def serve(rng):
    return mix(0.28, (0, bell(D5, 0.28, 0.075)), (0.06, 0.8 * bell(FS5, 0.22, 0.065)))


def penalty(rng):
    return mix(0.28, (0, mallet(E4, 0.14, 0.04, partials=((1, 1), (2, 0.15)))),
               (0.1, mallet(A3 * 0.9439, 0.18, 0.055, partials=((1, 1), (2, 0.15)))))


def path_step(rng):
    return mix(0.12, (0, mallet(B4, 0.12, 0.025)), (0, 0.25 * knock(180, 0.06, rng)))


def round_turn(rng):
    return mix(0.42, (0, bell(A4, 0.42, 0.12)), (0, 0.5 * bell(D4, 0.42, 0.14)),
               (0.05, 0.3 * swish(0.12, 700, 3500, rng, 0.3)))


def game_end(rng):
    notes = [(0.0, D5), (0.12, FS5), (0.24, A5), (0.4, D5 * 2)]
    parts = [(start, 0.8 * mallet(f, 0.4, 0.07)) for start, f in notes]
    parts += [(0.4, 0.7 * bell(D5, 0.9, 0.25)), (0.4, 0.45 * bell(A4, 0.9, 0.3)),
              (0.4, 0.35 * bell(D4, 0.9, 0.3))]
    return mix(1.3, *parts)


def refused(rng):
    soft = ((1.0, 1.0), (2.0, 0.1))
    return mix(0.17, (0, mallet(D3 * 2, 0.08, 0.02, soft)), (0.07, mallet(D3 * 1.89, 0.1, 0.025,
                                                                             soft)))


# The effects by the names the game plays them by (loyang_game/ui/sound.py).
RECIPES: dict[str, Callable[[np.random.Generator], np.ndarray]] = {
    "card_take": card_take, "card_place": card_place, "card_flip": card_flip,
    "coins_pay": coins_pay, "coins_get": coins_get,
    "veg_place": veg_place, "veg_harvest": veg_harvest, "veg_sow": veg_sow,
    "trade": trade, "serve": serve, "penalty": penalty, "path_step": path_step,
    "round": round_turn, "game_end": game_end, "refused": refused,
}


# --- measuring --------------------------------------------------------------------------------

def a_weighted(x: np.ndarray) -> np.ndarray:
    """`x` through the A-weighting curve (applied in the spectrum)."""
    n = len(x)
    f = np.fft.rfftfreq(n, 1 / RATE)
    f2 = f * f
    ra = (12194.0 ** 2 * f2 * f2) / ((f2 + 20.6 ** 2) * np.sqrt((f2 + 107.7 ** 2)
                                                               * (f2 + 737.9 ** 2))
                                     * (f2 + 12194.0 ** 2))
    ra = ra / 0.7943  # +2.0 dB: 0 dB at 1 kHz
    return np.fft.irfft(np.fft.rfft(x) * ra, n)


def loudness(x: np.ndarray) -> float:
    """dB(A) of the loudest 50 ms (full scale = 1.0)."""
    w = a_weighted(x) ** 2
    k = max(1, round(WINDOW * RATE))
    if len(w) <= k:
        mean = w.mean()
    else:
        sums = np.convolve(w, np.ones(k), "valid") / k
        mean = sums.max()
    return 10 * np.log10(max(mean, 1e-20))


def db(v: float) -> float:
    return 20 * np.log10(max(abs(v), 1e-12))


def fade(x: np.ndarray) -> np.ndarray:
    x = x.copy()
    n_in, n_out = round(FADE_IN * RATE), round(FADE_OUT * RATE)
    x[:n_in] *= 0.5 - 0.5 * np.cos(np.pi * np.arange(n_in) / n_in)
    x[-n_out:] *= 0.5 + 0.5 * np.cos(np.pi * (np.arange(n_out) + 1) / n_out)
    return x


def render(name: str, index: int) -> np.ndarray:
    """The effect as 16-bit samples, at the common loudness and faded."""
    x = RECIPES[name](np.random.default_rng(3600 + index))
    x = x - x.mean()
    x = fade(x)
    x = x * 10 ** ((LOUDNESS - loudness(x)) / 20)
    peak = np.abs(x).max()
    limit = 10 ** (PEAK_LIMIT / 20) * 0.98
    if peak > limit:  # never: the recipes are made soft enough; kept as a guard
        x *= limit / peak
    return np.round(x * 32767).astype("<i2")


def measure(samples: np.ndarray) -> dict:
    x = samples.astype(float) / 32768
    return {"peak": db(np.abs(x).max()), "loudness": loudness(x),
            "rms": db(np.sqrt(np.mean(x * x))), "ms": len(x) / RATE * 1000,
            "first": int(samples[0]), "last": int(samples[-1]),
            "edge": db(max(abs(x[:8]).max(), abs(x[-8:]).max()))}


def write_wav(path: Path, samples: np.ndarray) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.tobytes())


def build(out: Path | None) -> list[tuple[str, dict, int]]:
    """Render every effect (writing them to `out` unless None); (name, levels, bytes)."""
    rows = []
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(RECIPES):
        samples = render(name, i)
        size = 44 + 2 * len(samples)
        if out is not None:
            path = out / f"{name}.wav"
            write_wav(path, samples)
            size = path.stat().st_size
        rows.append((name, measure(samples), size))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write to")
    parser.add_argument("--check", action="store_true", help="print the levels, write nothing")
    args = parser.parse_args(argv)
    rows = build(None if args.check else args.out)
    print(f"{'effect':12} {'peak dBFS':>9} {'dB(A) 50ms':>10} {'RMS dBFS':>8} {'length ms':>9} "
          f"{'first':>5} {'last':>5} {'ends dBFS':>9} {'bytes':>6}")
    for name, m, size in rows:
        print(f"{name:12} {m['peak']:9.1f} {m['loudness']:10.1f} {m['rms']:8.1f} {m['ms']:9.0f} "
              f"{m['first']:5d} {m['last']:5d} {m['edge']:9.1f} {size:6d}")
    total = sum(size for *_, size in rows)
    louds = [m["loudness"] for _, m, _ in rows]
    print(f"{len(rows)} effects, {RATE} Hz 16-bit mono, {total} bytes ({total / 1024:.0f} KiB) "
          f"in all; loudness spread {max(louds) - min(louds):.1f} dB, loudest peak "
          f"{max(m['peak'] for _, m, _ in rows):.1f} dBFS"
          + ("" if args.check else f"; written to {args.out}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
