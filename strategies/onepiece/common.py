"""Decision kernels shared by the ONE PIECE heuristic families (default, aggro, control):
mulligan, block, counter, Trigger, effect targets and the Character to trash for room, each
tuned by the family's parameter vector, plus the building blocks of their Main Phases.

Every heuristic family has the same parameter layout (P_* below); the families differ in
their Main Phase logic and their defaults."""

from tcgsim.simcore.effects.fxlayout import (
    AB_NCODE,
    AB_NCOST,
    AB_PC,
    H_CARD_AB,
    H_CARD_TM,
    H_NAB,
)
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece.effects.opcodes import (
    INTENT_HARM,
    INTENT_REDIRECT,
    OP_NEXT_PLAY_CUT,
    OP_PLAY_FROM,
    OP_RETARGET,
    OP_SEL,
    OP_SKIP_UNLESS,
    Q_COST_CARD,
    Q_HOW_MANY,
    Q_LIFE_BOTTOM,
    Q_LIFE_LOOK,
    Q_MODE,
    Q_ORDER_BOTTOM,
    Q_PICK,
    Q_TARGET,
    T_ACTIVATE_MAIN,
)
from tcgsim.simcore.games.onepiece.effects.query import (
    ab_get,
    ab_slot,
    can_activate,
    candidates,
    code_get,
    cond_holds,
    counter_reaches,
    cut_applies,
    used_bits,
)
from tcgsim.simcore.games.onepiece.layout import (
    DON_ACTIVE,
    DON_RESTED,
    EMPTY,
    F_CARD,
    G_ACTIVE,
    G_ATT,
    G_FX_NO_TM,
    G_TGT,
    HAND,
    LEADER_REF,
    N_CHARS,
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
    can_attack_target,
    can_attack_with,
    can_play_from_hand,
    cand_card,
    cand_index,
    cand_owner,
    cand_zone,
    counter_value,
    effect_targets,
    encode,
    is_legal_blocker,
    power,
)
from tcgsim.simcore.jit import kernel

P_MULL_MIN, P_DON_MARGIN, P_COUNTER_LIFE, P_COUNTER_HAND = 0, 1, 2, 3
P_BLOCK_LIFE, P_KO_MIN_COST, P_SAVE_COST, P_USE_TRIGGER = 4, 5, 6, 7
P_COUNTER_RESERVE = 8
SCRATCH = 192  # buf[SCRATCH:] is scratch space for effect queries; actions go below it


@kernel
def mulligan(st, ct, p, prm, rng, s):
    """Redraw when fewer than P_MULL_MIN Characters of cost <= 3 are in the opening hand."""
    b = p * PSIZE
    cheap = 0
    for h in range(st[b + N_HAND]):
        card = st[b + HAND + h]
        if ct[card, C.CATEGORY] == C.CHARACTER and ct[card, C.COST] <= 3:
            cheap += 1
    return cheap < prm[P_MULL_MIN]


@kernel
def cheapest_char(st, ct, p):
    b = p * PSIZE
    best = -1
    best_key = 1 << 30
    for r in range(NCHAR):
        card = st[b + F_CARD + r]
        if card != EMPTY:
            key = ct[card, C.COST] * 100000 + ct[card, C.POWER]
            if key < best_key:
                best_key = key
                best = r
    return best


@kernel
def play_choice(st, ct, p, buf, cheapest_first, reserve):
    """Hand index of the card worth playing now, or -1: Characters first (the costliest, or
    the cheapest when `cheapest_first`), then a first Stage, removal with a target, other
    [Main] Events; `reserve` active DON!! are kept for the opponent's turn."""
    b = p * PSIZE
    best = -1
    best_score = -1
    full = st[b + N_CHARS] >= NCHAR
    low = -1
    if full:
        low = ct[st[b + F_CARD + cheapest_char(st, ct, p)], C.COST]
    for h in range(st[b + N_HAND]):
        if not can_play_from_hand(st, ct, p, h):
            continue
        card = st[b + HAND + h]
        cat = ct[card, C.CATEGORY]
        cost = ct[card, C.COST]
        if cost > st[b + DON_ACTIVE] - reserve:
            continue
        score = -1
        if cat == C.CHARACTER:
            if not full or cost > low:
                score = (20 - cost) * 10 + 5 if cheapest_first else cost * 10 + 5
        elif cat == C.STAGE:
            if st[b + STAGE] == EMPTY:
                score = cost * 10 + 2
        else:
            eff = ct[card, C.MAIN_EFF]
            if (eff == C.EFF_KO_COST_LE or eff == C.EFF_REST_COST_LE
                    or eff == C.EFF_KO_POWER_LE or eff == C.EFF_BOUNCE_COST_LE):
                if effect_targets(st, ct, p, eff, ct[card, C.MAIN_VAL], buf) > 0:
                    score = cost * 10 + 3
            elif eff == C.EFF_POWER_TURN or eff == C.EFF_POWER_BATTLE:
                score = -1
            else:
                score = cost * 10 + 1
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
        tcost = ct[st[db + F_CARD + t], C.COST]
        if tcost < prm[P_SAVE_COST]:
            return -1
        limit = tcost
    best = -1
    best_cost = 1 << 30
    for r in range(NCHAR):
        if is_legal_blocker(st, ct, d, r):
            cost = ct[st[db + F_CARD + r], C.COST]
            if cost < best_cost and cost < limit:
                best_cost = cost
                best = r
    return best


