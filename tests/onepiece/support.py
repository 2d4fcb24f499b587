"""Helpers for the ONE PIECE rules tests: a table of simple cards, a scripted two-player state
and thin wrappers around the engine kernels.

All kernel calls go through this module with one set of argument types (int32 st/ct/lg,
int64 fams, float64 prms, uint64 rng, int32 buf, Python ints and bools for scalars), so each
kernel is compiled once and then loaded from numba's on-disk cache.

Zones are given and returned top first: `deck[0]` is the next card drawn and `life[0]` is the
next Life card lost (the engine stores both stacks with the top at the end).
"""

from pathlib import Path

import numpy as np

from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import engine as EN
from tcgsim.simcore.games.onepiece import legal as LG
from tcgsim.simcore.games.onepiece.effects.pack import empty_fx
from tcgsim.simcore.games.onepiece.layout import (
    DECK,
    DECK_CAP,
    DON_ACTIVE,
    DON_DECK,
    DON_OWN,
    DON_RESTED,
    DON_TOTAL,
    EMPTY,
    F_BPOW,
    F_CARD,
    F_DON,
    F_RESTED,
    F_SICK,
    F_TPOW,
    G_ACTIVE,
    G_ATT,
    G_ERROR,
    G_FIRST,
    G_LOGN,
    G_OVER,
    G_REASON,
    G_RULESET,
    G_TGT,
    G_TURN,
    G_TURN_CAP,
    G_WINNER,
    HAND,
    LEADER_REF,
    LIFE,
    LIMBO,
    N_CHARS,
    N_DECK,
    N_HAND,
    N_LIFE,
    N_TRASH,
    NCHAR,
    NONE,
    NREF,
    PSIZE,
    SIZE,
    STAGE,
    STAGE_RESTED,
    TRASH,
)
from tcgsim.simcore.rng import seed_stream
from tcgsim.strategies.onepiece import FAMILIES, policy
from tcgsim.strategies.registry import resolve

DEFAULT, RANDOM = policy.DEFAULT, policy.RANDOM  # strategy family ids
LOG_ROWS = 4096
BUF = 256

# ---------------------------------------------------------------- the test card pool

# (code, TOML-style entry). The index of a card in the table is its position here.
POOL: list[tuple[str, dict]] = [
    ("LEADER", {"category": "leader", "colors": ["red"], "power": 5000, "life": 5}),
    # Padding for decks: never playable (cost > 10 DON), no counter, no keyword, no Trigger.
    ("FILLER", {"category": "character", "colors": ["red"], "cost": 11, "power": 1000}),
    ("C5K", {"category": "character", "colors": ["red"], "cost": 2, "power": 5000,
             "counter": 1000}),
    ("C4K", {"category": "character", "colors": ["red"], "cost": 1, "power": 4000}),
    ("C6K", {"category": "character", "colors": ["red"], "cost": 3, "power": 6000}),
    ("C2K_COST1", {"category": "character", "colors": ["red"], "cost": 1, "power": 2000}),
    ("C3K_COST5", {"category": "character", "colors": ["red"], "cost": 5, "power": 3000}),
    ("BLOCKER", {"category": "character", "colors": ["red"], "cost": 1, "power": 1000,
                 "keywords": ["blocker"]}),
    ("BIG_BLOCKER", {"category": "character", "colors": ["red"], "cost": 2, "power": 7000,
                     "keywords": ["blocker"]}),
    ("RUSH", {"category": "character", "colors": ["red"], "cost": 2, "power": 5000,
              "keywords": ["rush"]}),
    ("DOUBLE", {"category": "character", "colors": ["red"], "cost": 4, "power": 5000,
                "keywords": ["double_attack"]}),
    ("BANISH", {"category": "character", "colors": ["red"], "cost": 4, "power": 5000,
                "keywords": ["banish"]}),
    ("DOUBLE_BANISH", {"category": "character", "colors": ["red"], "cost": 6, "power": 5000,
                       "keywords": ["double_attack", "banish"]}),
    ("COUNTER2K", {"category": "character", "colors": ["red"], "cost": 3, "power": 3000,
                   "counter": 2000}),
    ("TRIG_DRAW", {"category": "character", "colors": ["red"], "cost": 1, "power": 2000,
                   "trigger": {"effect": "draw", "value": 1}}),
    ("TRIG_PLAY", {"category": "character", "colors": ["red"], "cost": 2, "power": 3000,
                   "trigger": {"effect": "play_self"}}),
    ("TRIG_LIFE", {"category": "character", "colors": ["red"], "cost": 1, "power": 2000,
                   "trigger": {"effect": "add_life", "value": 1}}),
    ("EV_COUNTER", {"category": "event", "colors": ["red"], "cost": 1,
                    "counter_event": {"effect": "power_battle", "value": 3000}}),
    ("EV_COUNTER_KO", {"category": "event", "colors": ["red"], "cost": 0,
                       "counter_event": {"effect": "ko_cost_le", "value": 10}}),
    ("EV_DRAW2", {"category": "event", "colors": ["red"], "cost": 0,
                  "main": {"effect": "draw", "value": 2}}),
    ("EV_ADD_LIFE", {"category": "event", "colors": ["red"], "cost": 0,
                     "main": {"effect": "add_life", "value": 1}}),
    ("EV_PING", {"category": "event", "colors": ["red"], "cost": 0,
                 "main": {"effect": "life_damage", "value": 1}}),
    ("EV_PING0", {"category": "event", "colors": ["red"], "cost": 0,
                  "main": {"effect": "life_damage", "value": 0}}),
    ("EV_PING2", {"category": "event", "colors": ["red"], "cost": 0,
                  "main": {"effect": "life_damage", "value": 2}}),
    ("EV_KO", {"category": "event", "colors": ["red"], "cost": 0,
               "main": {"effect": "ko_cost_le", "value": 10}}),
    ("EV_BOUNCE", {"category": "event", "colors": ["red"], "cost": 0,
                   "main": {"effect": "bounce_cost_le", "value": 10}}),
    ("DOUBLE_PING", {"category": "character", "colors": ["red"], "cost": 1, "power": 5000,
                     "keywords": ["double_attack", "banish"],
                     "on_play": {"effect": "life_damage", "value": 1}}),
    ("EV_POWER_TURN", {"category": "event", "colors": ["red"], "cost": 0,
                       "main": {"effect": "power_turn", "value": 2000}}),
    ("STAGE_A", {"category": "stage", "colors": ["red"], "cost": 1}),
    ("STAGE_B", {"category": "stage", "colors": ["red"], "cost": 1}),
    # A deck-out dummy: unplayable, and its counter stops any attack (see the loss tests).
    ("WALL", {"category": "character", "colors": ["red"], "cost": 11, "power": 1000,
              "counter": 20000}),
    ("LEADER_0", {"category": "leader", "colors": ["red"], "power": 0, "life": 5}),
    ("EV_REST3", {"category": "event", "colors": ["red"], "cost": 0,
                  "main": {"effect": "rest_cost_le", "value": 3}}),
    ("EV_KO_POW4K", {"category": "event", "colors": ["red"], "cost": 0,
                     "main": {"effect": "ko_power_le", "value": 4000}}),
    ("EV_KO3", {"category": "event", "colors": ["red"], "cost": 0,
                "main": {"effect": "ko_cost_le", "value": 3}}),
    ("EV_BOUNCE1", {"category": "event", "colors": ["red"], "cost": 0,
                    "main": {"effect": "bounce_cost_le", "value": 1}}),
    ("RUSH_CHAR", {"category": "character", "colors": ["red"], "cost": 2, "power": 5000,
                   "keywords": ["rush_character"]}),
    ("UNBLOCKABLE", {"category": "character", "colors": ["red"], "cost": 2, "power": 5000,
                     "keywords": ["unblockable"]}),
    ("STAGE_COST5", {"category": "stage", "colors": ["red"], "cost": 5}),
]
CODES = [code for code, _ in POOL]
ID = {code: i for i, code in enumerate(CODES)}
LEADER = ID["LEADER"]
FILLER = ID["FILLER"]
C5K = ID["C5K"]
C4K = ID["C4K"]
C6K = ID["C6K"]
C2K_COST1 = ID["C2K_COST1"]
C3K_COST5 = ID["C3K_COST5"]
BLOCKER = ID["BLOCKER"]
BIG_BLOCKER = ID["BIG_BLOCKER"]
RUSH = ID["RUSH"]
DOUBLE = ID["DOUBLE"]
BANISH = ID["BANISH"]
DOUBLE_BANISH = ID["DOUBLE_BANISH"]
COUNTER2K = ID["COUNTER2K"]
TRIG_DRAW = ID["TRIG_DRAW"]
TRIG_PLAY = ID["TRIG_PLAY"]
TRIG_LIFE = ID["TRIG_LIFE"]
EV_COUNTER = ID["EV_COUNTER"]
EV_COUNTER_KO = ID["EV_COUNTER_KO"]
EV_DRAW2 = ID["EV_DRAW2"]
EV_ADD_LIFE = ID["EV_ADD_LIFE"]
EV_PING = ID["EV_PING"]
EV_PING0 = ID["EV_PING0"]
EV_PING2 = ID["EV_PING2"]
EV_KO = ID["EV_KO"]
EV_BOUNCE = ID["EV_BOUNCE"]
DOUBLE_PING = ID["DOUBLE_PING"]
EV_POWER_TURN = ID["EV_POWER_TURN"]
STAGE_A = ID["STAGE_A"]
STAGE_COST5 = ID["STAGE_COST5"]
STAGE_B = ID["STAGE_B"]
WALL = ID["WALL"]
LEADER_0 = ID["LEADER_0"]
EV_REST3 = ID["EV_REST3"]
EV_KO_POW4K = ID["EV_KO_POW4K"]
EV_KO3 = ID["EV_KO3"]
EV_BOUNCE1 = ID["EV_BOUNCE1"]
RUSH_CHAR = ID["RUSH_CHAR"]
UNBLOCKABLE = ID["UNBLOCKABLE"]


# Attributes (<Slash>, <Strike>, ...) of some of FX_POOL's cards.
FX_ATTRIBUTES = {"FX_SLASH_LEADER": ["Slash"], "FX_STRIKE_LEADER": ["Strike"],
                 "FX_SLASH_CHAR": ["Slash"], "FX_STRIKE_CHAR": ["Strike"]}

