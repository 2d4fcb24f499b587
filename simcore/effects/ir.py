"""Intermediate representation of a compiled ability, game-independent (EFFECTS.md §4).

The pattern tables build these; `asm.py` lowers them to the int32 rows of `fxlayout`.
Numbers (timings, opcodes, zones, condition kinds) are the game's own from its
`effects/opcodes.py`; the IR only fixes the shape."""

from __future__ import annotations

from dataclasses import dataclass, field

STRICT = "strict"
APPROX = "approximate"
UNMODELLED = "unmodelled"
STATUSES = (STRICT, APPROX, UNMODELLED)

# Ability.flags, set by a game's compiler and turned into fxlayout.ABF_* bits by its packer.
FLAG_ONCE = 1  # usable once per turn
FLAG_FROM_HAND = 2  # the ability applies while the card is in the hand (ABF_FROM_HAND)
FLAG_HAND_MOD = 4  # on the field, the ability changes its owner's hand cards (ABF_HAND_MOD)


@dataclass(frozen=True)
class Filter:
    """A target phrase: zone, owner, category and colour masks, predicate names (turned
    into card_pred bits by the packer), cost and power bounds (-1 = none), state, flags;
    `cost_max_by` names a count of the game's whose current value is the cost maximum."""

    zone: int
    owner: int = 0
    cat: int = 0
    color: int = 0
    pred_all: tuple[str, ...] = ()
    pred_none: tuple[str, ...] = ()
    cost_min: int = -1
    cost_max: int = -1
    pow_min: int = -1
    pow_max: int = -1
    state: int = 0
    flags: int = 0
    cost_max_by: int = 0


@dataclass(frozen=True)
class Cond:
    """A condition row: kind, whose (self/opp), comparison, value, an optional filter,
    negation; `pred` names a predicate for kinds that test one (e.g. a card's type)."""

    kind: int
    who: int = 0
    cmp: int = 0
    value: int = 0
    flt: Filter | None = None
    neg: int = 0
    pred: str = ""


@dataclass(frozen=True)
class Op:
    """One code row: opcode and up to three arguments; `flt`/`cond` are placed into the
    filter and condition tables by the packer and their index replaces the argument named
    by the opcode's schema."""

    op: int
    a: int = 0
    b: int = 0
    c: int = 0
    flt: Filter | None = None
    cond: Cond | None = None


@dataclass
class Ability:
    """A compiled ability: timing, flags, conditions (AND), cost rows and body rows, the
    status with its reasons, the rule numbers and pattern names used and the first
    unmatched fragment if any."""

    timing: int
    flags: int = 0
    conds: list[Cond] = field(default_factory=list)
    costs: list[Op] = field(default_factory=list)
    body: list[Op] = field(default_factory=list)
    status: str = UNMODELLED
    rules: list[str] = field(default_factory=list)
    patterns: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unmatched: str = ""
    source: str = ""
    # The index (within its card) of the ability whose once-per-turn use this one shares:
    # one text naming two timings ("[A]/[B] [Once Per Turn]"); -1 for its own.
    once_with: int = -1


def combine(statuses: list[str]) -> str:
    """The status of an ability whose pieces have `statuses`: unmodelled if any piece is,
    else approximate if any piece is, else strict (EFFECTS.md §4)."""
    if not statuses or UNMODELLED in statuses:
        return UNMODELLED
    return APPROX if APPROX in statuses else STRICT
