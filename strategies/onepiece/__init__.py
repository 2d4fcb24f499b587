"""ONE PIECE strategy families: `random` (uniform legal choices), `default`, `aggro` and
`control` (heuristics sharing one parameter layout, each with its own defaults), and
`search`, the reference player (default's parameters plus its search budget)."""

from tcgsim.strategies.family import Family, Preset
from tcgsim.strategies.onepiece.policy import AGGRO, CONTROL, DEFAULT, RANDOM, SEARCH

# name, description, allowed range; the order is the kernels' parameter index (common.P_*).
_PARAMS = (
    ("mulligan_min", "redraw with fewer Characters of cost <= 3 than this", (0, 5)),
    ("don_margin", "DON!! until an attacker beats the Leader by this much", (0, 10000)),
    ("counter_life", "at this Life or less, counter with as many cards as needed", (0, 10)),
    ("counter_hand", "above it, counter with one card only with this many in hand", (0, 99)),
    ("block_life", "block hits on the Leader at this Life or less", (0, 10)),
    ("ko_min_cost", "attack a rested Character of at least this cost first", (0, 99)),
    ("save_cost", "block or counter to save a Character of at least this cost", (0, 99)),
    ("use_trigger", "1 to activate [Trigger]s, 0 to take the card", (0, 1)),
    ("counter_reserve", "active DON!! kept back for [Counter] Events", (0, 10)),
    ("mulligan_avg", "1: redraw only a hand also below the deck's average opening hand in "
     "Characters of cost <= 3 (a hand no worse than a redraw is kept)", (0, 1)),
)


# The search player's budget, after the heuristic parameters (strategies.onepiece.search).
_SEARCH_PARAMS = (
    ("playouts", "worlds each Main Phase action is played forward in (0: play as default)",
     (0, 256)),
    ("depth", "turns a playout runs before it is scored by the Life lead (0: to the end)",
     (0, 100)),
    ("margin", "leave default's action only for one better by this many standard errors",
     (0, 10)),
)

_DEFAULT_VALUES = (4, 1000, 2, 8, 3, 3, 1, 1, 0, 1)  # default's, tuned: docs/strategies.md


def _family(name: str, fam_id: int, description: str, defaults: tuple[float, ...],
            search: bool = False) -> Family:
    table = _PARAMS + _SEARCH_PARAMS if search else _PARAMS
    return Family(
        name, fam_id, description,
        tuple((p, d, desc) for (p, desc, _), d in zip(table, defaults, strict=True)),
        {p: r for p, _, r in table}, search,
    )


FAMILIES = {
    "random": Family(
        "random", RANDOM, "uniform over the legal choices at every decision (baseline)"
    ),
    "default": _family(
        "default", DEFAULT,
        "curve out, give DON!! where it wins battles, block and counter to stay alive",
        _DEFAULT_VALUES,
    ),
    "aggro": _family(
        "aggro", AGGRO,
        "damage first: flood the board, all DON!! into attackers, hit only the Leader",
        (2, 0, 1, 99, 0, 99, 99, 1, 0, 1),
    ),
    "control": _family(
        "control", CONTROL,
        "board first: K.O. Characters, keep DON!! for counters, block and counter readily",
        (2, 2000, 4, 3, 4, 0, 3, 1, 2, 1),
    ),
    "search": _family(
        "search", SEARCH,
        "reference player: plays each Main Phase action, block and counter forward in sampled "
        "worlds, keeps the best; slow",
        (*_DEFAULT_VALUES, 16, 0, 1), search=True,
    ),
}

PRESETS = {
    "cautious": Preset("default", {"counter_life": 3, "block_life": 3},
                       "default that defends from 3 Life"),
    "reckless": Preset("aggro", {"counter_life": 0, "mulligan_min": 3, "mulligan_avg": 0},
                       "aggro that never counters and mulligans for a low curve"),
}
