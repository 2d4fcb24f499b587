"""The compiled effect tables `fx` of one ONE PIECE deck pair (EFFECTS.md §3.1): every card
of the two decks is compiled from its stored text, and the abilities the interpreter runs
(`packable`) are written into one flat int32 array in the layout of simcore.effects.fxlayout.

What is packed depends on the effects mode: `none` packs nothing (keywords, counters and
the built-in effect codes only), `strict` the strict programs, `approx` the strict and the
documented approximate ones. A card's timing with a packed program is played by the
interpreter; the built-in effect code of that timing is then not used."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache

import numpy as np

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.effects import fxlayout as L
from tcgsim.simcore.effects.ir import (
    APPROX,
    FLAG_FROM_HAND,
    FLAG_HAND_MOD,
    STRICT,
    Ability,
    Cond,
    Filter,
    Op,
)
from tcgsim.simcore.effects.optable import ACTION, CONTINUOUS, COST, HAND, REPLACEMENT
from tcgsim.simcore.effects.packer import CMP, Tables, assemble, name_ids, static_bits
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects.memo import chained, memo_offsets

# What the interpreter (interp.py) runs; anything else leaves the ability unmodelled.
IMPLEMENTED_TIMINGS = frozenset({oc.T_ON_PLAY, oc.T_MAIN, oc.T_WHEN_ATTACKING, oc.T_ON_KO,
                                 oc.T_COUNTER, oc.T_TRIGGER, oc.T_ON_BLOCK, oc.T_ON_OPP_ATTACK,
                                 oc.T_END_OF_YOUR_TURN, oc.T_END_OF_OPP_TURN,
                                 oc.T_ACTIVATE_MAIN, oc.T_CONTINUOUS, oc.T_YOUR_TURN,
                                 oc.T_OPP_TURN, oc.T_REPLACE_KO, oc.T_REPLACE_REMOVE,
                                 oc.T_DON_RETURNED, oc.T_BECOMES_RESTED,
                                 oc.T_REPLACE_REST, oc.T_START_OF_GAME,
                                 oc.T_WHEN_KOD_OTHER, oc.T_WHEN_KOD_ANY, oc.T_OPP_BLOCKER,
                                 oc.T_LEADER_ATTACKS, oc.T_LIFE_REMOVED,
                                 oc.T_OPP_LIFE_REMOVED, oc.T_YOU_PLAY_CHAR})
# Continuous abilities (interp.settle): no cost, and only selections, conditions and the
# modifiers that last while the ability applies.
CONT_TIMINGS = frozenset({oc.T_CONTINUOUS, oc.T_YOUR_TURN, oc.T_OPP_TURN})
_MODIFIERS = frozenset({oc.OP_POWER, oc.OP_COST, oc.OP_GRANT, oc.OP_PROHIBIT, oc.OP_NEGATE,
                        oc.OP_SET_BASE})
# Replacement abilities (interp.run_replacement): REPL_TARGET, then what is done instead.
REPL_TIMINGS = frozenset({oc.T_REPLACE_KO, oc.T_REPLACE_REMOVE, oc.T_REPLACE_REST})
# What the interpreter runs in each place of an ability: the opcode table's `where`.
_ACTION_OPS = oc.OPS.allowed(ACTION)
_COST_OPS = oc.OPS.allowed(COST)
_CONT_OPS = oc.OPS.allowed(CONTINUOUS)
_REPL_OPS = oc.OPS.allowed(REPLACEMENT)
_HAND_OPS = oc.OPS.allowed(HAND)
IMPLEMENTED_CONDS = frozenset({
    oc.CK_LEADER_PRED, oc.CK_TRASH, oc.CK_LIFE, oc.CK_HAND, oc.CK_DON_FIELD,
    oc.CK_DON_ACTIVE, oc.CK_DON_GIVEN_SELF, oc.CK_YOUR_TURN, oc.CK_OPP_TURN, oc.CK_COUNT,
    oc.CK_CHARS, oc.CK_DECK, oc.CK_OK, oc.CK_CMP_LIFE_OPP, oc.CK_CMP_DON_OPP,
    oc.CK_LEADER_MULTI, oc.CK_SELF_RESTED, oc.CK_SELF_POWER, oc.CK_RESTED, oc.CK_LIFE_TOTAL,
    oc.CK_SELF_PLAYED, oc.CK_DON_GIVEN, oc.CK_ONLY, oc.CK_BATTLING,
    oc.CK_SELF_COST, oc.CK_TURNS, oc.CK_LEADER_ATTACKED, oc.CK_EVENT_COST, oc.CK_EVENT_CARD,
})
# Filter zones the interpreter searches, and the durations of power it keeps.
_ZONES = frozenset({oc.Z_FIELD_CHAR, oc.Z_FIELD_LC, oc.Z_LEADER, oc.Z_HAND, oc.Z_LOOK,
                    oc.Z_TRASH, oc.Z_STAGE, oc.Z_LEADER_STAGE, oc.Z_FIELD_ANY})
_DURATIONS = frozenset({oc.D_BATTLE, oc.D_TURN, oc.D_UNTIL_OPP_END, oc.D_UNTIL_YOUR_START})
_CATS = {"Character": C.CHARACTER, "Leader": C.LEADER, "Event": C.EVENT, "Stage": C.STAGE}


def pred_supported(pred: str) -> bool:
    if "||" in pred:  # "type:A||name:B": either predicate
        return all(pred_supported(p) for p in pred.split("||"))
    kind, _, value = pred.partition(":")
    if kind == "cat":
        return value in _CATS
    if kind in ("text", "counter"):
        return value == "none"
    return kind in ("type", "name", "typeinc", "nameinc", "attr") and bool(value)


def filter_supported(f: Filter | None) -> bool:
    return f is None or (f.zone in _ZONES and f.owner in (0, 1, 2)
                         and all(pred_supported(p) for p in (*f.pred_all, *f.pred_none)))


def cond_supported(c: Cond | None) -> bool:
    if c is None:
        return True
    if c.kind not in IMPLEMENTED_CONDS or c.cmp not in CMP or not filter_supported(c.flt):
        return False
    return c.kind != oc.CK_LEADER_PRED or pred_supported(c.pred)


def op_supported(o: Op, timing: int = -1, cost: bool = False) -> bool:
    """Does the interpreter run code row `o` in an ability of `timing`, in its cost when
    `cost` is set, else in its body?"""
    if timing in REPL_TIMINGS:
        if o.op == oc.OP_REPL_TARGET:
            return o.flt is not None and filter_supported(o.flt)
        return (o.op in _REPL_OPS and filter_supported(o.flt) and cond_supported(o.cond)
                and (o.op != oc.OP_POWER or o.b in _DURATIONS)
                and (o.op != oc.OP_SEL or o.b == 1)
                and (o.op != oc.OP_DON_REST or o.c == 0)
                and (o.op != oc.OP_HAND_TO_DECK or o.c == 0)
                and (o.op != oc.OP_LIFE_TO_HAND or o.c == 0)  # one's own Life only
                and (o.op != oc.OP_TRASH_TO_DECK or o.c == 0))  # and one's own trash
    if timing in CONT_TIMINGS:
        return (o.op in _CONT_OPS and filter_supported(o.flt) and cond_supported(o.cond)
                and (o.op not in _MODIFIERS or o.b == oc.D_CONTINUOUS))
    if o.op not in (_COST_OPS if cost else _ACTION_OPS) or not filter_supported(o.flt) \
            or not cond_supported(o.cond):
        return False
    if o.op == oc.OP_POWER or o.op == oc.OP_SET_BASE or o.op == oc.OP_POWER_X:
        return o.b in _DURATIONS
    if o.op in (oc.OP_COST, oc.OP_GRANT, oc.OP_PROHIBIT, oc.OP_NEGATE):
        return o.b in _DURATIONS and not (o.op == oc.OP_COST and o.b == oc.D_BATTLE)
    if o.op == oc.OP_PLAY_FROM or o.op == oc.OP_TRASH_TO_HAND:
        return o.flt is not None and o.flt.zone in (oc.Z_HAND, oc.Z_TRASH, oc.Z_LOOK)
    if o.op == oc.OP_TRASH_TO_DECK:
        return o.flt is not None and o.flt.zone == oc.Z_TRASH and o.flt.owner == o.c
    if o.op == oc.OP_PICK:
        return o.c in (oc.DEST_HAND, oc.DEST_PLAY, oc.DEST_PLAY_RESTED, oc.DEST_TRASH,
                       oc.DEST_LIFE_DOWN)
    if o.op == oc.OP_REST_TO:
        return o.a in (0, 2, 3)  # the bottom of the deck, the trash, the top or bottom
    if o.op == oc.OP_TO_DECK:
        return o.a in (0, 1)
    return True


def is_keyword_line(ab: Ability) -> bool:
    """A line of keywords ([Blocker], [Rush], ...): the card table models it."""
    return ab.timing == oc.T_CONTINUOUS and not ab.body and not ab.costs and ab.status == STRICT


def packable(ab: Ability, mode: str) -> bool:
    """Does the interpreter run this ability in effects mode `mode`?"""
    if mode == "none" or ab.status not in ((STRICT,) if mode == "strict" else (STRICT, APPROX)):
        return False
    if ab.timing in REPL_TIMINGS:
        return (bool(ab.body) and ab.body[0].op == oc.OP_REPL_TARGET and not ab.costs
                and all(cond_supported(c) for c in ab.conds)
                and all(op_supported(o, ab.timing) for o in ab.body))
    if ab.flags & FLAG_FROM_HAND:  # "give this card in your hand -N cost" (interp.settle)
        return (ab.timing == oc.T_CONTINUOUS and not ab.costs
                and all(cond_supported(c) for c in ab.conds)
                and all(o.op in _HAND_OPS and o.op != oc.OP_HAND_COST  # its own cost or
                        and (o.op != oc.OP_HAND_COUNTER or o.flt is None)  # counter only
                        and cond_supported(o.cond) for o in ab.body))
    if ab.flags & FLAG_HAND_MOD:  # "All Character cards in your hand ... have a +N Counter",
        return (ab.timing in CONT_TIMINGS and not ab.costs  # "The cost of playing ... from
                and all(cond_supported(c) for c in ab.conds)  # your hand will be reduced"
                and all(o.op in _HAND_OPS and (o.op == oc.OP_SKIP_UNLESS or (
                    o.op in (oc.OP_HAND_COUNTER, oc.OP_HAND_COST) and o.flt is not None
                    and o.flt.zone == oc.Z_HAND and filter_supported(o.flt)))
                    and cond_supported(o.cond) for o in ab.body))
    return (ab.timing in IMPLEMENTED_TIMINGS and bool(ab.body)
            and not (ab.costs and ab.timing in CONT_TIMINGS)
            and all(cond_supported(c) for c in ab.conds)
            and all(op_supported(o, ab.timing, True) for o in ab.costs)
            and all(op_supported(o, ab.timing) for o in ab.body))


@lru_cache(maxsize=1)
def compiler_digest() -> str:
    """16 hex digits of sha1 over the sources that decide what card text compiles to (the
    game-independent layer, the syntax, phrase and pattern tables, the opcodes and this
    packer)."""
    import hashlib
    from pathlib import Path

    here = Path(__file__).parent
    files = sorted((here.parents[2] / "effects").glob("*.py")) + [
        here / name for name in ("rules.py", "phrases.py", "opcodes.py", "pack.py",
                                 "syntax.py")]
    h = hashlib.sha1()
    for f in files:
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:16]


@lru_cache(maxsize=8192)
def compile_card(text: str, trigger: str) -> tuple[Ability, ...]:
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text

    return tuple(compile_text(text, trigger))


class _Tables(Tables):
    """The core's tables with what ONE PIECE's opcodes need: a filter narrowed to the cards
    an opcode can act on, a Leader condition's own filter, the dynamic filter tests."""

    def __init__(self) -> None:
        super().__init__(oc.OPS)

    def dynamic(self, f: Filter) -> bool:
        return _dynamic(f)

    def op_filter(self, o: Op) -> Filter | None:
        f = o.flt
        if f is None:
            return None
        if o.op in (oc.OP_C_REST_OWN, oc.OP_C_REST_OWN_OR_DON) \
                and f.zone != oc.Z_HAND:  # only an active card
            f = replace(f, state=L.ST_ACTIVE)  # can be rested to pay
        if o.op == oc.OP_PLAY_FROM or (o.op == oc.OP_PICK and o.c in (
                oc.DEST_PLAY, oc.DEST_PLAY_RESTED)):  # only a card that may be played
            f = replace(f, flags=f.flags | L.FLF_PLAYABLE,  # played: a Character or
                        cat=f.cat or (1 << C.CHARACTER) | (1 << C.STAGE))  # Stage card
        return f

    def cond_filter(self, c: Cond) -> Filter | None:
        if c.kind == oc.CK_LEADER_PRED:
            # "type:A|B" is either type: one predicate that a card has when it has A or B.
            return Filter(zone=oc.Z_LEADER, owner=c.who, pred_all=(c.pred,))
        return c.flt

    def body_op(self, ab: Ability, i: int) -> Op:
        o = ab.body[i]
        if ab.timing in REPL_TIMINGS and o.op == oc.OP_SEL and o.flt is not None \
                and ab.body[i + 1:i + 2] and ab.body[i + 1].op == oc.OP_REST:
            o = replace(o, flt=replace(o.flt, state=L.ST_ACTIVE))  # "rest ... instead"
        return o


