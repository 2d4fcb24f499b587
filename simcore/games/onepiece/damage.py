"""Damage to a Leader (4-6-2, 10-1-5), shared by battle damage (engine) and effect damage
(effects/interp): the loss on 0 Life, and one point of damage taking the top Life card to
the hand, to the trash ([Banish]) or to its [Trigger]. A compiled [Trigger] is left for the
caller to resolve: the engine resolves it at once, the interpreter queues it."""

from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.basic import basic_trigger
from tcgsim.simcore.games.onepiece.effects.opcodes import T_TRIGGER
from tcgsim.simcore.games.onepiece.effects.query import has_timing
from tcgsim.simcore.games.onepiece.events import log
from tcgsim.simcore.games.onepiece.layout import (
    EMPTY,
    ENERGIO_EDITION,
    G_RULESET,
    HAND,
    HAND_CAP,
    LIMBO,
    LOST,
    N_HAND,
    N_LIFE,
    PSIZE,
    R_LIFE,
    S_DAMAGE,
    S_TRIGGERS,
)
from tcgsim.simcore.games.onepiece.zones import push, rule_processing, take_life, to_trash
from tcgsim.simcore.jit import kernel
from tcgsim.strategies.onepiece import policy


@kernel
def damage_lost(st, lg, d, amount):
    """Is `amount` damage to d's Leader over before a Life card moves: nothing for 0
    (4-6-2-2), d's defeat with 0 Life when the damage is dealt (9-2-1-1, 7-1-4-1-1-1)?"""
    if amount <= 0:
        return True
    if st[d * PSIZE + N_LIFE] == 0:
        st[d * PSIZE + LOST] = R_LIFE
        rule_processing(st, lg)
        return True
    return False


@kernel
def take_life_card(st, ct, fx, lg, d, banish, fams, prms, rng, buf):
    """One point of damage to d: the top Life card to the hand, to the trash ([Banish]
    10-1-3-1: no Trigger) or, if d uses it, to its [Trigger] (10-1-5). Returns the card when
    its compiled [Trigger] is to be resolved by the caller (the card is then in no area,
    10-1-5-3; trigger_done ends it), else EMPTY. While another such card of d waits in no
    area (effect damage of 2 or more), a compiled [Trigger] cannot be used."""
    b = d * PSIZE
    card = take_life(st, d, 0)
    st[b + S_DAMAGE] += 1
    if banish:
        to_trash(st, d, card)
        log(st, lg, E.E_DAMAGE, d, card, 1, 0)
        return EMPTY
    program = has_timing(fx, card, T_TRIGGER) and st[b + LIMBO] == EMPTY
    if (ct[card, C.TRIGGER_EFF] != C.EFF_NONE or program) \
            and policy.use_trigger(st, ct, d, card, fams[d], prms[d], rng, 2 + d):
        st[b + S_TRIGGERS] += 1
        log(st, lg, E.E_DAMAGE, d, card, 2, 0)
        if program:
            st[b + LIMBO] = card
            return card
        basic_trigger(st, ct, lg, d, card, fams, prms, rng, buf)
        return EMPTY
    push(st, b, HAND, N_HAND, HAND_CAP, card)  # 10-1-5-2: to hand unrevealed
    log(st, lg, E.E_DAMAGE, d, card, 0, 0)
    return EMPTY


@kernel
def trigger_done(st, d, card):
    """After d's compiled [Trigger] of `card` resolved: the card is trashed unless the
    Trigger moved it (10-1-5-3)."""
    if st[d * PSIZE + LIMBO] == card:
        st[d * PSIZE + LIMBO] = EMPTY
        to_trash(st, d, card)


@kernel
def effect_damage_of(st, ct, src, amount):
    """(amount, banish) of effect damage dealt by card `src`: with the ENERGIO!! ruleset its
    [Double Attack] and [Banish] apply to any damage it deals (seed 000 10-1-2, 10-1-3); the
    DON!! edition limits them to its attacks (10-1-2-1, 10-1-3-1)."""
    if st[G_RULESET] != ENERGIO_EDITION:
        return amount, False
    if (ct[src, C.KEYWORDS] & C.KW_DOUBLE_ATTACK) != 0 and amount == 1:
        amount = 2
    return amount, (ct[src, C.KEYWORDS] & C.KW_BANISH) != 0
