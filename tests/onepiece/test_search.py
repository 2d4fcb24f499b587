"""The search-based reference player (strategies/onepiece/search.py, simcore/search.py): it
reads no hidden card, plays as `default` when it has no budget, keeps games reproducible,
and beats `default`."""

import numba
import numpy as np
import pytest

from tcgsim.experiments.match import load_match
from tcgsim.simcore.games.onepiece import RUNNER, batch, engine, search_batch
from tcgsim.simcore.games.onepiece import layout as L
from tcgsim.simcore.rng import new_streams, seed_stream
from tcgsim.simcore.runner import run_games
from tcgsim.simcore.search import best_candidate, redeal
from tcgsim.strategies.onepiece import common, search
from tcgsim.strategies.registry import resolve

SEED = 4242


def _match(a="search", b="default", deck_a="red-luffy", deck_b="green-kid"):
    return load_match("onepiece", deck_a, deck_b, a, b)


def _rows(m, n, start=0, **kw):
    g, table, a, b = m
    return run_games(g, table, a, b, SEED, n, start=start, **kw).rows


# ---------------------------------------------------------------- game-free pieces


def test_redeal_keeps_the_cards_and_their_places_and_ignores_where_they_were():
    """The same hidden cards, wherever they lie, deal the same world; the cards outside the
    named places stay; the places keep their sizes."""
    st = np.arange(100, 140, dtype=np.int32)
    segs = np.array([0, 5, 10, 3, 20, 1], dtype=np.int32)  # places 0-4, 10-12, 20
    pool = np.zeros(16, dtype=np.int32)
    rng = new_streams(1)
    seed_stream(rng, 0, 1, 2, 3)
    a = st.copy()
    redeal(a, segs, 3, pool, rng, 0)
    b = st.copy()  # the same hidden cards in other places
    b[[0, 4, 10, 20]] = st[[20, 10, 4, 0]]
    seed_stream(rng, 0, 1, 2, 3)
    redeal(b, segs, 3, pool, rng, 0)
    np.testing.assert_array_equal(a, b)
    hidden = np.r_[0:5, 10:13, 20]
    assert sorted(a[hidden]) == sorted(st[hidden])
    outside = np.setdiff1d(np.arange(40), hidden)
    np.testing.assert_array_equal(a[outside], st[outside])
    assert (a[hidden] != st[hidden]).any()  # dealt afresh, not left in place


def test_best_candidate_leaves_the_fallback_only_for_a_clear_gain():
    """Sums over 4 worlds of (candidate - fallback) and of their squares: candidate 1 gains
    0.5 in every world (no spread), candidate 2 gains 1 in one world only (mean 0.25, wide);
    with z = 1 the choice is 1; a bound at or under zero keeps the fallback 0."""
    gain = np.array([0.0, 2.0, 1.0, 0.0, 1.0, 1.0], dtype=np.float64)  # n = 3: sums, squares
    assert best_candidate(gain, 3, 0, 4, 1.0) == 1
    gain = np.array([0.0, -2.0, 1.0, 0.0, 1.0, 1.0], dtype=np.float64)
    assert best_candidate(gain, 3, 0, 4, 1.0) == 0  # 0.25 - 1 * 0.29 < 0
    assert best_candidate(gain, 3, 0, 4, 0.0) == 2  # no margin: the larger mean


# ---------------------------------------------------------------- hidden information


def _decision_states(n_games=4, turns=(3, 4, 5, 6, 7)):
    """States at the start of a Main Phase of default-vs-default games (red-luffy against
    green-kid), with the seat to act and the card and effect tables."""
    g, table, a, b = _match("default", "default")
    fams = np.array([a.fam, b.fam], dtype=np.int64)
    prms = np.ascontiguousarray(np.stack([a.params, b.params]).astype(np.float64))
    ct, fx = RUNNER._tables(table, a.deck, b.deck, "approx")
    decks, leaders = RUNNER.deck_arrays(a.deck, b.deck)
    out = []
    for game in range(n_games):
        for turn in turns:
            lg, st = RUNNER.game_log(table, a.deck, b.deck, SEED, game, fams, prms, 0, turn)
            if st[L.G_REASON] != L.R_TURN_CAP:
                continue  # ended before the cap
            st[L.G_OVER] = 0
            st[L.G_WINNER] = L.NONE
            st[L.G_REASON] = L.R_NONE
            st[L.G_TURN_CAP] = 100
            lg = np.zeros((0, lg.shape[1]), dtype=np.int32)
            if engine.start_turn(st, lg):
                out.append((st, np.int32(st[L.G_ACTIVE]), game))
    return ct, fx, decks, leaders, out


