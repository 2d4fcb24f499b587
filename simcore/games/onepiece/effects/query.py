"""What the compiled effect tables allow right now, read-only (EFFECTS.md §5): fx accessors,
filters, candidates, conditions, whether a cost can be paid, and which [Activate: Main]
abilities a player may activate. Shared by the interpreter (interp.py) and the strategies,
which choose among these; nothing here changes the state."""

import numpy as np

from tcgsim.simcore.effects.fxlayout import (
    AB_COND0,
    AB_COST0,
    AB_FLAGS,
    AB_NCODE,
    AB_NCOND,
    AB_NCOST,
    AB_PC,
    AB_SLOT,
    AB_TIMING,
    ABF_ONCE,
    CD_CMP,
    CD_FLT,
    CD_KIND,
    CD_NEG,
    CD_VALUE,
    CD_WHO,
    CODE_A,
    FL_COST_MAX,
    FL_COST_MAX_BY,
    FL_COST_MIN,
    FL_FLAGS,
    FL_OWNER,
    FL_POW_MAX,
    FL_POW_MIN,
    FL_STATE,
    FL_ZONE,
    FLF_BASE,
    FLF_DIFF_NAMES,
    FLF_DYNAMIC,
    FLF_EXCLUDE_SELF,
    FLF_PLAYABLE,
    FLF_SELF_ONLY,
    H_CARD_AB,
    H_FSTAT,
    H_FWORDS,
    H_NAB,
    OWN_OPP,
    OWN_SELF,
    ST_ACTIVE,
    ST_RESTED,
)
from tcgsim.simcore.effects.fxread import (
    ab_get,
    code_get,
    compare,
    cond_get,
    flt_get,
    has_timing,
    name_bit,
    owner_matches,
)
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.layout import (
    BAN_LIFE_TO_HAND,
    DON_ACTIVE,
    DON_RESTED,
    EMPTY,
    EV_COST,
    F_BKW,
    F_CARD,
    F_DON,
    F_NKW,
    F_RESTED,
    F_SICK,
    F_TKW,
    F_USED,
    G_ACTIVE,
    G_ATT,
    G_FIRST,
    G_FX_NO_TM,
    G_LOOK_N,
    G_OK,
    G_TGT,
    G_TURN,
    HAND,
    LEADER_REF,
    LIFE_UP,
    N_DECK,
    N_HAND,
    N_LIFE,
    N_TRASH,
    NCHAR,
    NREF,
    PLAY_BAN,
    PSIZE,
    STAGE,
    STAGE_RESTED,
    STAGE_USED,
    TRASH,
)
from tcgsim.simcore.games.onepiece.legal import (
    A_ACTIVATE,
    A_PLAY,
    STAGE_REF,
    Z_FIELD_CHAR,
    Z_FIELD_LC,
    Z_HAND,
    Z_LEADER,
    Z_LOOK,
    Z_STAGE,
    Z_TRASH,
    act_a,
    act_kind,
    cand_card,
    cand_encode,
    cand_index,
    cand_owner,
    cand_zone,
    encode,
    field_cost,
    hand_cost,
    play_banned,
    power,
    slot_kw,
)
from tcgsim.simcore.jit import kernel, kernel_inline

MAX_CAND = 64  # candidates written to buf (a field has at most 12 cards, a hand 50)


# ---------------------------------------------------------------- filters and conditions


@kernel
def count_by(st, p, by):
    """The current value of count `by` (oc.BY_*) for controller p: a cost bound that is
    "the number of your opponent's Life cards" and the like."""
    if by == oc.BY_OPP_LIFE:
        return st[(1 - p) * PSIZE + N_LIFE]
    if by == oc.BY_LIFE_TOTAL:
        return st[N_LIFE] + st[PSIZE + N_LIFE]
    if by == oc.BY_DON_FIELD:
        return don_on_field(st, p)
    if by == oc.BY_OPP_DON_FIELD:
        return don_on_field(st, 1 - p)
    return -1


@kernel
def count_per(st, ct, p, what):
    """The count an OP_POWER_PER reads for controller p (oc.PER_*): cards in the trash or
    the hand, Events in the trash, rested DON!! cards in the cost area."""
    b = p * PSIZE
    if what == oc.PER_TRASH:
        return st[b + N_TRASH]
    if what == oc.PER_HAND:
        return st[b + N_HAND]
    if what == oc.PER_DON_RESTED:
        return st[b + DON_RESTED]
    n = 0
    for i in range(st[b + N_TRASH]):
        if ct[st[b + TRASH + i], C.CATEGORY] == C.EVENT:
            n += 1
    return n


