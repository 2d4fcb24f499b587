"""Dispatch from a seat's family id to its decision functions (an if/elif chain, which keeps
numba's on-disk cache valid). A new family is a module plus one branch per decision here
and an entry in strategies.dbs.FAMILIES. `aggro` and `control` share the default's parameter
layout and every decision except the Main Phase (plays and attacks), where they differ."""

from tcgsim.simcore.jit import kernel
from tcgsim.strategies.dbs import aggro, control, default, random_play

RANDOM, DEFAULT, AGGRO, CONTROL = 0, 1, 2, 3


@kernel
def mulligan(st, ct, p, fam, prm, rng, s):
    if fam == RANDOM:
        return random_play.mulligan(st, ct, p, prm, rng, s)
    return default.mulligan(st, ct, p, prm, rng, s)


@kernel
def charge(st, ct, p, fam, prm, rng, s):
    if fam == RANDOM:
        return random_play.charge(st, ct, p, prm, rng, s)
    return default.charge(st, ct, p, prm, rng, s)


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
def battle_action(st, ct, p, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.battle_action(st, ct, p, prm, rng, s, buf)
    return default.battle_action(st, ct, p, prm, rng, s, buf)


@kernel
def counter_play(st, ct, d, card, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.counter_play(st, ct, d, card, prm, rng, s, buf)
    return default.counter_play(st, ct, d, card, prm, rng, s, buf)


@kernel
def counter_attack(st, ct, d, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.counter_attack(st, ct, d, prm, rng, s, buf)
    return default.counter_attack(st, ct, d, prm, rng, s, buf)


@kernel
def block(st, ct, d, fam, prm, rng, s, buf):
    if fam == RANDOM:
        return random_play.block(st, ct, d, prm, rng, s, buf)
    return default.block(st, ct, d, prm, rng, s, buf)


@kernel
def choose_ko(st, ct, p, val, fam, prm, rng, s, cand, n):
    if fam == RANDOM:
        return random_play.choose_ko(st, ct, p, val, prm, rng, s, cand, n)
    return default.choose_ko(st, ct, p, val, prm, rng, s, cand, n)


@kernel
def offering(st, ct, o, fam, prm, rng, s):
    if fam == RANDOM:
        return random_play.offering(st, ct, o, prm, rng, s)
    return default.offering(st, ct, o, prm, rng, s)


@kernel
def discard(st, ct, o, fam, prm, rng, s):
    if fam == RANDOM:
        return random_play.discard(st, ct, o, prm, rng, s)
    return default.discard(st, ct, o, prm, rng, s)
