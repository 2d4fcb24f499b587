"""Statistics of the opening hand against exact probabilities, and of simcore.rng itself.

Every check is a fixed-seed run (so deterministic) compared with a band that would be
honest for a fresh seed: 4 binomial standard deviations, or a chi-square p-value above
1e-4.
"""

import math
from itertools import permutations

import numpy as np
import pytest

from tcgsim.experiments.match import load_match
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import engine
from tcgsim.simcore.games.onepiece import layout as L
from tcgsim.simcore.games.onepiece.batch import BUF
from tcgsim.simcore.games.onepiece.effects.pack import empty_fx
from tcgsim.simcore.games.onepiece.events import LOG_WIDTH
from tcgsim.simcore.rng import GOLDEN, mix64, next_u64, randint, seed_stream, shuffle, stream_key
from tcgsim.simcore.rng import uniform as rng_uniform
from tcgsim.simcore.runner import run_games

SEED = 4242
N = 20_000
HAND = engine.OPENING_HAND


def at_least_one(copies: int, deck: int = 50, hand: int = HAND) -> float:
    """P(a hand of `hand` cards from `deck` holds at least one of `copies` copies)."""
    return 1 - math.comb(deck - copies, hand) / math.comb(deck, hand)


def hypergeom(k: int, copies: int, deck: int = 50, hand: int = HAND) -> float:
    return math.comb(copies, k) * math.comb(deck - copies, hand - k) / math.comb(deck, hand)


def chi2_sf(x: float, df: int) -> float:
    """Survival function of the chi-square distribution (exact series for integer df)."""
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= (x / 2) / i
            total += term
        return math.exp(-x / 2) * total
    q = math.erfc(math.sqrt(x / 2))
    k = 1
    while k < df:
        q += (x / 2) ** (k / 2) * math.exp(-x / 2) / math.gamma(k / 2 + 1)
        k += 2
    return q


def chi2_pvalue(observed, expected) -> float:
    observed = np.asarray(observed, dtype=float)
    expected = np.asarray(expected, dtype=float)
    assert np.isclose(observed.sum(), expected.sum())
    stat = float(((observed - expected) ** 2 / expected).sum())
    return chi2_sf(stat, len(observed) - 1)


def assert_binomial(hits: int, n: int, p: float, sigmas: float = 4.0) -> None:
    sd = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= sigmas * sd, (
        f"observed {hits / n:.5f}, exact {p:.5f}, band +-{sigmas * sd:.5f}")


def test_helpers_are_exact():
    """The reference values used below: the closed form and the chi-square tail."""
    assert at_least_one(4) == pytest.approx(1 - 1370754 / 2118760)
    assert at_least_one(4) == pytest.approx(0.35304, abs=1e-5)  # about 35.3 %
    assert sum(hypergeom(k, 4) for k in range(5)) == pytest.approx(1)
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05)
    assert chi2_sf(5.991464547107979, 2) == pytest.approx(0.05)
    assert chi2_sf(11.070497693516351, 5) == pytest.approx(0.05)
    assert chi2_sf(35.17246162690806, 23) == pytest.approx(0.05)


class Dealer:
    """engine.setup for one match; deals pair k's opening (game 2k, deck A first)."""

    def __init__(self, deck_a: str, strat: str, card_files=()):
        _, self.table, a, b = load_match("onepiece", deck_a, "green-kid", strat, strat,
                                         card_files)
        self.deck_a = a.deck
        self.decks = np.stack([a.deck.cards, b.deck.cards]).astype(np.int32)
        self.leaders = np.array([a.deck.leader, b.deck.leader], dtype=np.int32)
        self.fams = np.array([a.fam, b.fam], dtype=np.int64)
        self.prms = np.stack([a.params, b.params]).astype(np.float64)
        self.lg = np.empty((0, LOG_WIDTH), dtype=np.int32)
        self.rng = np.zeros(8, dtype=np.uint64)
        self.st = np.zeros(L.SIZE, dtype=np.int32)
        self.fx = empty_fx(len(self.table))  # these Leaders have no start-of-game ability
        self.buf = np.zeros(BUF, dtype=np.int32)

    def hands(self, n: int):
        """(hand of deck A, mulligan flag of deck A) for pairs 0..n-1: independent shuffles."""
        st = self.st
        for k in range(n):
            engine.setup(st, self.table.table, self.fx, self.lg, self.decks, self.leaders, 0,
                         np.uint64(SEED), k, 2 * k, self.fams, self.prms, self.rng, self.buf,
                         0, 100)
            yield st[L.HAND: L.HAND + st[L.N_HAND]].copy(), int(st[L.S_MULLIGAN])