@kernel_inline
def flt_match(st, ct, fx, f, p, c, src_card, src_ref):
    """Does candidate c (legal.cand_encode) satisfy filter row f for controller p? The
    owner, then one bit of the filter's static bitset (category, colour, predicates,
    trigger: what the card alone decides), then the rest only for a filter that has more."""
    owner = cand_owner(c)
    if not owner_matches(flt_get(fx, f, FL_OWNER), p, owner):
        return False
    card = cand_card(st, c)
    if (fx[fx[H_FSTAT] + f * fx[H_FWORDS] + (card >> 5)] >> (card & 31)) & 1 == 0:
        return False
    if (flt_get(fx, f, FL_FLAGS) & FLF_DYNAMIC) == 0:
        return True
    return flt_dynamic(st, ct, fx, f, p, c, owner, card, src_card, src_ref)


@kernel
def flt_dynamic(st, ct, fx, f, p, c, owner, card, src_card, src_ref):
    """The tests of filter f that depend on the game state or the source card: cost and
    power bounds (current values on the field unless FLF_BASE), DON!! given, the source
    card itself or other than it, a ban on playing, active or rested."""
    z = cand_zone(c)
    on_field = z == Z_FIELD_CHAR or z == Z_FIELD_LC or z == Z_LEADER
    flags = flt_get(fx, f, FL_FLAGS)
    base = (flags & FLF_BASE) != 0 or not on_field
    lo = flt_get(fx, f, FL_COST_MIN)
    hi = flt_get(fx, f, FL_COST_MAX)
    if flt_get(fx, f, FL_COST_MAX_BY) != oc.BY_NONE:
        hi = count_by(st, p, flt_get(fx, f, FL_COST_MAX_BY))
    if lo >= 0 or hi >= 0:  # bounds are read only when the filter has them
        cost = ct[card, C.COST] if base else field_cost(st, ct, owner, cand_index(c))
        if (lo >= 0 and cost < lo) or (hi >= 0 and cost > hi):
            return False
    lo = flt_get(fx, f, FL_POW_MIN)
    hi = flt_get(fx, f, FL_POW_MAX)
    if lo >= 0 or hi >= 0:
        pw = ct[card, C.POWER] if base else power(st, ct, owner, cand_index(c))
        if (lo >= 0 and pw < lo) or (hi >= 0 and pw > hi):
            return False
    if on_field and (flags & (oc.FLF_DON_GIVEN | oc.FLF_NO_DON)) != 0:
        given = st[owner * PSIZE + F_DON + cand_index(c)] > 0
        if ((flags & oc.FLF_DON_GIVEN) and not given) or ((flags & oc.FLF_NO_DON) and given):
            return False
    if (flags & FLF_SELF_ONLY) != 0 and card != src_card:
        return False
    if (flags & FLF_PLAYABLE) != 0 and play_banned(st, ct, p, card, z == Z_HAND):
        return False
    state = flt_get(fx, f, FL_STATE)
    if state != 0 and (on_field or z == Z_STAGE):
        rested = (st[owner * PSIZE + STAGE_RESTED] if z == Z_STAGE
                  else st[owner * PSIZE + F_RESTED + cand_index(c)]) != 0
        if (state == ST_ACTIVE and rested) or (state == ST_RESTED and not rested):
            return False
    if flags & FLF_EXCLUDE_SELF:
        if on_field and owner == p and cand_index(c) == src_ref:
            return False
        if not on_field and card == src_card:
            return False
    return True


@kernel_inline
def add_if_match(st, ct, fx, f, p, c, src_card, src_ref, buf, n, limit):
    """Append candidate c to buf[:n] when it matches filter f and n < limit; the new count."""
    if n < limit and flt_match(st, ct, fx, f, p, c, src_card, src_ref):
        buf[n] = c
        return n + 1
    return n


@kernel
def candidates(st, ct, fx, f, p, src_card, src_ref, buf):
    """Write the cards matching filter row f (in its zone, for controller p) to buf; their
    number. Field cards in slot order, the Leader last; hand and look window in order."""
    return candidates_upto(st, ct, fx, f, p, src_card, src_ref, buf, MAX_CAND)


