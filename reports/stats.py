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


PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)  # a pair's mean score: 0, 1/2, 1, 3/2 or 2 wins


def _kl_to_mean(f: list[float], mu: float) -> float:
    """min KL(f || p) over distributions p on PAIR_SCORES with mean mu (exponential tilt:
    p_i = f_i / (1 + lam (x_i - mu)), lam solving sum f_i (x_i - mu) / (1 + lam (x_i - mu))
    = 0); equals sum f_i log(1 + lam (x_i - mu))."""
    d = [x - mu for x in PAIR_SCORES]
    hi_d, lo_d = max(d), min(d)
    a = -1.0 / hi_d if hi_d > 0 else -1e12
    b = -1.0 / lo_d if lo_d < 0 else 1e12
    a, b = a + 1e-12 * abs(a), b - 1e-12 * abs(b)
    lam = 0.0
    for _ in range(100):  # safeguarded Newton on a decreasing function of lam
        g = sum(fi * di / (1 + lam * di) for fi, di in zip(f, d, strict=True))
        if abs(g) < 1e-13:
            break
        if g > 0:
            a = lam
        else:
            b = lam
        dg = -sum(fi * di * di / (1 + lam * di) ** 2 for fi, di in zip(f, d, strict=True))
        nxt = lam - g / dg if dg < 0 else (a + b) / 2
        lam = nxt if a < nxt < b else (a + b) / 2
    return sum(fi * math.log1p(lam * di) for fi, di in zip(f, d, strict=True) if fi > 0)


@dataclass(frozen=True)
class Sprt:
    """H0: win rate = p0 against H1: win rate = p1 (p1 > p0), error rates alpha and beta.

    Applied to game pairs (same shuffles, seats swapped): a pair scores 0, 1/2, 1, 3/2 or 2
    wins, so the seat advantage cancels inside a pair. The log-likelihood ratio is the
    generalized SPRT of chess-engine testing on this 5-outcome ("pentanomial") model: the
    most likely pair-score distributions with mean p0 and with mean p1, each the tilt of the
    observed frequencies, compared: LLR = n (KL(f || P0) - KL(f || P1))."""

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

    def llr(self, counts: list[int] | tuple[int, ...]) -> float:
        """LLR from the counts of pairs scoring 0, 1/2, 1, 3/2 and 2 wins."""
        n = sum(counts)
        if n < 2:
            return 0.0
        reg = [c + 1e-3 for c in counts]  # every outcome possible: finite tilts
        tot = sum(reg)
        f = [c / tot for c in reg]
        return n * (_kl_to_mean(f, self.p0) - _kl_to_mean(f, self.p1))

    def decide(self, counts: list[int] | tuple[int, ...]) -> str | None:
        """'H1' (p >= p1 accepted), 'H0' (p <= p0 accepted) or None (go on)."""
        llr = self.llr(counts)
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None
