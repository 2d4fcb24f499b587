"""What a deck pair's continuous abilities read (the fx memo offsets), so that
interp.settle_field recomputes their results only when some of it has changed.

The results are a function of the state the abilities read: which cards are on the field
and whose turn it is (changes that clear FX_CONT_OK), and the state ints listed here per
deck pair from their conditions, filters and counts (cost modifiers, Life, ...). A
snapshot of those ints is taken after each recomputation; while FX_CONT_OK holds and they
equal the snapshot, recomputing would write the same values, so it is skipped. A pair
whose abilities read something not classified here (a register, the look window, a ban on
playing), or something that changes with most actions, is recomputed every time."""

from __future__ import annotations

from tcgsim.simcore.effects import fxlayout as L
from tcgsim.simcore.games.onepiece import layout as S
from tcgsim.simcore.games.onepiece.effects import opcodes as oc

# What a condition, a filter or a count reads, by kind of state.
R_COST = 1  # the cost modifiers of the field cards
R_POWER = 2  # their power modifiers and DON!! given (power is read on whose turn it is)
R_DON = 4  # DON!! cards in the cost areas and given
R_RESTED = 8  # rested field cards and DON!!
R_SICK = 16  # played this turn
R_LIFE = 32  # Life counts
R_HAND_N = 64  # hand sizes
R_HAND = 128  # the hand cards
R_TRASH_N = 256  # trash sizes
R_TRASH = 512  # the trash cards
R_DECK_N = 1024  # deck sizes
R_BATTLE = 2048  # the cards in battle
R_GIVEN = 4096  # DON!! given to the field cards
R_OTHER = 1 << 30  # something else: the results are not kept
# What changes seldom enough between two recomputations for a snapshot to pay (measured:
# with DON!! given or trash counts in it, comparing cost more than recomputing).
_KEPT_READS = R_COST | R_SICK | R_LIFE | R_DECK_N | R_BATTLE
_SMALL = 8  # snapshot ints compared at about the cost of recomputing a card's own bonus

_CONT_TIMINGS = frozenset({oc.T_CONTINUOUS, oc.T_YOUR_TURN, oc.T_OPP_TURN})
_COND_READS = {
    oc.CK_LEADER_PRED: 0, oc.CK_TRASH: R_TRASH_N, oc.CK_LIFE: R_LIFE, oc.CK_HAND: R_HAND_N,
    oc.CK_DON_FIELD: R_DON, oc.CK_DON_ACTIVE: R_DON, oc.CK_DON_GIVEN_SELF: R_GIVEN,
    oc.CK_YOUR_TURN: 0, oc.CK_OPP_TURN: 0, oc.CK_COUNT: 0, oc.CK_CMP_LIFE_OPP: R_LIFE,
    oc.CK_CHARS: 0, oc.CK_DECK: R_DECK_N, oc.CK_SELF_RESTED: R_RESTED,
    oc.CK_LEADER_MULTI: 0, oc.CK_CMP_DON_OPP: R_DON, oc.CK_SELF_POWER: R_POWER,
    oc.CK_RESTED: R_RESTED | R_DON, oc.CK_LIFE_TOTAL: R_LIFE, oc.CK_SELF_PLAYED: R_SICK,
    oc.CK_DON_GIVEN: R_GIVEN, oc.CK_ONLY: 0, oc.CK_BATTLING: R_BATTLE,
    oc.CK_SELF_COST: R_COST, oc.CK_TURNS: R_OTHER, oc.CK_LEADER_ATTACKED: R_BATTLE,
}
_PER_READS = {oc.PER_TRASH: R_TRASH_N, oc.PER_HAND: R_HAND_N, oc.PER_TRASH_EVENTS: R_TRASH,
              oc.PER_DON_RESTED: R_DON}
_BY_READS = {oc.BY_NONE: 0, oc.BY_OPP_LIFE: R_LIFE, oc.BY_LIFE_TOTAL: R_LIFE,
             oc.BY_DON_FIELD: R_DON, oc.BY_OPP_DON_FIELD: R_DON}
_ZONE_READS = {oc.Z_FIELD_CHAR: 0, oc.Z_FIELD_LC: 0, oc.Z_LEADER: 0, oc.Z_STAGE: 0,
               oc.Z_LEADER_STAGE: 0, oc.Z_FIELD_ANY: 0, oc.Z_HAND: R_HAND,
               oc.Z_TRASH: R_TRASH}
_CODE_OPS = frozenset({oc.OP_SKIP_UNLESS, oc.OP_SEL_SELF, oc.OP_SEL_LEADER, oc.OP_SEL_ALL,
                       oc.OP_POWER, oc.OP_COST, oc.OP_GRANT, oc.OP_PROHIBIT, oc.OP_NEGATE,
                       oc.OP_SET_BASE, oc.OP_POWER_PER})

# The per-player state of each kind that is kept (field fields are NREF long, counts one
# int). Which cards are on the field and whose turn it is need none: zones and
# engine.end_phase clear FX_CONT_OK when they change, and the results are kept only while
# it is set.
_SLOT_READS = ((R_COST, (S.F_TCOST, S.F_NCOST)),  # legal.field_cost (F_CCOST is a result)
               (R_SICK, (S.F_SICK,)))
_NEGATION = (S.F_TKW, S.F_BKW, S.F_NKW)  # query.negated: whether a source's effects apply
_COUNT_READS = ((R_LIFE, (S.N_LIFE,)), (R_DECK_N, (S.N_DECK,)))


