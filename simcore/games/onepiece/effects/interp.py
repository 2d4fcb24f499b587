"""The ONE PIECE effect interpreter (EFFECTS.md §5): runs the compiled programs of `fx`
(pack.py) on one game's state.

`fire` runs a card's abilities of one timing in order and then `drain`s the pending queue:
abilities triggered while another resolves ([On K.O.] of a card K.O.'d by an effect, [On
Play] of a card a [Trigger] plays) wait there and resolve afterwards (8-6-3). An ability
resolves by the activation procedure (8-4-1): its conditions, then its costs (all payable
or none paid, 8-3-1-3; the player may decline to pay), then its body. Code only runs
forward (a skip adds a positive count), so a program always ends. Choices go to the
strategy through policy.choose / policy.confirm, and the engine checks every answer.

The selection register (G_SEL) holds the cards the last selection chose, as
legal.cand_encode values; G_OK is "if you do"; G_LOOK_N the look window on top of the
resolving player's deck (its cards stay in the deck until picked or put away)."""

import numpy as np

from tcgsim.simcore.effects.fxlayout import (
    AB_CARD,
    AB_COND0,
    AB_COST0,
    AB_NCODE,
    AB_NCOND,
    AB_NCOST,
    AB_PC,
    AB_SLOT,
    AB_TIMING,
    H_CARD_AB,
    H_NAB,
    H_TMASK,
    OWN_OPP,
)
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects.query import (
    ab_get,
    can_activate,
    can_pay,
    candidates,
    code_get,
    cond_holds,
    has_timing,
    once_spent,
)
from tcgsim.simcore.games.onepiece.events import log
from tcgsim.simcore.games.onepiece.layout import (
    DECK,
    DECK_CAP,
    DON_ACTIVE,
    DON_DECK,
    DON_RESTED,
    EMPTY,
    F_BPOW,
    F_CARD,
    F_DON,
    F_RESTED,
    F_TCOST,
    F_TKW,
    F_TPOW,
    F_USED,
    G_ATT,
    G_LOOK_N,
    G_OK,
    G_OVER,
    G_Q,
    G_Q_N,
    G_SEL,
    G_SEL_N,
    HAND,
    HAND_CAP,
    LEADER_REF,
    LIFE,
    LIFE_CAP,
    LIMBO,
    LOST,
    N_DECK,
    N_HAND,
    N_LIFE,
    N_TRASH,
    NCHAR,
    NREF,
    PSIZE,
    QCAP,
    QW,
    R_DECK_OUT,
    SEL_CAP,
    STAGE,
    STAGE_RESTED,
    STAGE_USED,
    TRASH,
    TRASH_CAP,
)
from tcgsim.simcore.games.onepiece.legal import (
    STAGE_REF,
    Z_FIELD_CHAR,
    Z_FIELD_LC,
    Z_HAND,
    Z_LEADER,
    Z_LOOK,
    Z_TRASH,
    cand_card,
    cand_encode,
    cand_index,
    cand_owner,
    cand_zone,
    slot_kw,
)
from tcgsim.simcore.games.onepiece.zones import (
    ERR_FX_QUEUE,
    ERR_ILLEGAL,
    draw,
    fail,
    ko,
    leave_field,
    place_character,
    place_stage,
    push,
    rule_processing,
    take_from_hand,
    to_trash,
)
from tcgsim.simcore.jit import kernel
from tcgsim.strategies.onepiece import policy

# numba compiles a function once per argument types, and a literal argument (a timing
# constant, -1) is a type of its own: the large functions get int64 scalars only.

# ---------------------------------------------------------------- the pending queue


@kernel
def enqueue(st, fx, lg, t, p, card, src_ref):
    """Queue every ability of `card` with timing t, controlled by p (8-6-3); a full queue
    stops the game (ERR_FX_QUEUE) rather than drop one."""
    if not has_timing(fx, card, t):
        return
    base = fx[H_CARD_AB]
    for ab in range(fx[base + card], fx[base + card + 1]):
        if ab_get(fx, ab, AB_TIMING) == t:
            if st[G_Q_N] >= QCAP:
                fail(st, lg, ERR_FX_QUEUE)
                return
            q = G_Q + st[G_Q_N] * QW
            st[q] = ab
            st[q + 1] = p
            st[q + 2] = card
            st[q + 3] = src_ref
            st[G_Q_N] += 1


