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
    AB_FLAGS,
    AB_NCODE,
    AB_NCOND,
    AB_NCOST,
    AB_PC,
    AB_SLOT,
    AB_TIMING,
    ABF_FROM_HAND,
    ABF_HAND_MOD,
    ATTACK_LIMIT,
    CD_FLT,
    CD_KIND,
    CONT_CHAIN,
    CONT_KEPT,
    FL_FLAGS,
    FL_ZONE,
    FLF_DIFF_NAMES,
    FLF_SELF_ONLY,
    H_CARD_AB,
    H_CARD_PRED,
    H_CARD_TM,
    H_FLAGS,
    H_MEMO,
    H_NMEMO,
    HAS_CONT,
    HAS_HAND,
    OWN_ANY,
    OWN_OPP,
    TM_FROM_HAND,
    TM_HAND_MOD,
)
from tcgsim.simcore.effects.fxread import (
    ab_get,
    code_get,
    cond_get,
    flt_get,
    has_timing,
    name_bit,
    static_match,
)
from tcgsim.simcore.effects.pending import queue_insert, queue_take
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.damage import (
    damage_lost,
    effect_damage_of,
    take_life_card,
    trigger_done,
)
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects.query import (
    MAX_CAND,
    can_activate,
    can_pay,
    candidates,
    candidates_upto,
    cond_holds,
    conds_hold,
    count_per,
    cut_applies,
    don_on_field,
    flt_match,
    negated,
    once_spent,
    source_card,
    source_ref,
)
from tcgsim.simcore.games.onepiece.events import log
from tcgsim.simcore.games.onepiece.layout import (
    BAN_DON_ACTIVE_CHAR,
    BAN_FROM_HAND,
    BAN_LIFE_TO_HAND,
    BASE_BIAS,
    DECK,
    DECK_CAP,
    DON_ACTIVE,
    DON_DECK,
    DON_LOCK,
    DON_OWN,
    DON_RESTED,
    EMPTY,
    EOT_DON_ACTIVE,
    EOT_DON_MATCH,
    F_BBASE,
    F_BKW,
    F_BPOW,
    F_CARD,
    F_CBASE,
    F_CCOST,
    F_CKW,
    F_CPOW,
    F_DON,
    F_NBASE,
    F_NCOST,
    F_NEXP,
    F_NKW,
    F_NPOW,
    F_RESTED,
    F_TBASE,
    F_TCOST,
    F_TKW,
    F_TPOW,
    F_USED,
    F_XKW,
    F_XPOW,
    FX_CONT_OK,
    FX_CONT_SET,
    FX_NO_CONT,
    FX_NO_HAND,
    G_ACTIVE,
    G_ATT,
    G_FX_NO_TM,
    G_FX_SKIP,
    G_LOOK_N,
    G_MEMO,
    G_OK,
    G_ONLY_TGT,
    G_OVER,
    G_Q,
    G_Q_N,
    G_REASON,
    G_SEL,
    G_SEL_N,
    G_TGT,
    G_TGT_CARD,
    G_TURN,
    G_WINNER,
    G_X,
    HAND,
    HAND_CAP,
    HAND_COST,
    HAND_CTR,
    LEADER_REF,
    LIFE,
    LIFE_CAP,
    LIFE_UP,
    LIMBO,
    LOST,
    N_DECK,
    N_HAND,
    N_LIFE,
    N_TRASH,
    NCHAR,
    NEXT_CUT,
    NEXT_FLT,
    NREF,
    PLAY_BAN,
    PSIZE,
    QCAP,
    QW,
    R_DECK_OUT,
    R_EFFECT,
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
    Z_LIFE,
    Z_LOOK,
    Z_STAGE,
    Z_TRASH,
    cand_card,
    cand_encode,
    cand_index,
    cand_owner,
    cand_zone,
    field_cost,
    play_banned,
    power,
    slot_kw,
)
from tcgsim.simcore.games.onepiece.zones import (
    ERR_FX_QUEUE,
    ERR_ILLEGAL,
    add_life,
    add_life_bottom,
    draw,
    event_activated,
    fail,
    ko,
    leave_field,
    place_character,
    place_stage,
    push,
    remove_at,
    rule_processing,
    sum_modifiers,
    take_from_hand,
    take_life,
    to_trash,
)
from tcgsim.simcore.jit import kernel, kernel_apart, kernel_inline
from tcgsim.strategies.onepiece import policy

# "Choose a cost": the costs offered, the likeliest first (the heuristic names the first).
# The action group of each opcode (-1: not an action), from the opcode table: run_ability
# dispatches a row with one load and one branch.
ACTION_GROUP = oc.OPS.group_array()
GUESS_ORDER = np.array([4, 5, 3, 6, 2, 7, 1, 8, 9, 10, 0], dtype=np.int64)

# numba compiles a function once per argument types, and a literal argument (a timing
# constant, -1) is a type of its own: the large functions get int64 scalars only.

# ---------------------------------------------------------------- the pending queue


@kernel
def enqueue(st, fx, lg, t, p, card, src_ref):
    """Queue every ability of `card` with timing t, controlled by p (8-6-3); a full queue
    stops the game (ERR_FX_QUEUE) rather than drop one."""
    enqueue_event(st, fx, lg, t, p, card, src_ref, np.int64(-1), np.int64(-1))


@kernel
def enqueue_event(st, fx, lg, t, p, card, src_ref, o, moved):
    """enqueue() for a timing set off by an event on o's card `moved` (a Character played or
    K.O.'d; o < 0: none): an ability whose first condition is CK_EVENT_CARD is queued only
    when the moved card passes its filter (8-1-3-1: "when one of your {T} type Characters
    is K.O.'d" watches those Characters alone)."""
    if not has_timing(fx, card, t):
        return
    base = fx[H_CARD_AB]
    for ab in range(fx[base + card], fx[base + card + 1]):
        if ab_get(fx, ab, AB_TIMING) != t:
            continue
        if o >= 0 and ab_get(fx, ab, AB_NCOND) > 0:
            c = ab_get(fx, ab, AB_COND0)
            if cond_get(fx, c, CD_KIND) == oc.CK_EVENT_CARD and not static_match(
                    fx, cond_get(fx, c, CD_FLT), p, o, moved):
                continue
        if not queue_insert(st, G_Q, G_Q_N, QCAP, st[G_Q_N], ab, p, card, src_ref):
            fail(st, lg, ERR_FX_QUEUE)
            return


TRIGGER_Q = -2  # the source ref of a queue row that is a [Trigger] revealed by effect damage


@kernel
def queue_trigger(st, fx, lg, d, card):
    """Queue d's compiled [Trigger] of `card`, revealed by effect damage, ahead of every
    pending ability (effect_damage)."""
    base = fx[H_CARD_AB]
    k = 0
    for ab in range(fx[base + card], fx[base + card + 1]):
        if ab_get(fx, ab, AB_TIMING) == oc.T_TRIGGER:
            if not queue_insert(st, G_Q, G_Q_N, QCAP, k, ab, d, card, TRIGGER_Q):
                fail(st, lg, ERR_FX_QUEUE)
                return
            k += 1


@kernel
def effect_damage(st, ct, fx, lg, d, amount, src_card, fams, prms, rng, buf):
    """An effect of `src_card` deals `amount` damage to d's Leader (4-6-2): d loses with 0
    Life when it is dealt (9-2-1-1); otherwise each point takes the top Life card while Life
    remains, as battle damage does. A compiled [Trigger] d uses waits at the front of the
    pending queue and resolves as soon as the ability dealing the damage ends: 8-6-2-1
    resolves it at once, which is the same when the damage is that ability's last action
    (the compiler marks the other abilities approximate)."""
    b = d * PSIZE
    amount, banish = effect_damage_of(st, ct, src_card, amount)
    if damage_lost(st, lg, d, amount):
        return
    for _ in range(amount):
        if st[b + N_LIFE] == 0 or st[G_OVER] != 0:
            break
        card = take_life_card(st, ct, fx, lg, d, banish, fams, prms, rng, buf)
        life_removed(st, fx, lg, d)
        if card != EMPTY:
            queue_trigger(st, fx, lg, d, card)


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
def intent_of(op, a):
    """What code row (op, a) does to the cards selected for it (the strategy's hint); a
    removal or a rest carries its op above the intent (INTENT_OP_SHIFT), so that the
    strategy can tell the cards it would not change."""
    if op == oc.OP_KO or op == oc.OP_REST or op == oc.OP_TO_HAND or op == oc.OP_TO_DECK \
            or op == oc.OP_TRASH or op == oc.OP_TO_LIFE:
        return oc.INTENT_HARM | (op << oc.INTENT_OP_SHIFT)
    if op == oc.OP_NEGATE:
        return oc.INTENT_HARM
    if op == oc.OP_POWER or op == oc.OP_COST:
        return oc.INTENT_HARM if a < 0 else oc.INTENT_HELP
    if op == oc.OP_PROHIBIT and (a & oc.PR_HARMFUL) != 0:
        return oc.INTENT_HARM
    if op == oc.OP_SET_BASE_AS:  # a power to copy: the strongest card, chosen as for harm
        return oc.INTENT_HARM
    if op == oc.OP_RETARGET:
        return oc.INTENT_REDIRECT
    return oc.INTENT_HELP


@kernel_inline
def select(st, ct, fx, lg, p, f, count, upto, budget, intent, src_card, src_ref, fams, prms,
           rng, buf, append):
    """OP_SEL: choose `count` cards matching filter f ("up to": 0..count, 8-4-4-1; else as
    many as possible, 1-3-2) into the selection register (after what it holds: OP_SEL_ADD);
    with budget >= 0 ("with a total cost of N or less") only cards whose current cost fits
    in what the cards chosen so far left of it."""
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
            if budget >= 0 and \
                    field_cost(st, ct, cand_owner(buf[i]), cand_index(buf[i])) > budget:
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
        if budget >= 0:
            budget -= field_cost(st, ct, cand_owner(buf[i]), cand_index(buf[i]))
        log(st, lg, E.E_TARGET, cand_owner(buf[i]), cand_card(st, buf[i]), 0, 0)
    st[G_OK] = 1 if st[G_SEL_N] > 0 else 0


# ---------------------------------------------------------------- zones


@kernel
def remove_from_deck(st, o, pos):
    """Take the card at deck position pos of o (0 = bottom) out of the deck."""
    return remove_at(st, o * PSIZE, DECK, N_DECK, pos)


@kernel
def to_deck_bottom(st, o, card):
    b = o * PSIZE
    n = st[b + N_DECK]
    for i in range(n, 0, -1):
        st[b + DECK + i] = st[b + DECK + i - 1]
    st[b + DECK] = card
    st[b + N_DECK] = n + 1


@kernel
def life_end(st, ct, lg, p, o, pos, adding, fams, prms, rng, buf):
    """Which end of o's Life cards p takes from or adds to: `pos` (0 the top, 1 the bottom),
    or with pos 2 ("the top or bottom") p's choice (Q_MODE: option 0 the top, 1 the
    bottom), asked only when the two ends differ."""
    if pos != 2:
        return pos
    if st[o * PSIZE + N_LIFE] <= (0 if adding else 1):
        return 0
    buf[0] = 0
    buf[1] = 1
    return max(ask(st, ct, lg, np.int64(p), np.int64(oc.Q_MODE), np.int64(oc.INTENT_HELP), fams,
                   prms, rng, buf, np.int64(2), np.int64(0)), 0)


@kernel
def window_order(st, ct, lg, p, n, fams, prms, rng, buf):
    """p's order of the n cards of the look window (3-1-7, "in any order"): buf[:n] gets
    their window positions (cand_encode Z_LOOK), first the card to place nearest the top.
    An answer that is not an order of them stops the game (ERR_ILLEGAL)."""
    for k in range(n):
        buf[k] = cand_encode(p, Z_LOOK, k)
    if n < 2:
        return
    policy.order(st, ct, p, oc.Q_ORDER_FIRST, fams[p], prms[p], rng, 2 + p, buf, n)
    seen = 0
    for k in range(n):
        i = cand_index(buf[k])
        if cand_zone(buf[k]) != Z_LOOK or cand_owner(buf[k]) != p or i < 0 or i >= n \
                or (seen >> i) & 1:
            fail(st, lg, ERR_ILLEGAL)
            for j in range(n):
                buf[j] = cand_encode(p, Z_LOOK, j)
            return
        seen |= 1 << i


@kernel
def window_to_bottom(st, ct, lg, p, fams, prms, rng, buf):
    """The cards of the look window to the bottom of p's deck in the order p chooses
    (window_order): the first ends nearest the top."""
    b = p * PSIZE
    n = st[G_LOOK_N]
    window_order(st, ct, lg, p, n, fams, prms, rng, buf)
    top = b + DECK + st[b + N_DECK] - 1  # window position k is at top - k
    for k in range(n):
        buf[n + k] = st[top - cand_index(buf[k])]
    st[b + N_DECK] -= n
    for k in range(n):
        to_deck_bottom(st, p, buf[n + k])
    st[G_LOOK_N] = 0


