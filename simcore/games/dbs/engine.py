"""Dragon Ball Super (Masters, rules v1.23) rules kernels: setup, Charge and Main Phases,
battle (Offense, Defense and Damage Steps), damage, KO, effects, loss checks and play_game.

Every function works on one game's int32 state `st` (offsets in layout) and the card table
`ct`. Decisions are asked of the seat's strategy through strategies.dbs.policy.
"""

from tcgsim.simcore.games.dbs import cards as C
from tcgsim.simcore.games.dbs import events as E
from tcgsim.simcore.games.dbs.events import log
from tcgsim.simcore.games.dbs.layout import (
    AWAKENED,
    B_ATK,
    B_BPOW,
    B_CARD,
    B_FLAG,
    B_REST,
    CARD_CAP,
    COMBO,
    COMBO_POW,
    DECK,
    DECK_SIZE,
    DRAW,
    DROP,
    EMPTY,
    EN_ACTIVE,
    EN_CARD,
    EN_CC,
    EN_REST,
    F_HERO_USED,
    F_REALM,
    FIELD,
    G_ACTIONS,
    G_ACTIVE,
    G_ATT,
    G_ATT_CARD,
    G_BATTLE,
    G_ERROR,
    G_FIRST,
    G_GUARD,
    G_GUARD_CARD,
    G_NEGATED,
    G_OVER,
    G_REASON,
    G_REVENGE,
    G_RULESET,
    G_TURN,
    G_TURN_CAP,
    G_WINNER,
    HAND,
    L_BPOW,
    L_CARD,
    L_REST,
    LEADER_REF,
    LIFE,
    LIFE_CAP,
    LIMIT_CARD,
    LIMIT_N,
    LIMIT_SLOTS,
    LIMIT_USED,
    N_BATTLE,
    N_COMBO,
    N_DECK,
    N_DROP,
    N_EN,
    N_HAND,
    N_LIFE,
    N_WARP,
    NCOLOR,
    NONE,
    PSIZE,
    R_BOTH_LOST,
    R_DECK_OUT,
    R_ERROR,
    R_LIFE,
    R_TURN_CAP,
    R_VICTORY,
    REALM_USED,
    S_AWAKEN_TURN,
    S_BLOCKS,
    S_COMBOS,
    S_DAMAGE,
    S_ENERGY,
    S_KOS,
    S_MULLIGAN,
    S_PLAYED,
    SIZE,
    U_BPOW,
    U_CARD,
    U_MARK,
    U_REST,
    U_STACKED,
    U_UNDER,
    UNISON_REF,
    WARP,
    G,
)
from tcgsim.simcore.games.dbs.legal import (
    A_ATTACK,
    A_AWAKEN,
    A_END,
    A_PLAY,
    A_REALM,
    A_STACK,
    C_AWAKEN,
    C_EXTRA,
    C_FIELD,
    C_HAND,
    C_STOP,
    act_a,
    act_b,
    act_kind,
    can_attack_with,
    can_awaken,
    can_battle_extra,
    can_be_attacked,
    can_combo_field,
    can_combo_hand,
    can_counter_attack,
    can_counter_play,
    can_over_realm,
    can_play_from_hand,
    can_stack,
    card_at,
    extra_attacks,
    has_battle_action,
    has_legal_blocker,
    is_legal_blocker,
    keywords,
    ko_targets,
    limit_ok,
    own_battle_ref,
    pips_payable,
    power,
    spec_rem,
    strike,
)
from tcgsim.simcore.jit import kernel, kernel_apart
from tcgsim.simcore.rng import seed_stream, shuffle
from tcgsim.strategies.dbs import policy

OPENING_HAND = 6  # 5-2-1-6
LIFE_CARDS = 8  # 5-2-1-7
MAX_ACTIONS_PER_TURN = 1000
MAX_STEP_ACTIONS = 120

# Invariant violations found in debug mode (G_ERROR).
ERR_CARDS, ERR_ENERGY, ERR_NEGATIVE, ERR_LEADER, ERR_ZONES = 1, 2, 3, 4, 5
ERR_ILLEGAL, ERR_LOSS, ERR_RUNAWAY, ERR_COMBO, ERR_UNISON = 6, 7, 8, 9, 10
ERRORS = {
    ERR_CARDS: "card count is not the deck size",
    ERR_ENERGY: "active energy counts disagree with the Energy Area",
    ERR_NEGATIVE: "a count went negative or over its capacity",
    ERR_LEADER: "the Leader changed",
    ERR_ZONES: "a card is in two zones or none",
    ERR_ILLEGAL: "a strategy chose an illegal action",
    ERR_LOSS: "the loser met no loss condition",
    ERR_RUNAWAY: "a turn exceeded the action limit",
    ERR_COMBO: "a card is in the Combo Area outside a battle",
    ERR_UNISON: "a Unison is in play with no markers",
}


# ---------------------------------------------------------------- loss (1-2, 9-2)


@kernel
def end_game(st, lg, winner, reason):
    st[G_OVER] = 1
    st[G_WINNER] = winner
    st[G_REASON] = reason
    log(st, lg, E.E_END, winner, reason, 0, 0)


@kernel
def check_loss(st, lg):
    """1-2-1-1, 9-2: a player with 0 Life or 0 cards in the deck loses at once (interruptive);
    both at once is a draw (1-2-3). Not before Life is placed (setup, G_TURN == 0)."""
    if st[G_OVER] != 0 or st[G_TURN] == 0:
        return
    r0 = R_LIFE if st[N_LIFE] == 0 else (R_DECK_OUT if st[N_DECK] == 0 else 0)
    r1 = R_LIFE if st[PSIZE + N_LIFE] == 0 else (R_DECK_OUT if st[PSIZE + N_DECK] == 0 else 0)
    if r0 == 0 and r1 == 0:
        return
    if r0 != 0 and r1 != 0:
        end_game(st, lg, DRAW, R_BOTH_LOST)
    elif r0 != 0:
        end_game(st, lg, 1, r0)
    else:
        end_game(st, lg, 0, r1)


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
def push(st, b, zone, count, card):
    n = st[b + count]
    st[b + zone + n] = card
    st[b + count] = n + 1