_DYNAMIC_FLAGS = (L.FLF_EXCLUDE_SELF | oc.FLF_DON_GIVEN | oc.FLF_NO_DON | L.FLF_SELF_ONLY
                  | L.FLF_PLAYABLE)


_PRINTED_ZONES = (oc.Z_HAND, oc.Z_TRASH, oc.Z_LOOK, oc.Z_STAGE)


def _printed_bounds(f: Filter) -> bool:
    """Are f's cost and power bounds on printed values ("base", or a zone off the field:
    hand, trash, look window, Stage), so that the card alone decides them?"""
    return bool(f.flags & L.FLF_BASE) or f.zone in _PRINTED_ZONES


def _dynamic(f: Filter) -> bool:
    """Does filter f test more than its owner and what the card alone decides (category,
    colour, predicates, trigger, bounds on printed values): a bound on current values, a
    state, DON!!, the source card, a ban on playing?"""
    bounds = f.cost_min >= 0 or f.cost_max >= 0 or f.pow_min >= 0 or f.pow_max >= 0
    return ((bounds and not _printed_bounds(f)) or f.cost_max_by != oc.BY_NONE
            or f.state != L.ST_ANY or (f.flags & _DYNAMIC_FLAGS) != 0)


def _has_pred(pred: str, names: tuple[str, ...], types: tuple[str, ...],
              attrs: tuple[str, ...] = (), cat: int = -1, no_text: bool = False,
              no_counter: bool = False) -> bool:
    """Does a card of these names (its own and its aliases, 2-1-3), types, attributes,
    category, text (`no_text`: none, 2-8-5) and printed counter (`no_counter`: none)
    satisfy predicate `pred`?"""
    if "||" in pred:
        return any(_has_pred(p, names, types, attrs, cat, no_text, no_counter)
                   for p in pred.split("||"))
    kind, _, value = pred.partition(":")
    if kind == "cat":
        return cat == _CATS[value]
    if kind == "text":
        return no_text
    if kind == "counter":
        return no_counter
    if kind == "name":
        return any(n in value.split("|") for n in names)
    if kind == "typeinc":
        return any(value in t for t in types)
    if kind == "nameinc":  # "card name includes": a name, or an alias, containing the text
        return any(value in n for n in names)
    if kind == "attr":
        return any(a in attrs for a in value.split("|"))
    return any(t in types for t in value.split("|"))


