"""Monte Carlo kernels of the Weiß Schwarz damage calculator: one damage sequence per index.

The defender's zones are reduced to what damage can change: the deck (a known top part, then
a random part kept as counts and drawn lazily, which is the same as a shuffled deck), the
waiting room (counts: it is only ever shuffled), the clock (ordered climax flags: level-up
takes the bottom 7), the level, the Refresh Point (2017 rules) and the loss flags. The
attacker's trigger checks draw from a separate deck of counts (soul +1, soul +2, Shot).
Sequence i draws from streams keyed by (seed, i, purpose): results never depend on threads.
Rules: the damage process 4.10.1, refresh 9.2 (2023: penalty at once, M 9.2.2; 2017: Refresh
Point, E 9.2.2 and 9.9.1), level-up 9.3, loss 9.4, Shot 4.12.2.7.
"""

import numpy as np
from numba import njit, prange

from tcgsim.simcore.jit import kernel
from tcgsim.simcore.rng import GOLDEN, mix64, seed_stream


def hot(fn):
    """A kernel inlined into its callers at numba IR level: these run once per card revealed,
    and passing the state arrays through a call cost about a third of the time."""
    return njit(cache=True, _nrt=False, error_model="numpy", inline="always")(fn)


# Rulesets (same numbers as the game engine's): 2023 manual, 2017 English rules.
M2023 = 0
E2017 = 1

# Instance flags.
F_TRIGGER = 1  # an attack with a trigger check before its damage (7.3)
F_UNCANCEL = 2  # "this damage cannot be cancelled" (card text)

# Outcomes of a sequence.
ALIVE = 0
LEVEL4 = 1  # 4 or more cards in the level zone at a check timing (9.4.1.1)
DECKOUT = 2  # deck and waiting room empty when a refresh was due (9.2.2.1, 9.4.1.2)

# Parameters (int64 array p).
P_TOPLEN = 0  # known top cards of the deck (array `top`, top first)
P_RN = 1  # random part of the deck below them: cards ...
P_RCX = 2  # ... and climaxes among them
P_WRN = 3
P_WRCX = 4
P_CLK = 5
P_CLKCX = 6
P_LVL = 7
P_RULES = 8
P_AN = 9  # attacker's deck for trigger checks: cards ...
P_A1 = 10  # ... with one soul icon
P_A2 = 11  # ... with two soul icons
P_A3 = 12  # ... with a Shot icon
NP = 13

# Mutable state (int64 array s).
S_POS = 0  # known top cards already taken
S_TOPLEN = 1
S_RN = 2
S_RCX = 3
S_WRN = 4
S_WRCX = 5
S_CLK = 6
S_LVL = 7
S_RP = 8
S_LOST = 9  # deck-out loss happened
S_AN = 10
S_A1 = 11
S_A2 = 12
S_A3 = 13
S_DMG = 14  # damage taken (cards put into the clock by damage)
S_RULES = 15
S_REFRESH = 16
NS = 17

CLOCK_SIZE = 128  # clock 6 + one instance (<= MAX_AMOUNT + 2 soul) + penalties
R_SIZE = 64
MAX_AMOUNT = 50  # largest amount of one instance accepted by the API

# _deal results
TAKEN = 0
CANCELLED = 1
LOST = 2
NOTHING = 3


_S32 = np.uint64(32)
_ONE = np.uint64(1)


@hot
def below(rng, s, n):
    """simcore.rng.randint(rng, s, n), inlined: uniform integer in [0, n)."""
    c = rng[2 * s + 1]
    rng[2 * s + 1] = c + _ONE
    x = mix64(rng[2 * s] + c * GOLDEN)
    return np.int64(((x >> _S32) * np.uint64(n)) >> _S32)


@hot
def deck_count(s):
    """Cards in the defender's deck."""
    return s[S_TOPLEN] - s[S_POS] + s[S_RN]


@hot
def draw(s, top, rng):
    """Take the top card of the deck (1 = climax); the random part is drawn lazily."""
    pos = s[S_POS]
    if pos < s[S_TOPLEN]:
        s[S_POS] = pos + 1
        return top[pos]
    rn = s[S_RN]
    rcx = s[S_RCX]
    s[S_RN] = rn - 1
    if rcx == 0:
        return 0
    if rcx == rn:
        s[S_RCX] = rcx - 1
        return 1
    if below(rng, 0, rn) < rcx:
        s[S_RCX] = rcx - 1
        return 1
    return 0


