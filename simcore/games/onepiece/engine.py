"""ONE PIECE rules kernels (DON!! edition, seed 003; ENERGIO!! differences by ruleset):
setup, the turn's phases, battle, damage, effects, rule processing and play_game.

Every function works on one game's int32 state `st` (offsets in layout), the card table
`ct` and the deck pair's compiled effect tables `fx` (effects/pack.py): where a card has a
program for a timing, effects/interp.py plays it; otherwise the card's built-in effect code
does. Decisions are asked of the seat's strategy through strategies.onepiece.policy.
"""

import numpy as np

from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.basic import resolve_basic
from tcgsim.simcore.games.onepiece.damage import (
    damage_lost,
    effect_damage_of,
    take_life_card,
    trigger_done,
)
from tcgsim.simcore.games.onepiece.effects.interp import (
    EV_KO,
    activate,
    activate_event,
    became_rested,
    character_kod,
    character_played,
    drain,
    end_of_turn_don,
    end_of_turn_moves,
    enqueue,
    fire,
    fire_field,
    has_timing,
    kept_results_hold,
    kod_watched,
    life_removed,
    next_play_made,
    note_decks,
    replaced,
    settle_field,
    settle_hand,
)
from tcgsim.simcore.games.onepiece.effects.opcodes import (
    CAUSE_BATTLE,
    PR_NO_KO_BATTLE,
    PR_NO_REFRESH,
    T_COUNTER,
    T_END_OF_OPP_TURN,
    T_END_OF_YOUR_TURN,
    T_LEADER_ATTACKS,
    T_MAIN,
    T_ON_BLOCK,
    T_ON_KO,
    T_ON_OPP_ATTACK,
    T_ON_PLAY,
    T_OPP_BLOCKER,
    T_START_OF_GAME,
    T_TRIGGER,
    T_WHEN_ATTACKING,
)
from tcgsim.simcore.games.onepiece.effects.query import event_costs_payable
from tcgsim.simcore.games.onepiece.events import log
from tcgsim.simcore.games.onepiece.layout import (
    DECK,
    DECK_CAP,
    DON_ACTIVE,
    DON_DECK,
    DON_LOCK,
    DON_OWN,
    DON_RESTED,
    DON_TOTAL,
    DRAW,
    EMPTY,
    EV_COST,
    F_BBASE,
    F_BKW,
    F_BPOW,
    F_CARD,
    F_DON,
    F_NBASE,
    F_NCOST,
    F_NEXP,
    F_NKW,
    F_NPOW,
    F_RESTED,
    F_SICK,
    F_TBASE,
    F_TCOST,
    F_TKW,
    F_TPOW,
    F_USED,
    FX_CONT_OK,
    G_ACTIONS,
    G_ACTIVE,
    G_ATT,
    G_ATT_CARD,
    G_ERROR,
    G_FIRST,
    G_FX_NO_TM,
    G_FX_SKIP,
    G_LOOK_N,
    G_MEMO,
    G_OVER,
    G_Q_N,
    G_REASON,
    G_RULESET,
    G_TGT,
    G_TGT_CARD,
    G_TURN,
    G_TURN_CAP,
    G_WINNER,
    HAND,
    HAND_CAP,
    LEADER_REF,
    LIFE,
    LIFE_CAP,
    LIFE_UP,
    LIMBO,
    N_CHARS,
    N_DECK,
    N_HAND,
    N_LIFE,
    N_TRASH,
    NCHAR,
    NEXT_CUT,
    NONE,
    NREF,
    PLAY_BAN,
    PSIZE,
    R_DECK_OUT,
    R_EFFECT,
    R_LIFE,
    R_TURN_CAP,
    S_BLOCKS,
    S_COUNTERS,
    S_MULLIGAN,
    S_PLAYED,
    STAGE,
    STAGE_RESTED,
    STAGE_USED,
    TRASH,
    TRASH_CAP,
)
from tcgsim.simcore.games.onepiece.legal import (
    A_ACTIVATE,
    A_ATTACK,
    A_DON,
    A_END,
    A_PLAY,
    STAGE_REF,
    act_a,
    act_b,
    act_kind,
    can_attack_target,
    can_attack_with,
    can_play_from_hand,
    counter_value,
    hand_cost,
    has_counter,
    has_legal_blocker,
    is_legal_blocker,
    power,
    slot_kw,
)
from tcgsim.simcore.games.onepiece.zones import (  # noqa: F401  (ERRORS and ERR_* for callers)
    ERR_CARDS,
    ERR_DON,
    ERR_FX_KEPT,
    ERR_FX_STATE,
    ERR_ILLEGAL,
    ERR_LEADER,
    ERR_LOSS,
    ERR_NEGATIVE,
    ERR_RUNAWAY,
    ERR_ZONES,
    ERRORS,
    add_life,
    draw,
    event_activated,
    fail,
    ko,
    leave_field,
    place_character,
    place_stage,
    push,
    rule_processing,
    sum_modifiers,
    take_from_hand,
    take_life,
    to_trash,
)
from tcgsim.simcore.jit import kernel, kernel_apart, kernel_inline
from tcgsim.simcore.rng import seed_stream, shuffle
from tcgsim.strategies.onepiece import policy