# ---------------------------------------------------------------- choices


@kernel
def ask(st, ct, lg, p, q, intent, fams, prms, rng, buf, n, upto):
    """The strategy's choice among buf[:n]: an index, or -1 when `upto` (1) allows none; an
    answer out of range stops the game (ERR_ILLEGAL) and returns -1. Callers pass int64
    scalars, so that this is compiled once."""
    if n == 0:
        return -1
    i = policy.choose(st, ct, p, q, intent, fams[p], prms[p], rng, 2 + p, buf, n, upto != 0)
    if i == -1 and upto != 0:
        return -1
    if i < 0 or i >= n:
        fail(st, lg, ERR_ILLEGAL)
        return -1
    return i


@kernel
def intent_of(op):
    if op == oc.OP_KO or op == oc.OP_REST or op == oc.OP_TO_HAND or op == oc.OP_TO_DECK \
            or op == oc.OP_TRASH or op == oc.OP_PROHIBIT:
        return oc.INTENT_HARM
    if op == oc.OP_COST:
        return oc.INTENT_HARM
    return oc.INTENT_HELP


@kernel
def select(st, ct, fx, lg, p, f, count, upto, intent, src_card, src_ref, fams, prms, rng,
           buf, append):
    """OP_SEL: choose `count` cards matching filter f ("up to": 0..count, 8-4-4-1; else as
    many as possible, 1-3-2) into the selection register (after what it holds: OP_SEL_ADD)."""
    if not append:
        st[G_SEL_N] = 0
    for _ in range(count):
        n = candidates(st, ct, fx, f, p, src_card, src_ref, buf)
        m = 0  # drop those already selected
        for i in range(n):
            dup = False
            for k in range(st[G_SEL_N]):
                if st[G_SEL + k] == buf[i]:
                    dup = True
            if not dup:
                buf[m] = buf[i]
                m += 1
        i = ask(st, ct, lg, np.int64(p), np.int64(oc.Q_TARGET), np.int64(intent), fams, prms,
                rng, buf, np.int64(m), np.int64(1 if upto else 0))
        if i < 0 or st[G_SEL_N] >= SEL_CAP:
            break
        st[G_SEL + st[G_SEL_N]] = buf[i]
        st[G_SEL_N] += 1
        log(st, lg, E.E_TARGET, cand_owner(buf[i]), cand_card(st, buf[i]), 0, 0)
    st[G_OK] = 1 if st[G_SEL_N] > 0 else 0


# ---------------------------------------------------------------- zones


@kernel
def remove_from_deck(st, o, pos):
    """Take the card at deck position pos of o (0 = bottom) out of the deck."""
    b = o * PSIZE
    n = st[b + N_DECK]
    card = st[b + DECK + pos]
    for i in range(pos, n - 1):
        st[b + DECK + i] = st[b + DECK + i + 1]
    st[b + N_DECK] = n - 1
    return card


@kernel
def to_deck_bottom(st, o, card):
    b = o * PSIZE
    n = st[b + N_DECK]
    for i in range(n, 0, -1):
        st[b + DECK + i] = st[b + DECK + i - 1]
    st[b + DECK] = card
    st[b + N_DECK] = n + 1


@kernel
def deck_out_check(st, lg, o):
    """9-2-1-2: a player whose deck became empty loses at the next rule processing."""
    if st[o * PSIZE + N_DECK] == 0:
        st[o * PSIZE + LOST] = R_DECK_OUT
        rule_processing(st, lg)


@kernel
def sel_on_field(st, k):
    """(owner, ref) of selection entry k when it is a field card, else (-1, -1)."""
    c = st[G_SEL + k]
    z = cand_zone(c)
    if z != Z_FIELD_CHAR and z != Z_FIELD_LC and z != Z_LEADER:
        return -1, -1
    o = cand_owner(c)
    r = cand_index(c)
    if st[o * PSIZE + F_CARD + r] == EMPTY:
        return -1, -1
    return o, r


@kernel
def take_from_trash(st, o, i):
    """Take the card at trash index i of o out of the trash."""
    b = o * PSIZE
    n = st[b + N_TRASH]
    card = st[b + TRASH + i]
    for j in range(i, n - 1):
        st[b + TRASH + j] = st[b + TRASH + j + 1]
    st[b + N_TRASH] = n - 1
    return card


