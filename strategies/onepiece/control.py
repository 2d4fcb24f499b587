"""ONE PIECE `control`: board and cards first. Keep DON!! back for [Counter] Events, attack
the opponent's Characters before the Leader, block and counter readily to keep Life and
Characters. Parameters: strategies.onepiece.HEURISTIC_PARAMS."""

from tcgsim.simcore.games.onepiece.layout import G_TURN
from tcgsim.simcore.games.onepiece.legal import A_ATTACK, A_END, A_PLAY, NO_ACTION, act_kind, encode
from tcgsim.simcore.jit import kernel_inline
from tcgsim.strategies.onepiece.common import (
    P_COUNTER_RESERVE,
    P_DON_MARGIN,
    P_KO_MIN_COST,
    activation_choice,
    attack_choice,
    don_choice,
    end_or_activation,
    play_choice,
)


@kernel_inline
def main_action(st, ct, fx, p, prm, rng, s, buf):
    a = activation_choice(st, ct, fx, p, buf, True, False)  # DON!! added first pays the plays
    if a != NO_ACTION:
        return a
    reserve = int(prm[P_COUNTER_RESERVE])
    h = play_choice(st, ct, fx, p, buf, False, reserve)
    if h >= 0:
        return encode(A_PLAY, h, 0)
    a = activation_choice(st, ct, fx, p, buf, False, False)
    if a != NO_ACTION:
        return a
    if st[G_TURN] <= 2:
        return encode(A_END, 0, 0)
    a = attack_choice(st, ct, p, prm[P_KO_MIN_COST], False)
    if act_kind(a) == A_ATTACK:  # attacks that need no DON!! first
        return a
    a = don_choice(st, ct, fx, p, int(prm[P_DON_MARGIN]), reserve, buf)
    if a != NO_ACTION:
        return a
    return end_or_activation(st, ct, fx, p, buf)
