"""Weiss Schwarz `default`: curve by level, clock while it is safe, push damage, attack
frontally when it reverses and to the side when that keeps soul, counter to save a character,
encore what is worth it, and level up with cards that unlock colours (never a climax).

Parameters (prm[i]): see FAMILIES in strategies.weiss. The heuristic families (default,
aggro, control) share this parameter layout (P_* below) and the decisions here; aggro and
control replace the Main Phase and attack choices.
"""

from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss.layout import (
    CLOCK,
    EMPTY,
    G_ATT,
    HAND,
    N_CLOCK,
    N_HAND,
    N_LEVEL,
    N_STOCK,
    NFRONT,
    NSLOT,
    PSIZE,
    S_CARD,
    WR,
)
from tcgsim.simcore.games.weiss.legal import (
    A_BRAIN,
    A_END,
    A_EVENT,
    A_PLAY,
    DIRECT,
    FRONTAL,
    SIDE,
    can_attack_with,
    can_brainstorm,
    can_play_character,
    can_play_climax,
    can_play_event,
    counter_power,
    encode,
    facing,
    has_color,
    power,
    soul,
)
from tcgsim.simcore.jit import kernel

P_MULL_LEVEL, P_CLOCK_LIMIT, P_HAND_MAX, P_STOCK_KEEP = 0, 1, 2, 3
P_ENCORE_LEVEL, P_COUNTER_LEVEL, P_SIDE_MIN_SOUL, P_REPLACE_MARGIN = 4, 5, 6, 7
P_CLIMAX_MIN, P_FRONTAL_MARGIN = 8, 9


@kernel
def mulligan(st, ct, p, prm, rng, s):
    """Put back climaxes and cards above level P_MULL_LEVEL."""
    b = p * PSIZE
    mask = 0
    for h in range(st[b + N_HAND]):
        card = st[b + HAND + h]
        if ct[card, C.TYPE] == C.CLIMAX or ct[card, C.LEVEL] > prm[P_MULL_LEVEL]:
            mask |= 1 << h
    return mask


@kernel
def card_value(st, ct, p, h):
    """How much p wants to keep hand card h (higher = keep)."""
    b = p * PSIZE
    card = st[b + HAND + h]
    lvl = st[b + N_LEVEL]
    t = ct[card, C.TYPE]
    if t == C.CLIMAX:
        ncx = 0
        for i in range(st[b + N_HAND]):
            if ct[st[b + HAND + i], C.TYPE] == C.CLIMAX:
                ncx += 1
        return 5 if ncx > 1 else 40
    v = 20 + ct[card, C.POWER] // 500
    cl = ct[card, C.LEVEL]
    if cl < lvl:
        v -= 10 * (lvl - cl)  # outgrown
    elif cl > lvl + 1:
        v -= 8 * (cl - lvl - 1)  # far from playable
    if ct[card, C.BACKUP] > 0 or ct[card, C.COUNTER] == 1:
        v += 8
    return v


@kernel
def least_valuable(st, ct, p):
    b = p * PSIZE
    best = -1
    best_v = 1 << 30
    for h in range(st[b + N_HAND]):
        v = card_value(st, ct, p, h)
        if v < best_v:
            best_v = v
            best = h
    return best


@kernel
def clock(st, ct, p, prm, rng, s, buf):
    """Clock the least useful card while level * 7 + clock < P_CLOCK_LIMIT."""
    b = p * PSIZE
    if st[b + N_HAND] == 0:
        return -1
    if st[b + N_LEVEL] * 7 + st[b + N_CLOCK] >= prm[P_CLOCK_LIMIT]:
        return -1
    if st[b + N_HAND] > prm[P_HAND_MAX]:
        return -1
    return least_valuable(st, ct, p)


@kernel
def weakest_slot(st, ct, p, lo, hi):
    """Slot in [lo, hi) with the lowest power (an empty slot counts lowest)."""
    b = p * PSIZE
    best = -1
    best_v = 1 << 30
    for s in range(lo, hi):
        if st[b + S_CARD + s] == EMPTY:
            return s
        v = power(st, ct, p, s)
        if v < best_v:
            best_v = v
            best = s
    return best