def test_opening_hand_without_mulligan():
    """P(5-card opening hand from 50 holds at least one of 4 copies) = 1 - C(46,5)/C(50,5),
    for a card with 2 copies 1 - C(48,5)/C(50,5), and the copy count is hypergeometric,
    measured over 20000 setups with a strategy that never mulligans."""
    d = Dealer("red-luffy", "default:mulligan_min=0")
    four = d.table.index["ST01-002"]
    two = d.table.index["ST01-012"]
    assert np.count_nonzero(d.deck_a.cards == four) == 4
    assert np.count_nonzero(d.deck_a.cards == two) == 2
    counts = np.zeros(HAND + 1, dtype=np.int64)
    hit_two = 0
    for hand, mull in d.hands(N):
        assert mull == 0 and hand.size == HAND
        counts[np.count_nonzero(hand == four)] += 1
        hit_two += bool(np.any(hand == two))
    assert_binomial(N - counts[0], N, at_least_one(4))
    assert_binomial(hit_two, N, at_least_one(2))
    # 0, 1, 2 and 3+ copies against the hypergeometric law (3+ merged: expected >= 5).
    exact = [hypergeom(k, 4) for k in range(3)]
    exact.append(1 - sum(exact))
    observed = [counts[0], counts[1], counts[2], counts[3:].sum()]
    assert chi2_pvalue(observed, N * np.array(exact)) > 1e-4


# A test deck on which the fixed rule "mulligan with fewer than mulligan_min Characters
# of cost <= 3" (mulligan_avg = 0) with mulligan_min = 1 is exactly "mulligan when no copy
# of ST01-003":
# 4 Karoo (cost 1) and 46 Characters of cost 5.
HEAVY_POOL = "\n".join(
    f'[cards."THVY-{i:03d}"]\nname = "Heavy {i}"\ncategory = "character"\n'
    f'colors = ["red"]\ncost = 5\npower = 6000\n'
    for i in range(12)
)
HEAVY_DECK = "# name: Heavy\n1xST01-001\n4xST01-003\n" + "".join(
    f"{4 if i < 11 else 2}xTHVY-{i:03d}\n" for i in range(12)
)


@pytest.fixture(scope="module")
def heavy(tmp_path_factory):
    d = tmp_path_factory.mktemp("heavy")
    (d / "heavy.toml").write_text(HEAVY_POOL)
    (d / "heavy.txt").write_text(HEAVY_DECK)
    return str(d / "heavy.txt"), (str(d / "heavy.toml"),)


def test_opening_hand_with_mulligan(heavy):
    """Mulligan exactly when the hand lacks the card; the redraw comes from the whole deck
    reshuffled, so P(card in the kept hand) = p + (1 - p) * p with p = 1 - C(46,5)/C(50,5);
    P(mulligan) = 1 - p, and a redrawn hand holds the card with probability p again."""
    d = Dealer(heavy[0], "default:mulligan_min=1,mulligan_avg=0", heavy[1])
    karoo = d.table.index["ST01-003"]
    assert np.count_nonzero(d.deck_a.cards == karoo) == 4
    ct = d.table.table
    cheap = [c for c in d.deck_a.cards if ct[c, C.CATEGORY] == C.CHARACTER and ct[c, C.COST] <= 3]
    assert len(cheap) == 4
    p = at_least_one(4)
    kept_with = mulligans = redrawn_with = 0
    for hand, mull in d.hands(N):
        has = bool(np.any(hand == karoo))
        kept_with += has
        mulligans += mull
        if mull:
            redrawn_with += has
        else:
            assert has  # no mulligan means the first hand had a copy
    assert_binomial(kept_with, N, p + (1 - p) * p)
    assert_binomial(mulligans, N, 1 - p)
    assert_binomial(redrawn_with, mulligans, p)