OPENING_HAND = 5
MAX_ACTIONS_PER_TURN = 1000
MAX_COUNTERS_PER_BATTLE = 60

# ---------------------------------------------------------------- damage (4-6, 7-1-4, 10-1)


@kernel_apart
def damage_leader(st, ct, fx, lg, d, amount, banish, fams, prms, rng, buf):
    """Deal `amount` damage to d's Leader. With 0 Life when the damage is determined, d loses
    (7-1-4-1-1-1, 9-2-1-1); otherwise each point takes the top Life card while Life remains
    (7-1-4-1-1-2/3): Double Attack into 1 Life leaves 0 Life and the game goes on. A used
    [Trigger] resolves before the next point (8-6-2-1)."""
    b = d * PSIZE
    if damage_lost(st, lg, d, amount):
        return
    for _ in range(amount):
        if st[b + N_LIFE] == 0 or st[G_OVER] != 0:
            break
        card = take_life_card(st, ct, fx, lg, d, banish, fams, prms, rng, buf)
        queued = st[G_Q_N]
        life_removed(st, fx, lg, d)
        if card != EMPTY:
            fire(st, ct, fx, lg, T_TRIGGER, d, card, -1, fams, prms, rng, buf)
            trigger_done(st, d, card)
        elif st[G_Q_N] > queued:  # what watches Life cards removed resolves before the next
            drain(st, ct, fx, lg, fams, prms, rng, buf)  # point


# ---------------------------------------------------------------- effects with damage


@kernel_apart
def resolve_effect(st, ct, fx, lg, p, eff, val, src, forced_target, fams, prms, rng, buf):
    """Resolve one modelled effect for player p (effect damage included)."""
    if eff == C.EFF_LIFE_DAMAGE:
        log(st, lg, E.E_EFFECT, p, src, eff, val)
        amount, banish = effect_damage_of(st, ct, src, val)
        damage_leader(st, ct, fx, lg, 1 - p, amount, banish, fams, prms, rng, buf)
    else:
        resolve_basic(st, ct, lg, p, eff, val, src, forced_target, fams, prms, rng, buf)


# ---------------------------------------------------------------- battle (7-1)


@kernel
def moved(st, p):
    """7-1-1-4 etc.: has the attacker or the target left its area since the battle began?"""
    o = 1 - p
    return (st[p * PSIZE + F_CARD + st[G_ATT]] != st[G_ATT_CARD]
            or st[o * PSIZE + F_CARD + st[G_TGT]] != st[G_TGT_CARD])


@kernel
def end_battle(st):
    """7-1-5: "during this battle" effects end, for both players."""
    for r in range(NREF):
        for o in range(2):
            st[o * PSIZE + F_BPOW + r] = 0
            if st[o * PSIZE + F_BKW + r] != 0 or st[o * PSIZE + F_BBASE + r] != 0:
                st[o * PSIZE + F_BKW + r] = 0
                st[o * PSIZE + F_BBASE + r] = 0
                sum_modifiers(st, o * PSIZE + r)
    st[G_ATT] = EMPTY
    st[G_TGT] = EMPTY


@kernel_inline
def counter_with(st, ct, fx, lg, p, c, fams, prms, rng, buf, debug, decks, leaders):
    """7-1-3-2: the defender uses counter c (its hand index | the card it boosts << 8): a
    Character card's counter (free) or a [Counter] Event (paid with active DON!!). False when
    the Counter Step is over: the game ended, the attacker or the target left (7-1-1-4), or c
    was illegal (the game stops)."""
    o = 1 - p
    ob = o * PSIZE
    h = c & 0xFF
    r = (c >> 8) & 0xFF
    if h >= st[ob + N_HAND] or r >= NREF or st[ob + F_CARD + r] == EMPTY:
        fail(st, lg, ERR_ILLEGAL)
        return False
    value = counter_value(st, ct, o, h)
    if value <= 0:
        fail(st, lg, ERR_ILLEGAL)
        return False
    cost = hand_cost(st, ct, o, h)
    card = take_from_hand(st, o, h)
    st[ob + S_COUNTERS] += 1
    if ct[card, C.CATEGORY] == C.CHARACTER:
        to_trash(st, o, card)  # 7-1-3-2-1
        st[ob + F_BPOW + r] += value
        log(st, lg, E.E_COUNTER, o, card, value, st[ob + F_CARD + r])
    else:
        # 7-1-3-2-2: pay, trash, resolve
        st[ob + DON_ACTIVE] -= cost
        st[ob + DON_RESTED] += cost
        to_trash(st, o, card)
        event_activated(st, ct, o, card)
        eff = ct[card, C.COUNTER_EFF]
        if has_timing(fx, card, T_COUNTER):
            log(st, lg, E.E_COUNTER, o, card, 0, st[ob + F_CARD + r])
            fire(st, ct, fx, lg, T_COUNTER, o, card, -1,
                 fams, prms, rng, buf)
        else:
            log(st, lg, E.E_COUNTER, o, card, ct[card, C.COUNTER_VAL] if
                eff == C.EFF_POWER_BATTLE else 0, st[ob + F_CARD + r])
            resolve_effect(st, ct, fx, lg, o, eff, ct[card, C.COUNTER_VAL], card,
                           r if eff == C.EFF_POWER_BATTLE else -1, fams, prms, rng, buf)
    if debug:
        check_invariants(st, ct, lg, decks, leaders)
    return st[G_OVER] == 0 and not moved(st, p)


