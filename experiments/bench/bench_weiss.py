"""Fixed Weiss Schwarz throughput probe (sunrise vs tide, default strategies, seed 1):
games/s on 1 and 2 threads, best of several runs, plus mean turns, end reasons and a
checksum of the result rows (so optimisations can be checked not to change results).

    python -m tcgsim.experiments.bench.bench_weiss [games] [repeats]
"""

import sys
import time
import zlib

import numba
import numpy as np

from tcgsim.experiments.match import load_match
from tcgsim.simcore.games.weiss.layout import M2023, REASONS


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    g, t, a, b = load_match("weiss", "sunrise", "tide", "default", "default")
    fams = np.array([a.fam, b.fam], dtype=np.int64)
    prms = np.stack([a.params, b.params]).astype(np.float64)

    def run(k: int) -> np.ndarray:
        return g.run_batch(t, a.deck, b.deck, 1, 0, k, fams, prms, M2023, 60, False)

    rows = run(2000)  # JIT warm
    for threads in (1, 2):
        numba.set_num_threads(threads)
        best = 0.0
        for _ in range(reps):
            t0 = time.perf_counter()
            rows = run(n)
            best = max(best, n / (time.perf_counter() - t0))
        print(f"threads={threads}: best {best:,.0f} games/s over {reps} runs of {n:,}")
    turns = rows[:, 4]
    reasons = {REASONS[int(r)]: int((rows[:, 3] == r).sum()) for r in np.unique(rows[:, 3])}
    print(f"mean turns {turns.mean():.2f}, max {turns.max()}, reasons {reasons}")
    print(f"rows checksum {zlib.crc32(np.ascontiguousarray(rows).tobytes()):08x}")


if __name__ == "__main__":
    main()
