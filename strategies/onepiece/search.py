"""ONE PIECE `search`: the search-based reference player. At each Main Phase action (what to
play, activate, give DON!! to, attack with and whom) and, when attacked, at its block and at
each counter, it deals afresh the cards it cannot see, plays every legal choice forward with
the `default` policy for both seats, and leaves `default`'s own choice only for one that does
clearly better; its other decisions are `default`'s (docs/strategies.md, "The search
player").

The cards it cannot see: the opponent's hand, both decks (cards and order) and the face-down
Life cards. It knows the opponent's decklist, as a matchup study does, so a world is a fresh
deal of the opponent's hand, deck and face-down Life together, and of its own deck and
face-down Life together (simcore.search.redeal). Budget: `playouts` worlds per decision,
each candidate played in the same worlds with the same random streams (common random
numbers), to the game's end or for `depth` turns (then scored by the Life lead).

Only games with a `search` seat compile and run these kernels (search_batch.run_batch_search).
"""

from tcgsim.simcore.games.onepiece.effects.interp import settle_field, settle_hand
from tcgsim.simcore.games.onepiece.effects.query import drop_unpayable_events, legal_activations
from tcgsim.simcore.games.onepiece.engine import (
    MAX_COUNTERS_PER_BATTLE,
    attack_legal,
    attack_step,
    battle_stops,
    block_with,
    check_invariants,
    check_loss,
    counter_step,
    counter_with,
    damage_step,
    end_of_turn_abilities,
    end_phase,
    main_step,
    note_decks,
    play_on,
    setup,
    start_turn,
    step_done,
)
from tcgsim.simcore.games.onepiece.layout import (
    DECK,
    G_ACTIONS,
    G_ACTIVE,
    G_OVER,
    G_TGT,
    G_TURN,
    G_WINNER,
    HAND,
    LIFE,
    LIFE_UP,
    N_DECK,
    N_HAND,
    N_LIFE,
    NCHAR,
    PSIZE,
    S_COUNTERS,
)
from tcgsim.simcore.games.onepiece.legal import (
    A_ATTACK,
    A_END,
    act_a,
    act_b,
    act_kind,
    counter_value,
    has_counter,
    has_legal_blocker,
    is_legal_blocker,
    legal_main_actions,
)
from tcgsim.simcore.jit import kernel, kernel_inline
from tcgsim.simcore.rng import seed_stream
from tcgsim.simcore.search import best_candidate, copy_state, outcome, redeal
from tcgsim.strategies.onepiece import default, policy
from tcgsim.strategies.onepiece.common import SCRATCH

# Parameters after the heuristic ones (strategies.onepiece._PARAMS).
P_PLAYOUTS = 10
P_DEPTH = 11
P_MARGIN = 12
# Workspace: one tuple of arrays per game task (search_batch.search_workspace).
CAND_CAP = 192  # candidate actions: legal_main_actions and legal_activations write fewer
POOL_CAP = 128  # hidden cards of one player: deck, hand and Life (50 + 50 + 16)
SEG_CAP = 2 * (2 + 16)  # (offset, length) pairs: deck, hand, one per face-down Life card
LIFE_LEAD = 0.1  # a depth-limited playout's score moves so much per card of Life lead
# What a searched decision is: a Main Phase action, a block (a [Blocker]'s ref, -1 none) or a
# counter (legal.counter_value's hand index | the boosted card << 8, -1 no more).
K_MAIN, K_BLOCK, K_COUNTER = 0, 1, 2


@kernel
def hidden_places(st, p, q, segs):
    """The (offset, length) pairs of q's cards that p cannot see, into segs; how many: q's
    deck, q's hand when q is p's opponent, and q's face-down Life cards (3-10-2-1)."""
    b = q * PSIZE
    segs[0] = b + DECK
    segs[1] = st[b + N_DECK]
    n = 1
    if q != p:
        segs[2] = b + HAND
        segs[3] = st[b + N_HAND]
        n = 2
    up = st[b + LIFE_UP]
    for i in range(st[b + N_LIFE]):
        if (up >> i) & 1 == 0:
            segs[2 * n] = b + LIFE + i
            segs[2 * n + 1] = 1
            n += 1
    return n