@kernel_inline
def counter_step(st, ct, fx, lg, p, fams, prms, rng, buf, debug, decks, leaders):
    """7-1-3: the defender uses Character counters (free) and [Counter] Events (paid with
    active DON), in any order, as often as they like."""
    o = 1 - p
    for _ in range(MAX_COUNTERS_PER_BATTLE):
        settle_hand(st, ct, fx, o, buf)
        if not has_counter(st, ct, o):
            return
        c = policy.counter(st, ct, fx, o, fams[o], prms[o], rng, 2 + o, buf)
        if c < 0 or not counter_with(st, ct, fx, lg, p, c, fams, prms, rng, buf, debug, decks,
                                     leaders):
            return


@kernel_inline
def battle_stops(st, lg, p):
    """After abilities resolved during a battle: has the game ended, or has the attacker or
    the target left the field, which ends the battle (7-1-1-4)?"""
    if st[G_OVER] != 0:
        return True
    if moved(st, p):
        log(st, lg, E.E_BATTLE_SKIP, p, 0, 0, 0)
        end_battle(st)
        return True
    return False


@kernel_inline
def attack_step(st, ct, fx, lg, p, att, tgt, fams, prms, rng, buf):
    """7-1-1: p declares the attack of its card att on the opponent's tgt, then [When
    Attacking], the Leader's "when your Leader attacks" and the defender's [On Your
    Opponent's Attack] abilities resolve. False when the battle stopped there."""
    b = p * PSIZE
    o = 1 - p
    ob = o * PSIZE
    st[b + F_RESTED + att] = 1  # 7-1-1-1: declare by resting the attacker
    st[G_ATT] = att
    st[G_TGT] = tgt
    st[G_ATT_CARD] = st[b + F_CARD + att]
    st[G_TGT_CARD] = st[ob + F_CARD + tgt]
    log(st, lg, E.E_ATTACK, p, st[G_ATT_CARD], st[G_TGT_CARD], 1 if tgt == LEADER_REF else 0)
    queued = became_rested(st, fx, lg, p, att)  # resolves after [When Attacking] (8-6-1-1)
    if queued or has_timing(fx, st[G_ATT_CARD], T_WHEN_ATTACKING):  # 7-1-1-3
        if has_timing(fx, st[G_ATT_CARD], T_WHEN_ATTACKING):
            fire(st, ct, fx, lg, T_WHEN_ATTACKING, p, st[G_ATT_CARD], att,
                 fams, prms, rng, buf)
        else:
            drain(st, ct, fx, lg, fams, prms, rng, buf)
        if battle_stops(st, lg, p):
            return False
    if att == LEADER_REF and (st[G_FX_NO_TM + p] >> T_LEADER_ATTACKS) & 1 == 0:
        fire_field(st, ct, fx, lg, T_LEADER_ATTACKS, p, fams, prms, rng, buf)  # 8-1-3-1
        if battle_stops(st, lg, p):
            return False
    if (st[G_FX_NO_TM + o] >> T_ON_OPP_ATTACK) & 1 == 0:  # 10-2-16: the defender's, after
        fire_field(st, ct, fx, lg, T_ON_OPP_ATTACK, o, fams, prms, rng, buf)
        if battle_stops(st, lg, p):
            return False
    return True


