"""ONE PIECE zone primitives shared by the rules kernels (engine.py) and the effect
interpreter (effects/interp.py): moving cards between zones, drawing, K.O., placing
Characters and Stages, rule processing and stopping a game on an error."""

from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.events import log
from tcgsim.simcore.games.onepiece.layout import (
    BASE_BIAS,
    DECK,
    DON_RESTED,
    DRAW,
    EMPTY,
    EV_COST,
    F_BBASE,
    F_BKW,
    F_CARD,
    F_CBASE,
    F_CKW,
    F_CPOW,
    F_DON,
    F_NBASE,
    F_NKW,
    F_NPOW,
    F_SICK,
    F_TBASE,
    F_TKW,
    F_XKW,
    F_XPOW,
    FX_CONT_OK,
    G_ERROR,
    G_FX_SKIP,
    G_OVER,
    G_REASON,
    G_WINNER,
    HAND,
    HAND_CAP,
    HAND_COST,
    HAND_CTR,
    LEADER_REF,
    LIFE,
    LIFE_CAP,
    LIFE_UP,
    LOST,
    N_CHARS,
    N_DECK,
    N_HAND,
    N_LIFE,
    N_TRASH,
    NCHAR,
    PSIZE,
    R_BOTH_LOST,
    R_DECK_OUT,
    R_ERROR,
    S_KOS,
    SLOT_FIELDS,
    STAGE,
    STAGE_RESTED,
    STAGE_USED,
    TRASH,
    TRASH_CAP,
)
from tcgsim.simcore.jit import kernel
from tcgsim.strategies.onepiece import policy

# Invariant violations found in debug mode (G_ERROR).
ERR_CARDS, ERR_DON, ERR_NEGATIVE, ERR_LEADER, ERR_ZONES = 1, 2, 3, 4, 5
ERR_ILLEGAL, ERR_LOSS, ERR_RUNAWAY, ERR_FX_QUEUE, ERR_FX_STATE = 6, 7, 8, 9, 10
ERR_FX_KEPT = 11
ERRORS = {
    ERR_CARDS: "card count is not 50",
    ERR_DON: "DON!! total is not the player's (10, or what their deck rule says)",
    ERR_NEGATIVE: "a count went negative or over its capacity",
    ERR_LEADER: "the Leader moved",
    ERR_ZONES: "a card is in two zones or none",
    ERR_ILLEGAL: "a strategy chose an illegal action",
    ERR_LOSS: "the loser met no loss condition",
    ERR_RUNAWAY: "a turn exceeded the action limit",
    ERR_FX_QUEUE: "more pending abilities than the queue holds",
    ERR_FX_STATE: "an effect left a pending ability or an open look window behind",
    ERR_FX_KEPT: "kept continuous results differ from recomputing them",
}


# ---------------------------------------------------------------- rule processing (9)


@kernel
def rule_processing(st, lg):
    """9-2-1: every player meeting a defeat condition loses; all of them at once is a draw."""
    l0 = st[LOST]
    l1 = st[PSIZE + LOST]
    if l0 == 0 and l1 == 0:
        return
    st[G_OVER] = 1
    if l0 != 0 and l1 != 0:
        st[G_WINNER] = DRAW
        st[G_REASON] = R_BOTH_LOST
    elif l0 != 0:
        st[G_WINNER] = 1
        st[G_REASON] = l0
    else:
        st[G_WINNER] = 0
        st[G_REASON] = l1
    log(st, lg, E.E_END, st[G_WINNER], st[G_REASON], 0, 0)


@kernel
def fail(st, lg, code):
    """Stop the game on an invariant violation (debug mode) or an illegal decision."""
    if st[G_ERROR] == 0:
        st[G_ERROR] = code
    st[G_OVER] = 1
    st[G_WINNER] = DRAW
    st[G_REASON] = R_ERROR


# ---------------------------------------------------------------- zones


@kernel
def push(st, b, zone, count, cap, card):
    n = st[b + count]
    if n < cap:
        st[b + zone + n] = card
    st[b + count] = n + 1


@kernel
def remove_at(st, b, zone, count, i):
    """Take the card at index i out of a stack zone (its `zone` and `count` offsets in the
    player block at b), the cards above it moving down."""
    n = st[b + count]
    card = st[b + zone + i]
    for j in range(i, n - 1):
        st[b + zone + j] = st[b + zone + j + 1]
    st[b + count] = n - 1
    return card


@kernel
def add_life(st, p, card, face_up):
    """Put card on top of p's Life, face up or face down (3-10-2-1); False if Life is full."""
    b = p * PSIZE
    n = st[b + N_LIFE]
    if n >= LIFE_CAP:
        return False
    push(st, b, LIFE, N_LIFE, LIFE_CAP, card)
    if face_up:
        st[b + LIFE_UP] |= 1 << n
    else:
        st[b + LIFE_UP] &= ~(1 << n)
    return True


@kernel
def add_life_bottom(st, p, card, face_up):
    """Put card under p's Life cards, face up or face down (3-10-2-1); the marks of the
    cards above move up with them. False if Life is full."""
    b = p * PSIZE
    n = st[b + N_LIFE]
    if n >= LIFE_CAP:
        return False
    for i in range(n, 0, -1):
        st[b + LIFE + i] = st[b + LIFE + i - 1]
    st[b + LIFE] = card
    st[b + N_LIFE] = n + 1
    st[b + LIFE_UP] = (st[b + LIFE_UP] << 1) | (1 if face_up else 0)
    return True