@kernel
def sample_world(world, st, p, rng, s, segs, pool):
    """world = st with every card p cannot see dealt afresh, each player's apart."""
    copy_state(world, st)
    for q in range(2):
        n = hidden_places(st, p, q, segs)
        redeal(world, segs, n, pool, rng, s)


@kernel
def playout_score(sim, p):
    """p's score of a playout: its outcome, or when it stopped at the depth limit, 1/2 moved
    by LIFE_LEAD per card of Life p leads by (clipped to 0.05..0.95)."""
    if sim[G_OVER] != 0:
        return outcome(sim[G_WINNER], p)
    lead = sim[p * PSIZE + N_LIFE] - sim[(1 - p) * PSIZE + N_LIFE]
    return min(0.95, max(0.05, 0.5 + LIFE_LEAD * lead))


@kernel
def finish_battle(sim, ct, fx, lg, a, fams2, prms2, rng2, sbuf, decks, leaders, counters):
    """The rest of a battle of attacker a once the defender's searched choice is made: the
    Counter Step with the seats' policies (when `counters`), the Damage Step, and the end of
    the attacker's action (engine.battle, engine.main_step)."""
    if counters:
        counter_step(sim, ct, fx, lg, a, fams2, prms2, rng2, sbuf, False, decks, leaders)
    if not battle_stops(sim, lg, a):
        damage_step(sim, ct, fx, lg, a, fams2, prms2, rng2, sbuf)
    if sim[G_OVER] == 0:
        settle_field(sim, ct, fx, sbuf)
        step_done(sim, ct, fx, lg, sbuf, False, decks, leaders)


@kernel
def playout(world, sim, ct, fx, decks, leaders, p, kind, action, fams2, prms2, rng2, key, tag,
            j, sbuf, lg, last_turn):
    """p's score of its choice `action` (a decision of `kind`) played forward in world j with
    the default policy for both seats (the same random streams for every choice of the
    world)."""
    copy_state(sim, world)
    for s in range(4):
        seed_stream(rng2, s, key, tag, 128 + 4 * j + s)
    ended = False
    if kind == K_MAIN:
        ended = act_kind(action) == A_END
        if not ended:
            main_step(sim, ct, fx, lg, p, action, fams2, prms2, rng2, sbuf, False, decks,
                      leaders)
    else:  # p defends: the turn player attacks
        a = 1 - p
        if kind == K_BLOCK:
            if action < 0 or block_with(sim, ct, fx, lg, a, action, fams2, prms2, rng2, sbuf):
                finish_battle(sim, ct, fx, lg, a, fams2, prms2, rng2, sbuf, decks, leaders,
                              True)
        else:
            more = action >= 0 and counter_with(sim, ct, fx, lg, a, action, fams2, prms2,
                                                rng2, sbuf, False, decks, leaders)
            finish_battle(sim, ct, fx, lg, a, fams2, prms2, rng2, sbuf, decks, leaders, more)
    if sim[G_OVER] == 0:
        play_on(sim, ct, fx, lg, fams2, prms2, rng2, sbuf, decks, leaders, last_turn, ended)
    return playout_score(sim, p)