@kernel
def window_top_or_bottom(st, ct, lg, p, fams, prms, rng, buf):
    """Each card of the look window to the top or the bottom of p's deck, in any order
    (8-4-4-1, 3-1-7): p sends cards to the bottom one by one until it stops
    (Q_ORDER_BOTTOM, "up to"), then orders the rest on top (window_order)."""
    b = p * PSIZE
    while st[G_LOOK_N] > 0:
        n = st[G_LOOK_N]
        for k in range(n):
            buf[k] = cand_encode(p, Z_LOOK, k)
        i = ask(st, ct, lg, np.int64(p), np.int64(oc.Q_ORDER_BOTTOM), np.int64(oc.INTENT_HELP),
                fams, prms, rng, buf, np.int64(n), np.int64(1))
        if i < 0:
            break
        to_deck_bottom(st, p, remove_from_deck(st, p, st[b + N_DECK] - 1 - i))
        st[G_LOOK_N] = n - 1
    n = st[G_LOOK_N]
    window_order(st, ct, lg, p, n, fams, prms, rng, buf)
    top = b + DECK + st[b + N_DECK] - 1
    for k in range(n):
        buf[n + k] = st[top - cand_index(buf[k])]
    for k in range(n):
        st[top - k] = buf[n + k]
    st[G_LOOK_N] = 0


@kernel
def deck_out_check(st, lg, o):
    """9-2-1-2: a player whose deck became empty loses at the next rule processing."""
    if st[o * PSIZE + N_DECK] == 0:
        st[o * PSIZE + LOST] = R_DECK_OUT
        rule_processing(st, lg)


@kernel
def sel_stage(st, k):
    """The owner of selection entry k when it is a Stage card on the field, else -1."""
    c = st[G_SEL + k]
    if cand_zone(c) != Z_STAGE:
        return -1
    o = cand_owner(c)
    return o if st[o * PSIZE + STAGE] != EMPTY else -1


@kernel
def remove_stage(st, lg, o, op, a):
    """A Stage card leaves the field by an effect (3-8): K.O.'d or trashed to the trash,
    returned to the hand, or placed at the bottom (a=1) or top of the deck."""
    b = o * PSIZE
    card = st[b + STAGE]
    st[b + STAGE] = EMPTY
    st[b + STAGE_RESTED] = 0
    st[b + STAGE_USED] = 0
    st[G_FX_SKIP] &= ~FX_CONT_OK
    if op == oc.OP_TO_HAND:
        push(st, b, HAND, N_HAND, HAND_CAP, card)
    elif op == oc.OP_TO_DECK:
        if a == 1:
            to_deck_bottom(st, o, card)
        else:
            push(st, b, DECK, N_DECK, DECK_CAP, card)
    else:
        to_trash(st, o, card)
    log(st, lg, E.E_FX_MOVE, o, card, op, a)


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
    return remove_at(st, o * PSIZE, TRASH, N_TRASH, i)


@kernel
def don_minus(st, p, a):
    """Return a DON!! cards of p's field to the DON!! deck: rested first, then active, then
    given (8-3-1-6, 10-2-10)."""
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
def return_don(st, fx, lg, p, a, active_only):
    """don_minus (with `active_only`, a of p's active DON!! cards), then queue p's "when a
    DON!! card on your field is returned to your DON!! deck" abilities (they resolve after
    the current ability, 8-6-3)."""
    before = st[p * PSIZE + DON_DECK]
    if active_only:
        m = min(a, st[p * PSIZE + DON_ACTIVE])
        st[p * PSIZE + DON_ACTIVE] -= m
        st[p * PSIZE + DON_DECK] += m
    else:
        don_minus(st, p, a)
    if st[p * PSIZE + DON_DECK] == before or (st[G_FX_NO_TM + p] >> oc.T_DON_RETURNED) & 1:
        return
    for k in range(NREF + 1):
        r = source_ref(k)
        card = source_card(st, p, r)
        if card != EMPTY:
            enqueue(st, fx, lg, np.int64(oc.T_DON_RETURNED), np.int64(p), np.int64(card),
                    np.int64(r))


LIFE_TIMINGS = (1 << oc.T_LIFE_REMOVED) | (1 << oc.T_OPP_LIFE_REMOVED)


@kernel
def life_removed(st, fx, lg, o):
    """A card has just been removed from o's Life cards: queue the abilities of both
    players' Leader, Characters and Stage that watch for it ("when a card is removed from
    your or your opponent's Life cards"; the other player's "... from your opponent's Life
    cards"; 8-1-3-1). They resolve after the current ability or step (8-6-3)."""
    if ((~st[G_FX_NO_TM] | ~st[G_FX_NO_TM + 1]) & LIFE_TIMINGS) == 0:
        return
    for w in range(2):
        for k in range(NREF + 1):
            r = source_ref(k)
            card = source_card(st, w, r)
            if card == EMPTY:
                continue
            enqueue(st, fx, lg, np.int64(oc.T_LIFE_REMOVED), np.int64(w), np.int64(card),
                    np.int64(r))
            if w != o:
                enqueue(st, fx, lg, np.int64(oc.T_OPP_LIFE_REMOVED), np.int64(w),
                        np.int64(card), np.int64(r))


@kernel
def take_life_watched(st, fx, lg, o, side):
    """take_life, then the abilities watching Life cards removed are queued."""
    card = take_life(st, o, side)
    if card != EMPTY:
        life_removed(st, fx, lg, o)
    return card


@kernel
def became_rested(st, fx, lg, o, r):
    """o's field card r has just gone from active to rested: queue its "when this Character
    becomes rested" abilities (8-1-3-1; they resolve after the current ability, 8-6-3).
    True when one was queued."""
    if (st[G_FX_NO_TM + o] >> oc.T_BECOMES_RESTED) & 1 or not 0 <= r < NREF:
        return False
    before = st[G_Q_N]
    enqueue(st, fx, lg, np.int64(oc.T_BECOMES_RESTED), np.int64(o),
            np.int64(st[o * PSIZE + F_CARD + r]), np.int64(r))
    return st[G_Q_N] > before


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
def choose_new_name(st, ct, fx, lg, p, f, seen_lo, seen_hi, budget, src_card, src_ref, fams,
                    prms, rng, buf):
    """choose_card for a pick "with different card names" or "a total cost of N or less"
    (Q_PICK, up to): the candidates whose name is not among those taken already (the bits
    seen_lo, seen_hi of fx name ids) and whose printed cost is at most `budget` (-1: any)."""
    n = candidates(st, ct, fx, f, p, src_card, src_ref, buf)
    k = 0
    for i in range(n):
        card = cand_card(st, buf[i])
        if budget >= 0 and ct[card, C.COST] > budget:
            continue
        w, bit = name_bit(fx, card)
        if ((seen_hi if w else seen_lo) & bit) == 0:
            buf[k] = buf[i]
            k += 1
    i = ask(st, ct, lg, np.int64(p), np.int64(oc.Q_PICK), np.int64(oc.INTENT_HELP), fams,
            prms, rng, buf, np.int64(k), np.int64(1))
    return -1 if i < 0 else buf[i]


@kernel
def play_free(st, ct, fx, lg, p, card, rested, fams, prms, rng):
    """Play `card` by an effect, paying no cost; its [On Play] waits in the queue (8-6-3).
    The Character slot it took, else -1."""
    cat = ct[card, C.CATEGORY]
    slot = -1
    if cat == C.CHARACTER:
        slot = place_character(st, ct, lg, p, card, fams, prms, rng)
        if slot >= 0:
            st[p * PSIZE + F_RESTED + slot] = rested
            enqueue(st, fx, lg, np.int64(oc.T_ON_PLAY), np.int64(p), np.int64(card),
                    np.int64(slot))
            character_played(st, fx, lg, p, slot)
    elif cat == C.STAGE:
        place_stage(st, lg, p, card)
        st[p * PSIZE + STAGE_RESTED] = rested
        enqueue(st, fx, lg, np.int64(oc.T_ON_PLAY), np.int64(p), np.int64(card),
                np.int64(STAGE_REF))
    else:
        to_trash(st, p, card)
    return slot


@kernel
def end_of_turn_moves(st, lg, p):
    """6-6-1-2: the Characters an effect moves "at the end of this turn" (oc.EOT_* granted
    for the turn) go, the turn player's first: to the trash, the owner's hand or the bottom
    of the owner's deck."""
    for k in range(2):
        o = p if k == 0 else 1 - p
        b = o * PSIZE
        for r in range(NCHAR):
            kw = st[b + F_TKW + r]
            if (kw & oc.EOT_MOVES) == 0 or st[b + F_CARD + r] == EMPTY:
                continue
            card = leave_field(st, o, r)
            if (kw & oc.EOT_TRASH) != 0:
                to_trash(st, o, card)
                log(st, lg, E.E_FX_MOVE, o, card, oc.OP_TRASH, 0)
            elif (kw & oc.EOT_HAND) != 0:
                push(st, b, HAND, N_HAND, HAND_CAP, card)
                log(st, lg, E.E_FX_MOVE, o, card, oc.OP_TO_HAND, 0)
            else:
                to_deck_bottom(st, o, card)
                log(st, lg, E.E_FX_MOVE, o, card, oc.OP_TO_DECK, 1)


@kernel_apart
def end_of_turn_don(st, ct, fx, lg, p, fams, prms, rng, buf):
    """6-6-1-2: what the players' effects do to DON!! "at the end of this turn", the turn
    player's first: rested DON!! cards set active, and DON!! cards returned to the DON!! deck
    until as many remain on the field as on the opponent's (what that return triggers
    resolves before the other player's, 8-6-3)."""
    for k in range(2):
        o = p if k == 0 else 1 - p
        b = o * PSIZE
        m = min(st[b + EOT_DON_ACTIVE], st[b + DON_RESTED])
        st[b + DON_RESTED] -= m
        st[b + DON_ACTIVE] += m
        st[b + EOT_DON_ACTIVE] = 0
        if st[b + EOT_DON_MATCH] != 0:
            st[b + EOT_DON_MATCH] = 0
            n = don_on_field(st, o) - don_on_field(st, 1 - o)
            if n > 0:
                return_don(st, fx, lg, o, n, False)
                log(st, lg, E.E_DON_BACK, o, n, don_on_field(st, o), 0)
                drain(st, ct, fx, lg, fams, prms, rng, buf)


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
    character_kod(st, fx, lg, o, card)


KOD_TIMINGS = (1 << oc.T_WHEN_KOD_OTHER) | (1 << oc.T_WHEN_KOD_ANY)


@kernel
def kod_watched(st):
    """Has either player a card that watches for K.O.'d Characters (KOD_TIMINGS)?"""
    return ((~st[G_FX_NO_TM] | ~st[G_FX_NO_TM + 1]) & KOD_TIMINGS) != 0


@kernel
def character_kod(st, fx, lg, o, kod):
    """o's Character `kod` was just K.O.'d: queue the other player's "when your opponent's
    Character is K.O.'d" and both players' "when a Character is K.O.'d" abilities ("when one
    of your <filter> Characters is K.O.'d": when `kod` passes the filter) of their Leader,
    Characters and Stage (8-1-3-1; they resolve after the current ability or step, 8-6-3)."""
    if not kod_watched(st):
        return
    for w in range(2):
        if (~st[G_FX_NO_TM + w] & KOD_TIMINGS) == 0:
            continue
        for k in range(NREF + 1):
            r = source_ref(k)
            card = source_card(st, w, r)
            if card == EMPTY:
                continue
            if w != o:
                enqueue(st, fx, lg, np.int64(oc.T_WHEN_KOD_OTHER), np.int64(w),
                        np.int64(card), np.int64(r))
            enqueue_event(st, fx, lg, np.int64(oc.T_WHEN_KOD_ANY), np.int64(w),
                          np.int64(card), np.int64(r), np.int64(o), np.int64(kod))


@kernel
def character_played(st, fx, lg, p, slot):
    """p just played the Character in `slot` (from the hand or by an effect): queue the "when
    you play a Character" abilities of p's Leader, other Characters and Stage (8-1-3-1), the
    played card passing their filter; they resolve after its [On Play] (8-6-3)."""
    if (st[G_FX_NO_TM + p] >> oc.T_YOU_PLAY_CHAR) & 1:
        return
    played = st[p * PSIZE + F_CARD + slot]
    for k in range(NREF + 1):
        r = source_ref(k)
        card = source_card(st, p, r)
        if card != EMPTY and r != slot:
            enqueue_event(st, fx, lg, np.int64(oc.T_YOU_PLAY_CHAR), np.int64(p),
                          np.int64(card), np.int64(r), np.int64(p), np.int64(played))


# ---------------------------------------------------------------- costs (8-3-1)


@kernel_inline
def rest_own(st, fx, lg, p, c):
    """Rest p's chosen card c (a candidate: the Stage, or the Leader or a Character) to pay."""
    if cand_zone(c) == Z_STAGE:
        st[p * PSIZE + STAGE_RESTED] = 1
    else:
        st[p * PSIZE + F_RESTED + cand_index(c)] = 1
        became_rested(st, fx, lg, p, cand_index(c))


