"""What the rules allow right now: power, soul, play requirements, legal actions.

Shared by the engine (to apply rules) and strategies (to choose among legal options); reads
only the state, never changes it.
"""

from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss.layout import (
    CLOCK,
    CX,
    EMPTY,
    G_ACTIVE,
    G_ATTACKS,
    G_FIRST,
    G_TURN,
    HAND,
    LEVEL,
    N_CLOCK,
    N_HAND,
    N_LEVEL,
    N_STOCK,
    NFRONT,
    NSLOT,
    PSIZE,
    S_CARD,
    S_POW,
    S_SOUL,
    S_STATE,
    STAND,
)
from tcgsim.simcore.jit import kernel

# Main Phase actions, encoded kind | a << 8 | b << 16: A_PLAY (a = hand index, b = slot),
# A_EVENT (a = hand index), A_MOVE (swap slots a < b), A_BRAIN (a = slot of the Brainstorm).
A_END, A_PLAY, A_EVENT, A_MOVE, A_BRAIN = 0, 1, 2, 3, 4
# Attack types (7.2.1.4).
FRONTAL, SIDE, DIRECT = 0, 1, 2


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
def facing(s):
    """M 3.6.6: front slot s faces the opponent's front slot 2 - s."""
    return 2 - s


@kernel
def has_color(st, ct, p, color):
    """8.6.2.1.1: a card of this colour in p's level zone or clock."""
    b = p * PSIZE
    for i in range(st[b + N_LEVEL]):
        if ct[st[b + LEVEL + i], C.COLOR] == color:
            return True
    for i in range(st[b + N_CLOCK]):
        if ct[st[b + CLOCK + i], C.COLOR] == color:
            return True
    return False


@kernel
def meets_requirements(st, ct, p, card):
    """8.6.2.1: level <= p's level, colour in level zone or clock (level-0 characters and
    events exempt; climaxes are not, 8.6.2.1.1.1), cost payable from stock."""
    b = p * PSIZE
    t = ct[card, C.TYPE]
    if t != C.CLIMAX and ct[card, C.LEVEL] > st[b + N_LEVEL]:
        return False
    if ct[card, C.COST] > st[b + N_STOCK]:
        return False
    if t == C.CLIMAX or ct[card, C.LEVEL] > 0:
        return has_color(st, ct, p, ct[card, C.COLOR])
    return True


@kernel
def can_play_character(st, ct, p, h):
    card = st[p * PSIZE + HAND + h]
    return ct[card, C.TYPE] == C.CHARACTER and meets_requirements(st, ct, p, card)


@kernel
def can_play_event(st, ct, p, h):
    """A main-phase event with a modelled effect (power events are counters only)."""
    card = st[p * PSIZE + HAND + h]
    if ct[card, C.TYPE] != C.EVENT:
        return False
    eff = ct[card, C.EVENT_EFF]
    if eff == C.EV_NONE or eff == C.EV_POWER:
        return False
    return meets_requirements(st, ct, p, card)


@kernel
def can_play_climax(st, ct, p, h):
    """6.6: a climax meeting the colour requirement, with the climax zone free."""
    b = p * PSIZE
    card = st[b + HAND + h]
    return (ct[card, C.TYPE] == C.CLIMAX and st[b + CX] == EMPTY
            and meets_requirements(st, ct, p, card))


@kernel
def counter_power(st, ct, d, h):
    """Power a hand card adds as the single counter action (7.4.1.2), 0 if unusable:
    Backup (10.5: level only, colour not required, 10.5.4) or a counter power event."""
    b = d * PSIZE
    card = st[b + HAND + h]
    if ct[card, C.BACKUP] > 0:
        if ct[card, C.BACKUP_LEVEL] <= st[b + N_LEVEL] and ct[card, C.BACKUP_COST] <= st[
                b + N_STOCK]:
            return ct[card, C.BACKUP]
        return 0
    if (ct[card, C.TYPE] == C.EVENT and ct[card, C.COUNTER] == 1
            and ct[card, C.EVENT_EFF] == C.EV_POWER and meets_requirements(st, ct, d, card)):
        return ct[card, C.EVENT_VAL]
    return 0


@kernel
def power(st, ct, p, s):
    """Current power of p's slot s: printed + until-end-of-turn + p's climax + Assist from
    the back slots behind a front slot (M 3.6.5, 10.3); a per-level Assist counts the level
    of the character it boosts ("X is equal to that character's level x N")."""
    b = p * PSIZE
    card = st[b + S_CARD + s]
    v = ct[card, C.POWER] + st[b + S_POW + s]
    cx = st[b + CX]
    if cx != EMPTY:
        v += ct[cx, C.CX_POWER]
    if s < NFRONT:
        for back in range(3, 5):
            if (back == 3 and s <= 1) or (back == 4 and s >= 1):
                a = st[b + S_CARD + back]
                if a != EMPTY:
                    v += ct[a, C.ASSIST] + ct[a, C.ASSIST_LV] * ct[card, C.LEVEL]
    return v


@kernel
def soul(st, ct, p, s):
    """Current soul of p's slot s (may be <= 0)."""
    b = p * PSIZE
    card = st[b + S_CARD + s]
    v = ct[card, C.SOUL] + st[b + S_SOUL + s]
    cx = st[b + CX]
    if cx != EMPTY:
        v += ct[cx, C.CX_SOUL]
    return v


@kernel
def attack_limit_reached(st):
    """M 7.2.1.3.1.2: on the first player's first turn, one attack sub-phase only."""
    return st[G_TURN] == 1 and st[G_ACTIVE] == st[G_FIRST] and st[G_ATTACKS] >= 1


@kernel
def can_attack_with(st, p, s):
    """7.1.1: a Standing character in the front row."""
    b = p * PSIZE
    return s < NFRONT and st[b + S_CARD + s] != EMPTY and st[b + S_STATE + s] == STAND


@kernel
def can_brainstorm(st, ct, p, s):
    b = p * PSIZE
    card = st[b + S_CARD + s]
    return (card != EMPTY and ct[card, C.BRAIN_N] > 0 and st[b + S_STATE + s] == STAND
            and ct[card, C.BRAIN_COST] <= st[b + N_STOCK])


@kernel
def legal_main_actions(st, ct, p, out):
    """Write every legal Main Phase action of p into out; return how many (A_END first)."""
    b = p * PSIZE
    n = 0
    out[n] = encode(A_END, 0, 0)
    n += 1
    for h in range(st[b + N_HAND]):
        if can_play_character(st, ct, p, h):
            for s in range(NSLOT):
                out[n] = encode(A_PLAY, h, s)
                n += 1
        elif can_play_event(st, ct, p, h):
            out[n] = encode(A_EVENT, h, 0)
            n += 1
    for s in range(NSLOT):
        for t in range(s + 1, NSLOT):
            if st[b + S_CARD + s] != EMPTY or st[b + S_CARD + t] != EMPTY:
                out[n] = encode(A_MOVE, s, t)
                n += 1
    for s in range(NSLOT):
        if can_brainstorm(st, ct, p, s):
            out[n] = encode(A_BRAIN, s, 0)
            n += 1
    return n
