"""Decision kernels shared by the ONE PIECE heuristic families (default, aggro, control):
mulligan, block, counter, Trigger, effect targets and the Character to trash for room, each
tuned by the family's parameter vector, plus the building blocks of their Main Phases.

Every heuristic family has the same parameter layout (P_* below); the families differ in
their Main Phase logic and their defaults."""

from tcgsim.simcore.effects.fxlayout import (
    AB_COND0,
    AB_COST0,
    AB_NCODE,
    AB_NCOND,
    AB_NCOST,
    AB_PC,
    AB_TIMING,
    CD_KIND,
    CD_VALUE,
    FL_ZONE,
    H_CARD_AB,
    H_CARD_TM,
    H_NAB,
    OWN_OPP,
    OWN_SELF,
)
from tcgsim.simcore.effects.fxread import (
    ab_get,
    ab_slot,
    code_get,
    cond_get,
    flt_get,
    has_timing,
)
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece.effects.opcodes import (
    CK_DON_GIVEN_SELF,
    CK_OK,
    D_BATTLE,
    D_TURN,
    INTENT_HARM,
    INTENT_MASK,
    INTENT_OP_SHIFT,
    INTENT_REDIRECT,
    OP_BAN_PLAY,
    OP_C_BOTTOM_OWN,
    OP_C_DON_MINUS,
    OP_C_HAND_TO_DECK,
    OP_C_KO_OWN,
    OP_C_REST_DON,
    OP_C_REST_OWN,
    OP_C_REST_OWN_OR_DON,
    OP_C_TRASH_HAND,
    OP_C_TRASH_LIFE,
    OP_C_TRASH_OWN,
    OP_C_TRASH_OWN_OR_HAND,
    OP_DON_ACTIVE,
    OP_DON_ADD,
    OP_DON_MINUS,
    OP_DON_REST,
    OP_DRAW,
    OP_GIVE_DON,
    OP_GRANT,
    OP_KO,
    OP_NEXT_PLAY_CUT,
    OP_OPP_TRASH_HAND,
    OP_PLAY_FROM,
    OP_POWER,
    OP_REST,
    OP_REST_TO,
    OP_RETARGET,
    OP_SEL,
    OP_SEL_ADD,
    OP_SEL_ALL,
    OP_SEL_BATTLE,
    OP_SEL_LEADER,
    OP_SEL_SELF,
    OP_SET_ACTIVE,
    OP_SHUFFLE,
    OP_SKIP_UNLESS,
    OP_TO_DECK,
    OP_TO_HAND,
    OP_TO_LIFE,
    OP_TRASH,
    OP_TRASH_TO_HAND,
    PR_NO_KO_EFFECT,
    PR_NO_REMOVE_EFFECT,
    PR_NO_REST,
    Q_COST_CARD,
    Q_HOW_MANY,
    Q_LIFE_BOTTOM,
    Q_LIFE_LOOK,
    Q_MODE,
    Q_ORDER_BOTTOM,
    Q_PICK,
    Q_TARGET,
    T_ACTIVATE_MAIN,
    T_DON_RETURNED,
    T_MAIN,
    T_WHEN_ATTACKING,
)
from tcgsim.simcore.games.onepiece.effects.query import (
    can_activate,
    can_pay,
    candidates,
    cond_holds,
    conds_hold,
    counter_boost,
    counter_reaches,
    cut_applies,
    don_on_field,
    event_costs_payable,
    negated,
    once_spent,
    source_card,
    source_ref,
    used_bits,
)
from tcgsim.simcore.games.onepiece.layout import (
    DECK,
    DON_ACTIVE,
    DON_DECK,
    DON_RESTED,
    EMPTY,
    EOT_DON_MATCH,
    F_CARD,
    F_DON,
    F_RESTED,
    F_XKW,
    G_ACTIVE,
    G_ATT,
    G_FX_NO_TM,
    G_TGT,
    HAND,
    LEADER_REF,
    N_CHARS,
    N_DECK,
    N_HAND,
    N_LIFE,
    NCHAR,
    NREF,
    PSIZE,
    STAGE,
)
from tcgsim.simcore.games.onepiece.legal import (
    A_ACTIVATE,
    A_ATTACK,
    A_DON,
    A_END,
    NO_ACTION,
    STAGE_REF,
    Z_FIELD_CHAR,
    Z_FIELD_LC,
    Z_HAND,
    Z_LEADER,
    Z_LOOK,
    Z_STAGE,
    can_attack_target,
    can_attack_with,
    can_play_from_hand,
    cand_card,
    cand_encode,
    cand_index,
    cand_owner,
    cand_zone,
    counter_value,
    effect_targets,
    encode,
    field_cost,
    hand_cost,
    has_legal_blocker,
    is_legal_blocker,
    power,
    slot_kw,
)
from tcgsim.simcore.jit import kernel

P_MULL_MIN, P_DON_MARGIN, P_COUNTER_LIFE, P_COUNTER_HAND = 0, 1, 2, 3
P_BLOCK_LIFE, P_KO_MIN_COST, P_SAVE_COST, P_USE_TRIGGER = 4, 5, 6, 7
P_COUNTER_RESERVE, P_MULL_AVG = 8, 9
SCRATCH = 192  # buf[SCRATCH:] is scratch space for effect queries; actions go below it
KEEP_SPARE = 2  # active DON!! left for a play before any is kept for a [When Attacking] ①
PRESSURE = 2000  # power an attack on the Leader that already hits gains to cost more counters
ATTACK_KW = C.KW_DOUBLE_ATTACK | C.KW_BANISH | C.KW_UNBLOCKABLE  # matter only to an attack
SETBACK_TURNS = 3  # DON!! -N that leaves p N short for this many of its turns or more: too dear