@kernel
def main_action(st, ct, p, prm, rng, s, buf):
    b = p * PSIZE
    lvl = st[b + N_LEVEL]
    stock = st[b + N_STOCK]
    # 1. Characters: highest level first, front row first.
    best_h = -1
    best_slot = -1
    best_key = -1
    for h in range(st[b + N_HAND]):
        if not can_play_character(st, ct, p, h):
            continue
        card = st[b + HAND + h]
        cost = ct[card, C.COST]
        if cost > 0 and stock - cost < prm[P_STOCK_KEEP] and ct[card, C.LEVEL] < lvl:
            continue
        back = ct[card, C.ASSIST] > 0 or ct[card, C.ASSIST_LV] > 0 or ct[card, C.BRAIN_N] > 0
        if back:
            slot = weakest_slot(st, ct, p, 3, NSLOT)
        else:
            slot = weakest_slot(st, ct, p, 0, NFRONT)
            if st[b + S_CARD + slot] != EMPTY:
                cur = power(st, ct, p, slot)
                if ct[card, C.POWER] < cur + prm[P_REPLACE_MARGIN]:
                    slot = weakest_slot(st, ct, p, 3, NSLOT)
        if st[b + S_CARD + slot] != EMPTY:
            old = st[b + S_CARD + slot]
            if ct[card, C.POWER] < ct[old, C.POWER] + prm[P_REPLACE_MARGIN] and not (
                    back and ct[old, C.ASSIST] == 0 and ct[old, C.BRAIN_N] == 0
                    and ct[old, C.ASSIST_LV] == 0):
                continue
        key = ct[card, C.LEVEL] * 100000 + ct[card, C.POWER] // 10
        if key > best_key:
            best_key = key
            best_h = h
            best_slot = slot
    if best_h >= 0:
        return encode(A_PLAY, best_h, best_slot)
    # 2. Events (draw, burn, salvage).
    for h in range(st[b + N_HAND]):
        if can_play_event(st, ct, p, h):
            card = st[b + HAND + h]
            if ct[card, C.COST] == 0 or stock - ct[card, C.COST] >= prm[P_STOCK_KEEP]:
                return encode(A_EVENT, h, 0)
    # 3. Brainstorm from the back row.
    for sl in range(NFRONT, NSLOT):
        if can_brainstorm(st, ct, p, sl):
            return encode(A_BRAIN, sl, 0)
    return encode(A_END, 0, 0)


@kernel
def climax(st, ct, p, prm, rng, s, buf):
    """Play a climax when at least P_CLIMAX_MIN front characters can swing with it."""
    b = p * PSIZE
    ready = 0
    for a in range(NFRONT):
        if can_attack_with(st, p, a):
            ready += 1
    if ready < prm[P_CLIMAX_MIN] or ready == 0:
        return -1
    for h in range(st[b + N_HAND]):
        if can_play_climax(st, ct, p, h):
            return h
    return -1


@kernel
def attack(st, ct, p, prm, rng, s, buf):
    """First attacker from the left. Direct if unopposed; frontal if its power beats the
    defender's by P_FRONTAL_MARGIN; otherwise side if that keeps P_SIDE_MIN_SOUL soul,
    else frontal."""
    o = 1 - p
    ob = o * PSIZE
    for a in range(NFRONT):
        if not can_attack_with(st, p, a):
            continue
        fs = facing(a)
        d = st[ob + S_CARD + fs]
        if d == EMPTY:
            return a | (DIRECT << 8)
        pa = power(st, ct, p, a)
        pd = power(st, ct, o, fs)
        if pa - pd >= prm[P_FRONTAL_MARGIN]:
            return a | (FRONTAL << 8)
        if soul(st, ct, p, a) - ct[d, C.LEVEL] >= prm[P_SIDE_MIN_SOUL]:
            return a | (SIDE << 8)
        return a | (FRONTAL << 8)
    return -1