@kernel_inline
def block_with(st, ct, fx, lg, p, r, fams, prms, rng, buf):
    """7-1-2: the defender's [Blocker] r becomes the target, and the abilities that watch a
    block resolve. False when the game ended (or r was illegal: the game stops)."""
    o = 1 - p
    ob = o * PSIZE
    if r >= NREF or not is_legal_blocker(st, ct, o, r):
        fail(st, lg, ERR_ILLEGAL)
        return False
    st[ob + F_RESTED + r] = 1
    st[G_TGT] = r
    st[G_TGT_CARD] = st[ob + F_CARD + r]
    st[ob + S_BLOCKS] += 1
    log(st, lg, E.E_BLOCK, o, st[G_TGT_CARD], 0, 0)
    if (st[G_FX_NO_TM + p] >> T_OPP_BLOCKER) & 1 == 0:  # the turn player's first (8-6-1)
        fire_field(st, ct, fx, lg, T_OPP_BLOCKER, p, fams, prms, rng, buf)
        if st[G_OVER] != 0:
            return False
    queued = became_rested(st, fx, lg, o, r)
    if has_timing(fx, st[G_TGT_CARD], T_ON_BLOCK):  # 10-2-15, 7-1-2-2
        fire(st, ct, fx, lg, T_ON_BLOCK, o, st[G_TGT_CARD], r, fams, prms, rng, buf)
    elif queued:
        drain(st, ct, fx, lg, fams, prms, rng, buf)
    return st[G_OVER] == 0


@kernel_inline
def damage_step(st, ct, fx, lg, p, fams, prms, rng, buf):
    """7-1-4, 7-1-5: the battle's outcome (ties go to the attacker), then its end."""
    o = 1 - p
    settle_field(st, ct, fx, buf)
    pa = power(st, ct, p, st[G_ATT])
    pt = power(st, ct, o, st[G_TGT])
    log(st, lg, E.E_POWER, p, pa, pt, 0)
    if pa >= pt:
        if st[G_TGT] == LEADER_REF:
            kw = slot_kw(st, ct, p, st[G_ATT])
            amount = 2 if kw & C.KW_DOUBLE_ATTACK else 1
            damage_leader(st, ct, fx, lg, o, amount, (kw & C.KW_BANISH) != 0, fams, prms,
                          rng, buf)
        elif slot_kw(st, ct, o, st[G_TGT]) & PR_NO_KO_BATTLE:
            log(st, lg, E.E_NO_DAMAGE, p, 0, 0, 0)  # "cannot be K.O.'d in battle"
        elif replaced(st, ct, fx, lg, o, st[G_TGT], EV_KO, CAUSE_BATTLE,
                      fams, prms, rng, buf):
            log(st, lg, E.E_NO_DAMAGE, p, 0, 0, 0)  # "would be K.O.'d ... instead" (8-1-3-4)
            drain(st, ct, fx, lg, fams, prms, rng, buf)
        else:
            card = st[G_TGT_CARD]
            ko(st, lg, o, st[G_TGT])
            if kod_watched(st):  # [On K.O.] and the abilities that watch K.O.s (8-6-1)
                enqueue(st, fx, lg, np.int64(T_ON_KO), np.int64(o), np.int64(card),
                        np.int64(-1))
                character_kod(st, fx, lg, o, card)
                drain(st, ct, fx, lg, fams, prms, rng, buf)
            elif has_timing(fx, card, T_ON_KO):  # 10-2-17
                fire(st, ct, fx, lg, T_ON_KO, o, card, -1,
                     fams, prms, rng, buf)
    else:
        log(st, lg, E.E_NO_DAMAGE, p, 0, 0, 0)
    end_battle(st)


@kernel_apart
def battle(st, ct, fx, lg, p, att, tgt, fams, prms, rng, buf, debug, decks, leaders):
    """7-1: Attack, Block, Counter and Damage Steps, then End of Battle."""
    if not attack_step(st, ct, fx, lg, p, att, tgt, fams, prms, rng, buf):
        return
    o = 1 - p
    # Block Step (7-1-2): at most one [Blocker]; the strategy is asked only if it can block.
    if has_legal_blocker(st, ct, o):
        r = policy.block(st, ct, o, fams[o], prms[o], rng, 2 + o, buf)
        if r >= 0 and not block_with(st, ct, fx, lg, p, r, fams, prms, rng, buf):
            return
    counter_step(st, ct, fx, lg, p, fams, prms, rng, buf, debug, decks, leaders)  # 7-1-3
    if battle_stops(st, lg, p):
        return
    damage_step(st, ct, fx, lg, p, fams, prms, rng, buf)


# ---------------------------------------------------------------- main phase actions