@kernel
def to_drop(st, p, card):
    push(st, p * PSIZE, DROP, N_DROP, card)


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
def draw(st, lg, p):
    """Draw the top card; a deck at 0 loses at once (1-2-1-1-2, 9-2-4)."""
    b = p * PSIZE
    n = st[b + N_DECK]
    if n == 0:
        return
    card = st[b + DECK + n - 1]
    st[b + N_DECK] = n - 1
    push(st, b, HAND, N_HAND, card)
    log(st, lg, E.E_DRAW, p, card, 0, 0)
    if n == 1:
        check_loss(st, lg)


@kernel
def place_battle(st, p, card):
    """A Battle Card enters the Battle Area in Active Mode (3-6-4); returns its ref."""
    b = p * PSIZE
    r = st[b + N_BATTLE]
    st[b + B_CARD + r] = card
    st[b + B_REST + r] = 0
    st[b + B_ATK + r] = 0
    st[b + B_FLAG + r] = 0
    st[b + B_BPOW + r] = 0
    st[b + N_BATTLE] = r + 1
    return r


@kernel
def remove_battle(st, p, r):
    """Take Battle Card r out of the area (the last one fills its place) and return it; the
    battle's attack/guard refs follow the move, or become EMPTY if r was one of them."""
    b = p * PSIZE
    card = st[b + B_CARD + r]
    last = st[b + N_BATTLE] - 1
    slot = G_ATT if st[G_ACTIVE] == p else G_GUARD
    if st[slot] == r:
        st[slot] = EMPTY
    elif st[slot] == last:
        st[slot] = r
    st[b + B_CARD + r] = st[b + B_CARD + last]
    st[b + B_REST + r] = st[b + B_REST + last]
    st[b + B_ATK + r] = st[b + B_ATK + last]
    st[b + B_FLAG + r] = st[b + B_FLAG + last]
    st[b + B_BPOW + r] = st[b + B_BPOW + last]
    st[b + N_BATTLE] = last
    return card


@kernel
def ko(st, lg, p, r):
    """10-1: KO Battle Card r of p (to the Drop)."""
    card = remove_battle(st, p, r)
    to_drop(st, p, card)
    st[p * PSIZE + S_KOS] += 1
    log(st, lg, E.E_KO, p, card, 0, 0)


@kernel
def unison_to_drop(st, lg, p):
    """The Unison and the cards under it go to the Drop (3-11-6, 9-8, 11-3-4)."""
    b = p * PSIZE
    card = st[b + U_CARD]
    for _ in range(st[b + U_UNDER]):
        to_drop(st, p, card)
    to_drop(st, p, card)
    st[b + U_CARD] = EMPTY
    st[b + U_UNDER] = 0
    st[b + U_MARK] = 0
    st[b + U_REST] = 0
    st[b + U_BPOW] = 0
    slot = G_ATT if st[G_ACTIVE] == p else G_GUARD
    if st[slot] == UNISON_REF:
        st[slot] = EMPTY
    log(st, lg, E.E_TO_DROP, p, card, 0, 0)


# ---------------------------------------------------------------- energy (2-11, 3-8)


@kernel
def _cc(st, ct, p, card, d):
    b = p * PSIZE
    col = ct[card, C.COLORS]
    for c in range(NCOLOR):
        if col & (1 << c):
            st[b + EN_CC + c] += d


@kernel
def add_energy(st, ct, p, card, rested):
    """3-8-3: energy enters Active ([Energy-Exhaust] and effects may say Rest)."""
    b = p * PSIZE
    i = st[b + N_EN]
    st[b + EN_CARD + i] = card
    st[b + EN_REST + i] = rested
    st[b + N_EN] = i + 1
    if rested == 0:
        st[b + EN_ACTIVE] += 1
        _cc(st, ct, p, card, 1)


@kernel
def rest_energy(st, ct, p, i):
    b = p * PSIZE
    st[b + EN_REST + i] = 1
    st[b + EN_ACTIVE] -= 1
    _cc(st, ct, p, st[b + EN_CARD + i], -1)


@kernel
def untap_energy(st, ct, p, i):
    b = p * PSIZE
    st[b + EN_REST + i] = 0
    st[b + EN_ACTIVE] += 1
    _cc(st, ct, p, st[b + EN_CARD + i], 1)


