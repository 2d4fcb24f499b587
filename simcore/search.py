"""Game-free kernels of the search-based reference player: dealing afresh the cards a player
cannot see, scoring a playout, and picking the best candidate from the playouts' scores.

Each game's strategy package says which places of its state are hidden from whom, how a
candidate is carried out and how a game is played on (strategies/<game>/search.py).
"""

import numpy as np

from tcgsim.simcore.jit import kernel
from tcgsim.simcore.rng import shuffle


@kernel
def copy_state(dst, src):
    """dst[:] = src, element by element (a slice assignment needs numba's runtime)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@kernel
def redeal(st, segs, nseg, pool, rng, s):
    """Deal the cards at the places segs[:2 * nseg] names ((offset, length) pairs of st) afresh:
    gathered, put in card order, shuffled with stream s and placed back in the same places.
    Sorting first makes the deal a function of which cards are hidden, not of where they
    were, so a player who cannot see them draws the same worlds however they lie."""
    n = 0
    for i in range(nseg):
        off = segs[2 * i]
        for j in range(segs[2 * i + 1]):
            pool[n] = st[off + j]
            n += 1
    for i in range(1, n):  # insertion sort: at most a hundred-odd cards, no allocation
        x = pool[i]
        j = i - 1
        while j >= 0 and pool[j] > x:
            pool[j + 1] = pool[j]
            j -= 1
        pool[j + 1] = x
    shuffle(rng, s, pool, 0, n)
    n = 0
    for i in range(nseg):
        off = segs[2 * i]
        for j in range(segs[2 * i + 1]):
            st[off + j] = pool[n]
            n += 1


@kernel
def outcome(winner, p):
    """A finished playout's score for p: 1 won, 0 lost, 1/2 drawn (or stopped by an error)."""
    if winner == p:
        return 1.0
    if winner == 1 - p:
        return 0.0
    return 0.5


@kernel
def best_candidate(gain, n, base, worlds, z):
    """The candidate to take, from gain[c] and gain[n + c]: the sums over `worlds` playouts
    of candidate c's score less the fallback choice base's in the same world, and of its
    squares. The largest mean gain whose lower bound (mean - z standard errors of the paired
    differences) is above zero; base when none is, so noise alone never moves the choice
    away from the fallback policy's."""
    best = base
    best_mean = 0.0
    for c in range(n):
        if c == base:
            continue
        mean = gain[c] / worlds
        var = max(0.0, gain[n + c] / worlds - mean * mean)
        if mean - z * np.sqrt(var / max(1, worlds - 1)) > 0.0 and mean > best_mean:
            best = c
            best_mean = mean
    return best
