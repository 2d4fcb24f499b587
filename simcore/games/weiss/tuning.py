"""Weiß Schwarz card groups for deck-ratio sweeps, and the copy limit (5.1.2.2).

Groups are computed from the card table, so they cover extra card pools too:
  character, event, climax     by type
  level_0 .. level_3           characters and events by level (the curve)
  counter                      cards with the counter icon (Backup and counter events)
  backup                       characters with Backup (10.5)
  trigger_<icon>               cards with that trigger icon (soul, draw, shot, gate, ...)
  no_trigger                   non-climax cards without a trigger icon
  encore, brainstorm, assist   characters with that keyword ability
"""

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.deckedit import Tuning
from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss.deckrules import MAX_COPIES


def card_groups(table: CardTable) -> dict[str, list[int]]:
    """Group name -> indices of the cards in it."""
    t = table.table
    groups: dict[str, list[int]] = {}

    def put(name: str, i: int) -> None:
        groups.setdefault(name, []).append(i)

    kinds = {C.CHARACTER: "character", C.EVENT: "event", C.CLIMAX: "climax"}
    for i in range(len(table)):
        kind = int(t[i, C.TYPE])
        put(kinds[kind], i)
        if kind != C.CLIMAX:
            put(f"level_{min(int(t[i, C.LEVEL]), 3)}", i)
        if t[i, C.COUNTER]:
            put("counter", i)
        if t[i, C.BACKUP] > 0:
            put("backup", i)
        icons = {int(t[i, C.TRIG1]), int(t[i, C.TRIG2])} - {C.T_NONE}
        for icon in sorted(icons):
            put(f"trigger_{C.ICON_NAMES[icon]}", i)
        if not icons and kind != C.CLIMAX:
            put("no_trigger", i)
        if t[i, C.ENCORE_KIND] != C.ENC_NONE:
            put("encore", i)
        if t[i, C.BRAIN_N] > 0:
            put("brainstorm", i)
        if t[i, C.ASSIST] > 0 or t[i, C.ASSIST_LV] > 0:
            put("assist", i)
    return groups


def copy_limit(table: CardTable, card: int) -> int:
    """At most 4 copies of a card name in a deck (5.1.2.2)."""
    return MAX_COPIES


TUNING = Tuning(card_groups, copy_limit)