def _decide(ct, fx, decks, leaders, st, p, game, playouts=16):
    _, prm = resolve("onepiece", "search", [f"playouts={playouts}"])
    prms = np.ascontiguousarray(np.stack([prm, prm]).astype(np.float64))
    rng = np.zeros(8, dtype=np.uint64)
    for s in range(4):
        seed_stream(rng, s, SEED, game, s)
    buf = np.zeros(batch.BUF, dtype=np.int32)
    ws = search_batch.search_workspace(prms.shape[1])
    return int(search.search_action(st.copy(), ct, fx, decks, leaders, p, prms[p], rng, buf,
                                    ws))


def _hide_otherwise(st, p, rng):
    """st with the cards p cannot see moved around: the opponent's hand, deck and face-down
    Life mixed together, p's deck and face-down Life mixed together."""
    st = st.copy()
    segs = np.zeros(search.SEG_CAP, dtype=np.int32)
    for q in range(2):
        n = search.hidden_places(st, p, q, segs)
        places = np.concatenate([np.arange(segs[2 * i], segs[2 * i] + segs[2 * i + 1])
                                 for i in range(n)])
        st[places] = st[rng.permutation(places)]
    return st


@pytest.mark.thorough  # compiles the search player's runner (about 50 s)
def test_the_search_player_reads_no_hidden_card():
    """Issue 30: changing what the player cannot see (the opponent's hand, deck and face-down
    Life mixed together; its own deck and Life) leaves every decision unchanged; and the
    states tested include decisions where the search leaves default's choice."""
    ct, fx, decks, leaders, states = _decision_states()
    assert len(states) >= 12
    rng = np.random.default_rng(5)
    moved = 0
    for st, p, game in states:
        chosen = _decide(ct, fx, decks, leaders, st, p, game)
        other = _hide_otherwise(st, p, rng)
        assert not np.array_equal(other, st)
        assert _decide(ct, fx, decks, leaders, other, p, game) == chosen
        moved += chosen != _decide(ct, fx, decks, leaders, st, p, game, playouts=0)
    assert moved >= 1


def _attacked(st, p):
    """st with p's Leader attacking the opponent's Leader, given p's active DON!! (the state
    of a Counter Step: 7-1-1-1 declared, no ability resolved)."""
    st = st.copy()
    b, ob = p * L.PSIZE, (1 - p) * L.PSIZE
    st[b + L.F_DON + L.LEADER_REF] += st[b + L.DON_ACTIVE]
    st[b + L.DON_ACTIVE] = 0
    st[b + L.F_RESTED + L.LEADER_REF] = 1
    st[L.G_ATT] = st[L.G_TGT] = L.LEADER_REF
    st[L.G_ATT_CARD] = st[b + L.F_CARD + L.LEADER_REF]
    st[L.G_TGT_CARD] = st[ob + L.F_CARD + L.LEADER_REF]
    return st


@pytest.mark.thorough  # compiles the search player's runner (about 50 s)
def test_the_search_player_defends_without_reading_hidden_cards():
    """Issue 30: the searched counters read no hidden card either: attacked by the Leader
    with every active DON!!, the defender's first counter (or none) is the same when the
    cards it cannot see lie otherwise; and the search leaves default's choice in some."""
    ct, fx, decks, leaders, states = _decision_states()
    _, prm = resolve("onepiece", "search", ["playouts=16"])
    prm = np.ascontiguousarray(prm.astype(np.float64))
    rng = np.random.default_rng(7)
    buf = np.zeros(batch.BUF, dtype=np.int32)
    ws = search_batch.search_workspace(prm.shape[0])

    def counter(st, o, game, base):
        streams = np.zeros(8, dtype=np.uint64)
        for s in range(4):
            seed_stream(streams, s, SEED, game, s)
        return int(search.search_defence(st.copy(), ct, fx, decks, leaders, o,
                                         search.K_COUNTER, base, prm, streams, ws))

    tried = moved = 0
    for st, p, game in states:
        st = _attacked(st, p)
        o = np.int32(1 - p)
        if not search.has_counter(st, ct, o):
            continue
        base = int(common.counter(st, ct, fx, o, prm, np.zeros(8, np.uint64), 2 + o, buf))
        chosen = counter(st, o, game, base)
        assert counter(_hide_otherwise(st, o, rng), o, game, base) == chosen
        tried += 1
        moved += chosen != base
    assert tried >= 8 and moved >= 1


