"""What the rules allow right now: power, keywords, energy payment, legal actions, blockers,
combos, counters. Shared by the engine (to apply rules) and strategies (to choose among legal
options); reads only the state, never changes it.
"""

from tcgsim.simcore.games.dbs import cards as C
from tcgsim.simcore.games.dbs.layout import (
    AWAKENED,
    B_BPOW,
    B_CARD,
    B_REST,
    EMPTY,
    EN_ACTIVE,
    EN_CARD,
    EN_CC,
    EN_REST,
    FIELD,
    G_ACTIVE,
    G_ATT,
    G_FIRST,
    G_GUARD,
    G_TURN,
    HAND,
    L_BPOW,
    L_CARD,
    L_REST,
    LEADER_REF,
    LIMIT_CARD,
    LIMIT_N,
    LIMIT_USED,
    N_BATTLE,
    N_DROP,
    N_EN,
    N_HAND,
    N_LIFE,
    NCOLOR,
    PSIZE,
    REALM_USED,
    U_BPOW,
    U_CARD,
    U_REST,
    U_STACKED,
    UNISON_REF,
)
from tcgsim.simcore.jit import kernel

# Main Phase actions, encoded kind | a << 8 | b << 16.
A_END, A_PLAY, A_ATTACK, A_AWAKEN, A_REALM, A_STACK = 0, 1, 2, 3, 4, 5
# A_PLAY: a = hand index, b = X (extra energy for a Unison, 6-3-1-2-2); A_ATTACK: a = attacker
# ref, b = target ref; A_REALM / A_STACK: a = hand index.
# Offense/Defense Step actions (7-2, 7-3).
C_STOP, C_HAND, C_FIELD, C_EXTRA, C_AWAKEN = 0, 1, 2, 3, 4
# C_HAND: combo from hand index a; C_FIELD: combo with Battle Area ref a; C_EXTRA: activate
# the [Activate: Battle] Extra at hand index a; C_AWAKEN: [Awaken].


@kernel
def encode(kind, a, b):
    return kind | (a << 8) | (b << 16)


@kernel
def act_kind(action):
    return action & 0xFF


@kernel
def act_a(action):
    return (action >> 8) & 0xFF


@kernel
def act_b(action):
    return (action >> 16) & 0xFF


@kernel
def card_at(st, p, ref):
    """Card id at p's ref (Battle Area slot, Leader or Unison)."""
    b = p * PSIZE
    if ref == LEADER_REF:
        return st[b + L_CARD]
    if ref == UNISON_REF:
        return st[b + U_CARD]
    return st[b + B_CARD + ref]


@kernel
def is_rested(st, p, ref):
    b = p * PSIZE
    if ref == LEADER_REF:
        return st[b + L_REST] != 0
    if ref == UNISON_REF:
        return st[b + U_REST] != 0
    return st[b + B_REST + ref] != 0


@kernel
def exists(st, p, ref):
    b = p * PSIZE
    if ref == LEADER_REF:
        return True
    if ref == UNISON_REF:
        return st[b + U_CARD] != EMPTY
    return 0 <= ref < st[b + N_BATTLE]


@kernel
def cond_holds(st, ct, p, card):
    """[Bond X] (10-23): >= X Battle Cards in your Battle Area; [Sparking X] (10-29): >= X
    cards in your Drop Area."""
    k = ct[card, C.COND]
    if k == C.COND_BOND:
        return st[p * PSIZE + N_BATTLE] >= ct[card, C.COND_VAL]
    if k == C.COND_SPARKING:
        return st[p * PSIZE + N_DROP] >= ct[card, C.COND_VAL]
    return False


@kernel
def keywords(st, ct, p, ref):
    """Keyword bits of p's card at ref: the Leader's face-up side (9-9), plus a [Bond]/
    [Sparking] bonus when its condition holds."""
    b = p * PSIZE
    if ref == LEADER_REF:
        card = st[b + L_CARD]
        if st[b + AWAKENED] != 0:
            return ct[card, C.BACK_KW]
        return ct[card, C.KEYWORDS]
    card = card_at(st, p, ref)
    kw = ct[card, C.KEYWORDS]
    if ct[card, C.COND] != C.COND_NONE and cond_holds(st, ct, p, card):
        kw |= ct[card, C.COND_KW]
    return kw


