"""ONE PIECE `default`: curve out with the costliest plays, give DON!! where it wins battles,
attack the Leader or profitable targets, block and counter to stay alive, keep counters when
not threatened. Parameters: strategies.onepiece.HEURISTIC_PARAMS."""

from tcgsim.simcore.games.onepiece.layout import G_TURN, LEADER_REF
from tcgsim.simcore.games.onepiece.legal import (
    A_ATTACK,
    A_END,
    A_PLAY,
    NO_ACTION,
    act_kind,
    encode,
)
from tcgsim.simcore.jit import kernel_inline
from tcgsim.strategies.onepiece.common import (
    P_COUNTER_RESERVE,
    P_DON_MARGIN,
    P_KO_MIN_COST,
    ability_attack,
    activation_choice,
    attack_choice,
    don_choice,
    draw_attack,
    end_or_activation,
    play_choice,
)


@kernel_inline
def main_action(st, ct, fx, p, prm, rng, s, buf):
    a = activation_choice(st, ct, fx, p, buf, True, False)  # DON!! added first pays the plays
    if a != NO_ACTION:
        return a
    if st[G_TURN] > 2:
        r = draw_attack(st, ct, fx, p)  # its draws can then be played
        if r >= 0:
            return encode(A_ATTACK, r, LEADER_REF)
    h = play_choice(st, ct, fx, p, buf, False, int(prm[P_COUNTER_RESERVE]))
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
    a = attack_choice(st, ct, p, prm[P_KO_MIN_COST], False)
    if act_kind(a) != A_END:
        return a
    r = ability_attack(st, ct, fx, p, buf)  # an attack for its [When Attacking] ability
    if r >= 0:
        return encode(A_ATTACK, r, LEADER_REF)
    return end_or_activation(st, ct, fx, p, buf)
