"""Weiss Schwarz rules kernels (2023 manual, seed 002; 2017 English rules by ruleset): setup,
the turn's phases, attacks with triggers, counter, damage and battle, Encore, refresh,
level-up, check timings and play_game.

Every function works on one game's int32 state `st` (offsets in layout) and the card table
`ct`. Decisions are asked of the seat's strategy through strategies.weiss.policy.
"""

from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss import events as E
from tcgsim.simcore.games.weiss.events import log
from tcgsim.simcore.games.weiss.layout import (
    CLOCK,
    CLOCK_CAP,
    CX,
    DECK,
    DECK_CAP,
    DRAW,
    E2017,
    EMPTY,
    G_ACTIONS,
    G_ACTIVE,
    G_ATT,
    G_ATT_CARD,
    G_ATTACKS,
    G_DEF_CARD,
    G_ERROR,
    G_FIRST,
    G_OVER,
    G_REASON,
    G_RULESET,
    G_SHOT,
    G_TURN,
    G_TURN_CAP,
    G_WINNER,
    HAND,
    HAND_CAP,
    IN_DAMAGE,
    LEVEL,
    LEVEL_CAP,
    LIMBO,
    LOST,
    N_CLOCK,
    N_DECK,
    N_HAND,
    N_LEVEL,
    N_RES,
    N_STOCK,
    N_WR,
    NONE,
    NSLOT,
    PSIZE,
    R_BOTH_LOST,
    R_DECK_OUT,
    R_ERROR,
    R_LEVEL,
    R_TURN_CAP,
    RES,
    RES_CAP,
    REST,
    REVERSE,
    RP,
    S_ATTACKS,
    S_CANCELS,
    S_CARD,
    S_CLIMAX,
    S_CLOCKED,
    S_COUNTERS,
    S_DAMAGE,
    S_ENCORES,
    S_MULLIGAN,
    S_PLAYED,
    S_POW,
    S_REFRESH,
    S_SOUL,
    S_STATE,
    STAND,
    STOCK,
    STOCK_CAP,
    WR,
    WR_CAP,
)
from tcgsim.simcore.games.weiss.legal import (
    A_BRAIN,
    A_END,
    A_EVENT,
    A_MOVE,
    A_PLAY,
    DIRECT,
    FRONTAL,
    SIDE,
    act_a,
    act_b,
    act_kind,
    attack_limit_reached,
    can_attack_with,
    can_brainstorm,
    can_play_character,
    can_play_climax,
    can_play_event,
    counter_power,
    facing,
    power,
    soul,
)
from tcgsim.simcore.jit import kernel, kernel_apart
from tcgsim.simcore.rng import seed_stream, shuffle
from tcgsim.strategies.weiss import policy

OPENING_HAND = 5
HAND_LIMIT = 7
MAX_ACTIONS_PER_TURN = 1000
ENCORE_DEFAULT = 3  # every character has Encore [3] (10.2.3)
LEVEL_UP_AT = 7
LOSE_LEVEL = 4

# Invariant violations found in debug mode (G_ERROR).
ERR_CARDS, ERR_NEGATIVE, ERR_ZONES, ERR_ILLEGAL = 1, 2, 3, 4
ERR_LOSS, ERR_RUNAWAY, ERR_CX_CLOCK = 5, 6, 7
ERRORS = {
    ERR_CARDS: "card count is not 50",
    ERR_NEGATIVE: "a count went negative or over its capacity",
    ERR_ZONES: "a card is in two zones or none",
    ERR_ILLEGAL: "a strategy chose an illegal action",
    ERR_LOSS: "the loser met no loss condition",
    ERR_RUNAWAY: "a turn exceeded the action limit",
    ERR_CX_CLOCK: "a climax reached the clock through cancellable damage",
}


# ---------------------------------------------------------------- game end (1.2, 9.4)


@kernel
def rule_processing(st, lg):
    """1.2.2/1.2.3: every player meeting a loss condition loses; both at once is a draw."""
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


@kernel
def lose_now(st, lg, p, reason):
    """An immediate loss (9.2.2.1: deck and waiting room empty when a refresh is due)."""
    if st[G_OVER] != 0:
        return
    st[p * PSIZE + LOST] = reason
    rule_processing(st, lg)


# ---------------------------------------------------------------- zones


@kernel
def push(st, b, zone, count, cap, card):
    n = st[b + count]
    if n < cap:
        st[b + zone + n] = card
    st[b + count] = n + 1


@kernel
def to_wr(st, p, card):
    push(st, p * PSIZE, WR, N_WR, WR_CAP, card)


@kernel
def to_hand(st, p, card):
    push(st, p * PSIZE, HAND, N_HAND, HAND_CAP, card)


@kernel
def to_stock(st, p, card):
    push(st, p * PSIZE, STOCK, N_STOCK, STOCK_CAP, card)


@kernel
def to_clock(st, p, card):
    push(st, p * PSIZE, CLOCK, N_CLOCK, CLOCK_CAP, card)


@kernel
def pop_deck(st, p):
    """Remove and return the top card of p's deck (the caller checks it is not empty)."""
    b = p * PSIZE
    n = st[b + N_DECK] - 1
    st[b + N_DECK] = n
    return st[b + DECK + n]


@kernel
def take_from_hand(st, p, h):
    """Remove and return hand card h (the last card fills its place)."""
    b = p * PSIZE
    n = st[b + N_HAND] - 1
    card = st[b + HAND + h]
    st[b + HAND + h] = st[b + HAND + n]
    st[b + N_HAND] = n
    return card


@kernel
def take_from_wr(st, p, i):
    """Remove and return waiting-room card i, keeping the order of the others."""
    b = p * PSIZE
    n = st[b + N_WR] - 1
    card = st[b + WR + i]
    for j in range(i, n):
        st[b + WR + j] = st[b + WR + j + 1]
    st[b + N_WR] = n
    return card