# Cards with text for the effect interpreter's tests: short synthetic phrases in the shape
# of real card text (never a real card's text). Their ids follow POOL's.
FX_POOL: list[tuple[str, dict]] = [
    (code, {"category": cat, "colors": ["red"], "cost": cost, "power": power,
            "types": types, "text": text, **({"trigger_text": trig} if trig else {}),
            **({"life": 5} if cat == "leader" else {}),
            **({"keywords": ["blocker"]} if text.startswith("[Blocker]") else {}),
            **({"attributes": FX_ATTRIBUTES[code]} if code in FX_ATTRIBUTES else {})})
    for code, cat, cost, power, types, text, trig in [
        ("FX_CREW_LEADER", "leader", 0, 5000, ["Test Crew"], "", ""),
        ("FX_DRAW2", "character", 1, 1000, [], "[On Play] Draw 2 cards.", ""),
        ("FX_KO3", "character", 1, 1000, [],
         "[On Play] K.O. up to 1 of your opponent's Characters with a cost of 3 or less.", ""),
        ("FX_SEARCH", "event", 0, 0, [],
         "[Main] Look at 5 cards from the top of your deck; reveal up to 1 {Test Crew} type "
         "card and add it to your hand. Then, place the rest at the bottom of your deck in any "
         "order.", ""),
        ("FX_CREW", "character", 11, 1000, ["Test Crew"], "", ""),
        ("FX_ATT_DEBUFF", "character", 1, 5000, [],
         "[When Attacking] Give up to 1 of your opponent's Characters -2000 power during this "
         "turn.", ""),
        ("FX_ONKO_DRAW", "character", 1, 1000, [], "[On K.O.] Draw 1 card.", ""),
        ("FX_COUNTER4K", "event", 1, 0, [],
         "[Counter] Up to 1 of your Leader or Character cards gains +4000 power during this "
         "battle.", ""),
        ("FX_DONMINUS_REST", "character", 1, 1000, [],
         "[On Play] DON!! -1: Rest up to 1 of your opponent's Characters with a cost of 4 or "
         "less.", ""),
        ("FX_LIFE_COND", "character", 1, 1000, [],
         "[On Play] If you have 2 or less Life cards, draw 1 card.", ""),
        ("FX_LEADER_COND", "character", 1, 1000, [],
         "[On Play] If your Leader has the {Test Crew} type, add up to 1 DON!! card from your "
         "DON!! deck and set it as active.", ""),
        ("FX_TRASH_COST", "character", 1, 1000, [],
         "[On Play] You may trash 1 card from your hand: Draw 2 cards.", ""),
        ("FX_BOUNCE2", "character", 1, 1000, [],
         "[On Play] Return up to 1 Character with a cost of 2 or less to the owner's hand.", ""),
        ("FX_BOTTOM2", "character", 1, 1000, [],
         "[On Play] Place up to 1 Character with a cost of 2 or less at the bottom of the "
         "owner's deck.", ""),
        ("FX_LEADER_BUFF", "character", 1, 1000, [],
         "[On Play] Your Leader gains +1000 power during this turn.", ""),
        ("FX_LOOT", "character", 1, 1000, [],
         "[On Play] Draw 2 cards and trash 1 card from your hand.", ""),
        ("FX_RAMP", "character", 1, 1000, [],
         "[On Play] Add up to 1 DON!! card from your DON!! deck and rest it.", ""),
        ("FX_ATT_PAY", "character", 1, 5000, [], "[When Attacking] (1): Draw 1 card.", ""),
        ("FX_DONX1", "character", 1, 5000, [], "[DON!! x1] [When Attacking] Draw 1 card.", ""),
        ("FX_MILL2", "character", 1, 1000, [],
         "[On Play] Trash 2 cards from the top of your deck.", ""),
        ("FX_LIFE_ADD", "character", 1, 1000, [],
         "[On Play] Add up to 1 card from the top of your deck to the top of your Life "
         "cards.", ""),
        ("FX_TRIG_PLAY", "character", 2, 3000, [], "", "[Trigger] Play this card."),
        ("FX_TRIG_MAIN", "event", 0, 0, [], "[Main] Draw 1 card.",
         "[Trigger] Activate this card's [Main] effect."),
        ("FX_TRIG_ONPLAY", "character", 2, 3000, [], "[On Play] Draw 1 card.",
         "[Trigger] Play this card."),
        # An Event whose [Main] rests DON!! after its own cost rested some (2-7-3, 8-3-1-3).
        ("FX_EV1_REST_DON", "event", 1, 0, [],
         "[Main] You may rest 1 of your DON!! cards: Draw 1 card.", ""),
        # Abilities watching one's own Characters played or K.O.'d, with a filter (8-1-3-1).
        ("FX_KUJA_6K", "character", 1, 6000, ["Kuja Pirates"], "", ""),
        ("FX_KUJA_4K", "character", 1, 4000, ["Kuja Pirates"], "", ""),
        ("FX_OWN_KUJA_KOD_DRAW", "character", 1, 1000, [],
         "When one of your {Kuja Pirates} type Characters with 5000 base power or more is "
         "K.O.'d, draw 1 card.", ""),
        ("FX_OWN_KOD_DRAW", "character", 1, 1000, [],
         "When one of your Characters is K.O.'d, draw 1 card.", ""),
        ("FX_OPP_TURN_PLAY_DRAW", "character", 1, 1000, [],
         "[Opponent's Turn] When you play a Character, draw 1 card.", ""),
        ("FX_PLAY_TRIGGER_DRAW", "character", 1, 1000, [],
         "When you play a Character with a [Trigger], draw 1 card.", ""),
        ("FX_EV_KO_ONKO", "event", 0, 0, [],
         "[Main] K.O. up to 1 of your opponent's Characters with a cost of 3 or less.", ""),
        ("FX_PING", "event", 0, 0, [], "[Main] Deal 1 damage to your opponent.", ""),
        ("FX_PING_DRAW", "event", 0, 0, [],
         "[Main] Deal 1 damage to your opponent. Then, draw 1 card.", ""),
        ("FX_KO_OWN_PING", "event", 0, 0, [],
         "[Main] You may K.O. 1 of your Characters: Deal 1 damage to your opponent.", ""),
        ("FX_TAKE_DAMAGE", "character", 1, 1000, [], "[On Play] You take 1 damage.", ""),
        ("FX_EOT_DRAW", "character", 1, 1000, [], "[End of Your Turn] Draw 1 card.", ""),
        ("FX_EOOT_DRAW", "character", 1, 1000, [],
         "[End of Your Opponent's Turn] Draw 1 card.", ""),
        ("FX_OPP_ATT", "character", 1, 1000, [],
         "[On Your Opponent's Attack] (1): Up to 1 of your Leader or Character cards gains "
         "+2000 power during this battle.", ""),
        ("FX_BLOCK_DRAW", "character", 1, 1000, [],
         "[Blocker]\n[On Block] Draw 1 card.", ""),
        ("FX_TRASH_SEARCH", "character", 1, 1000, [],
         "[On Play] Look at 3 cards from the top of your deck; reveal up to 1 card and add it "
         "to your hand. Then, trash the rest.", ""),
        ("FX_ACT_DRAW", "character", 1, 1000, [],
         "[Activate: Main] [Once Per Turn] (1): Draw 1 card.", ""),
        ("FX_ACT_REST", "character", 1, 1000, [],
         "[Activate: Main] You may rest this Character: Up to 1 of your Leader or Character "
         "cards gains +1000 power during this turn.", ""),
        ("FX_COST_DOWN2", "character", 1, 1000, [],
         "[On Play] Give up to 1 of your opponent's Characters -2 cost during this turn.", ""),
        ("FX_SELF_RUSH", "character", 1, 4000, [],
         "[On Play] This Character gains [Rush] during this turn.", ""),
        ("FX_DONX1_BUFF", "character", 1, 3000, [], "[DON!! x1] This Character gains +1000 power.",
         ""),
        ("FX_YOUR_TURN_BUFF", "character", 1, 3000, [],
         "[Your Turn] This Character gains +2000 power.", ""),
        ("FX_OPP_TURN_BLOCKER", "character", 1, 3000, [],
         "[Opponent's Turn] This Character gains [Blocker].", ""),
        ("FX_COUNTER_DISCOUNT", "event", 1, 0, [],
         "If you have 2 or less Life cards, give this card in your hand -1 cost.\n[Counter] Up "
         "to 1 of your Leader or Character cards gains +3000 power during this battle.", ""),
        ("FX_KO_STAGE", "character", 1, 1000, [],
         "[On Play] K.O. up to 1 of your opponent's Stages with a cost of 3 or less.", ""),
        ("FX_ALL_OPP_MINUS", "character", 1, 2000, [],
         "Give all of your opponent's Characters -1000 power.", ""),
        ("FX_LOW_LIFE_BUFF", "character", 1, 3000, [],
         "If you have 2 or less Life cards, this Character gains +1000 power.", ""),
        ("FX_LEADER_UNTIL", "character", 1, 1000, [],
         "[On Play] Your Leader gains +1000 power until the end of your opponent's next End "
         "Phase.", ""),
        ("FX_FREEZE", "character", 1, 1000, [],
         "[On Play] Up to 1 of your opponent's rested Characters will not become active in "
         "your opponent's next Refresh Phase.", ""),
        ("FX_BEHIND_DRAW", "character", 1, 1000, [],
         "[On Play] If you have less Life cards than your opponent, draw 1 card.", ""),
        ("FX_REVIVE", "character", 1, 1000, [],
         "[On Play] Play up to 1 Character card with a cost of 2 or less from your trash "
         "rested.", ""),
        ("FX_RECLAIM", "character", 1, 1000, [],
         "[On Play] Add up to 1 Character card with a cost of 3 or less from your trash to "
         "your hand.", ""),
        ("FX_DISCARD_OPP", "character", 1, 1000, [],
         "[On Play] Your opponent trashes 1 card from their hand.", ""),
        ("FX_KO_BY_OPP_LIFE", "character", 1, 1000, [],
         "[On Play] K.O. up to 1 of your opponent's Characters with a cost equal to or less "
         "than the number of your opponent's Life cards.", ""),
        ("FX_KO_BY_DON", "character", 1, 1000, [],
         "[On Play] K.O. up to 1 of your opponent's Characters with a cost equal to or less "
         "than the number of DON!! cards on your field.", ""),
        ("FX_PLAYED_DRAW", "character", 1, 1000, [],
         "[Activate: Main] [Once Per Turn] If this Character was played on this turn, draw 1 "
         "card.", ""),
        ("FX_GIVEN_BUFF", "character", 1, 3000, [],
         "If you have a total of 2 or more given DON!! cards, this Character gains +2000 "
         "power.", ""),
        ("FX_NAMED_LEADER", "leader", 0, 5000, [], "", ""),
        ("FX_ALIAS_LEADER", "leader", 0, 5000, [],
         "Also treat this card's name as [FX_NAMED_LEADER] according to the rules.", ""),
        ("FX_TYPE_OR_NAME", "character", 1, 1000, [],
         "[On Play] If your Leader has the {Test Crew} type or is [FX_NAMED_LEADER], draw 1 "
         "card.", ""),
        ("FX_WHEN_OPP_ATTACKS", "leader", 0, 5000, [],
         "[Once Per Turn] This effect can be activated when your opponent attacks. Give up to 1 "
         "of your opponent's Leader or Character cards -1000 power during this turn.", ""),
        ("FX_DON_ACTIVE_EOT", "character", 2, 1000, [],
         "[On Play] Set up to 1 of your DON!! cards as active at the end of this turn.", ""),
        ("FX_LEADER_MINUS_DRAW", "character", 1, 1000, [],
         "[On Play] You may give your 1 active Leader -5000 power during this turn: Draw 1 "
         "card.", ""),
        ("FX_OPP_HAND_BOTTOM", "character", 1, 1000, [],
         "[On Play] Your opponent places 1 card from their hand at the bottom of their deck.",
         ""),
        ("FX_ONLY_CREW_DRAW", "character", 1, 1000, ["Test Crew"],
         "[On Play] If the only Characters on your field are {Test Crew} type Characters, draw "
         "1 card.", ""),
        ("FX_FACE_UP_DRAW", "character", 1, 1000, [],
         "[On Play] You may turn 1 card from the top of your Life cards face-up: Draw 1 card.",
         ""),
        ("FX_FACE_DOWN_DRAW", "character", 1, 1000, [],
         "[On Play] You may turn 1 card from the top of your Life cards face-down: Draw 1 card.",
         ""),
        ("FX_ONLY_CREW_EVENT", "event", 0, 0, [],
         "[Main] If the only Characters on your field are {Test Crew} type Characters, draw 1 "
         "card.", ""),
        ("FX_HAND_TO_LIFE", "character", 1, 1000, [],
         "[On Play] Add up to 1 card from your hand to the top of your Life cards.", ""),
        ("FX_HAND_DISCOUNT", "character", 3, 5000, [],
         "If you have 2 or less Life cards, give this card in your hand -2 cost.", ""),
        ("FX_NEGATE", "character", 1, 1000, [],
         "[On Play] Negate the effect of up to 1 of your opponent's Characters during this "
         "turn.", ""),
        ("FX_REPL_SELF", "character", 1, 3000, [],
         "[Once Per Turn] If this Character would be K.O.'d, you may trash 1 card from your "
         "hand instead.", ""),
        ("FX_REPL_GUARD", "character", 1, 1000, [],
         "If your Character with 6000 base power or less would be removed from the field by "
         "your opponent's effect, you may rest this Character instead.", ""),
        ("FX_REPL_OPP_EFFECT", "character", 1, 3000, [],
         "If this Character would be K.O.'d by your opponent's effect, you may trash 1 card "
         "from your hand instead.", ""),
        ("FX_REPL_BATTLE", "character", 1, 3000, [],
         "If this Character would be K.O.'d in battle, you may trash 1 card from your hand "
         "instead.", ""),
        ("FX_DON_RET", "character", 1, 1000, [],
         "[Your Turn] When a DON!! card on your field is returned to your DON!! deck, add up "
         "to 1 DON!! card from your DON!! deck and rest it.", ""),
        ("FX_ATTACK_ACTIVE", "character", 1, 1000, [],
         "[On Play] Up to 1 of your Characters can also attack active Characters during this "
         "turn.", ""),
        ("FX_SET_BASE", "character", 1, 1000, [],
         "[On Play] Set the base power of up to 1 of your Characters to 7000 during this "
         "turn.", ""),
        ("FX_KO_RETURN_DON", "character", 1, 1000, [],
         "[On Play] K.O. up to 1 of your opponent's Characters with a cost of 3 or less. "
         "Then, return 1 DON!! card from your field to your DON!! deck.", ""),
        ("FX_GUARD_BATTLE", "character", 1, 1000, [],
         "[On Play] Up to 1 of your Characters cannot be K.O.'d in battle until the end of "
         "your opponent's next turn.", ""),
        ("FX_GUARD_REMOVAL", "character", 1, 1000, [],
         "[On Play] Up to 1 of your Characters cannot be removed from the field by your "
         "opponent's effects until the end of your opponent's next turn.", ""),
        ("FX_OPP_ATT_ONCE", "character", 1, 1000, [],
         "[On Your Opponent's Attack] [Once Per Turn] Draw 1 card.", ""),
        ("FX_TRASH_OPP_LIFE", "character", 1, 1000, [],
         "[On Play] Trash 1 card from the top of your opponent's Life cards.", ""),
        ("FX_LIFE_TO_HAND", "character", 1, 1000, [],
         "[On Play] Add 1 card from the top of your Life cards to your hand.", ""),
        ("FX_SCRY3", "character", 1, 1000, [],
         "[On Play] Look at 3 cards from the top of your deck and place them at the top or "
         "bottom of the deck in any order.", ""),
        ("FX_RETURN_COST", "character", 1, 1000, [],
         "[On Play] You may return 1 of your Characters to your hand: Draw 2 cards.", ""),
        ("FX_NO_ATTACK", "character", 1, 1000, [],
         "[On Play] Up to 1 of your opponent's Characters cannot attack during this turn.", ""),
        ("FX_ATT_BANISH", "character", 1, 6000, [],
         "[When Attacking] This Character gains [Banish] during this battle.", ""),
        ("FX_REST_OPP_DON", "character", 1, 1000, [],
         "[On Play] Rest up to 1 of your opponent's DON!! cards.", ""),
        ("FX_OPP_DON_MINUS", "character", 1, 1000, [],
         "[On Play] Your opponent returns 1 DON!! card from their field to their DON!! deck.",
         ""),
        ("FX_REVEAL_DRAW", "character", 1, 1000, [],
         "[On Play] Reveal 1 card from the top of your deck. If that card is a Character "
         "card, draw 1 card.", ""),
        ("FX_CHOOSE", "event", 0, 0, [],
         "[Main] Choose one:\n• Draw 1 card.\n• Add up to 1 DON!! card from your DON!! deck "
         "and rest it.", ""),
        ("FX_GIVE_DON_EACH", "character", 1, 1000, [],
         "[On Play] Give your Leader and all of your Characters up to 1 rested DON!! card "
         "each.", ""),
        ("FX_WAKE_LEADER_STAGE", "character", 1, 1000, [],
         "[On Play] Set up to 1 of your Leader or Stage cards as active.", ""),
        ("FX_REST_OPP_LEADER_STAGE", "character", 1, 1000, [],
         "[On Play] Rest up to 1 of your opponent's Leader or Stage cards.", ""),
        ("FX_ACT_REST_LEADER_STAGE", "character", 1, 1000, [],
         "[Activate: Main] You may rest your Leader or 1 of your Stage cards: Draw 1 card.", ""),
        ("FX_GUESS_COST", "character", 1, 1000, [],
         "[On Play] Choose a cost and reveal 1 card from the top of your opponent's deck. If "
         "the revealed card has the chosen cost, draw 2 cards.", ""),
        ("FX_TO_OPP_LIFE", "character", 1, 1000, [],
         "[On Play] Add 1 of your opponent's Characters with a cost of 3 or less to the top "
         "or bottom of your opponent's Life cards face-up.", ""),
        ("FX_KO_OWN_COST", "character", 2, 1000, [],
         "[On Play] You may K.O. 1 of your Characters: Draw 2 cards.", ""),
        ("FX_LIFE_COST", "character", 1, 1000, [],
         "[On Play] You may trash 1 card from the top of your Life cards: Draw 2 cards.", ""),
        ("FX_MILL_COST", "character", 1, 1000, [],
         "[On Play] You may trash 2 cards from the top of your deck: Draw 1 card.", ""),
        ("FX_UNTIL_START", "character", 1, 1000, [],
         "[On Play] Up to 1 of your opponent's Characters gains -2000 power until the start "
         "of your next turn.", ""),
        ("FX_SLASH_LEADER", "leader", 0, 5000, [], "", ""),
        ("FX_STRIKE_LEADER", "leader", 0, 5000, [], "", ""),
        ("FX_SLASH_CHAR", "character", 2, 4000, [], "", ""),
        ("FX_STRIKE_CHAR", "character", 2, 4000, [], "", ""),
        ("FX_OPP_SLASH_BUFF", "leader", 0, 5000, [],
         "If your opponent's Leader has the <Slash> attribute, this Leader gains +1000 "
         "power.", ""),
        ("FX_SLASH_PUMP", "event", 0, 0, [],
         "[Main] Up to 1 of your <Slash> attribute Characters gains +2000 power during this "
         "turn.", ""),
        ("FX_NO_KO_BY_SLASH", "character", 1, 3000, [],
         "This Character cannot be K.O.'d in battle by <Slash> attribute cards.", ""),
        ("FX_NO_KO_BY_LEADERS", "character", 1, 3000, [],
         "This Character cannot be K.O.'d in battle by Leaders.", ""),
        ("FX_BAN_PLAY", "character", 1, 1000, [],
         "[On Play] Draw 1 card. Then, you cannot play Character cards with a base cost of 3 "
         "or more during this turn.", ""),
        ("FX_BAN_ALL", "character", 1, 1000, [],
         "[On Play] Draw 1 card. Then, you cannot play Character cards during this turn.", ""),
        ("FX_PLAY_FROM_HAND", "event", 0, 0, [],
         "[Main] Play up to 1 Character card with a cost of 5 or less from your hand.", ""),
        ("FX_PER_TRASH", "character", 1, 2000, [],
         "This Character gains +1000 power for every 2 cards in your trash.", ""),
        ("FX_PER_EVENTS", "character", 1, 2000, [],
         "[Your Turn] This Character gains +1000 power for every 2 Events in your trash.", ""),
        ("FX_PER_HAND", "character", 1, 2000, [],
         "This Character gains +1000 power for every card in your hand.", ""),
        ("FX_PER_RESTED_DON", "character", 1, 2000, [],
         "This Character gains +1000 power for every 3 of your rested DON!! cards.", ""),
        ("FX_OPP_TRASH_BOTTOM", "character", 1, 1000, [],
         "[On Play] Your opponent places 2 cards from their trash at the bottom of their deck "
         "in any order.", ""),
        ("FX_OPP_EVENTS_BOTTOM", "character", 1, 1000, [],
         "[On Play] Your opponent places 2 Events from their trash at the bottom of their deck "
         "in any order.", ""),
        ("FX_LIFE_SCRY", "character", 1, 1000, [],
         "[On Play] Look at up to 1 card from the top of your or your opponent's Life cards "
         "and place it at the top or bottom of the Life cards.", ""),
        ("FX_DON_OR_MORE", "character", 1, 1000, [],
         "[On Play] You may return 1 or more DON!! cards from your field to your DON!! deck: "
         "Draw 1 card.", ""),
        ("FX_ALL_DON_ACTIVE", "character", 1, 1000, [],
         "[On Play] Set all of your DON!! cards as active. Then, you cannot play cards from "
         "your hand during this turn.", ""),
        ("FX_COPY_SELECTED", "character", 1, 1000, [],
         "[On Play] Select up to 1 of your opponent's Characters. This Character's base power "
         "becomes the same as the selected Character's power during this turn.", ""),
        ("FX_COPY_LEADER", "character", 1, 2000, [],
         "[On Play] This Character's base power becomes the same as your opponent's Leader "
         "during this turn.", ""),
        ("FX_LEADER_BASE", "character", 1, 1000, [],
         "[On Play] Your Leader's base power becomes 7000 until the end of your opponent's "
         "next End Phase.", ""),
        ("FX_BOTH_BASE", "character", 1, 1000, [],
         "[On Play] Your Leader and this Character's base power becomes 6000 during this "
         "turn.", ""),
        ("FX_CREW_LEADER_BASE", "character", 1, 1000, [],
         "[Opponent's Turn] Your {Test Crew} type Leader's base power becomes 8000.", ""),
        ("FX_COSTLY_BUFF", "character", 1, 1000, [],
         "All of your Characters with a cost of 2 or more gain +1000 power.", ""),
    ]
]

