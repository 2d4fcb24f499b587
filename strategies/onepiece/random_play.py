"""ONE PIECE `random`: every decision uniform over the legal options (the baseline)."""

from tcgsim.simcore.games.onepiece.effects.query import drop_unpayable_events, legal_activations
from tcgsim.simcore.games.onepiece.layout import EMPTY, F_CARD, N_HAND, NCHAR, NREF, PSIZE
from tcgsim.simcore.games.onepiece.legal import counter_value, is_legal_blocker, legal_main_actions
from tcgsim.simcore.jit import kernel
from tcgsim.simcore.rng import randint
from tcgsim.strategies.onepiece.common import SCRATCH


@kernel
def mulligan(st, ct, p, prm, rng, s):
    return randint(rng, s, 2) == 1


@kernel
def main_action(st, ct, fx, p, prm, rng, s, buf):
    n = legal_main_actions(st, ct, p, buf)
    n = drop_unpayable_events(st, ct, fx, p, buf, n, buf[SCRATCH:])
    n = legal_activations(st, ct, fx, p, buf, n, buf[SCRATCH:])
    return buf[randint(rng, s, n)]


@kernel
def block(st, ct, d, prm, rng, s, buf):
    n = 0
    for r in range(NCHAR):
        if is_legal_blocker(st, ct, d, r):
            buf[n] = r
            n += 1
    k = randint(rng, s, n + 1)
    return -1 if k == n else buf[k]


@kernel
def counter(st, ct, d, prm, rng, s, buf):
    """Uniform over (usable hand card x own field card) and stopping."""
    b = d * PSIZE
    n = 0
    for h in range(st[b + N_HAND]):
        if counter_value(st, ct, d, h) > 0:
            buf[n] = h
            n += 1
    k = randint(rng, s, n + 1)
    if k == n:
        return -1
    nref = 0
    for r in range(NREF):
        if st[b + F_CARD + r] != EMPTY:
            nref += 1
    j = randint(rng, s, nref)
    for r in range(NREF):
        if st[b + F_CARD + r] != EMPTY:
            if j == 0:
                return buf[k] | (r << 8)
            j -= 1
    return -1


@kernel
def use_trigger(st, ct, p, card, prm, rng, s):
    return randint(rng, s, 2) == 1


@kernel
def choose_target(st, ct, p, eff, val, prm, rng, s, cand, n):
    """One of the n candidate refs, or -1 ("up to 1" allows none)."""
    k = randint(rng, s, n + 1)
    return -1 if k == n else cand[k]


@kernel
def trash_for_space(st, ct, p, prm, rng, s):
    return randint(rng, s, NCHAR)


@kernel
def choose(st, ct, p, q, intent, prm, rng, s, cand, n, upto):
    """Uniform over the n candidates, and "none" as one more option when `upto`."""
    k = randint(rng, s, n + (1 if upto else 0))
    return -1 if k == n else k


@kernel
def order(st, ct, p, q, prm, rng, s, cand, n):
    """A uniform order of cand[:n] (Fisher-Yates)."""
    for i in range(n - 1, 0, -1):
        j = randint(rng, s, i + 1)
        cand[i], cand[j] = cand[j], cand[i]


@kernel
def confirm(st, ct, p, q, prm, rng, s):
    return randint(rng, s, 2) == 1
