"""Are the moves hard-v4 passes over better than the ones it plays (docs/ai-lab.md, entry
190)? Over generation 9's games (`docs/lab/boards-v5`: hard-v4's solo games 60500-60539, 4
hidden samples a decision), each kept sibling is valued by its outcome to the game's end,
averaged over the samples, less that of the move played: the siblings the search ranked
among its best four apart from those it passed over (drawn by `--beyond`), by the rounds;
and, per decision, the best of the passed-over moves less the one played (a maximum over
noisy means, so above its true value). An exploratory probe, not a lab tool:

    PYTHONPATH=. python docs/lab/probes/passed_over.py
"""
import statistics

from lab.board_sampler import games
from lab.compare import mean_ci
from lab.fit_generation import outcome, with_more

FOLDER = "docs/lab/boards-v5/1p"
THIRDS = (range(1, 4), range(4, 7), range(7, 10))

kinds: dict[str, list[tuple[float, int]]] = {"ranked": [], "passed over": []}
best_passed_over = []
for game in with_more(games(FOLDER), FOLDER):
    for d in game["decisions"]:
        seat, extra, count = d["seat"], d["passed_over"], len(d["siblings"])
        samples = [d["siblings"], *d["more"]]
        means = [statistics.fmean(outcome(s[i], seat) for s in samples) for i in range(count)]
        played = next(i for i, s in enumerate(d["siblings"]) if s["move"] == d["played"])
        for i in range(count):
            if i != played:
                kind = "passed over" if i >= count - extra else "ranked"
                kinds[kind].append((means[i] - means[played], d["round"]))
        if extra:
            best_passed_over.append(max(means[count - extra:]) - means[played])

for kind, rows in kinds.items():
    found = mean_ci([x for x, _ in rows])
    low, high = found["ci95"]
    print(f"{kind}: {len(rows)} siblings, less the move played {found['mean']:+.3f} "
          f"({low:+.3f} .. {high:+.3f}); above it by 0.5 or more: "
          f"{sum(x >= 0.5 for x, _ in rows)}, below it by 0.5 or more: "
          f"{sum(x <= -0.5 for x, _ in rows)}")
    for third in THIRDS:
        part = [x for x, r in rows if r in third]
        print(f"    rounds {third.start}-{third.stop - 1}: {len(part)}, "
              f"{statistics.fmean(part):+.3f}")
print(f"{len(best_passed_over)} decisions with moves passed over: the best of them less the "
      f"move played {statistics.fmean(best_passed_over):+.3f}, above 0 at "
      f"{sum(x > 0 for x in best_passed_over) / len(best_passed_over):.0%}")