# A card whose [Double Attack] and [Banish] reach its effect damage under ENERGIO!! rules.
FX_POOL.append(("FX_DA_PING", {"category": "character", "colors": ["red"], "cost": 1,
                               "power": 5000, "keywords": ["double_attack", "banish"],
                               "text": "[On Play] Deal 1 damage to your opponent."}))

# More phrases: [Trigger] "add this card to your hand", "no base effect", "A or B" targets
# and conditions, "your opponent chooses one", own Characters trashed or placed as a cost.
FX_POOL += [
    (code, {"category": cat, "colors": ["red"], "cost": cost, "power": power, "types": [],
            "text": text, **({"trigger_text": trig} if trig else {})})
    for code, cat, cost, power, text, trig in [
        ("FX_TRIG_KO_BACK", "character", 2, 3000, "",
         "[Trigger] K.O. up to 1 of your opponent's Characters with a cost of 1 or less and add "
         "this card to your hand."),
        ("FX_NO_TEXT_PUMP", "character", 1, 1000,
         "[On Play] Up to 1 of your Characters with no base effect gains +2000 power during "
         "this turn.", ""),
        ("FX_CHARS_OR_NAMED", "character", 1, 1000,
         "[On Play] Give up to 1 of your opponent's Characters or [FX_CREW_LEADER] -3000 power "
         "during this turn.", ""),
        ("FX_EITHER_DON", "character", 0, 1000,
         "[On Play] If you have 0 or 3 or more DON!! cards on your field, draw 1 card.", ""),
        ("FX_OPP_CHOOSES", "character", 1, 1000,
         "[On Play] Your opponent chooses one: • Draw 1 card. • Your opponent trashes 1 card "
         "from their hand.", ""),
        ("FX_TRASH_OWN", "character", 1, 1000,
         "[On Play] You may trash 1 of your Characters with 2000 power or more: Draw 1 card.",
         ""),
        ("FX_BOTTOM_OWN", "character", 1, 1000,
         "[On Play] You may place 1 of your Characters other than this Character at the bottom "
         "of your deck: Draw 1 card.", ""),
    ]
]


