"""The built-in effect codes of ONE PIECE cards (cards.EFF_*), what `--effects none` plays
and what a card's [Trigger] does when it has no compiled program: draw, add Life, K.O.,
rest, return to hand, power. Apart from the engine so that the effect interpreter can
resolve a [Trigger] revealed by effect damage too."""

from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.events import log
from tcgsim.simcore.games.onepiece.layout import (
    DECK,
    EMPTY,
    F_BPOW,
    F_CARD,
    F_RESTED,
    F_TPOW,
    G_ATT,
    G_OVER,
    HAND,
    HAND_CAP,
    LIFE_CAP,
    LIMBO,
    LOST,
    N_DECK,
    N_HAND,
    N_LIFE,
    PSIZE,
    R_DECK_OUT,
)
from tcgsim.simcore.games.onepiece.legal import effect_targets
from tcgsim.simcore.games.onepiece.zones import (
    ERR_ILLEGAL,
    add_life,
    draw,
    fail,
    ko,
    leave_field,
    place_character,
    place_stage,
    push,
    rule_processing,
    to_trash,
)
from tcgsim.simcore.jit import kernel
from tcgsim.strategies.onepiece import policy


@kernel
def resolve_basic(st, ct, lg, p, eff, val, src, forced_target, fams, prms, rng, buf):
    """Resolve one modelled effect of p other than damage (so [Trigger]s never recurse).
    `forced_target` (>= 0) is a target already chosen, as a [Counter] Event's boost
    target is; otherwise p's strategy chooses."""
    b = p * PSIZE
    o = 1 - p
    log(st, lg, E.E_EFFECT, p, src, eff, val)
    if eff == C.EFF_DRAW:
        for _ in range(val):
            draw(st, lg, p)
            if st[G_OVER] != 0:
                return
    elif eff == C.EFF_ADD_LIFE:
        for _ in range(val):
            n = st[b + N_DECK]
            if n == 0 or st[b + N_LIFE] >= LIFE_CAP:
                return
            card = st[b + DECK + n - 1]
            st[b + N_DECK] = n - 1
            add_life(st, p, card, False)
            log(st, lg, E.E_ADD_LIFE, p, card, 0, 0)
            if n == 1:
                st[b + LOST] = R_DECK_OUT
                rule_processing(st, lg)
                return
    elif eff != C.EFF_NONE and eff != C.EFF_PLAY_SELF:
        r = forced_target
        if r < 0:
            n = effect_targets(st, ct, p, eff, val, buf)
            if n == 0:
                return
            r = policy.choose_target(st, ct, p, eff, val, fams[p], prms[p], rng, 2 + p, buf, n)
            if r < 0:
                return
            ok = False
            for i in range(n):
                if buf[i] == r:
                    ok = True
            if not ok:
                fail(st, lg, ERR_ILLEGAL)
                return
        if eff == C.EFF_KO_COST_LE or eff == C.EFF_KO_POWER_LE:
            log(st, lg, E.E_TARGET, o, st[o * PSIZE + F_CARD + r], 0, 0)
            ko(st, lg, o, r)
        elif eff == C.EFF_BOUNCE_COST_LE:
            log(st, lg, E.E_TARGET, o, st[o * PSIZE + F_CARD + r], 0, 0)
            card = leave_field(st, o, r)
            push(st, o * PSIZE, HAND, N_HAND, HAND_CAP, card)
        elif eff == C.EFF_REST_COST_LE:
            st[o * PSIZE + F_RESTED + r] = 1
            log(st, lg, E.E_TARGET, o, st[o * PSIZE + F_CARD + r], 0, 0)
        elif eff == C.EFF_POWER_TURN:
            st[b + F_TPOW + r] += val
            log(st, lg, E.E_TARGET, p, st[b + F_CARD + r], 0, 0)
        elif eff == C.EFF_POWER_BATTLE:
            if st[G_ATT] != EMPTY:
                st[b + F_BPOW + r] += val
            log(st, lg, E.E_TARGET, p, st[b + F_CARD + r], 0, 0)




@kernel
def basic_trigger(st, ct, lg, d, card, fams, prms, rng, buf):
    """d's [Trigger] of `card` by its built-in effect code: play the card (10-1-5-4), or
    resolve the effect with the card in no area, then trash it (10-1-5-3)."""
    b = d * PSIZE
    eff = ct[card, C.TRIGGER_EFF]
    if eff == C.EFF_PLAY_SELF:
        if ct[card, C.CATEGORY] == C.CHARACTER:
            place_character(st, ct, lg, d, card, fams, prms, rng)
        elif ct[card, C.CATEGORY] == C.STAGE:
            place_stage(st, lg, d, card)
        else:
            to_trash(st, d, card)
        return
    st[b + LIMBO] = card
    resolve_basic(st, ct, lg, d, eff, ct[card, C.TRIGGER_VAL], card, -1, fams, prms, rng, buf)
    st[b + LIMBO] = EMPTY
    to_trash(st, d, card)