@kernel
def move_off_field(st, fx, lg, o, r, op, a):
    """o's Character r leaves the field by an effect or a cost: K.O.'d (op KO: [On K.O.]
    resolves after the ability, 10-2-17), trashed, returned to its owner's hand, or placed at
    the top (a=0) or bottom (a=1) of its owner's deck (TO_DECK). The one move code of
    actions, costs and replacements."""
    if op == oc.OP_KO:
        ko_by_effect(st, fx, lg, o, r)
        return
    card = leave_field(st, o, r)
    if op == oc.OP_TO_HAND:
        push(st, o * PSIZE, HAND, N_HAND, HAND_CAP, card)
    elif op == oc.OP_TRASH:
        to_trash(st, o, card)
    elif a == 1:
        to_deck_bottom(st, o, card)
    else:
        push(st, o * PSIZE, DECK, N_DECK, DECK_CAP, card)
    log(st, lg, E.E_FX_MOVE, o, card, op, a)


@kernel_apart
def pay(st, ct, fx, lg, row, p, src_card, src_ref, fams, prms, rng, buf):
    """Pay cost row `row` of p's ability (8-3-1): the handler of every opcode the opcode
    table places in a cost; query.can_pay has checked it can be paid in full."""
    b = p * PSIZE
    op = code_get(fx, row, 0)
    a = code_get(fx, row, 1)
    bb = code_get(fx, row, 2)
    if op == oc.OP_C_REST_DON:  # 8-3-1-5
        st[b + DON_ACTIVE] -= a
        st[b + DON_RESTED] += a
        log(st, lg, E.E_PAY, p, src_card, op, a)
    elif op == oc.OP_C_DON_MINUS:  # 8-3-1-6
        log(st, lg, E.E_PAY, p, src_card, op, a)
        return_don(st, fx, lg, p, a, bb == 1)
    elif op == oc.OP_C_TRASH_HAND:
        trash_from_hand(st, ct, fx, lg, p, a, bb, src_card, src_ref, fams, prms, rng, buf)
    elif op == oc.OP_C_REST_SELF:
        if src_ref == STAGE_REF:
            st[b + STAGE_RESTED] = 1
        else:
            st[b + F_RESTED + src_ref] = 1
            became_rested(st, fx, lg, p, src_ref)
    elif op == oc.OP_C_TRASH_SELF:
        if src_ref == STAGE_REF:
            remove_stage(st, lg, p, oc.OP_TRASH, 0)
        else:
            card = leave_field(st, p, src_ref)
            to_trash(st, p, card)
    elif op == oc.OP_C_REST_OWN_OR_DON or op == oc.OP_C_TRASH_OWN_OR_HAND:
        # one of your cards (filter a) to rest / trash (a hand card: trashed), or bb DON!! /
        # hand cards instead
        rest = op == oc.OP_C_REST_OWN_OR_DON
        by_card = candidates_upto(st, ct, fx, a, p, src_card, src_ref, buf, 1) >= 1
        if by_card and st[b + (DON_ACTIVE if rest else N_HAND)] >= bb:  # p's choice (Q_MODE:
            buf[0] = 0  # 0 the DON!! or hand cards, 1 the card)
            buf[1] = 1
            by_card = ask(st, ct, lg, np.int64(p), np.int64(oc.Q_MODE),
                          np.int64(oc.INTENT_HELP), fams, prms, rng, buf, np.int64(2),
                          np.int64(0)) == 1
        if by_card and flt_get(fx, a, FL_ZONE) == Z_HAND:  # "trash 1 card from your hand"
            trash_from_hand(st, ct, fx, lg, p, 1, a, src_card, src_ref, fams, prms, rng, buf)
        elif by_card:  # the intent names the cost (a card rested may not attack)
            c = choose_card(st, ct, fx, lg, p, a, np.int64(oc.Q_COST_CARD),
                            np.int64(oc.INTENT_HELP | (op << oc.INTENT_OP_SHIFT)),
                            np.int64(0), src_card, src_ref, fams, prms, rng, buf)
            if c >= 0 and rest:
                rest_own(st, fx, lg, p, c)
            elif c >= 0:
                card = leave_field(st, p, cand_index(c))
                to_trash(st, p, card)
                log(st, lg, E.E_FX_MOVE, p, card, oc.OP_TRASH, 0)
        elif rest:
            st[b + DON_ACTIVE] -= bb
            st[b + DON_RESTED] += bb
            log(st, lg, E.E_PAY, p, src_card, oc.OP_C_REST_DON, bb)
        else:
            trash_from_hand(st, ct, fx, lg, p, bb, np.int32(-1), src_card, src_ref, fams, prms,
                            rng, buf)
    elif op == oc.OP_C_REST_OWN and bb > 1:  # "rest N of your Characters": one by one
        for _ in range(bb):
            c = choose_card(st, ct, fx, lg, p, a, np.int64(oc.Q_COST_CARD),
                            np.int64(oc.INTENT_HELP | (op << oc.INTENT_OP_SHIFT)),
                            np.int64(0), src_card, src_ref, fams, prms, rng, buf)
            if c < 0:
                break
            rest_own(st, fx, lg, p, c)
    elif op == oc.OP_C_RETURN_OWN or op == oc.OP_C_KO_OWN or op == oc.OP_C_REST_OWN \
            or op == oc.OP_C_TRASH_OWN or op == oc.OP_C_BOTTOM_OWN:
        c = choose_card(st, ct, fx, lg, p, a, np.int64(oc.Q_COST_CARD),
                        np.int64(oc.INTENT_HELP | (op << oc.INTENT_OP_SHIFT)), np.int64(0),
                        src_card, src_ref, fams, prms, rng, buf)
        if c >= 0:
            r = cand_index(c)
            if op == oc.OP_C_REST_OWN:
                rest_own(st, fx, lg, p, c)
            elif op == oc.OP_C_KO_OWN:
                move_off_field(st, fx, lg, p, r, np.int64(oc.OP_KO), np.int64(0))
            elif op == oc.OP_C_TRASH_OWN:
                move_off_field(st, fx, lg, p, r, np.int64(oc.OP_TRASH), np.int64(0))
            elif op == oc.OP_C_BOTTOM_OWN:
                move_off_field(st, fx, lg, p, r, np.int64(oc.OP_TO_DECK), np.int64(1))
            else:
                move_off_field(st, fx, lg, p, r, np.int64(oc.OP_TO_HAND), np.int64(0))
    elif op == oc.OP_C_GIVE_DON:  # 6-5-5: a active DON!! cards to the chosen card
        c = choose_card(st, ct, fx, lg, p, bb, np.int64(oc.Q_COST_CARD),
                        np.int64(oc.INTENT_HELP), np.int64(0), src_card, src_ref, fams, prms,
                        rng, buf)
        if c >= 0:
            st[b + DON_ACTIVE] -= a
            st[b + F_DON + cand_index(c)] += a
    elif op == oc.OP_C_HAND_TO_DECK:
        place_from_hand(st, ct, fx, lg, p, np.int64(a), np.int64(bb), np.int64(0), fams, prms,
                     rng, buf)
    elif op == oc.OP_C_LIFE_TO_HAND or op == oc.OP_C_TRASH_LIFE:  # bb: 0 top, 1 bottom, 2 either
        for _ in range(a):
            card = take_life_watched(st, fx, lg, p, life_end(st, ct, lg, p, p, np.int64(bb),
                                                             False, fams, prms, rng, buf))
            if card == EMPTY:
                break
            if op == oc.OP_C_LIFE_TO_HAND:
                push(st, b, HAND, N_HAND, HAND_CAP, card)
            else:
                to_trash(st, p, card)
    elif op == oc.OP_C_MILL:
        for _ in range(a):
            card = remove_from_deck(st, p, st[b + N_DECK] - 1)
            push(st, b, TRASH, N_TRASH, TRASH_CAP, card)
        deck_out_check(st, lg, p)
    elif op == oc.OP_C_LIFE_FACE_UP or op == oc.OP_C_LIFE_FACE_DOWN:  # 3-10-2-1
        n = st[b + N_LIFE]
        bits = ((1 << a) - 1) << (n - a)
        if op == oc.OP_C_LIFE_FACE_UP:
            st[b + LIFE_UP] |= bits
        else:
            st[b + LIFE_UP] &= ~bits
    elif op == oc.OP_C_LEADER_MINUS:  # "give your active Leader -N power during this turn"
        modify(st, np.int64(oc.OP_POWER), np.int64(-a), np.int64(oc.D_TURN), p, b + LEADER_REF)
    elif op == oc.OP_C_RETURN_SELF:  # a=0 to hand, 1 to the bottom of the deck
        card = leave_field(st, p, src_ref)
        if a == 1:
            to_deck_bottom(st, p, card)
        else:
            push(st, b, HAND, N_HAND, HAND_CAP, card)
        log(st, lg, E.E_FX_MOVE, p, card, oc.OP_TO_DECK if a == 1 else oc.OP_TO_HAND, a)
    elif op == oc.OP_C_TRASH_TO_DECK:
        trash_to_bottom(st, ct, fx, lg, p, p, np.int64(a), np.int64(bb), src_card, src_ref,
                        fams, prms, rng, buf)
    elif op == oc.OP_C_REVEAL_HAND:  # the revealed cards stay in the hand (can_pay found them)
        pass


@kernel
def activate_events(st, ct, fx, lg, p, f, count, src_card, src_ref, fams, prms, rng, buf):
    """"Activate up to `count` {T} type Events from your hand" (10-2-3-1-1, 2-2-5): p picks
    hand Events matching filter f whose [Main] the engine plays, each is trashed and its
    [Main] is queued, to resolve after this ability (8-6-3); its cost is not paid (the text
    asks for none). G_OK: at least one was activated."""
    st[G_OK] = 0
    for _ in range(count):
        n = candidates(st, ct, fx, f, p, src_card, src_ref, buf)
        k = 0
        for i in range(n):
            if has_timing(fx, cand_card(st, buf[i]), oc.T_MAIN):
                buf[k] = buf[i]
                k += 1
        card = trash_chosen(st, ct, lg, p, np.int64(oc.Q_PICK), k, np.int64(1), fams, prms,
                            rng, buf)
        if card < 0:
            return
        event_activated(st, ct, p, card)
        log(st, lg, E.E_PLAY, p, card, -1, 0)
        enqueue(st, fx, lg, np.int64(oc.T_MAIN), np.int64(p), np.int64(card), np.int64(-1))
        st[G_OK] = 1


@kernel
def any_number(st, ct, fx, lg, p, kind, f, unit, receiver, src_card, src_ref, fams, prms,
               rng, buf):
    """"You may rest any number of your DON!! cards" / "trash any number of <phrase> cards
    from your hand" (8-4-4): p chooses how many (Q_HOW_MANY, candidate i being the power
    `unit` gives i of them, and p's ref `receiver` the card that gains it, -1 when it is
    chosen later: the strategy's hints), 0 doing nothing (1-3-2-2), and pays them.
    The number paid goes to the X register (G_X) that OP_POWER_X reads; G_OK: any was."""
    b = p * PSIZE
    if kind == oc.ANY_REST_DON:
        most = st[b + DON_ACTIVE]
    else:
        most = zone_choices(st, ct, fx, p, p, Z_HAND, N_HAND, f, src_card, src_ref, buf)
    most = min(most, MAX_CAND - 1)
    for i in range(most + 1):
        buf[i] = i * unit
    k = max(ask(st, ct, lg, np.int64(p), np.int64(oc.Q_HOW_MANY),
                np.int64(oc.INTENT_HELP | (receiver + 1) << oc.INTENT_OP_SHIFT), fams, prms,
                rng, buf, np.int64(most + 1), np.int64(0)), 0)
    log(st, lg, E.E_FX_COUNT, p, k, kind, 0)
    if kind == oc.ANY_REST_DON:
        st[b + DON_ACTIVE] -= k
        st[b + DON_RESTED] += k
    elif k > 0:
        k = trash_from_hand(st, ct, fx, lg, p, np.int64(k), f, src_card, src_ref, fams, prms,
                            rng, buf)
    st[G_X] = k
    st[G_OK] = 1 if k > 0 else 0


@kernel
def x_receiver(fx, pc, end, src_ref):
    """The ref of the controller's card that the first OP_POWER_X row from pc on gives its
    power to, when the rows before it fix it (the source card, the own Leader); else -1."""
    r = -1
    for row in range(pc, end):
        op = code_get(fx, row, 0)
        if op == oc.OP_POWER_X:
            return r
        if op == oc.OP_SEL_SELF:
            r = src_ref if 0 <= src_ref < NREF else -1
        elif op == oc.OP_SEL_LEADER:
            r = LEADER_REF if code_get(fx, row, 1) != OWN_OPP else -1
        elif op == oc.OP_SEL or op == oc.OP_SEL_ALL or op == oc.OP_SEL_BATTLE:
            r = -1
    return -1