def pair_tables(table: CardTable, cards: Iterable[int], mode: str
                ) -> tuple[np.ndarray, np.ndarray]:
    """The card table and the fx array the kernels get for a deck pair (`cards`: both decks
    and both Leaders). Where an Event's [Main] or [Counter] is a packed program, the table's
    built-in effect slot says so (EFF_PROGRAM, or a [Counter]'s battle boost as
    EFF_POWER_BATTLE), so that the rules (which Events can be played or used as counters)
    and the strategies see it; the interpreter plays the program."""
    cards = sorted({int(c) for c in cards})
    fx = pack(table, cards, mode)
    ct = np.ascontiguousarray(table.table.copy())
    for card in cards:
        if ct[card, C.CATEGORY] != C.EVENT:
            continue
        for ab in _packed(table, card, mode):
            if ab.timing == oc.T_MAIN and ct[card, C.MAIN_EFF] == C.EFF_NONE:
                ct[card, C.MAIN_EFF] = C.EFF_PROGRAM
            elif ab.timing == oc.T_COUNTER:
                boost = _battle_boost(ab)
                ct[card, C.COUNTER_EFF] = C.EFF_POWER_BATTLE if boost else C.EFF_PROGRAM
                ct[card, C.COUNTER_VAL] = boost
    return ct, fx


