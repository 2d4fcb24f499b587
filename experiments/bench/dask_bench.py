"""Dask backend benchmark: `python -m tcgsim.experiments.bench.dask_bench --games 400000`.

Plays one onepiece matchup (one pairing) with the local backend, then on a 2-worker Dask
LocalCluster (127.0.0.1, one numba thread per worker) with several task sizes, then locally
again (the machine's load drifts), and measures per run, from its manifest:

  throughput          games / wall seconds of the run (cluster start-up excluded);
  overhead per task   worker-seconds not spent in the engine, per task:
                      (workers x wall - engine seconds of all tasks) / tasks.

The overhead share (overhead / worker-seconds) is what the default task size keeps under
5 %. Results go to docs/benchmarks.md between `<!-- experiments:dask begin/end -->`.
"""

import argparse
import datetime
import logging
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from tcgsim.experiments.bench.benchmark import load_average, machine, revision

BEGIN, END = "<!-- experiments:dask begin -->", "<!-- experiments:dask end -->"
GOAL = 0.05
EXPERIMENT = """\
name = "dask-bench"
kind = "matchup"
seed = 1
[decks]
a = "red-luffy"
b = "green-kid"
[matchup]
deck = "a"
opponents = ["b"]
[stop]
games = {games}
batch = {batch}
"""


def one_run(games: int, batch: int, tmp: Path, **backend) -> dict:
    from tcgsim.experiments.launch import run_experiment
    from tcgsim.experiments.spec import Backend, loads

    run_dir = tmp / f"run-{time.monotonic_ns()}"
    client = backend.pop("client", None)
    be = Backend(**backend)
    kw = {"client": client} if client is not None else {}
    load0 = load_average()
    m = run_experiment(loads(EXPERIMENT.format(games=games, batch=batch)), run_dir,
                       backend=be, **kw)
    s = m["sessions"][-1]
    shutil.rmtree(run_dir, ignore_errors=True)
    return {"games": s["games_played"], "wall": s["wall_seconds"],
            "engine": s["engine_seconds"], "tasks": s.get("tasks", 0),
            "task_write": s.get("task_write_seconds", 0.0), "load": load0}


def measure(games: int, batch: int, task_sizes: list[int], log) -> dict:
    from distributed import Client, LocalCluster

    tmp = Path(tempfile.mkdtemp(prefix="tcgsim-dask-bench-"))
    out: dict = {"games": games, "batch": batch, "dask": []}
    try:
        log("local backend (warm-up)")
        one_run(2000, 2000, tmp)
        log("local backend")
        out["local"] = [one_run(games, batch, tmp)]
        t0 = time.perf_counter()
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address="127.0.0.1:0",
                               silence_logs=logging.ERROR)
        client = Client(cluster)
        client.wait_for_workers(2)
        out["start"] = time.perf_counter() - t0
        try:
            t0 = time.perf_counter()
            one_run(4000, 4000, tmp, name="dask", threads=1, task_games=1000, client=client)
            out["warm"] = time.perf_counter() - t0
            for size in task_sizes:
                log(f"dask, tasks of {size:,} games")
                r = one_run(games, batch, tmp, name="dask", threads=1, task_games=size,
                            client=client)
                r["size"] = size
                out["dask"].append(r)
        finally:
            client.close()
            cluster.close()
        log("local backend again")
        out["local"].append(one_run(games, batch, tmp))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def overhead(r: dict, workers: int = 2) -> tuple[float, float]:
    """(seconds per task, share of worker time) not spent in the engine."""
    busy = workers * r["wall"]
    return (busy - r["engine"]) / r["tasks"], 1 - r["engine"] / busy


def section(r: dict, note: str | None, chosen: int) -> str:
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    rev = revision()
    sizes = ",".join(str(d["size"]) for d in r["dask"])
    lines = [
        "## Dask backend", "",
        f"Measured {when}" + (f" at commit {rev}" if rev else "")
        + " by `python -m tcgsim.experiments.bench.dask_bench "
        f"--games {r['games']} --sizes {sizes}`: "
        f"one onepiece pairing (`red-luffy` vs `green-kid`, default strategies, seed 1), "
        f"{r['games']:,} games in rounds of {r['batch']:,}, with the local backend "
        "(2 numba threads) and on a 2-worker Dask LocalCluster on 127.0.0.1 (one process "
        "and one numba thread per worker) for several task sizes. Wall time is the run's, "
        "from its manifest (cluster start-up not included).",
    ]
    if note:
        lines += ["", f"Note: {note}"]
    lines += ["", "| Backend | Task size (games) | Tasks | Wall | Throughput | Overhead per "
              "task | Overhead share | Goal <= 5 % | Load before |",
              "|---|---|---|---|---|---|---|---|---|"]
    for i, x in enumerate(r["local"]):
        lines.append(f"| local ({'first' if i == 0 else 'again, last'}) | | | "
                     f"{x['wall']:.1f} s | {x['games'] / x['wall']:,.0f} games/s | | | | "
                     f"{x['load']:.2f} |")
    for x in r["dask"]:
        per, share = overhead(x)
        lines.append(f"| dask, 2 workers | {x['size']:,} | {x['tasks']} | {x['wall']:.1f} s | "
                     f"{x['games'] / x['wall']:,.0f} games/s | {1000 * per:.0f} ms | "
                     f"{100 * share:.1f} % | {'yes' if share <= GOAL else '**no**'} | "
                     f"{x['load']:.2f} |")
    lines += [
        "", f"Cluster start-up (2 worker processes): {r['start']:.1f} s; first run on it "
        f"(each worker imports tcgsim and loads the numba cache): {r['warm']:.1f} s for "
        "4,000 games.", "",
        f"Default task size: {chosen:,} games (`--task-games`, `[backend] task_games`).",
        "", "| | |", "|---|---|",
    ]
    lines += [f"| {k} | {v} |" for k, v in machine()]
    lines.append("")
    return "\n".join(lines)


def write(path: Path, text: str) -> None:
    """Replace the marked section of path (or append it)."""
    old = path.read_text() if path.exists() else ""
    block = f"{BEGIN}\n{text.strip()}\n{END}\n"
    pat = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", re.S)
    new = pat.sub(lambda _: block, old, count=1) if pat.search(old) else \
        f"{old.rstrip()}\n\n{block}"
    path.write_text(new)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400_000)
    ap.add_argument("--batch", type=int, default=200_000)
    ap.add_argument("--sizes", default="2000,10000,20000,50000",
                    help="task sizes (games per task), comma separated")
    ap.add_argument("--chosen", type=int, default=20_000, help="the default task size")
    ap.add_argument("--out", default="docs/benchmarks.md", help="markdown file ('-': print)")
    ap.add_argument("--note", default=None)
    a = ap.parse_args()
    r = measure(a.games, a.batch, [int(x) for x in a.sizes.split(",")],
                lambda m: print(m, file=sys.stderr))
    text = section(r, a.note, a.chosen)
    print(text)
    if a.out != "-":
        write(Path(a.out), text)
        print(f"written to {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