@kernel_apart
def play_card(st, ct, fx, lg, p, h, fams, prms, rng, buf):
    """6-5-3-1: rest active DON equal to the cost, then play the card."""
    b = p * PSIZE
    cost = hand_cost(st, ct, p, h)
    next_play_made(st, ct, fx, p, h)
    card = take_from_hand(st, p, h)
    st[b + DON_ACTIVE] -= cost
    st[b + DON_RESTED] += cost
    st[b + S_PLAYED] += 1
    cat = ct[card, C.CATEGORY]
    if cat == C.CHARACTER:
        slot = place_character(st, ct, lg, p, card, fams, prms, rng)
        if slot < 0:
            return
        character_played(st, fx, lg, p, slot)  # queued: they resolve after the [On Play]
        eff = ct[card, C.MAIN_EFF]
        if has_timing(fx, card, T_ON_PLAY):  # 10-2-6
            fire(st, ct, fx, lg, T_ON_PLAY, p, card, slot,
                 fams, prms, rng, buf)
        elif eff != C.EFF_NONE:  # [On Play]
            resolve_effect(st, ct, fx, lg, p, eff, ct[card, C.MAIN_VAL], card, -1, fams, prms,
                           rng, buf)
        if st[G_Q_N] > 0:
            drain(st, ct, fx, lg, fams, prms, rng, buf)
    elif cat == C.STAGE:
        place_stage(st, lg, p, card)
        eff = ct[card, C.MAIN_EFF]
        if has_timing(fx, card, T_ON_PLAY):
            fire(st, ct, fx, lg, T_ON_PLAY, p, card, STAGE_REF,
                 fams, prms, rng, buf)
        elif eff != C.EFF_NONE:  # [On Play]
            resolve_effect(st, ct, fx, lg, p, eff, ct[card, C.MAIN_VAL], card, -1, fams, prms,
                           rng, buf)
    else:
        to_trash(st, p, card)  # 2-7-3: an Event is trashed, then resolves
        event_activated(st, ct, p, card)
        log(st, lg, E.E_PLAY, p, card, -1, 0)
        if has_timing(fx, card, T_MAIN):  # 10-2-3
            activate_event(st, ct, fx, lg, p, card, fams, prms, rng, buf)
            return
        resolve_effect(st, ct, fx, lg, p, ct[card, C.MAIN_EFF], ct[card, C.MAIN_VAL], card, -1,
                       fams, prms, rng, buf)


@kernel
def give_don(st, lg, p, r, k=1):
    """6-5-5-1/6-5-5-3: move k active DON from the cost area to the Leader or a Character."""
    b = p * PSIZE
    st[b + DON_ACTIVE] -= k
    st[b + F_DON + r] += k
    log(st, lg, E.E_GIVE_DON, p, st[b + F_CARD + r], st[b + F_DON + r], k)


@kernel
def attack_legal(st, ct, p, a, t):
    """May p's card a attack the opponent's card t now (6-5-6-1, 7-1-1-1, 7-1-1-2)?"""
    return a < NREF and t < NREF and can_attack_with(st, ct, p, a) and \
        can_attack_target(st, ct, p, a, t)


@kernel_inline
def apply_main_action(st, ct, fx, lg, p, action, fams, prms, rng, buf, debug, decks, leaders):
    """Check and carry out one Main Phase action; an illegal one stops the game."""
    b = p * PSIZE
    kind = act_kind(action)
    a = act_a(action)
    if kind == A_PLAY:
        if a >= st[b + N_HAND] or not can_play_from_hand(st, ct, p, a) \
                or not event_costs_payable(st, ct, fx, p, a, buf):
            fail(st, lg, ERR_ILLEGAL)
            return
        play_card(st, ct, fx, lg, p, a, fams, prms, rng, buf)
    elif kind == A_DON:
        k = max(1, act_b(action))
        if a >= NREF or st[b + DON_ACTIVE] < k or st[b + F_CARD + a] == EMPTY:
            fail(st, lg, ERR_ILLEGAL)
            return
        give_don(st, lg, p, a, k)
    elif kind == A_ACTIVATE:  # 10-2-2
        activate(st, ct, fx, lg, p, a, act_b(action), fams, prms, rng, buf)
    elif kind == A_ATTACK:
        t = act_b(action)
        if not attack_legal(st, ct, p, a, t):
            fail(st, lg, ERR_ILLEGAL)
            return
        battle(st, ct, fx, lg, p, a, t, fams, prms, rng, buf, debug, decks, leaders)
    else:
        fail(st, lg, ERR_ILLEGAL)
    settle_field(st, ct, fx, buf)


# ---------------------------------------------------------------- setup and turns


