"""`tcgsim validate` and `tcgsim.validate`: play every pairing of a real-results yardstick's
decks (mirrors included) with each strategy and effects mode asked for, and measure how
well the simulated win rates agree with the real ones (reports.agreement).

Each (strategy, effects) is an ordinary first-second run in a folder of its own under the
output folder, so Ctrl-C keeps every finished game and running the command again with the
same --out resumes where it stopped."""

from __future__ import annotations

import html
import json
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from tcgsim.experiments.yardstick import Yardstick, read_yardstick
from tcgsim.reports.agreement import Agreement, Simulated, agreement
from tcgsim.simcore.errors import InputError


@dataclass
class Setting:
    """One way of playing the yardstick: a strategy (both seats) and an effects mode."""

    strategy: str
    effects: str

    @property
    def label(self) -> str:
        return f"{self.strategy} / {self.effects}"

    @property
    def folder(self) -> str:
        return re.sub(r"[^A-Za-z0-9_.=-]+", "_", f"{self.strategy}-{self.effects}")


@dataclass
class ValidationResult:
    """Agreement of simulated with real results, one entry per (strategy, effects)."""

    yardstick: Yardstick
    games: int
    seed: int
    settings: list[Setting]
    runs: dict[str, Agreement]
    # effects mode -> leader -> (deck's modelled share, Leader abilities modelled, in all)
    coverage: dict[str, dict[str, tuple[float, int, int]]]
    out: Path | None = None
    interrupted: bool = False
    missing: list[str] = field(default_factory=list)

    @property
    def summary(self) -> pl.DataFrame:
        """One row per (strategy, effects) with every agreement figure."""
        from tcgsim.reports.validation import summary_records

        return pl.DataFrame(summary_records(self))

    @property
    def leaders(self) -> pl.DataFrame:
        """One row per (strategy, effects, Leader): real and simulated field win rates and
        going-first advantages."""
        from tcgsim.reports.validation import leader_records

        return pl.DataFrame(leader_records(self))

    def __str__(self) -> str:
        from tcgsim.reports.validation import terminal

        return terminal(self)

    def __repr__(self) -> str:
        parts = ", ".join(f"{k}: rank r {a.spearman:+.2f}" for k, a in self.runs.items())
        return f"ValidationResult({self.yardstick.folder.name}, {parts})"

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(str(self))}</pre>"


def _settings(strategies, effects) -> list[Setting]:
    from tcgsim.experiments.api import check_effects

    out = []
    for s in strategies:
        for e in effects:
            st = Setting(s, check_effects(e))
            if st not in out:
                out.append(st)
    if not out:
        raise InputError("validate: name at least one strategy and one effects mode")
    return out


def _experiment_text(ys: Yardstick, s: Setting, games: int, seed: int, store) -> str:
    from tcgsim.experiments.commands import experiment_text

    top = {"name": f"validate {s.label}", "kind": "first-second", "seed": seed,
           "effects": s.effects, "store": str(Path(store).resolve()) if store else None}
    sections = {"decks": {c: str(ys.decks[c].resolve()) for c in ys.leaders},
                "strategies": {"a": s.strategy, "b": s.strategy},
                "stop": {"games": games}, "matchup": {"decks": list(ys.leaders)}}
    return experiment_text(top, sections)


def _resumable(text: str, run_dir: Path) -> str:
    """The experiment already in run_dir when it differs from `text` only in how many games
    to play (then the run is resumed or extended), else `text`."""
    import tomllib

    f = run_dir / "experiment.toml"
    if not f.exists():
        return text
    old = f.read_text()
    try:
        a, b = tomllib.loads(old), tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return text
    a.pop("stop", None)
    b.pop("stop", None)
    return old if a == b else text


def simulated_table(ys: Yardstick, jobs) -> tuple[Simulated, list[str]]:
    """The Leader-by-Leader simulated table of a first-second run's jobs (deck keys are the
    Leader codes), and the pairings it does not hold yet."""
    n = ys.n
    idx = {c: i for i, c in enumerate(ys.leaders)}
    mats = {k: np.full((n, n), np.nan) for k in ("rate", "first", "second", "first_seat")}
    games = np.zeros((n, n), dtype=np.int64)
    for j in jobs:
        a, b = idx[j.deck_a], idx[j.deck_b]
        mats["rate"][a, b], mats["rate"][b, a] = j.rate, 1 - j.rate
        mats["first"][a, b], mats["second"][a, b] = j.first_rate, j.second_rate
        mats["first"][b, a], mats["second"][b, a] = 1 - j.second_rate, 1 - j.first_rate
        mats["first_seat"][a, b] = mats["first_seat"][b, a] = j.first_seat
        games[a, b] = games[b, a] = j.games
    missing = [f"{ys.leaders[a]} - {ys.leaders[b]}" for a in range(n) for b in range(a, n)
               if games[a, b] == 0]
    return Simulated(mats["rate"], mats["first"], mats["second"], mats["first_seat"],
                     games), missing


