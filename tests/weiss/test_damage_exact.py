"""The engine's own damage routine against exact values: one instance of N damage into a
fresh shuffled 50-card deck with 8 climaxes is cancelled with probability
1 - C(42, N) / C(50, N) (hypergeometric), 4.10.1."""

from math import comb

import numpy as np
import pytest

from tcgsim.simcore.games.weiss import layout as L
from tcgsim.simcore.rng import shuffle
from tests.weiss.support import IDX, Game

TRIALS = 20000


@pytest.mark.parametrize("n", [1, 3, 5])
def test_4_10_1_cancel_rate_matches_hypergeometric(n):
    g = Game()
    deck = np.array([IDX["CX"]] * 8 + [IDX["CHAR"]] * 42, dtype=np.int32)
    cancelled = 0
    b = L.PSIZE
    for _ in range(TRIALS):
        g.st[b + L.DECK: b + L.DECK + 50] = deck
        g.st[b + L.N_DECK] = 50
        g.st[b + L.N_WR] = 0
        g.st[b + L.N_CLOCK] = 0
        shuffle(g.rng, 1, g.st, b + L.DECK, 50)
        cancelled += g.deal_damage(1, n) == 1
    p = 1 - comb(42, n) / comb(50, n)
    se = (p * (1 - p) / TRIALS) ** 0.5
    assert abs(cancelled / TRIALS - p) < 4.5 * se, (cancelled / TRIALS, p)