@kernel
def search_choice(st, ct, fx, decks, leaders, p, kind, cand, n, base, prm, rng, tag, ws):
    """The index in cand[:n] of p's choice: cand[base] (default's), unless another candidate
    does better in prm[P_PLAYOUTS] sampled worlds by more than prm[P_MARGIN] standard
    errors."""
    world, sim, sbuf, _, pool, segs, gain, rng2, prms2, fams2, lg = ws
    worlds = int(prm[P_PLAYOUTS])
    if n == 1 or worlds <= 1:
        return base
    depth = int(prm[P_DEPTH])
    last_turn = st[G_TURN] + depth if depth > 0 else 0
    for k in range(prms2.shape[1]):
        prms2[0, k] = prm[k]
        prms2[1, k] = prm[k]
    fams2[0] = policy.DEFAULT
    fams2[1] = policy.DEFAULT
    key = rng[2 * (2 + p)]  # the seat's own stream: public to p, fixed for the game
    for c in range(2 * n):
        gain[c] = 0.0
    for j in range(worlds):
        seed_stream(rng2, 0, key, tag, 64 + j)
        sample_world(world, st, p, rng2, 0, segs, pool)
        sb = playout(world, sim, ct, fx, decks, leaders, p, kind, cand[base], fams2, prms2,
                     rng2, key, tag, j, sbuf, lg, last_turn)
        for c in range(n):
            if c != base:
                d = playout(world, sim, ct, fx, decks, leaders, p, kind, cand[c], fams2,
                            prms2, rng2, key, tag, j, sbuf, lg, last_turn) - sb
                gain[c] += d
                gain[n + c] += d * d
    return best_candidate(gain, n, base, worlds, prm[P_MARGIN])


@kernel
def search_action(st, ct, fx, decks, leaders, p, prm, rng, buf, ws):
    """p's Main Phase action: default's choice, unless another legal action does better in
    prm[P_PLAYOUTS] sampled worlds by more than prm[P_MARGIN] standard errors."""
    cand = ws[3]
    base_action = default.main_action(st, ct, fx, p, prm, rng, 2 + p, buf)
    n = legal_main_actions(st, ct, p, cand)
    n = drop_unpayable_events(st, ct, fx, p, cand, n, buf[SCRATCH:])
    n = legal_activations(st, ct, fx, p, cand, n, buf[SCRATCH:])
    base = -1
    for c in range(n):
        if cand[c] == base_action:
            base = c
    if base < 0:  # default gives several DON!! at once: one more candidate
        cand[n] = base_action
        base = n
        n += 1
    tag = (st[G_TURN] << 12) | st[G_ACTIONS]
    return cand[search_choice(st, ct, fx, decks, leaders, p, K_MAIN, cand, n, base, prm, rng,
                              tag, ws)]


@kernel
def search_defence(st, ct, fx, decks, leaders, o, kind, base_choice, prm, rng, ws):
    """o's block (K_BLOCK: a legal [Blocker] or -1) or next counter (K_COUNTER: one card of
    each kind in hand that can counter, on the attacked card, or -1): default's choice
    base_choice unless another does clearly better (search_choice)."""
    cand = ws[3]
    ob = o * PSIZE
    cand[0] = -1
    n = 1
    if kind == K_BLOCK:
        for r in range(NCHAR):
            if is_legal_blocker(st, ct, o, r):
                cand[n] = r
                n += 1
    else:
        for h in range(st[ob + N_HAND]):
            if counter_value(st, ct, o, h) <= 0:
                continue
            seen = False
            for k in range(h):
                seen = seen or st[ob + HAND + k] == st[ob + HAND + h]
            if not seen:  # copies of a card are the same choice
                cand[n] = h | (st[G_TGT] << 8)
                n += 1
    base = -1
    for c in range(n):
        if cand[c] == base_choice:
            base = c
    if base < 0:  # default's counter on another card, or a later copy: one more candidate
        cand[n] = base_choice
        base = n
        n += 1
    tag = (kind << 40) | (st[G_TURN] << 24) | (st[G_ACTIONS] << 12) | (st[ob + S_COUNTERS]
                                                                        & 0xFFF)
    return cand[search_choice(st, ct, fx, decks, leaders, o, kind, cand, n, base, prm, rng,
                              tag, ws)]


