"""Weiss Schwarz `control` (value): board and cards first. Brainstorm before playing (card
advantage), keep stock for Encore and Backup, attack frontally only where the attacker
reverses its defender with room to spare (board advantage), otherwise to the side while that
keeps soul; counter to save any defender. Parameters: the default's layout
(strategies.weiss.default, P_*)."""

from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss.layout import EMPTY, N_STOCK, NFRONT, NSLOT, PSIZE, S_CARD
from tcgsim.simcore.games.weiss.legal import (
    A_BRAIN,
    DIRECT,
    FRONTAL,
    SIDE,
    can_attack_with,
    can_brainstorm,
    encode,
    facing,
    power,
    soul,
)
from tcgsim.simcore.jit import kernel
from tcgsim.strategies.weiss import default
from tcgsim.strategies.weiss.default import P_FRONTAL_MARGIN, P_SIDE_MIN_SOUL, P_STOCK_KEEP


@kernel
def main_action(st, ct, p, prm, rng, s, buf):
    """Brainstorm first while the stock stays at P_STOCK_KEEP, then the default's plays."""
    b = p * PSIZE
    for sl in range(NFRONT, NSLOT):
        if can_brainstorm(st, ct, p, sl):
            card = st[b + S_CARD + sl]
            if st[b + N_STOCK] - ct[card, C.BRAIN_COST] >= prm[P_STOCK_KEEP]:
                return encode(A_BRAIN, sl, 0)
    return default.main_action(st, ct, p, prm, rng, s, buf)


@kernel
def attack(st, ct, p, prm, rng, s, buf):
    """The attack that reverses a defender by the widest margin (at least
    P_FRONTAL_MARGIN) first, then direct attacks, then side attacks; frontal into a
    stronger defender only when a side attack would keep less than P_SIDE_MIN_SOUL soul."""
    o = 1 - p
    ob = o * PSIZE
    best = -1
    best_m = -(1 << 30)
    for a in range(NFRONT):
        if can_attack_with(st, p, a) and st[ob + S_CARD + facing(a)] != EMPTY:
            m = power(st, ct, p, a) - power(st, ct, o, facing(a))
            if m >= prm[P_FRONTAL_MARGIN] and m > best_m:
                best_m = m
                best = a
    if best >= 0:
        return best | (FRONTAL << 8)
    for a in range(NFRONT):
        if can_attack_with(st, p, a) and st[ob + S_CARD + facing(a)] == EMPTY:
            return a | (DIRECT << 8)
    for a in range(NFRONT):
        if can_attack_with(st, p, a):
            d = st[ob + S_CARD + facing(a)]
            if soul(st, ct, p, a) - ct[d, C.LEVEL] >= prm[P_SIDE_MIN_SOUL]:
                return a | (SIDE << 8)
            return a | (FRONTAL << 8)
    return -1
