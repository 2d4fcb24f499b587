"""Scale benchmark of the experiment pipeline:
`python -m tcgsim.experiments.bench.scale --games 10000000`.

Runs `tcgsim run` on a one-pairing matchup of GAMES games as a subprocess (parquet shards,
manifest, live tallies, then the report: aggregation with scan_parquet and plots) and
measures, launch to exit:

  peak memory     max RSS of the process (wait4, through benchmark.run_child);
  engine share    seconds inside the engine's batch calls (from the manifest) over the wall
                  time of the whole process, start-up and report included.

The result goes to docs/benchmarks.md between `<!-- experiments:scale begin/end -->`,
outside the per-game sections that `tcgsim benchmark` rewrites.
"""

import argparse
import datetime
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

from tcgsim.experiments.bench.benchmark import (
    load_average,
    machine,
    revision,
    run_child,
    tcgsim_command,
)

BEGIN, END = "<!-- experiments:scale begin -->", "<!-- experiments:scale end -->"
GOAL_RSS = 1 << 30
GOAL_ENGINE = 0.90

EXPERIMENT = """\
name = "scale"
game = "{game}"
kind = "matchup"
seed = 1
[decks]
a = "{deck_a}"
b = "{deck_b}"
[matchup]
deck = "a"
opponents = ["b"]
[stop]
games = {games}
batch = {batch}
"""


def measure(games: int, game: str, deck_a: str, deck_b: str, batch: int,
            keep: Path | None = None) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="tcgsim-scale-"))
    try:
        exp = tmp / "scale.toml"
        exp.write_text(EXPERIMENT.format(game=game, deck_a=deck_a, deck_b=deck_b, games=games,
                                         batch=batch))
        run_dir = keep or tmp / "run"
        load0 = load_average()
        child = run_child(tcgsim_command() + ["run", str(exp), "--out", str(run_dir),
                                             "--no-progress"])
        wall, out = child.seconds, child.stdout
        m = json.loads((run_dir / "manifest.json").read_text())
        s = m["sessions"][-1]
        size = sum(p.stat().st_size for p in (run_dir / "shards").rglob("*.parquet"))
        nshards = len(list((run_dir / "shards").rglob("*.parquet")))
        return {"games": games, "batch": batch, "wall": wall, "rss": child.max_rss,
                "engine": s["engine_seconds"], "run_wall": s["wall_seconds"],
                "write": s["write_seconds"], "played": s["games_played"], "shards": nshards,
                "bytes": size, "stdout": out, "load_before": load0,
                "load_after": load_average()}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def section(r: dict, game: str, deck_a: str, deck_b: str, note: str | None) -> str:
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    share = r["engine"] / r["wall"]
    rate = r["games"] / r["wall"]
    rev = revision()
    lines = [
        "## Experiments at scale", "",
        f"Measured {when}" + (f" at commit {rev}" if rev else "")
        + f" by `python -m tcgsim.experiments.bench.scale --games {r['games']}`: `tcgsim run` of a "
        f"{game} matchup (`{deck_a}` vs `{deck_b}`, default strategies, seed 1), "
        f"{r['games']:,} games in rounds of {r['batch']:,}, as a subprocess, launch to exit "
        "(start-up, parquet shards, manifest, live tallies, then the report: scan_parquet "
        "aggregation and plots).",
    ]
    if note:
        lines += ["", f"Note: {note}"]
    loads = [f"{x:.2f}" if x is not None else "unknown"
             for x in (r["load_before"], r["load_after"])]
    lines += [
        "", "| Measure | Result | Goal | Met |", "|---|---|---|---|",
        f"| Peak memory (max RSS) | {r['rss'] / 2**20:,.0f} MiB | <= 1 GiB | "
        f"{'yes' if r['rss'] <= GOAL_RSS else '**no**'} |",
        f"| Time in the engine | {100 * share:.1f} % of {r['wall']:.1f} s "
        f"({r['engine']:.1f} s) | >= {100 * GOAL_ENGINE:.0f} % | "
        f"{'yes' if share >= GOAL_ENGINE else '**no**'} |",
        f"| Throughput, whole command | {rate:,.0f} games/s | | |",
        f"| Shard writing (parquet, lz4) and tallies | {r['write']:.1f} s | | |",
        f"| Result files | {r['shards']} shards, {r['bytes'] / 2**20:,.0f} MiB "
        f"({r['bytes'] / r['games']:.1f} bytes/game) | | |",
        f"| Load (1-min average) | {loads[0]} before, {loads[1]} after | | |",
        "", "| | |", "|---|---|",
    ]
    lines += [f"| {k} | {v} |" for k, v in machine()]
    lines += ["", "The rest of the time is start-up (imports, numba cache), the report "
              "(aggregating every row with polars' streaming engine and drawing the plots) "
              "and the gaps between engine calls of at most 100,000 games.", ""]
    return "\n".join(lines)


def write(path: Path, text: str) -> None:
    old = path.read_text() if path.exists() else ""
    block = f"{BEGIN}\n{text.strip()}\n{END}\n"
    pat = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", re.S)
    new = pat.sub(lambda _: block, old, count=1) if pat.search(old) else \
        f"{old.rstrip()}\n\n{block}"
    path.write_text(new)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000_000)
    ap.add_argument("--batch", type=int, default=1_000_000)
    ap.add_argument("--game", default="onepiece")
    ap.add_argument("--decks", nargs=2, default=["red-luffy", "green-kid"])
    ap.add_argument("--out", default="docs/benchmarks.md", help="markdown file ('-': print)")
    ap.add_argument("--note", default=None)
    a = ap.parse_args()
    r = measure(a.games, a.game, a.decks[0], a.decks[1], a.batch)
    text = section(r, a.game, a.decks[0], a.decks[1], a.note)
    print(text)
    if a.out != "-":
        write(Path(a.out), text)
        print(f"written to {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
