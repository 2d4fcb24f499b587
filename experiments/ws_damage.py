"""`tcgsim ws-damage` glue and the damage-kernel benchmark (`tcgsim benchmark --game
weiss-damage`): options -> damage_distribution -> text or JSON; sequences per second."""

import datetime
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from tcgsim.simcore.damage.weiss import (
    Attacker,
    DamageResult,
    Defender,
    as_instance,
    damage_distribution,
    monte_carlo_joint,
)
from tcgsim.simcore.errors import InputError


def run_calculator(tokens: tuple[str, ...], *, deck: int, climaxes: int, deck_top: str,
                   waiting_room: int, wr_climaxes: int, clock: int, clock_climaxes: int,
                   level: int, trigger_deck: int, soul: int | None, double_soul: int | None,
                   shot: int | None, ruleset: str, method: str, samples: int, seed: int,
                   threads: int | None) -> tuple[DamageResult, float]:
    """Check the command-line inputs and compute; returns the result and the seconds taken."""
    if not tokens:
        raise InputError("no damage instances given: e.g. `tcgsim ws-damage 3t 3t 2t`")
    instances = [as_instance(t) for t in tokens]
    icons = (soul, double_soul, shot)
    if any(i.trigger for i in instances) and all(x is None for x in icons):
        first = next(i.token() for i in instances if i.trigger)
        raise InputError(f"damage instance {first} has a trigger check: give the attacker's "
                         "--soul-triggers (and --double-soul, --shot-triggers) for its deck")
    attacker = Attacker(trigger_deck, soul or 0, double_soul or 0, shot or 0)
    defender = Defender(deck, climaxes, deck_top, waiting_room, wr_climaxes, clock,
                        clock_climaxes, level)
    if threads is not None and threads < 1:
        raise InputError(f"--threads: {threads}; at least 1")
    t0 = time.perf_counter()
    res = damage_distribution(instances, defender, attacker=attacker, ruleset=ruleset,
                              method=method, samples=samples, seed=seed, threads=threads)
    return res, time.perf_counter() - t0


def to_json_text(res: DamageResult) -> str:
    return json.dumps(res.to_json(), indent=1)


# -- benchmark ----------------------------------------------------------------------------

GAME = "weiss-damage"
TITLE = "Weiß Schwarz damage calculator"
GOAL_RATE = 10_000_000  # damage sequences per second ...
GOAL_THREADS = 2  # ... on 2 cores
# The benchmark sequence: a level-3 finishing turn, three attacks with trigger checks and a
# burn, into a short deck so that about one sequence in twenty refreshes.
BENCH_TOKENS = ("3t", "3t", "3t", "2")
BENCH_DEFENDER = Defender(deck=12, climaxes=2, waiting_room=25, wr_climaxes=5, clock=2,
                          level=3)
BENCH_ATTACKER = Attacker(deck=40, soul=12, double_soul=2, shot=1)
BENCH_SEED = 1


@dataclass
class DamageBench:
    sequences: int
    repeats: int
    started: datetime.datetime
    machine: list[tuple[str, str]]
    revision: str
    command: str
    note: str | None
    load_before: float | None
    load_after: float | None = None
    wall: dict[int, list[float]] = field(default_factory=dict)  # threads -> sequences/s
    cpu: dict[int, list[float]] = field(default_factory=dict)  # threads -> seq/s per CPU-s
    quick: bool = False


def run_damage_benchmark(sequences: int = 20_000_000, repeats: int = 3, note: str | None = None,
                         command: str = f"tcgsim benchmark --game {GAME}", quick: bool = False,
                         log: Callable[[str], None] = print) -> DamageBench:
    """Sequences per second of the Monte Carlo kernel with 1 and 2 threads (JIT warm)."""
    from tcgsim.experiments.bench.benchmark import load_average, machine, revision, thread_counts

    instances = [as_instance(t) for t in BENCH_TOKENS]
    rep = DamageBench(sequences, repeats, datetime.datetime.now(datetime.UTC), machine(),
                      revision(), command, note, load_average(), quick=quick)
    for threads in thread_counts():
        monte_carlo_joint(BENCH_DEFENDER, BENCH_ATTACKER, instances, "2023", 100_000,
                          BENCH_SEED, threads=threads)
        wall, cpu = [], []
        for i in range(repeats):
            t0, c0 = time.perf_counter(), time.process_time()
            monte_carlo_joint(BENCH_DEFENDER, BENCH_ATTACKER, instances, "2023", sequences,
                              BENCH_SEED, threads=threads)
            t1, c1 = time.perf_counter(), time.process_time()
            busy = c1 - c0
            wall.append(sequences / (t1 - t0))
            cpu.append(sequences / busy * threads if busy > 0 else float("nan"))
            log(f"{threads} thread(s), run {i + 1}/{repeats}: {wall[-1]:,.0f} sequences/s")
        rep.wall[threads], rep.cpu[threads] = wall, cpu
    rep.load_after = load_average()
    return rep


