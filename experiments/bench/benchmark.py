"""`tcgsim benchmark`: speed, start-up time and memory of one game's engine.

Every figure plays the game's benchmark match (built-in decks, default strategy on both sides):

  throughput    complete games per second in this process, JIT warm (a warm-up run first),
                with 1 thread and with 2 threads (and all cores when there are more);
                the median of 3 repeats is the figure, the best is shown beside it;
  warm start    `tcgsim simulate DECK_A DECK_B -n 2000` in a fresh process with the numba
                cache warm, from launch to exit (median of 3);
  peak memory   max RSS of `tcgsim simulate DECK_A DECK_B -n N --out FILE` in its own
                process, for N = 10^6 and 10^7: simulate streams its games (tally and
                rows batch by batch), so the figure should not grow with N;
  cold compile  a fresh process with an empty NUMBA_CACHE_DIR that imports tcgsim and plays
                2 games, so every jitted function is compiled again, from launch to exit.

The results go to a markdown file (docs/benchmarks.md) with one section per game; a run
rewrites its game's section and leaves the others alone.
"""

import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from importlib import metadata
from pathlib import Path

from tcgsim.simcore.errors import InputError
from tcgsim.simcore.runner import BATCH

# The match each game is benchmarked on: two built-in decks, default strategies.
MATCHES = {"onepiece": ("red-luffy", "green-kid"), "weiss": ("sunrise", "tide"),
           "dbs": ("red-hit", "blue-goku")}
STRATEGY = "default"
SEED = 1

GOAL_RATE = 200_000  # games/s ...
GOAL_RATE_EFFECTS = 100_000  # ... and with compiled card text on a pair of real lists (--match)
GOAL_RATE_THREADS = 2  # ... on 2 cores
GOAL_START_S = 3.0  # warm start to first result
GOAL_RSS = 1 << 30  # peak memory ...
GOAL_RSS_GAMES = 1_000_000  # ... of a run of this many games or more

HEADER = """\
# Benchmarks

Speed, start-up time and memory of tcgsim, measured by `tcgsim benchmark` (see
`tcgsim benchmark --help`). There is one section per game: `tcgsim benchmark --game GAME`
rewrites that game's section and leaves the others alone.

Goals: >= 200,000 complete games/s on 2 cores; warm start to first result <= 3 s;
peak memory of a `tcgsim simulate` run of 1,000,000 games or more (10^7 measured) <= 1 GiB.

Figures depend on the machine and on whatever else runs on it: each section records both
the machine and the load average around the run.
"""


@dataclass
class Sizes:
    """How much work each measurement does."""

    games: int = 1_000_000  # games per throughput run
    repeats: int = 3  # throughput runs per thread count
    warmup: int = 20_000  # games of the warm-up run per thread count
    start_games: int = 2000  # games of the warm-start run
    start_repeats: int = 3
    mem_games: tuple[int, ...] = (GOAL_RSS_GAMES, 10_000_000)  # games of the memory runs
    cold: bool = True  # measure the cold compile (about half a minute)
    quick: bool = False


QUICK = Sizes(games=2000, repeats=3, warmup=2000, start_games=2000, start_repeats=1,
              mem_games=(20_000,), cold=False, quick=True)


@dataclass
class Child:
    """A finished subprocess: wall time from launch to exit, its peak RSS, its stdout."""

    seconds: float
    max_rss: int  # bytes
    stdout: str


@dataclass
class Report:
    game: str
    title: str
    deck_a: str
    deck_b: str
    sizes: Sizes
    started: datetime.datetime
    machine: list[tuple[str, str]]
    revision: str
    load_before: float | None
    load_after: float | None = None
    rates: dict[int, list[float]] = field(default_factory=dict)  # threads -> games/s per run
    warm_start: list[Child] = field(default_factory=list)
    memory: dict[int, Child] = field(default_factory=dict)  # games -> its simulate run
    cold: Child | None = None
    cold_split: dict[str, float] = field(default_factory=dict)
    source_changed: bool = False
    command: str = ""
    note: str | None = None
    store: str | None = None  # the card store of a --match run
    effects: str = "approx"
    custom: bool = False  # a --match run: its own section, the effects goal


# -- subprocesses ----------------------------------------------------------------------------


def tcgsim_command() -> list[str]:
    """How to launch `tcgsim`: the console script beside this Python, else `python -m`."""
    script = Path(sys.executable).with_name("tcgsim")
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [sys.executable, "-m", "tcgsim"]