@kernel
def pay_stock(st, p, n):
    """8.4.3: move n cards from the top of the stock to the waiting room."""
    b = p * PSIZE
    for _ in range(n):
        k = st[b + N_STOCK] - 1
        st[b + N_STOCK] = k
        to_wr(st, p, st[b + STOCK + k])


@kernel
def clear_slot(st, p, s):
    """Take the character out of slot s and return it (its turn modifiers are forgotten)."""
    b = p * PSIZE
    card = st[b + S_CARD + s]
    st[b + S_CARD + s] = EMPTY
    st[b + S_STATE + s] = STAND
    st[b + S_POW + s] = 0
    st[b + S_SOUL + s] = 0
    return card


@kernel
def place(st, lg, p, s, card, state):
    """A card entering a slot from another zone (M 3.6.3); an old character there goes to
    the waiting room (8.6.2.4.1, 9.6)."""
    b = p * PSIZE
    if st[b + S_CARD + s] != EMPTY:
        old = clear_slot(st, p, s)
        to_wr(st, p, old)
        log(st, lg, E.E_WR, p, old, s, 0)
    st[b + S_CARD + s] = card
    st[b + S_STATE + s] = state
    st[b + S_POW + s] = 0
    st[b + S_SOUL + s] = 0


# ---------------------------------------------------------------- level-up and refresh (9.2, 9.3)


@kernel
def level_up(st, ct, lg, p, fams, prms, rng, buf):
    """9.3: while the clock holds 7 or more, p puts 1 of the bottom 7 on the level zone and
    the other 6 into the waiting room; newer clock cards stay."""
    b = p * PSIZE
    while st[b + N_CLOCK] >= LEVEL_UP_AT and st[G_OVER] == 0:
        k = policy.level_up(st, ct, p, fams[p], prms[p], rng, 2 + p, buf)
        if k < 0 or k >= LEVEL_UP_AT:
            fail(st, lg, ERR_ILLEGAL)
            return
        card = st[b + CLOCK + k]
        push(st, b, LEVEL, N_LEVEL, LEVEL_CAP, card)
        for i in range(LEVEL_UP_AT):
            if i != k:
                to_wr(st, p, st[b + CLOCK + i])
        n = st[b + N_CLOCK]
        for i in range(LEVEL_UP_AT, n):
            st[b + CLOCK + i - LEVEL_UP_AT] = st[b + CLOCK + i]
        st[b + N_CLOCK] = n - LEVEL_UP_AT
        log(st, lg, E.E_LEVEL_UP, p, card, st[b + N_LEVEL], 0)


@kernel
def res_has_climax(st, ct, p):
    b = p * PSIZE
    for i in range(st[b + N_RES]):
        if ct[st[b + RES + i], C.TYPE] == C.CLIMAX:
            return True
    return False


@kernel
def refresh(st, ct, lg, p, fams, prms, rng, buf):
    """9.2: when p's deck is empty, the waiting room becomes the deck, shuffled. 2023 (M 9.2.2):
    the top card then goes to the clock at once (and can level up, even mid-damage); 2017
    (E 9.2.2): the Refresh Point goes up instead. With the waiting room empty as well
    (9.2.2.1): in a damage process p loses at once unless a climax is in the resolution
    zone; outside one, 2017 (E 9.2.2.1) loses at once while 2023 (M 9.2.2.1 as written) ends
    the refresh, and the loss waits for the check timing (9.4.1.2) unless the waiting room is
    refilled first. A refresh that ended this way runs again once the waiting room has cards
    (see pending_refresh)."""
    b = p * PSIZE
    while st[b + N_DECK] == 0 and st[G_OVER] == 0:
        n = st[b + N_WR]
        if n == 0:
            if st[b + IN_DAMAGE] != 0:
                if res_has_climax(st, ct, p):
                    return  # deferred until the waiting room is refilled (9.2.2.1)
            elif st[G_RULESET] != E2017:
                return  # M 9.2.2.1: no loss outside damage; 9.4.1.2 at the check timing
            lose_now(st, lg, p, R_DECK_OUT)
            return
        for i in range(n):
            st[b + DECK + i] = st[b + WR + i]
        st[b + N_DECK] = n
        st[b + N_WR] = 0
        shuffle(rng, p, st, b + DECK, n)
        st[b + S_REFRESH] += 1
        log(st, lg, E.E_REFRESH, p, n, 0, 0)
        if st[G_RULESET] == E2017:
            st[b + RP] += 1
            return
        card = pop_deck(st, p)  # the penalty: not damage, never cancelled (4.10.2)
        to_clock(st, p, card)
        log(st, lg, E.E_PENALTY, p, card, 0, 0)
        level_up(st, ct, lg, p, fams, prms, rng, buf)


@kernel
def pending_refresh(st, ct, lg, p, fams, prms, rng, buf):
    """A refresh that 9.2.2.1 ended without shuffling runs again once p's deck is empty and
    the waiting room has cards: done before the deck is next used and at check timings."""
    b = p * PSIZE
    if st[b + N_DECK] == 0 and st[b + N_WR] > 0 and st[G_OVER] == 0:
        refresh(st, ct, lg, p, fams, prms, rng, buf)


@kernel
def draw(st, ct, lg, p, fams, prms, rng, buf):
    """Draw the top card; an emptied deck refreshes at once (3.2.3.2, 9.2.1)."""
    b = p * PSIZE
    if st[b + N_DECK] == 0:
        pending_refresh(st, ct, lg, p, fams, prms, rng, buf)
    if st[b + N_DECK] == 0 or st[G_OVER] != 0:
        return
    card = pop_deck(st, p)
    to_hand(st, p, card)
    log(st, lg, E.E_DRAW, p, card, 0, 0)
    if st[b + N_DECK] == 0:
        refresh(st, ct, lg, p, fams, prms, rng, buf)


