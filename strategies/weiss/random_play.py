"""Weiss Schwarz `random`: every decision uniform over the legal options (the baseline)."""

from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss.layout import (
    EMPTY,
    HAND,
    N_HAND,
    N_STOCK,
    NFRONT,
    NSLOT,
    PSIZE,
    S_CARD,
)
from tcgsim.simcore.games.weiss.legal import (
    DIRECT,
    can_attack_with,
    can_play_climax,
    counter_power,
    facing,
    legal_main_actions,
)
from tcgsim.simcore.jit import kernel
from tcgsim.simcore.rng import randint


@kernel
def mulligan(st, ct, p, prm, rng, s):
    return randint(rng, s, 1 << st[p * PSIZE + N_HAND])


@kernel
def clock(st, ct, p, prm, rng, s, buf):
    return randint(rng, s, st[p * PSIZE + N_HAND] + 1) - 1


@kernel
def main_action(st, ct, p, prm, rng, s, buf):
    n = legal_main_actions(st, ct, p, buf)
    return buf[randint(rng, s, n)]


@kernel
def climax(st, ct, p, prm, rng, s, buf):
    n = 0
    for h in range(st[p * PSIZE + N_HAND]):
        if can_play_climax(st, ct, p, h):
            buf[n] = h
            n += 1
    k = randint(rng, s, n + 1)
    return -1 if k == n else buf[k]


@kernel
def attack(st, ct, p, prm, rng, s, buf):
    """Uniform over ending the attacks and every (attacker, legal attack type)."""
    ob = (1 - p) * PSIZE
    n = 0
    for a in range(NFRONT):
        if can_attack_with(st, p, a):
            if st[ob + S_CARD + facing(a)] == EMPTY:
                buf[n] = a | (DIRECT << 8)
                n += 1
            else:
                buf[n] = a
                buf[n + 1] = a | (1 << 8)
                n += 2
    k = randint(rng, s, n + 1)
    return -1 if k == n else buf[k]


@kernel
def trigger(st, ct, p, icon, prm, rng, s, buf, n):
    k = randint(rng, s, n + 1)
    if k == n:
        return -1
    if icon == C.T_STANDBY:
        return k | (randint(rng, s, NSLOT) << 8)
    if icon == C.T_CHOICE:
        return k | (randint(rng, s, 2) << 8)
    return k


@kernel
def counter(st, ct, d, fs, prm, rng, s, buf):
    n = 0
    for h in range(st[d * PSIZE + N_HAND]):
        if counter_power(st, ct, d, h) > 0:
            buf[n] = h
            n += 1
    k = randint(rng, s, n + 1)
    return -1 if k == n else buf[k]


@kernel
def encore(st, ct, p, slot, card, prm, rng, s, buf):
    b = p * PSIZE
    n = 0
    buf[n] = 0
    n += 1
    if st[b + N_STOCK] >= 3:
        buf[n] = 1
        n += 1
    kind = ct[card, C.ENCORE_KIND]
    if kind == C.ENC_STOCK and st[b + N_STOCK] >= ct[card, C.ENCORE_COST]:
        buf[n] = 2
        n += 1
    elif kind == C.ENC_HAND:
        for h in range(st[b + N_HAND]):
            if ct[st[b + HAND + h], C.TYPE] == C.CHARACTER:
                buf[n] = 2 | (h << 4)
                n += 1
    return buf[randint(rng, s, n)]


@kernel
def level_up(st, ct, p, prm, rng, s, buf):
    return randint(rng, s, 7)


@kernel
def discard(st, ct, p, prm, rng, s, buf):
    return randint(rng, s, st[p * PSIZE + N_HAND])
