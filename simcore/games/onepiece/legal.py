"""What the rules allow right now: power, legal actions, blockers, counters, effect targets.

Shared by the engine (to apply rules) and strategies (to choose among legal options); reads
only the state, never changes it.
"""

from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece.effects.opcodes import (
    GR_ATTACK_ACTIVE,
    PR_NO_ATTACK,
    PR_NO_BLOCK,
    PR_NO_REST,
)
from tcgsim.simcore.games.onepiece.layout import (
    BAN_FROM_HAND,
    DECK,
    DON_ACTIVE,
    EMPTY,
    F_BPOW,
    F_CARD,
    F_CCOST,
    F_DON,
    F_NCOST,
    F_RESTED,
    F_SICK,
    F_TCOST,
    F_TPOW,
    F_XKW,
    F_XPOW,
    G_ACTIVE,
    G_ATT,
    G_ONLY_TGT,
    G_TGT,
    G_TURN,
    HAND,
    HAND_COST,
    HAND_CTR,
    LEADER_REF,
    LIFE,
    N_DECK,
    N_HAND,
    NCHAR,
    NREF,
    PLAY_BAN,
    PSIZE,
    STAGE,
    TRASH,
)
from tcgsim.simcore.jit import kernel

# Main Phase actions, encoded kind | a << 8 | b << 16: A_PLAY (a = hand index),
# A_DON (a = ref receiving, b = how many, 0 meaning 1), A_ATTACK (a = attacker, b = target),
# A_ACTIVATE (a = ref, or STAGE_REF for the Stage; b = the ability's row within its card's
# abilities in fx: effects/query.legal_activations lists them).
A_END, A_PLAY, A_DON, A_ATTACK, A_ACTIVATE = 0, 1, 2, 3, 4
STAGE_REF = 6
NO_ACTION = -1


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
def power(st, ct, p, r):
    """Current power of p's field card r (1-3-6-1: may be negative). Given DON count only on
    their owner's turn (6-5-5-2)."""
    b = p * PSIZE
    card = st[b + F_CARD + r]
    v = ct[card, C.POWER] + st[b + F_TPOW + r] + st[b + F_BPOW + r] + st[b + F_XPOW + r]
    if st[G_ACTIVE] == p:
        v += 1000 * st[b + F_DON + r]
    return v


@kernel
def has_kw(ct, card, kw):
    return (ct[card, C.KEYWORDS] & kw) != 0


@kernel
def slot_kw(st, ct, p, r):
    """Keywords of p's field card r: printed, and granted by effects this turn (10-1); with
    the effects' prohibition bits (PR_*) above them."""
    b = p * PSIZE
    return ct[st[b + F_CARD + r], C.KEYWORDS] | st[b + F_XKW + r]


@kernel
def field_cost(st, ct, p, r):
    """Current cost of p's field card r: printed cost and this turn's modifiers, never below
    0 (2-7-6)."""
    b = p * PSIZE
    return max(0, ct[st[b + F_CARD + r], C.COST] + st[b + F_TCOST + r] + st[b + F_CCOST + r]
               + st[b + F_NCOST + r])


@kernel
def can_attack_with(st, ct, p, r):
    """6-5-6-1: no battle on either player's first turn; 7-1-1-1: active attacker, which the
    declaration rests (so not one that "cannot be rested", 1-3-3); 3-7-4/10-1-1-1: a
    Character played this turn needs [Rush]."""
    b = p * PSIZE
    if st[G_TURN] <= 2:
        return False
    card = st[b + F_CARD + r]
    if card == EMPTY or st[b + F_RESTED + r] != 0:
        return False
    kw = slot_kw(st, ct, p, r)
    if kw & (PR_NO_ATTACK | PR_NO_REST):
        return False
    if r != LEADER_REF and st[b + F_SICK + r] != 0 \
            and (kw & (C.KW_RUSH | C.KW_RUSH_CHAR)) == 0:
        return False
    return True