@kernel
def x_unit(fx, pc, end):
    """The power for each one of the first OP_POWER_X row from pc on (0 if none): what an
    OP_ANY_NUMBER's choice is worth, for the strategy."""
    for row in range(pc, end):
        if code_get(fx, row, 0) == oc.OP_POWER_X:
            return code_get(fx, row, 1)
    return 0


@kernel
def zone_choices(st, ct, fx, p, o, zone, count_off, f, src_card, src_ref, buf):
    """Write the cards o may choose from to buf: every card of o's zone (its count at
    `count_off`) when f < 0, else those matching p's filter row f; their number."""
    if f >= 0:
        return candidates(st, ct, fx, f, p, src_card, src_ref, buf)
    n = st[o * PSIZE + count_off]
    for i in range(n):
        buf[i] = cand_encode(o, zone, i)
    return n


@kernel
def trash_to_bottom(st, ct, fx, lg, p, o, count, f, src_card, src_ref, fams, prms, rng, buf):
    """o places `count` cards of their choice from their trash (matching p's filter row f,
    or any with f < 0) at the bottom of their deck, one by one; as many as there are."""
    for _ in range(count):
        n = zone_choices(st, ct, fx, p, o, Z_TRASH, N_TRASH, f, src_card, src_ref, buf)
        i = ask(st, ct, lg, o, np.int64(oc.Q_COST_CARD), np.int64(oc.INTENT_HELP), fams, prms,
                rng, buf, np.int64(n), np.int64(0))
        if i < 0:
            break
        card = take_from_trash(st, o, cand_index(buf[i]))
        to_deck_bottom(st, o, card)
        log(st, lg, E.E_FX_MOVE, o, card, oc.OP_TRASH_TO_DECK, 1)


@kernel
def life_scry(st, ct, fx, lg, p, count, who, fams, prms, rng, buf):
    """p looks at the top Life card of a player (`who`: OWN_SELF, OWN_OPP, or OWN_ANY for
    "your or your opponent's", p's choice) and leaves it on top or places it at the bottom
    of that player's Life; `count` times. Its face-up mark moves with it (3-10-2-1)."""
    for _ in range(count):
        n = 0
        for k in range(2):
            o = p if k == 0 else 1 - p
            if st[o * PSIZE + N_LIFE] > 0 and (who == OWN_ANY or (who == OWN_OPP) == (o != p)):
                buf[n] = cand_encode(o, Z_LIFE, st[o * PSIZE + N_LIFE] - 1)
                n += 1
        i = ask(st, ct, lg, p, np.int64(oc.Q_LIFE_LOOK), np.int64(oc.INTENT_HELP), fams, prms,
                rng, buf, np.int64(n), np.int64(0))
        if i < 0:
            return
        o = cand_owner(buf[i])
        ob = o * PSIZE
        top = st[ob + N_LIFE] - 1
        card = st[ob + LIFE + top]
        trig = (fx[fx[H_CARD_PRED] + card] & oc.PRED_HAS_TRIGGER) != 0 or \
            ct[card, C.TRIGGER_EFF] != C.EFF_NONE
        buf[0] = buf[i]
        if ask(st, ct, lg, p, np.int64(oc.Q_LIFE_BOTTOM), np.int64(1 if trig else 0), fams,
               prms, rng, buf, np.int64(1), np.int64(1)) == 0 and top > 0:
            up = (st[ob + LIFE_UP] >> top) & 1
            for j in range(top, 0, -1):
                st[ob + LIFE + j] = st[ob + LIFE + j - 1]
            st[ob + LIFE] = card
            st[ob + LIFE_UP] = ((st[ob + LIFE_UP] << 1) & ((1 << (top + 1)) - 1)) | up
            log(st, lg, E.E_FX_MOVE, o, card, oc.OP_LIFE_SCRY, 1)


@kernel
def trash_chosen(st, ct, lg, p, q, n, upto, fams, prms, rng, buf):
    """p chooses one of the n hand cards in buf (question q; none allowed when `upto`) and
    trashes it: the card, or -1 when none was chosen."""
    i = ask(st, ct, lg, np.int64(p), q, np.int64(oc.INTENT_HELP), fams, prms, rng, buf,
            np.int64(n), upto)
    if i < 0:
        return -1
    card = take_from_hand(st, p, cand_index(buf[i]))
    to_trash(st, p, card)
    return card


@kernel
def trash_from_hand(st, ct, fx, lg, p, count, f, src_card, src_ref, fams, prms, rng, buf):
    """p trashes `count` cards of their choice from hand (matching filter f, or any)."""
    done = 0
    for _ in range(count):
        n = zone_choices(st, ct, fx, p, p, Z_HAND, N_HAND, f, src_card, src_ref, buf)
        card = trash_chosen(st, ct, lg, p, np.int64(oc.Q_COST_CARD), n, np.int64(0), fams, prms,
                            rng, buf)
        if card < 0:
            break
        log(st, lg, E.E_FX_TRASH_HAND, p, card, 0, 0)
        done += 1
    return done


@kernel
def place_from_hand(st, ct, fx, lg, p, count, pos, upto, fams, prms, rng, buf):
    """p places `count` cards of their choice from hand on top of their deck (pos 0), at its
    bottom (1), on top of their Life, face down (2, 3-10-2), or each at the top or the
    bottom of their deck as they choose (3, Q_MODE); "up to" (upto=1) lets them stop. One
    by one, so the order is theirs too (3-1-7)."""
    b = p * PSIZE
    for _ in range(count):
        n = st[b + N_HAND]
        if pos == 2 and st[b + N_LIFE] >= LIFE_CAP:
            break
        for h in range(n):
            buf[h] = cand_encode(p, Z_HAND, h)
        i = ask(st, ct, lg, np.int64(p), np.int64(oc.Q_COST_CARD), np.int64(oc.INTENT_HELP),
                fams, prms, rng, buf, np.int64(n), np.int64(upto))
        if i < 0:
            break
        card = take_from_hand(st, p, cand_index(buf[i]))
        side = pos
        if pos == 3:
            buf[0] = 0
            buf[1] = 1
            side = max(ask(st, ct, lg, np.int64(p), np.int64(oc.Q_MODE), np.int64(oc.INTENT_HELP),
                          fams, prms, rng, buf, np.int64(2), np.int64(0)), 0)
        if side == 1:
            to_deck_bottom(st, p, card)
        elif side == 2:
            add_life(st, p, card, False)
            log(st, lg, E.E_FX_MOVE, p, card, oc.OP_HAND_TO_LIFE, 0)
        else:
            push(st, b, DECK, N_DECK, DECK_CAP, card)


@kernel
def modify(st, op, a, dur, p, f):
    """Apply a power (OP_POWER), cost (OP_COST) or keyword / prohibition (OP_GRANT,
    OP_PROHIBIT) modifier of p's effect to the field card at offset f (owner block + ref),
    kept for `dur`: this battle (outside a battle there is none), this turn, or until the
    end of p's opponent's next turn (the start of p's next turn comes right after it)."""
    if dur == oc.D_TURN:
        if op == oc.OP_POWER:
            st[f + F_TPOW] += a
        elif op == oc.OP_COST:
            st[f + F_TCOST] += a
        else:
            st[f + F_TKW] |= a
    elif dur == oc.D_BATTLE:
        if st[G_ATT] == EMPTY:
            return
        if op == oc.OP_POWER:
            st[f + F_BPOW] += a
        elif op != oc.OP_COST:
            st[f + F_BKW] |= a
    elif dur == oc.D_UNTIL_OPP_END or dur == oc.D_UNTIL_YOUR_START:
        if op == oc.OP_POWER:
            st[f + F_NPOW] += a
        elif op == oc.OP_COST:
            st[f + F_NCOST] += a
        else:
            st[f + F_NKW] |= a
        exp = st[G_TURN] + 1 if st[G_ACTIVE] == p else st[G_TURN]
        st[f + F_NEXP] = max(st[f + F_NEXP], exp)
    sum_modifiers(st, f)


@kernel
def set_base(st, d, dur, p, f):
    """An effect of p sets the base power of the field card at offset f to its printed power
    plus d, for `dur` as modify keeps a modifier; of several such effects on one card the
    highest value applies (4-9-2-1), whatever their durations."""
    if dur == oc.D_TURN:
        fld = F_TBASE
    elif dur == oc.D_BATTLE:
        if st[G_ATT] == EMPTY:
            return
        fld = F_BBASE
    else:
        fld = F_NBASE
        exp = st[G_TURN] + 1 if st[G_ACTIVE] == p else st[G_TURN]
        st[f + F_NEXP] = max(st[f + F_NEXP], exp)
    st[f + fld] = max(st[f + fld], d + BASE_BIAS)
    sum_modifiers(st, f)


@kernel
def mark_used(st, fx, ab, p, src_ref):
    """Record that the source card used ability ab this turn (F_USED, 10-2-13)."""
    bit = 1 << ab_get(fx, ab, AB_SLOT)
    if src_ref == STAGE_REF:
        st[p * PSIZE + STAGE_USED] |= bit
    elif 0 <= src_ref < NREF:
        st[p * PSIZE + F_USED + src_ref] |= bit


@kernel_apart
def act_select(st, ct, fx, lg, op, a, bb, cc, pc, end, p, src_card, src_ref, fams, prms, rng,
               buf):
    """Run a selection row (SEL, SEL_ADD, SEL_ALL, SEL_SELF, SEL_LEADER) or COUNT_X: set the
    frame's selection register (8-4-4-1) or its X register."""
    b = p * PSIZE
    if op == oc.OP_SEL or op == oc.OP_SEL_ADD:
        nxt = code_get(fx, pc, 0) if pc < end else oc.OP_END
        intent = intent_of(nxt, code_get(fx, pc, 1) if pc < end else 0)
        select(st, ct, fx, lg, p, a, bb, (cc & 1) != 0, np.int64((cc >> 4) - 1), intent,
               src_card, src_ref, fams, prms, rng, buf, op == oc.OP_SEL_ADD)
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
    elif op == oc.OP_COUNT_X:  # X (or X plus) the cards matching filter a
        n = candidates(st, ct, fx, a, p, src_card, src_ref, buf)
        st[G_X] = n + (st[G_X] if bb == 1 else 0)


