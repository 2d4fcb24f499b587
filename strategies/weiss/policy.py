"""Dispatch from a seat's family id to its decision functions (an if/elif chain, which keeps
numba's on-disk cache valid). A new family is a module plus one branch per decision here
and an entry in strategies.weiss.FAMILIES. `aggro` and `control` share the default's
parameter layout and decisions except the Main Phase and the attack choice."""

from tcgsim.simcore.jit import kernel
from tcgsim.strategies.weiss import aggro, control, default, random_play

RANDOM, DEFAULT, AGGRO, CONTROL = 0, 1, 2, 3


@kernel
def mulligan(st, ct, p, fam, prm, rng, s):
    if fam == RANDOM:
        return random_play.mulligan(st, ct, p, prm, rng, s)
    return default.mulligan(st, ct, p, prm, rng, s)


@kernel
def clock(st, ct, p, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.clock(st, ct, p, prm, rng, s, buf)
    return default.clock(st, ct, p, prm, rng, s, buf)


@kernel
def main_action(st, ct, p, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.main_action(st, ct, p, prm, rng, s, buf)
    if fam == AGGRO:
        return aggro.main_action(st, ct, p, prm, rng, s, buf)
    if fam == CONTROL:
        return control.main_action(st, ct, p, prm, rng, s, buf)
    return default.main_action(st, ct, p, prm, rng, s, buf)


@kernel
def climax(st, ct, p, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.climax(st, ct, p, prm, rng, s, buf)
    return default.climax(st, ct, p, prm, rng, s, buf)


@kernel
def attack(st, ct, p, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.attack(st, ct, p, prm, rng, s, buf)
    if fam == AGGRO:
        return aggro.attack(st, ct, p, prm, rng, s, buf)
    if fam == CONTROL:
        return control.attack(st, ct, p, prm, rng, s, buf)
    return default.attack(st, ct, p, prm, rng, s, buf)


@kernel
def trigger(st, ct, p, icon, fam, prm, rng, s, buf, n):
    if fam == RANDOM:
        return random_play.trigger(st, ct, p, icon, prm, rng, s, buf, n)
    return default.trigger(st, ct, p, icon, prm, rng, s, buf, n)


@kernel
def counter(st, ct, d, fs, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.counter(st, ct, d, fs, prm, rng, s, buf)
    return default.counter(st, ct, d, fs, prm, rng, s, buf)


@kernel
def encore(st, ct, p, slot, card, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.encore(st, ct, p, slot, card, prm, rng, s, buf)
    return default.encore(st, ct, p, slot, card, prm, rng, s, buf)


@kernel
def level_up(st, ct, p, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.level_up(st, ct, p, prm, rng, s, buf)
    return default.level_up(st, ct, p, prm, rng, s, buf)


@kernel
def discard(st, ct, p, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.discard(st, ct, p, prm, rng, s, buf)
    return default.discard(st, ct, p, prm, rng, s, buf)