@kernel
def level_up(s, clock):
    """One level-up (9.3.2): a non-climax of the bottom 7 to the level zone if there is one
    (so the climaxes go back to the waiting room and the deck), the other 6 to the WR."""
    n = s[S_CLK]
    k = 0
    for i in range(7):
        k += clock[i]
    s[S_WRN] += 6
    s[S_WRCX] += k if k < 7 else 6
    for i in range(7, n):
        clock[i - 7] = clock[i]
    s[S_CLK] = n - 7
    s[S_LVL] += 1


@kernel
def interrupts(s, clock, top, rng, protect):
    """Interrupt-type rule actions (9.1.2.1) until none is due: level-up, then refresh.

    When both are due the defender levels up first (their choice, 9.1.2.1.1): the 6 cards
    then join the refresh. protect: a damage process with a climax in the resolution zone is
    under way, so an empty deck and WR defer the refresh instead of losing (9.2.2.1)."""
    while True:
        if s[S_CLK] >= 7:
            level_up(s, clock)
            continue
        if deck_count(s) == 0:
            if s[S_WRN] == 0:
                if not protect:
                    s[S_LOST] = 1
                return
            s[S_POS] = s[S_TOPLEN]
            s[S_RN] = s[S_WRN]
            s[S_RCX] = s[S_WRCX]
            s[S_WRN] = 0
            s[S_WRCX] = 0
            s[S_REFRESH] += 1
            if s[S_RULES] == M2023:
                n = s[S_CLK]
                clock[n] = draw(s, top, rng)
                s[S_CLK] = n + 1
            else:
                s[S_RP] += 1
            continue
        return


@hot
def deal(s, clock, rbuf, top, rng, amount, cancellable):
    """One damage process of `amount` (4.10.1): TAKEN, CANCELLED, LOST or NOTHING (0)."""
    if amount <= 0:
        return NOTHING
    rn = 0
    rcx = 0
    while True:
        if deck_count(s) == 0:  # a refresh still waiting (9.2.2.1) and nothing to reveal
            s[S_LOST] = 1
            return LOST
        c = draw(s, top, rng)
        rbuf[rn] = c
        rn += 1
        rcx += c
        cancel = cancellable and c == 1
        if deck_count(s) == 0:
            # 9.2.2.1: a climax in the resolution zone defers the loss, cancellable or not
            interrupts(s, clock, top, rng, rcx > 0)
            if s[S_LOST]:
                return LOST
        if cancel:
            s[S_WRN] += rn
            s[S_WRCX] += rcx
            if deck_count(s) == 0:  # a deferred refresh (9.2.2.1)
                interrupts(s, clock, top, rng, False)
                if s[S_LOST]:
                    return LOST
            return CANCELLED
        if rn == amount:
            n = s[S_CLK]
            for i in range(rn):
                clock[n + i] = rbuf[i]
            s[S_CLK] = n + rn
            s[S_DMG] += rn
            if n + rn >= 7 or deck_count(s) == 0:
                # level-up; a waiting refresh runs once the waiting room has cards (9.2.2.1),
                # else the loss waits for the check timing (9.4.1.2)
                interrupts(s, clock, top, rng, True)
            return TAKEN


@hot
def check_timing(s, clock, top, rng):
    """Check-type rule actions after an instance: 2017 Refresh Point penalties (E 9.9.1),
    then the loss check (9.4). Returns ALIVE, LEVEL4 or DECKOUT."""
    if s[S_LOST]:
        return DECKOUT
    while s[S_RP] > 0:
        if s[S_LVL] >= 4:
            return LEVEL4
        n = s[S_CLK]
        clock[n] = draw(s, top, rng)
        s[S_CLK] = n + 1
        s[S_RP] -= 1
        interrupts(s, clock, top, rng, False)
        if s[S_LOST]:
            return DECKOUT
    if s[S_LVL] >= 4:
        return LEVEL4
    if deck_count(s) == 0 and s[S_WRN] == 0:
        return DECKOUT
    return ALIVE