@kernel
def can_attack_target(st, ct, p, a, t):
    """May p's attacker a (can_attack_with) attack the opponent's t: the Leader, unless a
    was played this turn and only [Rush: Character] lets it attack (the keyword's reminder
    text; rules seed 003 predates it); a rested Character (7-1-1-2), or an active one when
    an effect allows it."""
    only = st[G_ONLY_TGT + 1 - p]  # "cannot attack any card other than the Character [X]"
    if only != 0 and (t == LEADER_REF or (only >> t) & 1 == 0):
        return False
    kw = slot_kw(st, ct, p, a)
    if t == LEADER_REF:
        return a == LEADER_REF or st[p * PSIZE + F_SICK + a] == 0 or (kw & C.KW_RUSH) != 0
    ob = (1 - p) * PSIZE
    if st[ob + F_CARD + t] == EMPTY:
        return False
    return st[ob + F_RESTED + t] != 0 or (kw & GR_ATTACK_ACTIVE) != 0


@kernel
def can_be_attacked(st, o, r):
    """7-1-1-2: the Leader in any state, or a rested Character."""
    b = o * PSIZE
    if r == LEADER_REF:
        return True
    return st[b + F_CARD + r] != EMPTY and st[b + F_RESTED + r] != 0


@kernel
def hand_cost(st, ct, p, h):
    """The cost of p's hand card h: printed, with its own in-hand modifiers (never below 0)."""
    b = p * PSIZE
    return max(0, ct[st[b + HAND + h], C.COST] + st[b + HAND_COST + h])


@kernel
def play_banned(st, ct, p, card, from_hand):
    """Is p forbidden to play `card` now by "you cannot play Character cards (with a base
    cost of N or more) during this turn" or "you cannot play cards from your hand during
    this turn" (PLAY_BAN; a prohibition wins, 1-3-3)?"""
    ban = st[p * PSIZE + PLAY_BAN]
    if ban == 0:
        return False
    if from_hand and (ban & BAN_FROM_HAND) != 0:
        return True
    low = (ban & (BAN_FROM_HAND - 1)) - 1
    return low >= 0 and ct[card, C.CATEGORY] == C.CHARACTER and ct[card, C.COST] >= low


@kernel
def can_play_from_hand(st, ct, p, h):
    """6-5-3-1: Characters, Stages and [Main] Events whose cost the active DON can pay (and
    that no effect forbids playing)."""
    b = p * PSIZE
    card = st[b + HAND + h]
    cat = ct[card, C.CATEGORY]
    if hand_cost(st, ct, p, h) > st[b + DON_ACTIVE] or play_banned(st, ct, p, card, True):
        return False
    if cat == C.CHARACTER or cat == C.STAGE:
        return True
    return cat == C.EVENT and ct[card, C.MAIN_EFF] != C.EFF_NONE


@kernel
def legal_main_actions(st, ct, p, out):
    """Write every legal Main Phase action of p into out; return how many (A_END first)."""
    b = p * PSIZE
    n = 0
    out[n] = encode(A_END, 0, 0)
    n += 1
    for h in range(st[b + N_HAND]):
        if can_play_from_hand(st, ct, p, h):
            out[n] = encode(A_PLAY, h, 0)
            n += 1
    if st[b + DON_ACTIVE] > 0:
        for r in range(NREF):
            if st[b + F_CARD + r] != EMPTY:
                out[n] = encode(A_DON, r, 0)
                n += 1
    for r in range(NREF):
        if can_attack_with(st, ct, p, r):
            for t in range(NREF):
                if can_attack_target(st, ct, p, r, t):
                    out[n] = encode(A_ATTACK, r, t)
                    n += 1
    return n


@kernel
def is_legal_blocker(st, ct, d, r):
    """7-1-2-1/10-1-4-1: an active [Blocker] Character other than the card being attacked;
    blocking rests it, so not one that "cannot be rested" (1-3-3)."""
    b = d * PSIZE
    if r == LEADER_REF or r == st[G_TGT]:
        return False
    if st[b + F_CARD + r] == EMPTY or st[b + F_RESTED + r] != 0:
        return False
    att = st[G_ATT]
    if att != EMPTY and slot_kw(st, ct, 1 - d, att) & C.KW_UNBLOCKABLE:
        return False  # [Unblockable] (its reminder text; rules seed 003 predates it)
    kw = slot_kw(st, ct, d, r)
    return (kw & C.KW_BLOCKER) != 0 and (kw & (PR_NO_BLOCK | PR_NO_REST)) == 0