@kernel
def battle_search(st, ct, fx, lg, p, att, tgt, fams, prms, rng, buf, debug, decks, leaders,
                  ws):
    """engine.battle with the `search` defender's block and counters from search_defence."""
    if not attack_step(st, ct, fx, lg, p, att, tgt, fams, prms, rng, buf):
        return
    o = 1 - p
    if has_legal_blocker(st, ct, o):
        r = policy.block(st, ct, o, fams[o], prms[o], rng, 2 + o, buf)
        r = search_defence(st, ct, fx, decks, leaders, o, K_BLOCK, r, prms[o], rng, ws)
        if r >= 0 and not block_with(st, ct, fx, lg, p, r, fams, prms, rng, buf):
            return
    for _ in range(MAX_COUNTERS_PER_BATTLE):
        settle_hand(st, ct, fx, o, buf)
        if not has_counter(st, ct, o):
            break
        c = policy.counter(st, ct, fx, o, fams[o], prms[o], rng, 2 + o, buf)
        c = search_defence(st, ct, fx, decks, leaders, o, K_COUNTER, c, prms[o], rng, ws)
        if c < 0 or not counter_with(st, ct, fx, lg, p, c, fams, prms, rng, buf, debug, decks,
                                     leaders):
            break
    if battle_stops(st, lg, p):
        return
    damage_step(st, ct, fx, lg, p, fams, prms, rng, buf)


@kernel_inline
def main_step_search(st, ct, fx, lg, p, action, fams, prms, rng, buf, debug, decks, leaders,
                     ws):
    """engine.main_step, with battle_search for a legal attack on a `search` seat."""
    a = act_a(action)
    t = act_b(action)
    if act_kind(action) == A_ATTACK and fams[1 - p] == policy.SEARCH and \
            attack_legal(st, ct, p, a, t):
        battle_search(st, ct, fx, lg, p, a, t, fams, prms, rng, buf, debug, decks, leaders, ws)
        settle_field(st, ct, fx, buf)
        step_done(st, ct, fx, lg, buf, debug, decks, leaders)
    else:
        main_step(st, ct, fx, lg, p, action, fams, prms, rng, buf, debug, decks, leaders)


@kernel_inline
def main_phase_search(st, ct, fx, lg, fams, prms, rng, buf, debug, decks, leaders, ws):
    """engine.main_phase with the `search` seat's actions from search_action."""
    p = st[G_ACTIVE]
    settle_field(st, ct, fx, buf)
    while st[G_OVER] == 0:
        settle_hand(st, ct, fx, p, buf)
        if fams[p] == policy.SEARCH:
            action = search_action(st, ct, fx, decks, leaders, p, prms[p], rng, buf, ws)
        else:
            action = policy.main_action(st, ct, fx, p, fams[p], prms[p], rng, 2 + p, buf)
        if act_kind(action) == A_END:
            return
        main_step_search(st, ct, fx, lg, p, action, fams, prms, rng, buf, debug, decks,
                         leaders, ws)


@kernel
def play_game_search(st, ct, fx, lg, decks, leaders, first, seed, pair, game, fams, prms,
                     rng, buf, ruleset, turn_cap, debug, ws):
    """engine.play_game for a pair with a `search` seat: the same game procedure, the same
    random streams, main_phase_search in place of the Main Phase."""
    setup(st, ct, fx, lg, decks, leaders, first, seed, pair, game, fams, prms, rng, buf,
          ruleset, turn_cap)
    note_decks(st, fx, decks)
    if debug:
        check_invariants(st, ct, lg, decks, leaders)
    while st[G_OVER] == 0:
        if not start_turn(st, lg):
            break
        if debug:
            check_invariants(st, ct, lg, decks, leaders)
        main_phase_search(st, ct, fx, lg, fams, prms, rng, buf, debug, decks, leaders, ws)
        if st[G_OVER] != 0:
            break
        end_of_turn_abilities(st, ct, fx, lg, fams, prms, rng, buf)
        if debug:
            check_invariants(st, ct, lg, decks, leaders)
        if st[G_OVER] != 0:
            break
        end_phase(st)
    if debug:
        check_invariants(st, ct, lg, decks, leaders)
        check_loss(st, lg)