def render_damage_section(r: DamageBench) -> str:
    """The markdown section of the damage benchmark."""
    when = r.started.strftime("%Y-%m-%d %H:%M UTC")
    lines = [f"## {TITLE} (`{GAME}`)", ""]
    if r.quick:
        lines += ["**Quick smoke run (`--quick`): tiny sizes; these figures are not "
                  "measurements.**", ""]
    lines.append(f"Measured {when}" + (f" at commit {r.revision}" if r.revision else "")
                 + f" by `{r.command}`.")
    d = BENCH_DEFENDER
    a = BENCH_ATTACKER
    lines.append(f"Sequence: `tcgsim ws-damage {' '.join(BENCH_TOKENS)} --deck {d.deck} "
                 f"--climaxes {d.climaxes} --waiting-room {d.waiting_room} --wr-climaxes "
                 f"{d.wr_climaxes} --clock {d.clock} --level {d.level} --trigger-deck {a.deck} "
                 f"--soul-triggers {a.soul} --double-soul {a.double_soul} --shot-triggers "
                 f"{a.shot} --monte-carlo` (ruleset 2023, seed {BENCH_SEED}): three attacks "
                 "with trigger checks and a burn into a 12-card deck, so some sequences "
                 "refresh.")
    if r.note:
        lines += ["", f"Note: {r.note}"]
    lines += ["", "### Machine", "", "| | |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in r.machine]
    loads = [f"{x:.2f}" if x is not None else "unknown" for x in (r.load_before, r.load_after)]
    lines.append(f"| Load (1-min average) | {loads[0]} before, {loads[1]} after the run |")
    lines += ["", "### Results", "",
              "| Measure | Result | Goal | Met |", "|---|---|---|---|"]
    for threads, rates in r.wall.items():
        med = statistics.median(rates)
        label = f"Sequences/s, {threads} thread{'s' * (threads > 1)} (wall clock)"
        res = f"{med:,.0f} (best {max(rates):,.0f})"
        if threads == GOAL_THREADS:
            met = "yes" if med >= GOAL_RATE else "**no**"
            lines.append(f"| {label} | {res} | >= {GOAL_RATE:,} | {met} |")
        else:
            lines.append(f"| {label} | {res} | | |")
    for threads, rates in r.cpu.items():
        med = statistics.median(rates)
        lines.append(f"| Sequences/s, {threads} thread{'s' * (threads > 1)}, per CPU-second "
                     f"x threads (estimate for an idle machine) | {med:,.0f} | | |")
    lines += ["", "### How it was measured", ""]
    lines.append(f"- `monte_carlo_joint` in the benchmark process, {r.sequences:,} sequences "
                 f"per run after a 100,000-sequence warm-up at the same thread count (JIT "
                 f"warm); median of {r.repeats} runs. All runs (sequences/s): "
                 + "; ".join(f"{t} thread{'s' * (t > 1)}: " + ", ".join(f"{x:,.0f}" for x in v)
                             for t, v in r.wall.items()) + ".")
    lines.append("- The per-CPU-second figure divides the sequences by the process's CPU time "
                 "(all threads, `time.process_time`) and multiplies by the thread count: on a "
                 "shared machine it estimates the rate without the other processes' "
                 "interference (cache and memory contention remain; idle-wait time of the "
                 "worker threads counts as busy, so it errs low).")
    lines += ["", "### Reproduce", "", "```sh", f"tcgsim benchmark --game {GAME}", "```", ""]
    return "\n".join(lines)
