"""Weiss Schwarz strategy families: `random` (uniform legal choices), `default`, `aggro` and
`control` (heuristics sharing one parameter layout, each with its own defaults), and
presets."""

from tcgsim.strategies.family import Family, Preset
from tcgsim.strategies.weiss.policy import AGGRO, CONTROL, DEFAULT, RANDOM

# name, description, allowed range; the order is the kernels' parameter index (default.P_*).
_PARAMS = (
    ("mulligan_level", "put back climaxes and cards above this level", (0, 3)),
    ("clock_limit", "clock while level * 7 + clock is below this", (0, 28)),
    ("hand_max", "do not clock with more cards than this in hand", (0, 50)),
    ("stock_keep", "keep this much stock when playing below-level cards", (0, 20)),
    ("encore_level", "encore characters of at least this level (4: never)", (0, 4)),
    ("counter_level", "counter to save defenders of at least this level (4: never)", (0, 4)),
    ("side_min_soul", "side attack a stronger defender if soul stays >= this", (-5, 5)),
    ("replace_margin", "replace a front character if this much stronger", (0, 20000)),
    ("climax_min", "play a climax when at least this many front characters can attack",
     (1, 3)),
    ("frontal_margin", "attack frontally when power beats the defender's by this",
     (-20000, 20000)),
)


def _family(name: str, fam_id: int, description: str, defaults: tuple[float, ...]) -> Family:
    return Family(
        name, fam_id, description,
        tuple((p, d, desc) for (p, desc, _), d in zip(_PARAMS, defaults, strict=True)),
        {p: r for p, _, r in _PARAMS},
    )


FAMILIES = {
    "random": Family(
        "random", RANDOM, "uniform over the legal choices at every decision (baseline)"
    ),
    "default": _family(
        "default", DEFAULT,
        "curve by level, clock while safe, frontal when it reverses, side to keep soul, "
        "counter to save, encore what is worth it",
        (1, 18, 10, 0, 3, 0, 3, 3500, 2, 1),  # tuned: docs/strategies.md
    ),
    "aggro": _family(
        "aggro", AGGRO,
        "damage first: fill the front row, climax with any attacker, direct then frontal "
        "attacks, stock for plays not Encore or Backup",
        (0, 14, 9, 0, 3, 4, 1, 500, 1, -20000),
    ),
    "control": _family(
        "control", CONTROL,
        "board and cards first: Brainstorm, keep stock, reversing attacks first and frontal "
        "only with a margin, else side while it keeps soul, counter to save any defender",
        (1, 10, 7, 2, 2, 0, 1, 500, 2, 1000),
    ),
}

PRESETS = {
    "all-in": Preset("aggro", {"clock_limit": 20, "hand_max": 50},
                     "aggro that clocks every turn until level 2 for cards"),
    "fortress": Preset("control", {"stock_keep": 4, "encore_level": 0},
                       "control that keeps 4 stock and encores everything"),
}