@kernel
def take_life(st, o, bottom):
    """Take o's top (or bottom) Life card; EMPTY when there is none."""
    b = o * PSIZE
    n = st[b + N_LIFE]
    if n == 0:
        return EMPTY
    if bottom == 0:
        st[b + N_LIFE] = n - 1
        return st[b + LIFE + n - 1]
    card = st[b + LIFE]
    for j in range(n - 1):
        st[b + LIFE + j] = st[b + LIFE + j + 1]
    st[b + N_LIFE] = n - 1
    return card


@kernel
def don_minus(st, p, a):
    """Return a DON!! cards of p's field to the DON!! deck: rested first, then active, then
    given (8-3-1-6, 10-2-6)."""
    b = p * PSIZE
    k = a
    m = min(k, st[b + DON_RESTED])
    st[b + DON_RESTED] -= m
    k -= m
    m = min(k, st[b + DON_ACTIVE])
    st[b + DON_ACTIVE] -= m
    k -= m
    for r in range(NREF):
        m = min(k, st[b + F_DON + r])
        st[b + F_DON + r] -= m
        k -= m
    st[b + DON_DECK] += a - k


@kernel
def choose_card(st, ct, fx, lg, p, f, q, intent, upto, src_card, src_ref, fams, prms, rng,
                buf):
    """p's choice of one card matching filter f (a cand_encode value), or -1 (none, or "up
    to" declined)."""
    n = candidates(st, ct, fx, f, p, src_card, src_ref, buf)
    i = ask(st, ct, lg, np.int64(p), np.int64(q), np.int64(intent), fams, prms, rng, buf,
            np.int64(n), np.int64(upto))
    return -1 if i < 0 else buf[i]


@kernel
def play_free(st, ct, fx, lg, p, card, rested, fams, prms, rng):
    """Play `card` by an effect, paying no cost; its [On Play] waits in the queue (8-6-3)."""
    cat = ct[card, C.CATEGORY]
    if cat == C.CHARACTER:
        slot = place_character(st, ct, lg, p, card, fams, prms, rng)
        if slot >= 0:
            st[p * PSIZE + F_RESTED + slot] = rested
            enqueue(st, fx, lg, np.int64(oc.T_ON_PLAY), np.int64(p), np.int64(card),
                    np.int64(slot))
    elif cat == C.STAGE:
        place_stage(st, lg, p, card)
        st[p * PSIZE + STAGE_RESTED] = rested
        enqueue(st, fx, lg, np.int64(oc.T_ON_PLAY), np.int64(p), np.int64(card),
                np.int64(STAGE_REF))
    else:
        to_trash(st, p, card)


@kernel
def removable(st, ct, p, o, r, op):
    """May p's effect `op` move o's field card r: a Character, not protected by "cannot be
    K.O.'d by effects" or "cannot be removed from the field by your opponent's effects"."""
    if r == LEADER_REF:
        return False
    kw = slot_kw(st, ct, o, r)
    if o != p and (kw & oc.PR_NO_REMOVE_EFFECT) != 0:
        return False
    return op != oc.OP_KO or (kw & oc.PR_NO_KO_EFFECT) == 0


@kernel
def ko_by_effect(st, fx, lg, o, r):
    """K.O. o's Character r by an effect; its [On K.O.] waits in the queue (10-2-17)."""
    card = st[o * PSIZE + F_CARD + r]
    ko(st, lg, o, r)
    enqueue(st, fx, lg, np.int64(oc.T_ON_KO), np.int64(o), np.int64(card), np.int64(-1))


# ---------------------------------------------------------------- costs (8-3-1)


