"""Dragon Ball Super `aggro`: damage first. Play out, then swing every attacker at the
Leader (Life is the only way to win; a Battle Card that loses its battle still makes the
defender spend combos or a Blocker), KO a rested Battle Card only when it is expensive.
Combos, blocks and counters are the default's, with aggro's parameter values: few cards
charged, no energy kept back, Life spent before cards. Parameters: the default's layout
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
    """The default's plays; then the strongest attacker hits a rested Battle Card of cost
    >= P_KO_COST when it beats it, else the Leader when its power >= the Leader's power
    - P_EXPOSE (aggro's default: any attacker), else nothing more this turn."""
    act = common.develop(st, ct, p, prm, buf, False)
    if act >= 0:
        return act
    o = 1 - p
    ob = o * PSIZE
    att = common.strongest_attacker(st, ct, p)
    if att < 0:
        return encode(A_END, 0, 0)
    att_pow = power(st, ct, p, att)
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
    if att >= LEADER_REF or att_pow >= power(st, ct, o, LEADER_REF) - prm[P_EXPOSE]:
        return encode(A_ATTACK, att, LEADER_REF)
    for i in (LEADER_REF, UNISON_REF):
        if can_attack_with(st, ct, p, i):
            return encode(A_ATTACK, i, LEADER_REF)
    return encode(A_END, 0, 0)
