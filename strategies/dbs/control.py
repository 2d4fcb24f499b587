"""Dragon Ball Super `control` (value): board and cards first. KO and draw Extras before
Battle Cards; attack rested Battle Cards first (the costliest one, with the weakest attacker
that still beats it, so the strong ones stay Active and cannot be attacked back); then the
Leader and Unison hit the Leader, and a Battle Card joins in only when its power clears the
Leader's by the margin -P_EXPOSE (an attacking Battle Card rests and becomes a target).
Combos, blocks and counters are the default's, with control's parameter values: energy kept
for defence, blocks and combos to save Battle Cards. Parameters: the default's layout
(strategies.dbs.default, P_*)."""

from tcgsim.simcore.games.dbs import cards as C
from tcgsim.simcore.games.dbs.layout import B_CARD, LEADER_REF, N_BATTLE, PSIZE, UNISON_REF
from tcgsim.simcore.games.dbs.legal import (
    A_ATTACK,
    A_END,
    can_attack_with,
    can_be_attacked,
    encode,
    power,
)
from tcgsim.simcore.jit import kernel
from tcgsim.strategies.dbs import common
from tcgsim.strategies.dbs.default import P_EXPOSE, P_KO_COST


@kernel
def main_action(st, ct, p, prm, rng, s, buf):
    act = common.develop(st, ct, p, prm, buf, True)
    if act >= 0:
        return act
    o = 1 - p
    ob = o * PSIZE
    nb = st[p * PSIZE + N_BATTLE]
    # A rested Battle Card of cost >= P_KO_COST: the costliest, by the weakest attacker
    # that beats it.
    best_t = -1
    best_cost = -1
    best_att = -1
    for t in range(st[ob + N_BATTLE]):
        if not can_be_attacked(st, o, t):
            continue
        cost = ct[st[ob + B_CARD + t], C.COST]
        if cost < prm[P_KO_COST] or cost <= best_cost:
            continue
        tp = power(st, ct, o, t)
        att = -1
        att_pow = 1 << 30
        for i in range(nb + 2):
            ref = i if i < nb else LEADER_REF + i - nb
            if can_attack_with(st, ct, p, ref):
                pw = power(st, ct, p, ref)
                if tp <= pw < att_pow:
                    att_pow = pw
                    att = ref
        if att >= 0:
            best_t = t
            best_cost = cost
            best_att = att
    if best_t >= 0:
        return encode(A_ATTACK, best_att, best_t)
    for ref in (LEADER_REF, UNISON_REF):
        if can_attack_with(st, ct, p, ref):
            return encode(A_ATTACK, ref, LEADER_REF)
    att = common.strongest_attacker(st, ct, p)
    if att >= 0 and power(st, ct, p, att) >= power(st, ct, o, LEADER_REF) - prm[P_EXPOSE]:
        return encode(A_ATTACK, att, LEADER_REF)
    return encode(A_END, 0, 0)