# "You cannot add Life cards to your hand using your own effects during this turn", and the
# effects and costs it binds.
FX_POOL += [
    (code, {"category": "character", "colors": ["red"], "cost": 1, "power": 1000, "types": [],
            "text": text})
    for code, text in [
        ("FX_NO_LIFE_HAND", "[On Play] You cannot add Life cards to your hand using your own "
         "effects during this turn."),
        ("FX_LIFE_HAND", "[On Play] Add 1 card from the top of your Life cards to your hand."),
        ("FX_LIFE_COST_DRAW", "[On Play] You may add 1 card from the top of your Life cards to "
         "your hand: Draw 1 card."),
    ]
]


# The opponent's rested DON!! given to the opponent's Characters.
FX_POOL.append(("FX_GIVE_OPP_DON", {
    "category": "character", "colors": ["red"], "cost": 1, "power": 1000, "types": [],
    "text": "[On Play] Give up to 2 of your opponent's rested DON!! cards to 1 of your "
            "opponent's Characters."}))

# Look at 3, maybe take a {Test Crew} card, the rest to the bottom or each to the top or
# the bottom, in any order (3-1-7).
for _code, _where in (("FX_LOOK3_REST", "at the bottom of your deck"),
                      ("FX_LOOK3_TOP_BOTTOM", "at the top or bottom of the deck")):
    FX_POOL.append((_code, {
        "category": "character", "colors": ["red"], "cost": 1, "power": 1000, "types": [],
        "text": "[On Play] Look at 3 cards from the top of your deck; reveal up to 1 {Test "
                "Crew} type card and add it to your hand. Then, place the rest "
                f"{_where} in any order."}))

# Life cards from or to the top or the bottom, the player's choice; "up to" Life cards.
for _code, _text in (
        ("FX_TRASH_LIFE_EITHER", "Trash 1 card from the top or bottom of your Life cards."),
        ("FX_LIFE_EITHER_COST", "You may add 1 card from the top or bottom of your Life cards "
                                "to your hand: Draw 1 card."),
        ("FX_TO_LIFE_EITHER", "Add up to 1 of your opponent's Characters with a cost of 3 or "
                              "less to the top or bottom of your opponent's Life cards face-up."),
        ("FX_TRASH_LIFE_UPTO", "Trash up to 2 cards from the top of your opponent's Life "
                               "cards."),
        ("FX_HAND_TOP_BOTTOM", "Place 2 cards from your hand at the top or bottom of your "
                               "deck in any order.")):
    FX_POOL.append((_code, {"category": "character", "colors": ["red"], "cost": 1,
                            "power": 1000, "types": [], "text": "[On Play] " + _text}))

# Giving DON!! as a cost (with trashing the source), and to a named card only.
FX_POOL.append(("FX_GIVE_DON_COST", {
    "category": "character", "colors": ["red"], "cost": 1, "power": 1000, "types": [],
    "text": "[Activate: Main] You may give 1 of your active DON!! cards to 1 of your Leader or "
            "Character cards and trash this Character: Draw 1 card."}))
FX_POOL.append(("FX_GIVE_DON_NAMED", {
    "category": "character", "colors": ["red"], "cost": 1, "power": 1000, "types": [],
    "text": "[Activate: Main] You may give 2 active DON!! cards to 1 of your [FX_CREW]: Draw 1 "
            "card."}))


def _fx_card(code: str, text: str, category: str = "character", power: int = 1000,
             keywords: tuple[str, ...] = ()) -> tuple:
    """A red pool card of cost 1 (an Event: cost 0) with card text (and keywords, which the
    card data lists apart from the text)."""
    event = category == "event"
    return (code, {"category": category, "colors": ["red"], "cost": 0 if event else 1,
                   "power": 0 if event else power, "types": [], "text": text,
                   **({"keywords": list(keywords)} if keywords else {})})