def filter_reads(flt: list[int]) -> int:
    """What filter row `flt` reads besides which cards are where and their printed data."""
    reads = _ZONE_READS.get(flt[L.FL_ZONE], R_OTHER)
    flags = flt[L.FL_FLAGS]
    on_field = flt[L.FL_ZONE] not in (oc.Z_HAND, oc.Z_TRASH)
    if on_field and not flags & L.FLF_BASE:
        if flt[L.FL_COST_MIN] >= 0 or flt[L.FL_COST_MAX] >= 0 \
                or flt[L.FL_COST_MAX_BY] != oc.BY_NONE:
            reads |= R_COST
        if flt[L.FL_POW_MIN] >= 0 or flt[L.FL_POW_MAX] >= 0:
            reads |= R_POWER
    reads |= _BY_READS.get(flt[L.FL_COST_MAX_BY], R_OTHER)
    if flags & (oc.FLF_DON_GIVEN | oc.FLF_NO_DON):
        reads |= R_GIVEN
    if flt[L.FL_STATE] != L.ST_ANY:
        reads |= R_RESTED
    if flags & L.FLF_PLAYABLE:
        reads |= R_OTHER
    return reads


def cond_reads(cond: list[list[int]], flt: list[list[int]], c: int) -> int:
    """What condition row c reads."""
    row = cond[c]
    reads = _COND_READS.get(row[L.CD_KIND], R_OTHER)
    if row[L.CD_FLT] >= 0:
        reads |= filter_reads(flt[row[L.CD_FLT]])
    return reads


def ability_reads(ab: list[int], code: list[list[int]], cond: list[list[int]],
                  flt: list[list[int]]) -> int:
    """What a continuous ability row reads through its conditions and code."""
    reads = 0
    for c in range(ab[L.AB_COND0], ab[L.AB_COND0] + ab[L.AB_NCOND]):
        reads |= cond_reads(cond, flt, c)
    for op, a, _b, c3 in code[ab[L.AB_PC]:ab[L.AB_PC] + ab[L.AB_NCODE]]:
        if op not in _CODE_OPS:
            reads |= R_OTHER
        elif op == oc.OP_SKIP_UNLESS:
            reads |= cond_reads(cond, flt, a)
        elif op == oc.OP_SEL_ALL:
            reads |= filter_reads(flt[a])
        elif op == oc.OP_POWER_PER:
            reads |= _PER_READS.get(c3, R_OTHER)
    return reads


def _offsets(reads: int, negates: bool) -> list[int]:
    """The offsets of the state ints that `reads` names, both players', and the fields that
    hold negation when some ability of the pair negates: what the snapshot holds."""
    offs: list[int] = []
    for p in range(2):
        b = p * S.PSIZE
        fields: set[int] = set(_NEGATION) if negates else set()
        counts: set[int] = set()
        for bit, extra in _SLOT_READS:
            if reads & bit:
                fields.update(extra)
        for bit, extra in _COUNT_READS:
            if reads & bit:
                counts.update(extra)
        offs += [b + f + r for f in sorted(fields) for r in range(S.NREF)]
        offs += [b + f for f in sorted(counts)]
    if reads & R_BATTLE:
        offs += [S.G_ATT, S.G_TGT]
    return offs


# What continuous abilities change and others may read: a pair whose continuous abilities
# read any of it is settled until nothing changes (8-1-3-3-5).
_CHAIN_READS = R_COST | R_POWER | R_OTHER


def chained(ab: list[list[int]], code: list[list[int]], cond: list[list[int]],
            flt: list[list[int]]) -> bool:
    """Does some continuous ability on the field read a card's cost, power or something
    unclassified, which another continuous ability may change ("If there is a Character
    with a cost of 12 or more" beside "This Character gains +12 cost")?"""
    return any(row[L.AB_TIMING] in _CONT_TIMINGS
               and not row[L.AB_FLAGS] & (L.ABF_FROM_HAND | L.ABF_HAND_MOD)
               and ability_reads(row, code, cond, flt) & _CHAIN_READS for row in ab)


def memo_offsets(ab: list[list[int]], code: list[list[int]], cond: list[list[int]],
                 flt: list[list[int]]) -> list[int] | None:
    """The memo offsets of a pair's continuous abilities on the field (possibly none: they
    read only which cards are where and whose turn it is), or None when their results are
    not kept: they read something not classified here, or a snapshot would cost more than
    it saves (measured on the public lists): they read something that changes with most
    actions (DON!!, power, rested cards, hand or trash), or none of them applies to all of
    some cards ("all of your Characters ...") and the snapshot is more than a few ints."""
    reads = 0
    negates = sweeps = False
    for row in ab:
        body = code[row[L.AB_PC]:row[L.AB_PC] + row[L.AB_NCODE]]
        if row[L.AB_TIMING] in _CONT_TIMINGS and \
                not row[L.AB_FLAGS] & (L.ABF_FROM_HAND | L.ABF_HAND_MOD):
            reads |= ability_reads(row, code, cond, flt)
            sweeps |= any(op == oc.OP_SEL_ALL for op, *_ in body)
        elif any(op == oc.OP_NEGATE for op, *_ in body):
            negates = True
    if reads & ~_KEPT_READS:
        return None
    offs = _offsets(reads, negates)
    if len(offs) > _SMALL and not sweeps:  # recomputing costs less than comparing
        return None
    return offs if len(offs) <= S.MEMO_CAP else None