def _battle_boost(ab: Ability) -> int:
    """+N when the body is "up to 1 of your Leader or Characters gains +N during this
    battle", else 0."""
    ops = [(o.op, o.a, o.b) for o in ab.body]
    if ab.costs or ab.conds or len(ops) != 2 or ops[0][0] != oc.OP_SEL:
        return 0
    op, amount, dur = ops[1]
    return amount if op == oc.OP_POWER and dur == oc.D_BATTLE and amount > 0 else 0


def _packed(table: CardTable, card: int, mode: str) -> list[Ability]:
    text = table.text.get(table.codes[card])
    if text is None:
        return []
    return [ab for ab in compile_card(text[0], text[1]) if packable(ab, mode)]


def pack(table: CardTable, cards: Iterable[int], mode: str) -> np.ndarray:
    """The fx array of the cards `cards` (both decks and both Leaders) in `mode`."""
    from tcgsim.simcore.games.onepiece.effects.rules import name_aliases

    if mode not in L.MODES:
        raise InputError(f"effects: expected one of {', '.join(L.MODES)}, got {mode!r}")
    t = _Tables()
    card_ids = sorted({int(c) for c in cards})
    if mode != "none":
        for card in card_ids:
            text = table.text.get(table.codes[card])
            if text is None:
                continue
            for slot, ab in enumerate(compile_card(text[0], text[1])):
                if packable(ab, mode):  # a shared [Once Per Turn] shares the F_USED bit
                    t.add_ability(card, slot if ab.once_with < 0 else ab.once_with, ab)
    ncards = len(table.codes)
    card_pred = np.zeros(ncards, np.int32)
    for card in card_ids:
        text = table.text.get(table.codes[card])
        types, attrs = (text[2], text[3]) if text is not None else table.traits.get(
            table.codes[card], ((), ()))
        if text is not None and text[1] and text[1].strip() not in ("", "-"):
            card_pred[card] |= oc.PRED_HAS_TRIGGER
        names = (table.names[card], *name_aliases(text[0] if text is not None else ""))
        cat = int(table.table[card, C.CATEGORY])
        no_text = text is not None and all(x.strip() in ("", "-") for x in text[:2])
        no_counter = int(table.table[card, C.COUNTER]) <= 0
        for pred, bit in t.preds.items():
            if _has_pred(pred, names, types, attrs, cat, no_text, no_counter):
                card_pred[card] |= 1 << bit
    ct = table.table
    fstat = static_bits(t.flt, card_pred, ct[:, C.CATEGORY], ct[:, C.COLORS], ct[:, C.COST],
                        ct[:, C.POWER], _printed_row, pred_game=1)
    return _assemble(t, ncards, card_pred, L.MODES[mode], fstat,
                     name_ids(card_ids, table.names, ncards))