# Runs argv[2:] and writes "seconds max_rss" (its wall time from launch to exit, and
# ru_maxrss from wait4) to the file argv[1]. It runs in a small Python started with -S:
# Linux counts the memory a process had before exec into ru_maxrss, so a command started
# straight from this (large) benchmark process would report at least this process's size.
LAUNCHER = """
import os, sys, time
t0 = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        os.execvp(sys.argv[2], sys.argv[2:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write(f"{time.perf_counter() - t0} {usage.ru_maxrss}")
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run_child(cmd: list[str], env: dict[str, str] | None = None) -> Child:
    """Run cmd to completion through LAUNCHER: its wall time, its own peak RSS, its stdout."""
    if not hasattr(os, "wait4") or not hasattr(os, "fork"):
        raise InputError("tcgsim benchmark needs a Unix system (os.fork, os.wait4)")
    with (tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err,
          tempfile.TemporaryDirectory() as tmp):
        facts = Path(tmp) / "child"
        proc = subprocess.Popen([sys.executable, "-S", "-c", LAUNCHER, str(facts), *cmd],
                                stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env)
        try:
            proc.wait()
        except BaseException:
            proc.kill()
            proc.wait()
            raise
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        if proc.returncode != 0 or not facts.is_file():
            tail = err.read().decode(errors="replace").strip().splitlines()[-5:]
            raise InputError(f"benchmark step failed (exit {proc.returncode}): "
                             f"{' '.join(cmd)}: {' | '.join(tail)}")
        seconds, max_rss = facts.read_text().split()
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, else KiB
    return Child(float(seconds), int(max_rss) * scale, stdout)


COLD_SCRIPT = """\
import json, sys, time
t0 = time.perf_counter()
from tcgsim.experiments.match import load_match
from tcgsim.simcore.runner import run_games
store = sys.argv[4] or None
game, table, a, b = load_match(sys.argv[1], sys.argv[2], sys.argv[3], "default", "default",
                               (), store)
