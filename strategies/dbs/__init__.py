"""Dragon Ball Super strategy families: `random` (uniform legal choices) and `default`."""

from strategies.dbs.policy import DEFAULT, RANDOM
from strategies.registry import Family

FAMILIES = {
    "random": Family(
        "random", RANDOM, "uniform over the legal choices at every decision (baseline)"
    ),
    "default": Family(
        "default",
        DEFAULT,
        "charge spare cards, curve out, attack and combo when it wins, block and combo to "
        "survive, keep energy for defence when threatened, awaken on time",
        (
            ("mulligan_cost", 5.0, "redraw opening-hand cards with energy cost >= this"),
            ("energy_target", 6.0, "charge every turn until this many energy cards"),
            ("charge_hand", 4.0, "past the target, charge only with at least this many in hand"),
            ("threat_life", 4.0, "at this Life or less, keep `reserve` energy for combos"),
            ("reserve", 2.0, "energy kept Active for the opponent's turn when threatened"),
            ("attack_margin", 5000.0, "combo as attacker until attack >= guard + this"),
            ("attack_combos", 2.0, "at most this many combos per attack"),
            ("defend_life", 5.0, "combo to stop Leader hits at this Life or less"),
            ("block_life", 3.0, "block hits on the Leader at this Life or less"),
            ("save_cost", 4.0, "block or combo to save a Battle Card of this cost or more"),
            ("expose_slack", 0.0, "Battle Cards attack a Leader when power >= its power - this"),
            ("ko_min_cost", 2.0, "attack rested Battle Cards of at least this cost first"),
            ("counter_cost", 3.0, "use [Counter: Play] on cards of this cost or more"),
            ("offering_life", 5.0, "pay a Life card to [Offering] at this Life or more"),
        ),
    ),
}