@kernel
def _ncolors(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@kernel
def pay_generic(st, ct, p, n):
    """Rest n Active energy cards of any colour (combo cost, the non-specified part of an
    energy cost): mono-colour cards of the most plentiful colour first, keeping multicolour
    cards and scarce colours for later specified costs."""
    b = p * PSIZE
    for _ in range(n):
        best = -1
        best_key = 1 << 30
        for i in range(st[b + N_EN]):
            if st[b + EN_REST + i] != 0:
                continue
            col = ct[st[b + EN_CARD + i], C.COLORS]
            most = 0
            for c in range(NCOLOR):
                if col & (1 << c) and st[b + EN_CC + c] > most:
                    most = st[b + EN_CC + c]
            key = _ncolors(col) * 256 - most
            if key < best_key:
                best_key = key
                best = i
        if best < 0:
            return
        rest_energy(st, ct, p, best)


@kernel
def pay_cost(st, ct, p, card, extra):
    """2-11-5: rest the card's energy cost plus extra. Specified pips first, each with an energy
    card of its colour chosen so that the remaining pips stay payable (fewest colours first),
    then the rest with pay_generic. The cost must be payable (can_pay). Returns energy rested."""
    b = p * PSIZE
    total = ct[card, C.COST] + extra
    m = ct[card, C.SPEC_MASK]
    rem = spec_rem(ct, card)
    paid = 0
    if m != 0:
        for c in range(NCOLOR):
            for _ in range(ct[card, C.SPEC + c]):
                rem -= 1 << (4 * c)
                done = False
                for k in range(1, NCOLOR + 1):
                    if done:
                        break
                    for i in range(st[b + N_EN]):
                        if st[b + EN_REST + i] != 0:
                            continue
                        col = ct[st[b + EN_CARD + i], C.COLORS]
                        if (col & (1 << c)) == 0 or _ncolors(col) != k:
                            continue
                        rest_energy(st, ct, p, i)
                        if pips_payable(st, ct, p, rem, m):
                            done = True
                            break
                        untap_energy(st, ct, p, i)
                paid += 1
    pay_generic(st, ct, p, total - paid)
    return total


# ---------------------------------------------------------------- effects (8)


@kernel
def limit_use(st, ct, p, card):
    """Count one use of card's [Limit X] skill this turn (10-48); False if none is left."""
    lim = ct[card, C.LIMIT]
    if lim == 0:
        return True
    if not limit_ok(st, ct, p, card):
        return False
    b = p * PSIZE
    for i in range(st[b + LIMIT_N]):
        if st[b + LIMIT_CARD + i] == card:
            st[b + LIMIT_USED + i] += 1
            return True
    n = st[b + LIMIT_N]
    if n < LIMIT_SLOTS:
        st[b + LIMIT_CARD + n] = card
        st[b + LIMIT_USED + n] = 1
        st[b + LIMIT_N] = n + 1
    return True


@kernel
def resolve_effect(st, ct, lg, p, eff, val, src, fams, prms, rng, buf):
    """Resolve one modelled effect of p (cards.EFF_*)."""
    b = p * PSIZE
    o = 1 - p
    log(st, lg, E.E_EFFECT, p, src, eff, val)
    if eff == C.EFF_DRAW:
        for _ in range(val):
            draw(st, lg, p)
            if st[G_OVER] != 0:
                return
    elif eff == C.EFF_KO_POWER_LE:
        n = ko_targets(st, ct, p, val, buf)
        if n == 0:
            return
        r = policy.choose_ko(st, ct, p, val, fams[p], prms[p], rng, 2 + p, buf, n)
        if r < 0:
            return
        ok = False
        for i in range(n):
            if buf[i] == r:
                ok = True
        if not ok:
            fail(st, lg, ERR_ILLEGAL)
            return
        if (keywords(st, ct, o, r) & C.KW_INDESTRUCTIBLE) == 0:  # 10-12
            ko(st, lg, o, r)
    elif eff == C.EFF_POWER_BATTLE:
        if st[G_ATT] != EMPTY and st[G_GUARD] != EMPTY:
            r = own_battle_ref(st, p)
            if r == LEADER_REF:
                st[b + L_BPOW] += val
            elif r == UNISON_REF:
                st[b + U_BPOW] += val
            else:
                st[b + B_BPOW + r] += val
    elif eff == C.EFF_CHARGE:
        for _ in range(val):
            n = st[b + N_DECK]
            if n == 0:
                return
            card = st[b + DECK + n - 1]
            st[b + N_DECK] = n - 1
            add_energy(st, ct, p, card, 1)
            log(st, lg, E.E_CHARGE, p, card, 1, 0)
            if n == 1:
                check_loss(st, lg)
                return
    elif eff == C.EFF_UNTAP_ENERGY:
        k = val
        for i in range(st[b + N_EN]):
            if k == 0:
                break
            if st[b + EN_REST + i] != 0:
                untap_energy(st, ct, p, i)
                k -= 1


@kernel
def trait_autos(st, ct, lg, p, card, src_ref, fams, prms, rng):
    """10-38/10-39: each of p's other [Heroic] ([Villainous]) Battle Cards, when p plays a
    «Heroic» («Villainous») Battle Card or activates such an Extra: draw 1 (the opponent
    discards 1), then it is negated for the turn."""
    tr = ct[card, C.TRAITS]
    if tr == 0:
        return
    b = p * PSIZE
    o = 1 - p
    for r in range(st[b + N_BATTLE]):
        if r == src_ref or (st[b + B_FLAG + r] & F_HERO_USED) != 0:
            continue
        kw = ct[st[b + B_CARD + r], C.KEYWORDS]
        if (kw & C.KW_HEROIC) != 0 and (tr & C.TRAIT_HEROIC) != 0:
            st[b + B_FLAG + r] |= F_HERO_USED
            draw(st, lg, p)
        elif (kw & C.KW_VILLAINOUS) != 0 and (tr & C.TRAIT_VILLAINOUS) != 0:
            st[b + B_FLAG + r] |= F_HERO_USED
            if st[o * PSIZE + N_HAND] > 0:
                h = policy.discard(st, ct, o, fams[o], prms[o], rng, 2 + o)
                if h < 0 or h >= st[o * PSIZE + N_HAND]:
                    fail(st, lg, ERR_ILLEGAL)
                    return
                gone = take_from_hand(st, o, h)
                to_drop(st, o, gone)
                log(st, lg, E.E_DISCARD, o, gone, 0, 0)
        if st[G_OVER] != 0:
            return


@kernel
def offering(st, ct, lg, p, fams, prms, rng):
    """10-36: the opponent may put 1 Life card in their Drop; if not, p draws 2."""
    o = 1 - p
    ob = o * PSIZE
    if st[ob + N_LIFE] > 0 and policy.offering(st, ct, o, fams[o], prms[o], rng, 2 + o):
        n = st[ob + N_LIFE] - 1
        to_drop(st, o, st[ob + LIFE + n])
        st[ob + N_LIFE] = n
        log(st, lg, E.E_OFFERING, o, 0, 1, 0)
        check_loss(st, lg)
    else:
        log(st, lg, E.E_OFFERING, o, 0, 0, 0)
        draw(st, lg, p)
        if st[G_OVER] == 0:
            draw(st, lg, p)


@kernel
def on_enter(st, ct, lg, p, card, ref, fams, prms, rng, buf):
    """A Battle or Unison Card entered play: its "when you play this card" effect (within its
    [Limit]), [Offering], then the [Heroic]/[Villainous] of p's other cards."""
    eff = ct[card, C.EFF]
    if eff != C.EFF_NONE and limit_use(st, ct, p, card):
        resolve_effect(st, ct, lg, p, eff, ct[card, C.VAL], card, fams, prms, rng, buf)
    if st[G_OVER] == 0 and (ct[card, C.KEYWORDS] & C.KW_OFFERING) != 0:
        offering(st, ct, lg, p, fams, prms, rng)
    if st[G_OVER] == 0 and ref >= 0:
        trait_autos(st, ct, lg, p, card, ref, fams, prms, rng)


# ---------------------------------------------------------------- Main Phase actions (6-3)


@kernel
def counter_play_window(st, ct, lg, p, card, fams, prms, rng, buf):
    """6-3-1-2-1, 10-10: after a Battle Card's play declaration the opponent may use a
    [Counter: Play]; returns True if the play was negated."""
    o = 1 - p
    ob = o * PSIZE
    usable = False
    for h in range(st[ob + N_HAND]):
        if (ct[st[ob + HAND + h], C.TIMING] == C.T_COUNTER_PLAY
                and can_counter_play(st, ct, o, h, card)):
            usable = True
            break
    if not usable:
        return False
    h = policy.counter_play(st, ct, o, card, fams[o], prms[o], rng, 2 + o, buf)
    if h < 0:
        return False
    if h >= st[ob + N_HAND] or not can_counter_play(st, ct, o, h, card):
        fail(st, lg, ERR_ILLEGAL)
        return True
    c = st[ob + HAND + h]
    pay_cost(st, ct, o, c, 0)
    limit_use(st, ct, o, c)
    take_from_hand(st, o, h)
    to_drop(st, o, c)  # 10-10-4
    to_drop(st, p, card)
    log(st, lg, E.E_NEGATED_PLAY, p, card, c, 0)
    return True


@kernel
def play_battle(st, ct, lg, p, card, realm, fams, prms, rng, buf):
    """Declare, counter timing, enter the Battle Area, "when played" effects."""
    b = p * PSIZE
    if counter_play_window(st, ct, lg, p, card, fams, prms, rng, buf):
        return
    r = place_battle(st, p, card)
    if realm:
        st[b + B_FLAG + r] |= F_REALM
    st[b + S_PLAYED] += 1
    log(st, lg, E.E_PLAY, p, card, 4 if realm else 0, 0)
    on_enter(st, ct, lg, p, card, r, fams, prms, rng, buf)


@kernel
def play_from_hand(st, ct, lg, p, h, x, fams, prms, rng, buf):
    """6-3-1-2-1/2/3: rest the energy cost, then play the Battle Card or Unison, place the
    [Field], or resolve the Extra (in the Drop before its effect, 8-5-2-5-1)."""
    b = p * PSIZE
    card = take_from_hand(st, p, h)
    t = ct[card, C.TYPE]
    if t == C.BATTLE:
        pay_cost(st, ct, p, card, 0)
        play_battle(st, ct, lg, p, card, False, fams, prms, rng, buf)
    elif t == C.UNISON:
        markers = pay_cost(st, ct, p, card, x)  # 6-3-1-2-2-3: markers = energy rested
        if st[b + U_CARD] != EMPTY:
            unison_to_drop(st, lg, p)  # 3-11-6
        st[b + U_CARD] = card
        st[b + U_REST] = 0
        st[b + U_MARK] = markers
        st[b + U_UNDER] = 0
        st[b + U_BPOW] = 0
        st[b + S_PLAYED] += 1
        log(st, lg, E.E_PLAY, p, card, 1, markers)
        if markers == 0:
            unison_to_drop(st, lg, p)  # 9-8
        else:
            on_enter(st, ct, lg, p, card, -1, fams, prms, rng, buf)
    elif ct[card, C.TIMING] == C.T_FIELD:
        pay_cost(st, ct, p, card, 0)
        if st[b + FIELD] != EMPTY:
            old = st[b + FIELD]
            to_drop(st, p, old)  # 10-3-3
            log(st, lg, E.E_TO_DROP, p, old, 0, 0)
        st[b + FIELD] = card
        st[b + S_PLAYED] += 1
        log(st, lg, E.E_PLAY, p, card, 2, 0)
        trait_autos(st, ct, lg, p, card, -1, fams, prms, rng)
    else:
        pay_cost(st, ct, p, card, 0)
        limit_use(st, ct, p, card)
        to_drop(st, p, card)
        log(st, lg, E.E_PLAY, p, card, 3, 0)
        resolve_effect(st, ct, lg, p, ct[card, C.EFF], ct[card, C.VAL], card, fams, prms, rng,
                       buf)
        if st[G_OVER] == 0:
            trait_autos(st, ct, lg, p, card, -1, fams, prms, rng)


@kernel
def over_realm(st, ct, lg, p, h, fams, prms, rng, buf):
    """10-15: send the whole Drop to the Warp and play the card without paying its cost."""
    b = p * PSIZE
    card = take_from_hand(st, p, h)
    n = st[b + N_DROP]
    for i in range(n):
        push(st, b, WARP, N_WARP, st[b + DROP + i])
    st[b + N_DROP] = 0
    st[b + REALM_USED] += 1
    log(st, lg, E.E_WARP, p, n, 0, 0)
    play_battle(st, ct, lg, p, card, True, fams, prms, rng, buf)


@kernel
def awaken(st, ct, lg, p):
    """10-2, 9-9: draw, untap energy, flip the Leader (same card, same mode and modifiers)."""
    b = p * PSIZE
    card = st[b + L_CARD]
    st[b + AWAKENED] = 1
    st[b + S_AWAKEN_TURN] = st[G_TURN]
    log(st, lg, E.E_AWAKEN, p, card, 0, 0)
    for _ in range(ct[card, C.AWAKEN_DRAW]):
        draw(st, lg, p)
        if st[G_OVER] != 0:
            return
    k = ct[card, C.AWAKEN_UNTAP]
    for i in range(st[b + N_EN]):
        if k == 0:
            break
        if st[b + EN_REST + i] != 0:
            untap_energy(st, ct, p, i)
            k -= 1


# ---------------------------------------------------------------- damage (4-10, 10-6/7/20)


@kernel
def damage_leader(st, ct, lg, d, amount, critical, victory):
    """Deal `amount` damage to d's Leader, one point at a time: a Life card to d's hand (to the
    Drop with [Critical]); loss is checked after each point (9-2-1). [Victory Strike]: the
    attacker wins as soon as it deals life damage (10-20)."""
    b = d * PSIZE
    for _ in range(amount):
        n = st[b + N_LIFE]
        if n == 0:
            return
        card = st[b + LIFE + n - 1]
        st[b + N_LIFE] = n - 1
        if critical:
            to_drop(st, d, card)
        else:
            push(st, b, HAND, N_HAND, card)
        st[b + S_DAMAGE] += 1
        log(st, lg, E.E_DAMAGE, d, card, 1 if critical else 0, 0)
        if victory:
            end_game(st, lg, 1 - d, R_VICTORY)
            return
        if n == 1:
            check_loss(st, lg)
            return


# ---------------------------------------------------------------- battle (7)


@kernel
def moved(st, p):
    """7-1-4: the attack card or the guard card left its area (or the attack was negated)."""
    if st[G_NEGATED] != 0 or st[G_ATT] == EMPTY or st[G_GUARD] == EMPTY:
        return True
    return (card_at(st, p, st[G_ATT]) != st[G_ATT_CARD]
            or card_at(st, 1 - p, st[G_GUARD]) != st[G_GUARD_CARD])


@kernel
def apply_battle_action(st, ct, lg, p, action, fams, prms, rng, buf):
    """One Offense/Defense Step action of p: a combo (hand or Battle Area) paying its combo cost
    in any colour, a battle Extra, or [Awaken]."""
    b = p * PSIZE
    kind = act_kind(action)
    a = act_a(action)
    if kind == C_HAND:
        if a >= st[b + N_HAND] or not can_combo_hand(st, ct, p, a):
            fail(st, lg, ERR_ILLEGAL)
            return
        card = take_from_hand(st, p, a)
        pay_generic(st, ct, p, ct[card, C.COMBO_COST])
        push(st, b, COMBO, N_COMBO, card)
        st[b + COMBO_POW] += ct[card, C.COMBO_POWER]
        st[b + S_COMBOS] += 1
        log(st, lg, E.E_COMBO, p, card, ct[card, C.COMBO_POWER], 0)
    elif kind == C_FIELD:
        if not can_combo_field(st, ct, p, a):
            fail(st, lg, ERR_ILLEGAL)
            return
        card = st[b + B_CARD + a]
        pay_generic(st, ct, p, ct[card, C.COMBO_COST])
        remove_battle(st, p, a)
        push(st, b, COMBO, N_COMBO, card)
        st[b + COMBO_POW] += ct[card, C.COMBO_POWER]
        st[b + S_COMBOS] += 1
        log(st, lg, E.E_COMBO, p, card, ct[card, C.COMBO_POWER], 1)
    elif kind == C_EXTRA:
        if a >= st[b + N_HAND] or not can_battle_extra(st, ct, p, a):
            fail(st, lg, ERR_ILLEGAL)
            return
        card = take_from_hand(st, p, a)
        pay_cost(st, ct, p, card, 0)
        limit_use(st, ct, p, card)
        to_drop(st, p, card)
        log(st, lg, E.E_EXTRA, p, card, 0, 0)
        resolve_effect(st, ct, lg, p, ct[card, C.EFF], ct[card, C.VAL], card, fams, prms, rng,
                       buf)
        if st[G_OVER] == 0:
            trait_autos(st, ct, lg, p, card, -1, fams, prms, rng)
    elif kind == C_AWAKEN:
        if not can_awaken(st, ct, p):
            fail(st, lg, ERR_ILLEGAL)
            return
        awaken(st, ct, lg, p)
    else:
        fail(st, lg, ERR_ILLEGAL)


@kernel
def battle_step(st, ct, lg, p, fams, prms, rng, buf, debug, decks, leaders):
    """7-2 (p = turn player) / 7-3 (p = defender): p's free timing, repeated until it passes.
    The strategy is asked only when it has something to do."""
    a = st[G_ACTIVE]
    for _ in range(MAX_STEP_ACTIONS):
        if not has_battle_action(st, ct, p):
            return
        action = policy.battle_action(st, ct, p, fams[p], prms[p], rng, 2 + p, buf)
        if act_kind(action) == C_STOP:
            return
        apply_battle_action(st, ct, lg, p, action, fams, prms, rng, buf)
        if debug:
            check_invariants(st, ct, lg, decks, leaders)
        if st[G_OVER] != 0 or moved(st, a):
            return


@kernel
def end_battle(st, ct, lg, p):
    """7-4-1-6..7-4-1-10: combo power ends, Combo Area cards go to the Drop, then the "end of
    battle" autos: [Dual Attack] untaps the attacker, [Revenge] KOs it (RED: whatever the
    result); "during this battle" modifiers end."""
    for q in range(2):
        qb = q * PSIZE
        for i in range(st[qb + N_COMBO]):
            to_drop(st, q, st[qb + COMBO + i])
        st[qb + N_COMBO] = 0
        st[qb + COMBO_POW] = 0
    att = st[G_ATT]
    b = p * PSIZE
    if st[G_OVER] == 0 and att != EMPTY and att != LEADER_REF and att != UNISON_REF:
        kw = keywords(st, ct, p, att)
        if st[b + B_ATK + att] <= extra_attacks(kw) and st[b + B_REST + att] != 0:
            st[b + B_REST + att] = 0  # 10-8
            log(st, lg, E.E_UNTAP, p, st[b + B_CARD + att], 0, 0)
        if st[G_REVENGE] != 0 and (kw & C.KW_INDESTRUCTIBLE) == 0:  # 10-9, 10-12
            card = st[b + B_CARD + att]
            ko(st, lg, p, att)
            log(st, lg, E.E_REVENGE, p, card, 0, 0)
    for q in range(2):
        qb = q * PSIZE
        for r in range(st[qb + N_BATTLE]):
            st[qb + B_BPOW + r] = 0
        st[qb + L_BPOW] = 0
        st[qb + U_BPOW] = 0
    st[G_ATT] = EMPTY
    st[G_GUARD] = EMPTY
    st[G_REVENGE] = 0
    st[G_NEGATED] = 0
    st[G_BATTLE] = 0


@kernel
def set_guard(st, ct, o, ref):
    """ref becomes the guard card; [Revenge] triggers when a card becomes the guard (10-9)."""
    st[G_GUARD] = ref
    st[G_GUARD_CARD] = card_at(st, o, ref)
    if ref != LEADER_REF and (keywords(st, ct, o, ref) & C.KW_REVENGE) != 0:
        st[G_REVENGE] = 1


@kernel_apart
def battle(st, ct, lg, p, att, tgt, fams, prms, rng, buf, debug, decks, leaders):
    """7-1..7-4: declaration (rest the attacker), [Counter: Attack], [Blocker], Offense Step,
    Defense Step (skipped against a Unison), Damage Step (ties go to the attacker), end of
    battle."""
    b = p * PSIZE
    o = 1 - p
    ob = o * PSIZE
    if att == LEADER_REF:
        st[b + L_REST] = 1
    elif att == UNISON_REF:
        st[b + U_REST] = 1
    else:
        st[b + B_REST + att] = 1
        st[b + B_ATK + att] += 1
    st[G_BATTLE] = 1
    st[G_ATT] = att
    st[G_ATT_CARD] = card_at(st, p, att)
    st[G_REVENGE] = 0
    st[G_NEGATED] = 0
    set_guard(st, ct, o, tgt)
    log(st, lg, E.E_ATTACK, p, st[G_ATT_CARD], st[G_GUARD_CARD],
        1 if tgt == LEADER_REF else (2 if tgt == UNISON_REF else 0))
    # 7-1-2: counter timing ([Counter: Attack]).
    usable = False
    for h in range(st[ob + N_HAND]):
        if (ct[st[ob + HAND + h], C.TIMING] == C.T_COUNTER_ATTACK
                and can_counter_attack(st, ct, o, h)):
            usable = True
            break
    if usable:
        h = policy.counter_attack(st, ct, o, fams[o], prms[o], rng, 2 + o, buf)
        if h >= 0:
            if h >= st[ob + N_HAND] or not can_counter_attack(st, ct, o, h):
                fail(st, lg, ERR_ILLEGAL)
                return
            c = st[ob + HAND + h]
            pay_cost(st, ct, o, c, 0)
            limit_use(st, ct, o, c)
            take_from_hand(st, o, h)
            to_drop(st, o, c)
            st[G_NEGATED] = 1
            log(st, lg, E.E_COUNTER_ATTACK, o, c, 0, 0)
    # 7-1-3: [Blocker] (at most one, RED 7).
    if st[G_NEGATED] == 0 and has_legal_blocker(st, ct, o):
        r = policy.block(st, ct, o, fams[o], prms[o], rng, 2 + o, buf)
        if r >= 0:
            if not is_legal_blocker(st, ct, o, r):
                fail(st, lg, ERR_ILLEGAL)
                return
            st[ob + B_REST + r] = 1
            set_guard(st, ct, o, r)
            st[ob + S_BLOCKS] += 1
            log(st, lg, E.E_BLOCK, o, st[G_GUARD_CARD], 0, 0)
    if not moved(st, p):
        battle_step(st, ct, lg, p, fams, prms, rng, buf, debug, decks, leaders)  # 7-2
        if st[G_OVER] == 0 and not moved(st, p) and st[G_GUARD] != UNISON_REF:
            battle_step(st, ct, lg, o, fams, prms, rng, buf, debug, decks, leaders)  # 7-3
    if st[G_OVER] != 0:
        return
    if moved(st, p):
        log(st, lg, E.E_BATTLE_SKIP, p, 0, 0, 0)
    else:
        # 7-4-1-2..7-4-1-4
        pa = power(st, ct, p, st[G_ATT]) + st[b + COMBO_POW]
        guard = st[G_GUARD]
        pg = power(st, ct, o, guard) + st[ob + COMBO_POW]
        log(st, lg, E.E_POWER, p, pa, pg, 0)
        if pa >= pg:
            kw = keywords(st, ct, p, st[G_ATT])
            if guard == LEADER_REF:
                damage_leader(st, ct, lg, o, strike(kw), (kw & C.KW_CRITICAL) != 0,
                              (kw & C.KW_VICTORY_STRIKE) != 0)
            elif guard == UNISON_REF:
                k = st[ob + U_MARK] if (kw & C.KW_VICTORY_STRIKE) != 0 else strike(kw)
                k = min(k, st[ob + U_MARK])
                st[ob + U_MARK] -= k
                log(st, lg, E.E_MARKERS, o, st[ob + U_CARD], k, st[ob + U_MARK])
                if st[ob + U_MARK] == 0:
                    unison_to_drop(st, lg, o)  # 9-8
            elif (keywords(st, ct, o, guard) & C.KW_INDESTRUCTIBLE) == 0:  # 10-12
                ko(st, lg, o, guard)
        else:
            log(st, lg, E.E_NO_DAMAGE, p, 0, 0, 0)
        if st[G_OVER] != 0:
            return
    end_battle(st, ct, lg, p)


@kernel_apart
def apply_main_action(st, ct, lg, p, action, fams, prms, rng, buf, debug, decks, leaders):
    """Check and carry out one Main Phase action; an illegal one stops the game."""
    b = p * PSIZE
    kind = act_kind(action)
    a = act_a(action)
    x = act_b(action)
    if kind == A_PLAY:
        if a >= st[b + N_HAND] or not can_play_from_hand(st, ct, p, a, x):
            fail(st, lg, ERR_ILLEGAL)
            return
        play_from_hand(st, ct, lg, p, a, x, fams, prms, rng, buf)
    elif kind == A_ATTACK:
        if not can_attack_with(st, ct, p, a) or not can_be_attacked(st, 1 - p, x):
            fail(st, lg, ERR_ILLEGAL)
            return
        battle(st, ct, lg, p, a, x, fams, prms, rng, buf, debug, decks, leaders)
    elif kind == A_AWAKEN:
        if not can_awaken(st, ct, p):
            fail(st, lg, ERR_ILLEGAL)
            return
        awaken(st, ct, lg, p)
    elif kind == A_REALM:
        if a >= st[b + N_HAND] or not can_over_realm(st, ct, p, a):
            fail(st, lg, ERR_ILLEGAL)
            return
        over_realm(st, ct, lg, p, a, fams, prms, rng, buf)
    elif kind == A_STACK:
        if a >= st[b + N_HAND] or not can_stack(st, ct, p, a):
            fail(st, lg, ERR_ILLEGAL)
            return
        card = take_from_hand(st, p, a)
        st[b + U_UNDER] += 1
        st[b + U_MARK] += 1
        st[b + U_STACKED] = 1
        log(st, lg, E.E_STACK, p, card, st[b + U_MARK], 0)
    else:
        fail(st, lg, ERR_ILLEGAL)


# ---------------------------------------------------------------- setup and turns


@kernel
def setup(st, ct, lg, decks, leaders, first, seed, pair, game, fams, prms, rng, ruleset,
          turn_cap):
    """5-2-1: shuffle, draw 6, one partial redraw each (the first player decides first), then
    8 Life from the top of the deck."""
    for p in range(2):  # zones are read only below their counts: zero the scalars only
        b = p * PSIZE
        st[b + EN_CC:b + PSIZE] = 0
    st[G:SIZE] = 0
    for p in range(2):
        b = p * PSIZE
        seed_stream(rng, p, seed, pair, p)  # deck p's shuffles: shared by the pair
        seed_stream(rng, 2 + p, seed, game, 2 + p)  # seat p's decisions
        n = 0
        while n < CARD_CAP and decks[p, n] >= 0:
            st[b + DECK + n] = decks[p, n]
            n += 1
        st[b + N_DECK] = n
        st[b + DECK_SIZE] = n
        shuffle(rng, p, st, b + DECK, n)
        st[b + L_CARD] = leaders[p]
        st[b + U_CARD] = EMPTY
        st[b + FIELD] = EMPTY
    st[G_FIRST] = first
    st[G_ACTIVE] = first
    st[G_WINNER] = NONE
    st[G_ATT] = EMPTY
    st[G_GUARD] = EMPTY
    st[G_RULESET] = ruleset
    st[G_TURN_CAP] = turn_cap
    log(st, lg, E.E_FIRST, first, 0, 0, 0)
    for p in range(2):
        for _ in range(OPENING_HAND):
            draw(st, lg, p)
    for k in range(2):
        p = first if k == 0 else 1 - first
        mask = policy.mulligan(st, ct, p, fams[p], prms[p], rng, 2 + p)
        if mask == 0:
            continue
        b = p * PSIZE
        back = 0
        for h in range(st[b + N_HAND] - 1, -1, -1):  # high indices first: swaps stay below
            if mask & (1 << h):
                card = take_from_hand(st, p, h)
                push(st, b, DECK, N_DECK, card)
                back += 1
        shuffle(rng, p, st, b + DECK, st[b + N_DECK])
        for _ in range(back):
            draw(st, lg, p)
        st[b + S_MULLIGAN] = back
        log(st, lg, E.E_MULLIGAN, p, back, 0, 0)
    for p in range(2):
        b = p * PSIZE
        for _ in range(LIFE_CARDS):
            n = st[b + N_DECK]
            push(st, b, LIFE, N_LIFE, st[b + DECK + n - 1])
            st[b + N_DECK] = n - 1
        log(st, lg, E.E_LIFE, p, LIFE_CARDS, 0, 0)


@kernel
def untap(st, ct, p):
    """6-2-2 (RED: the turn player's cards only): Leader, Battle Cards except [Servant]
    (10-43-1), energy and Unison switch to Active."""
    b = p * PSIZE
    st[b + L_REST] = 0
    st[b + U_REST] = 0
    for r in range(st[b + N_BATTLE]):
        if (ct[st[b + B_CARD + r], C.KEYWORDS] & C.KW_SERVANT) == 0:
            st[b + B_REST + r] = 0
    if st[b + EN_ACTIVE] == st[b + N_EN]:
        return
    for i in range(st[b + N_EN]):
        if st[b + EN_REST + i] != 0:
            untap_energy(st, ct, p, i)


@kernel
def charge(st, ct, lg, p, h):
    """6-2-5: put hand card h into the Energy Area (Rest if [Energy-Exhaust], 10-34)."""
    card = take_from_hand(st, p, h)
    rested = 1 if (ct[card, C.KEYWORDS] & C.KW_ENERGY_EXHAUST) != 0 else 0
    add_energy(st, ct, p, card, rested)
    st[p * PSIZE + S_ENERGY] += 1
    log(st, lg, E.E_CHARGE, p, card, rested, 0)


@kernel
def start_turn(st, ct, lg, fams, prms, rng):
    """Advance the turn, then the Charge Phase: untap, draw (not the first player's first
    turn, 6-2-3), charge up to 1 card. False if the game ended."""
    if st[G_TURN] >= st[G_TURN_CAP]:  # G_TURN stays the number of turns played
        end_game(st, lg, DRAW, R_TURN_CAP)
        return False
    st[G_TURN] += 1
    p = st[G_ACTIVE]
    log(st, lg, E.E_TURN, p, st[G_TURN], 0, 0)
    untap(st, ct, p)
    if st[G_TURN] != 1:
        draw(st, lg, p)
        if st[G_OVER] != 0:
            return False
    b = p * PSIZE
    if st[b + N_HAND] > 0:
        h = policy.charge(st, ct, p, fams[p], prms[p], rng, 2 + p)
        if h >= st[b + N_HAND]:
            fail(st, lg, ERR_ILLEGAL)
            return False
        if h >= 0:
            charge(st, ct, lg, p, h)
    st[G_ACTIONS] = 0
    return True


@kernel
def end_phase(st, lg):
    """6-4: [Over Realm] cards go to the Warp (10-15-4); per-turn counts reset; the turn
    passes."""
    p = st[G_ACTIVE]
    b = p * PSIZE
    r = 0
    while r < st[b + N_BATTLE]:
        if st[b + B_FLAG + r] & F_REALM:
            card = remove_battle(st, p, r)
            push(st, b, WARP, N_WARP, card)
            log(st, lg, E.E_WARP, p, 1, 0, 0)
        else:
            r += 1
    for q in range(2):
        qb = q * PSIZE
        for r in range(st[qb + N_BATTLE]):
            st[qb + B_ATK + r] = 0
            st[qb + B_FLAG + r] = 0
        st[qb + LIMIT_N] = 0
        st[qb + REALM_USED] = 0
        st[qb + U_STACKED] = 0
    st[G_ACTIVE] = 1 - p


@kernel_apart
def main_phase(st, ct, lg, fams, prms, rng, buf, debug, decks, leaders):
    """6-3: the turn player's strategy acts until it ends the Main Phase."""
    p = st[G_ACTIVE]
    while st[G_OVER] == 0:
        action = policy.main_action(st, ct, p, fams[p], prms[p], rng, 2 + p, buf)
        if act_kind(action) == A_END:
            return
        apply_main_action(st, ct, lg, p, action, fams, prms, rng, buf, debug, decks, leaders)
        if debug:
            check_invariants(st, ct, lg, decks, leaders)
        st[G_ACTIONS] += 1
        if st[G_ACTIONS] > MAX_ACTIONS_PER_TURN:
            fail(st, lg, ERR_RUNAWAY)


@kernel_apart
def play_game(st, ct, lg, decks, leaders, first, seed, pair, game, fams, prms, rng, buf,
              ruleset, turn_cap, debug):
    """Play one whole game into st; the outcome is in G_WINNER and G_REASON."""
    setup(st, ct, lg, decks, leaders, first, seed, pair, game, fams, prms, rng, ruleset,
          turn_cap)
    if debug:
        check_invariants(st, ct, lg, decks, leaders)
    while st[G_OVER] == 0:
        if not start_turn(st, ct, lg, fams, prms, rng):
            break
        if debug:
            check_invariants(st, ct, lg, decks, leaders)
        main_phase(st, ct, lg, fams, prms, rng, buf, debug, decks, leaders)
        if st[G_OVER] != 0:
            break
        end_phase(st, lg)
    if debug:
        check_invariants(st, ct, lg, decks, leaders)
        check_loser(st, lg)


# ---------------------------------------------------------------- invariants (debug mode)


@kernel
def check_loser(st, lg):
    """The loser met a real loss condition (1-2-1); a Victory Strike winner dealt damage."""
    w = st[G_WINNER]
    reason = st[G_REASON]
    if w == 0 or w == 1:
        lb = (1 - w) * PSIZE
        if reason == R_LIFE and st[lb + N_LIFE] != 0:
            fail(st, lg, ERR_LOSS)
        elif reason == R_DECK_OUT and st[lb + N_DECK] != 0:
            fail(st, lg, ERR_LOSS)
        elif reason != R_LIFE and reason != R_DECK_OUT and reason != R_VICTORY:
            fail(st, lg, ERR_LOSS)
    elif w == DRAW and reason != R_BOTH_LOST and reason != R_TURN_CAP and reason != R_ERROR:
        fail(st, lg, ERR_LOSS)


@kernel
def deck_count(decks, p, card):
    n = 0
    for i in range(CARD_CAP):
        if decks[p, i] == card:
            n += 1
    return n


@kernel
def _count_in(st, b, zone, count, card):
    n = 0
    for i in range(st[b + count]):
        if st[b + zone + i] == card:
            n += 1
    return n


@kernel
def zone_count(st, p, card):
    """Copies of `card` in all of p's zones."""
    b = p * PSIZE
    n = (_count_in(st, b, DECK, N_DECK, card) + _count_in(st, b, HAND, N_HAND, card)
         + _count_in(st, b, LIFE, N_LIFE, card) + _count_in(st, b, DROP, N_DROP, card)
         + _count_in(st, b, WARP, N_WARP, card) + _count_in(st, b, EN_CARD, N_EN, card)
         + _count_in(st, b, B_CARD, N_BATTLE, card) + _count_in(st, b, COMBO, N_COMBO, card))
    if st[b + U_CARD] == card:
        n += 1 + st[b + U_UNDER]
    if st[b + FIELD] == card:
        n += 1
    return n


@kernel
def check_invariants(st, ct, lg, decks, leaders):
    """Card conservation per card, counts in range, energy counts consistent, Leader fixed,
    no Combo Area cards outside a battle, no Unison without markers."""
    if st[G_ERROR] != 0:
        return
    for p in range(2):
        b = p * PSIZE
        for off in (N_DECK, N_HAND, N_DROP, N_WARP, N_EN, N_BATTLE, N_COMBO, EN_ACTIVE):
            if st[b + off] < 0 or st[b + off] > CARD_CAP:
                fail(st, lg, ERR_NEGATIVE)
                return
        if st[b + N_LIFE] < 0 or st[b + N_LIFE] > LIFE_CAP or st[b + U_UNDER] < 0:
            fail(st, lg, ERR_NEGATIVE)
            return
        if st[b + L_CARD] != leaders[p]:
            fail(st, lg, ERR_LEADER)
            return
        active = 0
        for c in range(NCOLOR):
            cc = 0
            for i in range(st[b + N_EN]):
                if st[b + EN_REST + i] == 0 and ct[st[b + EN_CARD + i], C.COLORS] & (1 << c):
                    cc += 1
            if cc != st[b + EN_CC + c]:
                fail(st, lg, ERR_ENERGY)
                return
        for i in range(st[b + N_EN]):
            if st[b + EN_REST + i] == 0:
                active += 1
        if active != st[b + EN_ACTIVE]:
            fail(st, lg, ERR_ENERGY)
            return
        if st[G_BATTLE] == 0 and st[b + N_COMBO] != 0:
            fail(st, lg, ERR_COMBO)
            return
        if st[b + U_CARD] != EMPTY and st[b + U_MARK] <= 0:
            fail(st, lg, ERR_UNISON)
            return
        total = (st[b + N_DECK] + st[b + N_HAND] + st[b + N_LIFE] + st[b + N_DROP]
                 + st[b + N_WARP] + st[b + N_EN] + st[b + N_BATTLE] + st[b + N_COMBO]
                 + (1 + st[b + U_UNDER] if st[b + U_CARD] != EMPTY else 0)
                 + (1 if st[b + FIELD] != EMPTY else 0))
        if total != st[b + DECK_SIZE]:
            fail(st, lg, ERR_CARDS)
            return
        for i in range(CARD_CAP):
            card = decks[p, i]
            if card < 0:
                break
            if zone_count(st, p, card) != deck_count(decks, p, card):
                fail(st, lg, ERR_ZONES)
                return