@kernel
def pay(st, ct, fx, lg, row, p, src_card, src_ref, fams, prms, rng, buf):
    b = p * PSIZE
    op = code_get(fx, row, 0)
    a = code_get(fx, row, 1)
    bb = code_get(fx, row, 2)
    if op == oc.OP_C_REST_DON:  # 8-3-1-5
        st[b + DON_ACTIVE] -= a
        st[b + DON_RESTED] += a
    elif op == oc.OP_C_DON_MINUS:  # 8-3-1-6
        don_minus(st, p, a)
    elif op == oc.OP_C_TRASH_HAND:
        trash_from_hand(st, ct, fx, lg, p, a, bb, src_card, src_ref, fams, prms, rng, buf)
    elif op == oc.OP_C_REST_SELF:
        if src_ref == STAGE_REF:
            st[b + STAGE_RESTED] = 1
        else:
            st[b + F_RESTED + src_ref] = 1
    elif op == oc.OP_C_TRASH_SELF:
        if src_ref == STAGE_REF:
            st[b + STAGE] = EMPTY
            to_trash(st, p, src_card)
        else:
            card = leave_field(st, p, src_ref)
            to_trash(st, p, card)
    elif op == oc.OP_C_RETURN_OWN or op == oc.OP_C_KO_OWN or op == oc.OP_C_REST_OWN:
        c = choose_card(st, ct, fx, lg, p, a, np.int64(oc.Q_COST_CARD),
                        np.int64(oc.INTENT_HELP), np.int64(0), src_card, src_ref, fams, prms,
                        rng, buf)
        if c >= 0:
            r = cand_index(c)
            if op == oc.OP_C_REST_OWN:
                st[b + F_RESTED + r] = 1
            elif op == oc.OP_C_KO_OWN:
                ko_by_effect(st, fx, lg, p, r)
            else:
                card = leave_field(st, p, r)
                push(st, b, HAND, N_HAND, HAND_CAP, card)
                log(st, lg, E.E_FX_MOVE, p, card, oc.OP_TO_HAND, 0)
    elif op == oc.OP_C_HAND_TO_DECK:
        hand_to_deck(st, ct, fx, lg, p, a, bb, fams, prms, rng, buf)
    elif op == oc.OP_C_LIFE_TO_HAND or op == oc.OP_C_TRASH_LIFE:
        for _ in range(a):
            card = take_life(st, p, bb if op == oc.OP_C_LIFE_TO_HAND else 0)
            if card == EMPTY:
                break
            if op == oc.OP_C_LIFE_TO_HAND:
                push(st, b, HAND, N_HAND, HAND_CAP, card)
            else:
                to_trash(st, p, card)
    elif op == oc.OP_C_TRASH_TO_DECK:
        for _ in range(a):
            if bb < 0:
                n = st[b + N_TRASH]
                for i in range(n):
                    buf[i] = cand_encode(p, Z_TRASH, i)
            else:
                n = candidates(st, ct, fx, bb, p, src_card, src_ref, buf)
            i = ask(st, ct, lg, np.int64(p), np.int64(oc.Q_COST_CARD),
                    np.int64(oc.INTENT_HELP), fams, prms, rng, buf, np.int64(n),
                    np.int64(0))
            if i < 0:
                break
            to_deck_bottom(st, p, take_from_trash(st, p, cand_index(buf[i])))


@kernel
def trash_from_hand(st, ct, fx, lg, p, count, f, src_card, src_ref, fams, prms, rng, buf):
    """p trashes `count` cards of their choice from hand (matching filter f, or any)."""
    done = 0
    for _ in range(count):
        if f < 0:
            n = st[p * PSIZE + N_HAND]
            for h in range(n):
                buf[h] = cand_encode(p, Z_HAND, h)
        else:
            n = candidates(st, ct, fx, f, p, src_card, src_ref, buf)
        i = ask(st, ct, lg, np.int64(p), np.int64(oc.Q_COST_CARD), np.int64(oc.INTENT_HELP), fams,
                prms, rng, buf, np.int64(n), np.int64(0))
        if i < 0:
            break
        card = take_from_hand(st, p, cand_index(buf[i]))
        to_trash(st, p, card)
        log(st, lg, E.E_FX_TRASH_HAND, p, card, 0, 0)
        done += 1
    return done


@kernel
def hand_to_deck(st, ct, fx, lg, p, count, bottom, fams, prms, rng, buf):
    """p places `count` cards of their choice from hand on top (bottom=0) or at the bottom
    of their deck."""
    b = p * PSIZE
    for _ in range(count):
        n = st[b + N_HAND]
        for h in range(n):
            buf[h] = cand_encode(p, Z_HAND, h)
        i = ask(st, ct, lg, np.int64(p), np.int64(oc.Q_COST_CARD), np.int64(oc.INTENT_HELP),
                fams, prms, rng, buf, np.int64(n), np.int64(0))
        if i < 0:
            break
        card = take_from_hand(st, p, cand_index(buf[i]))
        if bottom != 0:
            to_deck_bottom(st, p, card)
        else:
            push(st, b, DECK, N_DECK, DECK_CAP, card)


