"""Dragon Ball Super `default`: charge the least useful card, curve out, attack where the
attack wins, combo as attacker to clear a margin and as defender to survive, block with
[Blocker]s, keep energy for defence when threatened, awaken as soon as allowed.

Parameters (prm[i]): see FAMILIES in strategies.dbs.
"""

from tcgsim.simcore.games.dbs import cards as C
from tcgsim.simcore.games.dbs.layout import (
    B_CARD,
    COMBO_POW,
    EN_ACTIVE,
    EN_CC,
    FIELD,
    G_ACTIVE,
    G_ATT,
    G_GUARD,
    G_TURN,
    HAND,
    LEADER_REF,
    N_BATTLE,
    N_COMBO,
    N_EN,
    N_HAND,
    N_LIFE,
    NCOLOR,
    PSIZE,
    REALM_USED,
    U_CARD,
    U_STACKED,
    UNISON_REF,
)
from tcgsim.simcore.games.dbs.legal import (
    A_ATTACK,
    A_AWAKEN,
    A_END,
    A_PLAY,
    A_REALM,
    A_STACK,
    C_AWAKEN,
    C_EXTRA,
    C_FIELD,
    C_HAND,
    C_STOP,
    can_attack_with,
    can_awaken,
    can_battle_extra,
    can_be_attacked,
    can_combo_field,
    can_combo_hand,
    can_counter_attack,
    can_counter_play,
    can_over_realm,
    can_play_from_hand,
    can_stack,
    card_at,
    encode,
    is_legal_blocker,
    keywords,
    ko_targets,
    power,
    strike,
)
from tcgsim.simcore.jit import kernel

P_MULL, P_ENERGY, P_CHARGE_HAND, P_THREAT, P_RESERVE, P_ATK_MARGIN, P_ATK_COMBOS = range(7)
P_DEF_LIFE, P_BLOCK_LIFE, P_SAVE_COST, P_EXPOSE, P_KO_COST, P_COUNTER_COST, P_OFFER = range(
    7, 14)


@kernel
def mulligan(st, ct, p, prm, rng, s):
    """Return every opening-hand card with energy cost >= mulligan_cost."""
    b = p * PSIZE
    mask = 0
    for h in range(st[b + N_HAND]):
        if ct[st[b + HAND + h], C.COST] >= prm[P_MULL]:
            mask |= 1 << h
    return mask


@kernel
def _reserve(st, p, prm):
    """Energy to keep Active for the opponent's turn (0 unless threatened)."""
    if st[p * PSIZE + N_LIFE] <= prm[P_THREAT]:
        return int(prm[P_RESERVE])
    return 0


@kernel
def charge(st, ct, p, prm, rng, s):
    """Charge until energy_target, then only from a big hand: the card least worth keeping
    (no combo power, far from castable), favouring colours the hand needs and energy lacks."""
    b = p * PSIZE
    n_en = st[b + N_EN]
    n = st[b + N_HAND]
    if n == 0 or (n_en >= prm[P_ENERGY] and n < prm[P_CHARGE_HAND]):
        return -1
    need = 0  # colours specified by hand cards that no active energy has
    for h in range(n):
        need |= ct[st[b + HAND + h], C.SPEC_MASK]
    for c in range(NCOLOR):
        if st[b + EN_CC + c] != 0:
            need &= ~(1 << c)
    best = -1
    best_key = 1 << 30
    for h in range(n):
        card = st[b + HAND + h]
        cost = ct[card, C.COST]
        key = ct[card, C.COMBO_POWER]
        if cost <= n_en + 1:
            key += 20000
        elif cost <= n_en + 3:
            key += 10000
        t = ct[card, C.TYPE]
        if t == C.EXTRA:
            key += 12000
        if ct[card, C.COLORS] & need:
            key -= 15000
        if key < best_key:
            best_key = key
            best = h
    return best


