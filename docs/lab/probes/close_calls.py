"""Does hard-v4 err where its picks are close (docs/ai-lab.md, entry 185)? Over hard-v4's own
solo games with the resampler's samples (`docs/lab/boards-v4`, `docs/lab/boards-v4-gate`:
deals 60400-60499, 4 hidden samples a decision), each kept decision's siblings (the search's
best first moves) are valued by their outcomes to the game's end, averaged over the samples;
by the gap between the search's two best estimates, the outcome of the runner-up less that
of the move played, and of the best sibling less the one played (a maximum over noisy
means, so above 0 even where the picks are equal). An exploratory probe, not a lab tool:

    PYTHONPATH=. python docs/lab/probes/close_calls.py
"""
import statistics

from lab import fit_generation as fg
from lab.board_sampler import games
from lab.compare import mean_ci

EDGES = (0.005, 0.02, 0.05, 0.15)  # the estimate gaps the decisions are grouped by

kept = []
for folder in ("docs/lab/boards-v4/1p", "docs/lab/boards-v4-gate/1p"):
    kept += fg.with_more(games(folder), folder)
groups: dict[tuple[str, int], list[tuple[float, float]]] = {}
for game in kept:
    for d in game["decisions"]:
        sibs, seat = d["siblings"], d["seat"]
        moves = [s["move"] for s in sibs]
        if len(sibs) < 2 or d["played"] not in moves or len(d["estimates"]) < 2:
            continue
        per = [sibs, *d.get("more", [])]
        outs = [statistics.fmean(fg.outcome(s[i], seat) for s in per) for i in range(len(sibs))]
        played = moves.index(d["played"])
        runner_up = 1 if played == 0 else 0
        gap = d["estimates"][0][1] - d["estimates"][1][1]
        group = sum(gap >= edge for edge in EDGES)
        groups.setdefault((d["phase"], group), []).append(
            (outs[runner_up] - outs[played], max(outs) - outs[played]))
for (phase, group), rows in sorted(groups.items()):
    low = 0.0 if group == 0 else EDGES[group - 1]
    high = f"{EDGES[group]:g}" if group < len(EDGES) else "up"
    found = mean_ci([r[0] for r in rows])
    (lower, upper) = found["ci95"]
    print(f"{phase}, gap {low:g}-{high}: {len(rows)} decisions, runner-up less played "
          f"{found['mean']:+.3f} (95% {lower:+.3f} .. {upper:+.3f}), best less played "
          f"{statistics.fmean(r[1] for r in rows):.3f}")