@kernel
def candidates_upto(st, ct, fx, f, p, src_card, src_ref, buf, limit):
    """candidates, stopping at `limit` matches (a count compared with a bound needs no more)."""
    z = flt_get(fx, f, FL_ZONE)
    n = 0
    for k in range(2):
        o = p if k == 0 else 1 - p
        b = o * PSIZE
        if not owner_matches(flt_get(fx, f, FL_OWNER), p, o):
            continue
        any_card = z == oc.Z_FIELD_ANY  # the Leader and Characters as FIELD_LC, the Stage
        zc = Z_FIELD_LC if any_card else z
        if z == Z_FIELD_CHAR or z == Z_FIELD_LC or any_card:
            for r in range(NCHAR):
                if st[b + F_CARD + r] != EMPTY:
                    n = add_if_match(st, ct, fx, f, p, cand_encode(o, zc, r), src_card,
                                     src_ref, buf, n, limit)
        if z == Z_FIELD_LC or z == Z_LEADER or any_card:
            n = add_if_match(st, ct, fx, f, p, cand_encode(o, zc, LEADER_REF), src_card,
                             src_ref, buf, n, limit)
        if z == Z_HAND and o == p:
            for h in range(st[b + N_HAND]):
                n = add_if_match(st, ct, fx, f, p, cand_encode(o, z, h), src_card, src_ref,
                                 buf, n, limit)
        if z == Z_TRASH:
            for i in range(st[b + N_TRASH]):
                n = add_if_match(st, ct, fx, f, p, cand_encode(o, z, i), src_card, src_ref,
                                 buf, n, limit)
        if (z == Z_STAGE or z == oc.Z_LEADER_STAGE or any_card) and st[b + STAGE] != EMPTY:
            n = add_if_match(st, ct, fx, f, p, cand_encode(o, Z_STAGE, 0), src_card, src_ref,
                             buf, n, limit)
        if z == oc.Z_LEADER_STAGE:
            n = add_if_match(st, ct, fx, f, p, cand_encode(o, Z_LEADER, LEADER_REF), src_card,
                             src_ref, buf, n, limit)
        if z == Z_LOOK and o == p:
            for i in range(st[G_LOOK_N]):
                n = add_if_match(st, ct, fx, f, p, cand_encode(o, z, i), src_card, src_ref,
                                 buf, n, limit)
    return n