@kernel
def _play_choice(st, ct, p, budget, buf):
    """Hand index of the card worth playing now within budget energy, or -1."""
    b = p * PSIZE
    best = -1
    best_score = -1
    for h in range(st[b + N_HAND]):
        card = st[b + HAND + h]
        cost = ct[card, C.COST]
        if cost > budget or cost * 10 + 6 <= best_score:  # cost * 10 + 6 is its best score
            continue
        t = ct[card, C.TYPE]
        score = -1
        if t == C.BATTLE:
            score = cost * 10 + 5
        elif t == C.UNISON:
            if st[b + U_CARD] == -1:
                score = cost * 10 + 3
        else:
            tm = ct[card, C.TIMING]
            eff = ct[card, C.EFF]
            if tm == C.T_FIELD:
                if st[b + FIELD] == -1:
                    score = cost * 10 + 2
            elif eff == C.EFF_KO_POWER_LE:
                if ko_targets(st, ct, p, ct[card, C.VAL], buf) > 0:
                    score = cost * 10 + 6
            elif eff == C.EFF_DRAW or eff == C.EFF_CHARGE:
                score = cost * 10 + 4
        if score > best_score and can_play_from_hand(st, ct, p, h, 0):  # legality last
            best_score = score
            best = h
    return best


@kernel
def main_action(st, ct, p, prm, rng, s, buf):
    b = p * PSIZE
    o = 1 - p
    ob = o * PSIZE
    if can_awaken(st, ct, p):
        return encode(A_AWAKEN, 0, 0)
    if st[b + REALM_USED] == 0 or (st[b + U_CARD] != -1 and st[b + U_STACKED] == 0):
        for h in range(st[b + N_HAND]):
            if ct[st[b + HAND + h], C.OVER_REALM] > 0 and can_over_realm(st, ct, p, h):
                return encode(A_REALM, h, 0)
            if ct[st[b + HAND + h], C.TYPE] == C.UNISON and can_stack(st, ct, p, h):
                return encode(A_STACK, h, 0)
    h = _play_choice(st, ct, p, st[b + EN_ACTIVE] - _reserve(st, p, prm), buf)
    if h >= 0:
        return encode(A_PLAY, h, 0)
    if st[G_TURN] == 1:
        return encode(A_END, 0, 0)
    # Attack: strongest attacker first; a rested Battle Card worth KOing, else the Leader.
    lead = power(st, ct, o, LEADER_REF)
    nb = st[b + N_BATTLE]
    tried = 0
    while tried < nb + 2:
        tried += 1
        att = -1
        att_pow = -(1 << 30)
        for i in range(nb + 2):
            ref = i if i < nb else LEADER_REF + i - nb
            if not can_attack_with(st, ct, p, ref):
                continue
            pw = power(st, ct, p, ref)
            if pw > att_pow:
                att_pow = pw
                att = ref
        if att < 0:
            return encode(A_END, 0, 0)
        best_t = -1
        best_cost = -1
        for t in range(st[ob + N_BATTLE]):
            if can_be_attacked(st, o, t) and power(st, ct, o, t) <= att_pow:
                cost = ct[st[ob + B_CARD + t], C.COST]
                if cost >= prm[P_KO_COST] and cost > best_cost:
                    best_cost = cost
                    best_t = t
        if best_t >= 0:
            return encode(A_ATTACK, att, best_t)
        if att >= LEADER_REF or att_pow >= lead - prm[P_EXPOSE]:
            return encode(A_ATTACK, att, LEADER_REF)
        if st[ob + U_CARD] != -1 and att_pow >= power(st, ct, o, UNISON_REF):
            return encode(A_ATTACK, att, UNISON_REF)
        # this Battle Card would lose: only the Leader/Unison may still attack
        for i in (LEADER_REF, UNISON_REF):
            if can_attack_with(st, ct, p, i):
                return encode(A_ATTACK, i, LEADER_REF)
        return encode(A_END, 0, 0)
    return encode(A_END, 0, 0)