def test_mulligan_rate_in_full_runs(heavy):
    """Through run_games (both seats, both going first and second): the mulligan column
    matches P(no copy in 5 cards) = C(46,5)/C(50,5); pairs share the hand, so only one
    game per pair is an independent sample."""
    fixed = "default:mulligan_min=1,mulligan_avg=0"
    g, table, a, b = load_match("onepiece", heavy[0], heavy[0], fixed, fixed, heavy[1])
    rows = run_games(g, table, a, b, SEED, 2 * N, turn_cap=1).rows
    cols = g.columns
    for c in ("mulligan_a", "mulligan_b"):
        m = rows[:, cols.index(c)]
        np.testing.assert_array_equal(m[0::2], m[1::2])
        assert_binomial(int(m[0::2].sum()), N, 1 - at_least_one(4))


def test_mulligan_keeps_a_hand_no_worse_than_the_decks_average(heavy):
    """mulligan_avg (default's): the redraw threshold is capped at the deck's average opening
    hand, rounded down. The heavy deck averages 5 * 4 / 50 = 0.4 cheap Characters a hand, so
    even mulligan_min = 5 never redraws; red-luffy, with C cheap Characters in 50 cards,
    redraws exactly the hands with fewer than min(mulligan_min, floor(5 * C / 50))."""
    d = Dealer(heavy[0], "default:mulligan_min=5", heavy[1])
    assert not any(mull for _, mull in d.hands(2_000))
    d = Dealer("red-luffy", "default:mulligan_min=5")
    ct = d.table.table

    def cheap(cards):
        return sum(1 for c in cards if ct[c, C.CATEGORY] == C.CHARACTER and ct[c, C.COST] <= 3)

    need = 5 * cheap(d.deck_a.cards) // 50
    assert 1 <= need < 5  # the cap binds below mulligan_min and leaves some hands to redraw
    first_hands = Dealer("red-luffy", "default:mulligan_min=0")
    redraws = 0
    for (hand, mull), (opening, _) in zip(d.hands(2_000), first_hands.hands(2_000),
                                          strict=True):
        assert mull == (cheap(opening) < need)
        redraws += mull
        if not mull:
            assert list(hand) == list(opening)
    exact = sum(hypergeom(k, cheap(d.deck_a.cards)) for k in range(need))
    assert_binomial(redraws, 2_000, exact)


# ---------------------------------------------------------------- simcore.rng


def draws(n: int, count: int, index: int = 0) -> np.ndarray:
    rng = np.zeros(4, dtype=np.uint64)
    seed_stream(rng, 1, np.uint64(SEED), index, 7)
    return np.array([randint(rng, 1, n) for _ in range(count)])


@pytest.mark.parametrize("n", [2, 3, 6, 7, 10, 50])
def test_randint_is_uniform(n):
    """randint(n) covers exactly 0..n-1, uniformly (chi-square over 2000 draws per value)."""
    x = draws(n, 2000 * n, index=n)
    assert x.min() == 0 and x.max() == n - 1
    observed = np.bincount(x, minlength=n)
    assert chi2_pvalue(observed, np.full(n, 2000.0)) > 1e-4


def test_randint_edges():
    """randint(1) is always 0; near its upper limit (n = 2**32 - 1) draws stay below n and
    spread over the range (mean n/2 within 4 sigma)."""
    assert set(draws(1, 200).tolist()) == {0}
    n = 2**32 - 1
    x = draws(n, 20000).astype(np.float64)
    assert x.min() >= 0 and x.max() < n
    assert abs(x.mean() - n / 2) <= 4 * (n / math.sqrt(12)) / math.sqrt(x.size)


def test_uniform_floats():
    """uniform() lies in [0, 1) with mean 1/2 and variance 1/12 (4-sigma bands)."""
    rng = np.zeros(2, dtype=np.uint64)
    seed_stream(rng, 0, np.uint64(SEED), 3, 3)
    u = np.array([rng_uniform(rng, 0) for _ in range(20000)])
    assert u.min() >= 0 and u.max() < 1
    assert abs(u.mean() - 0.5) <= 4 * math.sqrt(1 / 12 / u.size)
    assert abs(u.var() - 1 / 12) <= 4 * math.sqrt(1 / 180 / u.size)


