"""How well simulated win rates agree with real ones: field win rates (rank and linear
correlation with bootstrap intervals, spread), pairings (correlation with a Mantel
permutation test, mean absolute error against the constant-50 % guess, same favourite) and
going first (pooled, per pairing, per Leader). The method is in docs/validation.md."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.stats import rankdata

# What issue-level agreement asks of the default strategy (docs/validation.md).
TARGET_RANK = 0.6
TARGET_SPREAD = 2.0
TARGET_FIRST_POOLED = 0.01
TARGET_FIRST_ADVANTAGE = 0.7


@dataclass
class Simulated:
    """Simulated results over the yardstick's Leaders, [a, b] from a's side: win rate, win
    rate going first and going second, the share won by whoever went first (also on the
    diagonal: the mirrors), and games per pairing."""

    rate: np.ndarray
    first: np.ndarray
    second: np.ndarray
    first_seat: np.ndarray
    games: np.ndarray


@dataclass
class Target:
    name: str
    passed: bool
    detail: str


@dataclass
class Agreement:
    """Every agreement figure of one simulated table against the real one."""

    leaders: list[str]
    names: list[str]
    shares: np.ndarray
    real_field: np.ndarray
    sim_field: np.ndarray
    spearman: float
    spearman_ci: tuple[float, float]
    pearson: float
    pearson_ci: tuple[float, float]
    pairs: int
    pair_r: float
    pair_p: float
    mae: float
    mae_constant: float
    field_mae: float
    field_mae_constant: float
    same_favourite: float
    sd_real: float
    sd_sim: float
    first_real: float
    first_sim: float
    mirror_first_real: float
    mirror_first_sim: float
    first_pair_r: float
    first_pair_mae: float
    adv_real: np.ndarray
    adv_sim: np.ndarray
    adv_r: float
    adv_r_ci: tuple[float, float]
    pair_real: np.ndarray = field(repr=False, default=None)
    pair_sim: np.ndarray = field(repr=False, default=None)
    targets: list[Target] = field(default_factory=list)

    @property
    def spread_ratio(self) -> float:
        return self.sd_sim / self.sd_real if self.sd_real > 0 else float("nan")


def field_rates(rate: np.ndarray, shares: np.ndarray) -> np.ndarray:
    """Each Leader's win rate against the others, weighted by their metagame shares, mirrors
    and pairings without a rate left out."""
    n = len(shares)
    out = np.full(n, np.nan)
    for a in range(n):
        ok = np.isfinite(rate[a]) & (np.arange(n) != a)
        w = shares[ok]
        if w.sum() > 0:
            out[a] = float((w * rate[a, ok]).sum() / w.sum())
    return out


def _pearson(x: np.ndarray, y: np.ndarray) -> float:
    if len(x) < 2 or np.std(x) == 0 or np.std(y) == 0:
        return float("nan")
    return float(np.corrcoef(x, y)[0, 1])


def _spearman(x: np.ndarray, y: np.ndarray) -> float:
    return _pearson(rankdata(x), rankdata(y))


def bootstrap_ci(x: np.ndarray, y: np.ndarray, stat, draws: int, rng: np.random.Generator
                 ) -> tuple[float, float]:
    """95 % percentile interval of stat(x, y) over resamples of the Leaders (with
    replacement); resamples where it is undefined (one Leader drawn every time) are
    skipped."""
    n = len(x)
    vals = []
    for _ in range(draws):
        i = rng.integers(0, n, n)
        v = stat(x[i], y[i])
        if np.isfinite(v):
            vals.append(v)
    if not vals:
        return float("nan"), float("nan")
    lo, hi = np.percentile(vals, [2.5, 97.5])
    return float(lo), float(hi)


def mantel(sim: np.ndarray, real: np.ndarray, perms: int, rng: np.random.Generator
           ) -> tuple[float, float]:
    """Correlation of the off-diagonal cells of two Leader-by-Leader matrices (cells where
    real is NaN left out) and its one-sided p-value for a positive correlation, from
    permutations of the Leaders' labels of `sim` (a Mantel test: pairings that share a Leader
    are not independent, so cells are not shuffled one by one)."""
    n = len(sim)
    mask = ~np.eye(n, dtype=bool) & np.isfinite(real)
    r0 = _pearson(sim[mask], real[mask])
    if not np.isfinite(r0):
        return r0, float("nan")
    hits = 0
    for _ in range(perms):
        p = rng.permutation(n)
        s = sim[np.ix_(p, p)]
        ok = mask & np.isfinite(s)
        if _pearson(s[ok], real[ok]) >= r0 - 1e-12:
            hits += 1
    return r0, (hits + 1) / (perms + 1)


def _first_advantage(first_games, first_wins, games, wins) -> np.ndarray:
    """Per Leader: its real win rate going first minus going second against the others."""
    n = len(games)
    off = ~np.eye(n, dtype=bool)
    fg = (first_games * off).sum(1)
    fw = (first_wins * off).sum(1)
    sg = ((games - first_games) * off).sum(1)
    sw = ((wins - first_wins) * off).sum(1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return fw / fg - sw / sg


def agreement(ys, sim: Simulated, draws: int = 10_000, perms: int = 9_999,
              seed: int = 1) -> Agreement:
    """Compare a simulated table with a yardstick (experiments.yardstick.Yardstick)."""
    rng = np.random.default_rng(seed)
    n = ys.n
    real = ys.rate()
    simr = sim.rate.astype(float).copy()
    np.fill_diagonal(simr, np.nan)
    rf = field_rates(real, ys.shares)
    sf = field_rates(simr, ys.shares)
    ok = np.isfinite(rf) & np.isfinite(sf)
    x, y = sf[ok], rf[ok]
    iu = [(a, b) for a in range(n) for b in range(a + 1, n) if ys.games[a, b] > 0]
    pr = np.array([real[a, b] for a, b in iu])
    ps = np.array([simr[a, b] for a, b in iu])
    g = np.array([ys.games[a, b] for a, b in iu], dtype=float)
    pair_r, pair_p = mantel(simr, real, perms, rng)
    fav = (ps - 0.5) * (pr - 0.5)
    # going first, pairs of different Leaders: every game once, the simulated rates weighted
    # by the pairing's real games so both answer the same question
    fs_real = np.array([(ys.first_wins[a, b] + ys.first_wins[b, a]) / ys.games[a, b]
                        for a, b in iu])
    fs_sim = np.array([sim.first_seat[a, b] for a, b in iu])
    mirror_g = np.diag(ys.first_games).astype(float)
    adv_real = _first_advantage(ys.first_games, ys.first_wins, ys.games, ys.wins)
    wg = ys.games * ~np.eye(n, dtype=bool)
    with np.errstate(invalid="ignore", divide="ignore"):
        adv_sim = ((wg * (sim.first - sim.second)).sum(1) / wg.sum(1))
    ak = np.isfinite(adv_real) & np.isfinite(adv_sim)
    res = Agreement(
        leaders=list(ys.leaders), names=list(ys.names), shares=ys.shares,
        real_field=rf, sim_field=sf,
        spearman=_spearman(x, y), spearman_ci=bootstrap_ci(x, y, _spearman, draws, rng),
        pearson=_pearson(x, y), pearson_ci=bootstrap_ci(x, y, _pearson, draws, rng),
        pairs=len(iu), pair_r=pair_r, pair_p=pair_p,
        mae=float(np.mean(np.abs(ps - pr))), mae_constant=float(np.mean(np.abs(pr - 0.5))),
        field_mae=float(np.mean(np.abs(x - y))), field_mae_constant=float(np.mean(np.abs(y - .5))),
        same_favourite=float(np.mean(fav > 0)),
        sd_real=float(np.std(y, ddof=1)), sd_sim=float(np.std(x, ddof=1)),
        first_real=float(fs_real @ g / g.sum()), first_sim=float(fs_sim @ g / g.sum()),
        mirror_first_real=float(np.diag(ys.first_wins).sum() / mirror_g.sum())
        if mirror_g.sum() else float("nan"),
        mirror_first_sim=float(np.diag(sim.first_seat) @ mirror_g / mirror_g.sum())
        if mirror_g.sum() else float("nan"),
        first_pair_r=_pearson(fs_sim, fs_real),
        first_pair_mae=float(np.mean(np.abs(fs_sim - fs_real))),
        adv_real=adv_real, adv_sim=adv_sim, adv_r=_pearson(adv_sim[ak], adv_real[ak]),
        adv_r_ci=bootstrap_ci(adv_sim[ak], adv_real[ak], _pearson, draws, rng),
        pair_real=pr, pair_sim=ps)
    res.targets = targets(res)
    return res


def targets(a: Agreement) -> list[Target]:
    """The agreement asked of a strategy that plays like players (docs/validation.md)."""
    return [
        Target("field rank correlation", a.spearman >= TARGET_RANK,
               f"{a.spearman:+.2f} (goal >= {TARGET_RANK})"),
        Target("pairing error below the 50 % guess", a.mae < a.mae_constant,
               f"{100 * a.mae:.1f} pp against {100 * a.mae_constant:.1f} pp"),
        Target("spread of field win rates", a.spread_ratio <= TARGET_SPREAD,
               f"{a.spread_ratio:.1f}x the real one (goal <= {TARGET_SPREAD:.0f}x)"),
        Target("going first, pooled", abs(a.first_sim - a.first_real) <= TARGET_FIRST_POOLED,
               f"{100 * a.first_sim:.1f} % against {100 * a.first_real:.1f} % (goal within "
               f"{100 * TARGET_FIRST_POOLED:.0f} pp)"),
        Target("going-first advantage per Leader", a.adv_r >= TARGET_FIRST_ADVANTAGE,
               f"r {a.adv_r:+.2f} (goal >= {TARGET_FIRST_ADVANTAGE})"),
    ]
