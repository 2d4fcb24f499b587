"""How ONE PIECE card text writes its abilities (simcore.effects.syntax): the connectors
"Then," (4-10-2) and "If you do," (4-10-1), its timing and keyword tags, and [DON!! xN];
and the words the clause driver reads (simcore.effects.driver): "If ...," (8-3-3), "you
may" (8-1-2), ", and" / ", then", "Choose one: • ..." (8-4-4)."""

import re

from tcgsim.simcore.effects.driver import Grammar
from tcgsim.simcore.effects.syntax import Syntax

SYNTAX = Syntax(
    connectors=(("Then", "THEN"), ("If you do", "IF_DO")),
    tags=frozenset({
        "On Play", "When Attacking", "On Block", "On K.O.", "Activate: Main",
        "Activate:Main", "Main", "Counter", "Trigger", "End of Your Turn",
        "End of Your Opponent's Turn", "On Your Opponent's Attack", "Your Turn",
        "Opponent's Turn", "Once Per Turn", "Rush", "Blocker", "Double Attack", "Banish",
        "Unblockable", "Rush: Character"}),
    kept=r"DON!! x\d+",
)

GRAMMAR = Grammar(
    lead=re.compile(r"([Ii]f (?:[^,]|, (?=\[|and ))+),\s*(.*)$"),
    may=re.compile(r"[Yy]ou may (.+)"),
    trailing=re.compile(r"(.+?) if (.+?)\.?"),
    inner=re.compile(r"if ([^,]+), (.+?)\.?"),
    cond_prefix="If ",
    pieces=re.compile(r", and |\. Then, |, then "),
    options="•",
)