def test_streams_are_counter_based():
    """The k-th word of a stream is mix64(key + k * golden ratio): a pure function of
    (seed, index, purpose, k), untouched by draws from other streams in the same array."""
    rng = np.zeros(4, dtype=np.uint64)
    seed_stream(rng, 0, np.uint64(SEED), 11, 2)
    seed_stream(rng, 1, np.uint64(SEED), 11, 3)
    key = stream_key(np.uint64(SEED), 11, 2)
    got = []
    for _ in range(50):
        next_u64(rng, 1)  # interleaved draws from the other stream
        got.append(int(next_u64(rng, 0)))
    want = [int(mix64(np.uint64((int(key) + k * int(GOLDEN)) % 2**64))) for k in range(50)]
    assert got == want
    keys = {int(stream_key(np.uint64(s), i, p)) for s in (0, 1) for i in (0, 1, 2)
            for p in (0, 1, 2, 3)}
    assert len(keys) == 24  # seed, index and purpose all change the stream


@pytest.mark.parametrize("n", [0, 1, 2, 5, 50])
def test_shuffle_is_a_permutation(n):
    """shuffle(arr, start, n) permutes arr[start:start+n] and touches nothing else."""
    rng = np.zeros(2, dtype=np.uint64)
    seed_stream(rng, 0, np.uint64(SEED), n, 0)
    for _ in range(20):
        arr = np.arange(100, dtype=np.int32) * 3
        before = arr.copy()
        shuffle(rng, 0, arr, 7, n)
        assert sorted(arr[7:7 + n].tolist()) == before[7:7 + n].tolist()
        np.testing.assert_array_equal(arr[:7], before[:7])
        np.testing.assert_array_equal(arr[7 + n:], before[7 + n:])


def test_shuffle_is_uniform():
    """All 24 orders of 4 cards are equally likely (chi-square over 24000 shuffles)."""
    rng = np.zeros(2, dtype=np.uint64)
    seed_stream(rng, 0, np.uint64(SEED), 99, 1)
    index = {perm: i for i, perm in enumerate(permutations(range(4)))}
    observed = np.zeros(24)
    for _ in range(24000):
        arr = np.arange(4, dtype=np.int32)
        shuffle(rng, 0, arr, 0, 4)
        observed[index[tuple(arr.tolist())]] += 1
    assert chi2_pvalue(observed, np.full(24, 1000.0)) > 1e-4


# Known answers: SplitMix64's published first outputs from state 0 (Vigna's reference
# splitmix64.c), and a plain-Python re-implementation of the streams, so that a change to
# simcore.rng is caught even where every statistical test above would still pass.
SPLITMIX64_FROM_0 = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
                     0xF88BB8A8724C81EC]
MASK = 2**64 - 1


def ref_mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def ref_stream_key(seed: int, index: int, purpose: int) -> int:
    g = 0x9E3779B97F4A7C15
    k = ref_mix64((seed + g) & MASK)
    k = ref_mix64(k ^ ((index * g + 0x632BE59BD9B4E019) & MASK))
    return ref_mix64(k ^ ((purpose * g + 0x8CB92BA72F3D8DD7) & MASK))


def ref_randints(key: int, n: int, count: int) -> list[int]:
    g = 0x9E3779B97F4A7C15
    return [((ref_mix64((key + c * g) & MASK) >> 32) * n) >> 32 for c in range(count)]


def test_mix64_matches_the_published_splitmix64_vector():
    got = [int(mix64(np.uint64((k * int(GOLDEN)) & MASK))) for k in range(1, 5)]
    assert got == SPLITMIX64_FROM_0


def test_streams_match_a_plain_python_reference_and_fixed_answers():
    """stream_key, randint and shuffle for one fixed (seed, index, purpose), against the
    reference above and against numbers written down once (a change to either shows)."""
    key = ref_stream_key(20261124, 3, 2)
    assert key == 0xF81EA614F8078206 == int(stream_key(np.uint64(20261124), 3, 2))
    rng = np.zeros(2, dtype=np.uint64)
    seed_stream(rng, 0, np.uint64(20261124), 3, 2)
    got = [int(randint(rng, 0, 50)) for _ in range(8)]
    assert got == ref_randints(key, 50, 8) == [38, 32, 42, 5, 25, 35, 11, 1]
    seed_stream(rng, 0, np.uint64(20261124), 3, 2)
    arr = np.arange(10, dtype=np.int32)
    shuffle(rng, 0, arr, 0, 10)
    assert arr.tolist() == [2, 1, 4, 9, 8, 3, 0, 6, 5, 7]