@kernel_apart
def act_selection(st, ct, fx, lg, op, a, bb, cc, pc, end, p, src_card, src_ref, fams, prms, rng,
                  buf):
    """Run a row that acts on the selected cards: move, rest or set them active, change their
    power, cost or keywords, give them DON!!, negate them (6-6, 10-2-1, 8-1-3-4)."""
    b = p * PSIZE
    if op == oc.OP_KO or op == oc.OP_TO_HAND or op == oc.OP_TO_DECK \
            or op == oc.OP_TRASH:
        for k in range(st[G_SEL_N]):
            o, r = sel_on_field(st, k)
            if o < 0 and sel_stage(st, k) >= 0:
                remove_stage(st, lg, sel_stage(st, k), op, a)
                continue
            if o < 0 or not removable(st, ct, p, o, r, op):
                continue
            ok = st[G_OK]
            if replaced(st, ct, fx, lg, o, r, np.int64(EV_KO if op == oc.OP_KO else EV_REMOVE),
                        np.int64(oc.CAUSE_OPP_EFFECT if o != p else oc.CAUSE_OWN_EFFECT),
                        fams, prms, rng, buf):
                st[G_OK] = ok
                continue
            st[G_OK] = ok
            move_off_field(st, fx, lg, o, r, op, a)
    elif op == oc.OP_REST or op == oc.OP_SET_ACTIVE:
        for k in range(st[G_SEL_N]):
            o, r = sel_on_field(st, k)
            if o < 0 and sel_stage(st, k) >= 0:
                st[sel_stage(st, k) * PSIZE + STAGE_RESTED] = 1 if op == oc.OP_REST else 0
                continue
            if o < 0 or (op == oc.OP_REST
                         and (slot_kw(st, ct, o, r) & oc.PR_NO_REST) != 0):
                continue
            was = st[o * PSIZE + F_RESTED + r]
            ok = st[G_OK]
            if op == oc.OP_REST and was == 0 and o != p and replaced(
                    st, ct, fx, lg, o, r, np.int64(EV_REST), np.int64(
                        oc.CAUSE_OPP_EFFECT | (oc.CAUSE_OPP_CHAR if src_card >= 0 and ct[
                            src_card, C.CATEGORY] == C.CHARACTER else 0)),
                    fams, prms, rng, buf):
                st[G_OK] = ok  # "would be rested ... instead" (8-1-3-4)
                continue
            st[G_OK] = ok
            st[o * PSIZE + F_RESTED + r] = 1 if op == oc.OP_REST else 0
            if op == oc.OP_REST and was == 0:
                became_rested(st, fx, lg, o, r)
    elif op == oc.OP_POWER or op == oc.OP_COST or op == oc.OP_GRANT \
            or op == oc.OP_PROHIBIT or op == oc.OP_POWER_X:  # 6-6, 7-1-5, 2-7-6
        if op == oc.OP_POWER_X:  # a for each one counted: an OP_POWER of the sum
            op = oc.OP_POWER
            a = a * st[G_X]
        for k in range(st[G_SEL_N]):
            o, r = sel_on_field(st, k)
            if o >= 0:
                modify(st, op, a, bb, p, o * PSIZE + r)
    elif op == oc.OP_SET_BASE:  # base power becomes a (4-9-2-1)
        for k in range(st[G_SEL_N]):
            o, r = sel_on_field(st, k)
            if o >= 0:
                set_base(st, a - ct[st[o * PSIZE + F_CARD + r], C.POWER], bb, p,
                         o * PSIZE + r)
    elif op == oc.OP_SET_BASE_AS:  # base power becomes the selected card's power
        o, r = sel_on_field(st, 0)
        if st[G_SEL_N] > 0 and o >= 0 and 0 <= src_ref < NREF \
                and st[b + F_CARD + src_ref] == src_card:
            set_base(st, power(st, ct, o, r) - ct[src_card, C.POWER], a, p, b + src_ref)
    elif op == oc.OP_NEGATE:  # the selected cards' effects are negated for bb
        for k in range(st[G_SEL_N]):
            o, r = sel_on_field(st, k)
            if o >= 0:
                modify(st, oc.OP_PROHIBIT, oc.PR_NEGATED, bb, p, o * PSIZE + r)
    elif op == oc.OP_GIVE_DON:  # 6-5-5: a each, from the rested (bb=1) or active DON!!
        for k in range(st[G_SEL_N]):
            o, r = sel_on_field(st, k)
            if o == p or (cc == OWN_OPP and o == 1 - p):  # DON!! of the card's owner
                ob = o * PSIZE
                src = DON_RESTED if bb == 1 else DON_ACTIVE
                m = min(a, st[ob + src])
                st[ob + src] -= m
                st[ob + F_DON + r] += m
    elif op == oc.OP_RETARGET:  # the attack's target becomes the selected card
        o, r = sel_on_field(st, 0)
        if st[G_ATT] != EMPTY and st[G_SEL_N] > 0 and o == p and p != st[G_ACTIVE]:
            st[G_TGT] = r
            st[G_TGT_CARD] = st[b + F_CARD + r]
            log(st, lg, E.E_RETARGET, p, st[G_TGT_CARD], r, 0)
    elif op == oc.OP_TO_LIFE:  # the selected Characters to their owner's Life: the top
        for k in range(st[G_SEL_N]):  # (bb 0), or the top or bottom (bb 2, p's choice)
            o, r = sel_on_field(st, k)
            if o < 0 or not removable(st, ct, p, o, r, op) \
                    or st[o * PSIZE + N_LIFE] >= LIFE_CAP:
                continue
            card = leave_field(st, o, r)
            if life_end(st, ct, lg, p, o, np.int64(bb), True, fams, prms, rng, buf) == 1:
                add_life_bottom(st, o, card, a == 1)
                log(st, lg, E.E_FX_MOVE, o, card, oc.OP_LIFE_SCRY, 1)
            else:
                add_life(st, o, card, a == 1)
                log(st, lg, E.E_FX_MOVE, o, card, op, a)


@kernel_apart
def act_zones(st, ct, fx, lg, op, a, bb, cc, pc, end, p, src_card, src_ref, fams, prms, rng,
              buf):
    """Run a row that moves cards between the player's zones: draw, trash from the hand, look,
    pick, mill, Life, damage, play from the hand, trash or deck (3-1 .. 3-10, 4-6-2)."""
    b = p * PSIZE
    if op == oc.OP_SCRY:  # look at a: each to the top or the bottom, in any order
        st[G_LOOK_N] = min(a, st[b + N_DECK])
        window_top_or_bottom(st, ct, lg, p, fams, prms, rng, buf)
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
            log(st, lg, E.E_FX_PICK, p, card, oc.DEST_HAND if cc == oc.DEST_LIFE_DOWN
                and st[b + N_LIFE] >= LIFE_CAP else cc, Z_LOOK)
            if cc == oc.DEST_PLAY or cc == oc.DEST_PLAY_RESTED:
                play_free(st, ct, fx, lg, p, card, 1 if cc == oc.DEST_PLAY_RESTED else 0,
                          fams, prms, rng)
            elif cc == oc.DEST_TRASH:
                push(st, b, TRASH, N_TRASH, TRASH_CAP, card)
            elif cc == oc.DEST_LIFE_DOWN and st[b + N_LIFE] < LIFE_CAP:
                add_life(st, p, card, False)
            else:
                push(st, b, HAND, N_HAND, HAND_CAP, card)
        deck_out_check(st, lg, p)
    elif op == oc.OP_REST_TO:  # the rest of the look window: the bottom (a=0) or the
        if a == 2:  # trash (a=2), or each card to the top or the bottom (a=3)
            for _ in range(st[G_LOOK_N]):
                push(st, b, TRASH, N_TRASH, TRASH_CAP,
                     remove_from_deck(st, p, st[b + N_DECK] - 1))
            st[G_LOOK_N] = 0
            deck_out_check(st, lg, p)
        elif a == 3:
            window_top_or_bottom(st, ct, lg, p, fams, prms, rng, buf)
        else:
            window_to_bottom(st, ct, lg, p, fams, prms, rng, buf)
    elif op == oc.OP_ADD_LIFE:  # top of the deck to the top of Life (4-6)
        for _ in range(a):
            n = st[b + N_DECK]
            if n == 0 or st[b + N_LIFE] >= LIFE_CAP:
                break
            card = remove_from_deck(st, p, n - 1)
            add_life(st, p, card, bb == 1)
            log(st, lg, E.E_ADD_LIFE, p, card, 0, 0)
        deck_out_check(st, lg, p)
    elif op == oc.OP_PLAY_SELF:  # [Trigger] "play this card" (10-1-5-3)
        if st[b + LIMBO] == src_card and not play_banned(st, ct, p, src_card, False):
            st[b + LIMBO] = EMPTY
            play_free(st, ct, fx, lg, p, src_card, 0, fams, prms, rng)
    elif op == oc.OP_SELF_TO_HAND:  # [Trigger] "add this card to your hand" (10-1-5-3)
        if st[b + LIMBO] == src_card:
            st[b + LIMBO] = EMPTY
            push(st, b, HAND, N_HAND, HAND_CAP, src_card)
            log(st, lg, E.E_FX_MOVE, p, src_card, oc.OP_TO_HAND, 0)
    elif op == oc.OP_PLAY_FROM or op == oc.OP_TRASH_TO_HAND:  # a filter, bb cards
        st[G_OK] = 0
        if op == oc.OP_PLAY_FROM and (cc & 2) != 0:  # what it plays is the selection
            st[G_SEL_N] = 0
        distinct = (flt_get(fx, a, FL_FLAGS) & FLF_DIFF_NAMES) != 0
        seen_lo = 0  # names taken so far ("with different card names"): fx name ids
        seen_hi = 0
        budget = (cc >> 4) - 1 if op == oc.OP_PLAY_FROM else -1  # "a total cost of N"
        for _ in range(bb):
            if op == oc.OP_TRASH_TO_HAND and cc == 1 and st[b + N_LIFE] >= LIFE_CAP:
                break  # no room in the Life area
            if distinct or budget >= 0:
                c = choose_new_name(st, ct, fx, lg, p, a, seen_lo, seen_hi,
                                    np.int64(budget), src_card, src_ref, fams, prms, rng,
                                    buf)
            else:
                c = choose_card(st, ct, fx, lg, p, a, np.int64(oc.Q_PICK),
                                np.int64(oc.INTENT_HELP), np.int64(1), src_card, src_ref,
                                fams, prms, rng, buf)
            if c < 0:
                break
            if distinct:
                w, bit = name_bit(fx, cand_card(st, c))
                if w:
                    seen_hi |= bit
                else:
                    seen_lo |= bit
            if budget >= 0:
                budget -= ct[cand_card(st, c), C.COST]
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
            log(st, lg, E.E_FX_PICK, p, card,
                (oc.DEST_LIFE_UP if cc == 1 else oc.DEST_HAND) if op == oc.OP_TRASH_TO_HAND
                else oc.DEST_PLAY_RESTED if (cc & 1) == 1 else oc.DEST_PLAY, z)
            if op == oc.OP_TRASH_TO_HAND and cc == 1:
                add_life(st, p, card, True)
            elif op == oc.OP_TRASH_TO_HAND:
                push(st, b, HAND, N_HAND, HAND_CAP, card)
            else:
                slot = play_free(st, ct, fx, lg, p, card, cc & 1, fams, prms, rng)
                if (cc & 2) != 0 and slot >= 0 and st[G_SEL_N] < SEL_CAP:
                    st[G_SEL + st[G_SEL_N]] = cand_encode(p, Z_FIELD_CHAR, slot)
                    st[G_SEL_N] += 1
    elif op == oc.OP_REVEAL_TOP:  # reveal the top card (it stays): ok := it matches a
        st[G_LOOK_N] = min(1, st[b + N_DECK])
        st[G_OK] = 1 if st[G_LOOK_N] == 1 and flt_match(
            st, ct, fx, a, p, cand_encode(p, Z_LOOK, 0), src_card, src_ref) else 0
    elif op == oc.OP_GUESS_COST_OPP:  # name a cost; ok := the opponent's top card has it
        for i in range(11):
            buf[i] = GUESS_ORDER[i]
        i = ask(st, ct, lg, np.int64(p), np.int64(oc.Q_MODE), np.int64(oc.INTENT_HELP),
                fams, prms, rng, buf, np.int64(11), np.int64(0))
        ob = (1 - p) * PSIZE
        st[G_OK] = 1 if i >= 0 and st[ob + N_DECK] > 0 and ct[
            st[ob + DECK + st[ob + N_DECK] - 1], C.COST] == GUESS_ORDER[i] else 0
    elif op == oc.OP_LOOK_OPP:  # the controller sees the cards; none moves
        pass
    elif op == oc.OP_OPP_TRASH_HAND:  # the opponent chooses from their hand
        trash_from_hand(st, ct, fx, lg, np.int64(1 - p), a, np.int64(-1), src_card,
                        src_ref, fams, prms, rng, buf)
    elif op == oc.OP_HAND_TO_DECK:  # cc: whose hand; its owner chooses the cards
        place_from_hand(st, ct, fx, lg, np.int64(1 - p) if cc == OWN_OPP else p, np.int64(a),
                     np.int64(bb), np.int64(0), fams, prms, rng, buf)
    elif op == oc.OP_TRASH_TO_DECK:  # cc: whose trash; its owner chooses the cards
        trash_to_bottom(st, ct, fx, lg, p, np.int64(1 - p) if cc == OWN_OPP else p,
                        np.int64(a), np.int64(bb), src_card, src_ref, fams, prms, rng, buf)
    elif op == oc.OP_LIFE_SCRY:
        life_scry(st, ct, fx, lg, p, np.int64(a), np.int64(bb), fams, prms, rng, buf)
    elif op == oc.OP_HAND_TO_LIFE:
        place_from_hand(st, ct, fx, lg, p, np.int64(a), np.int64(2), np.int64(bb), fams, prms,
                     rng, buf)
    elif op == oc.OP_LIFE_TO_HAND or op == oc.OP_TRASH_LIFE:  # bb: 0 top, 1 bottom, 2 either
        o = 1 - p if cc == OWN_OPP else p
        n = a
        if op == oc.OP_LIFE_TO_HAND and o == p and (st[b + PLAY_BAN] & BAN_LIFE_TO_HAND):
            n = 0  # "you cannot add Life cards to your hand using your own effects"
        for _ in range(n):
            side = life_end(st, ct, lg, p, o, np.int64(bb), False, fams, prms, rng, buf)
            card = take_life_watched(st, fx, lg, o, side)
            if card == EMPTY:
                break
            if op == oc.OP_LIFE_TO_HAND:
                push(st, o * PSIZE, HAND, N_HAND, HAND_CAP, card)
            else:
                to_trash(st, o, card)
            log(st, lg, E.E_FX_MOVE, o, card, op, side)
    elif op == oc.OP_DAMAGE:  # a points to the opponent's (bb OWN_OPP) or one's own Leader
        effect_damage(st, ct, fx, lg, np.int64(1 - p if bb == OWN_OPP else p), np.int64(a),
                      src_card, fams, prms, rng, buf)