@kernel
def _best_boost(st, ct, p, budget, need, allow_field):
    """The combo or battle Extra to use for `need` more power within budget energy: the
    cheapest one covering need (least power among those), else the biggest. Returns an
    encoded action, or C_STOP."""
    b = p * PSIZE
    best = encode(C_STOP, 0, 0)
    best_key = 1 << 30
    for h in range(st[b + N_HAND]):
        card = st[b + HAND + h]
        pw = 0
        cost = 0
        kind = C_HAND
        if can_combo_hand(st, ct, p, h):
            pw = ct[card, C.COMBO_POWER]
            cost = ct[card, C.COMBO_COST]
        elif ct[card, C.EFF] == C.EFF_POWER_BATTLE and can_battle_extra(st, ct, p, h):
            pw = ct[card, C.VAL]
            cost = ct[card, C.COST]
            kind = C_EXTRA
        if pw <= 0 or cost > budget:
            continue
        if pw >= need:
            key = cost * 1000000 + pw // 1000
        else:
            key = 500000000 + cost * 1000000 - pw // 1000
        if key < best_key:
            best_key = key
            best = encode(kind, h, 0)
    if allow_field:
        for r in range(st[b + N_BATTLE]):
            if can_combo_field(st, ct, p, r):
                card = st[b + B_CARD + r]
                cost = ct[card, C.COMBO_COST]
                pw = ct[card, C.COMBO_POWER]
                if cost > budget or pw <= 0:
                    continue
                key = 900000000 + cost * 1000000 - pw // 1000
                if key < best_key:
                    best_key = key
                    best = encode(C_FIELD, r, 0)
    return best


@kernel
def _boost_total(st, ct, p, budget, allow_field, buf):
    """Most power p could still add in this step within budget energy (greedy by power per
    energy: free combos first, then the biggest paid ones)."""
    b = p * PSIZE
    total = 0
    n = 0
    for h in range(st[b + N_HAND]):
        card = st[b + HAND + h]
        if can_combo_hand(st, ct, p, h):
            pw, cost = ct[card, C.COMBO_POWER], ct[card, C.COMBO_COST]
        elif ct[card, C.EFF] == C.EFF_POWER_BATTLE and can_battle_extra(st, ct, p, h):
            pw, cost = ct[card, C.VAL], ct[card, C.COST]
        else:
            continue
        if cost == 0:
            total += pw
        elif n < 60:
            buf[2 * n] = pw
            buf[2 * n + 1] = cost
            n += 1
    if allow_field:
        for r in range(st[b + N_BATTLE]):
            if can_combo_field(st, ct, p, r) and n < 60:
                card = st[b + B_CARD + r]
                if ct[card, C.COMBO_COST] == 0:
                    total += ct[card, C.COMBO_POWER]
                else:
                    buf[2 * n] = ct[card, C.COMBO_POWER]
                    buf[2 * n + 1] = ct[card, C.COMBO_COST]
                    n += 1
    left = budget
    while left > 0:
        k = -1
        for i in range(n):
            if buf[2 * i + 1] <= left and (k < 0 or buf[2 * i] > buf[2 * k]):
                k = i
        if k < 0:
            break
        total += buf[2 * k]
        left -= buf[2 * k + 1]
        buf[2 * k + 1] = 1 << 30
    return total


@kernel
def battle_action(st, ct, p, prm, rng, s, buf):
    """Offense Step: combo until attack >= guard + attack_margin when that is reachable.
    Defense Step: awaken, then combo to make the guard win when the hit matters and it can."""
    b = p * PSIZE
    a = st[G_ACTIVE]
    d = 1 - a
    if can_awaken(st, ct, p):
        return encode(C_AWAKEN, 0, 0)
    pa = power(st, ct, a, st[G_ATT]) + st[a * PSIZE + COMBO_POW]
    pg = power(st, ct, d, st[G_GUARD]) + st[d * PSIZE + COMBO_POW]
    if p == a:
        if pa >= pg + prm[P_ATK_MARGIN] or st[b + N_COMBO] >= prm[P_ATK_COMBOS]:
            return encode(C_STOP, 0, 0)
        budget = st[b + EN_ACTIVE] - _reserve(st, p, prm)
        if budget < 0:
            budget = 0
        if pa + _boost_total(st, ct, p, budget, False, buf) < pg:
            return encode(C_STOP, 0, 0)
        return _best_boost(st, ct, p, budget, pg + int(prm[P_ATK_MARGIN]) - pa, False)
    if pg > pa:
        return encode(C_STOP, 0, 0)
    guard = st[G_GUARD]
    life = st[b + N_LIFE]
    if guard == LEADER_REF:
        kw = keywords(st, ct, a, st[G_ATT])
        hard = (strike(kw) >= 2 or (kw & (C.KW_CRITICAL | C.KW_VICTORY_STRIKE)) != 0)
        if life > prm[P_DEF_LIFE] and not hard:
            return encode(C_STOP, 0, 0)
    elif ct[card_at(st, p, guard), C.COST] < prm[P_SAVE_COST]:
        return encode(C_STOP, 0, 0)
    need = pa - pg + 1
    field = guard == LEADER_REF and life <= 2
    if _boost_total(st, ct, p, st[b + EN_ACTIVE], field, buf) < need:
        return encode(C_STOP, 0, 0)
    return _best_boost(st, ct, p, st[b + EN_ACTIVE], need, field)