def deck_coverage(ys: Yardstick, effects: str, store) -> dict[str, tuple[float, int, int]]:
    """Each yardstick deck's share of abilities the engine models in this effects mode (NaN
    where the game reports no coverage), and its Leader's abilities: (share, modelled,
    total)."""
    from tcgsim.experiments.match import infer_game, load_table
    from tcgsim.simcore.games.registry import get_game

    g = get_game(infer_game([str(p) for p in ys.decks.values()]))
    table, imported = load_table(g, (), None if store is None else str(store))
    out = {}
    for code, path in ys.decks.items():
        if g.coverage is None:
            out[code] = (float("nan"), 0, 0)
            continue
        cov = g.coverage(g.resolve_deck(path, table), table, imported, effects)
        lead = cov.cards[0] if cov.cards and cov.cards[0].known else None
        out[code] = (cov.modelled / cov.total if cov.total else float("nan"),
                     len(lead.modelled) if lead else 0,
                     len(lead.modelled) + len(lead.unmodelled) if lead else 0)
    return out


def validate(folder: str | Path, games: int = 3000, strategies=("default",),
             effects=("approx",), seed: int = 1, store: str | Path | None = None,
             out: str | Path | None = None, threads: int | None = None,
             progress: bool = False, draws: int = 10_000, perms: int = 9_999,
             log=None) -> ValidationResult:
    """Play every pairing of the yardstick in `folder` (mirrors included, `games` per
    pairing) for each strategy and effects mode, and measure the agreement with the real
    results. `out` keeps the run folders (one per setting; an existing one is resumed);
    without it they go to a temporary folder that is removed, unless the run is interrupted:
    then the result's `out` names it, and out=that folder resumes. `log(line)` is told
    what is being played."""
    from tcgsim.experiments.launch import run_experiment
    from tcgsim.experiments.spec import loads
    from tcgsim.reports.aggregate import aggregate

    if games < 2:
        raise InputError(f"games: expected at least 2, got {games}")
    ys = read_yardstick(folder)
    settings = _settings(strategies, effects)
    if store is not None and not Path(store).is_dir():
        raise InputError(f"store: {store}: no such card store folder")
    from tcgsim.experiments.match import infer_game
    from tcgsim.strategies.registry import resolve

    game = infer_game([str(p) for p in ys.decks.values()])
    for s in settings:
        resolve(game, s.strategy)  # an unknown strategy stops before anything is played
    keep = out is not None
    root = Path(out) if keep else Path(tempfile.mkdtemp(prefix="tcgsim-validate-"))
    runs: dict[str, Agreement] = {}
    coverage = {e: deck_coverage(ys, e, store) for e in dict.fromkeys(s.effects
                                                                       for s in settings)}
    interrupted = False
    missing: list[str] = []
    try:
        for s in settings:
            run_dir = root / s.folder
            text = _resumable(_experiment_text(ys, s, games, seed, store), run_dir)
            exp = loads(text, where="validate", source=Path.cwd())
            if log:
                log(f"playing {s.label}: {ys.n * (ys.n + 1) // 2} pairings x {games:,} games"
                    f" into {run_dir}" if keep else
                    f"playing {s.label}: {ys.n * (ys.n + 1) // 2} pairings x {games:,} games")
            manifest = run_experiment(exp, run_dir, games, threads=threads, progress=progress)
            interrupted = manifest["status"] == "interrupted"
            if interrupted:
                break
            sim, gaps = simulated_table(ys, aggregate(run_dir).jobs)
            if gaps:
                missing += [f"{s.label}: {g}" for g in gaps]
                continue
            runs[s.label] = agreement(ys, sim, draws, perms, seed)
    except KeyboardInterrupt:
        interrupted = True  # Ctrl-C outside the runs themselves: keep what was played
        raise
    finally:
        if not keep and not interrupted:
            shutil.rmtree(root, ignore_errors=True)
        elif not keep and log:
            log(f"interrupted: the finished games are kept in {root}; out={str(root)!r} "
                "resumes")
    res = ValidationResult(ys, games, seed, settings, runs, coverage,
                           root if keep or interrupted else None, interrupted, missing)
    if keep and runs:
        from tcgsim.reports.validation import write_report

        write_report(res, root)
        (root / "agreement.json").write_text(json.dumps(
            {"summary": res.summary.to_dicts(), "leaders": res.leaders.to_dicts()},
            indent=1, default=float))
    return res