@kernel_apart
def setup(st, ct, fx, lg, decks, leaders, first, seed, pair, game, fams, prms, rng, buf,
          ruleset, turn_cap):
    """5-2-1: shuffle, the Leaders' "at the start of the game" abilities, draw 5, mulligans
    (first player decides first), then Life placed from the top of the deck so that the top
    card ends at the bottom of Life."""
    st[:G_MEMO] = 0  # the memo snapshot is out of date while FX_CONT_OK is clear
    for p in range(2):
        b = p * PSIZE
        seed_stream(rng, p, seed, pair, p)  # deck p's shuffles: shared by the pair
        seed_stream(rng, 2 + p, seed, game, 2 + p)  # seat p's decisions
        for i in range(DECK_CAP):
            st[b + DECK + i] = decks[p, i]
        st[b + N_DECK] = DECK_CAP
        shuffle(rng, p, st, b + DECK, DECK_CAP)
        for r in range(NREF):
            st[b + F_CARD + r] = EMPTY
        st[b + F_CARD + LEADER_REF] = leaders[p]
        st[b + STAGE] = EMPTY
        st[b + LIMBO] = EMPTY
        st[b + DON_DECK] = DON_TOTAL
        st[b + DON_OWN] = DON_TOTAL
    st[G_FIRST] = first
    st[G_ACTIVE] = first
    st[G_WINNER] = NONE
    st[G_ATT] = EMPTY
    st[G_TGT] = EMPTY
    st[G_RULESET] = ruleset
    st[G_TURN_CAP] = turn_cap
    log(st, lg, E.E_FIRST, first, 0, 0, 0)
    for k in range(2):  # 5-2-1-5-1: the first player's first (the engine has no chooser)
        p = first if k == 0 else 1 - first
        if has_timing(fx, leaders[p], T_START_OF_GAME):
            n = st[p * PSIZE + N_DECK]
            fire(st, ct, fx, lg, T_START_OF_GAME, p, leaders[p], LEADER_REF, fams, prms, rng,
                 buf)
            if st[p * PSIZE + N_DECK] != n:  # a changed deck is shuffled (5-2-1-5-2)
                shuffle(rng, p, st, p * PSIZE + DECK, st[p * PSIZE + N_DECK])
    for p in range(2):
        for _ in range(OPENING_HAND):
            draw(st, lg, p)
    for k in range(2):
        p = first if k == 0 else 1 - first
        if policy.mulligan(st, ct, p, fams[p], prms[p], rng, 2 + p):
            b = p * PSIZE
            n = st[b + N_DECK]
            for h in range(st[b + N_HAND]):
                st[b + DECK + n + h] = st[b + HAND + h]
            st[b + N_DECK] = n + st[b + N_HAND]
            st[b + N_HAND] = 0
            shuffle(rng, p, st, b + DECK, st[b + N_DECK])
            for _ in range(OPENING_HAND):
                draw(st, lg, p)
            st[b + S_MULLIGAN] = 1
            log(st, lg, E.E_MULLIGAN, p, 0, 0, 0)
    for p in range(2):
        b = p * PSIZE
        life = ct[leaders[p], C.LIFE]
        for _ in range(life):
            n = st[b + N_DECK]
            add_life(st, p, st[b + DECK + n - 1], False)
            st[b + N_DECK] = n - 1
        log(st, lg, E.E_LIFE, p, life, 0, 0)


@kernel
def refresh_phase(st, p):
    """6-2-3/6-2-4: given DON return to the cost area; all of p's cards become active, but
    those an effect keeps rested ("will not become active": PR_NO_REFRESH, DON_LOCK)."""
    b = p * PSIZE
    lock = min(st[b + DON_LOCK], st[b + DON_RESTED])
    st[b + DON_LOCK] = 0
    for r in range(NREF):
        st[b + DON_RESTED] += st[b + F_DON + r]
        st[b + F_DON + r] = 0
        if (st[b + F_NKW + r] & PR_NO_REFRESH) == 0:  # "will not become active"
            st[b + F_RESTED + r] = 0
    st[b + STAGE_RESTED] = 0
    st[b + DON_ACTIVE] += st[b + DON_RESTED] - lock
    st[b + DON_RESTED] = lock


@kernel
def don_phase(st, lg, p):
    """6-4: 2 DON (1 on the first player's first turn), as far as the DON deck allows."""
    b = p * PSIZE
    n = 1 if st[G_TURN] == 1 else 2
    if n > st[b + DON_DECK]:
        n = st[b + DON_DECK]
    st[b + DON_DECK] -= n
    st[b + DON_ACTIVE] += n
    log(st, lg, E.E_DON, p, n, st[b + DON_ACTIVE] + st[b + DON_RESTED], 0)


@kernel_inline
def end_of_turn_abilities(st, ct, fx, lg, fams, prms, rng, buf):
    """6-6-1: at the end of the turn, the turn player's [End of Your Turn] abilities, then
    the other player's [End of Your Opponent's Turn] (10-2-7, 10-2-8); then what the
    players' effects do "at the end of this turn" (6-6-1-2): DON!! cards set active, and
    Characters moved."""
    p = st[G_ACTIVE]
    fire_field(st, ct, fx, lg, T_END_OF_YOUR_TURN, p, fams, prms, rng, buf)
    fire_field(st, ct, fx, lg, T_END_OF_OPP_TURN, 1 - p, fams, prms, rng, buf)
    end_of_turn_don(st, ct, fx, lg, p, fams, prms, rng, buf)  # 6-6-1-2, turn player first
    end_of_turn_moves(st, lg, p)