@kernel
def deck_to_zone(st, ct, lg, p, zone, fams, prms, rng, buf):
    """Put the top card of p's deck into stock (zone 0) or clock (zone 1); refresh if empty."""
    b = p * PSIZE
    if st[b + N_DECK] == 0:
        pending_refresh(st, ct, lg, p, fams, prms, rng, buf)
    if st[b + N_DECK] == 0 or st[G_OVER] != 0:
        return
    card = pop_deck(st, p)
    if zone == 0:
        to_stock(st, p, card)
    else:
        to_clock(st, p, card)
        level_up(st, ct, lg, p, fams, prms, rng, buf)
    if st[b + N_DECK] == 0:
        refresh(st, ct, lg, p, fams, prms, rng, buf)


# ---------------------------------------------------------------- damage (4.10)


@kernel
def deal_damage(st, ct, lg, p, amount, cancellable, fams, prms, rng, buf):
    """Deal `amount` damage to p as one instance (4.10.1), the digest's section 3 exactly.

    Cards are revealed one at a time into p's resolution zone; an emptied deck refreshes
    before the card is looked at (9.2.1). A revealed climax cancels the whole instance: every
    revealed card goes to the waiting room (4.10.1.2). Otherwise, after `amount` cards, all go
    on top of the clock in reveal order (4.10.1.3), then level-up. `cancellable` 0 is the
    engine flag for "cannot be cancelled" (climaxes go to the clock as ordinary cards).
    Returns 1 if cancelled, 0 if taken, -1 if there was no damage (amount <= 0, 7.5.1.2.1)."""
    if amount <= 0 or st[G_OVER] != 0:
        return -1
    b = p * PSIZE
    st[b + IN_DAMAGE] = 1
    st[b + N_RES] = 0
    for _ in range(amount):
        if st[b + N_DECK] == 0:
            pending_refresh(st, ct, lg, p, fams, prms, rng, buf)
            if st[G_OVER] != 0:
                st[b + IN_DAMAGE] = 0
                return -1
        if st[b + N_DECK] == 0:  # a deferred refresh that found nothing to shuffle
            st[b + IN_DAMAGE] = 0
            lose_now(st, lg, p, R_DECK_OUT)
            return -1
        card = pop_deck(st, p)
        push(st, b, RES, N_RES, RES_CAP, card)
        if st[b + N_DECK] == 0:
            refresh(st, ct, lg, p, fams, prms, rng, buf)
            if st[G_OVER] != 0:
                return -1
        if cancellable != 0 and ct[card, C.TYPE] == C.CLIMAX:
            n = st[b + N_RES]
            for i in range(n):
                to_wr(st, p, st[b + RES + i])
            st[b + N_RES] = 0
            st[b + IN_DAMAGE] = 0
            st[b + S_CANCELS] += 1
            log(st, lg, E.E_DAMAGE, p, amount, 1, n)
            if st[b + N_DECK] == 0:
                refresh(st, ct, lg, p, fams, prms, rng, buf)
            return 1
    n = st[b + N_RES]
    for i in range(n):
        card = st[b + RES + i]
        if cancellable != 0 and ct[card, C.TYPE] == C.CLIMAX:
            fail(st, lg, ERR_CX_CLOCK)
        to_clock(st, p, card)
    st[b + N_RES] = 0
    st[b + IN_DAMAGE] = 0
    st[b + S_DAMAGE] += n
    log(st, lg, E.E_DAMAGE, p, amount, 0, n)
    level_up(st, ct, lg, p, fams, prms, rng, buf)
    if st[b + N_DECK] == 0 and st[b + N_WR] > 0:
        # a refresh deferred by 9.2.2.1 runs once the level-up has refilled the waiting room
        refresh(st, ct, lg, p, fams, prms, rng, buf)
    return 0


# ---------------------------------------------------------------- check timing (8.5.1)


@kernel
def check_timing(st, ct, lg, fams, prms, rng, buf):
    """8.5.1: check-type rule actions at once, repeated until none apply: the loss check
    (9.4: level 4, or deck and waiting room both empty) and, in 2017, the Refresh Point
    (E 9.9: the top card of the deck to the clock per point)."""
    while st[G_OVER] == 0:
        if st[N_DECK] == 0 or st[PSIZE + N_DECK] == 0:
            for k in range(2):
                pending_refresh(st, ct, lg, st[G_ACTIVE] if k == 0 else 1 - st[G_ACTIVE],
                                fams, prms, rng, buf)
            if st[G_OVER] != 0:
                return
        for p in range(2):
            b = p * PSIZE
            if st[b + N_LEVEL] >= LOSE_LEVEL:
                st[b + LOST] = R_LEVEL
            elif st[b + N_DECK] == 0 and st[b + N_WR] == 0:
                st[b + LOST] = R_DECK_OUT
        if st[LOST] != 0 or st[PSIZE + LOST] != 0:
            rule_processing(st, lg)
            return
        acted = False
        for k in range(2):
            p = st[G_ACTIVE] if k == 0 else 1 - st[G_ACTIVE]
            b = p * PSIZE
            while st[b + RP] > 0 and st[G_OVER] == 0:
                st[b + RP] -= 1
                acted = True
                if st[b + N_DECK] == 0:
                    refresh(st, ct, lg, p, fams, prms, rng, buf)
                    continue
                card = st[b + DECK + st[b + N_DECK] - 1]
                log(st, lg, E.E_PENALTY, p, card, 0, 0)
                deck_to_zone(st, ct, lg, p, 1, fams, prms, rng, buf)
        if not acted:
            return


# ---------------------------------------------------------------- triggers (4.12)


