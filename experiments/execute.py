"""Run an experiment into a run folder; resume or extend it without repeating a game.

A run folder holds:

  experiment.toml          the experiment file as given (the run is reproducible from it)
  manifest.json            experiment, versions, seed, timing, jobs and the decisions taken
  shards/jNNNN/gSSSSSSSSSSSS-EEEEEEEEEEEE.parquet
                           result rows of job NNNN, games SSS.. up to EEE.. (exclusive)
  shards/jNNNN/pending/    the Dask backend's finished batches not yet accepted (ignored)

Each job (pairing) plays games 0, 1, 2, ... in rounds of `stop.batch` games; after every
round the stopping rules look at exactly the games of the rounds so far. The shards on disk
are the truth: a resumed run reads them, plays only the missing game ranges and takes the
same decisions at the same rounds, so one go, a resumed run and a run split into batches
give identical rows. Where games run (this machine, or a Dask cluster: see
experiments/dask_backend.py) changes only how the ranges are cut, never the rows.
"""

import datetime
import json
import os
import re
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import numpy as np
import polars as pl

from tcgsim.experiments.plan import Job, Plan, build_variant, make_plan
from tcgsim.experiments.progress import Progress
from tcgsim.experiments.spec import Experiment
from tcgsim.reports.stats import Sprt, interval, weighted_rate
from tcgsim.simcore.decks import short_name
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.runner import run_games

SHARD = re.compile(r"^g(\d{12})-(\d{12})\.parquet$")
CHUNK = 100_000  # most games per engine call: keeps Ctrl-C and the progress bar responsive
FORMAT = 1


@dataclass
class Tally:
    """Sufficient statistics of deck A's results in one job (exact sums of halves)."""

    games: int = 0
    score: float = 0.0
    first_games: int = 0
    first_score: float = 0.0
    pairs: int = 0
    sum_d: float = 0.0  # per pair: A's score going first minus going second
    sum_d2: float = 0.0
    pent: tuple[int, ...] = (0, 0, 0, 0, 0)  # pairs in which A won 0, 1/2, 1, 3/2, 2 games

    def add_rows(self, game: np.ndarray, first: np.ndarray, winner: np.ndarray) -> None:
        s = (winner == 0) + 0.5 * (winner == -1)
        self.games += len(s)
        self.score += float(s.sum())
        f = first == 0
        self.first_games += int(f.sum())
        self.first_score += float(s[f].sum())
        if len(game) and not (game[0] % 2 == 0 and np.all(np.diff(game) == 1)):
            order = np.argsort(game, kind="stable")
            s, game = s[order], game[order]
        g = game
        if len(s) % 2 or (len(s) and (g[0] % 2 or np.any(g[1::2] != g[0::2] + 1))):
            raise RuntimeError("result rows are not whole pairs of games")
        d = s[0::2] - s[1::2]
        k = np.rint((s[0::2] + s[1::2]) * 2).astype(np.int64)
        self.pairs += len(d)
        self.sum_d += float(d.sum())
        self.sum_d2 += float((d * d).sum())
        self.pent = tuple(int(a + b) for a, b in
                          zip(self.pent, np.bincount(k, minlength=5), strict=True))

    def merged(self, other: "Tally") -> "Tally":
        a, b = self.astuple(), other.astuple()
        t = Tally(*(x + y for x, y in zip(a[:-1], b[:-1], strict=True)))
        t.pent = tuple(x + y for x, y in zip(a[-1], b[-1], strict=True))
        return t

    def astuple(self) -> tuple:
        return (self.games, self.score, self.first_games, self.first_score, self.pairs,
                self.sum_d, self.sum_d2, self.pent)

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else float("nan")

    def interval(self) -> tuple[float, float]:
        return interval(self.score, self.games)


