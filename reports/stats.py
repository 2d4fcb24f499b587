"""Interval estimates, paired differences and the sequential test behind every reported number.

Win rates count a draw as half a win. Intervals are 95 % two-sided unless told otherwise:
Wilson score intervals, and exact Clopper-Pearson intervals when the rate is near 0 or 100 %
(fewer than CP_EDGE losses or wins), where Wilson's coverage dips.
"""

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
CP_EDGE = 5  # use Clopper-Pearson when wins or losses number fewer than this


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95 % by default); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def clopper_pearson(successes: float, n: int, level: float = 0.95) -> tuple[float, float]:
    """Exact (conservative) binomial interval from beta quantiles; half wins round to nearest."""
    from scipy.stats import beta

    if n <= 0:
        return 0.0, 1.0
    k = min(max(round(successes), 0), n)
    a = (1 - level) / 2
    lo = 0.0 if k == 0 else float(beta.ppf(a, k, n - k + 1))
    hi = 1.0 if k == n else float(beta.ppf(1 - a, k + 1, n - k))
    return lo, hi


def interval(successes: float, n: int) -> tuple[float, float]:
    """The project's 95 % interval for a win rate: Wilson, Clopper-Pearson near 0 or 100 %."""
    if n <= 0:
        return 0.0, 1.0
    if successes < CP_EDGE or n - successes < CP_EDGE:
        return clopper_pearson(successes, n)
    return wilson(successes, n)


@dataclass(frozen=True)
class PairedDiff:
    """Mean of per-pair differences x_k - y_k with its normal 95 % interval and p-value."""

    pairs: int
    mean: float
    sd: float
    lo: float
    hi: float
    p_value: float

    @property
    def significant(self) -> bool:
        return self.p_value < 0.05


def paired_difference(n: int, sum_d: float, sum_d2: float) -> PairedDiff:
    """From n pairs, the sum of differences and the sum of squared differences.

    Sufficient statistics keep this streamable over millions of games."""
    if n < 2:
        return PairedDiff(n, sum_d / n if n else float("nan"), float("nan"), -1.0, 1.0, 1.0)
    mean = sum_d / n
    var = max(sum_d2 - n * mean * mean, 0.0) / (n - 1)
    sd = math.sqrt(var)
    se = sd / math.sqrt(n)
    if se == 0:
        p = 1.0 if mean == 0 else 0.0
        return PairedDiff(n, mean, sd, mean, mean, p)
    zval = mean / se
    p = math.erfc(abs(zval) / math.sqrt(2))
    return PairedDiff(n, mean, sd, mean - Z95 * se, mean + Z95 * se, p)


def weighted_rate(parts: list[tuple[float, float, int]]) -> tuple[float, float, float]:
    """Win rate against a weighted field: parts are (weight, score, games) per opponent.

    Returns (rate, lo, hi): the weighted mean of per-opponent rates with a normal 95 %
    interval (variance sum of w_i^2 p_i (1 - p_i) / n_i), clipped to [0, 1]."""
    total_w = sum(w for w, _, n in parts if n > 0)
    if total_w <= 0:
        return float("nan"), 0.0, 1.0
    rate = 0.0
    var = 0.0
    for w, s, n in parts:
        if n <= 0:
            continue
        p = s / n
        wn = w / total_w
        rate += wn * p
        # Agresti-style floor keeps the variance positive at 0 % or 100 %.
        pv = (s + 1) / (n + 2)
        var += wn * wn * pv * (1 - pv) / n
    half = Z95 * math.sqrt(var)
    return rate, max(0.0, rate - half), min(1.0, rate + half)


# -- sequential probability ratio test on paired games ------------------------------------


@dataclass(frozen=True)
class Sprt:
    """H0: win rate = p0 against H1: win rate = p1 (p1 > p0), error rates alpha and beta.

    Applied to game pairs (same shuffles, seats swapped): each pair's score is 0, 0.5, 1,
    1.5 or 2 wins, so the seat advantage cancels inside a pair. The log-likelihood ratio is
    the generalized SPRT's normal approximation used in chess-engine testing:
    LLR = n (m1 - m0) (2 m - m0 - m1) / (2 v), with m the mean pair score per game, v its
    variance per pair, m0 = p0, m1 = p1."""

    p0: float = 0.5
    p1: float = 0.55
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, pairs: int, sum_s: float, sum_s2: float) -> float:
        """LLR from the number of pairs, sum of pair scores/2 and sum of their squares."""
        if pairs < 2:
            return 0.0
        m = sum_s / pairs
        v = sum_s2 / pairs - m * m
        if v <= 1e-12:
            v = 1e-12 + 0.25 / pairs  # all pairs alike: a tiny variance, not a zero one
        return pairs * (self.p1 - self.p0) * (2 * m - self.p0 - self.p1) / (2 * v)

    def decide(self, pairs: int, sum_s: float, sum_s2: float) -> str | None:
        """'H1' (p >= p1 accepted), 'H0' (p <= p0 accepted) or None (go on)."""
        llr = self.llr(pairs, sum_s, sum_s2)
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None