@kernel
def wr_candidates(st, ct, p, what, max_level, buf):
    """Waiting-room indices of characters (what 0), climaxes (1) or characters with a soul
    trigger icon (2) of level <= max_level; return how many."""
    b = p * PSIZE
    n = 0
    for i in range(st[b + N_WR]):
        card = st[b + WR + i]
        t = ct[card, C.TYPE]
        ok = False
        if what == 0:
            ok = t == C.CHARACTER and ct[card, C.LEVEL] <= max_level
        elif what == 1:
            ok = t == C.CLIMAX
        else:
            ok = t == C.CHARACTER and (ct[card, C.TRIG1] == C.T_SOUL
                                       or ct[card, C.TRIG2] == C.T_SOUL)
        if ok:
            buf[n] = i
            n += 1
    return n


@kernel
def ask_trigger(st, ct, lg, p, icon, n, fams, prms, rng, buf):
    """Ask p's strategy about an optional icon with n candidates in buf; -1 means decline."""
    if n == 0:
        return -1
    k = policy.trigger(st, ct, p, icon, fams[p], prms[p], rng, 2 + p, buf, n)
    if k < 0:
        return -1
    if (k & 0xFF) >= n:
        fail(st, lg, ERR_ILLEGAL)
        return -1
    return k


@kernel
def resolve_icon(st, ct, lg, p, icon, fams, prms, rng, buf):
    """Carry out one trigger icon for the turn player p (4.12.2)."""
    b = p * PSIZE
    o = 1 - p
    if icon == C.T_NONE:
        return
    if st[G_RULESET] == E2017 and (icon == C.T_GATE or icon == C.T_CHOICE):
        return  # absent from the 2017 rules (4.12.2.9, 4.12.2.11)
    log(st, lg, E.E_ICON, p, icon, -1, 0)
    att = st[G_ATT]
    if icon == C.T_SOUL:
        if att >= 0 and st[b + S_CARD + att] == st[G_ATT_CARD]:
            st[b + S_SOUL + att] += 1
    elif icon == C.T_SHOT:
        st[G_SHOT] += 1
    elif icon == C.T_RETURN:
        n = 0
        for s in range(NSLOT):
            if st[o * PSIZE + S_CARD + s] != EMPTY:
                buf[n] = s
                n += 1
        k = ask_trigger(st, ct, lg, p, icon, n, fams, prms, rng, buf)
        if k >= 0:
            card = clear_slot(st, o, buf[k & 0xFF])
            to_hand(st, o, card)  # not to the waiting room: no Encore
            log(st, lg, E.E_ICON, p, icon, card, 1)
    elif icon == C.T_POOL or icon == C.T_DRAW:
        buf[0] = 0
        if st[b + N_DECK] > 0 and ask_trigger(st, ct, lg, p, icon, 1, fams, prms, rng,
                                              buf) >= 0:
            if icon == C.T_POOL:
                deck_to_zone(st, ct, lg, p, 0, fams, prms, rng, buf)
            else:
                draw(st, ct, lg, p, fams, prms, rng, buf)
    elif icon == C.T_TREASURE:
        if st[b + LIMBO] != EMPTY:
            to_hand(st, p, st[b + LIMBO])  # forced: it never reaches the stock (4.12.2.8.1)
            st[b + LIMBO] = EMPTY
        buf[0] = 0
        if st[b + N_DECK] > 0 and ask_trigger(st, ct, lg, p, icon, 1, fams, prms, rng,
                                              buf) >= 0:
            deck_to_zone(st, ct, lg, p, 0, fams, prms, rng, buf)
    elif icon == C.T_COMEBACK or icon == C.T_GATE or icon == C.T_CHOICE:
        what = 0 if icon == C.T_COMEBACK else (1 if icon == C.T_GATE else 2)
        n = wr_candidates(st, ct, p, what, 99, buf)
        k = ask_trigger(st, ct, lg, p, icon, n, fams, prms, rng, buf)
        if k >= 0:
            card = take_from_wr(st, p, buf[k & 0xFF])
            if icon == C.T_CHOICE and (k >> 8) == 1:
                to_stock(st, p, card)
            else:
                to_hand(st, p, card)
            log(st, lg, E.E_ICON, p, icon, card, 1)
    elif icon == C.T_STANDBY:
        n = wr_candidates(st, ct, p, 0, st[b + N_LEVEL] + 1, buf)
        k = ask_trigger(st, ct, lg, p, icon, n, fams, prms, rng, buf)
        if k >= 0:
            s = (k >> 8) & 0xFF
            if s >= NSLOT:
                fail(st, lg, ERR_ILLEGAL)
                return
            card = take_from_wr(st, p, buf[k & 0xFF])
            place(st, lg, p, s, card, REST)  # 4.12.2.10: Rested, no colour or cost
            log(st, lg, E.E_ICON, p, icon, card, 1)


# ---------------------------------------------------------------- events and abilities


@kernel
def resolve_event(st, ct, lg, p, card, fams, prms, rng, buf):
    """A main-phase event: its effect from the resolution zone, then to the waiting room."""
    b = p * PSIZE
    eff = ct[card, C.EVENT_EFF]
    val = ct[card, C.EVENT_VAL]
    st[b + LIMBO] = card
    log(st, lg, E.E_EVENT, p, card, eff, val)
    if eff == C.EV_DRAW:
        for _ in range(val):
            draw(st, ct, lg, p, fams, prms, rng, buf)
    elif eff == C.EV_BURN:
        deal_damage(st, ct, lg, 1 - p, val, 1, fams, prms, rng, buf)
    elif eff == C.EV_SALVAGE:
        for _ in range(val):
            n = wr_candidates(st, ct, p, 0, 99, buf)
            k = ask_trigger(st, ct, lg, p, C.T_COMEBACK, n, fams, prms, rng, buf)
            if k < 0:
                break
            to_hand(st, p, take_from_wr(st, p, buf[k & 0xFF]))
    if st[b + LIMBO] != EMPTY:
        to_wr(st, p, card)
        st[b + LIMBO] = EMPTY