@kernel
def end_phase(st):
    """6-6: "during this turn" effects end; nothing is "played this turn" any more."""
    for r in range(NREF):
        for p in range(2):
            st[p * PSIZE + F_TPOW + r] = 0
            st[p * PSIZE + F_SICK + r] = 0
            st[p * PSIZE + F_USED + r] = 0  # 10-2-13: [Once Per Turn] counts per turn
            st[p * PSIZE + F_TCOST + r] = 0
            f = p * PSIZE + r
            if st[f + F_TKW] != 0 or st[f + F_TBASE] != 0 \
                    or (st[f + F_NEXP] != 0 and st[f + F_NEXP] <= st[G_TURN]):
                st[f + F_TKW] = 0
                st[f + F_TBASE] = 0
                if st[f + F_NEXP] != 0 and st[f + F_NEXP] <= st[G_TURN]:
                    st[f + F_NPOW] = 0
                    st[f + F_NCOST] = 0
                    st[f + F_NKW] = 0
                    st[f + F_NBASE] = 0
                    st[f + F_NEXP] = 0
                sum_modifiers(st, f)
    for p in range(2):
        st[p * PSIZE + STAGE_USED] = 0
        st[p * PSIZE + PLAY_BAN] = 0  # "you cannot play ... during this turn"
        st[p * PSIZE + NEXT_CUT] = 0  # "the next time you play ... during this turn"
        st[p * PSIZE + EV_COST] = 0  # "if you have activated an Event ... during this turn"
    st[G_ACTIVE] = 1 - st[G_ACTIVE]
    st[G_FX_SKIP] &= ~FX_CONT_OK


@kernel
def start_turn(st, lg):
    """Advance the turn counter, then Refresh, Draw and DON phases. False if the game ended."""
    if st[G_TURN] >= st[G_TURN_CAP]:  # G_TURN stays the number of turns played
        st[G_OVER] = 1
        st[G_WINNER] = DRAW
        st[G_REASON] = R_TURN_CAP
        log(st, lg, E.E_END, DRAW, R_TURN_CAP, 0, 0)
        return False
    st[G_TURN] += 1
    p = st[G_ACTIVE]
    log(st, lg, E.E_TURN, p, st[G_TURN], 0, 0)
    refresh_phase(st, p)
    if st[G_TURN] != 1:  # 6-3-1: the first player skips their first draw
        draw(st, lg, p)
        if st[G_OVER] != 0:
            return False
    don_phase(st, lg, p)
    st[G_ACTIONS] = 0
    return True


@kernel_inline
def main_phase(st, ct, fx, lg, fams, prms, rng, buf, debug, decks, leaders):
    """6-5: the turn player's strategy acts until it declares the end."""
    p = st[G_ACTIVE]
    settle_field(st, ct, fx, buf)  # [Your Turn] / [Opponent's Turn] abilities switch
    while st[G_OVER] == 0:
        settle_hand(st, ct, fx, p, buf)
        action = policy.main_action(st, ct, fx, p, fams[p], prms[p], rng, 2 + p, buf)
        if act_kind(action) == A_END:
            return
        main_step(st, ct, fx, lg, p, action, fams, prms, rng, buf, debug, decks, leaders)


@kernel_inline
def main_step(st, ct, fx, lg, p, action, fams, prms, rng, buf, debug, decks, leaders):
    """One Main Phase action of p carried out, checked in debug mode, counted against the
    runaway guard."""
    apply_main_action(st, ct, fx, lg, p, action, fams, prms, rng, buf, debug, decks, leaders)
    step_done(st, ct, fx, lg, buf, debug, decks, leaders)


@kernel_inline
def step_done(st, ct, fx, lg, buf, debug, decks, leaders):
    """After a Main Phase action: the checks of debug mode, and the runaway guard's count."""
    if debug:
        if not kept_results_hold(st, ct, fx, buf):
            fail(st, lg, ERR_FX_KEPT)
        check_invariants(st, ct, lg, decks, leaders)
    st[G_ACTIONS] += 1
    if st[G_ACTIONS] > MAX_ACTIONS_PER_TURN:
        fail(st, lg, ERR_RUNAWAY)


@kernel
def play_on(st, ct, fx, lg, fams, prms, rng, buf, decks, leaders, last_turn, ended):
    """Continue a game from its turn player's Main Phase (ended: from its end) with the
    seats' strategies until it ends, or (last_turn > 0) until turn last_turn has ended: a
    search player's playout."""
    while st[G_OVER] == 0:
        if not ended:
            main_phase(st, ct, fx, lg, fams, prms, rng, buf, False, decks, leaders)
        ended = False
        if st[G_OVER] != 0:
            break
        end_of_turn_abilities(st, ct, fx, lg, fams, prms, rng, buf)
        if st[G_OVER] != 0:
            break
        end_phase(st)
        if 0 < last_turn <= st[G_TURN] or not start_turn(st, lg):
            break