@kernel_apart
def act_player(st, ct, fx, lg, op, a, bb, cc, pc, end, p, src_card, src_ref, fams, prms, rng,
               buf):
    """Run a row that changes a player's DON!! or what a player may do: DON!! added, rested,
    returned or locked, play bans, an Event activated, the game won (6-4, 10-2-10, 1-2-5)."""
    b = p * PSIZE
    if op == oc.OP_DON_ADD:  # 6-4: from the DON!! deck, active or rested
        m = min(a, st[b + DON_DECK])
        st[b + DON_DECK] -= m
        st[b + (DON_RESTED if bb == 1 else DON_ACTIVE)] += m
    elif op == oc.OP_DON_ACTIVE and (st[b + PLAY_BAN] & BAN_DON_ACTIVE_CHAR) != 0 \
            and src_card >= 0 and ct[src_card, C.CATEGORY] == C.CHARACTER:
        pass  # "you cannot set DON!! cards as active using Character effects" (1-3-3)
    elif op == oc.OP_DON_ACTIVE and bb == 1:  # "at the end of this turn" (6-6-1-2)
        st[b + EOT_DON_ACTIVE] += a
    elif op == oc.OP_DON_ACTIVE:
        m = min(a, st[b + DON_RESTED])
        st[b + DON_RESTED] -= m
        st[b + DON_ACTIVE] += m
    elif op == oc.OP_DON_MINUS and bb == 1:  # at the end of this turn (6-6-1-2)
        st[b + EOT_DON_MATCH] = 1
    elif op == oc.OP_DON_MINUS:  # 10-2-10
        return_don(st, fx, lg, p, a, False)
    elif op == oc.OP_DON_LOCK:  # rested DON!! kept rested in their next Refresh Phase
        o = 1 - p if cc == OWN_OPP else p
        st[o * PSIZE + DON_LOCK] = min(st[o * PSIZE + DON_LOCK] + a,
                                       st[o * PSIZE + DON_RESTED])
    elif op == oc.OP_ACTIVATE_EVENT:
        activate_events(st, ct, fx, lg, p, a, bb, src_card, src_ref, fams, prms, rng, buf)
    elif op == oc.OP_NEXT_PLAY_CUT:  # the next matching play from the hand this turn
        st[b + NEXT_CUT] = a
        st[b + NEXT_FLT] = bb
    elif op == oc.OP_ANY_NUMBER:
        any_number(st, ct, fx, lg, p, a, bb, x_unit(fx, pc, end),
                   x_receiver(fx, pc, end, src_ref), src_card, src_ref, fams, prms, rng,
                   buf)
    elif op == oc.OP_WIN:  # 1-2-5: the controller wins during the effect; the game ends
        st[G_OVER] = 1
        st[G_WINNER] = p
        st[G_REASON] = R_EFFECT
        log(st, lg, E.E_END, p, R_EFFECT, 0, 0)
    elif op == oc.OP_DON_DECK:  # a DON!! deck of a cards (5-1-2-4): the rest never plays
        k = min(max(st[b + DON_OWN] - a, 0), st[b + DON_DECK])
        st[b + DON_DECK] -= k
        st[b + DON_OWN] -= k
    elif op == oc.OP_OPP_DON_MINUS:  # the opponent returns theirs, rested first
        return_don(st, fx, lg, np.int64(1 - p), a, False)
    elif op == oc.OP_DON_REST:
        o = 1 - p if cc == OWN_OPP else p
        m = min(a, st[o * PSIZE + DON_ACTIVE])
        st[o * PSIZE + DON_ACTIVE] -= m
        st[o * PSIZE + DON_RESTED] += m
    elif op == oc.OP_BAN_PLAY:  # 1 + the lowest base cost banned; the lowest ban wins
        v = st[b + PLAY_BAN]
        if bb == 1:
            st[b + PLAY_BAN] = v | BAN_FROM_HAND
        elif bb == 2:  # no Life to the hand by one's own effects (1-3-3)
            st[b + PLAY_BAN] = v | BAN_LIFE_TO_HAND
        elif bb == 3:  # no DON!! set active by Character effects (1-3-3)
            st[b + PLAY_BAN] = v | BAN_DON_ACTIVE_CHAR
        else:
            low = v & (BAN_FROM_HAND - 1)
            st[b + PLAY_BAN] = (v - low) + (a + 1 if low == 0 else min(low, a + 1))


@kernel_apart
def run_ability(st, ct, fx, lg, ab, p, src_card, src_ref, fams, prms, rng, buf, chosen):
    """Resolve ability row ab of p's card src_card (at slot src_ref, STAGE_REF, or -1 when it
    is not on the field) by the activation procedure (8-4-1). `chosen`: the player already
    chose to activate it ([Activate: Main]), so its costs are not confirmed again."""
    b = p * PSIZE
    if once_spent(st, fx, ab, p, src_ref):  # 10-2-13
        return
    if 0 <= src_ref < NREF and st[b + F_CARD + src_ref] == src_card and negated(st, p, src_ref):
        return
    if not conds_hold(st, ct, fx, ab, p, src_card, src_ref, buf):
        return
    cost0 = ab_get(fx, ab, AB_COST0)
    ncost = ab_get(fx, ab, AB_NCOST)
    for row in range(cost0, cost0 + ncost):
        if not can_pay(st, ct, fx, row, p, src_card, src_ref, buf):
            return
    if ncost > 0:
        if chosen == 0 and not policy.pay_for(st, ct, fx, p, ab, src_card, src_ref, fams[p],
                                              prms[p], rng, 2 + p, buf[MAX_CAND:]):
            return
        for row in range(cost0, cost0 + ncost):
            pay(st, ct, fx, lg, row, p, src_card, src_ref, fams, prms, rng, buf)
    mark_used(st, fx, ab, p, src_ref)
    log(st, lg, E.E_ABILITY, p, src_card, ab_get(fx, ab, AB_TIMING), ab_get(fx, ab, AB_SLOT))
    st[G_SEL_N] = 0
    st[G_OK] = 1
    st[G_X] = 0
    st[G_LOOK_N] = 0
    pc = ab_get(fx, ab, AB_PC)
    end = pc + ab_get(fx, ab, AB_NCODE)
    jump_at = -1  # the end of the chosen option of a CHOOSE_ONE, and where the options end
    jump_to = -1
    rep_left = 0  # more runs of a REPEAT_X block, and the rows where it starts and ends
    rep_start = -1
    rep_end = -1
    while st[G_OVER] == 0:
        if pc == rep_end and rep_left > 0:
            rep_left -= 1
            pc = rep_start
        if pc == jump_at:
            pc = jump_to
            jump_at = -1
        if pc >= end:
            break
        op = code_get(fx, pc, 0)
        a = code_get(fx, pc, 1)
        bb = code_get(fx, pc, 2)
        cc = code_get(fx, pc, 3)
        pc += 1
        g = ACTION_GROUP[op]  # the opcode table's handler (oc.OPS)
        if g == oc.GR_SELECT:
            act_select(st, ct, fx, lg, op, a, bb, cc, pc, end, p, src_card, src_ref, fams,
                       prms, rng, buf)
        elif g == oc.GR_SELECTION:
            act_selection(st, ct, fx, lg, op, a, bb, cc, pc, end, p, src_card, src_ref, fams,
                          prms, rng, buf)
        elif g == oc.GR_ZONES:
            act_zones(st, ct, fx, lg, op, a, bb, cc, pc, end, p, src_card, src_ref, fams,
                      prms, rng, buf)
        elif g == oc.GR_PLAYER:
            act_player(st, ct, fx, lg, op, a, bb, cc, pc, end, p, src_card, src_ref, fams,
                       prms, rng, buf)
        elif op == oc.OP_OPTION:  # read by CHOOSE_ONE, never run
            continue
        elif op == oc.OP_END:
            break
        elif op == oc.OP_SKIP_UNLESS:  # bb rows; a negative count skips to the end
            if not cond_holds(st, ct, fx, np.int64(a), p, src_card, src_ref, buf):
                pc = end if bb < 0 else pc + bb
        elif op == oc.OP_IF_DO:  # "If you do" (4-10-1)
            if st[G_OK] == 0:
                pc = end if bb < 0 else pc + bb
        elif op == oc.OP_CHOOSE_ONE:  # a options, each an OPTION row and its body (Q_MODE)
            for i in range(a):
                buf[i] = i
            k = ask(st, ct, lg, np.int64(1 - p if bb == 1 else p), np.int64(oc.Q_MODE),
                    np.int64(oc.INTENT_HARM if bb == 1 else oc.INTENT_HELP),
                    fams, prms, rng, buf, np.int64(a), np.int64(0))
            row = pc
            start = pc
            for i in range(a):
                if i == k:
                    start = row + 1
                    jump_at = row + 1 + code_get(fx, row, 2)
                row += 1 + code_get(fx, row, 2)
            jump_to = row
            pc = start if k >= 0 else row
        elif op == oc.OP_REPEAT_X:  # the next a rows, X times (none when X is 0)
            if st[G_X] <= 0:
                pc += a
            else:
                rep_left = st[G_X] - 1
                rep_start = pc
                rep_end = pc + a
        elif op == oc.OP_MAY:  # "you may" (8-1-2): declining skips bb rows
            if not policy.confirm(st, ct, p, oc.Q_CONFIRM, fams[p], prms[p], rng, 2 + p):
                st[G_OK] = 0
                pc = end if bb < 0 else pc + bb
    st[G_LOOK_N] = 0


@kernel
def drain(st, ct, fx, lg, fams, prms, rng, buf):
    """Resolve the pending abilities (8-6-3): a [Trigger] revealed by effect damage first,
    then the turn player's, then the other player's (8-6-1), each player's in the order they
    were triggered; one triggered while these resolve joins the queue."""
    while st[G_Q_N] > 0 and st[G_OVER] == 0:
        pick = 0
        for i in range(st[G_Q_N]):
            if st[G_Q + i * QW + 1] == st[G_ACTIVE] or st[G_Q + i * QW + 3] == TRIGGER_Q:
                pick = i
                break
        ab, p, card, ref = queue_take(st, G_Q, G_Q_N, pick)
        run_ability(st, ct, fx, lg, np.int64(ab), np.int64(p), np.int64(card),
                    np.int64(-1 if ref == TRIGGER_Q else ref), fams, prms, rng, buf,
                    np.int64(0))
        if ref == TRIGGER_Q and not (st[G_Q_N] > 0 and st[G_Q + 3] == TRIGGER_Q
                                     and st[G_Q + 2] == card):
            trigger_done(st, p, card)
    st[G_Q_N] = 0


@kernel
def fire(st, ct, fx, lg, t, p, card, src_ref, fams, prms, rng, buf):
    """Resolve `card`'s abilities of timing t for p, then whatever they triggered."""
    fire_abilities(st, ct, fx, lg, np.int64(t), np.int64(p), np.int64(card),
                   np.int64(src_ref), fams, prms, rng, buf)


@kernel_apart
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
def activate_event(st, ct, fx, lg, p, card, fams, prms, rng, buf):
    """Resolve the [Main] of the Event p has just activated from the hand (10-2-3), its costs
    paid as the activation chose to (8-5-2: activating the Event is activating its [Main]),
    then whatever it triggered."""
    base = fx[H_CARD_AB]
    for ab in range(fx[base + card], fx[base + card + 1]):
        if ab_get(fx, ab, AB_TIMING) == oc.T_MAIN and st[G_OVER] == 0:
            run_ability(st, ct, fx, lg, np.int64(ab), np.int64(p), np.int64(card),
                        np.int64(-1), fams, prms, rng, buf, np.int64(1))
    drain(st, ct, fx, lg, fams, prms, rng, buf)


@kernel
def fire_field(st, ct, fx, lg, t, p, fams, prms, rng, buf):
    """Resolve the timing-t abilities of p's Leader, Characters and Stage, in that order
    (the Leader, then the slots left to right, then the Stage)."""
    if (st[G_FX_NO_TM + p] >> t) & 1:
        return
    for k in range(NREF + 1):
        if st[G_OVER] != 0:
            return
        r = source_ref(k)
        card = source_card(st, p, r)
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


# ---------------------------------------------------------------- continuous abilities (8-1-3-3)

CONT_TIMINGS = (1 << oc.T_CONTINUOUS) | (1 << oc.T_YOUR_TURN) | (1 << oc.T_OPP_TURN)


@kernel
def settle(st, ct, fx, buf):
    """Recompute everything the continuous abilities give now: the field's and both hands'
    (what the engine does at its decision points, in two parts)."""
    settle_field(st, ct, fx, buf)
    for p in range(2):
        settle_hand(st, ct, fx, p, buf)


# buf[CONT_BUF:] during settle_field: the costs a pass gives (2 * NREF ints), then the
# results of the last pass (3 * 2 * NREF ints), then the cards it touched (a bit mask);
# buf[128:176] is kept_results_hold's.
CONT_BUF = 180
CONT_TOUCHED = CONT_BUF + 8 * NREF
CONT_PASSES = 4  # passes before a pair whose results keep changing is left as it is