@kernel
def brainstorm(st, ct, lg, p, s, fams, prms, rng, buf):
    """10.7: pay, rest this, flip N cards one at a time into the resolution zone (a refresh
    may interrupt; flipped cards are not shuffled in), all to the waiting room together,
    then draw 1 per climax among them."""
    b = p * PSIZE
    card = st[b + S_CARD + s]
    pay_stock(st, p, ct[card, C.BRAIN_COST])
    st[b + S_STATE + s] = REST
    st[b + N_RES] = 0
    for _ in range(ct[card, C.BRAIN_N]):
        if st[b + N_DECK] == 0:
            pending_refresh(st, ct, lg, p, fams, prms, rng, buf)
        if st[b + N_DECK] == 0 or st[G_OVER] != 0:
            break
        push(st, b, RES, N_RES, RES_CAP, pop_deck(st, p))
        if st[b + N_DECK] == 0:
            refresh(st, ct, lg, p, fams, prms, rng, buf)
    if st[G_OVER] != 0:
        return
    hits = 0
    n = st[b + N_RES]
    for i in range(n):
        c = st[b + RES + i]
        if ct[c, C.TYPE] == C.CLIMAX:
            hits += 1
        to_wr(st, p, c)
    st[b + N_RES] = 0
    log(st, lg, E.E_BRAIN, p, card, hits, 0)
    if st[b + N_DECK] == 0:
        refresh(st, ct, lg, p, fams, prms, rng, buf)
    for _ in range(hits):
        draw(st, ct, lg, p, fams, prms, rng, buf)


@kernel
def stage_to_wr(st, ct, lg, p, s, fams, prms, rng, buf):
    """A character goes from slot s to the waiting room; its Encore (10.2) may return it
    Rested to the same slot: default Encore [3] or the card's keyword Encore."""
    b = p * PSIZE
    card = clear_slot(st, p, s)
    to_wr(st, p, card)
    log(st, lg, E.E_WR, p, card, s, 0)
    kind = ct[card, C.ENCORE_KIND]
    can3 = st[b + N_STOCK] >= ENCORE_DEFAULT
    can_kw = False
    if kind == C.ENC_STOCK:
        can_kw = st[b + N_STOCK] >= ct[card, C.ENCORE_COST]
    elif kind == C.ENC_HAND:
        for h in range(st[b + N_HAND]):
            if ct[st[b + HAND + h], C.TYPE] == C.CHARACTER:
                can_kw = True
    if not can3 and not can_kw:
        return
    d = policy.encore(st, ct, p, s, card, fams[p], prms[p], rng, 2 + p, buf)
    how = d & 0xF
    if how == 0:
        log(st, lg, E.E_ENCORE, p, card, 0, 0)
        return
    if (how == 1 and not can3) or (how == 2 and not can_kw) or how > 2:
        fail(st, lg, ERR_ILLEGAL)
        return
    st[b + N_WR] -= 1  # the character is still the top card of the waiting room
    if how == 1:
        pay_stock(st, p, ENCORE_DEFAULT)
    elif kind == C.ENC_STOCK:
        pay_stock(st, p, ct[card, C.ENCORE_COST])
    else:
        h = d >> 4
        if h >= st[b + N_HAND] or ct[st[b + HAND + h], C.TYPE] != C.CHARACTER:
            fail(st, lg, ERR_ILLEGAL)
            return
        to_wr(st, p, take_from_hand(st, p, h))
    place(st, lg, p, s, card, REST)
    st[b + S_ENCORES] += 1
    log(st, lg, E.E_ENCORE, p, card, how, 0)


# ---------------------------------------------------------------- attack (7)


@kernel
def counter_step(st, ct, lg, p, fs, fams, prms, rng, buf):
    """7.4: the non-turn player may take one action: Backup from hand or a counter event,
    adding power to the defending character."""
    o = 1 - p
    ob = o * PSIZE
    usable = False
    for h in range(st[ob + N_HAND]):
        if counter_power(st, ct, o, h) > 0:
            usable = True
            break
    if not usable:
        return
    h = policy.counter(st, ct, o, fs, fams[o], prms[o], rng, 2 + o, buf)
    if h < 0:
        return
    if h >= st[ob + N_HAND] or counter_power(st, ct, o, h) <= 0:
        fail(st, lg, ERR_ILLEGAL)
        return
    v = counter_power(st, ct, o, h)
    card = take_from_hand(st, o, h)
    if ct[card, C.BACKUP] > 0:
        pay_stock(st, o, ct[card, C.BACKUP_COST])
    else:
        pay_stock(st, o, ct[card, C.COST])
    to_wr(st, o, card)
    st[ob + S_POW + fs] += v
    st[ob + S_COUNTERS] += 1
    log(st, lg, E.E_COUNTER, o, card, v, 0)


