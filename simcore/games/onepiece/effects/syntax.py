"""How ONE PIECE card text writes its abilities (simcore.effects.syntax): the connectors
"Then," and "If you do," (8-3-2-4), its timing and keyword tags, and [DON!! xN]."""

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