@kernel
def trigger(st, ct, p, icon, prm, rng, s, buf, n):
    """Take every optional benefit: the best candidate by level then power."""
    b = p * PSIZE
    if icon == C.T_POOL or icon == C.T_DRAW or icon == C.T_TREASURE:
        return 0
    best = -1
    best_key = -1
    for i in range(n):
        if icon == C.T_RETURN:
            card = st[(1 - p) * PSIZE + S_CARD + buf[i]]
        else:
            card = st[b + WR + buf[i]]
        key = ct[card, C.LEVEL] * 1000000 + ct[card, C.POWER]
        if key > best_key:
            best_key = key
            best = i
    if icon == C.T_STANDBY:
        slot = -1
        for sl in range(NSLOT):
            if st[b + S_CARD + sl] == EMPTY:
                slot = sl
                break
        if slot < 0:
            slot = weakest_slot(st, ct, p, 0, NFRONT)
            if slot == st[G_ATT]:
                return -1
            card = st[b + WR + buf[best]]
            if ct[card, C.POWER] <= power(st, ct, p, slot):
                return -1
        return best | (slot << 8)
    return best


@kernel
def counter(st, ct, d, fs, prm, rng, s, buf):
    """Save a defender of level >= P_COUNTER_LEVEL that would be reversed, with the
    smallest counter that does it."""
    b = d * PSIZE
    a = 1 - d
    att = st[G_ATT]
    card = st[b + S_CARD + fs]
    if ct[card, C.LEVEL] < prm[P_COUNTER_LEVEL]:
        return -1
    need = power(st, ct, a, att) - power(st, ct, d, fs) + 1
    if need <= 0:
        return -1
    best = -1
    best_v = 1 << 30
    for h in range(st[b + N_HAND]):
        v = counter_power(st, ct, d, h)
        if v >= need and v < best_v:
            best_v = v
            best = h
    return best


@kernel
def encore(st, ct, p, slot, card, prm, rng, s, buf):
    """Encore characters of level >= P_ENCORE_LEVEL, the cheaper way first."""
    b = p * PSIZE
    if ct[card, C.LEVEL] < prm[P_ENCORE_LEVEL]:
        return 0
    kind = ct[card, C.ENCORE_KIND]
    if kind == C.ENC_HAND:
        worst = -1
        worst_v = 1 << 30
        for h in range(st[b + N_HAND]):
            c = st[b + HAND + h]
            if ct[c, C.TYPE] == C.CHARACTER:
                v = ct[c, C.LEVEL] * 100000 + ct[c, C.POWER]
                if v < worst_v:
                    worst_v = v
                    worst = h
        if worst >= 0:
            return 2 | (worst << 4)
    if kind == C.ENC_STOCK and st[b + N_STOCK] >= ct[card, C.ENCORE_COST] and ct[
            card, C.ENCORE_COST] < 3:
        return 2
    if st[b + N_STOCK] >= 3:
        return 1
    return 0


@kernel
def level_up(st, ct, p, prm, rng, s, buf):
    """Never a climax (it would leave the deck cycle); prefer a colour the hand needs that
    the level zone and clock do not yet give, then the least useful card."""
    b = p * PSIZE
    best = 0
    best_v = -(1 << 30)
    for k in range(7):
        card = st[b + CLOCK + k]
        v = 0
        if ct[card, C.TYPE] == C.CLIMAX:
            v -= 1000
        col = ct[card, C.COLOR]
        fresh = 10 if not has_color(st, ct, p, col) else 1
        for h in range(st[b + N_HAND]):
            hc = st[b + HAND + h]
            if ct[hc, C.COLOR] == col and ct[hc, C.LEVEL] > 0:
                v += fresh
        v -= ct[card, C.LEVEL]
        if v > best_v:
            best_v = v
            best = k
    return best


@kernel
def discard(st, ct, p, prm, rng, s, buf):
    return least_valuable(st, ct, p)