@kernel_apart
def attack(st, ct, lg, p, s, kind, fams, prms, rng, buf, debug, decks):
    """One Attack Sub-Phase (7.2-7.6): declaration, trigger, counter, damage, battle."""
    b = p * PSIZE
    o = 1 - p
    ob = o * PSIZE
    fs = facing(s)
    dcard = st[ob + S_CARD + fs]
    if dcard == EMPTY:
        kind = DIRECT  # forced when the facing slot is empty (7.2.1.4.1)
    elif kind == DIRECT:
        fail(st, lg, ERR_ILLEGAL)
        return
    change = 0
    if kind == DIRECT:
        change = 1
    elif kind == SIDE:
        change = -ct[dcard, C.LEVEL]
    st[b + S_SOUL + s] += change  # until end of turn, locked in (7.2.1.4.3)
    st[b + S_STATE + s] = REST
    st[G_ATT] = s
    st[G_ATT_CARD] = st[b + S_CARD + s]
    st[G_DEF_CARD] = dcard if kind == FRONTAL else EMPTY
    st[G_SHOT] = 0
    st[b + S_ATTACKS] += 1
    log(st, lg, E.E_ATTACK, p, st[G_ATT_CARD], kind, change)
    # Trigger Step (7.3).
    if st[b + N_DECK] == 0:
        pending_refresh(st, ct, lg, p, fams, prms, rng, buf)
    if st[b + N_DECK] > 0 and st[G_OVER] == 0:
        card = pop_deck(st, p)
        st[b + LIMBO] = card
        log(st, lg, E.E_TRIGGER, p, card, 0, 0)
        if st[b + N_DECK] == 0:
            refresh(st, ct, lg, p, fams, prms, rng, buf)
        resolve_icon(st, ct, lg, p, ct[card, C.TRIG1], fams, prms, rng, buf)
        resolve_icon(st, ct, lg, p, ct[card, C.TRIG2], fams, prms, rng, buf)
        if st[b + LIMBO] != EMPTY:
            to_stock(st, p, card)
            st[b + LIMBO] = EMPTY
    check_timing(st, ct, lg, fams, prms, rng, buf)
    if debug:
        check_invariants(st, ct, lg, decks)
    if st[G_OVER] != 0:
        return
    # Counter Step (7.4), frontal only, with the defender still there.
    if kind == FRONTAL and st[ob + S_CARD + fs] == dcard:
        counter_step(st, ct, lg, p, fs, fams, prms, rng, buf)
        check_timing(st, ct, lg, fams, prms, rng, buf)
        if st[G_OVER] != 0:
            return
    # Damage Step (7.5): soul damage if the attacker is still in its slot.
    if st[b + S_CARD + s] == st[G_ATT_CARD]:
        sv = soul(st, ct, p, s)
        r = deal_damage(st, ct, lg, o, sv, 1, fams, prms, rng, buf)
        shots = 0
        if r >= 0:
            if r == 1:
                shots = st[G_SHOT]
            st[G_SHOT] = 0  # the Shot waits for the next damage only
        check_timing(st, ct, lg, fams, prms, rng, buf)
        for _ in range(shots):
            if st[G_OVER] != 0:
                return
            log(st, lg, E.E_SHOT, p, st[G_ATT_CARD], 0, 0)
            deal_damage(st, ct, lg, o, 1, 1, fams, prms, rng, buf)
            check_timing(st, ct, lg, fams, prms, rng, buf)
        if st[G_OVER] != 0:
            return
    # Battle Step (7.6), frontal only, both characters still there.
    if (kind == FRONTAL and st[b + S_CARD + s] == st[G_ATT_CARD]
            and st[ob + S_CARD + fs] == dcard):
        pa = power(st, ct, p, s)
        pd = power(st, ct, o, fs)
        if pa <= pd:
            st[b + S_STATE + s] = REVERSE
            log(st, lg, E.E_REVERSE, p, st[G_ATT_CARD], pa, pd)
        if pd <= pa:
            st[ob + S_STATE + fs] = REVERSE
            log(st, lg, E.E_REVERSE, o, dcard, pd, pa)
        check_timing(st, ct, lg, fams, prms, rng, buf)
    st[G_ATT] = EMPTY
    st[G_DEF_CARD] = EMPTY
    st[G_SHOT] = 0


@kernel
def encore_step(st, ct, lg, fams, prms, rng, buf):
    """7.7: the turn player sends their Reversed characters to the waiting room one at a time
    (Encore may bring each back), then the non-turn player one card at a time, returning to
    the turn player after each, until none are Reversed."""
    t = st[G_ACTIVE]
    while st[G_OVER] == 0:
        done = True
        for k in range(2):
            p = t if k == 0 else 1 - t
            b = p * PSIZE
            for s in range(NSLOT):
                if st[b + S_CARD + s] != EMPTY and st[b + S_STATE + s] == REVERSE:
                    stage_to_wr(st, ct, lg, p, s, fams, prms, rng, buf)
                    check_timing(st, ct, lg, fams, prms, rng, buf)
                    done = False
                    break
            if not done:
                break
        if done:
            return


# ---------------------------------------------------------------- main phase (6.5)


@kernel
def apply_main_action(st, ct, lg, p, action, fams, prms, rng, buf):
    """Check and carry out one Main Phase action; an illegal one stops the game."""
    b = p * PSIZE
    kind = act_kind(action)
    a = act_a(action)
    c = act_b(action)
    if kind == A_PLAY:
        if a >= st[b + N_HAND] or c >= NSLOT or not can_play_character(st, ct, p, a):
            fail(st, lg, ERR_ILLEGAL)
            return
        card = take_from_hand(st, p, a)
        pay_stock(st, p, ct[card, C.COST])
        place(st, lg, p, c, card, STAND)  # the old character goes without Encore (see docs)
        st[b + S_PLAYED] += 1
        log(st, lg, E.E_PLAY, p, card, c, 0)
    elif kind == A_EVENT:
        if a >= st[b + N_HAND] or not can_play_event(st, ct, p, a):
            fail(st, lg, ERR_ILLEGAL)
            return
        card = take_from_hand(st, p, a)
        pay_stock(st, p, ct[card, C.COST])
        st[b + S_PLAYED] += 1
        resolve_event(st, ct, lg, p, card, fams, prms, rng, buf)
    elif kind == A_MOVE:
        if a >= c or c >= NSLOT:
            fail(st, lg, ERR_ILLEGAL)
            return
        for off in (S_CARD, S_STATE, S_POW, S_SOUL):  # states and effects follow (3.1.4)
            x = st[b + off + a]
            st[b + off + a] = st[b + off + c]
            st[b + off + c] = x
        log(st, lg, E.E_MOVE, p, a, c, 0)
    elif kind == A_BRAIN:
        if a >= NSLOT or not can_brainstorm(st, ct, p, a):
            fail(st, lg, ERR_ILLEGAL)
            return
        brainstorm(st, ct, lg, p, a, fams, prms, rng, buf)
    else:
        fail(st, lg, ERR_ILLEGAL)


# ---------------------------------------------------------------- setup and turns