def test_hidden_places_are_the_hand_deck_and_face_down_life():
    """3-10-2-1: a face-up Life card is seen by both players; the own hand is seen."""
    st = np.zeros(L.SIZE, dtype=np.int32)
    st[L.N_DECK], st[L.N_HAND], st[L.N_LIFE] = 30, 6, 4
    st[L.PSIZE + L.N_DECK], st[L.PSIZE + L.N_HAND], st[L.PSIZE + L.N_LIFE] = 29, 7, 3
    st[L.LIFE_UP] = 0b0101  # own Life cards 0 and 2 face up
    segs = np.zeros(search.SEG_CAP, dtype=np.int32)
    n = search.hidden_places(st, np.int32(0), np.int32(0), segs)
    assert segs[: 2 * n].tolist() == [L.DECK, 30, L.LIFE + 1, 1, L.LIFE + 3, 1]
    n = search.hidden_places(st, np.int32(0), np.int32(1), segs)
    b = L.PSIZE
    assert segs[: 2 * n].tolist() == [b + L.DECK, 29, b + L.HAND, 7, b + L.LIFE, 1,
                                      b + L.LIFE + 1, 1, b + L.LIFE + 2, 1]


# ---------------------------------------------------------------- games


@pytest.mark.thorough  # compiles the search player's runner (about 50 s)
def test_without_playouts_the_search_player_plays_default_exactly():
    """playouts = 0: play_game_search plays the same games as play_game with `default`."""
    m = load_match("onepiece", "red-luffy", "blue-crocodile", "search:playouts=0",
                   "default")
    np.testing.assert_array_equal(_rows(m, 200), _rows(_match("default", "default",
                                                                "red-luffy",
                                                                "blue-crocodile"), 200))


@pytest.fixture
def restore_threads():
    before = numba.get_num_threads()
    yield
    numba.set_num_threads(before)


@pytest.mark.thorough  # compiles the search player's runner (about 50 s)
def test_search_games_do_not_depend_on_threads_or_batches(restore_threads):
    """The same rows with 1 and 2 threads, in one batch or in two."""
    m = _match("search:playouts=4")
    numba.set_num_threads(1)
    one = _rows(m, 8, batch_size=8)
    if numba.config.NUMBA_NUM_THREADS >= 2:
        numba.set_num_threads(2)
    two = np.concatenate([_rows(m, 4, batch_size=4), _rows(m, 4, start=4, batch_size=4)])
    np.testing.assert_array_equal(one, two)


@pytest.mark.thorough  # compiles the search player's runner (about 50 s)
def test_search_games_keep_the_invariants():
    """Debug mode (invariants after every action): the search's actions are legal, with
    playouts to the end and playouts cut after 2 turns."""
    g, table, a, b = _match("search:playouts=4", "search:playouts=4,depth=2",
                            "blue-crocodile", "red-luffy")
    rows = g.run_batch(table, a.deck, b.deck, SEED, 0, 6, np.array([a.fam, b.fam]),
                       np.stack([a.params, b.params]), 0, 100, True)
    assert (rows[:, 5] == 0).all()
    assert set(rows[:, 2]) <= {-1, 0, 1}


@pytest.mark.thorough  # hundreds of searched games
def test_the_search_player_beats_default():
    """Issue 30: a clear margin over `default`, decks and seats balanced (each sample deck
    pair both ways, paired games swap the first player): at least 60 % of 240 games."""
    names = ["red-luffy", "green-kid", "blue-crocodile"]
    score = total = 0.0
    for x in names:
        for y in names:
            if x == y:
                continue
            for seat in (0, 1):
                a, b = ("search", "default") if seat == 0 else ("default", "search")
                w = _rows(_match(a, b, x, y), 20)[:, 2]
                score += (w == seat).sum() + 0.5 * (w == L.DRAW).sum()
                total += len(w)
    assert total == 240
    assert score / total >= 0.6


def test_search_is_listed_and_compiles_only_when_a_seat_searches():
    """The family is registered as a search family; a pair without it runs run_batch."""
    from tcgsim.strategies.registry import families

    fam = families("onepiece")["search"]
    assert fam.search and fam.fam_id == search_batch.SEARCH_FAMILY == RUNNER.search_family
    assert RUNNER.searching(np.array([fam.fam_id, 1]))
    assert not RUNNER.searching(np.array([1, 2]))
