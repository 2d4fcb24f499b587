"""Determinism: a game's result is a pure function of (seed, game index, decks, strategies,
ruleset), whatever the threads, batch sizes and start offsets; paired games 2k/2k+1 share
their shuffles and swap the first player."""

import numba
import numpy as np
import pytest

from tcgsim.experiments.match import load_match
from tcgsim.simcore.games.onepiece import batch, engine
from tcgsim.simcore.games.onepiece import layout as L
from tcgsim.simcore.games.onepiece.batch import BUF, COLUMNS
from tcgsim.simcore.games.onepiece.effects.pack import empty_fx
from tcgsim.simcore.games.onepiece.events import LOG_WIDTH
from tcgsim.simcore.rng import seed_stream, shuffle
from tcgsim.simcore.runner import run_games

SEED = 987654321
N = 1000
COL = {c: i for i, c in enumerate(COLUMNS)}


def match(strat_a="random", strat_b="default", deck_a="red-luffy", deck_b="blue-crocodile"):
    return load_match("onepiece", deck_a, deck_b, strat_a, strat_b)


def rows(m, seed=SEED, n=N, **kw):
    g, table, a, b = m
    return run_games(g, table, a, b, seed, n, **kw).rows


@pytest.fixture
def restore_threads():
    before = numba.get_num_threads()
    yield
    numba.set_num_threads(before)


@pytest.fixture(scope="module")
def reference():
    """Games 0..999 of random vs default in one batch."""
    m = match()
    return m, rows(m, batch_size=N)


@pytest.mark.parametrize("strats", [("random", "random"), ("default", "random")])
def test_threads_do_not_change_games(strats, restore_threads):
    """Same seed, same rows with 1 and 2 numba threads (numba.set_num_threads)."""
    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("needs 2 numba threads")
    m = match(*strats)
    numba.set_num_threads(1)
    one = rows(m, n=3000)
    numba.set_num_threads(2)
    two = rows(m, n=3000)
    np.testing.assert_array_equal(one, two)
    # ...and through run_games' own `threads` option.
    np.testing.assert_array_equal(one, rows(m, n=3000, threads=1))


@pytest.mark.parametrize("batch_size", [2, 7, 128, 1000, N])
def test_batch_size_does_not_change_games(reference, batch_size):
    """Cutting the run into batches of 2, 7 (rounded to 6), 128 or all games gives the
    same rows as one batch of 1000."""
    m, ref = reference
    np.testing.assert_array_equal(rows(m, batch_size=batch_size), ref)


@pytest.mark.parametrize("start,n", [(100, 100), (101, 57), (998, 2), (0, 1)])
def test_start_offset_gives_the_same_games(reference, start, n):
    """Games start..start+n-1 run on their own equal rows start..start+n-1 of the 0..999
    run, even and odd starts alike (an odd start begins with the second game of a pair)."""
    m, ref = reference
    part = rows(m, n=n, start=start, batch_size=64)
    np.testing.assert_array_equal(part, ref[start:start + n])


def test_ctrl_c_keeps_the_finished_batches(reference):
    """A KeyboardInterrupt after the second batch returns the two finished batches, flagged
    interrupted, with the same rows as an uninterrupted run; nothing is raised."""
    m, ref = reference
    g, table, a, b = m
    calls = []

    def progress(n):
        calls.append(n)
        if len(calls) == 2:
            raise KeyboardInterrupt

    res = run_games(g, table, a, b, SEED, N, batch_size=128, progress=progress)
    assert res.interrupted and calls == [128, 128]
    np.testing.assert_array_equal(res.rows, ref[:256])


def test_first_player_alternates_by_parity(reference):
    """Even games: deck A goes first; odd games: deck B goes first."""
    _, ref = reference
    np.testing.assert_array_equal(ref[:, COL["game"]], np.arange(N))
    np.testing.assert_array_equal(ref[:, COL["first"]], np.arange(N) % 2)
    # Going first and going second are equally represented.
    assert ref[:, COL["first"]].sum() == N // 2


def test_different_seeds_differ(reference):
    """Another seed plays other games: most rows differ."""
    m, ref = reference
    other = rows(m, seed=SEED + 1)
    play = [COL[c] for c in COLUMNS if c not in ("game", "first")]
    differ = np.any(ref[:, play] != other[:, play], axis=1)
    assert differ.mean() > 0.5
    # Nearby game indices are not copies of each other either.
    assert np.any(ref[0::4, play] != ref[2::4, play], axis=1).mean() > 0.5


def test_debug_and_log_change_nothing(reference):
    """The replay kernel (log on, debug checks on) plays exactly the games run_batch plays:
    same winner, reason, turns and statistics, game by game."""
    (g, table, a, b), ref = reference
    decks = np.stack([a.deck.cards, b.deck.cards]).astype(np.int32)
    leaders = np.array([a.deck.leader, b.deck.leader], dtype=np.int32)
    fams = np.array([a.fam, b.fam], dtype=np.int64)
    prms = np.stack([a.params, b.params]).astype(np.float64)
    out = np.zeros((1, batch.NCOL), dtype=np.int32)
    for game in list(range(12)) + [501, 998, 999]:
        st = np.zeros(L.SIZE, dtype=np.int32)
        lg = np.zeros((20000, LOG_WIDTH), dtype=np.int32)
        batch.replay_game(table.table, empty_fx(len(table)), decks, leaders, np.uint64(SEED),
                          game, fams, prms, 0, g.default_turn_cap, lg, st)
        batch.write_row(st, game, out, 0, batch.STAT_OFFSETS)
        np.testing.assert_array_equal(out[0], ref[game], err_msg=f"game {game}")


