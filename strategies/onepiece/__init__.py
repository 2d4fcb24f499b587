"""ONE PIECE strategy families: `random` (uniform legal choices) and `default` (heuristic)."""

from strategies.onepiece.policy import DEFAULT, RANDOM
from strategies.registry import Family

FAMILIES = {
    "random": Family(
        "random", RANDOM, "uniform over the legal choices at every decision (baseline)"
    ),
    "default": Family(
        "default",
        DEFAULT,
        "curve out, give DON!! where it wins battles, block and counter to stay alive",
        (
            ("mulligan_min", 2.0, "redraw with fewer Characters of cost <= 3 than this"),
            ("don_margin", 1000.0, "DON!! until an attacker beats the Leader by this much"),
            ("counter_life", 2.0, "at this Life or less, counter with as many cards as needed"),
            ("counter_hand", 5.0, "above it, counter with one card only with this many in hand"),
            ("block_life", 2.0, "block hits on the Leader at this Life or less"),
            ("ko_min_cost", 3.0, "attack a rested Character of at least this cost first"),
            ("save_cost", 5.0, "block or counter to save a Character of at least this cost"),
            ("use_trigger", 1.0, "1 to activate [Trigger]s, 0 to take the card"),
        ),
    ),
}