@kernel_apart
def play_game(st, ct, fx, lg, decks, leaders, first, seed, pair, game, fams, prms, rng, buf,
              ruleset, turn_cap, debug):
    """Play one whole game into st; the outcome is in G_WINNER and G_REASON."""
    setup(st, ct, fx, lg, decks, leaders, first, seed, pair, game, fams, prms, rng, buf,
          ruleset, turn_cap)
    note_decks(st, fx, decks)
    if debug:
        check_invariants(st, ct, lg, decks, leaders)
    while st[G_OVER] == 0:
        if not start_turn(st, lg):
            break
        if debug:
            check_invariants(st, ct, lg, decks, leaders)
        main_phase(st, ct, fx, lg, fams, prms, rng, buf, debug, decks, leaders)
        if st[G_OVER] != 0:
            break
        end_of_turn_abilities(st, ct, fx, lg, fams, prms, rng, buf)
        if debug:
            check_invariants(st, ct, lg, decks, leaders)
        if st[G_OVER] != 0:
            break
        end_phase(st)
    if debug:
        check_invariants(st, ct, lg, decks, leaders)
        check_loss(st, lg)


# ---------------------------------------------------------------- invariants (debug mode)


@kernel
def check_loss(st, lg):
    """The loser met a real loss condition (9-2-1), or an effect made the winner win
    (1-2-5)."""
    w = st[G_WINNER]
    reason = st[G_REASON]
    if w == 0 or w == 1:
        lb = (1 - w) * PSIZE
        if reason == R_LIFE and st[lb + N_LIFE] != 0:
            fail(st, lg, ERR_LOSS)
        elif reason == R_DECK_OUT and st[lb + N_DECK] != 0:
            fail(st, lg, ERR_LOSS)
        elif reason != R_LIFE and reason != R_DECK_OUT and reason != R_EFFECT:
            fail(st, lg, ERR_LOSS)


@kernel
def deck_count(decks, p, card):
    n = 0
    for i in range(DECK_CAP):
        if decks[p, i] == card:
            n += 1
    return n


@kernel
def zone_count(st, p, card):
    """Copies of `card` in all of p's zones (deck, hand, Life, trash, field, limbo)."""
    b = p * PSIZE
    n = 0
    for zone, count in ((DECK, N_DECK), (HAND, N_HAND), (LIFE, N_LIFE), (TRASH, N_TRASH)):
        for i in range(st[b + count]):
            if st[b + zone + i] == card:
                n += 1
    for r in range(NCHAR):
        if st[b + F_CARD + r] == card:
            n += 1
    if st[b + STAGE] == card:
        n += 1
    if st[b + LIMBO] == card:
        n += 1
    return n


@kernel
def check_invariants(st, ct, lg, decks, leaders):
    """Card and DON conservation, counts in range, Leader fixed, each card in one zone, no
    effect state left between actions."""
    if st[G_ERROR] != 0:
        return
    if st[G_Q_N] != 0 or st[G_LOOK_N] != 0:
        fail(st, lg, ERR_FX_STATE)
        return
    for p in range(2):
        b = p * PSIZE
        caps = ((N_DECK, DECK_CAP), (N_HAND, HAND_CAP), (N_LIFE, LIFE_CAP),
                (N_TRASH, TRASH_CAP), (N_CHARS, NCHAR), (DON_DECK, DON_TOTAL),
                (DON_ACTIVE, DON_TOTAL), (DON_RESTED, DON_TOTAL), (DON_LOCK, DON_TOTAL))
        for off, cap in caps:
            if st[b + off] < 0 or st[b + off] > cap:
                fail(st, lg, ERR_NEGATIVE)
                return
        if st[b + LIFE_UP] >> st[b + N_LIFE] != 0:  # a face-up mark without its Life card
            fail(st, lg, ERR_FX_STATE)
            return
        don = st[b + DON_DECK] + st[b + DON_ACTIVE] + st[b + DON_RESTED]
        nchars = 0
        for r in range(NREF):
            if st[b + F_DON + r] < 0:
                fail(st, lg, ERR_NEGATIVE)
                return
            don += st[b + F_DON + r]
            if r < NCHAR and st[b + F_CARD + r] != EMPTY:
                nchars += 1
        if don != st[b + DON_OWN]:
            fail(st, lg, ERR_DON)
            return
        if nchars != st[b + N_CHARS] or st[b + F_CARD + LEADER_REF] != leaders[p]:
            fail(st, lg, ERR_LEADER if nchars == st[b + N_CHARS] else ERR_CARDS)
            return
        total = (st[b + N_DECK] + st[b + N_HAND] + st[b + N_LIFE] + st[b + N_TRASH]
                 + nchars + (1 if st[b + STAGE] != EMPTY else 0)
                 + (1 if st[b + LIMBO] != EMPTY else 0))
        if total != DECK_CAP:
            fail(st, lg, ERR_CARDS)
            return
        for i in range(DECK_CAP):
            card = decks[p, i]
            if zone_count(st, p, card) != deck_count(decks, p, card):
                fail(st, lg, ERR_ZONES)
                return