@kernel
def has_legal_blocker(st, ct, d):
    """Has d an active [Blocker] that may block the current attack?"""
    for r in range(NCHAR):
        if is_legal_blocker(st, ct, d, r):
            return True
    return False


@kernel
def counter_value(st, ct, d, h):
    """Power a hand card adds in the Counter Step (7-1-3-2), 0 if it cannot be used now:
    a Character's counter value (free), or a [Counter] Event's boost if its cost is payable."""
    b = d * PSIZE
    card = st[b + HAND + h]
    cat = ct[card, C.CATEGORY]
    if cat == C.CHARACTER:  # printed, or what an ability makes it (HAND_CTR)
        return st[b + HAND_CTR + h] if st[b + HAND_CTR + h] > 0 else ct[card, C.COUNTER]
    if cat == C.EVENT and ct[card, C.COUNTER_EFF] != C.EFF_NONE:
        if hand_cost(st, ct, d, h) <= st[b + DON_ACTIVE]:
            if ct[card, C.COUNTER_EFF] == C.EFF_POWER_BATTLE:
                return ct[card, C.COUNTER_VAL]
            return 1  # usable, adds no power (its effect does something else)
    return 0


@kernel
def has_counter(st, ct, d):
    """Can d use any card from hand in the Counter Step?"""
    for h in range(st[d * PSIZE + N_HAND]):
        if counter_value(st, ct, d, h) > 0:
            return True
    return False


@kernel
def effect_targets(st, ct, p, eff, val, out):
    """Refs an effect of p may choose (8-4-4-1); return how many. Opponent Characters for
    K.O./rest, p's own Leader and Characters for power."""
    n = 0
    if (eff == C.EFF_KO_COST_LE or eff == C.EFF_REST_COST_LE or eff == C.EFF_KO_POWER_LE
            or eff == C.EFF_BOUNCE_COST_LE):
        o = 1 - p
        b = o * PSIZE
        for r in range(NCHAR):
            card = st[b + F_CARD + r]
            if card == EMPTY:
                continue
            if eff == C.EFF_KO_POWER_LE:
                if power(st, ct, o, r) > val:
                    continue
            elif ct[card, C.COST] > val:
                continue
            if eff == C.EFF_REST_COST_LE and st[b + F_RESTED + r] != 0:
                continue
            out[n] = r
            n += 1
    elif eff == C.EFF_POWER_TURN or eff == C.EFF_POWER_BATTLE:
        b = p * PSIZE
        for r in range(NREF):
            if st[b + F_CARD + r] != EMPTY:
                out[n] = r
                n += 1
    return n


# ---------------------------------------------------------------- effect candidates

# A card an effect may choose, as the interpreter hands it to a strategy:
# owner << 14 | zone << 8 | index, with the zones of effects/opcodes.py (Z_FIELD_CHAR,
# Z_FIELD_LC and Z_LEADER: a slot ref; Z_HAND: a hand index; Z_LOOK: the position in the
# look window, 0 = the top card of the deck; Z_TRASH: a trash index; Z_LIFE: a Life index,
# 0 = the bottom card; Z_STAGE: the Stage).
Z_FIELD_CHAR, Z_FIELD_LC, Z_LEADER, Z_HAND, Z_TRASH, Z_LOOK = 0, 1, 2, 3, 4, 5
Z_LIFE, Z_STAGE = 7, 8


@kernel
def cand_encode(owner, zone, index):
    return (owner << 14) | (zone << 8) | index


@kernel
def cand_owner(c):
    return c >> 14


@kernel
def cand_zone(c):
    return (c >> 8) & 0x3F


@kernel
def cand_index(c):
    return c & 0xFF


@kernel
def cand_card(st, c):
    """The card id of candidate c."""
    b = cand_owner(c) * PSIZE
    z = cand_zone(c)
    i = cand_index(c)
    if z == Z_HAND:
        return st[b + HAND + i]
    if z == Z_LOOK:
        return st[b + DECK + st[b + N_DECK] - 1 - i]
    if z == Z_TRASH:
        return st[b + TRASH + i]
    if z == Z_STAGE:
        return st[b + STAGE]
    if z == Z_LIFE:
        return st[b + LIFE + i]
    return st[b + F_CARD + i]