FX_POOL += [
    # "When this Character becomes rested" (8-1-3-1), and resting two Characters as a cost.
    _fx_card("FX_RESTED_DRAW", "[Your Turn] When this Character becomes rested, draw 1 card.",
             power=4000),
    _fx_card("FX_REST2_DRAW", "[Main] You may rest 2 of your Characters: Draw 2 cards.",
             "event"),
    # A trash card to the top of the Life face-up (3-10-2-1).
    _fx_card("FX_TRASH_TO_LIFE_UP", "[On Play] Add up to 1 card with a cost of 6 or less from "
             "your trash to the top of your Life cards face-up."),
    # A keyword and a base power for every card of a name and the source.
    _fx_card("FX_CREW_DOUBLE", "All of your [FX_CREW] cards and this Character gain [Double "
             "Attack]. [Opponent's Turn] All of your [FX_CREW] cards' base power and this "
             "Character's base power become 6000."),
    # Setting DON!! active, then banning it for Character effects this turn (1-3-3).
    _fx_card("FX_DON_ACTIVE_BAN", "[Activate: Main] Set up to 1 of your DON!! cards as active. "
             "Then, you cannot set DON!! cards as active using Character effects during this "
             "turn."),
    # "would be rested by your opponent's Character's effect ... instead" (8-1-3-4), and an
    # Event that rests.
    _fx_card("FX_REPL_REST", "[Opponent's Turn] If this Character would be rested by your "
             "opponent's Character's effect, you may rest 1 of your other Characters instead."),
    _fx_card("FX_EVENT_REST", "[Main] Rest up to 1 of your opponent's Characters with a cost "
             "of 4 or less.", "event"),
    # Rested DON!! kept rested in the opponent's next Refresh Phase (6-2-3).
    _fx_card("FX_LOCK_CHAR_OR_DON", "[On Play] Up to 1 of your opponent's rested Character or "
             "DON!! cards will not become active in your opponent's next Refresh Phase."),
    # "with different card names": a play from the trash and a count.
    _fx_card("FX_PLAY_DIFF", "[On Play] Play up to 2 Character cards with a cost of 2 or less "
             "and different card names from your trash."),
    _fx_card("FX_DIFF_COND", "[Main] If you have 2 Characters with different card names, draw "
             "1 card.", "event"),
    # A cost paid by resting one of two kinds of card (8-3-1-3, 8-3-1-5).
    # Two timings in one text, with and without one shared [Once Per Turn] (10-2-13).
    _fx_card("FX_RUSH_TWO_ONCE", "[Rush]\n[On Play]/[When Attacking] [Once Per Turn] Draw 1 "
             "card.", power=4000, keywords=("rush",)),
    _fx_card("FX_RUSH_TWO", "[Rush]\n[On Play]/[When Attacking] Draw 1 card.", power=4000,
             keywords=("rush",)),
    # A Leader's DON!! deck of 6 cards (5-1-2-4, 5-2-1-5-1), an ability from one's second
    # turn on, a cost the source pays only at a cost of 3 or more, and a replacement of any
    # removal from the field (8-1-3-4).
    ("FX_DON6_LEADER", {"category": "leader", "colors": ["red"], "cost": 0, "power": 5000,
                        "life": 5, "types": [], "text": "Under the rules of this game, your "
                        "DON!! deck consists of 6 cards."}),
    _fx_card("FX_SECOND_TURN_DRAW", "[Activate: Main] [Once Per Turn] If it is your second turn "
             "or later, draw 1 card."),
    _fx_card("FX_COSTLY_TRASH_DRAW", "[Activate: Main] You may trash this Character with a cost "
             "of 3 or more: Draw 1 card."),
    _fx_card("FX_REMOVE_ANY_REPL", "[Once Per Turn] If this Character would be removed from the "
             "field, you may trash 1 card from your hand instead.", power=3000),
    # Abilities that watch for K.O.'d Characters (8-1-3-1).
    _fx_card("FX_OPP_KOD_DRAW", "[Your Turn] [Once Per Turn] When your opponent's Character is "
             "K.O.'d, draw 1 card."),
    _fx_card("FX_ANY_KOD_DRAW", "When a Character is K.O.'d, draw 1 card."),
    # Moves "at the end of this turn" (6-6-1-2).
    _fx_card("FX_EOT_TRASH_SELF", "[On Play] Draw 1 card. Then, trash this Character at the "
             "end of this turn."),
    _fx_card("FX_PLAY_EOT_BOTTOM", "[Main] Play up to 1 Character card with a cost of 3 or "
             "less from your trash. Then, place the Character played by this effect at the "
             "bottom of the owner's deck at the end of this turn.", "event"),
    _fx_card("FX_KO_REPL_LIFE", "[Once Per Turn] If this Character would be K.O.'d, you may add "
             "1 card from the top of your Life cards to your hand instead.", power=3000),
    _fx_card("FX_BLOCKER_WIN", "When your opponent activates [Blocker], if either you or your "
             "opponent has 0 Life cards, you win the game."),
    _fx_card("FX_TRASH_CHAR_OR_HAND", "[Main] You may trash 1 of your Characters or 1 card "
             "from your hand: Draw 1 card.", "event"),
    _fx_card("FX_REST_SLASH_OR_DON", "[Main] You may rest your <Slash> attribute Leader or 1 of "
             "your DON!! cards: Draw 1 card.", "event"),
    _fx_card("FX_REST_ANY_DRAW", "[Main] You may rest 1 of your cards: Draw 1 card.", "event"),
    _fx_card("FX_REST_ANY_ACT", "[Activate: Main] [Once Per Turn] You may rest 1 of your "
             "cards: Draw 1 card.", power=6000),
]

# A [Counter] Event whose boost only a {Test Crew} card may receive.
FX_POOL.append(("FX_COUNTER_CREW", {
    "category": "event", "colors": ["red"], "cost": 0, "power": 0, "types": [],
    "text": "[Counter] Up to 1 of your {Test Crew} type Leader or Character cards gains +4000 "
            "power during this battle."}))


# Counters of hand cards changed by abilities (2-10, 7-1-3-2-1), an 8000-power Character
# with a printed +1000 Counter, and a turn condition in a continuous ability.
FX_POOL += [
    _fx_card("FX_HAND_CTR_SELF", "If you only have Characters without a Counter, this card in "
             "your hand has a +2000 Counter.", power=7000),
    _fx_card("FX_HAND_CTR_ALL", "All Character cards in your hand without a Counter have a "
             "+1000 Counter."),
    _fx_card("FX_HAND_CTR_8K", "The counter of all of your Character cards with 8000 power in "
             "your hand becomes +2000."),
    ("FX_8K_CTR1K", {"category": "character", "colors": ["red"], "cost": 1, "power": 8000,
                     "counter": 1000, "types": [], "text": ""}),
    _fx_card("FX_OPP_TURN_COST_POWER", "This Character gains +12 cost, and if it is your "
             "opponent's turn, this Character gains +3000 power.", power=2000),
    # "When your Leader ... attacks or is attacked" (8-1-3-1), with its cost in the text.
    _fx_card("FX_LEADER_BATTLE", "[Once Per Turn] When your Leader with a type including "
             "\"Test Crew\" attacks or is attacked, you may trash 1 card from your hand to "
             "activate this effect. Your Leader gains +3000 power during this battle."),
    # An Event activated from the hand by an effect (10-2-3-1-1), and two Events to offer it.
    _fx_card("FX_ACT_EVENT", "[On Play] Activate up to 1 {Test Crew} type Event from your "
             "hand."),
    ("FX_CREW_EVENT_DRAW", {"category": "event", "colors": ["red"], "cost": 3, "power": 0,
                            "types": ["Test Crew"], "text": "[Main] Draw 1 card."}),
    ("FX_EVENT_DRAW_OTHER", {"category": "event", "colors": ["red"], "cost": 0, "power": 0,
                             "types": [], "text": "[Main] Draw 1 card."}),
    # Picks that share "a total cost of N or less" (1-3-2), and {Test Crew} cards to pick.
    _fx_card("FX_PLAY_TOTAL", "[On Play] Play up to 2 {Test Crew} type cards with different "
             "card names and a total cost of 3 or less from your hand."),
    _fx_card("FX_KO_TOTAL", "[On Play] K.O. your opponent's Characters with a total cost of 3 "
             "or less."),
    *[(code, {"category": "character", "colors": ["red"], "cost": cost, "power": 2000,
              "types": ["Test Crew"], "text": ""})
      for code, cost in (("FX_CREW_C2A", 2), ("FX_CREW_C2B", 2), ("FX_CREW_C1", 1))],
    # A continuous ability and a replacement in one untagged paragraph (8-1-3-4).
    _fx_card("FX_REPL_TRASH_BOTTOM", "If you have 2 or less Life cards, this Character gains "
             "+1000 power. If one of your Characters would be removed from the field by your "
             "opponent's effect, you may place 2 cards from your trash at the bottom of your "
             "deck in any order instead.", power=3000),
    # The only card the opponent may attack (7-1-1-1).
    _fx_card("FX_TAUNT", "If this Character is rested, your opponent cannot attack any card "
             "other than the Character [FX_TAUNT].", power=3000),
    # "Any number" paid, then power for each one (8-4-4, 1-3-2-2).
    _fx_card("FX_ANY_DON", "[On Your Opponent's Attack] You may rest any number of your DON!! "
             "cards. For every DON!! card rested this way, your Leader or up to 1 of your "
             "{Test Crew} type Characters gains +2000 power during this battle."),
    _fx_card("FX_ANY_TRASH", "[When Attacking] You may trash any number of Event cards from "
             "your hand. This Character gains +1000 power during this battle for every card "
             "trashed.", power=3000),
    # A play cost reduced for hand cards by a Stage on the field (2-7-6).
    _fx_card("FX_PLAY_COST_STAGE", "[Your Turn] The cost of playing {Test Crew} type "
             "Character cards with a cost of 2 or more from your hand will be reduced by 1.",
             category="stage"),
    # The attack's target changed by the defender's effect (7-1-1-2), and a card to take it.
    _fx_card("FX_RETARGET", "[On Your Opponent's Attack] [Once Per Turn] You may trash 1 card "
             "from your hand: Select your Leader or 1 of your {Test Crew} type Characters. "
             "Change the attack target to the selected card."),
    ("FX_CREW_7K", {"category": "character", "colors": ["red"], "cost": 4, "power": 7000,
                    "types": ["Test Crew"], "text": ""}),
    # The next play of a kind of card made cheaper for the turn (2-7-6).
    _fx_card("FX_NEXT_CUT", "[Activate: Main] [Once Per Turn] The next time you play a {Test "
             "Crew} type Character card with a cost of 2 or more from your hand during this "
             "turn, the cost will be reduced by 1."),
    # Abilities that watch Life cards removed (8-1-3-1).
    _fx_card("FX_LIFE_DRAW", "[Your Turn] [Once Per Turn] This effect can be activated when a "
             "card is removed from your or your opponent's Life cards. If you have 7 or less "
             "cards in your hand, draw 1 card."),
    _fx_card("FX_OPP_LIFE_DRAW", "When a card is removed from your opponent's Life cards, draw "
             "1 card."),
    # An action repeated for every card of a type on the field (1-3-2-2).
    ("FX_EVERY_CREW", {"category": "character", "colors": ["red"], "cost": 1, "power": 1000,
                       "types": ["Test Crew"],
                       "text": "[On Play] For every {Test Crew} type card on your field, give "
                               "up to 1 of your opponent's Characters -1000 power during this "
                               "turn."}),
    # "If you have activated an Event with a base cost of 3 or more during this turn".
    _fx_card("FX_AFTER_EVENT", "[Activate: Main] [Once Per Turn] If you have activated an Event "
             "with a base cost of 3 or more during this turn, draw 1 card."),
    # Active DON!! cards returned as a cost, for a play from the hand (8-3-1-6).
    _fx_card("FX_RETURN_ACTIVE", "[Activate: Main] You may return 2 of your active DON!! cards "
             "to your DON!! deck: Play up to 1 {Test Crew} type Character card from your "
             "hand."),
    # Abilities the strategies weigh before paying (strategies/onepiece/common.gains_now).
    _fx_card("FX_DONMINUS_DEBUFF", "[On Play] DON!! -1: Give up to 1 of your opponent's "
             "Characters -2000 power during this turn."),
    _fx_card("FX_DONX2_ATT_PAY", "[DON!! x2] [When Attacking] (1): Draw 1 card.", power=5000),
    _fx_card("FX_DONMINUS2_EVENT", "[Main] DON!! -2: Draw 1 card.", category="event"),
    _fx_card("FX_KO_ANY", "[On Play] K.O. up to 1 of your opponent's Characters."),
    ("FX_NO_KO_FX", {"category": "character", "colors": ["red"], "cost": 5, "power": 6000,
                     "types": [], "text": "This Character cannot be K.O.'d by effects."}),
    _fx_card("FX_UNTAP_NO_PLAY", "[Activate: Main] [Once Per Turn] You may rest 1 of your "
             "DON!! cards: If there is a Character with a cost of 5 or more, set up to 3 of "
             "your DON!! cards as active. Then, you cannot play Character cards during this "
             "turn."),
    ("FX_LEADER_ANY_TRASH", {
        "category": "leader", "colors": ["red"], "cost": 0, "power": 5000, "life": 5,
        "types": [], "text": "[On Your Opponent's Attack] You may trash any number of Event "
                             "cards from your hand. This Leader gains +1000 power during this "
                             "battle for every card trashed."}),
    ("FX_LEADER_TRASH_4K", {
        "category": "leader", "colors": ["red"], "cost": 0, "power": 5000, "life": 5,
        "types": [], "text": "[On Your Opponent's Attack] [Once Per Turn] You may trash 1 card "
                             "from your hand: Up to 1 of your Leader or Character cards gains "
                             "+4000 power during this battle."}),
    # Continuous abilities that read what another one changes (8-1-3-3-5).
    _fx_card("FX_GAINS_COST12", "This Character gains +12 cost."),
    _fx_card("FX_IF_COST12_BUFF", "If there is a Character with a cost of 12 or more, this "
             "Character gains +3000 power."),
]