@kernel
def mulligan(st, ct, p, prm, rng, s):
    """Redraw when the opening hand holds fewer Characters of cost <= 3 than P_MULL_MIN;
    with P_MULL_AVG, only when it also holds fewer than the deck's average opening hand
    (rounded down): a hand no worse than a redraw's expectation is kept. The deck is the
    player's own list, which they know."""
    b = p * PSIZE
    cheap = 0
    for h in range(st[b + N_HAND]):
        if _is_cheap_char(ct, st[b + HAND + h]):
            cheap += 1
    need = prm[P_MULL_MIN]
    if prm[P_MULL_AVG] > 0:
        in_deck = 0
        for i in range(st[b + N_DECK]):
            if _is_cheap_char(ct, st[b + DECK + i]):
                in_deck += 1
        total = st[b + N_DECK] + st[b + N_HAND]
        if total > 0:
            need = min(need, ((in_deck + cheap) * st[b + N_HAND]) // total)
    return cheap < need


@kernel
def _is_cheap_char(ct, card):
    return ct[card, C.CATEGORY] == C.CHARACTER and ct[card, C.COST] <= 3


@kernel
def cand_cost(st, ct, c):
    """Cost of candidate c: a Character's current cost on the field (2-7-6: "+12 cost"
    counts), the printed cost elsewhere."""
    z = cand_zone(c)
    if z == Z_FIELD_CHAR or z == Z_FIELD_LC or z == Z_LEADER:
        return field_cost(st, ct, cand_owner(c), cand_index(c))
    return ct[cand_card(st, c), C.COST]


@kernel
def cheapest_char(st, ct, p):
    b = p * PSIZE
    best = -1
    best_key = 1 << 30
    for r in range(NCHAR):
        card = st[b + F_CARD + r]
        if card != EMPTY:
            key = field_cost(st, ct, p, r) * 100000 + ct[card, C.POWER]
            if key < best_key:
                best_key = key
                best = r
    return best


@kernel
def play_choice(st, ct, fx, p, buf, cheapest_first, reserve):
    """Hand index of the card worth playing now, or -1: Characters first (the costliest, or
    the cheapest when `cheapest_first`), then a first Stage, removal with a target, other
    [Main] Events that would gain something now; `reserve` active DON!! are kept for the
    opponent's turn, and those the ① costs of this turn's [When Attacking] abilities
    need (attack_keep)."""
    b = p * PSIZE
    best = -1
    best_score = -1
    reserve += attack_keep(st, ct, fx, p, buf[SCRATCH:])
    full = st[b + N_CHARS] >= NCHAR
    low = -1
    if full:
        low = field_cost(st, ct, p, cheapest_char(st, ct, p))
    for h in range(st[b + N_HAND]):
        if not can_play_from_hand(st, ct, p, h):
            continue
        card = st[b + HAND + h]
        cat = ct[card, C.CATEGORY]
        cost = ct[card, C.COST]
        pay = hand_cost(st, ct, p, h)  # what it costs now (cost changes applied, 2-7-6)
        if pay > st[b + DON_ACTIVE] - reserve:
            continue
        score = -1
        if cat == C.CHARACTER:
            if not full or cost > low:
                score = (20 - cost) * 10 + 5 if cheapest_first else cost * 10 + 5
        elif cat == C.STAGE:
            if st[b + STAGE] == EMPTY:
                score = cost * 10 + 2
        elif event_costs_payable(st, ct, fx, p, h, buf[SCRATCH:]):  # 8-3-1-3
            eff = ct[card, C.MAIN_EFF]
            if (eff == C.EFF_KO_COST_LE or eff == C.EFF_REST_COST_LE
                    or eff == C.EFF_KO_POWER_LE or eff == C.EFF_BOUNCE_COST_LE):
                if effect_targets(st, ct, p, eff, ct[card, C.MAIN_VAL], buf) > 0:
                    score = cost * 10 + 3
            elif eff == C.EFF_POWER_TURN or eff == C.EFF_POWER_BATTLE:
                score = -1
            elif cost * 10 + 1 > best_score and (  # read the program only when it matters
                    not has_timing(fx, card, T_MAIN)
                    or main_event_gains(st, ct, fx, p, card, pay, buf[SCRATCH:], False)):
                score = cost * 10 + 1
                # a free Event paid with DON!! -N waits for the attacks, whose DON!! it may
                # then return (8-3-1-6), unless it changes their battles now or a ramp
                # still to come this turn adds the DON!! back (ramp_back)
                if pay == 0 and has_timing(fx, card, T_MAIN):
                    n = main_don_minus(fx, card)
                    if n > 0 and attacks_left(st, ct, p) and not ramp_back(
                            st, ct, fx, p, n, buf[SCRATCH:]) and not main_event_gains(
                            st, ct, fx, p, card, pay, buf[SCRATCH:], True):
                        score = -1
        if score > best_score:
            best_score = score
            best = h
    return best


@kernel
def block(st, ct, d, prm, rng, s, buf):
    """Block a hit on the Leader when Life is low, or save a valuable Character."""
    a = st[G_ACTIVE]
    t = st[G_TGT]
    pa = power(st, ct, a, st[G_ATT])
    if pa < power(st, ct, d, t):
        return -1
    db = d * PSIZE
    if t == LEADER_REF:
        if st[db + N_LIFE] > prm[P_BLOCK_LIFE]:
            return -1
        limit = 1 << 30
    else:
        tcost = field_cost(st, ct, d, t)
        if tcost < prm[P_SAVE_COST]:
            return -1
        limit = tcost
    best = -1
    best_cost = 1 << 30
    for r in range(NCHAR):
        if is_legal_blocker(st, ct, d, r):
            cost = field_cost(st, ct, d, r)
            if cost < best_cost and cost < limit:
                best_cost = cost
                best = r
    return best


@kernel
def leader_hits(st, ct, a, r):
    """Damage a's card r deals when its attack on the Leader hits: 2 with [Double Attack]."""
    return 2 if slot_kw(st, ct, a, r) & C.KW_DOUBLE_ATTACK else 1


@kernel
def lethal_on_board(st, ct, d):
    """Could the attacking player's attacks this turn beat d: the attack under way and those
    of every card still able to attack, each on d's Leader, take all of d's Life and one of
    them still hit at 0 Life (7-1-4-1-1-1: Double Attack at 1 Life leaves 0, the game goes
    on)?"""
    a = st[G_ACTIVE]
    total = leader_hits(st, ct, a, st[G_ATT])
    least = total
    for r in range(NREF):
        if r != st[G_ATT] and can_attack_with(st, ct, a, r) and \
                can_attack_target(st, ct, a, r, LEADER_REF):
            h = leader_hits(st, ct, a, r)
            total += h
            least = min(least, h)
    return total - least >= st[d * PSIZE + N_LIFE]


@kernel
def counter(st, ct, fx, d, prm, rng, s, buf):
    """Spend the fewest counters that stop the hit, when it matters (on the Leader: at low
    Life, or when the attacks still to come could end the game this turn); a [Counter] Event's
    boost counts only if the attacked card may receive it, and one whose program has costs,
    conditions or more steps (EFF_PROGRAM) for the power it gives now (counter_boost), used
    on its own."""
    a = st[G_ACTIVE]
    t = st[G_TGT]
    need = power(st, ct, a, st[G_ATT]) - power(st, ct, d, t) + 1
    if need <= 0:
        return -1
    db = d * PSIZE
    single_only = True
    if t == LEADER_REF:
        if st[db + N_LIFE] <= prm[P_COUNTER_LIFE] or lethal_on_board(st, ct, d):
            single_only = False
        elif st[db + N_HAND] < prm[P_COUNTER_HAND]:
            return -1
    elif field_cost(st, ct, d, t) < prm[P_SAVE_COST]:
        return -1
    total = 0
    best_cover = -1
    best_cover_key = 1 << 30
    biggest = -1
    biggest_val = 0
    for h in range(st[db + N_HAND]):
        v = counter_value(st, ct, d, h)
        card = st[db + HAND + h]
        ceff = ct[card, C.COUNTER_EFF]
        program = ceff == C.EFF_PROGRAM
        if v >= 1 and program:  # costs, conditions, more steps: the power its program gives
            v = counter_boost(st, ct, fx, d, card, t, hand_cost(st, ct, d, h), buf[SCRATCH:])
        if v <= 1 or (ceff != C.EFF_NONE and ceff != C.EFF_POWER_BATTLE and not program):
            continue
        if ceff == C.EFF_POWER_BATTLE and not counter_reaches(st, ct, fx, d, card, t):
            continue
        is_event = 1 if ct[card, C.CATEGORY] == C.EVENT else 0
        if v >= need:
            key = v * 2 + is_event
            if key < best_cover_key:
                best_cover_key = key
                best_cover = h
        if program:  # alone only: its optional costs are paid where it decides the battle
            continue
        total += v
        if v > biggest_val:
            biggest_val = v
            biggest = h
    if best_cover >= 0:
        return best_cover | (t << 8)
    if single_only or total < need:
        return -1
    return biggest | (t << 8)


@kernel
def use_trigger(st, ct, p, card, prm, rng, s):
    return prm[P_USE_TRIGGER] > 0.5


@kernel
def choose_target(st, ct, p, eff, val, prm, rng, s, cand, n):
    """K.O./rest the costliest candidate; boost the card in battle, else the Leader."""
    if eff == C.EFF_POWER_TURN or eff == C.EFF_POWER_BATTLE:
        if st[G_ATT] != EMPTY:
            mine = st[G_ATT] if st[G_ACTIVE] == p else st[G_TGT]
            for i in range(n):
                if cand[i] == mine:
                    return mine
        return LEADER_REF
    ob = (1 - p) * PSIZE
    best = -1
    best_key = -1
    for i in range(n):
        card = st[ob + F_CARD + cand[i]]
        key = field_cost(st, ct, 1 - p, cand[i]) * 100000 + ct[card, C.POWER]
        if key > best_key:
            best_key = key
            best = cand[i]
    return best


@kernel
def trash_for_space(st, ct, p, prm, rng, s):
    return cheapest_char(st, ct, p)


@kernel
def don_choice(st, ct, fx, p, margin, reserve, buf):
    """Give DON!! first to an attacker whose [DON!! xN] [When Attacking] ① ability needs
    more to be used, keeping the ① active; then to the attacker closest to beating the
    opponent's Leader by `margin`; once every attacker does, the rest to the Leader (or
    another card) if it will attack, keeping `reserve` active DON!! (and the ① costs) and any
    that no attack would use. NO_ACTION when there is nothing to give."""
    b = p * PSIZE
    budget = st[b + DON_ACTIVE] - reserve
    if fx[H_NAB] > 0 and (st[G_FX_NO_TM + p] >> T_WHEN_ATTACKING) & 1 == 0:
        keep = 0
        for r in range(NREF):
            card = st[b + F_CARD + r]
            if card == EMPTY or not has_timing(fx, card, T_WHEN_ATTACKING) or \
                    not can_attack_with(st, ct, p, r):
                continue
            give, k = attack_ability_needs(st, ct, fx, p, r, buf[SCRATCH:])
            if give > 0 and give + k <= budget - keep:
                return encode(A_DON, r, give)
            keep += k
        budget -= keep
    if budget <= 0:
        return NO_ACTION
    need = power(st, ct, 1 - p, LEADER_REF) + margin
    best_r = -1
    best_def = 1 << 30
    any_attacker = -1
    for r in range(NREF):
        if can_attack_with(st, ct, p, r):
            any_attacker = r
            d = need - power(st, ct, p, r)
            if 0 < d < best_def and (d + 999) // 1000 <= budget and \
                    can_attack_target(st, ct, p, r, LEADER_REF):
                best_def = d
                best_r = r
    if best_r >= 0:
        return encode(A_DON, best_r, (best_def + 999) // 1000)
    if any_attacker >= 0:  # the rest to a card that will attack: else they stay active
        spare = LEADER_REF if would_attack_with(st, ct, p, LEADER_REF, 1000 * budget) else -1
        for r in range(NREF):
            if spare < 0 and would_attack_with(st, ct, p, r, 1000 * budget):
                spare = r
        if spare >= 0:
            return encode(A_DON, spare, budget)
    return NO_ACTION


@kernel
def strongest_on(st, ct, p, t):
    """p's strongest card that can still attack and may attack the opponent's t (a
    [Rush: Character] card played this turn may not attack the Leader), or -1."""
    best = -1
    best_pow = -(1 << 30)
    for r in range(NREF):
        if can_attack_with(st, ct, p, r) and can_attack_target(st, ct, p, r, t):
            pw = power(st, ct, p, r)
            if pw > best_pow:
                best_pow = pw
                best = r
    return best


@kernel
def attack_choice(st, ct, p, ko_min_cost, leader_only):
    """Against the Leader, the strongest attacker that may attack it, when the opponent has 1
    Life or less and it beats the Leader; else against the costliest rested Character that
    the strongest attacker which may attack it beats (current cost at least
    `ko_min_cost`), else the Leader if its strongest attacker beats it, else any rested
    Character an attacker beats. Each target is weighed with the attackers that may attack
    it (7-1-1-2, [Rush: Character])."""
    o = 1 - p
    lead = strongest_on(st, ct, p, LEADER_REF)
    beats_leader = lead >= 0 and power(st, ct, p, lead) >= power(st, ct, o, LEADER_REF)
    if st[o * PSIZE + N_LIFE] <= 1 and beats_leader:
        return encode(A_ATTACK, lead, LEADER_REF)  # a hit at 1 Life or less nears the win
    if not leader_only:
        best_t = -1
        best_a = -1
        best_cost = -1
        for t in range(NCHAR):
            att = strongest_on(st, ct, p, t)
            if att >= 0 and power(st, ct, o, t) <= power(st, ct, p, att):
                cost = field_cost(st, ct, o, t)
                if cost >= ko_min_cost and cost > best_cost:
                    best_cost = cost
                    best_t = t
                    best_a = att
        if best_t >= 0:
            return encode(A_ATTACK, best_a, best_t)
    if beats_leader:
        return encode(A_ATTACK, lead, LEADER_REF)
    if not leader_only:
        for t in range(NCHAR):
            att = strongest_on(st, ct, p, t)
            if att >= 0 and power(st, ct, o, t) <= power(st, ct, p, att):
                return encode(A_ATTACK, att, t)
    return encode(A_END, 0, 0)


@kernel
def redirect_key(st, ct, p, c):
    """How good p's card c is as the new target of the opponent's attack (OP_RETARGET): one
    the attacker's power does not reach (the attack fails), the strongest first; else the
    current target (nothing changes), before the others."""
    if cand_owner(c) != p or st[G_ATT] == EMPTY:
        return -(1 << 20)
    r = cand_index(c)
    pw = power(st, ct, p, r)
    if pw > power(st, ct, 1 - p, st[G_ATT]):  # the attacker wins ties (7-1-4-1)
        return (1 << 24) + pw
    return 1 << 20 if r == st[G_TGT] else -pw


@kernel
def worth_paying(st, ct, fx, p, ab, src_card, src_ref, buf):
    """Pay the optional cost of ability ab (and so activate it)? Yes, unless what it does
    gains nothing now: all of it under a condition that does not hold, when no cost could
    change that ("If you have activated an Event ... during this turn, draw 1 card"); the
    next play of a card made
    cheaper with no such card in hand; a play from the hand or trash with no card to play;
    the attack moved when the current target already survives it, or when no card it may
    move to would."""
    pc = ab_get(fx, ab, AB_PC)
    end = pc + ab_get(fx, ab, AB_NCODE)
    if end > pc and ab_get(fx, ab, AB_NCOST) == 0 and code_get(fx, pc, 0) == OP_SKIP_UNLESS \
            and (code_get(fx, pc, 2) < 0 or pc + 1 + code_get(fx, pc, 2) >= end) \
            and not cond_holds(st, ct, fx, code_get(fx, pc, 1), p, src_card, src_ref, buf):
        return False
    for row in range(pc, end):
        op = code_get(fx, row, 0)
        if op == OP_NEXT_PLAY_CUT:  # only with such a card in hand
            for h in range(st[p * PSIZE + N_HAND]):
                if cut_applies(st, ct, fx, p, code_get(fx, row, 2), h):
                    return True
            return False
        if op == OP_PLAY_FROM and ab_get(fx, ab, AB_NCODE) == 1:  # its only action
            return candidates(st, ct, fx, code_get(fx, row, 1), p, src_card, src_ref,
                              buf) > 0
        if op == OP_RETARGET and row > pc and code_get(fx, row - 1, 0) == OP_SEL:
            if st[G_ATT] == EMPTY:
                return False
            ap = power(st, ct, 1 - p, st[G_ATT])
            if power(st, ct, p, st[G_TGT]) > ap:  # the attack fails as it is (7-1-4-1)
                return False
            n = candidates(st, ct, fx, code_get(fx, row - 1, 1), p, src_card, src_ref, buf)
            for i in range(n):
                if cand_owner(buf[i]) == p and power(st, ct, p, cand_index(buf[i])) > ap:
                    return True
            return False
    return gains_now(st, ct, fx, p, ab, src_card, src_ref, buf, False)


@kernel
def changeable(st, c, op):
    """Would on-selection op change candidate c? A field card that an effect of the
    opponent may not K.O., remove or rest, a rested card rested again, an active one set
    active: no (8-4-4: the effect then does nothing to it). Anything else: yes."""
    z = cand_zone(c)
    if z != Z_FIELD_CHAR and z != Z_FIELD_LC and z != Z_LEADER:
        return True
    f = cand_owner(c) * PSIZE + cand_index(c)
    kw = st[f + F_XKW]
    if op == OP_KO:
        return (kw & (PR_NO_KO_EFFECT | PR_NO_REMOVE_EFFECT)) == 0
    if op == OP_TO_HAND or op == OP_TO_DECK or op == OP_TRASH or op == OP_TO_LIFE:
        return (kw & PR_NO_REMOVE_EFFECT) == 0
    if op == OP_REST:
        return st[f + F_RESTED] == 0 and (kw & PR_NO_REST) == 0
    if op == OP_SET_ACTIVE:
        return st[f + F_RESTED] != 0
    return True


@kernel
def power_decides(st, ct, p, c, delta):
    """Does giving field card c `delta` power decide a battle for p: the battle going on
    (p's card in it wins, or the opponent's loses, only with it; or p's attack on the
    Leader, which already hits, gains PRESSURE or more while the opponent holds cards to
    counter with: they must spend more of them, 7-1-3), or one of p's attackers that can
    still attack this turn beats an opponent's Character it may attack only with it?"""
    z = cand_zone(c)
    if z != Z_FIELD_CHAR and z != Z_FIELD_LC and z != Z_LEADER:
        return False
    o = cand_owner(c)
    r = cand_index(c)
    if st[G_ATT] != EMPTY:
        a = st[G_ACTIVE]
        side = st[G_ATT] if o == a else st[G_TGT]
        if r == side:
            pa = power(st, ct, a, st[G_ATT])
            pt = power(st, ct, 1 - a, st[G_TGT])
            hits = pa >= pt  # the attacker wins ties (7-1-4-1)
            if o == a:
                pa += delta
            else:
                pt += delta
            if (pa >= pt) != hits and (pa >= pt) == (a == p):
                return True
            return o == p and a == p and hits and delta >= PRESSURE and \
                st[G_TGT] == LEADER_REF and st[(1 - p) * PSIZE + N_HAND] > 0
    if o == p or st[G_ACTIVE] != p or delta >= 0:
        return False
    pc = power(st, ct, o, r)
    for k in range(NREF):
        if can_attack_with(st, ct, p, k) and can_attack_target(st, ct, p, k, r):
            pk = power(st, ct, p, k)
            if pk < pc and pk >= pc + delta:
                return True
    return False


@kernel
def rest_decides(st, ct, p, c):
    """Does resting the opponent's field card c on p's turn let one of p's attackers still
    able to attack beat it (7-1-1-2: only a rested Character may be attacked)?"""
    z = cand_zone(c)
    o = cand_owner(c)
    if o == p or st[G_ACTIVE] != p or st[G_ATT] != EMPTY or \
            (z != Z_FIELD_CHAR and z != Z_FIELD_LC) or cand_index(c) == LEADER_REF:
        return False
    pc = power(st, ct, o, cand_index(c))
    for k in range(NREF):
        if can_attack_with(st, ct, p, k) and power(st, ct, p, k) >= pc:
            return True
    return False


@kernel
def don_watched(st, ct, fx, p, buf):
    """Would one of p's cards on the field act now if a DON!! card were returned to the DON!!
    deck (then DON!! -N is itself a gain)? Its "when a DON!! card ... is returned" ability
    must be able to resolve: not yet used this turn if [Once Per Turn] (10-2-13), not
    negated, its conditions holding ([Your Turn] on the opponent's turn does not)."""
    for k in range(NREF + 1):
        ref = source_ref(k)
        card = source_card(st, p, ref)
        if card == EMPTY or not has_timing(fx, card, T_DON_RETURNED):
            continue
        if 0 <= ref < NREF and negated(st, p, ref):
            continue
        for ab in range(fx[fx[H_CARD_AB] + card], fx[fx[H_CARD_AB] + card + 1]):
            if ab_get(fx, ab, AB_TIMING) == T_DON_RETURNED \
                    and not once_spent(st, fx, ab, p, ref) \
                    and conds_hold(st, ct, fx, ab, p, card, ref, buf):
                return True
    return False


@kernel
def paid_with_a_card(fx, ab):
    """Does ability ab cost a card: one trashed or returned from the hand, one of p's
    Characters trashed, K.O.'d or sent to the deck, a Life card trashed?"""
    cost0 = ab_get(fx, ab, AB_COST0)
    for row in range(cost0, cost0 + ab_get(fx, ab, AB_NCOST)):
        op = code_get(fx, row, 0)
        if op == OP_C_TRASH_HAND or op == OP_C_HAND_TO_DECK or op == OP_C_TRASH_OWN \
                or op == OP_C_KO_OWN or op == OP_C_BOTTOM_OWN or op == OP_C_TRASH_LIFE \
                or op == OP_C_TRASH_OWN_OR_HAND:
            return True
    return False


@kernel
def due_back(st, p, n):
    """Would n of p's DON!! cards go back to the DON!! deck at the end of this turn anyway (an
    effect returns DON!! then until p has as many as the opponent, EOT_DON_MATCH)? Then
    DON!! -n now costs nothing."""
    return st[p * PSIZE + EOT_DON_MATCH] != 0 and \
        don_on_field(st, p) - n >= don_on_field(st, 1 - p)


@kernel
def ramp_back(st, ct, fx, p, n, buf):
    """Would n DON!! cards returned now come back this turn: on p's turn, an [Activate:
    Main] ability of p's not used this turn that can be activated adds at least as many
    DON!! from the DON!! deck as it will then hold (the Leader or Character whose ramp the
    deck's DON!! -N are built around)?"""
    if st[G_ACTIVE] != p or fx[H_NAB] == 0 or (st[G_FX_NO_TM + p] >> T_ACTIVATE_MAIN) & 1:
        return False
    need = st[p * PSIZE + DON_DECK] + n
    b = p * PSIZE
    for k in range(NREF + 1):
        r = STAGE_REF if k == NREF else k
        card = st[b + STAGE] if k == NREF else st[b + F_CARD + k]
        if card == EMPTY or (fx[fx[H_CARD_TM] + card] >> T_ACTIVATE_MAIN) & 1 == 0:
            continue
        used = used_bits(st, p, r)
        first = fx[fx[H_CARD_AB] + card]
        for j in range(fx[fx[H_CARD_AB] + card + 1] - first):
            ab = first + j
            if (used >> ab_slot(fx, ab)) & 1 != 0 or ab_get(fx, ab, AB_TIMING) != T_ACTIVATE_MAIN:
                continue
            adds = 0
            pc = ab_get(fx, ab, AB_PC)
            for row in range(pc, pc + ab_get(fx, ab, AB_NCODE)):
                if code_get(fx, row, 0) == OP_DON_ADD:
                    adds += code_get(fx, row, 1)
            if adds >= need and can_activate(st, ct, fx, p, r, j, buf):
                return True
    return False


@kernel
def don_turns_lost(st, p, n):
    """DON!! cards p has fewer over its next DON!! Phases, summed, after DON!! -n now: each
    Phase adds 2 from the DON!! deck while it holds some (6-4), so n returned early leave p
    n short until the deck without them would have run out."""
    d = st[p * PSIZE + DON_DECK]
    lost = 0
    for k in range(1, 11):
        lost += n - (min(2 * k, d + n) - min(2 * k, d))
    return lost


@kernel
def strips_attacker(st, ct, p, n):
    """Would DON!! -n on p's turn take DON!! given to a card that can still attack? The
    rested and active DON!! of the cost area go first (interp.don_minus), then given ones:
    power an attack this turn was to use."""
    b = p * PSIZE
    if st[G_ACTIVE] != p or st[b + DON_RESTED] + st[b + DON_ACTIVE] >= n:
        return False
    for r in range(NREF):
        if st[b + F_DON + r] > 0 and can_attack_with(st, ct, p, r):
            return True
    return False


@kernel
def gains_now(st, ct, fx, p, ab, src_card, src_ref, buf, fights=False):
    """Would ability ab of p's card change anything if it resolved now? Read from its
    program: a step on selected cards gains only when one of the candidates is a card the
    step can change (changeable); a play or a return from the trash only when there is a
    card to take; "your opponent trashes" only when they hold cards; a step under a
    condition that fails now is skipped (as the interpreter would); any other step (a draw,
    a look, DON!! added, damage, ...) gains. Power that lasts this battle, or is bought with
    DON!! -N that the next DON!! Phase does not give back, gains only where it decides a
    battle (power_decides); such DON!! -N buys a rest only of a card p's attackers then beat
    (rest_decides), and no draw or look. DON!! -N paid while a card watches for DON!!
    returned gains by itself; DON!! -N that would take DON!! from a card yet to attack
    gains nothing. DON!! added gain only while the DON!! deck holds some; DON!! returned at
    the end of the turn down to the opponent's count, only while p has no more than the
    opponent (else p's own go too). On p's own turn outside a battle, power or [Double
    Attack], [Banish] or [Unblockable] for this turn gains only on a card of p's that can
    still attack, [Unblockable] only while the opponent has a [Blocker] that could block,
    and DON!! given only to a card they help (don_gains) while there are some to give.
    DON!! -N that leaves p short for SETBACK_TURNS turns buys nothing on its
    own turn. `fights`: only what changes the field's battles counts (a draw or a look does
    not), as for DON!! lost for turns."""
    cost0 = ab_get(fx, ab, AB_COST0)
    # DON!! -N costs DON!! for turns while the DON!! deck holds more than the next DON!!
    # Phase gives back (6-4: 2); then it is paid only for a step that matters
    pricey = fights
    for row in range(cost0, cost0 + ab_get(fx, ab, AB_NCOST)):
        if code_get(fx, row, 0) == OP_C_DON_MINUS:
            if strips_attacker(st, ct, p, code_get(fx, row, 1)):
                return False
            if don_watched(st, ct, fx, p, buf):
                return True
            n = code_get(fx, row, 1)
            if due_back(st, p, n) or ramp_back(st, ct, fx, p, n, buf):
                continue
            if st[G_ACTIVE] == p and don_turns_lost(st, p, n) >= SETBACK_TURNS * n:
                return False  # short for turns: nothing on p's own turn is worth it
            pricey = pricey or st[p * PSIZE + DON_DECK] + n > 2
    # a card paid from the hand or the field (or DON!! for turns): power bought with it
    # only where it decides a battle
    dear = pricey or paid_with_a_card(fx, ab)
    pc = ab_get(fx, ab, AB_PC)
    end = pc + ab_get(fx, ab, AB_NCODE)
    for row in range(pc, end):  # DON!! returned at the end of the turn down to the
        if code_get(fx, row, 0) == OP_DON_MINUS and code_get(fx, row, 2) == 1 \
                and don_on_field(st, p) > don_on_field(st, 1 - p):  # opponent's count
            return False  # would take p's own DON!! too: a cost, not a gain
    sel_f = -2  # the selection: -2 none, -1 a card that is there, >= 0 a filter row
    sel_c = -1
    add_f = -2  # a second filter (OP_SEL_ADD)
    row = pc
    while row < end:
        op = code_get(fx, row, 0)
        a = code_get(fx, row, 1)
        row += 1
        if op == OP_SKIP_UNLESS:
            if cond_get(fx, a, CD_KIND) != CK_OK and \
                    not cond_holds(st, ct, fx, a, p, src_card, src_ref, buf):
                skip = code_get(fx, row - 1, 2)
                row = end if skip < 0 else row + skip
        elif op == OP_SEL or op == OP_SEL_ALL:
            sel_f = a
            add_f = -2
        elif op == OP_SEL_ADD:
            add_f = a
        elif op == OP_SEL_BATTLE:  # p's card in the battle (a=0) or the opponent's
            sel_f = -1 if st[G_ATT] != EMPTY else -2
            sel_c = -1
            if st[G_ATT] != EMPTY:
                o = p if a == 0 else 1 - p
                sel_c = cand_encode(o, Z_FIELD_LC, st[G_ATT] if o == st[G_ACTIVE] else st[G_TGT])
        elif op >> 4 == 1:  # the source card, a Leader
            sel_f = -1
            sel_c = -1  # that card as a candidate, where power_decides can weigh it
            if op == OP_SEL_LEADER:
                sel_c = cand_encode(p if a == OWN_SELF else 1 - p, Z_LEADER, LEADER_REF)
            elif op == OP_SEL_SELF and 0 <= src_ref < NREF:
                sel_c = cand_encode(p, Z_FIELD_CHAR, src_ref)
        elif op >> 4 == 2:  # a step on the selected cards
            # power alone, paid with a card or DON!! -N or lasting this battle only: a gain
            # only where it decides a battle; a rest paid with DON!! -N, only of a card p
            # then attacks
            weak = op == OP_POWER and (dear or code_get(fx, row - 1, 2) == D_BATTLE)
            # outside a battle on p's own turn, power or an attacking keyword for this turn
            # helps only a card of p's that can still attack (7-1-1)
            att = st[G_ACTIVE] == p and st[G_ATT] == EMPTY and \
                code_get(fx, row - 1, 2) <= D_TURN and \
                ((op == OP_POWER and a > 0) or (op == OP_GRANT and (a & ATTACK_KW) == a))
            if att and op == OP_GRANT and a == C.KW_UNBLOCKABLE and \
                    not has_legal_blocker(st, ct, 1 - p):
                continue  # no [Blocker] of the opponent's could block it (7-1-2-1)
            # DON!! given on p's own turn: only to a card they help (don_gains), and only
            # while p has DON!! of the kind to give (6-5-5)
            give = op == OP_GIVE_DON and code_get(fx, row - 1, 3) != OWN_OPP and \
                st[G_ACTIVE] == p and st[G_ATT] == EMPTY
            if give and st[p * PSIZE + (DON_RESTED if code_get(fx, row - 1, 2) == 1
                                        else DON_ACTIVE)] == 0:
                continue
            if sel_f == -1:
                if give:
                    if sel_c >= 0 and don_gains(st, ct, fx, p, sel_c):
                        return True
                    continue
                if att:
                    if sel_c >= 0 and cand_owner(sel_c) == p and \
                            can_attack_with(st, ct, p, cand_index(sel_c)):
                        return True
                    continue
                if not weak or (sel_c >= 0 and power_decides(st, ct, p, sel_c, a)):
                    return True
                continue
            rest = pricey and op == OP_REST
            for f in (sel_f, add_f):
                if f >= 0:
                    n = candidates(st, ct, fx, f, p, src_card, src_ref, buf)
                    for i in range(n):
                        if give and not don_gains(st, ct, fx, p, buf[i]):
                            continue
                        if att and not (cand_owner(buf[i]) == p and (
                                cand_zone(buf[i]) == Z_FIELD_CHAR
                                or cand_zone(buf[i]) == Z_FIELD_LC
                                or cand_zone(buf[i]) == Z_LEADER)
                                and can_attack_with(st, ct, p, cand_index(buf[i]))):
                            continue
                        if changeable(st, buf[i], op) and \
                                (not weak or power_decides(st, ct, p, buf[i], a)) and \
                                (not rest or rest_decides(st, ct, p, buf[i])):
                            return True
        elif op >> 4 == 0:  # flow: "you may", "if you do", "choose one"
            continue
        elif op == OP_PLAY_FROM or op == OP_TRASH_TO_HAND:
            if candidates(st, ct, fx, a, p, src_card, src_ref, buf) > 0:
                return True
        elif op == OP_OPP_TRASH_HAND:
            if st[(1 - p) * PSIZE + N_HAND] > 0:
                return True
        elif op == OP_DON_ACTIVE:
            if st[p * PSIZE + DON_RESTED] > 0:
                return True
        elif op == OP_DON_ADD:  # only while the DON!! deck holds cards
            if st[p * PSIZE + DON_DECK] > 0 and not pricey:
                return True
        elif op == OP_BAN_PLAY or op == OP_SHUFFLE or op == OP_REST_TO or op == OP_DON_MINUS \
                or (op == OP_DON_REST and code_get(fx, row - 1, 3) != OWN_OPP):
            continue  # a drawback or a clean-up, not a gain
        elif not pricey:  # any number, an attack moved: weighed where they are chosen; the
            return True  # rest (a draw, a look, ...) gains, but not DON!! lost for turns
    return False


@kernel
def don_x(fx, ab):
    """The N of ability ab's [DON!! xN] (DON!! cards given to its card, 10-2-9), 0 without."""
    k = 0
    c0 = ab_get(fx, ab, AB_COND0)
    for c in range(c0, c0 + ab_get(fx, ab, AB_NCOND)):
        if cond_get(fx, c, CD_KIND) == CK_DON_GIVEN_SELF:
            k = max(k, cond_get(fx, c, CD_VALUE))
    return k


@kernel
def don_gains(st, ct, fx, p, c):
    """On p's own turn, would DON!! given now to candidate c gain something: c is p's card
    that can still attack (+1000 power each, 6-5-5-2), or one with a [DON!! xN] ability
    (10-2-9)? Given DON!! stay until p's next Refresh Phase, so none else."""
    z = cand_zone(c)
    if cand_owner(c) != p or (z != Z_FIELD_CHAR and z != Z_FIELD_LC and z != Z_LEADER):
        return False
    if can_attack_with(st, ct, p, cand_index(c)):
        return True
    card = cand_card(st, c)
    for ab in range(fx[fx[H_CARD_AB] + card], fx[fx[H_CARD_AB] + card + 1]):
        if don_x(fx, ab) > 0:
            return True
    return False


@kernel
def attack_ability_needs(st, ct, fx, p, r, buf):
    """For p's card at ref r: (DON!! still to give it, active DON!! to keep) so that its
    [DON!! xN] [When Attacking] abilities with a cost of resting DON!! (①) can be paid when
    it attacks; (0, 0) when it has none that would gain something now."""
    b = p * PSIZE
    card = st[b + F_CARD + r]
    give = 0
    keep = 0
    first = fx[fx[H_CARD_AB] + card]
    for ab in range(first, fx[fx[H_CARD_AB] + card + 1]):
        if ab_get(fx, ab, AB_TIMING) != T_WHEN_ATTACKING:
            continue
        n = 0
        cost0 = ab_get(fx, ab, AB_COST0)
        for row in range(cost0, cost0 + ab_get(fx, ab, AB_NCOST)):
            if code_get(fx, row, 0) == OP_C_REST_DON:
                n += code_get(fx, row, 1)
        if n == 0:
            continue
        k = don_x(fx, ab)
        if not gains_now(st, ct, fx, p, ab, card, r, buf, False):
            continue
        give = max(give, k - st[b + F_DON + r])
        keep += n
    return give, keep


@kernel
def draw_attack(st, ct, fx, p):
    """p's card that beats the opponent's Leader now and whose [When Attacking] ability draws
    (with no [DON!! xN] still to give): attacked with before the plays, so that the cards it
    draws can be played this turn; -1 if none."""
    if fx[H_NAB] == 0 or (st[G_FX_NO_TM + p] >> T_WHEN_ATTACKING) & 1:
        return -1
    b = p * PSIZE
    for r in range(NREF):
        card = st[b + F_CARD + r]
        if card == EMPTY or not has_timing(fx, card, T_WHEN_ATTACKING) or \
                not can_attack_with(st, ct, p, r) or \
                not can_attack_target(st, ct, p, r, LEADER_REF) or \
                power(st, ct, p, r) < power(st, ct, 1 - p, LEADER_REF):
            continue
        first = fx[fx[H_CARD_AB] + card]
        for ab in range(first, fx[fx[H_CARD_AB] + card + 1]):
            if ab_get(fx, ab, AB_TIMING) != T_WHEN_ATTACKING:
                continue
            if don_x(fx, ab) > st[b + F_DON + r]:
                continue
            pc = ab_get(fx, ab, AB_PC)
            for row in range(pc, pc + ab_get(fx, ab, AB_NCODE)):
                if code_get(fx, row, 0) == OP_DRAW:
                    return r
    return -1


@kernel
def ability_attack(st, ct, fx, p, buf):
    """An attack made for its [When Attacking] ability, once no attack would win its battle:
    by the Leader (losing the battle costs it nothing, 7-1-4-1), else by the cheapest
    Character, whose [When Attacking] ability would gain something now (gains_now, its
    [DON!! xN] met), on the opponent's Leader; -1 if none."""
    if fx[H_NAB] == 0 or (st[G_FX_NO_TM + p] >> T_WHEN_ATTACKING) & 1:
        return -1
    b = p * PSIZE
    best = -1
    best_cost = 1 << 30
    for r in range(NREF):
        card = st[b + F_CARD + r]
        if card == EMPTY or not has_timing(fx, card, T_WHEN_ATTACKING) or \
                not can_attack_with(st, ct, p, r) or \
                not can_attack_target(st, ct, p, r, LEADER_REF):
            continue
        cost = -1 if r == LEADER_REF else field_cost(st, ct, p, r)
        if cost >= best_cost:
            continue
        first = fx[fx[H_CARD_AB] + card]
        for ab in range(first, fx[fx[H_CARD_AB] + card + 1]):
            if ab_get(fx, ab, AB_TIMING) != T_WHEN_ATTACKING:
                continue
            if don_x(fx, ab) <= st[b + F_DON + r] and \
                    gains_now(st, ct, fx, p, ab, card, r, buf, False):
                best = r
                best_cost = cost
                break
    return best


@kernel
def attack_keep(st, ct, fx, p, buf):
    """Active DON!! p keeps back from card plays in its Main Phase so that one of its cards
    that can attack this turn gets the N DON!! of its [DON!! xN] [When Attacking] ability
    and the ① to pay it (the deck is built to use it): the most any one attacker needs, once
    p's active DON!! cover it with KEEP_SPARE to spare for a play (a turn's DON!! go to the
    board first); else 0."""
    if fx[H_NAB] == 0 or (st[G_FX_NO_TM + p] >> T_WHEN_ATTACKING) & 1:
        return 0
    keep = 0
    for r in range(NREF):
        card = st[p * PSIZE + F_CARD + r]
        if card != EMPTY and has_timing(fx, card, T_WHEN_ATTACKING) and \
                can_attack_with(st, ct, p, r):
            give, k = attack_ability_needs(st, ct, fx, p, r, buf)
            if k > 0 and give + k + KEEP_SPARE <= st[p * PSIZE + DON_ACTIVE]:
                keep = max(keep, give + k)
    return keep


@kernel
def main_event_gains(st, ct, fx, p, card, spend, buf, fights=False):
    """Would the [Main] of Event card, compiled from its text, gain something now, its
    costs paid from what is left after `spend` active DON!! pay for the card (`fights`:
    something for the field's battles, gains_now)?"""
    first = fx[fx[H_CARD_AB] + card]
    for ab in range(first, fx[fx[H_CARD_AB] + card + 1]):
        if ab_get(fx, ab, AB_TIMING) != T_MAIN:
            continue
        payable = True
        cost0 = ab_get(fx, ab, AB_COST0)
        for row in range(cost0, cost0 + ab_get(fx, ab, AB_NCOST)):
            if code_get(fx, row, 0) == OP_C_REST_DON:
                payable = payable and st[p * PSIZE + DON_ACTIVE] - spend >= code_get(fx, row, 1)
            else:
                payable = payable and can_pay(st, ct, fx, row, p, card, -1, buf)
        if payable and not rests_an_attacker(st, ct, fx, p, ab, card, -1, buf) and \
                gains_now(st, ct, fx, p, ab, card, -1, buf, fights):
            return True
    return False


@kernel
def main_don_minus(fx, card):
    """The N of the DON!! -N costs of the [Main] of Event card (0: none)."""
    n = 0
    first = fx[fx[H_CARD_AB] + card]
    for ab in range(first, fx[fx[H_CARD_AB] + card + 1]):
        if ab_get(fx, ab, AB_TIMING) == T_MAIN:
            cost0 = ab_get(fx, ab, AB_COST0)
            for row in range(cost0, cost0 + ab_get(fx, ab, AB_NCOST)):
                if code_get(fx, row, 0) == OP_C_DON_MINUS:
                    n += code_get(fx, row, 1)
    return n


@kernel
def attacks_left(st, ct, p):
    """Has p an attacker that would still attack (would_attack)?"""
    for r in range(NREF):
        if would_attack(st, ct, p, r):
            return True
    return False


@kernel
def would_attack(st, ct, p, r):
    """Can p's card r still attack, and does it beat the opponent's Leader or a rested
    Character it may attack (an attack attack_choice would make)?"""
    return would_attack_with(st, ct, p, r, 0)


@kernel
def would_attack_with(st, ct, p, r, extra):
    """would_attack, with `extra` more power on p's card r (DON!! about to be given)."""
    if not can_attack_with(st, ct, p, r):
        return False
    o = 1 - p
    pw = power(st, ct, p, r) + extra
    if pw >= power(st, ct, o, LEADER_REF) and can_attack_target(st, ct, p, r, LEADER_REF):
        return True
    for t in range(NCHAR):
        if can_attack_target(st, ct, p, r, t) and power(st, ct, o, t) <= pw:
            return True
    return False


@kernel
def how_many(st, ct, p, receiver, cand, n):
    """Q_HOW_MANY ("any number"; cand[i] is the power i of them give, to p's card at ref
    `receiver`, -1 when chosen later): in a battle, the fewest that make p's side win it;
    none outside a battle, when the card gaining the power is not in it, or when no number
    does."""
    if st[G_ATT] == EMPTY:
        return 0
    if receiver >= 0 and receiver != (st[G_ATT] if st[G_ACTIVE] == p else st[G_TGT]):
        return 0
    a = st[G_ACTIVE]
    pa = power(st, ct, a, st[G_ATT])
    pt = power(st, ct, 1 - a, st[G_TGT])
    need = pt - pa if a == p else pa - pt + 1  # the attacker wins ties (7-1-4-1)
    if need <= 0:
        return 0
    for i in range(n):
        if cand[i] >= need:
            return i
    return 0


@kernel
def choose(st, ct, p, q, intent, prm, rng, s, cand, n, upto):
    """An effect's choice among n candidates (legal.cand_*), or -1 for none when `upto`:
    remove or weaken the opponent's card in the battle, else its costliest card (current
    cost); help the own card in battle, else the Leader, else (on p's turn) the strongest
    that can still attack, one with [Double Attack] first, else the strongest; add the
    costliest card from a
    look window; pay a cost with the card of least value (cost, then counter; to rest,
    one that would not attack this turn first, the Leader last); look at the
    opponent's top Life card and put a [Trigger] there at the bottom, keep one's own
    [Trigger] on top; of looked-at cards, send to the bottom those next turn's DON!! cannot
    pay."""
    if q == Q_MODE:
        return 0  # "Choose one": the first option
    if q == Q_HOW_MANY:
        return how_many(st, ct, p, (intent >> INTENT_OP_SHIFT) - 1, cand, n)
    op = intent >> INTENT_OP_SHIFT  # INTENT_HARM: what will be done to the card (0: unsaid)
    intent &= INTENT_MASK
    if q == Q_LIFE_LOOK:  # the opponent's top Life card if they have one (before seeing it)
        for i in range(n):
            if cand_owner(cand[i]) != p:
                return i
        return 0
    if q == Q_LIFE_BOTTOM:  # away from the top: the opponent's [Trigger], one's own blank
        return 0 if (intent == 1) == (cand_owner(cand[0]) != p) else -1
    best = -1
    best_key = -(1 << 30)
    don = st[p * PSIZE + DON_ACTIVE] + st[p * PSIZE + DON_RESTED] + 2
    for i in range(n):
        c = cand[i]
        card = cand_card(st, c)
        if q == Q_ORDER_BOTTOM:  # keep on top what next turn's DON!! can play
            key = ct[card, C.COST] - don
        elif q == Q_PICK:
            key = ct[card, C.COST]
        elif q == Q_COST_CARD:
            key = -(cand_cost(st, ct, c) * 100 + ct[card, C.COUNTER] // 1000)
            if (op == OP_C_REST_OWN_OR_DON or op == OP_C_REST_OWN) and cand_owner(c) == p \
                    and cand_zone(c) != Z_STAGE and st[G_ACTIVE] == p and \
                    would_attack(st, ct, p, cand_index(c)):
                key -= 1 << 22  # rested, it could no longer attack this turn
                if cand_index(c) == LEADER_REF:
                    key -= 1 << 21  # the Leader's attack kept before a Character's
        elif intent == INTENT_REDIRECT:
            key = redirect_key(st, ct, p, c)
        elif intent == INTENT_HARM:
            key = cand_cost(st, ct, c) * 100000 + ct[card, C.POWER]
            if cand_owner(c) == p:
                key = -key - 1
            elif op != 0 and not changeable(st, c, op):
                key = -(1 << 28)  # the step would not change it: none with "up to"
            elif st[G_ATT] != EMPTY and (cand_zone(c) == Z_FIELD_CHAR or cand_zone(c) == Z_FIELD_LC
                                         or cand_zone(c) == Z_LEADER) \
                    and cand_index(c) == (st[G_TGT] if st[G_ACTIVE] == p else st[G_ATT]):
                key = 1 << 26  # in a battle, the opponent's card in it first
        else:
            key = ct[card, C.POWER]
            if cand_owner(c) != p:
                key = -(1 << 20)
            elif cand_zone(c) != Z_HAND and cand_zone(c) != Z_LOOK:
                r = cand_index(c)
                mine = -1
                if st[G_ATT] != EMPTY:
                    mine = st[G_ATT] if st[G_ACTIVE] == p else st[G_TGT]
                if r == mine:
                    key = 1 << 25
                elif r == LEADER_REF:
                    key = 1 << 24
                elif mine < 0 and st[G_ACTIVE] == p and (cand_zone(c) == Z_FIELD_CHAR
                                                            or cand_zone(c) == Z_FIELD_LC) \
                        and can_attack_with(st, ct, p, r):
                    key += 1 << 22  # on p's turn, a card that will still attack first
                    if leader_hits(st, ct, p, r) == 2:
                        key += 1 << 21  # [Double Attack]: its hit on the Leader is worth 2
        if key > best_key:
            best_key = key
            best = i
    if upto and best_key < 0 and q == Q_TARGET:
        return -1
    if q == Q_ORDER_BOTTOM and best_key <= 0:
        return -1
    return best


@kernel
def order(st, ct, p, q, prm, rng, s, cand, n):
    """Cards placed together (3-1-7): nearest the top the costliest card next turn's DON!!
    can pay, then the cheaper ones, then those it cannot pay, cheapest first (a stable
    sort)."""
    don = st[p * PSIZE + DON_ACTIVE] + st[p * PSIZE + DON_RESTED] + 2
    for i in range(1, n):
        c = cand[i]
        cost = ct[cand_card(st, c), C.COST]
        key = cost if cost <= don else -cost
        j = i - 1
        while j >= 0:
            other = ct[cand_card(st, cand[j]), C.COST]
            if (other if other <= don else -other) >= key:
                break
            cand[j + 1] = cand[j]
            j -= 1
        cand[j + 1] = c


@kernel
def confirm(st, ct, p, q, prm, rng, s):
    """Pay an optional cost, use a "you may": yes."""
    return True


@kernel
def adds_don(fx, ab):
    """Does ability ab only add DON!! cards or set them active (and return them at the end
    of the turn), paying no DON!! for it? Used before any card is played, its DON!! pay for
    the plays; one that also does something else (gives DON!!, draws, ...) waits until
    after the plays, where that step can reach the cards played."""
    cost0 = ab_get(fx, ab, AB_COST0)
    for row in range(cost0, cost0 + ab_get(fx, ab, AB_NCOST)):
        op = code_get(fx, row, 0)
        if op == OP_C_REST_DON or op == OP_C_DON_MINUS or op == OP_C_REST_OWN_OR_DON:
            return False
    pc = ab_get(fx, ab, AB_PC)
    ramp = False
    for row in range(pc, pc + ab_get(fx, ab, AB_NCODE)):
        op = code_get(fx, row, 0)
        if op == OP_DON_ADD or (op == OP_DON_ACTIVE and code_get(fx, row, 2) == 0):
            ramp = True
        elif not (op >> 4 == 0 or (op == OP_DON_MINUS and code_get(fx, row, 2) == 1)):
            return False
    return ramp


@kernel
def activation_choice(st, ct, fx, p, buf, ramp, attacks_over):
    """The first [Activate: Main] ability p may activate and has not used this turn (each at
    most once a turn, so a cheap repeatable cost cannot loop), else NO_ACTION; with `ramp`
    only one that adds DON!! for nothing (adds_don). Until `attacks_over`, not one whose
    cost would rest a card that can still attack (rests_an_attacker)."""
    if fx[H_NAB] == 0 or (st[G_FX_NO_TM + p] >> T_ACTIVATE_MAIN) & 1:
        return NO_ACTION
    b = p * PSIZE
    for k in range(NREF + 1):
        r = STAGE_REF if k == NREF else k
        card = st[b + STAGE] if k == NREF else st[b + F_CARD + k]
        if card == EMPTY or (fx[fx[H_CARD_TM] + card] >> T_ACTIVATE_MAIN) & 1 == 0:
            continue
        used = used_bits(st, p, r)
        first = fx[fx[H_CARD_AB] + card]
        for j in range(fx[fx[H_CARD_AB] + card + 1] - first):
            if (used >> ab_slot(fx, first + j)) & 1 == 0 \
                    and (not ramp or adds_don(fx, first + j)) \
                    and can_activate(st, ct, fx, p, r, j, buf[SCRATCH:]) \
                    and (attacks_over or not rests_an_attacker(
                        st, ct, fx, p, first + j, card, r, buf[SCRATCH:])) \
                    and worth_paying(st, ct, fx, p, first + j, card, r, buf[SCRATCH:]):
                return encode(A_ACTIVATE, r, j)
    return NO_ACTION


@kernel
def end_or_activation(st, ct, fx, p, buf):
    """The last Main Phase action once no attack is wanted: an [Activate: Main] ability that
    waited for the attacks (rests_an_attacker), else the end of the phase."""
    a = activation_choice(st, ct, fx, p, buf, False, True)
    return encode(A_END, 0, 0) if a == NO_ACTION else a


@kernel
def rests_an_attacker(st, ct, fx, p, ab, card, r, buf):
    """Would paying ability ab's "rest 1 of your cards" (or N DON!! cards), or "rest N of
    your Characters", now rest a card that would still attack this turn (would_attack), for
    want of the DON!! and of other cards? Then the ability waits until the attacks are over
    (7-1-1-1: a rested card cannot attack)."""
    cost0 = ab_get(fx, ab, AB_COST0)
    for row in range(cost0, cost0 + ab_get(fx, ab, AB_NCOST)):
        op = code_get(fx, row, 0)
        if op == OP_C_REST_OWN_OR_DON:
            if st[p * PSIZE + DON_ACTIVE] >= code_get(fx, row, 2):
                continue
            need = 1
        elif op == OP_C_REST_OWN:
            need = max(code_get(fx, row, 2), 1)
        else:
            continue
        f = code_get(fx, row, 1)
        if flt_get(fx, f, FL_ZONE) == Z_HAND:
            continue
        n = candidates(st, ct, fx, f, p, card, r, buf)
        spare = 0
        for i in range(n):
            c = buf[i]
            if cand_zone(c) == Z_STAGE or not would_attack(st, ct, p, cand_index(c)):
                spare += 1
        if n >= need > spare:
            return True
    return False