@kernel
def setup(st, ct, lg, decks, first, seed, pair, game, fams, prms, rng, buf, ruleset,
          turn_cap):
    """5.2.1: shuffle, draw 5, then each player (first player first) may put any number of
    hand cards into the waiting room and draw as many, once."""
    st[:] = 0
    for p in range(2):
        b = p * PSIZE
        seed_stream(rng, p, seed, pair, p)  # deck p's shuffles: shared by the pair
        seed_stream(rng, 2 + p, seed, game, 2 + p)  # seat p's decisions
        for i in range(DECK_CAP):
            st[b + DECK + i] = decks[p, i]
        st[b + N_DECK] = DECK_CAP
        shuffle(rng, p, st, b + DECK, DECK_CAP)
        for s in range(NSLOT):
            st[b + S_CARD + s] = EMPTY
        st[b + CX] = EMPTY
        st[b + LIMBO] = EMPTY
    st[G_FIRST] = first
    st[G_ACTIVE] = first
    st[G_WINNER] = NONE
    st[G_ATT] = EMPTY
    st[G_DEF_CARD] = EMPTY
    st[G_RULESET] = ruleset
    st[G_TURN_CAP] = turn_cap
    log(st, lg, E.E_FIRST, first, 0, 0, 0)
    for p in range(2):
        for _ in range(OPENING_HAND):
            draw(st, ct, lg, p, fams, prms, rng, buf)
    for k in range(2):
        p = first if k == 0 else 1 - first
        mulligan(st, ct, lg, p, policy.mulligan(st, ct, p, fams[p], prms[p], rng, 2 + p),
                 fams, prms, rng, buf)


@kernel
def mulligan(st, ct, lg, p, mask, fams, prms, rng, buf):
    """5.2.1.4: the hand cards in `mask` (bit h = hand index h) go to the waiting room; draw
    as many."""
    b = p * PSIZE
    n = 0
    for h in range(st[b + N_HAND] - 1, -1, -1):
        if (mask >> h) & 1:
            to_wr(st, p, take_from_hand(st, p, h))
            n += 1
    for _ in range(n):
        draw(st, ct, lg, p, fams, prms, rng, buf)
    st[b + S_MULLIGAN] = n
    if n > 0:
        log(st, lg, E.E_MULLIGAN, p, n, 0, 0)


@kernel
def start_turn(st, ct, lg, fams, prms, rng, buf):
    """Advance the turn, then Stand (6.2), Draw (6.3) and Clock (6.4). False if it ended."""
    if st[G_TURN] >= st[G_TURN_CAP]:
        st[G_OVER] = 1
        st[G_WINNER] = DRAW
        st[G_REASON] = R_TURN_CAP
        log(st, lg, E.E_END, DRAW, R_TURN_CAP, 0, 0)
        return False
    st[G_TURN] += 1
    st[G_ATTACKS] = 0
    st[G_ACTIONS] = 0
    p = st[G_ACTIVE]
    b = p * PSIZE
    log(st, lg, E.E_TURN, p, st[G_TURN], 0, 0)
    for s in range(NSLOT):
        if st[b + S_CARD + s] != EMPTY:
            st[b + S_STATE + s] = STAND
    check_timing(st, ct, lg, fams, prms, rng, buf)
    draw(st, ct, lg, p, fams, prms, rng, buf)  # no first-turn exception (6.3)
    check_timing(st, ct, lg, fams, prms, rng, buf)
    if st[G_OVER] != 0:
        return False
    h = policy.clock(st, ct, p, fams[p], prms[p], rng, 2 + p, buf)
    if h >= 0:
        if h >= st[b + N_HAND]:
            fail(st, lg, ERR_ILLEGAL)
            return False
        card = take_from_hand(st, p, h)
        to_clock(st, p, card)  # not damage: never cancelled (4.10.2)
        st[b + S_CLOCKED] += 1
        log(st, lg, E.E_CLOCK, p, card, 0, 0)
        level_up(st, ct, lg, p, fams, prms, rng, buf)  # before the draws (9.3)
        draw(st, ct, lg, p, fams, prms, rng, buf)
        draw(st, ct, lg, p, fams, prms, rng, buf)
        check_timing(st, ct, lg, fams, prms, rng, buf)
    return st[G_OVER] == 0


@kernel_apart
def main_phase(st, ct, lg, fams, prms, rng, buf, debug, decks):
    """6.5: the turn player's strategy acts until it passes."""
    p = st[G_ACTIVE]
    while st[G_OVER] == 0:
        action = policy.main_action(st, ct, p, fams[p], prms[p], rng, 2 + p, buf)
        if act_kind(action) == A_END:
            return
        apply_main_action(st, ct, lg, p, action, fams, prms, rng, buf)
        check_timing(st, ct, lg, fams, prms, rng, buf)
        if debug:
            check_invariants(st, ct, lg, decks)
        st[G_ACTIONS] += 1
        if st[G_ACTIONS] > MAX_ACTIONS_PER_TURN:
            fail(st, lg, ERR_RUNAWAY)


@kernel
def climax_phase(st, ct, lg, fams, prms, rng, buf):
    """6.6: at most one climax, meeting its colour requirement."""
    p = st[G_ACTIVE]
    b = p * PSIZE
    h = policy.climax(st, ct, p, fams[p], prms[p], rng, 2 + p, buf)
    if h < 0:
        return
    if h >= st[b + N_HAND] or not can_play_climax(st, ct, p, h):
        fail(st, lg, ERR_ILLEGAL)
        return
    card = take_from_hand(st, p, h)
    st[b + CX] = card
    st[b + S_CLIMAX] += 1
    log(st, lg, E.E_CLIMAX, p, card, 0, 0)
    check_timing(st, ct, lg, fams, prms, rng, buf)


