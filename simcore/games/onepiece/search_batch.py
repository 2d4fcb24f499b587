"""Batches of ONE PIECE games with a `search` seat (strategies/onepiece/search.py): the
same games and result rows as batch.run_batch, with the search player's workspace. A module
of its own, imported only when a seat searches, so other runs never compile it."""

import numpy as np
from numba import njit, prange

from tcgsim.simcore.games.onepiece.batch import BUF, write_row
from tcgsim.simcore.games.onepiece.events import LOG_WIDTH
from tcgsim.simcore.games.onepiece.layout import SIZE
from tcgsim.strategies.onepiece.policy import SEARCH
from tcgsim.strategies.onepiece.search import CAND_CAP, POOL_CAP, SEG_CAP, play_game_search

SEARCH_FAMILY = SEARCH  # the family whose seats need these runners


@njit(cache=True)
def search_workspace(nparams):
    """The arrays strategies.onepiece.search.search_action works in (its tuple's order)."""
    return (np.empty(SIZE, np.int32), np.empty(SIZE, np.int32), np.empty(BUF, np.int32),
            np.empty(CAND_CAP, np.int32), np.empty(POOL_CAP, np.int32),
            np.empty(SEG_CAP, np.int32), np.empty(2 * CAND_CAP, np.float64),
            np.zeros(8, np.uint64), np.empty((2, nparams), np.float64),
            np.empty(2, np.int64), np.empty((0, LOG_WIDTH), np.int32))


@njit(cache=True, parallel=True, nogil=True)
def run_batch_search(ct, fx, decks, leaders, seed, start, n, fams, prms, ruleset, turn_cap,
                     debug, stat_offsets, out):
    """run_batch for a pair with a `search` seat: the same games, one per task (a search
    game costs thousands of playouts, so tasks stay even on every thread)."""
    for k in prange(n):
        st = np.empty(SIZE, dtype=np.int32)
        rng = np.zeros(8, dtype=np.uint64)
        buf = np.empty(BUF, dtype=np.int32)
        lg = np.empty((0, LOG_WIDTH), dtype=np.int32)
        ws = search_workspace(prms.shape[1])
        g = start + k
        play_game_search(st, ct, fx, lg, decks, leaders, g & 1, seed, g >> 1, g, fams, prms,
                         rng, buf, ruleset, turn_cap, debug, ws)
        write_row(st, g, out, k, stat_offsets)


@njit(cache=True)
def replay_game_search(ct, fx, decks, leaders, seed, game, fams, prms, ruleset, turn_cap, lg,
                       st):
    """replay_game for a pair with a `search` seat."""
    rng = np.zeros(8, dtype=np.uint64)
    buf = np.empty(BUF, dtype=np.int32)
    play_game_search(st, ct, fx, lg, decks, leaders, game & 1, seed, game >> 1, game, fams,
                     prms, rng, buf, ruleset, turn_cap, True, search_workspace(prms.shape[1]))
