"""Aggregate a run folder's parquet shards with polars: each shard (at most 100,000 games)
is scanned and summed on its own and the sums are added, so memory stays flat however many
games a run holds.

Everything is from deck A's side of each job: score 1 for a win, 0.5 for a draw.
"""

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from tcgsim.reports.stats import Z95, PairedDiff, interval, paired_difference, weighted_rate
from tcgsim.simcore.errors import InputError


@dataclass
class JobResult:
    """Deck A's results in one job (pairing)."""

    id: int
    deck_a: str
    deck_b: str
    name_a: str
    name_b: str
    variant: str
    counts: dict[str, int]
    weight: float
    stopped: str
    games: int
    score: float
    first_games: int
    first_score: float
    draws: int
    errors: int
    mean_turns: float
    first_vs_second: PairedDiff
    first_seat: float  # share of games won by whoever went first (draws count half)
    reasons: dict[str, int] = field(default_factory=dict)
    stats: dict[str, float] = field(default_factory=dict)  # mean of each per-player stat
    # How much of each deck's card text the engine plays (experiments.plan.deck_text_share);
    # None when the run cannot say (built-in decks, a game without a card store).
    coverage_a: dict | None = None
    coverage_b: dict | None = None

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else float("nan")

    @property
    def ci(self) -> tuple[float, float]:
        return interval(self.score, self.games)

    @property
    def second_games(self) -> int:
        return self.games - self.first_games

    @property
    def first_rate(self) -> float:
        return self.first_score / self.first_games if self.first_games else float("nan")

    @property
    def second_rate(self) -> float:
        g = self.second_games
        return (self.score - self.first_score) / g if g else float("nan")

    @property
    def first_ci(self) -> tuple[float, float]:
        return interval(self.first_score, self.first_games)

    @property
    def second_ci(self) -> tuple[float, float]:
        return interval(self.score - self.first_score, self.second_games)


@dataclass
class VariantResult:
    """A deck (or variant of it) against the weighted field of opponents."""

    variant: str
    counts: dict[str, int]
    rate: float
    lo: float
    hi: float
    games: int
    eliminated: bool
    vs_best: PairedDiff | None = None  # paired difference to the top-ranked variant


@dataclass
class RunResults:
    run_dir: Path
    manifest: dict
    jobs: list[JobResult]
    turns: pl.DataFrame  # job, turns, games
    variants: list[VariantResult]

    @property
    def games(self) -> int:
        return sum(j.games for j in self.jobs)


def _score() -> pl.Expr:
    return (pl.col("winner") == 0).cast(pl.Float64) + 0.5 * (pl.col("winner") == -1)


def scan_shards(run_dir: Path) -> list[pl.LazyFrame]:
    """One lazy scan per result shard, in job and game order."""
    files = sorted((run_dir / "shards").glob("j*/g*.parquet"))
    if not files:
        raise InputError(f"{run_dir}: no result shards yet")
    return [pl.scan_parquet(f, hive_partitioning=False) for f in files]


def shard_sums(lf: pl.LazyFrame, stat_cols: list[str]) -> tuple[pl.DataFrame, ...]:
    """Sums of one shard, per job: games, scores, seats, draws, errors, turns, per-player
    statistics; paired differences; end-reason and turn counts. A shard is read once (one
    collect of its scan) and holds whole pairs of games, so shards simply add up."""
    df = lf.collect()
    job = df["job"][0]
    game = df["game"]
    if df["job"].n_unique() != 1 or game[0] % 2 or df.height % 2 or \
            not (game.diff().drop_nulls() == 1).all():
        raise InputError(f"shard of job {job}: not a run of whole pairs of games in order")
    s = _score()
    base = df.select(
        pl.lit(job).alias("job"),
        pl.len().alias("games"),
        s.sum().alias("score"),
        (pl.col("first") == 0).sum().alias("first_games"),
        s.filter(pl.col("first") == 0).sum().alias("first_score"),
        (pl.col("winner") == -1).sum().alias("draws"),
        (pl.col("error") != 0).sum().alias("errors"),
        pl.col("turns").cast(pl.Float64).sum().alias("sum_turns"),
        # whoever went first won: A first and A won, or B first and B won
        ((pl.col("first") == pl.col("winner")).cast(pl.Float64)
         + 0.5 * (pl.col("winner") == -1)).sum().alias("first_seat"),
        *[pl.col(c).cast(pl.Float64).sum().alias(c) for c in stat_cols],
    )
    # pair k: game 2k (deck A first) minus game 2k+1 (same shuffles, deck B first)
    d = df.select((s.gather_every(2) - s.gather_every(2, 1)).alias("d"))
    pairs = d.select(pl.lit(job).alias("job"), pl.len().alias("pairs"),
                     pl.col("d").sum().alias("sum_d"), (pl.col("d") ** 2).sum().alias("sum_d2"))
    reasons = df.group_by("reason").agg(pl.len().alias("n")).with_columns(
        pl.lit(job).alias("job")).select("job", "reason", "n")
    turns = df.group_by("turns").agg(pl.len().alias("games")).with_columns(
        pl.lit(job).alias("job")).select("job", "turns", "games")
    return base, pairs, reasons, turns


