"""Packing compiled abilities into one deck pair's `fx` array (fxlayout), for every game: the
rows of the ability, code, filter and condition tables as they are appended, the static
bitsets of the filters, the per-card indexes and the header. A game's packer
(`games/<game>/effects/pack.py`) subclasses `Tables` for what its opcodes need (a filter
narrowed for one opcode, a condition's own filter) and passes its flags to `assemble`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from tcgsim.simcore.effects import fxlayout as L
from tcgsim.simcore.effects.ir import (
    APPROX,
    FLAG_FROM_HAND,
    FLAG_HAND_MOD,
    FLAG_ONCE,
    Ability,
    Cond,
    Filter,
    Op,
)
from tcgsim.simcore.effects.optable import OpTable
from tcgsim.simcore.errors import InputError

MAX_PREDICATES = 30  # card_pred bits 0..29; bit 30 is fxlayout.PRED_GAME
CMP = {1: L.CMP_GE, -1: L.CMP_LE, 0: L.CMP_EQ}  # the compilers' comparison signs


class Tables:
    """Rows of the four tables as they are appended, with the predicate bits. The hooks a
    game overrides: `dynamic` (does a filter test more than the card alone), `op_filter`
    (the filter an opcode's row stores), `cond_filter` (a condition's filter) and
    `body_op` (a body row as packed)."""

    def __init__(self, ops: OpTable) -> None:
        self.ops = ops
        self.ab: list[list[int]] = []
        self.code: list[list[int]] = []
        self.flt: list[list[int]] = []
        self.cond: list[list[int]] = []
        self.preds: dict[str, int] = {}

    def dynamic(self, f: Filter) -> bool:
        return False

    def op_filter(self, o: Op) -> Filter | None:
        return o.flt

    def cond_filter(self, c: Cond) -> Filter | None:
        return c.flt

    def body_op(self, ab: Ability, i: int) -> Op:
        return ab.body[i]

    def pred_bits(self, preds: Iterable[str]) -> int:
        bits = 0
        for p in preds:
            if p not in self.preds:
                if len(self.preds) >= MAX_PREDICATES:
                    raise InputError(f"effects: more than {MAX_PREDICATES} distinct card "
                                     "types and names in the abilities of one deck pair")
                self.preds[p] = len(self.preds)
            bits |= 1 << self.preds[p]
        return bits

    def add_filter(self, f: Filter) -> int:
        row = [0] * L.FLT_W
        row[L.FL_ZONE], row[L.FL_OWNER], row[L.FL_CAT], row[L.FL_COLOR] = (
            f.zone, f.owner, f.cat, f.color)
        row[L.FL_PRED_ALL] = self.pred_bits(f.pred_all)
        row[L.FL_PRED_NONE] = self.pred_bits(f.pred_none)
        row[L.FL_COST_MIN], row[L.FL_COST_MAX] = f.cost_min, f.cost_max
        row[L.FL_POW_MIN], row[L.FL_POW_MAX] = f.pow_min, f.pow_max
        row[L.FL_STATE], row[L.FL_FLAGS] = f.state, f.flags
        row[L.FL_COST_MAX_BY] = f.cost_max_by
        if self.dynamic(f):
            row[L.FL_FLAGS] |= L.FLF_DYNAMIC
        self.flt.append(row)
        return len(self.flt) - 1

    def add_cond(self, c: Cond) -> int:
        row = [0] * L.COND_W
        row[L.CD_KIND], row[L.CD_WHO], row[L.CD_CMP] = c.kind, c.who, CMP[c.cmp]
        row[L.CD_VALUE], row[L.CD_NEG], row[L.CD_FLT] = c.value, c.neg, -1
        f = self.cond_filter(c)
        if f is not None:
            row[L.CD_FLT] = self.add_filter(f)
        self.cond.append(row)
        return len(self.cond) - 1

    def add_op(self, o: Op) -> None:
        args = [o.a, o.b, o.c]
        names = self.ops[o.op].args
        f = self.op_filter(o)
        if f is not None:
            args[names.index("flt")] = self.add_filter(f)
        if o.cond is not None:
            args[names.index("cond")] = self.add_cond(o.cond)
        self.code.append([o.op, *args])

    def add_ability(self, card: int, slot: int, ab: Ability) -> None:
        row = [0] * L.AB_W
        row[L.AB_CARD], row[L.AB_TIMING], row[L.AB_SLOT] = card, ab.timing, slot
        row[L.AB_FLAGS] = (L.ABF_ONCE if ab.flags & FLAG_ONCE else 0) | (
            L.ABF_APPROX if ab.status == APPROX else 0) | (
            L.ABF_FROM_HAND if ab.flags & FLAG_FROM_HAND else 0) | (
            L.ABF_HAND_MOD if ab.flags & FLAG_HAND_MOD else 0)
        row[L.AB_COND0] = len(self.cond)
        for c in ab.conds:
            self.add_cond(c)
        row[L.AB_NCOND] = len(self.cond) - row[L.AB_COND0]
        row[L.AB_COST0] = len(self.code)
        for o in ab.costs:
            self.add_op(o)
        row[L.AB_NCOST] = len(self.code) - row[L.AB_COST0]
        row[L.AB_PC] = len(self.code)
        for i in range(len(ab.body)):
            self.add_op(self.body_op(ab, i))
        row[L.AB_NCODE] = len(self.code) - row[L.AB_PC]
        self.ab.append(row)

    def rows_of(self, row: Sequence[int]) -> list[list[int]]:
        """The body code rows of ability row `row`."""
        return self.code[row[L.AB_PC]:row[L.AB_PC] + row[L.AB_NCODE]]


def static_bits(flt: list[list[int]], card_pred: np.ndarray, cat: np.ndarray,
                colors: np.ndarray, cost: np.ndarray, power: np.ndarray,
                printed: Callable[[list[int]], bool], pred_game: int = 0) -> np.ndarray:
    """Per filter row, a bitset over all cards of the tests that depend on the card alone:
    category, colour, predicates, the game's FLF_GAME_1 test (card_pred bit PRED_GAME when
    `pred_game`), and cost and power bounds where `printed(row)` says they are on printed
    values; the kernels read one bit for them. `cat` etc. are per-card arrays."""
    ncards = card_pred.size
    words = (ncards + 31) // 32
    out = np.zeros((len(flt), words * 32), bool)
    cat_bit = np.left_shift(1, cat[:ncards].astype(np.int64))
    colors = colors[:ncards].astype(np.int64)
    pred = card_pred.astype(np.int64)
    for i, row in enumerate(flt):
        ok = np.ones(ncards, bool)
        if row[L.FL_CAT]:
            ok &= (cat_bit & row[L.FL_CAT]) != 0
        if row[L.FL_COLOR]:
            ok &= (colors & row[L.FL_COLOR]) != 0
        ok &= (pred & row[L.FL_PRED_ALL]) == row[L.FL_PRED_ALL]
        ok &= (pred & row[L.FL_PRED_NONE]) == 0
        if pred_game and row[L.FL_FLAGS] & L.FLF_GAME_1:
            ok &= (pred & L.PRED_GAME) != 0
        if printed(row):
            for values, lo, hi in ((cost, L.FL_COST_MIN, L.FL_COST_MAX),
                                   (power, L.FL_POW_MIN, L.FL_POW_MAX)):
                if row[lo] >= 0:
                    ok &= values[:ncards] >= row[lo]
                if row[hi] >= 0 and not (values is cost and row[L.FL_COST_MAX_BY]):
                    ok &= values[:ncards] <= row[hi]  # a maximum by a count is dynamic
        out[i, :ncards] = ok
    packed = np.packbits(out, axis=1, bitorder="little")
    return packed.view("<u4").astype(np.uint32).view(np.int32).reshape(len(flt), words)


def name_ids(card_ids: Iterable[int], names: Sequence[str], ncards: int) -> np.ndarray:
    """card_name: an id per card name for the pair's cards (equal ids for one name), -1 for
    the other cards of the table."""
    card_name = np.full(ncards, -1, np.int32)
    ids: dict[str, int] = {}
    for card in card_ids:
        card_name[card] = ids.setdefault(names[card], len(ids))
    return card_name


def assemble(t: Tables, ncards: int, card_pred: np.ndarray, mode: int, fstat: np.ndarray,
             card_name: np.ndarray, version: int, memo: list[int] | None,
             flags: Callable[[np.ndarray], int], hand_mod: Callable[[list[int]], bool]
             ) -> np.ndarray:
    """The fx array: header, per-card indexes (card_ab, card_tm, card_pred), the four tables,
    the filters' static bitsets, the memo offsets and card_name. `flags(card_tm)` gives the
    game's H_FLAGS bits; `hand_mod(row)` says an ability changes its owner's hand costs
    (the card then also carries TM_HAND_MOD)."""
    t.ab.sort(key=lambda r: (r[L.AB_CARD], r[L.AB_SLOT]))
    card_ab = np.zeros(ncards + 1, np.int32)
    card_tm = np.zeros(ncards, np.int32)
    for row in t.ab:
        card_ab[row[L.AB_CARD] + 1] += 1
        hand = row[L.AB_FLAGS] & L.ABF_FROM_HAND
        mod = row[L.AB_FLAGS] & L.ABF_HAND_MOD
        card_tm[row[L.AB_CARD]] |= 1 << (L.TM_FROM_HAND if hand else L.TM_HAND_MOD if mod
                                         else row[L.AB_TIMING])
        if hand_mod(row):
            card_tm[row[L.AB_CARD]] |= 1 << L.TM_HAND_MOD
    card_ab = np.cumsum(card_ab, dtype=np.int32)
    sections = [card_ab, card_tm, card_pred,
                np.array(t.ab, np.int32).reshape(-1, L.AB_W).ravel(),
                np.array(t.code, np.int32).reshape(-1, L.CODE_W).ravel(),
                np.array(t.flt, np.int32).reshape(-1, L.FLT_W).ravel(),
                np.array(t.cond, np.int32).reshape(-1, L.COND_W).ravel(), fstat.ravel(),
                np.array(memo or [], np.int32), card_name]
    hdr = np.zeros(L.HDR_SIZE, np.int32)
    hdr[L.H_VERSION] = version & 0x7FFFFFFF
    hdr[L.H_MODE] = mode
    hdr[L.H_NCARDS], hdr[L.H_NAB], hdr[L.H_NCODE] = ncards, len(t.ab), len(t.code)
    hdr[L.H_NFLT], hdr[L.H_NCOND] = len(t.flt), len(t.cond)
    off = L.HDR_SIZE
    hdr[L.H_FWORDS] = (ncards + 31) // 32
    for key, sec in zip((L.H_CARD_AB, L.H_CARD_TM, L.H_CARD_PRED, L.H_AB, L.H_CODE, L.H_FLT,
                         L.H_COND, L.H_FSTAT, L.H_MEMO, L.H_CARD_NAME), sections,
                        strict=True):
        hdr[key] = off
        off += sec.size
    hdr[L.H_TMASK] = int(np.bitwise_or.reduce(card_tm)) if ncards else 0
    hdr[L.H_FLAGS] = flags(card_tm)
    if memo is not None and hdr[L.H_FLAGS] & L.CONT_KEPT:
        hdr[L.H_NMEMO] = len(memo)
    return np.concatenate([hdr, *sections]).astype(np.int32)
