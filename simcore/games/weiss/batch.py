"""Batches of Weiss Schwarz games (chunks of a batch run on several threads by
simcore.gamekit), and the fixed result row each game writes."""

import numpy as np
from numba import njit

from tcgsim.simcore.games.weiss.engine import play_game
from tcgsim.simcore.games.weiss.events import LOG_WIDTH
from tcgsim.simcore.games.weiss.layout import (
    G_ERROR,
    G_FIRST,
    G_REASON,
    G_TURN,
    G_WINNER,
    N_CLOCK,
    N_LEVEL,
    PSIZE,
    S_ATTACKS,
    S_CANCELS,
    S_CLIMAX,
    S_CLOCKED,
    S_COUNTERS,
    S_DAMAGE,
    S_ENCORES,
    S_MULLIGAN,
    S_PLAYED,
    S_REFRESH,
    SIZE,
)
from tcgsim.simcore.jit import kernel

GAME_COLUMNS = ["game", "first", "winner", "reason", "turns", "error"]
PLAYER_STATS = [
    ("level", N_LEVEL),
    ("clock", N_CLOCK),
    ("damage_taken", S_DAMAGE),
    ("cancels", S_CANCELS),
    ("refreshes", S_REFRESH),
    ("attacks", S_ATTACKS),
    ("climaxes", S_CLIMAX),
    ("encores", S_ENCORES),
    ("counters", S_COUNTERS),
    ("clocked", S_CLOCKED),
    ("mulligan", S_MULLIGAN),
    ("cards_played", S_PLAYED),
]
COLUMNS = GAME_COLUMNS + [f"{name}_{s}" for name, _ in PLAYER_STATS for s in ("a", "b")]
NCOL = len(COLUMNS)
STAT_OFFSETS = np.array([off for _, off in PLAYER_STATS], dtype=np.int64)
BUF = 256


@kernel
def write_row(st, game, out, k, stat_offsets):
    out[k, 0] = game
    out[k, 1] = st[G_FIRST]
    out[k, 2] = st[G_WINNER]
    out[k, 3] = st[G_REASON]
    out[k, 4] = st[G_TURN]
    out[k, 5] = st[G_ERROR]
    c = 6
    for i in range(stat_offsets.shape[0]):
        out[k, c] = st[stat_offsets[i]]
        out[k, c + 1] = st[PSIZE + stat_offsets[i]]
        c += 2


@njit(cache=True, nogil=True)
def run_batch(ct, decks, seed, start, n, fams, prms, ruleset, turn_cap, debug, stat_offsets,
              out):
    """Play games start..start+n-1 into out[0..n-1] on the calling thread. Game g: deck A
    goes first when g is even; games 2k and 2k+1 share their shuffles (pair k). Without the
    GIL, so that simcore.gamekit runs the chunks of a batch on several threads at once."""
    st = np.empty(SIZE, dtype=np.int32)
    rng = np.zeros(8, dtype=np.uint64)
    buf = np.empty(BUF, dtype=np.int32)
    lg = np.empty((0, LOG_WIDTH), dtype=np.int32)
    for k in range(n):
        g = start + k
        play_game(st, ct, lg, decks, g & 1, seed, g >> 1, g, fams, prms, rng, buf,
                  ruleset, turn_cap, debug)
        write_row(st, g, out, k, stat_offsets)


@njit(cache=True)
def replay_game(ct, decks, seed, game, fams, prms, ruleset, turn_cap, lg, st):
    """Play one game with its log, exactly as run_batch plays it."""
    rng = np.zeros(8, dtype=np.uint64)
    buf = np.empty(BUF, dtype=np.int32)
    play_game(st, ct, lg, decks, game & 1, seed, game >> 1, game, fams, prms, rng, buf,
              ruleset, turn_cap, True)
