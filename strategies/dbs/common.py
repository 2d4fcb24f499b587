"""Main Phase steps shared by the Dragon Ball Super `aggro` and `control` families: develop
the board (awaken, [Over Realm], stack a Unison, play a card) and pick the attacker. The
default's own Main Phase stays in strategies.dbs.default."""

from tcgsim.simcore.games.dbs import cards as C
from tcgsim.simcore.games.dbs.layout import (
    EN_ACTIVE,
    G_TURN,
    HAND,
    LEADER_REF,
    N_BATTLE,
    N_HAND,
    PSIZE,
)
from tcgsim.simcore.games.dbs.legal import (
    A_AWAKEN,
    A_END,
    A_PLAY,
    A_REALM,
    A_STACK,
    can_attack_with,
    can_awaken,
    can_over_realm,
    can_play_from_hand,
    can_stack,
    encode,
    ko_targets,
    power,
)
from tcgsim.simcore.jit import kernel
from tcgsim.strategies.dbs.default import _play_choice, _reserve


@kernel
def _value_choice(st, ct, p, budget, buf):
    """Hand index of the card worth most to `control` within budget energy, or -1: a KO
    Extra with a target, then draw or charge Extras (cards and energy), then the default's
    choice (Battle Cards by cost, Unison, [Field])."""
    b = p * PSIZE
    best = -1
    best_score = -1
    for h in range(st[b + N_HAND]):
        card = st[b + HAND + h]
        if ct[card, C.TYPE] != C.EXTRA or ct[card, C.COST] > budget:
            continue
        if not can_play_from_hand(st, ct, p, h, 0):
            continue
        tm = ct[card, C.TIMING]
        if tm == C.T_FIELD:
            continue
        eff = ct[card, C.EFF]
        score = -1
        if eff == C.EFF_KO_POWER_LE:
            if ko_targets(st, ct, p, ct[card, C.VAL], buf) > 0:
                score = 200 + ct[card, C.COST]
        elif eff == C.EFF_DRAW or eff == C.EFF_CHARGE:
            score = 100 + ct[card, C.VAL]
        if score > best_score:
            best_score = score
            best = h
    if best >= 0:
        return best
    return _play_choice(st, ct, p, budget, buf)


@kernel
def develop(st, ct, p, prm, buf, value):
    """The next non-attack Main Phase action (awaken, [Over Realm], stack, play within the
    energy not kept in reserve; A_END on the first player's first turn), or -1 when it is
    time to attack. value: use `control`'s card choice instead of the default's."""
    b = p * PSIZE
    if can_awaken(st, ct, p):
        return encode(A_AWAKEN, 0, 0)
    for h in range(st[b + N_HAND]):
        if ct[st[b + HAND + h], C.OVER_REALM] > 0 and can_over_realm(st, ct, p, h):
            return encode(A_REALM, h, 0)
        if ct[st[b + HAND + h], C.TYPE] == C.UNISON and can_stack(st, ct, p, h):
            return encode(A_STACK, h, 0)
    budget = st[b + EN_ACTIVE] - _reserve(st, p, prm)
    if value:
        h = _value_choice(st, ct, p, budget, buf)
    else:
        h = _play_choice(st, ct, p, budget, buf)
    if h >= 0:
        return encode(A_PLAY, h, 0)
    if st[G_TURN] == 1:
        return encode(A_END, 0, 0)
    return -1


@kernel
def strongest_attacker(st, ct, p):
    """The ref of p's strongest card able to attack (Battle Cards, Leader, Unison), or -1."""
    nb = st[p * PSIZE + N_BATTLE]
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
    return att