# ---------------------------------------------------------------- paired shuffles


class Setup:
    """Calls engine.setup for one (pair, first) and exposes each player's zones."""

    def __init__(self, strat_a: str, strat_b: str, deck_a="red-luffy", deck_b="green-kid"):
        self.g, self.table, a, b = match(strat_a, strat_b, deck_a, deck_b)
        self.decks = np.stack([a.deck.cards, b.deck.cards]).astype(np.int32)
        self.leaders = np.array([a.deck.leader, b.deck.leader], dtype=np.int32)
        self.fams = np.array([a.fam, b.fam], dtype=np.int64)
        self.prms = np.stack([a.params, b.params]).astype(np.float64)
        self.lg = np.empty((0, LOG_WIDTH), dtype=np.int32)
        self.rng = np.zeros(8, dtype=np.uint64)
        self.fx = empty_fx(len(self.table))
        self.buf = np.zeros(BUF, dtype=np.int32)

    def run(self, seed: int, pair: int, first: int) -> np.ndarray:
        st = np.zeros(L.SIZE, dtype=np.int32)
        engine.setup(st, self.table.table, self.fx, self.lg, self.decks, self.leaders, first,
                     np.uint64(seed), pair, 2 * pair + first, self.fams, self.prms, self.rng,
                     self.buf, 0, 100)
        return st


def zones(st: np.ndarray, p: int) -> tuple[list[int], list[int], list[int]]:
    """(deck bottom to top, hand in draw order, Life bottom to top) of player p."""
    b = p * L.PSIZE
    return (st[b + L.DECK: b + L.DECK + st[b + L.N_DECK]].tolist(),
            st[b + L.HAND: b + L.HAND + st[b + L.N_HAND]].tolist(),
            st[b + L.LIFE: b + L.LIFE + st[b + L.N_LIFE]].tolist())


NO_MULLIGAN = "default:mulligan_min=0"


def test_paired_games_share_shuffles_without_mulligan():
    """With a strategy that never mulligans, games 2k (A first) and 2k+1 (B first) start
    from identical decks, hands and Life for both players: the shuffles belong to the
    pair, not the game; different pairs start differently."""
    s = Setup(NO_MULLIGAN, NO_MULLIGAN)
    starts = []
    for pair in range(300):
        even, odd = s.run(SEED, pair, 0), s.run(SEED, pair, 1)
        assert even[L.G_FIRST] == 0 and even[L.G_ACTIVE] == 0
        assert odd[L.G_FIRST] == 1 and odd[L.G_ACTIVE] == 1
        for p in range(2):
            assert even[p * L.PSIZE + L.S_MULLIGAN] == 0
            assert zones(even, p) == zones(odd, p), f"pair {pair} player {p}"
            deck, hand, life = zones(even, p)
            assert len(hand) == engine.OPENING_HAND and len(life) == 5
            assert len(deck) + len(hand) + len(life) == L.DECK_CAP
        starts.append(zones(even, 0)[1])
    assert len({tuple(h) for h in starts}) > 250


def test_setup_deals_from_the_pair_shuffle():
    """setup (no mulligan) equals an independent reconstruction from simcore.rng: deck p is
    shuffled by stream (seed, pair, purpose p); the 5-card hand is drawn from the top, then
    Life is placed from the top so that the top card ends at the bottom of Life (5-2-1)."""
    s = Setup(NO_MULLIGAN, NO_MULLIGAN)
    rng = np.zeros(2, dtype=np.uint64)
    for pair in (0, 1, 17, 12345):
        st = s.run(SEED, pair, pair & 1)
        for p in range(2):
            order = s.decks[p].copy()
            seed_stream(rng, 0, np.uint64(SEED), pair, p)
            shuffle(rng, 0, order, 0, L.DECK_CAP)
            top = order[::-1].tolist()  # top of the deck first
            deck, hand, life = zones(st, p)
            assert hand == top[:5]
            assert life == top[5:10]
            assert deck == order[:40].tolist()


def test_paired_games_with_mulligans():
    """With random mulligan decisions (drawn per game, not per pair), a player who made the
    same mulligan choice in both games of a pair ends setup with the same deck, hand and
    Life (the redraw reshuffles with the pair's stream); different choices lead to different
    hands. Both cases occur."""
    s = Setup("random", "random")
    same = different = 0
    for pair in range(400):
        even, odd = s.run(SEED, pair, 0), s.run(SEED, pair, 1)
        for p in range(2):
            m_even = even[p * L.PSIZE + L.S_MULLIGAN]
            m_odd = odd[p * L.PSIZE + L.S_MULLIGAN]
            if m_even == m_odd:
                same += 1
                assert zones(even, p) == zones(odd, p), f"pair {pair} player {p}"
            else:
                different += 1
                assert zones(even, p) != zones(odd, p)
            assert sorted(sum(zones(even, p), [])) == sorted(sum(zones(odd, p), []))
    assert same > 200 and different > 200


def test_paired_rows_share_the_mulligan_decision():
    """In full runs with a deterministic mulligan rule, both games of a pair see the same
    opening hands, hence the same mulligan decisions for each deck."""
    g, table, a, b = match("default", "default", "green-kid", "red-luffy")
    r = run_games(g, table, a, b, SEED, 2000, turn_cap=1).rows
    for c in ("mulligan_a", "mulligan_b"):
        np.testing.assert_array_equal(r[0::2, COL[c]], r[1::2, COL[c]])
        assert 0 < r[:, COL[c]].mean() < 1
