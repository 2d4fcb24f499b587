"""Dragon Ball Super strategy families: `random` (uniform legal choices), `default`, `aggro`
and `control` (heuristics sharing one parameter layout, each with its own defaults), and
presets."""

from tcgsim.strategies.dbs.policy import AGGRO, CONTROL, DEFAULT, RANDOM
from tcgsim.strategies.family import Family, Preset

# name, description, allowed range; the order is the kernels' parameter index (default.P_*).
_PARAMS = (
    ("mulligan_cost", "redraw opening-hand cards with energy cost >= this", (0, 12)),
    ("energy_target", "charge every turn until this many energy cards", (0, 20)),
    ("charge_hand", "past the target, charge only with at least this many in hand", (0, 60)),
    ("threat_life", "at this Life or less, keep `reserve` energy for combos", (0, 8)),
    ("reserve", "energy kept Active for the opponent's turn when threatened", (0, 10)),
    ("attack_margin", "combo as attacker until attack >= guard + this", (0, 30000)),
    ("attack_combos", "at most this many combos per attack", (0, 10)),
    ("defend_life", "combo to stop Leader hits at this Life or less", (0, 8)),
    ("block_life", "block hits on the Leader at this Life or less", (0, 8)),
    ("save_cost", "block or combo to save a Battle Card of this cost or more", (0, 12)),
    ("expose_slack", "Battle Cards attack a Leader when power >= its power - this",
     (-30000, 30000)),
    ("ko_min_cost", "attack rested Battle Cards of at least this cost first (12: never)",
     (0, 12)),
    ("counter_cost", "use [Counter: Play] on cards of this cost or more", (0, 12)),
    ("offering_life", "pay a Life card to [Offering] at this Life or more (9: never)", (0, 9)),
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
        "charge spare cards, curve out, attack and combo when it wins, block and combo to "
        "survive, keep energy for defence when threatened, awaken on time",
        (4, 6, 7, 1, 1, 0, 2, 1, 3, 3, 0, 1, 3, 5),  # tuned: docs/strategies.md
    ),
    "aggro": _family(
        "aggro", AGGRO,
        "damage first: attackers at the Leader even 3000 short, KO only Battle Cards of "
        "cost 4+, no energy kept back, combo hard on offence, Life spent before cards",
        (4, 5, 5, 0, 0, 0, 3, 1, 1, 6, 3000, 4, 4, 4),
    ),
    "control": _family(
        "control", CONTROL,
        "board and cards first: KO and draw Extras first, attack rested Battle Cards with "
        "the weakest attacker that wins, Leader and Unison at the Leader, block and combo "
        "to save Battle Cards of cost 3+",
        (5, 6, 4, 0, 1, 0, 2, 1, 1, 3, 0, 2, 2, 6),
    ),
}

PRESETS = {
    "rush": Preset("aggro", {"energy_target": 4, "mulligan_cost": 3, "defend_life": 2},
                   "aggro on a low curve that stops charging at 4 energy and rarely defends"),
    "wall": Preset("control", {"block_life": 8, "reserve": 3, "threat_life": 8},
                   "control that blocks every Leader hit and always keeps 3 energy back"),
}