@kernel
def power(st, ct, p, ref):
    """Current power of p's card at ref, combo power not included (added in the Damage Step,
    7-4-1-2). May be negative (2-8-3)."""
    b = p * PSIZE
    if ref == LEADER_REF:
        card = st[b + L_CARD]
        v = ct[card, C.BACK_POWER] if st[b + AWAKENED] != 0 else ct[card, C.POWER]
        return v + st[b + L_BPOW]
    if ref == UNISON_REF:
        return ct[st[b + U_CARD], C.POWER] + st[b + U_BPOW]
    card = st[b + B_CARD + ref]
    v = ct[card, C.POWER] + st[b + B_BPOW + ref]
    if ct[card, C.KEYWORDS] & C.KW_SERVANT:
        v += C.SERVANT_POWER
    if ct[card, C.COND] != C.COND_NONE and cond_holds(st, ct, p, card):
        v += ct[card, C.COND_POWER]
    f = st[b + FIELD]
    if f != EMPTY and ct[f, C.EFF] == C.EFF_FIELD_POWER:
        v += ct[f, C.VAL]
    return v


@kernel
def strike(kw):
    """10-7: damage dealt is max(1, X) for [X Strike]; several Strikes count the largest."""
    if kw & C.KW_QUADRUPLE_STRIKE:
        return 4
    if kw & C.KW_TRIPLE_STRIKE:
        return 3
    if kw & C.KW_DOUBLE_STRIKE:
        return 2
    return 1


@kernel
def extra_attacks(kw):
    """10-8: [Dual Attack] untaps once per turn, [Triple Attack] twice."""
    if kw & C.KW_TRIPLE_ATTACK:
        return 2
    if kw & C.KW_DUAL_ATTACK:
        return 1
    return 0


# ---------------------------------------------------------------- energy (2-11-5)


@kernel
def active_with_colors(st, ct, p, mask):
    """Active energy cards having at least one colour of mask."""
    b = p * PSIZE
    n = 0
    for i in range(st[b + N_EN]):
        if st[b + EN_REST + i] == 0 and (ct[st[b + EN_CARD + i], C.COLORS] & mask) != 0:
            n += 1
    return n


@kernel
def pips_payable(st, ct, p, rem, mask):
    """Hall's condition: the specified pips rem (4 bits per colour) can be paid by distinct
    active energy cards, each paying one pip of one of its colours (2-11-5-1)."""
    if mask == 0:
        return True
    if mask & (mask - 1) == 0:
        for c in range(NCOLOR):
            if mask == 1 << c:
                return st[p * PSIZE + EN_CC + c] >= ((rem >> (4 * c)) & 15)
    s = mask
    while s != 0:
        need = 0
        for c in range(NCOLOR):
            if s & (1 << c):
                need += (rem >> (4 * c)) & 15
        if active_with_colors(st, ct, p, s) < need:
            return False
        s = (s - 1) & mask
    return True


@kernel
def spec_rem(ct, card):
    rem = 0
    for c in range(NCOLOR):
        rem |= ct[card, C.SPEC + c] << (4 * c)
    return rem


@kernel
def can_pay(st, ct, p, card, extra):
    """Can p rest the card's energy cost plus extra: at least the total, with the specified
    pips in their colours (2-11-5-1, 2-11-2-1)?"""
    if st[p * PSIZE + EN_ACTIVE] < ct[card, C.COST] + extra:
        return False
    m = ct[card, C.SPEC_MASK]
    if m == 0:
        return True
    return pips_payable(st, ct, p, spec_rem(ct, card), m)


@kernel
def limit_used(st, p, card):
    """Uses this turn of the [Limit X] skill of card number `card` (10-48)."""
    b = p * PSIZE
    for i in range(st[b + LIMIT_N]):
        if st[b + LIMIT_CARD + i] == card:
            return st[b + LIMIT_USED + i]
    return 0


@kernel
def limit_ok(st, ct, p, card):
    lim = ct[card, C.LIMIT]
    return lim == 0 or limit_used(st, p, card) < lim


# ---------------------------------------------------------------- Main Phase (6-3)


@kernel
def unique_blocked(st, ct, p, card):
    """10-42-2: a same-name card of a [Unique] card in your Battle Area cannot be played."""
    b = p * PSIZE
    name = ct[card, C.NAME_ID]
    for r in range(st[b + N_BATTLE]):
        other = st[b + B_CARD + r]
        if ct[other, C.NAME_ID] == name and (ct[other, C.KEYWORDS] & C.KW_UNIQUE) != 0:
            return True
    return False


@kernel
def can_play_from_hand(st, ct, p, h, x):
    """6-3-1-2: a Battle Card, a Unison Card (X extra energy) or an [Activate: Main] Extra
    (a [Field] included) whose energy cost p can pay now."""
    card = st[p * PSIZE + HAND + h]
    t = ct[card, C.TYPE]
    if t == C.BATTLE:
        return x == 0 and can_pay(st, ct, p, card, 0) and not unique_blocked(st, ct, p, card)
    if t == C.UNISON:
        return can_pay(st, ct, p, card, x)
    if t == C.EXTRA and x == 0:
        tm = ct[card, C.TIMING]
        if tm == C.T_MAIN or tm == C.T_MAIN_BATTLE or tm == C.T_FIELD:
            return can_pay(st, ct, p, card, 0) and limit_ok(st, ct, p, card)
    return False