# Choices of "up to 2" and counts of 2 (8-4-4-1, 1-3-2), each offered more candidates than it
# takes in tests/onepiece/test_fx_upto.py.
FX_POOL += [_fx_card(code, text, *rest) for code, text, *rest in [
    ("FX_UPTO2_KO", "[On Play] K.O. up to 2 of your opponent's Characters with a cost of 3 or "
     "less."),
    ("FX_UPTO2_BOUNCE", "[On Play] Return up to 2 of your opponent's Characters with a cost of 3 "
     "or less to the owner's hand."),
    ("FX_UPTO2_REST", "[On Play] Rest up to 2 of your opponent's Characters with a cost of 4 or "
     "less."),
    ("FX_UPTO2_TRASH", "[On Play] Trash up to 2 of your opponent's Characters with a cost of 3 "
     "or less."),
    ("FX_UPTO2_BOTTOM", "[On Play] Place up to 2 of your opponent's Characters with a cost of 3 "
     "or less at the bottom of the owner's deck."),
    ("FX_UPTO2_DEBUFF", "[On Play] Give up to 2 of your opponent's Characters -2000 power during "
     "this turn."),
    ("FX_UPTO2_PUMP", "[On Play] Up to 2 of your Characters gain +2000 power during this turn."),
    ("FX_UPTO2_GIVE_DON", "[On Play] Give up to 2 of your Characters up to 1 rested DON!! card "
     "each."),
    ("FX_UPTO2_SEARCH", "[On Play] Look at 5 cards from the top of your deck; reveal up to 2 "
     "{Test Crew} type cards and add them to your hand. Then, place the rest at the bottom of "
     "your deck in any order."),
    ("FX_UPTO2_LOOK_PLAY", "[On Play] Look at 5 cards from the top of your deck and play up to 2 "
     "Character cards with a cost of 2 or less. Then, place the rest at the bottom of your deck "
     "in any order."),
    ("FX_UPTO2_PLAY_HAND", "[Main] Play up to 2 Character cards with a cost of 2 or less from "
     "your hand.", "event"),
    ("FX_UPTO2_PLAY_TRASH", "[On Play] Play up to 2 Character cards with a cost of 2 or less "
     "from your trash rested."),
    ("FX_UPTO2_RECLAIM", "[On Play] Add up to 2 Character cards with a cost of 3 or less from "
     "your trash to your hand."),
    ("FX_UPTO2_HAND_TO_LIFE", "[On Play] Add up to 2 cards from your hand to the top of your "
     "Life cards."),
    ("FX_UPTO2_DON_ACTIVE", "[On Play] Set up to 2 of your DON!! cards as active."),
    ("FX_UPTO2_RAMP", "[On Play] Add up to 2 DON!! cards from your DON!! deck and rest them."),
    ("FX_UPTO2_REST_OPP_DON", "[On Play] Rest up to 2 of your opponent's DON!! cards."),
    ("FX_OPP_TRASH2", "[On Play] Your opponent trashes 2 cards from their hand."),
    ("FX_LOOT2", "[On Play] Draw 2 cards and trash 2 cards from your hand."),
    ("FX_OPP_HAND_BOTTOM2", "[On Play] Your opponent places 2 cards from their hand at the "
     "bottom of their deck."),
    ("FX_KO_ONE_AND_ONE", "[On Play] K.O. up to 1 of your opponent's Characters with a cost of 1 "
     "or less and up to 1 of your opponent's Characters with a cost of 3 or less."),
    # DON!! given by an effect, DON!! -N for a draw, and [Counter] Events whose programs have
    # a cost (strategies: where power and DON!! go, which counters are used).
    ("FX_GIVE_RESTED2", "[On Play] Give up to 2 rested DON!! cards to 1 of your Characters."),
    ("FX_DONMINUS_DRAW", "[On Play] DON!! -1: Draw 1 card."),
    ("FX_DONMINUS2_KO", "[Main] DON!! -2: K.O. up to 1 of your opponent's Characters with a "
     "cost of 3 or less.", "event"),
    ("FX_CTR_TRASH3K", "[Counter] You may trash 1 card from your hand: Up to 1 of your Leader or "
     "Character cards gains +3000 power during this battle.", "event"),
    ("FX_CTR_DONM_LEADER4K", "[Counter] DON!! -1: Your Leader gains +4000 power during this "
     "battle.", "event"),
    # Every card of either of two names (1-3-2), on the opponent's turn (10-2-12).
    ("FX_PAIR_GUARD", "[Opponent's Turn] All of your [FX_CREW] and [FX_DRAW2] cards gain +3000 "
     "power."),
    # DON!! added for the turn and returned at its end down to the opponent's count
    # (6-6-1-2); a cost paid with a hand card or a DON!! card (8-3-1-3); all of a kind to the
    # deck bottom; a cost with an alternative the program does not offer (approximate).
    ("FX_RAMP5_MATCH", "[Activate: Main] [Once Per Turn] If you have no other [FX_RAMP5_MATCH] "
     "Characters, add up to 5 DON!! cards from your DON!! deck and rest them. Then, at the end "
     "of this turn, return DON!! cards from your field to your DON!! deck until you have the "
     "same number of DON!! cards on your field as your opponent."),
    ("FX_TRASH_OR_DON_LOCK", "[Activate: Main] [Once Per Turn] You may trash 1 card from your "
     "hand or rest 1 of your DON!! cards: Up to 1 of your opponent's rested Characters will not "
     "become active in your opponent's next Refresh Phase."),
    ("FX_BOTTOM_ALL_BASE1", "[On Play] You may trash 1 card from your hand: Place all of your "
     "opponent's Characters with a base cost of 1 at the bottom of the owner's deck in any order "
     "of the owner's choosing."),
    # Power bought with a hand card, lasting the turn (strategies: only where it decides).
    ("FX_OPP_ATT_TRASH_DEBUFF", "[On Your Opponent's Attack] You may trash 1 card from your "
     "hand: Give up to 1 of your opponent's Characters -3000 power during this turn."),
    ("FX_TRASH2_RAMP3", "[Main] You may trash 2 cards from your hand: Add up to 3 DON!! cards "
     "from your DON!! deck and rest them.", "event"),
    ("FX_TRASH_TYPE_OR_NAMED", "[On Play] You may trash 1 {Test Crew} type card from your hand "
     "or 1 [FX_CREW] from your hand or field: K.O. up to 1 of your opponent's rested "
     "Characters."),
]]
# "cannot be rested" (1-3-3): no attack (7-1-1-1), no block (10-1-4-1), no rest at all.
FX_POOL += [
    _fx_card("FX_NO_REST_LOCK", "[On Play] Up to 1 of your opponent's Characters with a cost "
             "of 6 or less cannot be rested until the end of your opponent's next End Phase."),
    _fx_card("FX_REST_SELF_DRAW", "[Activate: Main] You may rest this Character: Draw 1 card."),
    # DON!! -N on the opponent's turn, beside a [Your Turn] watcher of DON!! returned.
    _fx_card("FX_OPP_ATT_DONMINUS_DEBUFF", "[On Your Opponent's Attack] DON!! -1: Give up to 1 "
             "of your opponent's Characters -2000 power during this turn."),
]
FX_POOL.append(("FX_LEADER_TRASH_3K_TURN", {
    "category": "leader", "colors": ["red"], "cost": 0, "power": 5000, "life": 5, "types": [],
    "text": "[On Your Opponent's Attack] You may trash 1 card from your hand: Your Leader gains "
            "+3000 power during this turn."}))
# A keyword that matters only to an attack, given for the turn.
FX_POOL.append(_fx_card("FX_GRANT_DA_EVENT", "[Main] Up to 1 of your Characters gains [Double "
                        "Attack] during this turn.", "event"))
FX_POOL.append(_fx_card("FX_GRANT_UB_EVENT", "[Main] Up to 1 of your Characters gains "
                        "[Unblockable] during this turn.", "event"))
# A ramp the strategies count on to add back DON!! returned this turn.
FX_POOL.append(_fx_card("FX_RAMP_ADD9", "[Activate: Main] [Once Per Turn] Add up to 9 DON!! "
                        "cards from your DON!! deck and rest them."))
# Power bought with a hand card on one's own attack (strategies: counters it costs).
FX_POOL.append(_fx_card("FX_ATT_TRASH_PUMP3", "[When Attacking] You may trash 1 card from your "
                        "hand: This Character gains +3000 power during this battle.",
                        power=5000))
# DON!! given by an Event: a gain only for a card they help (strategies).
FX_POOL.append(_fx_card("FX_GIVE_RESTED2_EVENT", "[Main] Give up to 2 rested DON!! cards to 1 of "
                        "your Characters.", "event"))


def make_table(pool: list[tuple[str, dict]] | None = None) -> np.ndarray:
    """The int32 card table of `pool` (default POOL), rows built by the engine's own loader."""
    pool = POOL if pool is None else pool
    rows = [C.card_row(f"test:{code}", entry) for code, entry in pool]
    return np.ascontiguousarray(np.array(rows, dtype=np.int32))


CT = make_table()
_twice = sorted({c for c, _ in FX_POOL if [k for k, _ in POOL + FX_POOL].count(c) > 1})
assert not _twice, f"test card codes defined twice (the later would replace the first): {_twice}"
FX_TABLE = C.load_cards([], dict(POOL + FX_POOL))  # POOL's ids, then FX_POOL's
FX_ID = {code: ID.get(code, i) for i, code in enumerate(FX_TABLE.codes)}


