"""ONE PIECE `aggro`: damage first. Flood the board with the cheapest Characters, put every
DON!! into attackers, swing only at the Leader, spend counters only to survive a lethal hit.
Parameters: strategies.onepiece.HEURISTIC_PARAMS."""

from tcgsim.simcore.games.onepiece.layout import G_TURN
from tcgsim.simcore.games.onepiece.legal import A_END, A_PLAY, NO_ACTION, act_kind, encode
from tcgsim.simcore.jit import kernel_inline
from tcgsim.strategies.onepiece.common import (
    P_COUNTER_RESERVE,
    P_DON_MARGIN,
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
    h = play_choice(st, ct, fx, p, buf, True, int(prm[P_COUNTER_RESERVE]))
    if h >= 0:
        return encode(A_PLAY, h, 0)
    a = activation_choice(st, ct, fx, p, buf, False, False)
    if a != NO_ACTION:
        return a
    if st[G_TURN] <= 2:
        return encode(A_END, 0, 0)
    a = don_choice(st, ct, fx, p, int(prm[P_DON_MARGIN]), int(prm[P_COUNTER_RESERVE]),
                   buf)
    if a != NO_ACTION:
        return a
    a = attack_choice(st, ct, p, 0.0, True)  # float64, as default's parameter
    return end_or_activation(st, ct, fx, p, buf) if act_kind(a) == A_END else a
