"""Side-by-side throughput of the public Rust engine `weiss-sim` (PyPI, optional `bench`
extra) playing complete Weiss Schwarz games with its fastest policy (first legal action,
stepped in-engine), for the ratio recorded in docs/benchmarks.md.

Usage: python -m experiments.weiss_sim_compare [--seconds S] [--envs N] [--threads T]
"""

import argparse
import time

import numpy as np


def measure(seconds: float = 20.0, envs: int = 256, threads: int = 2) -> dict[str, float]:
    """Complete games per second of weiss-sim with `step_first_legal` over `envs` games."""
    import weiss_sim

    deck = (list(range(1, 14)) * 4)[:50]  # the package's own README example deck
    pool, buf = weiss_sim.make_pool(mode="train", num_envs=envs, deck_lists=[deck, deck],
                                    deck_ids=[1, 2], seed=0, num_threads=threads,
                                    layout="i16_legal_ids_nometa", profile="fast")
    buf.reset()
    for _ in range(200):  # warm-up
        out, _ = buf.step_first_legal()
        done = out.terminated | out.truncated
        if done.any():
            buf.reset_done(done)
    games = truncated = steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        out, _ = buf.step_first_legal()
        steps += envs
        done = out.terminated | out.truncated
        n = int(done.sum())
        if n:
            games += int(out.terminated.sum())
            truncated += int(out.truncated.sum())
            buf.reset_done(done)
    dt = time.perf_counter() - t0
    return {"games_per_s": games / dt, "steps_per_s": steps / dt, "games": games,
            "truncated": truncated, "seconds": dt, "version": weiss_sim.__version__
            if hasattr(weiss_sim, "__version__") else "?"}


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    r = measure(a.seconds, a.envs, a.threads)
    print({k: (round(v, 1) if isinstance(v, float) else v) for k, v in r.items()})
    del np