@kernel
def distinct_names(st, fx, buf, n):
    """How many different card names the n candidates in buf have."""
    lo = 0
    hi = 0
    k = 0
    for i in range(n):
        w, bit = name_bit(fx, cand_card(st, buf[i]))
        if ((hi if w else lo) & bit) == 0:
            k += 1
            if w:
                hi |= bit
            else:
                lo |= bit
    return k


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
        ok = 0 <= src_ref < NREF and st[p * PSIZE + F_CARD + src_ref] == src_card \
            and st[p * PSIZE + F_DON + src_ref] >= value
    elif kind == oc.CK_YOUR_TURN:
        ok = st[G_ACTIVE] == p
    elif kind == oc.CK_EVENT_COST:  # EV_COST holds 1 + the highest base cost (0: none)
        ok = st[b + EV_COST] > 0 and compare(st[b + EV_COST] - 1, cmp, value)
    elif kind == oc.CK_OPP_TURN:
        ok = st[G_ACTIVE] != p
    elif kind == oc.CK_EVENT_CARD:  # tested when the ability was queued (enqueue_event)
        ok = True
    elif kind == oc.CK_COUNT and flt_get(fx, cond_get(fx, c, CD_FLT), FL_FLAGS) & FLF_DIFF_NAMES:
        n = candidates(st, ct, fx, cond_get(fx, c, CD_FLT), p, src_card, src_ref, buf)
        ok = compare(distinct_names(st, fx, buf, n), cmp, value)  # "with different card names"
    elif kind == oc.CK_COUNT:  # counting stops where the comparison is decided
        ok = compare(candidates_upto(st, ct, fx, cond_get(fx, c, CD_FLT), p, src_card,
                                     src_ref, buf, min(max(value, 0) + 1, MAX_CAND)), cmp, value)
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
    elif kind == oc.CK_CMP_LIFE_OPP:  # controller's Life CMP the opponent's + VALUE
        ok = compare(st[p * PSIZE + N_LIFE], cmp, st[(1 - p) * PSIZE + N_LIFE] + value)
    elif kind == oc.CK_CMP_DON_OPP:  # DON!! on the controller's field CMP the opponent's
        ok = compare(don_on_field(st, p), cmp, don_on_field(st, 1 - p) + value)
    elif kind == oc.CK_LEADER_MULTI:  # "multicolored": two or more colours
        colors = ct[st[b + F_CARD + LEADER_REF], C.COLORS]
        ok = (colors & (colors - 1)) != 0
    elif kind == oc.CK_RESTED:  # rested Leader, Characters, Stage and DON!! cards
        n = st[b + DON_RESTED] + (1 if st[b + STAGE] != EMPTY and st[b + STAGE_RESTED] else 0)
        for r in range(NREF):
            if st[b + F_CARD + r] != EMPTY and st[b + F_RESTED + r] != 0:
                n += 1
        ok = compare(n, cmp, value)
    elif kind == oc.CK_LIFE_TOTAL:
        ok = compare(st[N_LIFE] + st[PSIZE + N_LIFE], cmp, value)
    elif kind == oc.CK_SELF_POWER:
        ok = 0 <= src_ref < NREF and st[p * PSIZE + F_CARD + src_ref] == src_card \
            and compare(power(st, ct, p, src_ref), cmp, value)
    elif kind == oc.CK_SELF_COST:
        ok = 0 <= src_ref < NCHAR and st[p * PSIZE + F_CARD + src_ref] == src_card \
            and compare(field_cost(st, ct, p, src_ref), cmp, value)
    elif kind == oc.CK_LEADER_ATTACKED:  # 7-1-1-1: the target declared is p's Leader
        ok = st[G_ACTIVE] != p and st[G_ATT] != EMPTY and st[G_TGT] == LEADER_REF
    elif kind == oc.CK_TURNS:  # the first player's turns are 1, 3, 5, ..., the other's 2, 4
        ok = compare((st[G_TURN] + (1 if o == st[G_FIRST] else 0)) // 2, cmp, value)
    elif kind == oc.CK_SELF_PLAYED:  # F_SICK: played this turn (cleared in the End Phase)
        ok = 0 <= src_ref < NREF and st[p * PSIZE + F_CARD + src_ref] == src_card \
            and st[p * PSIZE + F_SICK + src_ref] != 0
    elif kind == oc.CK_ONLY:  # at least one Character, and none that does not match
        n = 0
        m = 0
        for r in range(NCHAR):
            if st[b + F_CARD + r] != EMPTY:
                n += 1
                if flt_match(st, ct, fx, cond_get(fx, c, CD_FLT), p,
                             cand_encode(o, Z_FIELD_CHAR, r), src_card, src_ref):
                    m += 1
        ok = n >= 1 and m == n
    elif kind == oc.CK_BATTLING:  # the opponent's card in battle with the source card
        r = EMPTY
        if st[G_ATT] != EMPTY and 0 <= src_ref < NREF \
                and st[p * PSIZE + F_CARD + src_ref] == src_card:
            if st[G_ACTIVE] == p and st[G_ATT] == src_ref:
                r = st[G_TGT]
            elif st[G_ACTIVE] != p and st[G_TGT] == src_ref:
                r = st[G_ATT]
        if r != EMPTY:
            ok = flt_match(st, ct, fx, cond_get(fx, c, CD_FLT), p,
                           cand_encode(1 - p, Z_LEADER if r == LEADER_REF else Z_FIELD_CHAR, r),
                           src_card, src_ref)
    elif kind == oc.CK_DON_GIVEN:
        n = 0
        for r in range(NREF):
            n += st[b + F_DON + r]
        ok = compare(n, cmp, value)
    elif kind == oc.CK_SELF_RESTED:
        ok = 0 <= src_ref < NREF and st[p * PSIZE + F_CARD + src_ref] == src_card \
            and st[p * PSIZE + F_RESTED + src_ref] != 0
    if cond_get(fx, c, CD_NEG) != 0:
        return not ok
    return ok


# ---------------------------------------------------------------- the source card


@kernel
def source_ref(k):
    """The k-th place (k in 0..NREF) a card with abilities is looked for on a field, in the
    order they resolve: the Leader, the Character slots left to right, then the Stage."""
    return LEADER_REF if k == 0 else (k - 1 if k <= NCHAR else STAGE_REF)


@kernel
def source_card(st, p, r):
    """The card at p's ref r (a slot or STAGE_REF), or EMPTY."""
    return st[p * PSIZE + STAGE] if r == STAGE_REF else st[p * PSIZE + F_CARD + r]


@kernel
def conds_hold(st, ct, fx, ab, p, src_card, src_ref, buf):
    """Do all the conditions of ability row ab hold for controller p (8-3-2)?"""
    cond0 = ab_get(fx, ab, AB_COND0)
    for c in range(cond0, cond0 + ab_get(fx, ab, AB_NCOND)):
        if not cond_holds(st, ct, fx, c, p, src_card, src_ref, buf):
            return False
    return True


@kernel
def self_on_field(st, p, src_card, src_ref):
    """Is the source card still where it was (a field slot, or the Stage)?"""
    if src_ref == STAGE_REF:
        return st[p * PSIZE + STAGE] == src_card
    return 0 <= src_ref < NREF and st[p * PSIZE + F_CARD + src_ref] == src_card


@kernel
def used_bits(st, p, src_ref):
    """The source's abilities used this turn (F_USED), 0 when it is not on the field."""
    if src_ref == STAGE_REF:
        return st[p * PSIZE + STAGE_USED]
    if 0 <= src_ref < NREF:
        return st[p * PSIZE + F_USED + src_ref]
    return 0


@kernel
def once_spent(st, fx, ab, p, src_ref):
    """10-2-13: a [Once Per Turn] ability that its card already used this turn."""
    if (ab_get(fx, ab, AB_FLAGS) & ABF_ONCE) == 0:
        return False
    return (used_bits(st, p, src_ref) >> ab_get(fx, ab, AB_SLOT)) & 1 == 1


# ---------------------------------------------------------------- costs (8-3-1)


@kernel
def can_pay(st, ct, fx, row, p, src_card, src_ref, buf):
    b = p * PSIZE
    op = code_get(fx, row, 0)
    a = code_get(fx, row, 1)
    if op == oc.OP_C_REST_DON:
        return st[b + DON_ACTIVE] >= a
    if op == oc.OP_C_DON_MINUS:  # b=1: "return N of your active DON!! cards"
        return (st[b + DON_ACTIVE] if code_get(fx, row, 2) == 1 else don_on_field(st, p)) >= a
    if op == oc.OP_C_TRASH_HAND:
        f = code_get(fx, row, 2)
        if f < 0:
            return st[b + N_HAND] >= a
        return candidates_upto(st, ct, fx, f, p, src_card, src_ref, buf,
                               min(max(a, 1), MAX_CAND)) >= a
    if op == oc.OP_C_REST_SELF:
        if src_ref == STAGE_REF:
            return st[b + STAGE] == src_card and st[b + STAGE_RESTED] == 0
        return 0 <= src_ref < NREF and st[b + F_CARD + src_ref] == src_card \
            and st[b + F_RESTED + src_ref] == 0 \
            and (slot_kw(st, ct, p, src_ref) & oc.PR_NO_REST) == 0  # 1-3-3
    if op == oc.OP_C_TRASH_SELF:
        if src_ref == STAGE_REF:
            return st[b + STAGE] == src_card
        return 0 <= src_ref < NCHAR and st[b + F_CARD + src_ref] == src_card
    if op == oc.OP_C_REST_OWN_OR_DON:  # one active card, or b active DON!! cards
        return st[b + DON_ACTIVE] >= code_get(fx, row, 2) or candidates_upto(
            st, ct, fx, a, p, src_card, src_ref, buf, 1) >= 1
    if op == oc.OP_C_TRASH_OWN_OR_HAND:  # one of your Characters, or b hand cards
        return st[b + N_HAND] >= code_get(fx, row, 2) or candidates_upto(
            st, ct, fx, a, p, src_card, src_ref, buf, 1) >= 1
    if op == oc.OP_C_REST_OWN:  # b cards (0: one), each active
        n = min(max(code_get(fx, row, 2), 1), MAX_CAND)
        return candidates_upto(st, ct, fx, a, p, src_card, src_ref, buf, n) >= n
    if op == oc.OP_C_RETURN_OWN or op == oc.OP_C_KO_OWN \
            or op == oc.OP_C_TRASH_OWN or op == oc.OP_C_BOTTOM_OWN:
        return candidates_upto(st, ct, fx, a, p, src_card, src_ref, buf, 1) >= 1
    if op == oc.OP_C_GIVE_DON:
        return st[b + DON_ACTIVE] >= a and candidates_upto(
            st, ct, fx, code_get(fx, row, 2), p, src_card, src_ref, buf, 1) >= 1
    if op == oc.OP_C_HAND_TO_DECK:
        return st[b + N_HAND] >= a
    if op == oc.OP_C_LIFE_TO_HAND and (st[b + PLAY_BAN] & BAN_LIFE_TO_HAND) != 0:
        return False  # the ban wins (1-3-3): the cost cannot be paid (8-3-1-3)
    if op == oc.OP_C_LIFE_TO_HAND or op == oc.OP_C_TRASH_LIFE:
        return st[b + N_LIFE] >= a
    if op == oc.OP_C_REVEAL_HAND:
        return candidates_upto(st, ct, fx, code_get(fx, row, 2), p, src_card, src_ref, buf,
                               min(max(a, 1), MAX_CAND)) >= a
    if op == oc.OP_C_LIFE_FACE_UP or op == oc.OP_C_LIFE_FACE_DOWN:  # the top a cards turn
        n = st[b + N_LIFE]
        if n < a or a <= 0:
            return a <= 0
        top = (st[b + LIFE_UP] >> (n - a)) & ((1 << a) - 1)
        return top == 0 if op == oc.OP_C_LIFE_FACE_UP else top == (1 << a) - 1
    if op == oc.OP_C_MILL:
        return st[b + N_DECK] >= a
    if op == oc.OP_C_LEADER_MINUS:  # "your 1 active Leader": only an active one can pay
        return st[b + F_RESTED + LEADER_REF] == 0
    if op == oc.OP_C_RETURN_SELF:
        return 0 <= src_ref < NCHAR and st[b + F_CARD + src_ref] == src_card
    if op == oc.OP_C_TRASH_TO_DECK:
        f = code_get(fx, row, 2)
        if f < 0:
            return st[b + N_TRASH] >= a
        return candidates_upto(st, ct, fx, f, p, src_card, src_ref, buf,
                               min(max(a, 1), MAX_CAND)) >= a
    return False


# ---------------------------------------------------------------- [Activate: Main] (10-2-2)


@kernel
def counter_reaches(st, ct, fx, p, card, r):
    """Can the [Counter] Event `card`, whose program is a battle boost (pack._battle_boost:
    one selection, then +power), give it to p's field card r? Its selection filter decides
    ("up to 1 of your [Enel] cards"); a strategy counts the boost only where it lands."""
    if fx[H_NAB] == 0:
        return True
    for ab in range(fx[fx[H_CARD_AB] + card], fx[fx[H_CARD_AB] + card + 1]):
        if ab_get(fx, ab, AB_TIMING) != oc.T_COUNTER:
            continue
        f = code_get(fx, ab_get(fx, ab, AB_PC), CODE_A)
        z = flt_get(fx, f, FL_ZONE)
        if (z == Z_LEADER) != (r == LEADER_REF) and z != Z_FIELD_LC:
            return False
        return flt_match(st, ct, fx, f, p, cand_encode(p, z, r), card, -1)
    return True


@kernel
def counter_boost(st, ct, fx, p, card, r, spend, buf):
    """Power the [Counter] program of Event `card` (one with costs, conditions or more steps
    than a battle boost: EFF_PROGRAM) would give p's field card r in this battle, read from
    its program: its costs payable from what is left after `spend` active DON!! pay for the
    card and with the card itself gone from the hand, each step under a condition that holds
    now, each +power "during this battle" whose selection may take r. 0 if none."""
    if fx[H_NAB] == 0:
        return 0
    for ab in range(fx[fx[H_CARD_AB] + card], fx[fx[H_CARD_AB] + card + 1]):
        if ab_get(fx, ab, AB_TIMING) != oc.T_COUNTER:
            continue
        if not costs_payable_from_hand(st, ct, fx, p, card, ab, spend, buf):
            return 0
        c0 = ab_get(fx, ab, AB_COND0)
        for c in range(c0, c0 + ab_get(fx, ab, AB_NCOND)):
            if not cond_holds(st, ct, fx, c, p, card, -1, buf):
                return 0
        total = 0
        takes = False  # the current selection may take r
        pc = ab_get(fx, ab, AB_PC)
        end = pc + ab_get(fx, ab, AB_NCODE)
        row = pc
        while row < end:
            op = code_get(fx, row, 0)
            a = code_get(fx, row, 1)
            row += 1
            if op == oc.OP_SKIP_UNLESS:
                if cond_get(fx, a, CD_KIND) != oc.CK_OK and \
                        not cond_holds(st, ct, fx, a, p, card, -1, buf):
                    skip = code_get(fx, row - 1, 2)
                    row = end if skip < 0 else row + skip
            elif op == oc.OP_SEL or op == oc.OP_SEL_ALL:
                z = flt_get(fx, a, FL_ZONE)
                takes = ((z == Z_LEADER) == (r == LEADER_REF) or z == Z_FIELD_LC) and \
                    flt_match(st, ct, fx, a, p, cand_encode(p, z, r), card, -1)
            elif op == oc.OP_SEL_LEADER:
                takes = a == OWN_SELF and r == LEADER_REF
            elif op == oc.OP_POWER and code_get(fx, row - 1, 2) == oc.D_BATTLE and a > 0 \
                    and takes:
                total += a
        return total
    return 0


@kernel
def negated(st, p, r):
    """Are the effects of p's field card r negated (by an effect with a duration)?"""
    b = p * PSIZE
    return ((st[b + F_TKW + r] | st[b + F_BKW + r] | st[b + F_NKW + r]) & oc.PR_NEGATED) != 0


@kernel
def can_activate(st, ct, fx, p, ref, k, buf):
    """May p activate the k-th ability of the card at ref (a slot or STAGE_REF) now: an
    [Activate: Main] whose conditions hold, whose costs can all be paid (8-3-1-3) and, if
    [Once Per Turn], not used this turn (10-2-13)?"""
    if fx[H_NAB] == 0:
        return False
    b = p * PSIZE
    if ref == STAGE_REF:
        card = st[b + STAGE]
    elif 0 <= ref < NREF:
        card = st[b + F_CARD + ref]
    else:
        return False
    if card == EMPTY or not has_timing(fx, card, oc.T_ACTIVATE_MAIN):
        return False
    if ref != STAGE_REF and negated(st, p, ref):  # a negated card has no effect to activate
        return False
    ab = fx[fx[H_CARD_AB] + card] + k
    if k < 0 or ab >= fx[fx[H_CARD_AB] + card + 1]:
        return False
    if ab_get(fx, ab, AB_TIMING) != oc.T_ACTIVATE_MAIN or once_spent(st, fx, ab, p, ref):
        return False
    if not conds_hold(st, ct, fx, ab, p, card, ref, buf):
        return False
    cost0 = ab_get(fx, ab, AB_COST0)
    for row in range(cost0, cost0 + ab_get(fx, ab, AB_NCOST)):
        if not can_pay(st, ct, fx, row, p, card, ref, buf):
            return False
    return True


@kernel
def legal_activations(st, ct, fx, p, out, n, buf):
    """Append p's activatable abilities to out[n:] as A_ACTIVATE actions (the Leader and
    Characters by slot, then the Stage); the new count. buf is scratch space."""
    if fx[H_NAB] == 0 or (st[G_FX_NO_TM + p] >> oc.T_ACTIVATE_MAIN) & 1:
        return n
    b = p * PSIZE
    for ref in range(NREF + 1):
        card = st[b + STAGE] if ref == NREF else st[b + F_CARD + ref]
        r = STAGE_REF if ref == NREF else ref
        if card == EMPTY or not has_timing(fx, card, oc.T_ACTIVATE_MAIN):
            continue
        first = fx[fx[H_CARD_AB] + card]
        for k in range(fx[fx[H_CARD_AB] + card + 1] - first):
            if can_activate(st, ct, fx, p, r, k, buf):
                out[n] = encode(A_ACTIVATE, r, k)
                n += 1
    return n


@kernel
def costs_payable_from_hand(st, ct, fx, p, card, ab, spend, buf):
    """Can every cost of ability ab of the Event `card` in p's hand be paid once the Event
    has left the hand (2-7-3: it is trashed to be activated) and `spend` active DON!! have
    been rested for it (8-3-1-3)?"""
    b = p * PSIZE
    hand = st[b + N_HAND] - 1  # the cards left once the Event is trashed
    active = st[b + DON_ACTIVE] - spend
    me = -1  # the Event as a hand candidate, for a filter that might take it
    for h in range(st[b + N_HAND]):
        if st[b + HAND + h] == card:
            me = cand_encode(p, Z_HAND, h)
            break
    cost0 = ab_get(fx, ab, AB_COST0)
    for row in range(cost0, cost0 + ab_get(fx, ab, AB_NCOST)):
        op = code_get(fx, row, 0)
        a = code_get(fx, row, 1)
        c = code_get(fx, row, 2)
        if op == oc.OP_C_REST_DON:  # a active DON!!
            ok = active >= a
        elif op == oc.OP_C_DON_MINUS:  # a DON!!, c=1 active ones only
            ok = (active if c == 1 else don_on_field(st, p)) >= a
        elif op == oc.OP_C_TRASH_HAND or op == oc.OP_C_REVEAL_HAND:  # a cards, filter c
            own = 1 if c < 0 or (me >= 0 and flt_match(st, ct, fx, c, p, me, card, -1)) else 0
            n = hand + 1 if c < 0 else candidates_upto(
                st, ct, fx, c, p, card, -1, buf, min(max(a, 1) + own, MAX_CAND))
            ok = n - own >= a
        elif op == oc.OP_C_HAND_TO_DECK:  # a cards
            ok = hand >= a
        elif op == oc.OP_C_TRASH_OWN_OR_HAND:  # one Character (filter a) or c hand cards
            ok = hand >= c or candidates_upto(st, ct, fx, a, p, card, -1, buf, 1) >= 1
        elif op == oc.OP_C_REST_OWN_OR_DON:  # one active card (filter a) or c DON!!
            ok = active >= c or candidates_upto(st, ct, fx, a, p, card, -1, buf, 1) >= 1
        elif op == oc.OP_C_GIVE_DON:  # a active DON!! to a card of filter c
            ok = active >= a and candidates_upto(st, ct, fx, c, p, card, -1, buf, 1) >= 1
        else:
            ok = can_pay(st, ct, fx, row, p, card, -1, buf)
        if not ok:
            return False
    return True


@kernel
def event_costs_payable(st, ct, fx, p, h, buf):
    """Can the Event in p's hand slot h be activated: every cost of its [Main] paid once the
    Event has left the hand and its own cost has been paid (costs_payable_from_hand)?
    Activating an Event is activating its [Main] (8-5-2), so one whose cost cannot be paid
    cannot be activated (8-3-1-3), and one whose cost the player declines is not activated
    (8-3-1-4)."""
    card = st[p * PSIZE + HAND + h]
    if fx[H_NAB] == 0 or not has_timing(fx, card, oc.T_MAIN):
        return True
    spend = hand_cost(st, ct, p, h)
    for ab in range(fx[fx[H_CARD_AB] + card], fx[fx[H_CARD_AB] + card + 1]):
        if ab_get(fx, ab, AB_TIMING) == oc.T_MAIN and \
                not costs_payable_from_hand(st, ct, fx, p, card, ab, spend, buf):
            return False
    return True


@kernel
def drop_unpayable_events(st, ct, fx, p, out, n, buf):
    """Remove from the actions out[:n] the plays of Events whose [Main] cost cannot be paid
    (event_costs_payable); the new count."""
    if fx[H_NAB] == 0:
        return n
    k = 0
    for i in range(n):
        act = out[i]
        if act_kind(act) == A_PLAY and not event_costs_payable(st, ct, fx, p, act_a(act), buf):
            continue
        out[k] = act
        k += 1
    return k


@kernel
def cut_applies(st, ct, fx, p, f, h):
    """Does a "the next time you play <filter row f> from your hand" cost cut apply to p's
    hand card h (a Character or Stage card matching f)?"""
    cat = ct[st[p * PSIZE + HAND + h], C.CATEGORY]
    return (cat == C.CHARACTER or cat == C.STAGE) and flt_match(
        st, ct, fx, np.int64(f), np.int64(p), np.int64(cand_encode(p, Z_HAND, h)),
        np.int64(-1), np.int64(-1))