@kernel
def can_over_realm(st, ct, p, h):
    """10-15: [Over Realm X] from hand with >= X cards in the Drop, once per turn."""
    b = p * PSIZE
    card = st[b + HAND + h]
    x = ct[card, C.OVER_REALM]
    return (x > 0 and st[b + REALM_USED] == 0 and st[b + N_DROP] >= x
            and not unique_blocked(st, ct, p, card))


@kernel
def can_stack(st, ct, p, h):
    """6-3-1-2-3-3: once per turn, a same-number Unison from hand goes under your Unison."""
    b = p * PSIZE
    return (st[b + U_CARD] != EMPTY and st[b + U_STACKED] == 0
            and st[b + HAND + h] == st[b + U_CARD])


@kernel
def can_awaken(st, ct, p):
    """10-2: the Leader's [Awaken] when p's Life is at or below its threshold, once."""
    b = p * PSIZE
    card = st[b + L_CARD]
    lim = ct[card, C.AWAKEN_LIFE]
    return lim > 0 and st[b + AWAKENED] == 0 and st[b + N_LIFE] <= lim


@kernel
def can_attack_with(st, ct, p, ref):
    """7-1: an Active Leader, Battle Card or Unison; 6-3-1-2-4: never on the first player's
    first turn."""
    if st[G_TURN] == 1:
        return False
    return exists(st, p, ref) and not is_rested(st, p, ref)


@kernel
def can_be_attacked(st, o, ref):
    """7-1: the Leader or the Unison in either mode; a Battle Card only in Rest Mode."""
    if ref == LEADER_REF:
        return True
    if ref == UNISON_REF:
        return st[o * PSIZE + U_CARD] != EMPTY
    return exists(st, o, ref) and is_rested(st, o, ref)


@kernel
def legal_main_actions(st, ct, p, out):
    """Write every legal Main Phase action of p into out; return how many (A_END first).
    A Unison is offered with X = 0 and with all spare energy."""
    b = p * PSIZE
    o = 1 - p
    n = 0
    out[n] = encode(A_END, 0, 0)
    n += 1
    for h in range(st[b + N_HAND]):
        card = st[b + HAND + h]
        if can_play_from_hand(st, ct, p, h, 0):
            out[n] = encode(A_PLAY, h, 0)
            n += 1
            if ct[card, C.TYPE] == C.UNISON:
                x = st[b + EN_ACTIVE] - ct[card, C.COST]
                if x > 0:
                    out[n] = encode(A_PLAY, h, min(x, 255))
                    n += 1
        if ct[card, C.OVER_REALM] > 0 and can_over_realm(st, ct, p, h):
            out[n] = encode(A_REALM, h, 0)
            n += 1
        if ct[card, C.TYPE] == C.UNISON and can_stack(st, ct, p, h):
            out[n] = encode(A_STACK, h, 0)
            n += 1
    if can_awaken(st, ct, p):
        out[n] = encode(A_AWAKEN, 0, 0)
        n += 1
    if st[G_TURN] != 1:
        for r in range(st[b + N_BATTLE] + 2):
            ref = r if r < st[b + N_BATTLE] else LEADER_REF + r - st[b + N_BATTLE]
            if not can_attack_with(st, ct, p, ref):
                continue
            for t in range(st[o * PSIZE + N_BATTLE]):
                if can_be_attacked(st, o, t):
                    out[n] = encode(A_ATTACK, ref, t)
                    n += 1
            out[n] = encode(A_ATTACK, ref, LEADER_REF)
            n += 1
            if st[o * PSIZE + U_CARD] != EMPTY:
                out[n] = encode(A_ATTACK, ref, UNISON_REF)
                n += 1
    return n


# ---------------------------------------------------------------- battle (7)


@kernel
def is_legal_blocker(st, ct, d, r):
    """10-4-1: an Active [Blocker] Battle Card other than the attacked card."""
    b = d * PSIZE
    if r < 0 or r >= st[b + N_BATTLE] or r == st[G_GUARD] or st[b + B_REST + r] != 0:
        return False
    return (keywords(st, ct, d, r) & C.KW_BLOCKER) != 0


@kernel
def has_legal_blocker(st, ct, d):
    for r in range(st[d * PSIZE + N_BATTLE]):
        if is_legal_blocker(st, ct, d, r):
            return True
    return False