@kernel
def mark_used(st, fx, ab, p, src_ref):
    """Record that the source card used ability ab this turn (F_USED, 10-2-13)."""
    bit = 1 << ab_get(fx, ab, AB_SLOT)
    if src_ref == STAGE_REF:
        st[p * PSIZE + STAGE_USED] |= bit
    elif 0 <= src_ref < NREF:
        st[p * PSIZE + F_USED + src_ref] |= bit


@kernel
def run_ability(st, ct, fx, lg, ab, p, src_card, src_ref, fams, prms, rng, buf, chosen):
    """Resolve ability row ab of p's card src_card (at slot src_ref, STAGE_REF, or -1 when it
    is not on the field) by the activation procedure (8-4-1). `chosen`: the player already
    chose to activate it ([Activate: Main]), so its costs are not confirmed again."""
    b = p * PSIZE
    if once_spent(st, fx, ab, p, src_ref):  # 10-2-13
        return
    cond0 = ab_get(fx, ab, AB_COND0)
    for c in range(cond0, cond0 + ab_get(fx, ab, AB_NCOND)):
        if not cond_holds(st, ct, fx, np.int64(c), p, src_card, src_ref, buf):
            return
    cost0 = ab_get(fx, ab, AB_COST0)
    ncost = ab_get(fx, ab, AB_NCOST)
    for row in range(cost0, cost0 + ncost):
        if not can_pay(st, ct, fx, row, p, src_card, src_ref, buf):
            return
    if ncost > 0:
        if chosen == 0 and not policy.confirm(st, ct, p, oc.Q_CONFIRM, fams[p], prms[p], rng,
                                              2 + p):
            return
        for row in range(cost0, cost0 + ncost):
            pay(st, ct, fx, lg, row, p, src_card, src_ref, fams, prms, rng, buf)
    mark_used(st, fx, ab, p, src_ref)
    log(st, lg, E.E_ABILITY, p, src_card, ab_get(fx, ab, AB_TIMING), ab_get(fx, ab, AB_SLOT))
    st[G_SEL_N] = 0
    st[G_OK] = 1
    st[G_LOOK_N] = 0
    pc = ab_get(fx, ab, AB_PC)
    end = pc + ab_get(fx, ab, AB_NCODE)
    while pc < end and st[G_OVER] == 0:
        op = code_get(fx, pc, 0)
        a = code_get(fx, pc, 1)
        bb = code_get(fx, pc, 2)
        cc = code_get(fx, pc, 3)
        pc += 1
        if op == oc.OP_END:
            break
        elif op == oc.OP_SKIP_UNLESS:  # bb rows; a negative count skips to the end
            if not cond_holds(st, ct, fx, np.int64(a), p, src_card, src_ref, buf):
                pc = end if bb < 0 else pc + bb
        elif op == oc.OP_IF_DO:  # "If you do" (8-3-2-4)
            if st[G_OK] == 0:
                pc = end if bb < 0 else pc + bb
        elif op == oc.OP_SEL or op == oc.OP_SEL_ADD:
            nxt = code_get(fx, pc, 0) if pc < end else oc.OP_END
            intent = intent_of(nxt)
            if nxt == oc.OP_POWER and code_get(fx, pc, 1) < 0:
                intent = oc.INTENT_HARM
            select(st, ct, fx, lg, p, a, bb, cc != 0, intent, src_card, src_ref, fams, prms,
                   rng, buf, op == oc.OP_SEL_ADD)
        elif op == oc.OP_SEL_ALL:
            n = min(candidates(st, ct, fx, a, p, src_card, src_ref, buf), SEL_CAP)
            for i in range(n):
                st[G_SEL + i] = buf[i]
            st[G_SEL_N] = n
            st[G_OK] = 1 if n > 0 else 0
        elif op == oc.OP_SEL_SELF:
            st[G_SEL_N] = 0
            if 0 <= src_ref < NREF and st[b + F_CARD + src_ref] == src_card:
                st[G_SEL] = cand_encode(p, Z_FIELD_LC, src_ref)
                st[G_SEL_N] = 1
            st[G_OK] = st[G_SEL_N]
        elif op == oc.OP_SEL_LEADER:
            o = 1 - p if a == OWN_OPP else p
            st[G_SEL] = cand_encode(o, Z_LEADER, LEADER_REF)
            st[G_SEL_N] = 1
        elif op == oc.OP_KO or op == oc.OP_TO_HAND or op == oc.OP_TO_DECK \
                or op == oc.OP_TRASH:
            for k in range(st[G_SEL_N]):
                o, r = sel_on_field(st, k)
                if o < 0 or not removable(st, ct, p, o, r, op):
                    continue
                card = st[o * PSIZE + F_CARD + r]
                if op == oc.OP_KO:  # 10-2-17: [On K.O.] resolves after this ability
                    ko_by_effect(st, fx, lg, o, r)
                else:
                    leave_field(st, o, r)
                    if op == oc.OP_TO_HAND:
                        push(st, o * PSIZE, HAND, N_HAND, HAND_CAP, card)
                    elif op == oc.OP_TRASH:
                        to_trash(st, o, card)
                    elif a == 1:
                        to_deck_bottom(st, o, card)
                    else:
                        push(st, o * PSIZE, DECK, N_DECK, DECK_CAP, card)
                    log(st, lg, E.E_FX_MOVE, o, card, op, a)
        elif op == oc.OP_REST or op == oc.OP_SET_ACTIVE:
            for k in range(st[G_SEL_N]):
                o, r = sel_on_field(st, k)
                if o >= 0:
                    st[o * PSIZE + F_RESTED + r] = 1 if op == oc.OP_REST else 0
        elif op == oc.OP_POWER:  # 6-6, 7-1-5
            for k in range(st[G_SEL_N]):
                o, r = sel_on_field(st, k)
                if o < 0:
                    continue
                if bb == oc.D_TURN:
                    st[o * PSIZE + F_TPOW + r] += a
                elif st[G_ATT] != EMPTY:
                    st[o * PSIZE + F_BPOW + r] += a
        elif op == oc.OP_COST or op == oc.OP_GRANT or op == oc.OP_PROHIBIT:  # this turn
            for k in range(st[G_SEL_N]):
                o, r = sel_on_field(st, k)
                if o < 0 or bb != oc.D_TURN:
                    continue
                if op == oc.OP_COST:  # 2-7-6
                    st[o * PSIZE + F_TCOST + r] += a
                else:
                    st[o * PSIZE + F_TKW + r] |= a
        elif op == oc.OP_GIVE_DON:  # 6-5-5: from the rested (bb=1) or active DON!!
            if st[G_SEL_N] > 0:
                o, r = sel_on_field(st, 0)
                if o == p:
                    src = DON_RESTED if bb == 1 else DON_ACTIVE
                    m = min(a, st[b + src])
                    st[b + src] -= m
                    st[b + F_DON + r] += m
        elif op == oc.OP_DRAW:
            for _ in range(a):
                draw(st, lg, p)
                if st[G_OVER] != 0:
                    break
        elif op == oc.OP_TRASH_HAND:
            got = trash_from_hand(st, ct, fx, lg, p, a, bb, src_card, src_ref, fams, prms, rng,
                                  buf)
            st[G_OK] = 1 if got == a else 0
        elif op == oc.OP_MILL:
            for _ in range(a):
                if st[b + N_DECK] == 0:
                    break
                card = remove_from_deck(st, p, st[b + N_DECK] - 1)
                push(st, b, TRASH, N_TRASH, TRASH_CAP, card)
            deck_out_check(st, lg, p)
        elif op == oc.OP_LOOK:
            st[G_LOOK_N] = min(a, st[b + N_DECK])
        elif op == oc.OP_PICK:  # reveal up to bb matching cards: to hand, play or trash
            st[G_OK] = 0
            for _ in range(bb):
                n = candidates(st, ct, fx, a, p, src_card, src_ref, buf)
                i = ask(st, ct, lg, np.int64(p), np.int64(oc.Q_PICK),
                        np.int64(oc.INTENT_HELP), fams, prms, rng, buf, np.int64(n),
                        np.int64(1))
                if i < 0:
                    break
                card = remove_from_deck(st, p, st[b + N_DECK] - 1 - cand_index(buf[i]))
                st[G_LOOK_N] -= 1
                st[G_OK] = 1
                log(st, lg, E.E_FX_PICK, p, card, cc, 0)
                if cc == oc.DEST_PLAY or cc == oc.DEST_PLAY_RESTED:
                    play_free(st, ct, fx, lg, p, card, 1 if cc == oc.DEST_PLAY_RESTED else 0,
                              fams, prms, rng)
                elif cc == oc.DEST_TRASH:
                    push(st, b, TRASH, N_TRASH, TRASH_CAP, card)
                else:
                    push(st, b, HAND, N_HAND, HAND_CAP, card)
            deck_out_check(st, lg, p)
        elif op == oc.OP_REST_TO:  # the rest of the look window: bottom (a=0), trash (a=2)
            for _ in range(st[G_LOOK_N]):
                card = remove_from_deck(st, p, st[b + N_DECK] - 1)
                if a == 2:
                    push(st, b, TRASH, N_TRASH, TRASH_CAP, card)
                else:
                    to_deck_bottom(st, p, card)
            st[G_LOOK_N] = 0
            if a == 2:
                deck_out_check(st, lg, p)
        elif op == oc.OP_ADD_LIFE:  # top of the deck to the top of Life (4-6)
            for _ in range(a):
                n = st[b + N_DECK]
                if n == 0 or st[b + N_LIFE] >= LIFE_CAP:
                    break
                card = remove_from_deck(st, p, n - 1)
                push(st, b, LIFE, N_LIFE, LIFE_CAP, card)
                log(st, lg, E.E_ADD_LIFE, p, card, 0, 0)
            deck_out_check(st, lg, p)
        elif op == oc.OP_PLAY_SELF:  # [Trigger] "play this card" (10-1-5-4)
            if st[b + LIMBO] == src_card:
                st[b + LIMBO] = EMPTY
                play_free(st, ct, fx, lg, p, src_card, 0, fams, prms, rng)
        elif op == oc.OP_DON_ADD:  # 6-4: from the DON!! deck, active or rested
            m = min(a, st[b + DON_DECK])
            st[b + DON_DECK] -= m
            st[b + (DON_RESTED if bb == 1 else DON_ACTIVE)] += m
        elif op == oc.OP_DON_ACTIVE:
            m = min(a, st[b + DON_RESTED])
            st[b + DON_RESTED] -= m
            st[b + DON_ACTIVE] += m
        elif op == oc.OP_DON_MINUS:  # 10-2-6
            don_minus(st, p, a)
        elif op == oc.OP_DON_REST:
            o = 1 - p if cc == OWN_OPP else p
            m = min(a, st[o * PSIZE + DON_ACTIVE])
            st[o * PSIZE + DON_ACTIVE] -= m
            st[o * PSIZE + DON_RESTED] += m
        elif op == oc.OP_PLAY_FROM or op == oc.OP_TRASH_TO_HAND:  # a filter, bb cards
            st[G_OK] = 0
            for _ in range(bb):
                c = choose_card(st, ct, fx, lg, p, a, np.int64(oc.Q_PICK),
                                np.int64(oc.INTENT_HELP), np.int64(1), src_card, src_ref, fams,
                                prms, rng, buf)
                if c < 0:
                    break
                z = cand_zone(c)
                i = cand_index(c)
                if z == Z_HAND:
                    card = take_from_hand(st, p, i)
                elif z == Z_TRASH:
                    card = take_from_trash(st, p, i)
                elif z == Z_LOOK:
                    card = remove_from_deck(st, p, st[b + N_DECK] - 1 - i)
                    st[G_LOOK_N] -= 1
                else:
                    break
                st[G_OK] = 1
                log(st, lg, E.E_FX_PICK, p, card, op, 0)
                if op == oc.OP_TRASH_TO_HAND:
                    push(st, b, HAND, N_HAND, HAND_CAP, card)
                else:
                    play_free(st, ct, fx, lg, p, card, cc, fams, prms, rng)
        elif op == oc.OP_OPP_TRASH_HAND:  # the opponent chooses from their hand
            trash_from_hand(st, ct, fx, lg, np.int64(1 - p), a, np.int64(-1), src_card,
                            src_ref, fams, prms, rng, buf)
        elif op == oc.OP_HAND_TO_DECK:
            hand_to_deck(st, ct, fx, lg, p, a, bb, fams, prms, rng, buf)
        elif op == oc.OP_LIFE_TO_HAND or op == oc.OP_TRASH_LIFE:  # bb: 0 top, 1 bottom
            o = 1 - p if cc == OWN_OPP else p
            for _ in range(a):
                card = take_life(st, o, bb)
                if card == EMPTY:
                    break
                if op == oc.OP_LIFE_TO_HAND:
                    push(st, o * PSIZE, HAND, N_HAND, HAND_CAP, card)
                else:
                    to_trash(st, o, card)
                log(st, lg, E.E_FX_MOVE, o, card, op, bb)
    st[G_LOOK_N] = 0