def fx_tables(mode: str = "approx") -> tuple[np.ndarray, np.ndarray]:
    """The card table and compiled effect tables of every card in FX_TABLE, as a deck pair
    gets them (effects/pack.pair_tables)."""
    from tcgsim.simcore.games.onepiece.effects.pack import pair_tables

    return pair_tables(FX_TABLE, range(len(FX_TABLE.codes)), mode)


def numbered_table(n: int = 50) -> tuple[np.ndarray, list[int]]:
    """CT plus n distinct unplayable Characters (cost 11, no counter): decks whose order can
    be followed card by card. Returns the table and the ids of the n new cards."""
    extra = [(f"N{i:02d}", {"category": "character", "colors": ["red"], "cost": 11,
                            "power": 1000}) for i in range(n)]
    return make_table(POOL + extra), list(range(len(POOL), len(POOL) + n))


def write_toml(path: Path, cards: dict[str, dict]) -> Path:
    """Write a [cards] TOML file (for load_cards and resolve_deck tests)."""
    lines = []
    for code, entry in cards.items():
        lines.append(f'[cards."{code}"]')
        for k, v in entry.items():
            if isinstance(v, str):
                lines.append(f'{k} = "{v}"')
            elif isinstance(v, list):
                lines.append(f"{k} = [{', '.join(chr(34) + x + chr(34) for x in v)}]")
            else:
                lines.append(f"{k} = {v}")
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


# ---------------------------------------------------------------- strategies


PARAM_INDEX = {name: i for i, (name, _, _) in enumerate(FAMILIES["default"].params)}


def default_params() -> np.ndarray:
    """(2, 16) float64 parameters of the `default` family for both seats."""
    _, prm = resolve("onepiece", "default")
    return np.ascontiguousarray(np.stack([prm, prm]).astype(np.float64))


# ---------------------------------------------------------------- card text off (the guard)

# Set by `pytest --effects-off` (tests/conftest.py) or card_text_off(): every game the tests
# build is played with no compiled card text, so that a test that still passes is not
# testing card text (issue 36). TEXT_REMOVED counts the games (and runner tables) whose
# text was taken away, so that the conftest can tell the tests that played card text.
TEXT_OFF = False
TEXT_REMOVED = [0]


