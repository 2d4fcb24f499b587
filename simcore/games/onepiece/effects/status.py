"""What the engine plays of ONE PIECE card text in an effects mode: each compiled ability's
status as the engine runs it (EFFECTS.md §1), per card and per deck, for `tcgsim cards
coverage`, `tcgsim deck check` and the result's coverage line."""

from __future__ import annotations

from collections import Counter

from tcgsim.simcore.coverage import CardCoverage, DeckCoverage
from tcgsim.simcore.effects.ir import APPROX, FLAG_FROM_HAND, UNMODELLED, Ability
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects.pack import (
    CONT_TIMINGS,
    IMPLEMENTED_TIMINGS,
    compile_card,
    cond_supported,
    is_keyword_line,
    op_supported,
    packable,
)


def engine_status(ab: Ability, mode: str) -> tuple[str, str]:
    """(status, unmatched) of an ability as the engine plays it in `mode`: the compiler's
    status when the interpreter runs it (or the card table models it), else unmodelled with
    what is missing."""
    if is_keyword_line(ab) or packable(ab, mode):
        return ab.status, ""
    if ab.status == UNMODELLED:
        return UNMODELLED, ab.unmatched
    if mode == "strict" and ab.status == APPROX:
        return UNMODELLED, "approximate program (strict mode)"
    missing = sorted({oc.OPS[o.op].name for o in ab.costs if not op_supported(o, ab.timing, True)}
                     | {oc.OPS[o.op].name for o in ab.body if not op_supported(o, ab.timing)})
    if ab.costs and ab.timing in CONT_TIMINGS:
        missing.append("a cost on a continuous ability")
    if ab.timing not in IMPLEMENTED_TIMINGS:
        name = {v: k for k, v in oc.TIMINGS.items()}[ab.timing]
        missing.insert(0, f"timing {name}")
    if any(not cond_supported(c) for c in ab.conds):
        missing.append("condition")
    if ab.flags & FLAG_FROM_HAND:
        missing.append("an in-hand ability other than a cost modifier")
    return UNMODELLED, "compiled, not yet run by the engine: " + ", ".join(missing or ["?"])


def deck_coverage(deck, table, store, effects: str = "approx") -> DeckCoverage:
    """Per card of the deck (Leader first): its abilities as the engine plays them in
    `effects`; with `none`, what the built-in effect codes model (the store's columns)."""
    from tcgsim.simcore.coverage import deck_coverage as builtin

    if effects == "none":
        return builtin(deck, table, store)
    cov = DeckCoverage()
    counts = Counter(int(c) for c in deck.cards)
    leader = [(deck.leader, 1)] if deck.leader >= 0 else []
    for card, copies in [*leader, *sorted(counts.items())]:
        code = table.codes[card]
        text = table.text.get(code)
        if text is None:
            cov.cards.append(CardCoverage(code, table.names[card], copies, [], [], False))
            continue
        c = CardCoverage(code, table.names[card], copies, [], [], True)
        for ab in compile_card(text[0], text[1]):
            status, why = engine_status(ab, effects)
            if status == UNMODELLED:
                c.unmodelled.append(ab.source)
                c.reasons.append(why)
            else:
                c.modelled.append(ab.source)
                if status == APPROX:
                    c.approx.append(ab.source)
        cov.cards.append(c)
    return cov