def _printed_row(row: list[int]) -> bool:
    """Are a filter row's cost and power bounds on printed values (_printed_bounds)?"""
    return bool(row[L.FL_FLAGS] & L.FLF_BASE) or row[L.FL_ZONE] in _PRINTED_ZONES


def empty_fx(ncards: int) -> np.ndarray:
    """The fx array of a pair with no packed ability (what effects mode none packs)."""
    return _assemble(_Tables(), ncards, np.zeros(ncards, np.int32), L.MODE_NONE,
                     np.zeros((0, (ncards + 31) // 32), np.int32), np.full(ncards, -1, np.int32))


def _cuts_next_play(t: _Tables, row: list[int]) -> bool:
    """Does ability row `row` make the next play of a hand card cheaper (NEXT_PLAY_CUT)?"""
    return any(c[0] == oc.OP_NEXT_PLAY_CUT for c in t.rows_of(row))


def _assemble(t: _Tables, ncards: int, card_pred: np.ndarray, mode: int,
              fstat: np.ndarray, card_name: np.ndarray) -> np.ndarray:
    """The core's fx assembly with ONE PIECE's header flags."""
    t.ab.sort(key=lambda r: (r[L.AB_CARD], r[L.AB_SLOT]))
    memo = memo_offsets(t.ab, t.code, t.cond, t.flt)

    def flags(card_tm: np.ndarray) -> int:
        out = 0
        if any(row[L.AB_TIMING] in CONT_TIMINGS
               and not row[L.AB_FLAGS] & (L.ABF_FROM_HAND | L.ABF_HAND_MOD) for row in t.ab):
            out |= L.HAS_CONT
            if chained(t.ab, t.code, t.cond, t.flt):
                out |= L.CONT_CHAIN
        if any(op == oc.OP_PROHIBIT and a & oc.PR_ONLY_TARGET for op, a, *_ in t.code):
            out |= L.ATTACK_LIMIT
        if any(row[L.AB_FLAGS] & (L.ABF_FROM_HAND | L.ABF_HAND_MOD) or _cuts_next_play(t, row)
               for row in t.ab):
            out |= L.HAS_HAND
        if memo is not None and out & L.HAS_CONT:
            out |= L.CONT_KEPT
        return out

    return assemble(t, ncards, card_pred, mode, fstat, card_name,
                    int(compiler_digest()[:8], 16), memo, flags,
                    lambda row: _cuts_next_play(t, row))
