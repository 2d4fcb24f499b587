"""Statistics behind the reports, on synthetic data: interval coverage, SPRT error rates,
the paired difference against a hand-computed example, the weighted field rate."""

import math

import numpy as np
import pytest

from tcgsim.experiments.execute import Tally
from tcgsim.reports.stats import (
    Sprt,
    clopper_pearson,
    interval,
    paired_difference,
    weighted_rate,
    wilson,
)

REPS = 2000


@pytest.mark.parametrize("p,n", [(0.5, 100), (0.3, 400), (0.57, 1000), (0.1, 60)])
def test_interval_covers_the_truth_95_percent_of_the_time(p, n):
    """2000 synthetic Bernoulli runs: the 95 % interval holds the true rate 93.5-96.5 %."""
    rng = np.random.default_rng(12345)
    wins = rng.binomial(n, p, size=REPS)
    cover = np.mean([lo <= p <= hi for lo, hi in (interval(int(w), n) for w in wins)])
    assert 0.935 <= cover <= 0.965, cover


@pytest.mark.parametrize("p,n", [(0.01, 100), (0.995, 300), (0.0, 50)])
def test_interval_near_0_or_100_percent_is_exact_and_covers(p, n):
    """Near 0 or 100 % the interval is Clopper-Pearson: it covers at least 95 % (it is
    conservative) and never reaches outside [0, 1]."""
    rng = np.random.default_rng(7)
    wins = rng.binomial(n, p, size=REPS)
    ivs = [interval(int(w), n) for w in wins]
    cover = np.mean([lo <= p <= hi for lo, hi in ivs])
    assert cover >= 0.95, cover
    assert all(0.0 <= lo <= hi <= 1.0 for lo, hi in ivs)


def test_clopper_pearson_known_values():
    """0 of 10: upper bound 1 - 0.025^(1/10) = 0.3085; 10 of 10: lower bound 0.025^(1/10)."""
    lo, hi = clopper_pearson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(1 - 0.025 ** 0.1, abs=1e-9)
    lo, hi = clopper_pearson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.025 ** 0.1, abs=1e-9)
    assert interval(2, 100) == clopper_pearson(2, 100)
    assert interval(50, 100) == wilson(50, 100)


def test_paired_difference_hand_computed():
    """d = 1, 0, -1, 1, 1: mean 0.4, sample variance 3.2 / 4 = 0.8, standard error
    sqrt(0.8 / 5) = 0.4, interval 0.4 -+ 1.96 * 0.4, z = 1, two-sided p = 0.3173."""
    d = [1, 0, -1, 1, 1]
    r = paired_difference(5, sum(d), sum(x * x for x in d))
    assert r.mean == pytest.approx(0.4)
    assert r.sd == pytest.approx(math.sqrt(0.8))
    assert r.lo == pytest.approx(0.4 - 1.959963984540054 * 0.4)
    assert r.hi == pytest.approx(0.4 + 1.959963984540054 * 0.4)
    assert r.p_value == pytest.approx(0.3173, abs=1e-4)
    assert not r.significant


def test_tally_pairs_games_by_index():
    """Games 2k (A first) and 2k+1 (B first) form pair k; a draw scores 0.5. Pairs:
    (win, loss) d=1, (draw, win) d=-0.5, (loss, loss) d=0: sum d 0.5, sum d^2 1.25."""
    game = np.arange(6)
    first = np.array([0, 1, 0, 1, 0, 1])
    winner = np.array([0, 1, -1, 0, 1, 1])
    t = Tally()
    t.add_rows(game[::-1].copy(), first[::-1].copy(), winner[::-1].copy())  # any order
    assert (t.games, t.score, t.first_games, t.first_score) == (6, 2.5, 3, 1.5)
    assert (t.pairs, t.sum_d, t.sum_d2) == (3, 0.5, 1.25)
    assert t.pent == (1, 0, 1, 1, 0)  # pair wins of A: 1, 1.5, 0


def test_weighted_rate_hand_computed():
    """60 % share at 0.6 (600/1000) and 40 % at 0.4 (200/500): 0.36 + 0.16 = 0.52."""
    rate, lo, hi = weighted_rate([(0.6, 600, 1000), (0.4, 200, 500)])
    assert rate == pytest.approx(0.52)
    assert lo < 0.52 < hi and hi - lo < 0.07


def _sprt_outcomes(p: float, sprt: Sprt, reps: int, max_pairs: int, seed: int,
                   step: int = 10) -> np.ndarray:
    """Run the test on `reps` synthetic streams of game pairs (each game Bernoulli(p)),
    looking every `step` pairs as a run looks after every round; +1 (H1), -1 (H0), 0."""
    rng = np.random.default_rng(seed)
    wins = rng.binomial(2, p, size=(reps, max_pairs)) * 2  # pair index 0, 2 or 4 (no draws)
    out = np.zeros(reps, dtype=int)
    for r in range(reps):
        counts = np.zeros(5, dtype=np.int64)
        for k in range(0, max_pairs, step):
            counts += np.bincount(wins[r, k:k + step], minlength=5)
            verdict = sprt.decide(counts.tolist())
            if verdict:
                out[r] = 1 if verdict == "H1" else -1
                break
    return out


def test_sprt_error_rates_at_its_bounds():
    """p = p0: H1 wrongly accepted about alpha of the time; p = p1: H0 wrongly accepted
    about beta (alpha = beta = 0.1 here, 400 synthetic streams each, a look every 10 pairs)."""
    sprt = Sprt(p0=0.5, p1=0.6, alpha=0.1, beta=0.1)
    at_p0 = _sprt_outcomes(0.5, sprt, 400, 3000, 1)
    at_p1 = _sprt_outcomes(0.6, sprt, 400, 3000, 2)
    false_h1 = np.mean(at_p0 == 1)
    false_h0 = np.mean(at_p1 == -1)
    assert np.mean(at_p0 != 0) > 0.99 and np.mean(at_p1 != 0) > 0.99  # it decides
    assert 0.03 <= false_h1 <= 0.14, false_h1
    assert 0.03 <= false_h0 <= 0.14, false_h0
    # well inside the hypotheses, wrong decisions are rare
    assert np.mean(_sprt_outcomes(0.45, sprt, 100, 3000, 3) == 1) <= 0.03


def test_sprt_bounds():
    """Wald's bounds: log(beta / (1 - alpha)) and log((1 - beta) / alpha)."""
    s = Sprt(0.5, 0.55, 0.05, 0.05)
    assert s.lower == pytest.approx(math.log(0.05 / 0.95))
    assert s.upper == pytest.approx(math.log(0.95 / 0.05))
    assert s.decide([0, 0, 1, 0, 0]) is None
    assert s.llr([10, 0, 20, 0, 10]) < 0 < s.llr([0, 0, 10, 0, 30])