def aggregate(run_dir: str | Path) -> RunResults:
    """Per-job win rates, seat splits, paired first-vs-second differences, end reasons, turn
    distributions and mean per-game statistics; per-variant field rates for sweeps."""
    run_dir = Path(run_dir)
    try:
        manifest = json.loads((run_dir / "manifest.json").read_text())
    except FileNotFoundError:
        raise InputError(f"{run_dir}: not a run folder (no manifest.json)") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{run_dir}/manifest.json: invalid JSON: {exc}") from None
    stat_cols = [c for c in manifest["columns"] if c.endswith(("_a", "_b"))]
    base_l, pairs_l, reasons_l, turns_l = [], [], [], []
    files = sorted((run_dir / "shards").glob("j*/g*.parquet"))
    for f, lf in zip(files, scan_shards(run_dir), strict=True):
        try:
            b, p, r, t = shard_sums(lf, stat_cols)
        except (pl.exceptions.PolarsError, OSError) as exc:
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise InputError(f"{f}: damaged result shard ({reason[:120]}); `tcgsim run "
                             f"{run_dir}` sets it aside and plays its games again") from None
        base_l.append(b)
        pairs_l.append(p)
        reasons_l.append(r)
        turns_l.append(t)
    base_df = pl.concat(base_l).group_by("job").agg(pl.exclude("job").sum())
    base_df = base_df.with_columns(
        (pl.col("sum_turns") / pl.col("games")).alias("mean_turns"),
        (pl.col("first_seat") / pl.col("games")).alias("first_seat"),
        *[(pl.col(c) / pl.col("games")).alias(c) for c in stat_cols])
    pairs_df = pl.concat(pairs_l).group_by("job").agg(pl.exclude("job").sum())
    reasons_df = pl.concat(reasons_l).group_by("job", "reason").agg(pl.col("n").sum())
    turns_df = (pl.concat(turns_l).group_by("job", "turns").agg(pl.col("games").sum())
                .sort("job", "turns"))
    names = {int(k): v for k, v in manifest["reasons"].items()}
    by_job = {r["job"]: r for r in base_df.iter_rows(named=True)}
    by_pair = {r["job"]: r for r in pairs_df.iter_rows(named=True)}
    jobs = []
    for meta in manifest["jobs"]:
        r = by_job.get(meta["id"])
        if r is None:
            continue
        p = by_pair.get(meta["id"], {"pairs": 0, "sum_d": 0.0, "sum_d2": 0.0})
        rs = reasons_df.filter(pl.col("job") == meta["id"]).sort("n", descending=True)
        jobs.append(JobResult(
            meta["id"], meta["deck_a"], meta["deck_b"], meta["name_a"], meta["name_b"],
            meta["variant"], meta["counts"], meta["weight"], meta["stopped"],
            r["games"], r["score"], r["first_games"], r["first_score"], r["draws"],
            r["errors"], r["mean_turns"],
            paired_difference(p["pairs"], p["sum_d"], p["sum_d2"]), r["first_seat"],
            {names.get(int(k), str(k)): int(n) for k, n in rs.select("reason", "n").rows()},
            {c: r[c] for c in stat_cols}, meta.get("coverage_a"), meta.get("coverage_b")))
    variants = []
    if manifest["experiment"]["kind"] in ("sweep", "tune", "matchup"):
        groups: dict[str, list[JobResult]] = {}
        for j in jobs:
            groups.setdefault(j.variant, []).append(j)
        for v, js in groups.items():
            rate, lo, hi = weighted_rate([(j.weight, j.score, j.games) for j in js])
            if len(js) == 1:
                lo, hi = js[0].ci
            variants.append(VariantResult(v, js[0].counts, rate, lo, hi,
                                          sum(j.games for j in js),
                                          any(j.stopped == "eliminated" for j in js)))
        variants.sort(key=lambda x: -x.lo if not math.isnan(x.lo) else 0)
        if len(variants) > 1 and manifest["experiment"]["kind"] in ("sweep", "tune"):
            paired_to_best(run_dir, jobs, variants)
    return RunResults(run_dir, manifest, jobs, turns_df, variants)


def _scores(run_dir: Path, job: int) -> np.ndarray:
    """Deck A's score x 2 (0 loss, 1 draw, 2 win) of one job's games, by game index."""
    files = sorted((run_dir / "shards" / f"j{job:04d}").glob("g*.parquet"))
    df = (pl.scan_parquet(files, hive_partitioning=False).select("game", "winner")
          .sort("game").collect())
    w = df["winner"].to_numpy()
    return (2 * (w == 0) + (w == -1)).astype(np.int8)


def paired_to_best(run_dir: Path, jobs: list[JobResult], variants: list[VariantResult]) -> None:
    """Each variant minus the top-ranked one, game by game: every variant plays the same game
    indices (same shuffles and decision streams) against each opponent, so the paired
    difference is much sharper than the two intervals suggest. Opponents are combined with
    their weights; the interval is normal (variance sum of w^2 var_i / n_i)."""
    best = variants[0]
    by = {(j.variant, j.deck_b): j for j in jobs}
    ref = {j.deck_b: _scores(run_dir, j.id) for j in jobs if j.variant == best.variant}
    for v in variants:
        mean = var = wsum = 0.0
        n_all = 0
        for j in (j for j in jobs if j.variant == v.variant):
            if j.deck_b not in ref or (best.variant, j.deck_b) not in by:
                continue
            r = ref[j.deck_b]
            x = _scores(run_dir, j.id)
            n = min(len(r), len(x))
            if n < 2:
                continue
            d = (x[:n].astype(np.float64) - r[:n]) / 2
            pd = paired_difference(n, float(d.sum()), float((d * d).sum()))
            mean += j.weight * pd.mean
            var += j.weight ** 2 * pd.sd ** 2 / n
            wsum += j.weight
            n_all += n
        if wsum <= 0 or n_all < 2:
            continue
        mean /= wsum
        se = math.sqrt(var) / wsum
        if se == 0:
            v.vs_best = PairedDiff(n_all, mean, 0.0, mean, mean, 1.0 if mean == 0 else 0.0)
            continue
        p = math.erfc(abs(mean / se) / math.sqrt(2))
        v.vs_best = PairedDiff(n_all, mean, se * math.sqrt(n_all), mean - Z95 * se,
                               mean + Z95 * se, p)