@kernel
def block(st, ct, d, prm, rng, s, buf):
    """Block with a [Blocker] that survives the hit; sacrifice the cheapest one for the
    Leader at block_life or less, or for a Battle Card worth more."""
    a = st[G_ACTIVE]
    t = st[G_GUARD]
    db = d * PSIZE
    pa = power(st, ct, a, st[G_ATT])
    if pa < power(st, ct, d, t):
        return -1
    safe = -1
    safe_cost = 1 << 30
    cheap = -1
    cheap_cost = 1 << 30
    for r in range(st[db + N_BATTLE]):
        if is_legal_blocker(st, ct, d, r):
            cost = ct[st[db + B_CARD + r], C.COST]
            if power(st, ct, d, r) > pa and cost < safe_cost:
                safe_cost = cost
                safe = r
            if cost < cheap_cost:
                cheap_cost = cost
                cheap = r
    if safe >= 0:
        return safe
    if t == LEADER_REF:
        return cheap if st[db + N_LIFE] <= prm[P_BLOCK_LIFE] else -1
    if t != UNISON_REF:
        tcost = ct[st[db + B_CARD + t], C.COST]
        if tcost >= prm[P_SAVE_COST] and cheap_cost < tcost:
            return cheap
    return -1


@kernel
def counter_play(st, ct, d, card, prm, rng, s, buf):
    if ct[card, C.COST] < prm[P_COUNTER_COST]:
        return -1
    for h in range(st[d * PSIZE + N_HAND]):
        if can_counter_play(st, ct, d, h, card):
            return h
    return -1


@kernel
def counter_attack(st, ct, d, prm, rng, s, buf):
    """Negate an attack on the Leader that would hit when Life is at defend_life or less."""
    a = st[G_ACTIVE]
    if st[G_GUARD] != LEADER_REF or st[d * PSIZE + N_LIFE] > prm[P_DEF_LIFE]:
        return -1
    if power(st, ct, a, st[G_ATT]) < power(st, ct, d, LEADER_REF):
        return -1
    for h in range(st[d * PSIZE + N_HAND]):
        if can_counter_attack(st, ct, d, h):
            return h
    return -1


@kernel
def choose_ko(st, ct, p, val, prm, rng, s, cand, n):
    """KO the most powerful candidate that can be KO'd."""
    o = 1 - p
    best = -1
    best_pow = -(1 << 30)
    for i in range(n):
        if keywords(st, ct, o, cand[i]) & C.KW_INDESTRUCTIBLE:
            continue
        pw = power(st, ct, o, cand[i])
        if pw > best_pow:
            best_pow = pw
            best = cand[i]
    return best


@kernel
def offering(st, ct, o, prm, rng, s):
    """Pay a Life card (to the Drop) only with offering_life or more."""
    return st[o * PSIZE + N_LIFE] >= prm[P_OFFER]


@kernel
def discard(st, ct, o, prm, rng, s):
    """Discard the card with the least combo power (the costliest among those)."""
    b = o * PSIZE
    best = 0
    best_key = 1 << 30
    for h in range(st[b + N_HAND]):
        card = st[b + HAND + h]
        key = ct[card, C.COMBO_POWER] * 100 - ct[card, C.COST]
        if key < best_key:
            best_key = key
            best = h
    return best