@kernel
def counter(st, ct, fx, d, prm, rng, s, buf):
    """Spend the fewest counters that stop the hit, when it matters; a [Counter] Event's
    boost counts only if the attacked card may receive it."""
    a = st[G_ACTIVE]
    t = st[G_TGT]
    need = power(st, ct, a, st[G_ATT]) - power(st, ct, d, t) + 1
    if need <= 0:
        return -1
    db = d * PSIZE
    single_only = True
    if t == LEADER_REF:
        if st[db + N_LIFE] <= prm[P_COUNTER_LIFE]:
            single_only = False
        elif st[db + N_HAND] < prm[P_COUNTER_HAND]:
            return -1
    elif ct[st[db + F_CARD + t], C.COST] < prm[P_SAVE_COST]:
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
        if v <= 1 or (ceff != C.EFF_NONE and ceff != C.EFF_POWER_BATTLE):
            continue
        if ceff == C.EFF_POWER_BATTLE and not counter_reaches(st, ct, fx, d, card, t):
            continue
        total += v
        is_event = 1 if ct[card, C.CATEGORY] == C.EVENT else 0
        if v >= need:
            key = v * 2 + is_event
            if key < best_cover_key:
                best_cover_key = key
                best_cover = h
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
        key = ct[card, C.COST] * 100000 + ct[card, C.POWER]
        if key > best_key:
            best_key = key
            best = cand[i]
    return best


@kernel
def trash_for_space(st, ct, p, prm, rng, s):
    return cheapest_char(st, ct, p)


@kernel
def don_choice(st, ct, p, margin, reserve):
    """Give DON!! to the attacker closest to beating the opponent's Leader by `margin`; once
    every attacker does, the rest to the Leader, keeping `reserve` active DON!!.
    NO_ACTION when there is nothing to give."""
    b = p * PSIZE
    budget = st[b + DON_ACTIVE] - reserve
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
            if 0 < d < best_def and (d + 999) // 1000 <= budget:
                best_def = d
                best_r = r
    if best_r >= 0:
        return encode(A_DON, best_r, (best_def + 999) // 1000)
    if any_attacker >= 0:
        spare = LEADER_REF if can_attack_with(st, ct, p, LEADER_REF) else any_attacker
        return encode(A_DON, spare, budget)
    return NO_ACTION


@kernel
def attack_choice(st, ct, p, ko_min_cost, leader_only):
    """The strongest attacker against the costliest rested Character it beats (cost at least
    `ko_min_cost`), else the Leader if it beats it, else any rested Character it beats."""
    o = 1 - p
    att = -1
    att_pow = -(1 << 30)
    for r in range(NREF):
        if can_attack_with(st, ct, p, r):
            pw = power(st, ct, p, r)
            if pw > att_pow:
                att_pow = pw
                att = r
    if att < 0:
        return encode(A_END, 0, 0)
    ob = o * PSIZE
    if not leader_only:
        best_t = -1
        best_cost = -1
        for t in range(NCHAR):
            if can_attack_target(st, ct, p, att, t) and power(st, ct, o, t) <= att_pow:
                cost = ct[st[ob + F_CARD + t], C.COST]
                if cost >= ko_min_cost and cost > best_cost:
                    best_cost = cost
                    best_t = t
        if best_t >= 0:
            return encode(A_ATTACK, att, best_t)
    if att_pow >= power(st, ct, o, LEADER_REF) and can_attack_target(st, ct, p, att, LEADER_REF):
        return encode(A_ATTACK, att, LEADER_REF)
    if not leader_only:
        for t in range(NCHAR):
            if can_attack_target(st, ct, p, att, t) and power(st, ct, o, t) <= att_pow:
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
    return True


@kernel
def how_many(st, ct, p, cand, n):
    """Q_HOW_MANY ("any number"; cand[i] is the power i of them give): in a battle, the
    fewest that make p's side win it; none outside a battle, or when no number does."""
    if st[G_ATT] == EMPTY:
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
    remove or weaken the opponent's card in the battle, else its costliest card; help the
    own card in battle, else the Leader, else the strongest; add the costliest card from a
    look window; pay a cost with the card of least value (cost, then counter); look at the
    opponent's top Life card and put a [Trigger] there at the bottom, keep one's own
    [Trigger] on top; of looked-at cards, send to the bottom those next turn's DON!! cannot
    pay."""
    if q == Q_MODE:
        return 0  # "Choose one": the first option
    if q == Q_HOW_MANY:
        return how_many(st, ct, p, cand, n)
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
            key = -(ct[card, C.COST] * 100 + ct[card, C.COUNTER] // 1000)
        elif intent == INTENT_REDIRECT:
            key = redirect_key(st, ct, p, c)
        elif intent == INTENT_HARM:
            key = ct[card, C.COST] * 100000 + ct[card, C.POWER]
            if cand_owner(c) == p:
                key = -key - 1
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
def activation_choice(st, ct, fx, p, buf):
    """The first [Activate: Main] ability p may activate and has not used this turn (each at
    most once a turn, so a cheap repeatable cost cannot loop), else NO_ACTION."""
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
                    and can_activate(st, ct, fx, p, r, j, buf[SCRATCH:]) \
                    and worth_paying(st, ct, fx, p, first + j, card, r, buf[SCRATCH:]):
                return encode(A_ACTIVATE, r, j)
    return NO_ACTION
