"""Dispatch from a seat's family id to its decision functions (an if/elif chain, which keeps
numba's on-disk cache valid). A new family is a module plus one branch per decision here
and an entry in strategies.onepiece.FAMILIES. The dispatch is inlined into each caller, so
a decision costs one call, not two."""

from tcgsim.simcore.games.onepiece.effects.opcodes import Q_CONFIRM
from tcgsim.simcore.jit import kernel_inline
from tcgsim.strategies.onepiece import aggro, common, control, default, random_play

# SEARCH (strategies.onepiece.search) chooses its Main Phase actions by playouts; everywhere
# this dispatch is asked (its other decisions, and inside playouts) it plays as `default`.
RANDOM, DEFAULT, AGGRO, CONTROL, SEARCH = 0, 1, 2, 3, 4


@kernel_inline
def mulligan(st, ct, p, fam, prm, rng, s):
    if fam == RANDOM:
        return random_play.mulligan(st, ct, p, prm, rng, s)
    return common.mulligan(st, ct, p, prm, rng, s)


@kernel_inline
def main_action(st, ct, fx, p, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.main_action(st, ct, fx, p, prm, rng, s, buf)
    if fam == AGGRO:
        return aggro.main_action(st, ct, fx, p, prm, rng, s, buf)
    if fam == CONTROL:
        return control.main_action(st, ct, fx, p, prm, rng, s, buf)
    return default.main_action(st, ct, fx, p, prm, rng, s, buf)


@kernel_inline
def block(st, ct, d, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.block(st, ct, d, prm, rng, s, buf)
    return common.block(st, ct, d, prm, rng, s, buf)


@kernel_inline
def counter(st, ct, fx, d, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.counter(st, ct, d, prm, rng, s, buf)
    return common.counter(st, ct, fx, d, prm, rng, s, buf)


@kernel_inline
def use_trigger(st, ct, p, card, fam, prm, rng, s):
    if fam == RANDOM:
        return random_play.use_trigger(st, ct, p, card, prm, rng, s)
    return common.use_trigger(st, ct, p, card, prm, rng, s)


@kernel_inline
def choose_target(st, ct, p, eff, val, fam, prm, rng, s, cand, n):
    if fam == RANDOM:
        return random_play.choose_target(st, ct, p, eff, val, prm, rng, s, cand, n)
    return common.choose_target(st, ct, p, eff, val, prm, rng, s, cand, n)


@kernel_inline
def trash_for_space(st, ct, p, fam, prm, rng, s):
    if fam == RANDOM:
        return random_play.trash_for_space(st, ct, p, prm, rng, s)
    return common.trash_for_space(st, ct, p, prm, rng, s)


@kernel_inline
def choose(st, ct, p, q, intent, fam, prm, rng, s, cand, n, upto):
    """An effect's choice (effects/interp.py): an index into cand[:n], or -1 ("up to")."""
    if fam == RANDOM:
        return random_play.choose(st, ct, p, q, intent, prm, rng, s, cand, n, upto)
    return common.choose(st, ct, p, q, intent, prm, rng, s, cand, n, upto)


@kernel_inline
def order(st, ct, p, q, fam, prm, rng, s, cand, n):
    """Put cand[:n] in the order p places them (3-1-7, "in any order"), in place: first the
    card to go nearest the top of the deck."""
    if fam == RANDOM:
        random_play.order(st, ct, p, q, prm, rng, s, cand, n)
    else:
        common.order(st, ct, p, q, prm, rng, s, cand, n)


@kernel_inline
def confirm(st, ct, p, q, fam, prm, rng, s):
    """An optional cost or a "you may": True to go ahead."""
    if fam == RANDOM:
        return random_play.confirm(st, ct, p, q, prm, rng, s)
    return common.confirm(st, ct, p, q, prm, rng, s)


@kernel_inline
def pay_for(st, ct, fx, p, ab, src_card, src_ref, fam, prm, rng, s, buf):
    """Pay the optional cost of triggered ability ab: True to go ahead."""
    if fam == RANDOM:
        return random_play.confirm(st, ct, p, Q_CONFIRM, prm, rng, s)
    return common.worth_paying(st, ct, fx, p, ab, src_card, src_ref, buf)