@kernel
def settle_field(st, ct, fx, buf):
    """Recompute what the continuous abilities of the cards on the field give now (power,
    cost, keywords, prohibitions: F_CPOW, F_CCOST, F_CKW), from their current conditions.
    Called after every Main Phase action and before the Damage Step, so that a condition
    that stops holding stops the effect (8-1-3-3; [Your Turn] 10-2-11, [Opponent's Turn]
    10-2-12).

    Within a pass every condition reads the results of the pass before (the sums F_XPOW and
    F_XKW and the costs are written at its end), so neither player's abilities go first;
    a pair whose abilities read what others change (CONT_CHAIN: "If there is a Character
    with a cost of 12 or more" beside "This Character gains +12 cost") repeats passes until
    nothing changes (8-1-3-3-5)."""
    if (fx[H_FLAGS] & HAS_CONT) == 0:
        return
    kept = (fx[H_FLAGS] & CONT_KEPT) != 0
    if kept:  # what they read has not changed since the last time: their results stand
        if st[G_FX_SKIP] & FX_CONT_OK and (fx[H_NMEMO] == 0 or memo_unchanged(st, fx)):
            return
        st[G_FX_SKIP] |= FX_CONT_OK
    passes = CONT_PASSES if fx[H_FLAGS] & CONT_CHAIN else 1
    cost = buf[CONT_BUF:CONT_BUF + 2 * NREF]
    last = buf[CONT_BUF + 2 * NREF:CONT_BUF + 8 * NREF]
    for _ in range(passes):
        if passes > 1:
            for o in range(2):
                for r in range(NREF):
                    f = o * PSIZE + r
                    i = (o * NREF + r) * 3
                    last[i], last[i + 1], last[i + 2] = st[f + F_XPOW], st[f + F_XKW], \
                        st[f + F_CCOST]
        was_set = st[G_FX_SKIP] & FX_CONT_SET
        buf[CONT_TOUCHED] = 0  # bit o * NREF + r: a field of o's card r to sum at the end
        if was_set:
            st[G_FX_SKIP] &= ~FX_CONT_SET
            for o in range(2):
                b = o * PSIZE
                for r in range(NREF):
                    if st[b + F_CPOW + r] != 0 or st[b + F_CKW + r] != 0 \
                            or st[b + F_CBASE + r] != 0 or st[b + F_CCOST + r] != 0:
                        st[b + F_CPOW + r] = 0
                        st[b + F_CKW + r] = 0
                        st[b + F_CBASE + r] = 0
                        buf[CONT_TOUCHED] |= 1 << (o * NREF + r)
        for i in range(2 * NREF):
            cost[i] = 0
        for p in range(2):
            if st[G_FX_SKIP] & (FX_NO_CONT << p):
                continue
            for k in range(NREF + 1):
                r = source_ref(k)
                card = source_card(st, p, r)
                if card == EMPTY or (fx[fx[H_CARD_TM] + card] & CONT_TIMINGS) == 0:
                    continue
                if r != STAGE_REF and negated(st, p, r):
                    continue
                base = fx[H_CARD_AB]
                for ab in range(fx[base + card], fx[base + card + 1]):
                    t = ab_get(fx, ab, AB_TIMING)
                    if ((1 << t) & CONT_TIMINGS) == 0 or \
                            ab_get(fx, ab, AB_FLAGS) & (ABF_FROM_HAND | ABF_HAND_MOD):
                        continue
                    if (t == oc.T_YOUR_TURN and st[G_ACTIVE] != p) or \
                            (t == oc.T_OPP_TURN and st[G_ACTIVE] == p):
                        continue
                    apply_continuous(st, ct, fx, np.int64(ab), np.int64(p), np.int64(card),
                                     np.int64(r), buf)
        if was_set == 0 and (st[G_FX_SKIP] & FX_CONT_SET) == 0:
            break  # nothing was given before or now: every continuous field stays 0
        same = True
        for o in range(2):
            for r in range(NREF):
                if (buf[CONT_TOUCHED] >> (o * NREF + r)) & 1 == 0:
                    continue
                f = o * PSIZE + r
                st[f + F_CCOST] = cost[o * NREF + r]
                sum_modifiers(st, f)
                if passes > 1:
                    i = (o * NREF + r) * 3
                    if last[i] != st[f + F_XPOW] or last[i + 1] != st[f + F_XKW] \
                            or last[i + 2] != st[f + F_CCOST]:
                        same = False
        if same:
            break
    if fx[H_FLAGS] & ATTACK_LIMIT:
        for o in range(2):
            only = 0
            for r in range(NCHAR):
                if st[o * PSIZE + F_CKW + r] & oc.PR_ONLY_TARGET:
                    only |= 1 << r
            st[G_ONLY_TGT + o] = only
    if kept and fx[H_NMEMO] > 0:
        memo_save(st, fx)


@kernel
def settle_hand(st, ct, fx, p, buf):
    """What p's hand cards have now from abilities: cost modifiers (HAND_COST) and counters
    (HAND_CTR), from their own in-hand abilities, then from p's cards on the field ("All
    Character cards in your hand without a Counter have a +1000 Counter"). Computed before
    p decides with its hand (a Main Phase action, a Counter), the only times it is read;
    copies of one card share their own value. A player whose deck has no such card is
    skipped (G_FX_SKIP, set by note_decks)."""
    if (fx[H_FLAGS] & HAS_HAND) == 0 or st[G_FX_SKIP] & (FX_NO_HAND << p):
        return
    b = p * PSIZE
    for h in range(st[b + N_HAND]):
        st[b + HAND_COST + h] = 0
        st[b + HAND_CTR + h] = 0
        card = st[b + HAND + h]
        if (fx[fx[H_CARD_TM] + card] >> TM_FROM_HAND) & 1 == 0:
            continue
        same = -1
        for h2 in range(h):
            if st[b + HAND + h2] == card:
                same = h2
                break
        if same >= 0:
            st[b + HAND_COST + h] = st[b + HAND_COST + same]
            st[b + HAND_CTR + h] = st[b + HAND_CTR + same]
            continue
        for ab in range(fx[fx[H_CARD_AB] + card], fx[fx[H_CARD_AB] + card + 1]):
            if ab_get(fx, ab, AB_FLAGS) & ABF_FROM_HAND:
                st[b + HAND_COST + h] += hand_modifier(st, ct, fx, np.int64(ab), np.int64(p),
                                                       np.int64(card), np.int64(h), buf)
    if (st[G_FX_NO_TM + p] >> TM_HAND_MOD) & 1 == 0:
        hand_from_field(st, ct, fx, p, buf)
    if st[b + NEXT_CUT] > 0:  # "the next time you play ..., the cost will be reduced by N"
        for h in range(st[b + N_HAND]):
            if next_cut_applies(st, ct, fx, p, h):
                st[b + HAND_COST + h] -= st[b + NEXT_CUT]


@kernel
def next_cut_applies(st, ct, fx, p, h):
    """Is p's hand card h one the pending "the next time you play ..." reduction applies to
    (a Character or Stage card matching its filter)?"""
    return st[p * PSIZE + NEXT_CUT] > 0 and cut_applies(st, ct, fx, p,
                                                        st[p * PSIZE + NEXT_FLT], h)


@kernel
def next_play_made(st, ct, fx, p, h):
    """p plays hand card h: the pending "the next time you play ..." reduction, if it applies
    to that card, is used up."""
    if next_cut_applies(st, ct, fx, p, h):
        st[p * PSIZE + NEXT_CUT] = 0


@kernel
def hand_from_field(st, ct, fx, p, buf):
    """The hand counters and play costs p's Leader, Characters and Stage give (ABF_HAND_MOD
    abilities whose conditions and [Your Turn] / [Opponent's Turn] hold), in that order:
    "the counter of all of your Character cards with 8000 power in your hand becomes +2000"
    (a phrase "without a Counter" leaves out a card that has one now, printed or given),
    "the cost of playing {T} type Character cards from your hand will be reduced by 1"."""
    for k in range(NREF + 1):
        r = source_ref(k)
        card = source_card(st, p, r)
        if card == EMPTY or (fx[fx[H_CARD_TM] + card] >> TM_HAND_MOD) & 1 == 0:
            continue
        if r != STAGE_REF and negated(st, p, r):
            continue
        for ab in range(fx[fx[H_CARD_AB] + card], fx[fx[H_CARD_AB] + card + 1]):
            t = ab_get(fx, ab, AB_TIMING)
            if (t == oc.T_YOUR_TURN and st[G_ACTIVE] != p) or \
                    (t == oc.T_OPP_TURN and st[G_ACTIVE] == p):
                continue
            if ab_get(fx, ab, AB_FLAGS) & ABF_HAND_MOD and \
                    conds_hold(st, ct, fx, np.int64(ab), np.int64(p), np.int64(card),
                               np.int64(r), buf):
                run_hand_program(st, ct, fx, np.int64(ab), np.int64(p), np.int64(card),
                                 np.int64(r), np.int64(-1), buf)


@kernel
def memo_unchanged(st, fx):
    """Are the state ints of the fx memo offsets as in the snapshot at G_MEMO (taken when
    the continuous results were last recomputed; effects/memo.py)?"""
    base = fx[H_MEMO]
    d = 0
    for i in range(fx[H_NMEMO]):
        d |= st[fx[base + i]] ^ st[G_MEMO + i]
    return d == 0


@kernel
def kept_results_hold(st, ct, fx, buf):
    """Debug mode, right after settle_field: are the continuous results it kept (CONT_KEPT)
    those a recomputation gives now? Recomputes them, so the game goes on from exact values
    either way. buf[128:176] is used as scratch."""
    if (fx[H_FLAGS] & CONT_KEPT) == 0 or (st[G_FX_SKIP] & FX_CONT_OK) == 0:
        return True
    kept = buf[128:128 + 8 * NREF]
    for o in range(2):
        for r in range(NREF):
            f = o * PSIZE + r
            i = (o * NREF + r) * 4
            kept[i], kept[i + 1] = st[f + F_CPOW], st[f + F_CCOST]
            kept[i + 2], kept[i + 3] = st[f + F_CKW], st[f + F_CBASE]
    st[G_FX_SKIP] &= ~FX_CONT_OK
    settle_field(st, ct, fx, buf)
    for o in range(2):
        for r in range(NREF):
            f = o * PSIZE + r
            i = (o * NREF + r) * 4
            if kept[i] != st[f + F_CPOW] or kept[i + 1] != st[f + F_CCOST] \
                    or kept[i + 2] != st[f + F_CKW] or kept[i + 3] != st[f + F_CBASE]:
                return False
    return True


@kernel
def memo_save(st, fx):
    """Copy the state ints of the fx memo offsets to the snapshot at G_MEMO."""
    base = fx[H_MEMO]
    for i in range(fx[H_NMEMO]):
        st[G_MEMO + i] = st[fx[base + i]]


@kernel
def note_decks(st, fx, decks):
    """At the start of a game: mark in G_FX_SKIP the players whose deck has no card with a
    hand-cost ability (settle_hand skips them) or none with a continuous ability on the
    field (settle_field skips their sources), and in G_FX_NO_TM the timings of no ability
    of each player's cards (fire_field and the activations skip them)."""
    st[G_FX_SKIP] = 0
    for p in range(2):
        tm = 0
        for i in range(decks.shape[1]):
            if decks[p, i] >= 0:
                tm |= fx[fx[H_CARD_TM] + decks[p, i]]
        tm |= fx[fx[H_CARD_TM] + st[p * PSIZE + F_CARD + LEADER_REF]]
        st[G_FX_NO_TM + p] = ~tm
        if (tm >> TM_FROM_HAND) & 1 == 0 and (tm >> TM_HAND_MOD) & 1 == 0:
            st[G_FX_SKIP] |= FX_NO_HAND << p
        if (tm & CONT_TIMINGS) == 0:
            st[G_FX_SKIP] |= FX_NO_CONT << p


@kernel
def hand_modifier(st, ct, fx, ab, p, card, h, buf):
    """The cost modifier an in-hand ability of p's hand card h gives it now (its conditions
    hold): "give this card in your hand -N cost" (2-7-6); "this card in your hand has a
    +2000 Counter" sets its HAND_CTR."""
    if not conds_hold(st, ct, fx, ab, p, card, np.int64(-1), buf):
        return 0
    return run_hand_program(st, ct, fx, ab, p, card, np.int64(-1), h, buf)


@kernel
def run_hand_program(st, ct, fx, ab, p, card, r, h, buf):
    """Run the program of a hand ability whose conditions hold: its cost modifiers summed
    (the value returned), its counters set, on p's hand card h when h >= 0 (the card's own
    ability), else on each of p's hand cards its filter matches (an ability of the card at
    ref r)."""
    b = p * PSIZE
    v = 0
    pc = ab_get(fx, ab, AB_PC)
    end = pc + ab_get(fx, ab, AB_NCODE)
    while pc < end:
        op = code_get(fx, pc, 0)
        a = code_get(fx, pc, 1)
        bb = code_get(fx, pc, 2)
        bare = code_get(fx, pc, 3)
        pc += 1
        if op == oc.OP_SKIP_UNLESS:
            if not cond_holds(st, ct, fx, np.int64(a), p, card, r, buf):
                pc = end if bb < 0 else pc + bb
        elif op == oc.OP_SEL_SELF:  # the hand card itself: what follows applies to it
            pass
        elif op == oc.OP_COST:
            v += a
        elif op == oc.OP_HAND_COUNTER and h >= 0:
            st[b + HAND_CTR + h] = a
        elif op == oc.OP_HAND_COUNTER or op == oc.OP_HAND_COST:
            for k in range(st[b + N_HAND]):
                if op == oc.OP_HAND_COUNTER and bare and st[b + HAND_CTR + k] > 0:
                    continue
                if flt_match(st, ct, fx, np.int64(bb), p, np.int64(cand_encode(p, Z_HAND, k)),
                             card, r):
                    if op == oc.OP_HAND_COST:
                        st[b + HAND_COST + k] += a
                    else:
                        st[b + HAND_CTR + k] = a
    return v