t1 = time.perf_counter()
res = run_games(game, table, a, b, 1, 2, effects=sys.argv[5])
t2 = time.perf_counter()
assert res.rows.shape[0] == 2 and not res.interrupted
print(json.dumps({"import": t1 - t0, "play": t2 - t1}))
"""


def cold_compile(game: str, deck_a: str, deck_b: str, store: str | None = None,
                 effects: str = "approx") -> tuple[Child, dict[str, float]]:
    """Import and play 2 games with an empty numba cache: everything is compiled again."""
    with tempfile.TemporaryDirectory(prefix="tcgsim-numba-cache-") as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        child = run_child([sys.executable, "-c", COLD_SCRIPT, game, deck_a, deck_b,
                           store or "", effects], env)
    split = json.loads(child.stdout.strip().splitlines()[-1])
    return child, split


def simulate_command(game: str, deck_a: str, deck_b: str, n: int, out: Path | None = None,
                     store: str | None = None, effects: str = "approx") -> list[str]:
    cmd = tcgsim_command() + ["simulate", "--game", game, deck_a, deck_b, "-n", str(n),
                              "--no-progress", "--effects", effects]
    cmd += ["--store", store] if store else []
    return cmd + (["--out", str(out)] if out is not None else [])


def simulate_memory(game: str, deck_a: str, deck_b: str, n: int, store: str | None = None,
                    effects: str = "approx") -> Child:
    """Peak RSS of `tcgsim simulate -n n --out FILE` (rows written to a temporary folder)."""
    with tempfile.TemporaryDirectory(prefix="tcgsim-bench-") as tmp:
        return run_child(simulate_command(game, deck_a, deck_b, n, Path(tmp) / "rows.parquet",
                                          store, effects))


# -- the machine ------------------------------------------------------------------------------


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def _field(text: str, key: str) -> str | None:
    m = re.search(rf"^{re.escape(key)}\s*:\s*(.+)$", text, re.M)
    return m.group(1).strip() if m else None


def cpu_model() -> str:
    info = _read("/proc/cpuinfo")
    model = _field(info, "model name")
    if model is None:
        try:
            lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
        except (OSError, subprocess.SubprocessError):
            lscpu = ""
        model = _field(lscpu, "Model name")
    model = model or platform.processor() or "unknown CPU"
    extra = [platform.machine()]
    family, mnum = _field(info, "cpu family"), _field(info, "model")
    if family and mnum:
        extra.append(f"family {family} model {mnum}")
    flags = _field(info, "flags") or ""
    if "hypervisor" in flags.split():
        extra.append("virtual machine")
    return f"{model} ({', '.join(extra)})"


def ram_bytes() -> int | None:
    kb = _field(_read("/proc/meminfo"), "MemTotal")
    if kb:
        return int(kb.split()[0]) * 1024
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def os_name() -> str:
    m = re.search(r'^PRETTY_NAME="?([^"\n]+)"?$', _read("/etc/os-release"), re.M)
    name = m.group(1) if m else platform.platform()
    return f"{name}, {platform.system()} {platform.release()}"


def _version(pkg: str) -> str:
    try:
        return metadata.version(pkg)
    except metadata.PackageNotFoundError:
        return "not installed"


def machine() -> list[tuple[str, str]]:
    import numba

    logical = os.cpu_count() or 1
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else logical
    cores = f"{logical} logical CPUs"
    if usable != logical:
        cores += f" ({usable} usable by this process)"
    cores += f"; numba threads: {numba.config.NUMBA_NUM_THREADS}"
    ram = ram_bytes()
    return [
        ("CPU", cpu_model()),
        ("Cores", cores),
        ("RAM", f"{ram / 2**30:.1f} GiB" if ram else "unknown"),
        ("OS", os_name()),
        ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
        ("Packages", ", ".join(f"{p} {_version(p)}"
                               for p in ("tcgsim", "numba", "llvmlite", "numpy", "polars"))),
    ]


def revision() -> str:
    """The git commit of the source measured, if it is a git checkout."""
    root = Path(__file__).resolve().parents[2]

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                              timeout=10, check=True).stdout.strip()

    try:
        rev = git("rev-parse", "--short", "HEAD")
        if git("status", "--porcelain", "--untracked-files=no"):
            rev += " with uncommitted changes"
        return rev
    except (OSError, subprocess.SubprocessError):
        return ""


def source_stamp() -> str:
    """A fingerprint of tcgsim's Python sources (path, size, mtime): changes when any is edited.

    Figures taken while the engine is being edited would mix versions; the run compares the
    stamp at its start and end."""
    import hashlib

    root = Path(__file__).resolve().parents[2]
    h = hashlib.sha1()
    for pkg in ("simcore", "strategies", "experiments", "reports"):
        for f in sorted((root / pkg).rglob("*.py")):
            st = f.stat()
            h.update(f"{f.relative_to(root)}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def load_average() -> float | None:
    try:
        return os.getloadavg()[0]
    except (OSError, AttributeError):
        return None


# -- measuring --------------------------------------------------------------------------------


def thread_counts() -> list[int]:
    """1 and 2 threads, and all cores when there are more (numba's maximum)."""
    import numba

    top = numba.config.NUMBA_NUM_THREADS
    return sorted({t for t in (1, 2, top) if t <= top})


def run_benchmark(game_name: str = "onepiece", sizes: Sizes | None = None,
                  note: str | None = None, command: str = "tcgsim benchmark",
                  log: Callable[[str], None] | None = None,
                  progress: bool = False, match: tuple[str, str] | None = None,
                  store: str | None = None, effects: str = "approx") -> Report:
    """Take every measurement for one game; log(message) reports progress; progress shows
    a bar during each throughput run. `match` benchmarks two decks of the user's (e.g. real
    tournament lists, their cards from `store`) in effects mode `effects` instead of the
    game's built-in match."""
    import numba

    from tcgsim.experiments.match import load_match
    from tcgsim.experiments.progress import Progress
    from tcgsim.simcore.runner import run_games

    sizes = sizes or Sizes()
    sizes = replace(sizes, games=sizes.games + sizes.games % 2)  # games come in pairs
    log = log or (lambda msg: print(msg, file=sys.stderr))
    if game_name not in MATCHES and match is None:
        from tcgsim.simcore.games.registry import get_game

        get_game(game_name)  # an unknown game is reported as such
        raise InputError(f"no benchmark match defined for game {game_name!r}")
    deck_a, deck_b = match or MATCHES[game_name]
    stamp = source_stamp()
    game, table, a, b = load_match(game_name, deck_a, deck_b, STRATEGY, STRATEGY, (), store)
    report = Report(game.name, game.title, deck_a, deck_b, sizes,
                    datetime.datetime.now(datetime.UTC), machine(), revision(),
                    load_average(), note=note, command=command, store=store,
                    effects=effects, custom=match is not None)
    games = sizes.games

    saved_threads = numba.get_num_threads()
    try:
        for threads in thread_counts():
            label = f"{threads} thread{'s' * (threads > 1)}"
            log(f"throughput, {label}: warm-up ({sizes.warmup:,} games)")
            run_games(game, table, a, b, SEED, sizes.warmup, threads=threads, batch_size=BATCH,
                      effects=effects)
            rates = []
            for i in range(sizes.repeats):
                with Progress(games, progress, label=f"{label}, run {i + 1}") as bar:
                    res = run_games(game, table, a, b, SEED, games, threads=threads,
                                    batch_size=BATCH, progress=bar.update, effects=effects)
                if res.interrupted:
                    raise KeyboardInterrupt
                if res.rows.shape[0] != games:
                    raise RuntimeError(f"{res.rows.shape[0]} result rows for {games} games")
                rates.append(games / res.seconds)
                log(f"throughput, {label}: run {i + 1}/{sizes.repeats}: "
                    f"{rates[-1]:,.0f} games/s")
            report.rates[threads] = rates
    finally:
        numba.set_num_threads(saved_threads)
    report.machine.append(("numba threading layer", numba.threading_layer()))

    cmd = simulate_command(game.name, deck_a, deck_b, sizes.start_games, None, store, effects)
    if not sizes.quick:
        log("warm start: first run to make sure the cache is warm")
        run_child(cmd)
    for i in range(sizes.start_repeats):
        report.warm_start.append(run_child(cmd))
        log(f"warm start: run {i + 1}/{sizes.start_repeats}: "
            f"{report.warm_start[-1].seconds:.2f} s")

    for n in sizes.mem_games:
        log(f"peak memory: tcgsim simulate -n {n:,} --out FILE")
        report.memory[n] = simulate_memory(game.name, deck_a, deck_b, n, store, effects)
        log(f"peak memory: {report.memory[n].max_rss / 2**20:,.0f} MiB "
            f"({report.memory[n].seconds:.1f} s)")

    if sizes.cold:
        log("cold compile: import and play 2 games with an empty numba cache")
        report.cold, report.cold_split = cold_compile(game.name, deck_a, deck_b, store,
                                                      effects)
        log(f"cold compile: {report.cold.seconds:.1f} s")
    report.load_after = load_average()
    report.source_changed = source_stamp() != stamp
    if report.source_changed:
        log("WARNING: tcgsim's source files changed during the run: the figures mix versions")
    return report


# -- markdown ---------------------------------------------------------------------------------


def _yes_no(ok: bool) -> str:
    return "yes" if ok else "**no**"


def _mib(n: int) -> str:
    return f"{n / 2**20:,.0f} MiB"


def render_section(r: Report) -> str:
    """The markdown section of one game (without its begin/end markers)."""
    s = r.sizes
    when = r.started.strftime("%Y-%m-%d %H:%M UTC")
    title = f"## {r.title} (`{r.game}`)"
    if r.custom:
        title += f": `{Path(r.deck_a).stem}` vs `{Path(r.deck_b).stem}`, `--effects {r.effects}`"
    lines = [title, ""]
    goal_rate = GOAL_RATE_EFFECTS if r.custom else GOAL_RATE
    if s.quick:
        lines += ["**Quick smoke run (`--quick`): tiny sizes, no cold compile; these figures "
                  "are not measurements.**", ""]
    lines.append(f"Measured {when}" + (f" at commit {r.revision}" if r.revision else "")
                 + f" by `{r.command}`.")
    lines.append(f"Match: `{r.deck_a}` vs `{r.deck_b}`, strategy `{STRATEGY}` for both, "
                 f"seed {SEED}, effects `{r.effects}`"
                 + (f", cards from the store `{r.store}`" if r.store else "") + ".")
    if r.source_changed:
        lines += ["", "**Warning: tcgsim's source files changed during this run, so the "
                  "figures mix code versions; measure again.**"]
    if r.note:
        lines += ["", f"Note: {r.note}"]

    lines += ["", "### Machine", "", "| | |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in r.machine]
    loads = [f"{x:.2f}" if x is not None else "unknown" for x in (r.load_before, r.load_after)]
    lines.append(f"| Load (1-min average) | {loads[0]} before, {loads[1]} after the run |")

    lines += ["", "### Results", "", "| Measure | Result | Goal | Met |", "|---|---|---|---|"]
    for threads, rates in r.rates.items():
        label = f"Throughput, {threads} thread{'s' * (threads > 1)}"
        med = statistics.median(rates)
        result = f"{med:,.0f} games/s (best {max(rates):,.0f})"
        if threads == GOAL_RATE_THREADS:
            lines.append(f"| {label} | {result} | >= {goal_rate:,} games/s "
                         f"| {_yes_no(med >= goal_rate)} |")
        else:
            lines.append(f"| {label} | {result} | | |")
    if GOAL_RATE_THREADS not in r.rates:
        lines.append(f"| Throughput, {GOAL_RATE_THREADS} threads | not measured: fewer cores "
                     f"| >= {goal_rate:,} games/s | |")
    start = statistics.median(c.seconds for c in r.warm_start)
    lines.append(f"| Warm start to first result (`tcgsim simulate -n {s.start_games:,}`, "
                 f"launch to exit) | {start:.2f} s | <= {GOAL_START_S:g} s "
                 f"| {_yes_no(start <= GOAL_START_S)} |")
    for n, child in r.memory.items():
        met = (_yes_no(child.max_rss <= GOAL_RSS) if n >= GOAL_RSS_GAMES
               else f"n/a: goal is for {GOAL_RSS_GAMES:,} games or more")
        lines.append(f"| Peak memory (max RSS), `tcgsim simulate -n {n:,} --out FILE` "
                     f"| {_mib(child.max_rss)} | <= {GOAL_RSS / 2**30:g} GiB "
                     f"for {GOAL_RSS_GAMES:,} games or more | {met} |")
    if r.cold is not None:
        lines.append(f"| Cold compile (empty numba cache: import + 2 games, launch to exit) "
                     f"| {r.cold.seconds:.1f} s | | |")
    else:
        lines.append("| Cold compile | not measured (`--quick`) | | |")

    lines += ["", "### How it was measured", ""]
    lines.append(f"- Throughput: `run_games` in the benchmark process, {s.games:,} games per "
                 f"run, after a {s.warmup:,}-game warm-up run at the same thread count (JIT "
                 f"warm); the figure is the **median of {s.repeats}** runs, the best is in "
                 "brackets. All runs (games/s): "
                 + "; ".join(f"{t} thread{'s' * (t > 1)}: "
                             + ", ".join(f"{x:,.0f}" for x in v) for t, v in r.rates.items())
                 + ".")
    lines.append(f"- Warm start: `tcgsim simulate {r.deck_a} {r.deck_b} -n {s.start_games}` "
                 "as a subprocess with the numba cache warm, from launch to exit; median of "
                 f"{len(r.warm_start)} (all: "
                 + ", ".join(f"{c.seconds:.2f} s" for c in r.warm_start) + ").")
    lines.append(f"- Peak memory: max RSS (wait4) of `tcgsim simulate {r.deck_a} {r.deck_b} "
                 "-n N --out FILE` as a subprocess, started from a small launcher so that the "
                 "benchmark process's own memory is not counted. simulate keeps no rows: each "
                 f"batch of {BATCH:,} games is tallied and written to a parquet shard, and the "
                 "shards are joined into FILE at the end by polars' streaming engine, so the "
                 "figure should stay flat as N grows. Runs: "
                 + "; ".join(f"N = {n:,}: {_mib(c.max_rss)} in {c.seconds:.1f} s"
                             for n, c in r.memory.items()) + ".")
    if r.cold is not None:
        split = r.cold_split
        lines.append("- Cold compile: a fresh Python with `NUMBA_CACHE_DIR` set to an empty "
                     "temporary folder imports tcgsim and plays 2 games, so every jitted "
                     f"function is compiled again (imports {split.get('import', 0):.1f} s, "
                     f"first 2 games {split.get('play', 0):.1f} s; peak memory "
                     f"{_mib(r.cold.max_rss)}).")
    lines += ["", "### Reproduce", "", "```sh", r.command, "```", ""]
    return "\n".join(lines)


def section_key(r: Report) -> str:
    """The marker of the report's section: the game, or the game and a --match run's decks
    and effects mode (each such run keeps a section of its own)."""
    if not r.custom:
        return r.game
    return f"{r.game}:{Path(r.deck_a).stem}:{Path(r.deck_b).stem}:{r.effects}"


def update_markdown(text: str | None, game: str, section: str) -> str:
    """text with game's section replaced (or appended); a new file gets the header first."""
    begin, end = f"<!-- benchmark:{game} begin -->", f"<!-- benchmark:{game} end -->"
    block = f"{begin}\n{section.strip()}\n{end}\n"
    if not text or not text.strip():
        return f"{HEADER}\n{block}"
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end) + r"\n?", re.S)
    if pattern.search(text):
        return pattern.sub(lambda _: block, text, count=1)
    return f"{text.rstrip()}\n\n{block}"


def write_section(path: Path, game: str, section: str) -> None:
    """Rewrite game's section of the markdown file at path (created if missing)."""
    text = path.read_text() if path.exists() else None
    tmp = path.with_name(path.name + ".partial")
    tmp.write_text(update_markdown(text, game, section))
    os.replace(tmp, path)