@kernel
def drain(st, ct, fx, lg, fams, prms, rng, buf):
    """Resolve the pending abilities in the order they were queued (8-6-3)."""
    i = 0
    while i < st[G_Q_N] and st[G_OVER] == 0:
        q = G_Q + i * QW
        run_ability(st, ct, fx, lg, np.int64(st[q]), np.int64(st[q + 1]),
                    np.int64(st[q + 2]), np.int64(st[q + 3]), fams, prms, rng, buf,
                    np.int64(0))
        i += 1
    st[G_Q_N] = 0


@kernel
def fire(st, ct, fx, lg, t, p, card, src_ref, fams, prms, rng, buf):
    """Resolve `card`'s abilities of timing t for p, then whatever they triggered."""
    fire_abilities(st, ct, fx, lg, np.int64(t), np.int64(p), np.int64(card),
                   np.int64(src_ref), fams, prms, rng, buf)


@kernel
def fire_abilities(st, ct, fx, lg, t, p, card, src_ref, fams, prms, rng, buf):
    """fire() with int64 scalars: compiled once, whatever the callers pass."""
    base = fx[H_CARD_AB]
    for ab in range(fx[base + card], fx[base + card + 1]):
        if ab_get(fx, ab, AB_TIMING) == t and ab_get(fx, ab, AB_CARD) == card \
                and st[G_OVER] == 0:
            run_ability(st, ct, fx, lg, np.int64(ab), p, card, src_ref, fams, prms, rng, buf,
                        np.int64(0))
    drain(st, ct, fx, lg, fams, prms, rng, buf)