@kernel
def apply_continuous(st, ct, fx, ab, p, src_card, src_ref, buf):
    """Add one continuous ability's effect to the continuous fields, if its conditions hold
    (the packer admits only selections, conditions and the four modifiers here)."""
    if not conds_hold(st, ct, fx, ab, p, src_card, src_ref, buf):
        return
    nsel = 0
    sel = buf[MAX_CAND:MAX_CAND + 12]  # owner << 8 | ref of the cards it applies to
    pc = ab_get(fx, ab, AB_PC)
    end = pc + ab_get(fx, ab, AB_NCODE)
    while pc < end:
        op = code_get(fx, pc, 0)
        a = code_get(fx, pc, 1)
        bb = code_get(fx, pc, 2)
        pc += 1
        if op == oc.OP_POWER_PER:  # +a for every bb counted cards: an OP_POWER of the sum
            op = oc.OP_POWER
            a = a * (count_per(st, ct, p, code_get(fx, pc - 1, 3)) // bb)
        if op == oc.OP_SKIP_UNLESS:
            if not cond_holds(st, ct, fx, np.int64(a), p, src_card, src_ref, buf):
                pc = end if bb < 0 else pc + bb
        elif op == oc.OP_SEL_SELF:
            nsel = 0
            if 0 <= src_ref < NREF:
                sel[0] = p << 8 | src_ref
                nsel = 1
        elif op == oc.OP_SEL_LEADER:
            sel[0] = (1 - p if a == OWN_OPP else p) << 8 | LEADER_REF
            nsel = 1
        elif op == oc.OP_SEL_ALL:
            n = candidates(st, ct, fx, a, p, src_card, src_ref, buf)
            nsel = 0
            for i in range(n):
                z = cand_zone(buf[i])
                if (z == Z_FIELD_CHAR or z == Z_FIELD_LC or z == Z_LEADER) and nsel < 12:
                    sel[nsel] = cand_owner(buf[i]) << 8 | cand_index(buf[i])
                    nsel += 1
        else:
            if nsel > 0:
                st[G_FX_SKIP] |= FX_CONT_SET
            for i in range(nsel):
                f = (sel[i] >> 8) * PSIZE + (sel[i] & 0xFF)
                buf[CONT_TOUCHED] |= 1 << ((sel[i] >> 8) * NREF + (sel[i] & 0xFF))
                if op == oc.OP_POWER:
                    st[f + F_CPOW] += a
                elif op == oc.OP_SET_BASE:  # the highest applies (4-9-2-1)
                    st[f + F_CBASE] = max(st[f + F_CBASE],
                                          a - ct[st[f + F_CARD], C.POWER] + BASE_BIAS)
                elif op == oc.OP_COST:  # written at the end of the pass (settle_field)
                    buf[CONT_BUF + (sel[i] >> 8) * NREF + (sel[i] & 0xFF)] += a
                elif op == oc.OP_GRANT or op == oc.OP_PROHIBIT:
                    st[f + F_CKW] |= a
                elif op == oc.OP_NEGATE:
                    st[f + F_CKW] |= oc.PR_NEGATED


# ---------------------------------------------------------------- replacement effects (8-1-3-4)

REPL_TIMINGS = (1 << oc.T_REPLACE_KO) | (1 << oc.T_REPLACE_REMOVE) | (1 << oc.T_REPLACE_REST)
EV_REMOVE, EV_KO, EV_REST = 0, 1, 2  # what a replacement is asked about (replaced)


@kernel
def replaced(st, ct, fx, lg, o, r, event, cause, fams, prms, rng, buf):
    """o's Character r is about to be removed from the field, K.O.'d or rested (`event`:
    EV_REMOVE, EV_KO, EV_REST), by `cause` (oc.CAUSE_* bits: a battle, o's own effect, the
    opponent's effect, a Character's): a replacement ability of o's cards that protects it
    from that may do something else instead (8-1-3-4). True when one did, and the event
    does not happen."""
    if (~st[G_FX_NO_TM + o] & REPL_TIMINGS) == 0:
        return False
    for k in range(NREF + 1):
        sr = source_ref(k)
        src = source_card(st, o, sr)
        if src == EMPTY or (fx[fx[H_CARD_TM] + src] & REPL_TIMINGS) == 0:
            continue
        if sr != STAGE_REF and negated(st, o, sr):
            continue
        for ab in range(fx[fx[H_CARD_AB] + src], fx[fx[H_CARD_AB] + src + 1]):
            t = ab_get(fx, ab, AB_TIMING)
            if not ((t == oc.T_REPLACE_KO and event == EV_KO)
                    or (t == oc.T_REPLACE_REMOVE and event != EV_REST)
                    or (t == oc.T_REPLACE_REST and event == EV_REST)):
                continue
            causes = code_get(fx, ab_get(fx, ab, AB_PC), 2)  # REPL_TARGET's mask
            if causes != 0 and (causes & cause) == 0:
                continue
            if once_spent(st, fx, ab, o, sr):
                continue
            if run_replacement(st, ct, fx, lg, np.int64(ab), o, np.int64(src), np.int64(sr),
                               r, fams, prms, rng, buf):
                mark_used(st, fx, ab, o, sr)
                return True
    return False


@kernel_apart
def run_replacement(st, ct, fx, lg, ab, p, src_card, src_ref, r, fams, prms, rng, buf) -> bool:
    """Run replacement ability ab of p's src_card for p's Character r, if it protects r and
    its conditions hold: its first row (REPL_TARGET) names the cards it protects, the
    rest is done instead. True when it was done ("you may" answered yes, and it could be
    done). The selection register of the ability being resolved is left alone."""
    pc = ab_get(fx, ab, AB_PC)
    end = pc + ab_get(fx, ab, AB_NCODE)
    f = code_get(fx, pc, 1)
    if (flt_get(fx, f, FL_FLAGS) & FLF_SELF_ONLY) != 0 and r != src_ref:
        return False
    if not flt_match(st, ct, fx, f, p, cand_encode(p, Z_FIELD_CHAR, r), src_card, src_ref):
        return False
    if not conds_hold(st, ct, fx, ab, p, src_card, src_ref, buf):
        return False
    b = p * PSIZE
    log(st, lg, E.E_ABILITY, p, src_card, ab_get(fx, ab, AB_TIMING), ab_get(fx, ab, AB_SLOT))
    done = True
    to = -1  # the field card the rows act on (SEL_SELF, SEL): owner and slot, -1 none
    tr = -1
    pc += 1
    while pc < end and st[G_OVER] == 0:
        op = code_get(fx, pc, 0)
        a = code_get(fx, pc, 1)
        bb = code_get(fx, pc, 2)
        pc += 1
        if op == oc.OP_MAY:  # offered only when what follows can be done in full
            if not repl_feasible(st, ct, fx, p, pc, end, src_card, src_ref, buf) or \
                    not policy.confirm(st, ct, p, oc.Q_CONFIRM, fams[p], prms[p], rng, 2 + p):
                return False
        elif op == oc.OP_SKIP_UNLESS:
            if not cond_holds(st, ct, fx, np.int64(a), p, src_card, src_ref, buf):
                pc = end if bb < 0 else pc + bb
        elif op == oc.OP_SEL_SELF:
            to, tr = -1, -1
            if 0 <= src_ref < NREF and st[b + F_CARD + src_ref] == src_card:
                to, tr = p, src_ref
        elif op == oc.OP_SEL:
            nxt = code_get(fx, pc, 0) if pc < end else oc.OP_END
            c = choose_card(st, ct, fx, lg, p, a, np.int64(oc.Q_TARGET),
                            np.int64(intent_of(nxt, code_get(fx, pc, 1) if pc < end else 0)),
                            np.int64(0), src_card, src_ref, fams, prms, rng, buf)
            to, tr = -1, -1
            z = cand_zone(c) if c >= 0 else -1
            if z == Z_FIELD_CHAR or z == Z_FIELD_LC or z == Z_LEADER:
                to, tr = cand_owner(c), cand_index(c)
        elif tr < 0:
            if op != oc.OP_TRASH_HAND and op != oc.OP_DON_MINUS and op != oc.OP_DON_REST \
                    and op != oc.OP_HAND_TO_DECK and op != oc.OP_LIFE_TO_HAND \
                    and op != oc.OP_TRASH_TO_DECK:
                done = False
        elif op == oc.OP_REST:
            if st[to * PSIZE + F_RESTED + tr] == 0:
                st[to * PSIZE + F_RESTED + tr] = 1
                became_rested(st, fx, lg, to, tr)
        elif op == oc.OP_POWER:
            modify(st, op, a, bb, p, to * PSIZE + tr)
        elif op == oc.OP_KO or op == oc.OP_TRASH or op == oc.OP_TO_HAND \
                or op == oc.OP_TO_DECK:
            if tr == LEADER_REF:
                done = False
            else:
                move_off_field(st, fx, lg, to, tr, op, a)
            to, tr = -1, -1
        if op == oc.OP_TRASH_HAND:
            got = trash_from_hand(st, ct, fx, lg, p, a, bb, src_card, src_ref, fams, prms,
                                  rng, buf)
            done = done and got == a
        elif op == oc.OP_DON_MINUS:
            done = done and don_on_field(st, p) >= a
            return_don(st, fx, lg, p, a, False)
        elif op == oc.OP_DON_REST:
            done = done and st[b + DON_ACTIVE] >= a
            m = min(a, st[b + DON_ACTIVE])
            st[b + DON_ACTIVE] -= m
            st[b + DON_RESTED] += m
        elif op == oc.OP_HAND_TO_DECK:
            done = done and st[b + N_HAND] >= a
            place_from_hand(st, ct, fx, lg, p, np.int64(a), np.int64(bb), np.int64(0), fams, prms,
                         rng, buf)
        elif op == oc.OP_TRASH_TO_DECK:  # one's own trash (repl_feasible counted it)
            done = done and zone_choices(st, ct, fx, p, p, Z_TRASH, N_TRASH, bb, src_card,
                                         src_ref, buf) >= a
            trash_to_bottom(st, ct, fx, lg, p, p, np.int64(a), np.int64(bb), src_card, src_ref,
                            fams, prms, rng, buf)
        elif op == oc.OP_LIFE_TO_HAND:  # one's own Life cards (repl_feasible checked them)
            for _ in range(a):
                side = life_end(st, ct, lg, p, p, np.int64(bb), False, fams, prms, rng, buf)
                card = take_life_watched(st, fx, lg, p, side)
                if card == EMPTY:
                    done = False
                    break
                push(st, b, HAND, N_HAND, HAND_CAP, card)
                log(st, lg, E.E_FX_MOVE, p, card, op, side)
    return done


@kernel
def repl_feasible(st, ct, fx, p, pc, end, src_card, src_ref, buf):
    """Can rows pc..end of a replacement ability be done in full now (the source card there
    and active for a rest, enough cards in hand, enough DON!!)?"""
    b = p * PSIZE
    here = 0 <= src_ref < NREF and st[b + F_CARD + src_ref] == src_card
    chosen = False  # the rows act on a card chosen by SEL (its filter asks for an active one)
    while pc < end:
        op = code_get(fx, pc, 0)
        a = code_get(fx, pc, 1)
        bb = code_get(fx, pc, 2)
        pc += 1
        if op == oc.OP_REST and not (here and (chosen or st[b + F_RESTED + src_ref] == 0)):
            return False
        if op == oc.OP_POWER and not here:
            return False
        if op == oc.OP_SEL:  # a card of its own to act on
            if candidates(st, ct, fx, a, p, src_card, src_ref, buf) == 0:
                return False
            here = True
            chosen = True
        if (op == oc.OP_TRASH or op == oc.OP_TO_HAND or op == oc.OP_KO or op == oc.OP_TO_DECK) \
                and not (here and src_ref != LEADER_REF):
            return False
        if op == oc.OP_TRASH_HAND:
            n = st[b + N_HAND] if bb < 0 else candidates(st, ct, fx, bb, p, src_card, src_ref,
                                                         buf)
            if n < a:
                return False
        if op == oc.OP_DON_MINUS and don_on_field(st, p) < a:
            return False
        if op == oc.OP_DON_REST and st[b + DON_ACTIVE] < a:
            return False
        if op == oc.OP_HAND_TO_DECK and st[b + N_HAND] < a:
            return False
        if op == oc.OP_TRASH_TO_DECK and \
                zone_choices(st, ct, fx, p, p, Z_TRASH, N_TRASH, bb, src_card, src_ref, buf) < a:
            return False
        if op == oc.OP_LIFE_TO_HAND and (st[b + N_LIFE] < a
                                         or (st[b + PLAY_BAN] & BAN_LIFE_TO_HAND) != 0):
            return False  # not enough Life, or "you cannot add Life cards to your hand"
    return True
