"""Side-by-side throughput of the public Rust engine `weiss-sim` (PyPI, optional `bench`
extra) playing complete Weiss Schwarz games with its fastest policy (first legal action,
stepped in-engine), for the ratio recorded in docs/benchmarks.md.

Both engines are measured in the same run, alternating tcgsim and weiss-sim rounds so that
other load on the machine affects both alike.

Usage: python -m tcgsim.experiments.bench.weiss_sim_compare [--seconds S] [--envs N] [--threads T]
       [--rounds R]
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


def measure_tcgsim(seconds: float = 20.0, threads: int = 2) -> dict[str, float]:
    """Complete games per second of tcgsim's Weiss Schwarz engine (sunrise vs tide, default
    strategies) over batches of 20,000 games for about `seconds`."""
    import numba

    from tcgsim.experiments.match import load_match
    from tcgsim.simcore.runner import run_games

    g, table, a, b = load_match("weiss", "sunrise", "tide", "default", "default")
    numba.set_num_threads(threads)
    run_games(g, table, a, b, 1, 2000)  # JIT warm
    games, start = 0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        games += len(run_games(g, table, a, b, 1, 20_000, start=start).rows)
        start += 20_000
    dt = time.perf_counter() - t0
    return {"games_per_s": games / dt, "games": games, "seconds": dt}


def compare(seconds: float, envs: int, threads: int, rounds: int) -> dict[str, float]:
    """Alternate the two engines `rounds` times; the best games/s of each and the ratio."""
    ours, theirs = [], []
    for _ in range(rounds):
        ours.append(measure_tcgsim(seconds, threads)["games_per_s"])
        theirs.append(measure(seconds, envs, threads)["games_per_s"])
    return {"tcgsim_games_per_s": max(ours), "weiss_sim_games_per_s": max(theirs),
            "ratio": max(ours) / max(theirs), "tcgsim_runs": ours, "weiss_sim_runs": theirs}


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args()
    r = compare(a.seconds, a.envs, a.threads, a.rounds)
    print({k: (round(v, 1) if isinstance(v, float) else v) for k, v in r.items()})
    del np
