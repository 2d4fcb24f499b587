"""Weiss Schwarz strategy families: `random` (uniform legal choices) and `default` (heuristic)."""

from strategies.registry import Family
from strategies.weiss.policy import DEFAULT, RANDOM

FAMILIES = {
    "random": Family(
        "random", RANDOM, "uniform over the legal choices at every decision (baseline)"
    ),
    "default": Family(
        "default",
        DEFAULT,
        "curve by level, clock while safe, frontal when it reverses, side to keep soul, "
        "counter to save, encore what is worth it",
        (
            ("mulligan_level", 1.0, "put back climaxes and cards above this level"),
            ("clock_limit", 10.0, "clock while level * 7 + clock is below this"),
            ("hand_max", 7.0, "do not clock with more cards than this in hand"),
            ("stock_keep", 0.0, "keep this much stock when playing below-level cards"),
            ("encore_level", 2.0, "encore characters of at least this level"),
            ("counter_level", 1.0, "counter to save defenders of at least this level"),
            ("side_min_soul", 1.0, "side attack a stronger defender if soul stays >= this"),
            ("replace_margin", 500.0, "replace a front character if this much stronger"),
        ),
    ),
}