@kernel
def take_life(st, p, bottom):
    """Take p's top (or bottom) Life card, EMPTY when there is none; the face-up marks of
    the cards left stay with them."""
    b = p * PSIZE
    n = st[b + N_LIFE]
    if n == 0:
        return EMPTY
    if bottom != 0:  # the marks of the cards above move down with them
        st[b + LIFE_UP] = (st[b + LIFE_UP] >> 1) & ((1 << (n - 1)) - 1)
    else:
        st[b + LIFE_UP] &= (1 << (n - 1)) - 1
    return remove_at(st, b, LIFE, N_LIFE, 0 if bottom != 0 else n - 1)


@kernel
def to_trash(st, p, card):
    push(st, p * PSIZE, TRASH, N_TRASH, TRASH_CAP, card)


@kernel
def take_from_hand(st, p, h):
    """Remove and return hand card h (the last card fills its place)."""
    b = p * PSIZE
    n = st[b + N_HAND] - 1
    card = st[b + HAND + h]
    st[b + HAND + h] = st[b + HAND + n]
    st[b + HAND_COST + h] = st[b + HAND_COST + n]
    st[b + HAND_COST + n] = 0
    st[b + HAND_CTR + h] = st[b + HAND_CTR + n]
    st[b + HAND_CTR + n] = 0
    st[b + N_HAND] = n
    return card


@kernel
def draw(st, lg, p):
    """Draw the top card; reaching 0 cards is an immediate defeat (9-2-1-2, 9-1-2)."""
    b = p * PSIZE
    n = st[b + N_DECK]
    if n == 0:
        return
    card = st[b + DECK + n - 1]
    st[b + N_DECK] = n - 1
    push(st, b, HAND, N_HAND, HAND_CAP, card)
    log(st, lg, E.E_DRAW, p, card, 0, 0)
    if n == 1:
        st[b + LOST] = R_DECK_OUT
        rule_processing(st, lg)


@kernel
def sum_modifiers(st, f):
    """Recompute the sums the rules read (F_XPOW, F_XKW) of the field card at offset f
    (owner block + ref), after one of its modifier fields changed: the highest base power
    set by an effect of any duration applies (4-9-2-1)."""
    base = max(max(st[f + F_TBASE], st[f + F_BBASE]), max(st[f + F_NBASE], st[f + F_CBASE]))
    st[f + F_XPOW] = st[f + F_CPOW] + st[f + F_NPOW] + (base - BASE_BIAS if base != 0 else 0)
    st[f + F_XKW] = st[f + F_TKW] | st[f + F_CKW] | st[f + F_BKW] | st[f + F_NKW]


@kernel
def leave_field(st, p, r):
    """Remove Character r from the area and return it; its given DON go to the cost area
    rested (6-5-5-4)."""
    b = p * PSIZE
    card = st[b + F_CARD + r]
    st[b + DON_RESTED] += st[b + F_DON + r]
    st[b + F_CARD + r] = EMPTY
    for f in SLOT_FIELDS:
        st[b + f + r] = 0
    st[b + N_CHARS] -= 1
    st[G_FX_SKIP] &= ~FX_CONT_OK
    return card


@kernel
def ko(st, lg, p, r):
    """10-2-1: K.O. Character r of p (to the trash)."""
    card = leave_field(st, p, r)
    to_trash(st, p, card)
    st[p * PSIZE + S_KOS] += 1
    log(st, lg, E.E_KO, p, card, 0, 0)


@kernel
def place_character(st, ct, lg, p, card, fams, prms, rng):
    """Play a Character into the area; with 5 already, trash one first (3-7-6-1: rule
    processing, not a K.O.). Returns the slot."""
    b = p * PSIZE
    if st[b + N_CHARS] >= NCHAR:
        r = policy.trash_for_space(st, ct, p, fams[p], prms[p], rng, 2 + p)
        if r < 0 or r >= NCHAR or st[b + F_CARD + r] == EMPTY:
            fail(st, lg, ERR_ILLEGAL)
            return -1
        old = leave_field(st, p, r)
        to_trash(st, p, old)
        log(st, lg, E.E_TRASH_SPACE, p, old, 0, 0)
    slot = 0
    while st[b + F_CARD + slot] != EMPTY:
        slot += 1
    st[b + F_CARD + slot] = card
    for f in SLOT_FIELDS:  # enters active (3-7-5), with no DON!! and no modifier
        st[b + f + slot] = 0
    st[b + F_SICK + slot] = 1  # played this turn (3-7-4)
    st[b + N_CHARS] += 1
    st[G_FX_SKIP] &= ~FX_CONT_OK
    log(st, lg, E.E_PLAY, p, card, slot, 0)
    return slot


@kernel
def place_stage(st, lg, p, card):
    """3-8-5-1: a new Stage trashes the old one."""
    b = p * PSIZE
    if st[b + STAGE] != EMPTY:
        old = st[b + STAGE]
        to_trash(st, p, old)
        log(st, lg, E.E_STAGE_OUT, p, old, 0, 0)
    st[b + STAGE] = card
    st[b + STAGE_RESTED] = 0
    st[b + STAGE_USED] = 0
    st[G_FX_SKIP] &= ~FX_CONT_OK
    log(st, lg, E.E_PLAY, p, card, LEADER_REF + 1, 0)


@kernel
def event_activated(st, ct, p, card):
    """p has activated Event `card` (played, as a counter, or by an effect): keep the
    highest base cost of the turn (EV_COST)."""
    b = p * PSIZE
    st[b + EV_COST] = max(st[b + EV_COST], ct[card, C.COST] + 1)
