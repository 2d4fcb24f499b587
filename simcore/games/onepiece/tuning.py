"""ONE PIECE card groups for deck-ratio sweeps, and the copy limit (2-14-2, 5-1-2-3).

Groups are computed from the card table, so they cover extra card pools too:
  character, event, stage     by category
  counter, counter_1000, counter_2000   Characters with a counter value (any, 1000, 2000)
  counter_event               Events with a [Counter] effect
  blocker, rush               by keyword
  trigger                     cards with a [Trigger]
  cost_le_2, cost_ge_5        cheap and expensive cards (curve)
"""

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.deckedit import Tuning
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece.deckrules import MAX_COPIES


def card_groups(table: CardTable) -> dict[str, list[int]]:
    """Group name -> indices of the non-Leader cards in it."""
    t = table.table
    groups: dict[str, list[int]] = {}

    def put(name: str, i: int) -> None:
        groups.setdefault(name, []).append(i)

    for i in range(len(table)):
        cat = t[i, C.CATEGORY]
        if cat == C.LEADER:
            continue
        put({C.CHARACTER: "character", C.EVENT: "event", C.STAGE: "stage"}[int(cat)], i)
        if t[i, C.COUNTER] > 0:
            put("counter", i)
            if t[i, C.COUNTER] in (1000, 2000):
                put(f"counter_{int(t[i, C.COUNTER])}", i)
        if t[i, C.COUNTER_EFF] != C.EFF_NONE:
            put("counter_event", i)
        if t[i, C.KEYWORDS] & C.KW_BLOCKER:
            put("blocker", i)
        if t[i, C.KEYWORDS] & C.KW_RUSH:
            put("rush", i)
        if t[i, C.TRIGGER_EFF] != C.EFF_NONE:
            put("trigger", i)
        if t[i, C.COST] <= 2:
            put("cost_le_2", i)
        if t[i, C.COST] >= 5:
            put("cost_ge_5", i)
    return groups


def copy_limit(table: CardTable, card: int) -> int:
    """At most 4 copies of a card number in a deck."""
    return MAX_COPIES


TUNING = Tuning(card_groups, copy_limit)