@kernel
def fire_field(st, ct, fx, lg, t, p, fams, prms, rng, buf):
    """Resolve the timing-t abilities of p's Leader, Characters and Stage, in that order
    (the Leader, then the slots left to right, then the Stage)."""
    if fx[H_NAB] == 0 or (fx[H_TMASK] >> t) & 1 == 0:
        return
    b = p * PSIZE
    for k in range(NREF + 1):
        if st[G_OVER] != 0:
            return
        r = LEADER_REF if k == 0 else (k - 1 if k <= NCHAR else STAGE_REF)
        card = st[b + STAGE] if r == STAGE_REF else st[b + F_CARD + r]
        if card != EMPTY and has_timing(fx, card, t):
            fire_abilities(st, ct, fx, lg, np.int64(t), np.int64(p), np.int64(card),
                           np.int64(r), fams, prms, rng, buf)


@kernel
def activate(st, ct, fx, lg, p, ref, k, fams, prms, rng, buf):
    """A_ACTIVATE: p activates the k-th ability of the card at ref (10-2-2), then what it
    triggered resolves; an ability that cannot be activated now stops the game."""
    if not can_activate(st, ct, fx, p, ref, k, buf):
        fail(st, lg, ERR_ILLEGAL)
        return
    b = p * PSIZE
    card = st[b + STAGE] if ref == STAGE_REF else st[b + F_CARD + ref]
    ab = fx[fx[H_CARD_AB] + card] + k
    run_ability(st, ct, fx, lg, np.int64(ab), np.int64(p), np.int64(card), np.int64(ref),
                fams, prms, rng, buf, np.int64(1))
    drain(st, ct, fx, lg, fams, prms, rng, buf)
