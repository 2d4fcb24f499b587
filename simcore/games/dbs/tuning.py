"""Dragon Ball Super card groups for deck-ratio sweeps, and the copy limit (5-1-3-1).

Groups are computed from the card table, so they cover extra card pools too:
  battle, extra, unison        by type
  cost_le_2, cost_ge_5         cheap and expensive cards (the energy curve)
  combo, combo_5000, combo_10000   cards with a combo power (any, 5000, 10000)
  <keyword>                    cards with that keyword (blocker, barrier, critical, ...)
"""

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.deckedit import Tuning
from tcgsim.simcore.games.dbs import cards as C
from tcgsim.simcore.games.dbs.deckrules import MAX_COPIES, MAX_DRAGON_BALL


def card_groups(table: CardTable) -> dict[str, list[int]]:
    """Group name -> indices of the non-Leader cards in it."""
    t = table.table
    groups: dict[str, list[int]] = {}

    def put(name: str, i: int) -> None:
        groups.setdefault(name, []).append(i)

    kinds = {C.BATTLE: "battle", C.EXTRA: "extra", C.UNISON: "unison"}
    for i in range(len(table)):
        kind = int(t[i, C.TYPE])
        if kind == C.LEADER:
            continue
        put(kinds[kind], i)
        if t[i, C.COST] <= 2:
            put("cost_le_2", i)
        if t[i, C.COST] >= 5:
            put("cost_ge_5", i)
        if t[i, C.HAS_COMBO]:
            put("combo", i)
            if t[i, C.COMBO_POWER] in (5000, 10000):
                put(f"combo_{int(t[i, C.COMBO_POWER])}", i)
        for name, bit in C.KEYWORD_BITS.items():
            if t[i, C.KEYWORDS] & bit:
                put(name, i)
    return groups


def copy_limit(table: CardTable, card: int) -> int:
    """At most 4 copies of a card number (5-1-3-1); [Dragon Ball] cards may run more but at
    most 7 in all (10-31), which the deck check enforces."""
    if table.table[card, C.KEYWORDS] & C.KW_DRAGON_BALL:
        return MAX_DRAGON_BALL
    return MAX_COPIES


TUNING = Tuning(card_groups, copy_limit)