def strip_text(ct: np.ndarray, fx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A pair's card table and fx as effects mode none has them: an empty fx, and the
    table without what pair_tables derived from the programs (an Event's [Main] or
    [Counter] slot saying a program plays it, 'program' or its battle boost)."""
    from tcgsim.simcore.effects.fxlayout import H_CARD_TM
    from tcgsim.simcore.games.onepiece.effects.opcodes import T_COUNTER

    ct = np.ascontiguousarray(ct.copy())
    for card in range(ct.shape[0]):
        if ct[card, C.CATEGORY] != C.EVENT:
            continue
        if ct[card, C.MAIN_EFF] == C.EFF_PROGRAM:
            ct[card, C.MAIN_EFF] = C.EFF_NONE
        counter = (int(fx[int(fx[H_CARD_TM]) + card]) >> T_COUNTER) & 1
        if ct[card, C.COUNTER_EFF] == C.EFF_PROGRAM or (
                counter and ct[card, C.COUNTER_EFF] == C.EFF_POWER_BATTLE):
            ct[card, C.COUNTER_EFF] = C.EFF_NONE
            ct[card, C.COUNTER_VAL] = 0
    return ct, empty_fx(ct.shape[0])


def has_text(fx) -> bool:
    """Does this fx hold a compiled ability?"""
    from tcgsim.simcore.effects.fxlayout import H_NAB

    return fx is not None and int(fx[H_NAB]) > 0


_REAL_TABLES = []  # the runner's own _tables, while card text is off


def set_text_off(off: bool) -> None:
    """Play every game with no card text (off) or as packed: support.Game drops a game's
    fx (strip_text), and the batch runner and replay pack effects mode none."""
    global TEXT_OFF
    from tcgsim.simcore.gamekit import Runner

    TEXT_OFF = off
    if off and not _REAL_TABLES:
        real = Runner._tables
        _REAL_TABLES.append(real)

        def tables_without_text(self, table, deck_a, deck_b, effects):
            if self.effects is None or effects == "none":
                return real(self, table, deck_a, deck_b, effects)
            if has_text(real(self, table, deck_a, deck_b, effects)[1]):
                TEXT_REMOVED[0] += 1
            return real(self, table, deck_a, deck_b, "none")

        Runner._tables = tables_without_text
    elif not off and _REAL_TABLES:
        Runner._tables = _REAL_TABLES.pop()


class card_text_off:
    """`with card_text_off():` the games built inside play with no card text (set_text_off);
    `.removed` is how many had text taken away."""

    def __enter__(self):
        self._was = TEXT_OFF
        self._start = TEXT_REMOVED[0]
        set_text_off(True)
        return self

    def __exit__(self, *exc):
        set_text_off(self._was)
        self.removed = TEXT_REMOVED[0] - self._start
        return False


def random_seed(n: int, answer: int, p: int = 0) -> int:
    """The first game seed whose `random` strategy for player p gives `answer` to its first
    "up to" choice among n candidates (policy.choose: randint over n + 1 on stream 2 + p,
    seeded as Game seeds it; n is "none")."""
    from tcgsim.simcore.rng import randint

    for seed in range(10000):
        rng = np.zeros(8, dtype=np.uint64)
        for s in range(4):
            seed_stream(rng, s, seed, 0, s)
        if int(randint(rng, 2 + p, n + 1)) == answer:
            return seed
    raise AssertionError(f"no seed answers {answer} of {n}")


def declining_seed(n: int, p: int = 0) -> int:
    """A seed whose `random` strategy for player p declines its first "up to" choice among n
    candidates: a strategy that takes none, as "up to" allows (8-4-4-1)."""
    return random_seed(n, n, p)


# ---------------------------------------------------------------- state construction


def _slot(spec) -> dict:
    """A Character slot spec: a card id, or a dict with card and rested/don/sick/tpow/bpow."""
    if isinstance(spec, dict):
        return {"rested": 0, "don": 0, "sick": 0, "tpow": 0, "bpow": 0, **spec}
    return {"card": int(spec), "rested": 0, "don": 0, "sick": 0, "tpow": 0, "bpow": 0}


class Game:
    """One scripted game: the state array plus everything the kernels need."""

    def __init__(self, st, ct, decks, leaders, fams, prms, seed=7, fx=None):
        if TEXT_OFF and has_text(fx):
            ct, fx = strip_text(ct, fx)
            TEXT_REMOVED[0] += 1
        self.st = st
        self.ct = ct
        self.fx = empty_fx(ct.shape[0]) if fx is None else fx
        self.decks = decks
        self.leaders = leaders
        self.fams = fams
        self.prms = prms
        self.lg = np.zeros((LOG_ROWS, 5), dtype=np.int32)
        self.rng = np.zeros(8, dtype=np.uint64)
        for s in range(4):
            seed_stream(self.rng, s, seed, 0, s)
        self.buf = np.zeros(BUF, dtype=np.int32)

    # -- reading the state
    def get(self, p: int, off: int) -> int:
        return int(self.st[p * PSIZE + off])

    def put(self, p: int, off: int, value: int) -> None:
        self.st[p * PSIZE + off] = value

    def g(self, off: int) -> int:
        return int(self.st[off])

    def _stack(self, p, zone, count):
        b = p * PSIZE
        n = int(self.st[b + count])
        return [int(x) for x in self.st[b + zone: b + zone + n]]

    def hand(self, p: int) -> list[int]:
        return self._stack(p, HAND, N_HAND)

    def life(self, p: int) -> list[int]:
        """Life cards, top first."""
        return self._stack(p, LIFE, N_LIFE)[::-1]

    def deck(self, p: int) -> list[int]:
        """Deck cards, top first."""
        return self._stack(p, DECK, N_DECK)[::-1]

    def trash(self, p: int) -> list[int]:
        return self._stack(p, TRASH, N_TRASH)

    def card(self, p: int, r: int) -> int:
        return self.get(p, F_CARD + r)

    def chars(self, p: int) -> list[int]:
        """Card ids in p's Character slots 0..4 (EMPTY = -1 for a free slot)."""
        return [self.card(p, r) for r in range(NCHAR)]

    def field_chars(self, p: int) -> list[int]:
        return sorted(c for c in self.chars(p) if c != EMPTY)

    def slot_of(self, p: int, card: int) -> int:
        for r in range(NCHAR):
            if self.card(p, r) == card:
                return r
        raise AssertionError(f"card {CODES[card]} is not in player {p}'s Character area")

    def rested(self, p: int, r: int) -> int:
        return self.get(p, F_RESTED + r)

    def given(self, p: int, r: int) -> int:
        return self.get(p, F_DON + r)

    def don(self, p: int) -> dict[str, int]:
        return {
            "deck": self.get(p, DON_DECK),
            "active": self.get(p, DON_ACTIVE),
            "rested": self.get(p, DON_RESTED),
            "given": sum(self.get(p, F_DON + r) for r in range(NREF)),
        }

    def don_total(self, p: int) -> int:
        return sum(self.don(p).values())

    def stage(self, p: int) -> int:
        return self.get(p, STAGE)

    def power(self, p: int, r: int) -> int:
        return int(LG.power(self.st, self.ct, p, r))

    @property
    def over(self) -> bool:
        return self.g(G_OVER) != 0

    @property
    def winner(self) -> int:
        return self.g(G_WINNER)

    @property
    def reason(self) -> int:
        return self.g(G_REASON)

    @property
    def turn(self) -> int:
        return self.g(G_TURN)

    @property
    def active(self) -> int:
        return self.g(G_ACTIVE)

    @property
    def error(self) -> int:
        return self.g(G_ERROR)

    def events(self, code: int | None = None) -> list[tuple[int, ...]]:
        rows = [tuple(int(x) for x in row) for row in self.lg[: self.g(G_LOGN)]]
        return rows if code is None else [r for r in rows if r[0] == code]

    def clear_log(self) -> None:
        self.st[G_LOGN] = 0

    def set_param(self, p: int, name: str, value: float) -> None:
        self.prms[p, PARAM_INDEX[name]] = value

    def zone_count(self, p: int) -> int:
        """Cards p owns outside the Leader area (50 when conserved)."""
        b = p * PSIZE
        n = sum(int(self.st[b + off]) for off in (N_DECK, N_HAND, N_LIFE, N_TRASH))
        n += sum(1 for c in self.chars(p) if c != EMPTY)
        n += (self.stage(p) != EMPTY) + (self.get(p, LIMBO) != EMPTY)
        return n

    # -- kernels
    def check(self) -> None:
        """Run the engine's invariant check (card and DON conservation, zones) and assert it
        found nothing; also recount both invariants here."""
        EN.check_invariants(self.st, self.ct, self.lg, self.decks, self.leaders)
        assert self.error == 0, f"invariant error {EN.ERRORS.get(self.error, self.error)}"
        for p in range(2):
            assert self.zone_count(p) == DECK_CAP
            assert self.don_total(p) == self.get(p, DON_OWN)  # DON_TOTAL, or a deck rule's
            assert self.card(p, LEADER_REF) == int(self.leaders[p])

    def legal(self, p: int | None = None) -> list[tuple[int, int, int]]:
        """Legal Main Phase actions of p (default: the turn player) as (kind, a, b)."""
        p = self.active if p is None else p
        out = np.zeros(BUF, dtype=np.int32)
        n = LG.legal_main_actions(self.st, self.ct, p, out)
        return [(int(x) & 0xFF, (int(x) >> 8) & 0xFF, (int(x) >> 16) & 0xFF) for x in out[:n]]

    def attacks(self, p: int | None = None) -> set[tuple[int, int]]:
        return {(a, b) for k, a, b in self.legal(p) if k == LG.A_ATTACK}

    def can_attack_with(self, p: int, r: int) -> bool:
        return bool(LG.can_attack_with(self.st, self.ct, p, r))

    def can_be_attacked(self, o: int, r: int) -> bool:
        return bool(LG.can_be_attacked(self.st, o, r))

    def can_play(self, p: int, card: int) -> bool:
        return bool(LG.can_play_from_hand(self.st, self.ct, p, self.hand(p).index(card)))

    def activations(self, p: int | None = None) -> list[tuple[int, int]]:
        """(ref, k) of every [Activate: Main] ability p may activate now."""
        from tcgsim.simcore.games.onepiece.effects.query import legal_activations

        p = self.active if p is None else p
        out = np.zeros(BUF, dtype=np.int32)
        n = legal_activations(self.st, self.ct, self.fx, p, out, 0, self.buf)
        return [((int(x) >> 8) & 0xFF, (int(x) >> 16) & 0xFF) for x in out[:n]]

    def main_phase_settle(self) -> None:
        """Recompute the continuous abilities, as every action does (effects/interp.settle)."""
        from tcgsim.simcore.games.onepiece.effects.interp import settle

        settle(self.st, self.ct, self.fx, self.buf)

    def is_legal_blocker(self, d: int, r: int) -> bool:
        return bool(LG.is_legal_blocker(self.st, self.ct, d, r))

    def act(self, kind: int, a: int = 0, b: int = 0) -> None:
        """Apply one Main Phase action of the turn player (checked for legality)."""
        action = kind | (a << 8) | (b << 16)
        EN.apply_main_action(self.st, self.ct, self.fx, self.lg, self.active, action, self.fams,
                             self.prms, self.rng, self.buf, True, self.decks, self.leaders)

    def attack(self, att: int, tgt: int = LEADER_REF) -> None:
        self.act(LG.A_ATTACK, att, tgt)

    def play(self, card: int) -> None:
        self.act(LG.A_PLAY, self.hand(self.active).index(card))

    def give(self, r: int, n: int = 1) -> None:
        for _ in range(n):
            self.act(LG.A_DON, r)

    def damage(self, d: int, amount: int, banish: bool = False) -> None:
        EN.damage_leader(self.st, self.ct, self.fx, self.lg, d, amount, banish, self.fams,
                         self.prms, self.rng, self.buf)

    def ko(self, p: int, r: int) -> None:
        EN.ko(self.st, self.lg, p, r)

    def start_turn(self) -> bool:
        return bool(EN.start_turn(self.st, self.lg))

    def end_phase(self) -> None:
        EN.end_phase(self.st)

    def end_of_turn_abilities(self) -> None:
        EN.end_of_turn_abilities(self.st, self.ct, self.fx, self.lg, self.fams, self.prms,
                                 self.rng, self.buf)

    def next_turn(self) -> bool:
        """End the current turn and run the next one up to (not into) its Main Phase."""
        self.end_phase()
        return self.start_turn()

    def don_phase(self) -> None:
        EN.don_phase(self.st, self.lg, self.active)

    def rule_processing(self) -> None:
        EN.rule_processing(self.st, self.lg)

    def main_phase(self) -> None:
        EN.main_phase(self.st, self.ct, self.fx, self.lg, self.fams, self.prms, self.rng, self.buf,
                      True, self.decks, self.leaders)


def make_game(
    hands=((), ()),
    decks=((), ()),
    life=None,
    chars=((), ()),
    trash=((), ()),
    stage=(EMPTY, EMPTY),
    don_active=(0, 0),
    don_rested=(0, 0),
    leader_don=(0, 0),
    leader_rested=(0, 0),
    leaders=(LEADER, LEADER),
    turn=3,
    active=0,
    first=0,
    fams=(DEFAULT, DEFAULT),
    ct=None,
    pad=True,
    ruleset=0,
    turn_cap=1000,
    seed=7,
    fx=None,
) -> Game:
    """A mid-game state. Per-player tuples: hands, decks (top first), life (top first; default
    5 FILLER), chars (Character slot specs from slot 0, see _slot), trash, stage. Each deck is
    padded at the bottom with FILLER so that every player owns exactly 50 cards. DON not in the
    cost area or given stays in the DON deck."""
    ct = CT if ct is None else ct
    life = ((FILLER,) * 5, (FILLER,) * 5) if life is None else life
    st = np.zeros(SIZE, dtype=np.int32)
    deck_arr = np.zeros((2, DECK_CAP), dtype=np.int32)
    for p in range(2):
        b = p * PSIZE
        slots = [_slot(s) for s in chars[p]]
        others = (len(hands[p]) + len(life[p]) + len(trash[p]) + len(slots)
                  + (stage[p] != EMPTY))
        deck = list(decks[p])
        if pad:
            assert others + len(deck) <= DECK_CAP, "more than 50 cards"
            deck += [FILLER] * (DECK_CAP - others - len(deck))
        for i, c in enumerate(reversed(deck)):
            st[b + DECK + i] = c
        st[b + N_DECK] = len(deck)
        for i, c in enumerate(hands[p]):
            st[b + HAND + i] = c
        st[b + N_HAND] = len(hands[p])
        for i, c in enumerate(reversed(life[p])):
            st[b + LIFE + i] = c
        st[b + N_LIFE] = len(life[p])
        for i, c in enumerate(trash[p]):
            st[b + TRASH + i] = c
        st[b + N_TRASH] = len(trash[p])
        for r in range(NREF):
            st[b + F_CARD + r] = EMPTY
        given = 0
        for r, s in enumerate(slots):
            st[b + F_CARD + r] = s["card"]
            st[b + F_RESTED + r] = s["rested"]
            st[b + F_DON + r] = s["don"]
            st[b + F_SICK + r] = s["sick"]
            st[b + F_TPOW + r] = s["tpow"]
            st[b + F_BPOW + r] = s["bpow"]
            given += s["don"]
        st[b + N_CHARS] = len(slots)
        st[b + F_CARD + LEADER_REF] = leaders[p]
        st[b + F_RESTED + LEADER_REF] = leader_rested[p]
        st[b + F_DON + LEADER_REF] = leader_don[p]
        given += leader_don[p]
        st[b + STAGE] = stage[p]
        st[b + STAGE_RESTED] = 0
        st[b + LIMBO] = EMPTY
        st[b + DON_ACTIVE] = don_active[p]
        st[b + DON_RESTED] = don_rested[p]
        st[b + DON_DECK] = DON_TOTAL - don_active[p] - don_rested[p] - given
        assert st[b + DON_DECK] >= 0, "more than 10 DON"
        st[b + DON_OWN] = DON_TOTAL
        owned = (list(deck) + list(hands[p]) + list(life[p]) + list(trash[p])
                 + [s["card"] for s in slots] + ([stage[p]] if stage[p] != EMPTY else []))
        if len(owned) == DECK_CAP:
            deck_arr[p, :] = owned
    st[G_TURN] = turn
    st[G_ACTIVE] = active
    st[G_FIRST] = first
    st[G_WINNER] = NONE
    st[G_ATT] = EMPTY
    st[G_TGT] = EMPTY
    st[G_RULESET] = ruleset
    st[G_TURN_CAP] = turn_cap
    return Game(st, ct, deck_arr, np.array(leaders, dtype=np.int32),
                np.array(fams, dtype=np.int64), default_params(), seed, fx)


def new_game(decks, leaders=(LEADER, LEADER), first=0, seed=1, pair=0, game=0,
             fams=(DEFAULT, DEFAULT), prms=None, ct=None, ruleset=0, turn_cap=1000,
             fx=None) -> Game:
    """Run the engine's setup (5-2-1) on two 50-card decks (card-id lists)."""
    ct = CT if ct is None else ct
    deck_arr = np.ascontiguousarray(np.array(decks, dtype=np.int32))
    g = Game(np.zeros(SIZE, dtype=np.int32), ct, deck_arr, np.array(leaders, dtype=np.int32),
             np.array(fams, dtype=np.int64), default_params() if prms is None else prms, fx=fx)
    EN.setup(g.st, g.ct, g.fx, g.lg, deck_arr, g.leaders, first, seed, pair, game, g.fams,
             g.prms, g.rng, g.buf, ruleset, turn_cap)
    return g


def play_game(decks, leaders=(LEADER, LEADER), first=0, seed=1, pair=0, game=0,
              fams=(DEFAULT, DEFAULT), prms=None, ct=None, ruleset=0, turn_cap=1000,
              log_rows=LOG_ROWS) -> Game:
    """Play one whole game with the engine's play_game in debug mode."""
    ct = CT if ct is None else ct
    deck_arr = np.ascontiguousarray(np.array(decks, dtype=np.int32))
    g = Game(np.zeros(SIZE, dtype=np.int32), ct, deck_arr, np.array(leaders, dtype=np.int32),
             np.array(fams, dtype=np.int64), default_params() if prms is None else prms)
    g.lg = np.zeros((log_rows, 5), dtype=np.int32)
    EN.play_game(g.st, ct, g.fx, g.lg, deck_arr, g.leaders, first, seed, pair, game, g.fams, g.prms,
                 g.rng, g.buf, ruleset, turn_cap, True)
    return g

