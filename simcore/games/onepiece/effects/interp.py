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
    AB_W,
    CD_CMP,
    CD_FLT,
    CD_KIND,
    CD_NEG,
    CD_VALUE,
    CD_WHO,
    CMP_GE,
    CMP_LE,
    CODE_W,
    COND_W,
    FL_COLOR,
    FL_COST_MAX,
    FL_COST_MIN,
    FL_FLAGS,
    FL_OWNER,
    FL_POW_MAX,
    FL_POW_MIN,
    FL_PRED_ALL,
    FL_PRED_NONE,
    FL_STATE,
    FL_ZONE,
    FLF_EXCLUDE_SELF,
    FLT_W,
    H_AB,
    H_CARD_AB,
    H_CARD_PRED,
    H_CARD_TM,
    H_CODE,
    H_COND,
    H_FLT,
    H_NAB,
    H_TMASK,
    OWN_ANY,
    OWN_OPP,
    ST_ACTIVE,
    ST_RESTED,
)
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
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
    F_TPOW,
    G_ACTIVE,
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
    TRASH,
    TRASH_CAP,
)
from tcgsim.simcore.games.onepiece.legal import (
    Z_FIELD_CHAR,
    Z_FIELD_LC,
    Z_HAND,
    Z_LEADER,
    Z_LOOK,
    cand_card,
    cand_encode,
    cand_index,
    cand_owner,
    cand_zone,
    power,
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

MAX_CAND = 64  # candidates written to buf (a field has at most 12 cards, a hand 50)

# numba compiles a function once per argument types, and a literal argument (a timing
# constant, -1) is a type of its own: the large functions get int64 scalars only.

# ---------------------------------------------------------------- fx accessors


@kernel
def has_timing(fx, card, t):
    """Does `card` have a packed ability of timing t?"""
    if fx[H_NAB] == 0:
        return False
    return (fx[fx[H_CARD_TM] + card] >> t) & 1 == 1


@kernel
def ab_get(fx, ab, col):
    return fx[fx[H_AB] + ab * AB_W + col]


@kernel
def code_get(fx, row, col):
    return fx[fx[H_CODE] + row * CODE_W + col]


@kernel
def flt_get(fx, f, col):
    return fx[fx[H_FLT] + f * FLT_W + col]


@kernel
def cond_get(fx, c, col):
    return fx[fx[H_COND] + c * COND_W + col]


# ---------------------------------------------------------------- filters and conditions


@kernel
def owner_matches(flt_owner, p, owner):
    if flt_owner == OWN_ANY:
        return True
    return (owner == p) == (flt_owner != OWN_OPP)


@kernel
def flt_match(st, ct, fx, f, p, c, src_card, src_ref):
    """Does candidate c (legal.cand_encode) satisfy filter row f for controller p?"""
    owner = cand_owner(c)
    if not owner_matches(flt_get(fx, f, FL_OWNER), p, owner):
        return False
    card = cand_card(st, c)
    z = cand_zone(c)
    on_field = z == Z_FIELD_CHAR or z == Z_FIELD_LC or z == Z_LEADER
    color = flt_get(fx, f, FL_COLOR)
    if color != 0 and (ct[card, C.COLORS] & color) == 0:
        return False
    preds = fx[fx[H_CARD_PRED] + card]
    need = flt_get(fx, f, FL_PRED_ALL)
    if (preds & need) != need or (preds & flt_get(fx, f, FL_PRED_NONE)) != 0:
        return False
    cost = ct[card, C.COST]
    lo = flt_get(fx, f, FL_COST_MIN)
    hi = flt_get(fx, f, FL_COST_MAX)
    if (lo >= 0 and cost < lo) or (hi >= 0 and cost > hi):
        return False
    pw = power(st, ct, owner, cand_index(c)) if on_field else ct[card, C.POWER]
    lo = flt_get(fx, f, FL_POW_MIN)
    hi = flt_get(fx, f, FL_POW_MAX)
    if (lo >= 0 and pw < lo) or (hi >= 0 and pw > hi):
        return False
    state = flt_get(fx, f, FL_STATE)
    if state != 0 and on_field:
        rested = st[owner * PSIZE + F_RESTED + cand_index(c)] != 0
        if (state == ST_ACTIVE and rested) or (state == ST_RESTED and not rested):
            return False
    if flt_get(fx, f, FL_FLAGS) & FLF_EXCLUDE_SELF:
        if on_field and owner == p and cand_index(c) == src_ref:
            return False
        if not on_field and card == src_card:
            return False
    return True


@kernel
def add_if_match(st, ct, fx, f, p, c, src_card, src_ref, buf, n):
    """Append candidate c to buf[:n] when it matches filter f; the new count."""
    if n < MAX_CAND and flt_match(st, ct, fx, f, p, c, src_card, src_ref):
        buf[n] = c
        return n + 1
    return n


@kernel
def candidates(st, ct, fx, f, p, src_card, src_ref, buf):
    """Write the cards matching filter row f (in its zone, for controller p) to buf; their
    number. Field cards in slot order, the Leader last; hand and look window in order."""
    z = flt_get(fx, f, FL_ZONE)
    n = 0
    for k in range(2):
        o = p if k == 0 else 1 - p
        b = o * PSIZE
        if not owner_matches(flt_get(fx, f, FL_OWNER), p, o):
            continue
        if z == Z_FIELD_CHAR or z == Z_FIELD_LC:
            for r in range(NCHAR):
                if st[b + F_CARD + r] != EMPTY:
                    n = add_if_match(st, ct, fx, f, p, cand_encode(o, z, r), src_card, src_ref,
                                     buf, n)
        if z == Z_FIELD_LC or z == Z_LEADER:
            n = add_if_match(st, ct, fx, f, p, cand_encode(o, z, LEADER_REF), src_card,
                             src_ref, buf, n)
        if z == Z_HAND and o == p:
            for h in range(st[b + N_HAND]):
                n = add_if_match(st, ct, fx, f, p, cand_encode(o, z, h), src_card, src_ref,
                                 buf, n)
        if z == Z_LOOK and o == p:
            for i in range(st[G_LOOK_N]):
                n = add_if_match(st, ct, fx, f, p, cand_encode(o, z, i), src_card, src_ref,
                                 buf, n)
    return n


@kernel
def compare(v, cmp, value):
    if cmp == CMP_GE:
        return v >= value
    if cmp == CMP_LE:
        return v <= value
    return v == value


@kernel
def don_on_field(st, o):
    b = o * PSIZE
    v = st[b + DON_ACTIVE] + st[b + DON_RESTED]
    for r in range(NREF):
        v += st[b + F_DON + r]
    return v


@kernel
def cond_holds(st, ct, fx, c, p, src_card, src_ref, buf):
    """Condition row c for controller p (8-3-2)."""
    kind = cond_get(fx, c, CD_KIND)
    o = 1 - p if cond_get(fx, c, CD_WHO) == OWN_OPP else p
    b = o * PSIZE
    cmp = cond_get(fx, c, CD_CMP)
    value = cond_get(fx, c, CD_VALUE)
    ok = False
    if kind == oc.CK_LEADER_PRED:
        f = cond_get(fx, c, CD_FLT)
        ok = flt_match(st, ct, fx, f, p, cand_encode(o, Z_LEADER, LEADER_REF), src_card,
                       src_ref)
    elif kind == oc.CK_TRASH:
        ok = compare(st[b + N_TRASH], cmp, value)
    elif kind == oc.CK_LIFE:
        ok = compare(st[b + N_LIFE], cmp, value)
    elif kind == oc.CK_HAND:
        ok = compare(st[b + N_HAND], cmp, value)
    elif kind == oc.CK_DON_FIELD:
        ok = compare(don_on_field(st, o), cmp, value)
    elif kind == oc.CK_DON_ACTIVE:
        ok = compare(st[b + DON_ACTIVE], cmp, value)
    elif kind == oc.CK_DON_GIVEN_SELF:  # [DON!! xN] (10-2-9)
        ok = src_ref >= 0 and st[p * PSIZE + F_CARD + src_ref] == src_card \
            and st[p * PSIZE + F_DON + src_ref] >= value
    elif kind == oc.CK_YOUR_TURN:
        ok = st[G_ACTIVE] == p
    elif kind == oc.CK_OPP_TURN:
        ok = st[G_ACTIVE] != p
    elif kind == oc.CK_COUNT:
        ok = compare(candidates(st, ct, fx, cond_get(fx, c, CD_FLT), p, src_card, src_ref,
                                buf), cmp, value)
    elif kind == oc.CK_CHARS:
        n = 0
        for r in range(NCHAR):
            if st[b + F_CARD + r] != EMPTY:
                n += 1
        ok = compare(n, cmp, value)
    elif kind == oc.CK_DECK:
        ok = compare(st[b + N_DECK], cmp, value)
    elif kind == oc.CK_OK:
        ok = st[G_OK] != 0
    if cond_get(fx, c, CD_NEG) != 0:
        return not ok
    return ok


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
    if op == oc.OP_KO or op == oc.OP_REST or op == oc.OP_TO_HAND or op == oc.OP_TO_DECK:
        return oc.INTENT_HARM
    return oc.INTENT_HELP


@kernel
def select(st, ct, fx, lg, p, f, count, upto, intent, src_card, src_ref, fams, prms, rng,
           buf):
    """OP_SEL: choose `count` cards matching filter f ("up to": 0..count, 8-4-4-1; else as
    many as possible, 1-3-2) into the selection register."""
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


# ---------------------------------------------------------------- costs (8-3-1)


@kernel
def can_pay(st, ct, fx, row, p, src_card, src_ref, buf):
    b = p * PSIZE
    op = code_get(fx, row, 0)
    a = code_get(fx, row, 1)
    if op == oc.OP_C_REST_DON:
        return st[b + DON_ACTIVE] >= a
    if op == oc.OP_C_DON_MINUS:
        return don_on_field(st, p) >= a
    if op == oc.OP_C_TRASH_HAND:
        f = code_get(fx, row, 2)
        if f < 0:
            return st[b + N_HAND] >= a
        return candidates(st, ct, fx, f, p, src_card, src_ref, buf) >= a
    if op == oc.OP_C_REST_SELF:
        return src_ref >= 0 and st[b + F_CARD + src_ref] == src_card \
            and st[b + F_RESTED + src_ref] == 0
    if op == oc.OP_C_TRASH_SELF:
        return 0 <= src_ref < NCHAR and st[b + F_CARD + src_ref] == src_card
    return False


@kernel
def pay(st, ct, fx, lg, row, p, src_card, src_ref, fams, prms, rng, buf):
    b = p * PSIZE
    op = code_get(fx, row, 0)
    a = code_get(fx, row, 1)
    if op == oc.OP_C_REST_DON:  # 8-3-1-5
        st[b + DON_ACTIVE] -= a
        st[b + DON_RESTED] += a
    elif op == oc.OP_C_DON_MINUS:  # 8-3-1-6: rested first, then active, then given
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
        st[b + DON_DECK] += a
    elif op == oc.OP_C_TRASH_HAND:
        trash_from_hand(st, ct, fx, lg, p, a, code_get(fx, row, 2), src_card, src_ref, fams,
                        prms, rng, buf)
    elif op == oc.OP_C_REST_SELF:
        st[b + F_RESTED + src_ref] = 1
    elif op == oc.OP_C_TRASH_SELF:
        card = leave_field(st, p, src_ref)
        to_trash(st, p, card)


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


# ---------------------------------------------------------------- one ability


@kernel
def run_ability(st, ct, fx, lg, ab, p, src_card, src_ref, fams, prms, rng, buf):
    """Resolve ability row ab of p's card src_card (at slot src_ref, or -1 when it is not on
    the field) by the activation procedure (8-4-1)."""
    b = p * PSIZE
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
        if not policy.confirm(st, ct, p, oc.Q_CONFIRM, fams[p], prms[p], rng, 2 + p):
            return
        for row in range(cost0, cost0 + ncost):
            pay(st, ct, fx, lg, row, p, src_card, src_ref, fams, prms, rng, buf)
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
        elif op == oc.OP_SEL:
            nxt = code_get(fx, pc, 0) if pc < end else oc.OP_END
            intent = intent_of(nxt)
            if nxt == oc.OP_POWER and code_get(fx, pc, 1) < 0:
                intent = oc.INTENT_HARM
            select(st, ct, fx, lg, p, a, bb, cc != 0, intent, src_card, src_ref, fams, prms,
                   rng, buf)
        elif op == oc.OP_SEL_SELF:
            st[G_SEL_N] = 0
            if src_ref >= 0 and st[b + F_CARD + src_ref] == src_card:
                st[G_SEL] = cand_encode(p, Z_FIELD_LC, src_ref)
                st[G_SEL_N] = 1
            st[G_OK] = st[G_SEL_N]
        elif op == oc.OP_SEL_LEADER:
            o = 1 - p if a == OWN_OPP else p
            st[G_SEL] = cand_encode(o, Z_LEADER, LEADER_REF)
            st[G_SEL_N] = 1
        elif op == oc.OP_KO or op == oc.OP_TO_HAND or op == oc.OP_TO_DECK:
            for k in range(st[G_SEL_N]):
                o, r = sel_on_field(st, k)
                if o < 0 or r == LEADER_REF:
                    continue
                card = st[o * PSIZE + F_CARD + r]
                if op == oc.OP_KO:  # 10-2-17: [On K.O.] resolves after this ability
                    ko(st, lg, o, r)
                    enqueue(st, fx, lg, np.int64(oc.T_ON_KO), np.int64(o), np.int64(card),
                            np.int64(-1))
                else:
                    leave_field(st, o, r)
                    if op == oc.OP_TO_HAND:
                        push(st, o * PSIZE, HAND, N_HAND, HAND_CAP, card)
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
        elif op == oc.OP_PICK:  # reveal up to bb matching cards and add them to hand
            st[G_OK] = 0
            for _ in range(bb):
                n = candidates(st, ct, fx, a, p, src_card, src_ref, buf)
                i = ask(st, ct, lg, np.int64(p), np.int64(oc.Q_PICK),
                        np.int64(oc.INTENT_HELP), fams, prms, rng, buf, np.int64(n),
                        np.int64(1))
                if i < 0:
                    break
                card = remove_from_deck(st, p, st[b + N_DECK] - 1 - cand_index(buf[i]))
                push(st, b, HAND, N_HAND, HAND_CAP, card)
                st[G_LOOK_N] -= 1
                st[G_OK] = 1
                log(st, lg, E.E_FX_PICK, p, card, 0, 0)
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
                cat = ct[src_card, C.CATEGORY]
                if cat == C.CHARACTER:
                    slot = place_character(st, ct, lg, p, src_card, fams, prms, rng)
                    if slot >= 0:
                        enqueue(st, fx, lg, np.int64(oc.T_ON_PLAY), p, src_card, np.int64(slot))
                elif cat == C.STAGE:
                    place_stage(st, lg, p, src_card)
                    enqueue(st, fx, lg, np.int64(oc.T_ON_PLAY), p, src_card, np.int64(-1))
                else:
                    to_trash(st, p, src_card)
        elif op == oc.OP_DON_ADD:  # 6-4: from the DON!! deck, active or rested
            m = min(a, st[b + DON_DECK])
            st[b + DON_DECK] -= m
            st[b + (DON_RESTED if bb == 1 else DON_ACTIVE)] += m
        elif op == oc.OP_DON_ACTIVE:
            m = min(a, st[b + DON_RESTED])
            st[b + DON_RESTED] -= m
            st[b + DON_ACTIVE] += m
    st[G_LOOK_N] = 0


@kernel
def drain(st, ct, fx, lg, fams, prms, rng, buf):
    """Resolve the pending abilities in the order they were queued (8-6-3)."""
    i = 0
    while i < st[G_Q_N] and st[G_OVER] == 0:
        q = G_Q + i * QW
        run_ability(st, ct, fx, lg, np.int64(st[q]), np.int64(st[q + 1]),
                    np.int64(st[q + 2]), np.int64(st[q + 3]), fams, prms, rng, buf)
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
            run_ability(st, ct, fx, lg, np.int64(ab), p, card, src_ref, fams, prms, rng, buf)
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
        r = LEADER_REF if k == 0 else (k - 1 if k <= NCHAR else -1)
        card = st[b + STAGE] if r < 0 else st[b + F_CARD + r]
        if card != EMPTY and has_timing(fx, card, t):
            fire_abilities(st, ct, fx, lg, np.int64(t), np.int64(p), np.int64(card),
                           np.int64(r), fams, prms, rng, buf)