@kernel
def own_battle_ref(st, p):
    """p's card in the current battle: the attack card or the guard card."""
    return st[G_ATT] if st[G_ACTIVE] == p else st[G_GUARD]


@kernel
def can_combo_hand(st, ct, p, h):
    """7-2-1-2-2: a Battle Card from hand with combo cost and power, cost payable (any
    colour, 7-2-1-2-1-1)."""
    b = p * PSIZE
    card = st[b + HAND + h]
    return (ct[card, C.TYPE] == C.BATTLE and ct[card, C.HAS_COMBO] != 0
            and ct[card, C.COMBO_COST] <= st[b + EN_ACTIVE])


@kernel
def can_combo_field(st, ct, p, r):
    """7-2-1-2-1: an Active Battle Card of the Battle Area, not p's own battling card."""
    b = p * PSIZE
    if r < 0 or r >= st[b + N_BATTLE] or st[b + B_REST + r] != 0 or r == own_battle_ref(st, p):
        return False
    card = st[b + B_CARD + r]
    return ct[card, C.HAS_COMBO] != 0 and ct[card, C.COMBO_COST] <= st[b + EN_ACTIVE]


@kernel
def can_battle_extra(st, ct, p, h):
    """7-2-1-2-3: an [Activate: Battle] or [Activate: Main/Battle] Extra, cost payable."""
    card = st[p * PSIZE + HAND + h]
    if ct[card, C.TYPE] != C.EXTRA:
        return False
    tm = ct[card, C.TIMING]
    return ((tm == C.T_BATTLE or tm == C.T_MAIN_BATTLE) and can_pay(st, ct, p, card, 0)
            and limit_ok(st, ct, p, card))


@kernel
def legal_battle_actions(st, ct, p, out):
    """p's options in its Offense Step (turn player) or Defense Step: C_STOP first."""
    b = p * PSIZE
    n = 0
    out[n] = encode(C_STOP, 0, 0)
    n += 1
    for h in range(st[b + N_HAND]):
        if can_combo_hand(st, ct, p, h):
            out[n] = encode(C_HAND, h, 0)
            n += 1
        elif can_battle_extra(st, ct, p, h):
            out[n] = encode(C_EXTRA, h, 0)
            n += 1
    for r in range(st[b + N_BATTLE]):
        if can_combo_field(st, ct, p, r):
            out[n] = encode(C_FIELD, r, 0)
            n += 1
    if can_awaken(st, ct, p):
        out[n] = encode(C_AWAKEN, 0, 0)
        n += 1
    return n


@kernel
def has_battle_action(st, ct, p):
    """Does p have anything to do in its step besides passing? (One column read per hand card:
    BUSE is the energy a card needs to be used from hand in a battle step.)"""
    b = p * PSIZE
    en = st[b + EN_ACTIVE]
    for h in range(st[b + N_HAND]):
        card = st[b + HAND + h]
        if ct[card, C.BUSE] <= en and (ct[card, C.TYPE] == C.BATTLE
                                       or can_battle_extra(st, ct, p, h)):
            return True
    for r in range(st[b + N_BATTLE]):
        if can_combo_field(st, ct, p, r):
            return True
    return can_awaken(st, ct, p)


@kernel
def can_counter_play(st, ct, d, h, played):
    """10-10, 10-22: a [Counter: Play] Extra that can negate this Battle Card's play."""
    card = st[d * PSIZE + HAND + h]
    return (ct[card, C.TYPE] == C.EXTRA and ct[card, C.TIMING] == C.T_COUNTER_PLAY
            and ct[played, C.COST] <= ct[card, C.VAL]
            and (ct[played, C.KEYWORDS] & C.KW_DEFLECT) == 0
            and can_pay(st, ct, d, card, 0) and limit_ok(st, ct, d, card))


@kernel
def can_counter_attack(st, ct, d, h):
    """10-10: a [Counter: Attack] Extra whose cost d can pay."""
    card = st[d * PSIZE + HAND + h]
    return (ct[card, C.TYPE] == C.EXTRA and ct[card, C.TIMING] == C.T_COUNTER_ATTACK
            and can_pay(st, ct, d, card, 0) and limit_ok(st, ct, d, card))


@kernel
def ko_targets(st, ct, p, val, out):
    """Opponent Battle Cards an effect of p may KO: power <= val, no [Barrier] (10-16)."""
    o = 1 - p
    n = 0
    for r in range(st[o * PSIZE + N_BATTLE]):
        if power(st, ct, o, r) <= val and (keywords(st, ct, o, r) & C.KW_BARRIER) == 0:
            out[n] = r
            n += 1
    return n


@kernel
def first_turn(st, p):
    """Is this p's first turn as the first player (no draw, no attack)?"""
    return st[G_TURN] == 1 and st[G_FIRST] == p