@dataclass
class JobState:
    job: Job
    shards: dict[tuple[int, int], Tally] = field(default_factory=dict)
    stopped: str = ""  # why the job stopped: '', 'games', 'ci', 'sprt H0', 'eliminated'...
    stopped_at: int = 0

    def tally(self, upto: int) -> Tally:
        t = Tally()
        for (_lo, hi), s in sorted(self.shards.items()):
            if hi <= upto:
                t = t.merged(s)
        return t

    def missing(self, lo: int, hi: int) -> list[tuple[int, int]]:
        """Sub-ranges of [lo, hi) that no shard covers."""
        out = []
        cur = lo
        for a, b in sorted(self.shards):
            if b <= cur or a >= hi:
                continue
            if a > cur:
                out.append((cur, a))
            cur = max(cur, b)
        if cur < hi:
            out.append((cur, hi))
        return out


def versions() -> dict[str, str]:
    out = {"python": sys.version.split()[0]}
    for pkg in ("tcgsim", "numba", "numpy", "polars"):
        try:
            out[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            out[pkg] = "unknown"
    return out


def shard_dir(run_dir: Path, job_id: int) -> Path:
    return run_dir / "shards" / f"j{job_id:04d}"


def read_tally(path: Path) -> Tally:
    df = pl.scan_parquet(path).select("game", "first", "winner").collect()
    t = Tally()
    t.add_rows(df["game"].to_numpy(), df["first"].to_numpy(), df["winner"].to_numpy())
    return t


def load_shards(run_dir: Path, state: JobState) -> None:
    d = shard_dir(run_dir, state.job.id)
    if not d.is_dir():
        return
    for p in sorted(d.iterdir()):
        m = SHARD.match(p.name)
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            try:
                tally = read_tally(p)
                whole = tally.games == hi - lo
            except (pl.exceptions.PolarsError, OSError):
                whole = False
            if whole:
                state.shards[(lo, hi)] = tally
            else:  # set it aside; its games are missing now, so they are played again
                p.replace(p.with_name(p.name + ".damaged"))
                print(f"tcgsim: {p}: damaged result shard set aside; its games {lo}-{hi - 1}"
                      " are played again", file=sys.stderr)
        elif p.name.endswith(".partial"):
            p.unlink()
        elif p.name == "pending" and p.is_dir():
            shutil.rmtree(p, ignore_errors=True)


def shard_frame(columns: list[str], rows: np.ndarray, job_id: int) -> pl.DataFrame:
    """Result rows as the DataFrame a shard holds (the same for every backend)."""
    df = pl.DataFrame({c: rows[:, i] for i, c in enumerate(columns)})
    return df.with_columns(pl.col("game").cast(pl.Int64),
                           pl.lit(job_id, dtype=pl.Int32).alias("job"))


def shard_name(lo: int, hi: int) -> str:
    return f"g{lo:012d}-{hi:012d}.parquet"


class Runner:
    """Plays the jobs of a plan into a run folder, round by round, with stopping rules."""

    def __init__(self, plan: Plan, run_dir: Path, max_games: int | None = None,
                 threads: int | None = None, progress: bool = False,
                 log: Callable[[str], None] | None = None):
        self.plan = plan
        self.exp = plan.exp
        self.run_dir = run_dir
        self.max_games = max_games or self.exp.stop.games
        self.max_games += self.max_games % 2
        self.batch = self.exp.stop.batch
        self.threads = threads
        self.states: dict[int, JobState] = {}
        self.engine_seconds = 0.0
        self.write_seconds = 0.0
        self.games_played = 0
        self.interrupted = False
        self.decisions: list[str] = []
        self.tune_trials: list[dict] = []
        self.show = progress
        self.progress: Progress | None = None
        self.log = log or (lambda m: print(m, file=sys.stderr))
        self.sprt = Sprt(**self.exp.stop.sprt) if self.exp.stop.sprt else None
        self.backend_info: dict = {"backend": "local"}

    # -- storage ----------------------------------------------------------------------------

    def state(self, job: Job) -> JobState:
        if job.id not in self.states:
            st = JobState(job)
            load_shards(self.run_dir, st)
            self.states[job.id] = st
        return self.states[job.id]

    def play(self, st: JobState, lo: int, hi: int) -> None:
        """Make sure games [lo, hi) of the job are on disk, playing what is missing."""
        g = self.plan.game
        todo = st.missing(lo, hi)
        if self.progress:
            self.progress.update(hi - lo - sum(b - a for a, b in todo), played=False)
        for a, b in todo:
            cur = a
            while cur < b:
                n = min(CHUNK, b - cur)
                # the bar moves within the call, in steps of about a tenth of it (results do
                # not depend on the engine's batch size)
                step = max(1000, n // 10) if self.progress else n
                res = run_games(g, self.plan.table, st.job.seat_a, st.job.seat_b,
                                self.exp.seed, n, start=cur, ruleset=self.plan.ruleset,
                                turn_cap=self.plan.turn_cap, threads=self.threads,
                                batch_size=step, effects=self.exp.effects,
                                progress=self.progress.update if self.progress else None)
                self.engine_seconds += res.seconds
                got = res.rows.shape[0]
                if got:
                    self.write_shard(st, cur, cur + got, res.rows)
                if res.interrupted or got < n:
                    self.interrupted = True
                    raise KeyboardInterrupt
                cur += got

    def write_shard(self, st: JobState, lo: int, hi: int, rows: np.ndarray) -> None:
        t0 = time.perf_counter()
        cols = self.plan.game.columns
        df = shard_frame(cols, rows, st.job.id)
        d = shard_dir(self.run_dir, st.job.id)
        d.mkdir(parents=True, exist_ok=True)
        path = d / shard_name(lo, hi)
        tmp = path.with_name(path.name + ".partial")
        df.write_parquet(tmp, compression="lz4", statistics=False)
        os.replace(tmp, path)
        t = Tally()
        t.add_rows(rows[:, cols.index("game")].astype(np.int64), rows[:, cols.index("first")],
                   rows[:, cols.index("winner")])
        st.shards[(lo, hi)] = t
        self.games_played += hi - lo
        self.write_seconds += time.perf_counter() - t0
        if self.progress:  # the games were counted as they were played (play)
            self.progress.set_note(self.estimate())

    def estimate(self) -> str:
        """The live estimate shown beside the progress bar."""
        live = [s for s in self.states.values() if s.shards]
        if not live:
            return ""
        s = max(live, key=lambda x: max(hi for _, hi in x.shards))
        t = s.tally(10**18)
        lo, hi = t.interval()
        label = s.job.variant or short_name(s.job.deck_a)
        return (f"{label} vs {short_name(s.job.deck_b)}: {100 * t.rate:.1f} % "
                f"[{100 * lo:.1f}, {100 * hi:.1f}]")

    # -- stopping rules -----------------------------------------------------------------------

    def check_stop(self, st: JobState, upto: int) -> None:
        t = st.tally(upto)
        stop = self.exp.stop
        if stop.until_ci is not None:
            lo, hi = t.interval()
            if hi - lo <= stop.until_ci:
                st.stopped, st.stopped_at = "ci", upto
                return
        if self.sprt is not None:
            verdict = self.sprt.decide(t.pent)
            if verdict:
                st.stopped, st.stopped_at = f"sprt {verdict}", upto
                return
        if upto >= self.max_games:
            st.stopped, st.stopped_at = "games", upto

    def variant_rates(self, jobs: list[Job], upto: int) -> dict[str, tuple[float, float, float]]:
        """Field-weighted rate of each variant of deck A, over its jobs' games so far."""
        by: dict[str, list[tuple[float, float, int]]] = {}
        for j in jobs:
            t = self.states[j.id].tally(upto)
            by.setdefault(j.variant, []).append((j.weight, t.score, t.games))
        return {v: weighted_rate(parts) for v, parts in by.items()}

    def eliminate(self, jobs: list[Job], upto: int) -> None:
        """Sequential elimination: drop a variant whose upper bound is below the best lower
        bound (all variants play the same games, so the comparison is fair)."""
        live = [j for j in jobs if not self.states[j.id].stopped
                or self.states[j.id].stopped_at == upto]
        rates = self.variant_rates(live, upto)
        if len(rates) < 2:
            return
        best_lo = max(lo for _, lo, _ in rates.values())
        for v, (r, _lo, hi) in rates.items():
            if hi < best_lo:
                for j in live:
                    st = self.states[j.id]
                    if j.variant == v and (not st.stopped or st.stopped == "games"):
                        st.stopped, st.stopped_at = "eliminated", upto
                self.decisions.append(f"after {upto} games: dropped {v} "
                                      f"({100 * r:.1f} %, upper bound {100 * hi:.1f} % < best "
                                      f"lower bound {100 * best_lo:.1f} %)")

    def run_jobs(self, jobs: list[Job]) -> None:
        """Rounds of stop.batch games for every job still going, until all have stopped."""
        for j in jobs:
            self.state(j)
        r = 0
        while True:
            live = [j for j in jobs if not self.states[j.id].stopped]
            if not live:
                return
            lo, hi = r * self.batch, min((r + 1) * self.batch, self.max_games)
            for j in live:
                self.play(self.states[j.id], lo, hi)
            self.decide(jobs, live, hi)
            r += 1

    def round_range(self, r: int) -> tuple[int, int]:
        return r * self.batch, min((r + 1) * self.batch, self.max_games)

    def decide(self, jobs: list[Job], live: list[Job], hi: int) -> list[Job]:
        """Stopping rules after a round ending at game hi; the jobs that stopped now."""
        for j in live:
            self.check_stop(self.states[j.id], hi)
        if self.exp.kind == "sweep" and self.exp.stop.eliminate:
            self.eliminate(jobs, hi)
        stopped = [j for j in live if self.states[j.id].stopped]
        if self.progress:
            for _ in stopped:
                self.progress.skip(self.max_games - hi)
        return stopped

    # -- tune -------------------------------------------------------------------------------

    def run_tune(self) -> None:
        try:
            import optuna
        except ImportError:
            raise InputError("tune needs Optuna: pip install 'tcgsim[tune]'") from None
        optuna.logging.set_verbosity(optuna.logging.WARNING)
        exp = self.exp
        sampler = optuna.samplers.TPESampler(seed=exp.seed % 2**32)
        study = optuna.create_study(direction="maximize", sampler=sampler)
        seen: dict[str, float] = {}
        for i in range(exp.trials):
            trial = study.ask()
            values = [trial.suggest_int(v.vary, v.counts[0], v.counts[-1]) for v in exp.tune]
            try:
                label, deck = build_variant(self.plan, exp.tune, values)
            except InputError as exc:
                self.tune_trials.append({"trial": i, "values": values, "illegal": str(exc)})
                study.tell(trial, state=optuna.trial.TrialState.PRUNED)
                if self.progress:
                    self.progress.skip(self.max_games * len(exp.opponents))
                continue
            counts = {v.vary: n for v, n in zip(exp.tune, values, strict=True)}
            jobs = [self.plan.add_job(exp.deck, b, deck, w, label, counts)
                    for b, w in exp.opponents.items()]
            if label in seen and self.progress:
                self.progress.skip(self.max_games * len(jobs))
            self.run_jobs(jobs)
            rate, lo, hi = self.variant_rates(jobs, self.max_games)[label]
            seen[label] = rate
            self.tune_trials.append({"trial": i, "values": values, "variant": label,
                                     "rate": rate, "lo": lo, "hi": hi})
            study.tell(trial, rate)

    # -- the run ------------------------------------------------------------------------------

    def expected_games(self) -> int:
        if self.exp.kind == "tune":
            return self.exp.trials * len(self.exp.opponents) * self.max_games
        return len(self.plan.jobs) * self.max_games

    def run(self) -> dict:
        started = datetime.datetime.now(datetime.UTC)
        t0 = time.perf_counter()
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.write_manifest(started, 0.0, "running")
        self.progress = Progress(self.expected_games(), self.show)
        try:
            if self.exp.kind == "tune":
                self.run_tune()
            else:
                self.run_jobs(self.plan.jobs)
        except KeyboardInterrupt:
            self.interrupted = True
        finally:
            self.progress.close()
        status = "interrupted" if self.interrupted else "complete"
        return self.write_manifest(started, time.perf_counter() - t0, status)

    def write_manifest(self, started: datetime.datetime, wall: float, status: str) -> dict:
        exp = self.exp
        prev = read_manifest(self.run_dir) if (self.run_dir / "manifest.json").exists() else {}
        sessions = prev.get("sessions", [])
        if status != "running":
            sessions.append({"started": started.isoformat(timespec="seconds"),
                             "wall_seconds": round(wall, 3),
                             "engine_seconds": round(self.engine_seconds, 3),
                             "write_seconds": round(self.write_seconds, 3),
                             "games_played": self.games_played, "status": status}
                            | self.backend_info)
        jobs = []
        for j in self.plan.jobs:
            st = self.states.get(j.id)
            games = sum(hi - lo for lo, hi in st.shards) if st else 0
            jobs.append(j.meta() | {"games": games,
                                    "stopped": st.stopped if st else "",
                                    "stopped_at": st.stopped_at if st else 0})
        manifest = {
            "format": FORMAT,
            "experiment": {"name": exp.name, "kind": exp.kind, "file": "experiment.toml",
                           "sha256_16": exp.digest, "source_dir": str(exp.source)},
            "game": self.plan.game.name,
            "game_title": self.plan.game.title,
            "seed": exp.seed,
            "ruleset": exp.ruleset or next(iter(self.plan.game.rulesets)),
            "turn_cap": self.plan.turn_cap,
            "effects": exp.effects,
            "effects_version": effects_version(self.plan.game),
            "store": used_store(exp),
            "max_games": self.max_games,
            "batch": self.batch,
            "stop": {"until_ci": exp.stop.until_ci, "sprt": exp.stop.sprt,
                     "eliminate": exp.stop.eliminate},
            "versions": versions(),
            "columns": self.plan.game.columns,
            "reasons": {str(k): v for k, v in self.plan.game.reasons.items()},
            "deck": exp.deck,
            "opponents": exp.opponents,
            "sweep": exp.sweep.vary if exp.sweep else None,
            "tune": [v.vary for v in exp.tune],
            "status": status,
            "sessions": sessions,
            "jobs": jobs,
            "decisions": self.decisions,
            "trials": self.tune_trials,
        }
        tmp = self.run_dir / "manifest.json.partial"
        tmp.write_text(json.dumps(manifest, indent=1))
        os.replace(tmp, self.run_dir / "manifest.json")
        return manifest


def used_store(exp: Experiment) -> str | None:
    """The card store folder the run reads (the file's or --store, else $TCGSIM_DATA), as an
    absolute path, so that resuming or extending the run finds it without the variable;
    None for the user data folder."""
    named = exp.store or os.environ.get("TCGSIM_DATA")
    return str(Path(named).resolve()) if named else None


def effects_version(game) -> str:
    """The digest of `game`'s effect compiler, "" for a game without one."""
    return game.effects_version() if game.effects_version is not None else ""


def read_manifest(run_dir: Path) -> dict:
    try:
        return json.loads((run_dir / "manifest.json").read_text())
    except FileNotFoundError:
        raise InputError(f"{run_dir}: not a run folder (no manifest.json)") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{run_dir}/manifest.json: invalid JSON: {exc}") from None


def prepare_run(exp: Experiment, run_dir: Path) -> Plan:
    """Check the run folder holds this experiment (or nothing), copy the file, build the plan.

    The plan is built (decks resolved, every sweep variant checked) before anything is
    written or played."""
    plan = make_plan(exp)
    f = run_dir / "experiment.toml"
    if f.exists():
        if f.read_text() != exp.text:
            raise InputError(f"{run_dir}: holds a different experiment (experiment.toml "
                             "differs); choose another --out folder")
        started = (read_manifest(run_dir).get("effects_version", "")
                   if (run_dir / "manifest.json").exists() else None)
        now = effects_version(plan.game)
        if started is not None and started != now:
            raise InputError(f"{run_dir}: started under effect compiler {started or 'none'}, "
                             f"this tcgsim compiles card text as {now or 'none'}; its games "
                             "would not be comparable: choose another --out folder")
    else:
        if run_dir.exists() and any(run_dir.iterdir()):
            raise InputError(f"{run_dir}: folder exists and is not a run of this experiment")
        try:
            run_dir.mkdir(parents=True, exist_ok=True)
            f.write_text(exp.text)
        except OSError as exc:
            raise InputError(f"{run_dir}: cannot write the run folder: "
                             f"{exc.strerror or exc}") from None
    return plan