@kernel
def attack_phase(st, ct, lg, fams, prms, rng, buf, debug, decks):
    """6.7: Attack Sub-Phases until the turn player ends them, then the Encore Step."""
    p = st[G_ACTIVE]
    while st[G_OVER] == 0 and not attack_limit_reached(st):
        d = policy.attack(st, ct, p, fams[p], prms[p], rng, 2 + p, buf)
        if d < 0:
            break
        s = d & 0xFF
        kind = d >> 8
        if s >= 3 or kind > DIRECT or not can_attack_with(st, p, s):
            fail(st, lg, ERR_ILLEGAL)
            return
        attack(st, ct, lg, p, s, kind, fams, prms, rng, buf, debug, decks)
        st[G_ATTACKS] += 1
        if debug:
            check_invariants(st, ct, lg, decks)
    if st[G_OVER] == 0:
        encore_step(st, ct, lg, fams, prms, rng, buf)


@kernel
def end_phase(st, ct, lg, fams, prms, rng, buf):
    """6.8: discard to 7, the climax to the waiting room, turn effects end."""
    p = st[G_ACTIVE]
    b = p * PSIZE
    while st[b + N_HAND] > HAND_LIMIT and st[G_OVER] == 0:
        h = policy.discard(st, ct, p, fams[p], prms[p], rng, 2 + p, buf)
        if h < 0 or h >= st[b + N_HAND]:
            fail(st, lg, ERR_ILLEGAL)
            return
        card = take_from_hand(st, p, h)
        to_wr(st, p, card)
        log(st, lg, E.E_DISCARD, p, card, 0, 0)
    if st[b + CX] != EMPTY:
        to_wr(st, p, st[b + CX])
        st[b + CX] = EMPTY
    check_timing(st, ct, lg, fams, prms, rng, buf)
    for q in range(2):
        for s in range(NSLOT):
            st[q * PSIZE + S_POW + s] = 0
            st[q * PSIZE + S_SOUL + s] = 0
    st[G_ACTIVE] = 1 - p


@kernel_apart
def play_game(st, ct, lg, decks, first, seed, pair, game, fams, prms, rng, buf, ruleset,
              turn_cap, debug):
    """Play one whole game into st; the outcome is in G_WINNER and G_REASON."""
    setup(st, ct, lg, decks, first, seed, pair, game, fams, prms, rng, buf, ruleset,
          turn_cap)
    if debug:
        check_invariants(st, ct, lg, decks)
    while st[G_OVER] == 0:
        if not start_turn(st, ct, lg, fams, prms, rng, buf):
            break
        if debug:
            check_invariants(st, ct, lg, decks)
        main_phase(st, ct, lg, fams, prms, rng, buf, debug, decks)
        if st[G_OVER] != 0:
            break
        climax_phase(st, ct, lg, fams, prms, rng, buf)
        if st[G_OVER] != 0:
            break
        attack_phase(st, ct, lg, fams, prms, rng, buf, debug, decks)
        if st[G_OVER] != 0:
            break
        end_phase(st, ct, lg, fams, prms, rng, buf)
        if debug:
            check_invariants(st, ct, lg, decks)
    if debug:
        check_invariants(st, ct, lg, decks)
        check_loss(st, lg)


# ---------------------------------------------------------------- invariants (debug mode)


@kernel
def check_loss(st, lg):
    """The loser met a real loss condition (1.2.2, 9.2.2.1, 9.4)."""
    w = st[G_WINNER]
    reason = st[G_REASON]
    if w == 0 or w == 1:
        lb = (1 - w) * PSIZE
        if reason == R_LEVEL and st[lb + N_LEVEL] < LOSE_LEVEL:
            fail(st, lg, ERR_LOSS)
        elif reason == R_DECK_OUT and (st[lb + N_DECK] != 0 or st[lb + N_WR] != 0):
            fail(st, lg, ERR_LOSS)
        elif reason != R_LEVEL and reason != R_DECK_OUT:
            fail(st, lg, ERR_LOSS)


@kernel
def zone_count(st, p, card):
    """Copies of `card` in all of p's zones."""
    b = p * PSIZE
    n = 0
    for zone, count in ((DECK, N_DECK), (HAND, N_HAND), (WR, N_WR), (CLOCK, N_CLOCK),
                        (LEVEL, N_LEVEL), (STOCK, N_STOCK), (RES, N_RES)):
        for i in range(st[b + count]):
            if st[b + zone + i] == card:
                n += 1
    for s in range(NSLOT):
        if st[b + S_CARD + s] == card:
            n += 1
    if st[b + CX] == card:
        n += 1
    if st[b + LIMBO] == card:
        n += 1
    return n


@kernel
def check_invariants(st, ct, lg, decks):
    """Card conservation, counts in range, each card in exactly one zone."""
    if st[G_ERROR] != 0:
        return
    for p in range(2):
        b = p * PSIZE
        caps = ((N_DECK, DECK_CAP), (N_HAND, HAND_CAP), (N_WR, WR_CAP), (N_CLOCK, CLOCK_CAP),
                (N_LEVEL, LEVEL_CAP), (N_STOCK, STOCK_CAP), (N_RES, RES_CAP))
        total = 0
        for off, cap in caps:
            if st[b + off] < 0 or st[b + off] > cap:
                fail(st, lg, ERR_NEGATIVE)
                return
            total += st[b + off]
        if st[b + RP] < 0:
            fail(st, lg, ERR_NEGATIVE)
            return
        for s in range(NSLOT):
            if st[b + S_CARD + s] != EMPTY:
                total += 1
        if st[b + CX] != EMPTY:
            total += 1
        if st[b + LIMBO] != EMPTY:
            total += 1
        if total != DECK_CAP:
            fail(st, lg, ERR_CARDS)
            return
        for i in range(DECK_CAP):
            card = decks[p, i]
            want = 0
            for j in range(DECK_CAP):
                if decks[p, j] == card:
                    want += 1
            if zone_count(st, p, card) != want:
                fail(st, lg, ERR_ZONES)
                return
