"""Weiss Schwarz `aggro`: damage first. Fill the front row before anything else, spend stock
on attackers rather than Encore or Backup, play a climax as soon as one character can swing,
attack unopposed slots first and frontally everywhere else (a frontal attack deals the full
soul; a side attack loses the defender's level). Parameters: the default's layout
(strategies.weiss.default, P_*)."""

from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss.layout import (
    EMPTY,
    HAND,
    N_HAND,
    N_LEVEL,
    N_STOCK,
    NFRONT,
    PSIZE,
    S_CARD,
)
from tcgsim.simcore.games.weiss.legal import (
    A_EVENT,
    A_PLAY,
    DIRECT,
    FRONTAL,
    SIDE,
    can_attack_with,
    can_play_character,
    can_play_event,
    encode,
    facing,
    power,
    soul,
)
from tcgsim.simcore.jit import kernel
from tcgsim.strategies.weiss import default
from tcgsim.strategies.weiss.default import (
    P_FRONTAL_MARGIN,
    P_REPLACE_MARGIN,
    P_SIDE_MIN_SOUL,
    P_STOCK_KEEP,
)


@kernel
def main_action(st, ct, p, prm, rng, s, buf):
    """An empty front slot gets the strongest playable character; then a front character
    P_REPLACE_MARGIN weaker than a playable one is replaced; then events; then the
    default's choices (back row, Brainstorm)."""
    b = p * PSIZE
    lvl = st[b + N_LEVEL]
    stock = st[b + N_STOCK]
    empty = -1
    weakest = -1
    weakest_pw = 1 << 30
    for sl in range(NFRONT):
        if st[b + S_CARD + sl] == EMPTY:
            if empty < 0:
                empty = sl
        else:
            pw = power(st, ct, p, sl)
            if pw < weakest_pw:
                weakest_pw = pw
                weakest = sl
    best_h = -1
    best_pw = -1
    for h in range(st[b + N_HAND]):
        if not can_play_character(st, ct, p, h):
            continue
        card = st[b + HAND + h]
        cost = ct[card, C.COST]
        if cost > 0 and stock - cost < prm[P_STOCK_KEEP] and ct[card, C.LEVEL] < lvl:
            continue
        pw = ct[card, C.POWER]
        if pw > best_pw:
            best_pw = pw
            best_h = h
    if best_h >= 0:
        if empty >= 0:
            return encode(A_PLAY, best_h, empty)
        if weakest >= 0 and best_pw >= weakest_pw + prm[P_REPLACE_MARGIN]:
            return encode(A_PLAY, best_h, weakest)
    for h in range(st[b + N_HAND]):
        if can_play_event(st, ct, p, h):
            card = st[b + HAND + h]
            if ct[card, C.COST] == 0 or stock - ct[card, C.COST] >= prm[P_STOCK_KEEP]:
                return encode(A_EVENT, h, 0)
    return default.main_action(st, ct, p, prm, rng, s, buf)


@kernel
def attack(st, ct, p, prm, rng, s, buf):
    """Unopposed attackers first (direct, +1 soul); then frontal when power - defender's
    power >= P_FRONTAL_MARGIN (aggro's default: always), else side if that keeps
    P_SIDE_MIN_SOUL soul, else frontal."""
    o = 1 - p
    ob = o * PSIZE
    for a in range(NFRONT):
        if can_attack_with(st, p, a) and st[ob + S_CARD + facing(a)] == EMPTY:
            return a | (DIRECT << 8)
    for a in range(NFRONT):
        if not can_attack_with(st, p, a):
            continue
        fs = facing(a)
        if power(st, ct, p, a) - power(st, ct, o, fs) >= prm[P_FRONTAL_MARGIN]:
            return a | (FRONTAL << 8)
        d = st[ob + S_CARD + fs]
        if soul(st, ct, p, a) - ct[d, C.LEVEL] >= prm[P_SIDE_MIN_SOUL]:
            return a | (SIDE << 8)
        return a | (FRONTAL << 8)
    return -1
