"""Reading the compiled effect tables `fx` (fxlayout), for every game's interpreter: the
rows of an ability, a code row, a filter, a condition, a card's timings and name id. Kernels,
compiled once for all games' engines that use them."""

from tcgsim.simcore.effects.fxlayout import (
    AB_SLOT,
    AB_W,
    CMP_GE,
    CMP_LE,
    CODE_W,
    COND_W,
    FL_OWNER,
    FLT_W,
    H_AB,
    H_CARD_NAME,
    H_CARD_TM,
    H_CODE,
    H_COND,
    H_FLT,
    H_FSTAT,
    H_FWORDS,
    H_NAB,
    OWN_ANY,
    OWN_OPP,
)
from tcgsim.simcore.jit import kernel


@kernel
def has_timing(fx, card, t):
    """Does `card` have a packed ability of timing t?"""
    if fx[H_NAB] == 0:
        return False
    return (fx[fx[H_CARD_TM] + card] >> t) & 1 == 1


@kernel
def ab_get(fx, ab, col):
    return fx[fx[H_AB] + ab * AB_W + col]


@kernel
def code_get(fx, row, col):
    return fx[fx[H_CODE] + row * CODE_W + col]


@kernel
def flt_get(fx, f, col):
    return fx[fx[H_FLT] + f * FLT_W + col]


@kernel
def cond_get(fx, c, col):
    return fx[fx[H_COND] + c * COND_W + col]


@kernel
def owner_matches(flt_owner, p, owner):
    if flt_owner == OWN_ANY:
        return True
    return (owner == p) == (flt_owner != OWN_OPP)


@kernel
def static_match(fx, f, p, owner, card):
    """Does owner's `card` pass filter row f for controller p on what the card alone decides
    (the owner and the filter's static bitset), wherever the card now is?"""
    return owner_matches(flt_get(fx, f, FL_OWNER), p, owner) and \
        (fx[fx[H_FSTAT] + f * fx[H_FWORDS] + (card >> 5)] >> (card & 31)) & 1 != 0


@kernel
def name_bit(fx, card):
    """The card's name id (fx card_name) as a bit of a 128-bit set, (word, mask)."""
    i = fx[fx[H_CARD_NAME] + card] & 127
    return i >> 6, 1 << (i & 63)


@kernel
def compare(v, cmp, value):
    if cmp == CMP_GE:
        return v >= value
    if cmp == CMP_LE:
        return v <= value
    return v == value


@kernel
def ab_slot(fx, ab):
    """The index of ability row ab within its card (its F_USED bit)."""
    return ab_get(fx, ab, AB_SLOT)
