"""Dragon Ball Super `random`: every decision uniform over the legal options (the baseline)."""

from tcgsim.simcore.games.dbs.layout import N_BATTLE, N_HAND, PSIZE
from tcgsim.simcore.games.dbs.legal import (
    can_counter_attack,
    can_counter_play,
    is_legal_blocker,
    legal_battle_actions,
    legal_main_actions,
)
from tcgsim.simcore.jit import kernel
from tcgsim.simcore.rng import randint


@kernel
def mulligan(st, ct, p, prm, rng, s):
    """Any subset of the opening hand (bit h = return hand card h)."""
    return randint(rng, s, 1 << st[p * PSIZE + N_HAND])


@kernel
def charge(st, ct, p, prm, rng, s):
    n = st[p * PSIZE + N_HAND]
    k = randint(rng, s, n + 1)
    return -1 if k == n else k


@kernel
def main_action(st, ct, p, prm, rng, s, buf):
    n = legal_main_actions(st, ct, p, buf)
    return buf[randint(rng, s, n)]


@kernel
def battle_action(st, ct, p, prm, rng, s, buf):
    n = legal_battle_actions(st, ct, p, buf)
    return buf[randint(rng, s, n)]


@kernel
def counter_play(st, ct, d, card, prm, rng, s, buf):
    n = 0
    for h in range(st[d * PSIZE + N_HAND]):
        if can_counter_play(st, ct, d, h, card):
            buf[n] = h
            n += 1
    k = randint(rng, s, n + 1)
    return -1 if k == n else buf[k]


@kernel
def counter_attack(st, ct, d, prm, rng, s, buf):
    n = 0
    for h in range(st[d * PSIZE + N_HAND]):
        if can_counter_attack(st, ct, d, h):
            buf[n] = h
            n += 1
    k = randint(rng, s, n + 1)
    return -1 if k == n else buf[k]


@kernel
def block(st, ct, d, prm, rng, s, buf):
    n = 0
    for r in range(st[d * PSIZE + N_BATTLE]):
        if is_legal_blocker(st, ct, d, r):
            buf[n] = r
            n += 1
    k = randint(rng, s, n + 1)
    return -1 if k == n else buf[k]


@kernel
def choose_ko(st, ct, p, val, prm, rng, s, cand, n):
    k = randint(rng, s, n + 1)
    return -1 if k == n else cand[k]


@kernel
def offering(st, ct, o, prm, rng, s):
    return randint(rng, s, 2) == 1


@kernel
def discard(st, ct, o, prm, rng, s):
    return randint(rng, s, st[o * PSIZE + N_HAND])