@hot
def init_state(p, s, clock):
    """The defender's and attacker's starting state from the parameters."""
    s[S_POS] = 0
    s[S_TOPLEN] = p[P_TOPLEN]
    s[S_RN] = p[P_RN]
    s[S_RCX] = p[P_RCX]
    s[S_WRN] = p[P_WRN]
    s[S_WRCX] = p[P_WRCX]
    n = p[P_CLK]
    cx = p[P_CLKCX]
    for i in range(n):
        clock[i] = 1 if i < cx else 0
    s[S_CLK] = n
    s[S_LVL] = p[P_LVL]
    s[S_RP] = 0
    s[S_LOST] = 0
    s[S_AN] = p[P_AN]
    s[S_A1] = p[P_A1]
    s[S_A2] = p[P_A2]
    s[S_A3] = p[P_A3]
    s[S_DMG] = 0
    s[S_RULES] = p[P_RULES]
    s[S_REFRESH] = 0


@kernel
def run_sequence(seed, index, p, top, amounts, flags, s, clock, rbuf, rng):
    """Play the whole sequence for sample `index`; returns the outcome, damage in s[S_DMG].

    The sequence stops at the first check timing that finds a loss: the game is over."""
    seed_stream(rng, 0, seed, index, 0)  # the defender's deck and refreshes
    seed_stream(rng, 1, seed, index, 1)  # the attacker's trigger checks
    init_state(p, s, clock)
    for i in range(amounts.shape[0]):
        amount = amounts[i]
        f = flags[i]
        shot = False
        if f & F_TRIGGER:
            an = s[S_AN]
            r = below(rng, 1, an)
            s[S_AN] = an - 1
            a1 = s[S_A1]
            a2 = s[S_A2]
            if r < a1:
                amount += 1
                s[S_A1] = a1 - 1
            elif r < a1 + a2:
                amount += 2
                s[S_A2] = a2 - 1
            elif r < a1 + a2 + s[S_A3]:
                shot = True
                s[S_A3] -= 1
        res = deal(s, clock, rbuf, top, rng, amount, (f & F_UNCANCEL) == 0)
        out = check_timing(s, clock, top, rng)
        if out != ALIVE:
            return out
        if shot and res == CANCELLED:
            deal(s, clock, rbuf, top, rng, 1, True)
            out = check_timing(s, clock, top, rng)
            if out != ALIVE:
                return out
    return ALIVE


TASK = 16384  # sequences per prange task (one histogram row each)


@njit(cache=True, parallel=True)
def run_batch(seed, start, n, p, top, amounts, flags, max_dmg):
    """Sequences start..start+n-1: counts[damage, outcome] and the total refreshes."""
    ntask = (n + TASK - 1) // TASK
    hist = np.zeros((ntask, max_dmg + 1, 3), np.int64)
    refreshes = np.zeros(ntask, np.int64)
    for t in prange(ntask):
        s = np.zeros(NS, np.int64)
        clock = np.zeros(CLOCK_SIZE, np.int64)
        rbuf = np.zeros(R_SIZE, np.int64)
        rng = np.zeros(4, np.uint64)
        lo = t * TASK
        hi = min(n, lo + TASK)
        ref = 0
        for i in range(lo, hi):
            out = run_sequence(seed, start + i, p, top, amounts, flags, s, clock, rbuf, rng)
            hist[t, s[S_DMG], out] += 1
            ref += s[S_REFRESH]
        refreshes[t] = ref
    return hist.sum(axis=0), refreshes.sum()


@njit(cache=True)
def trace_one(seed, index, p, top, amounts, flags):
    """One sequence's final state (for tests and engine comparisons): outcome, state, clock."""
    s = np.zeros(NS, np.int64)
    clock = np.zeros(CLOCK_SIZE, np.int64)
    rbuf = np.zeros(R_SIZE, np.int64)
    rng = np.zeros(4, np.uint64)
    out = run_sequence(seed, index, p, top, amounts, flags, s, clock, rbuf, rng)
    return out, s, clock[: s[S_CLK]].copy()
