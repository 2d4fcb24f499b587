"""ONE PIECE effect vocabulary: timings, durations, filter zones, condition kinds, questions
and opcodes with their argument schema. The single source for the compiler (rules.py,
simcore.effects.asm) and the interpreter (interp.py, timing.py); new opcodes are appended
within their group so that numbers stay stable.

Code rows are (op, a, b, c); `fxlayout.X` (-1) as an amount means the frame's X register.
Opcode numbers are grouped by `op >> 4` by kind; the interpreter dispatches an action by the
handler group the table gives it (OPS, at the end)."""

from tcgsim.simcore.effects import fxlayout as L
from tcgsim.simcore.effects.flow import (
    FLOW as FLOW_OPS,
)
from tcgsim.simcore.effects.flow import (
    OP_CHOOSE_ONE,
    OP_END,
    OP_IF_DO,
    OP_JUMP,
    OP_MAY,
    OP_OPTION,
    OP_SET_X,
    OP_SKIP_UNLESS,
)
from tcgsim.simcore.effects.optable import (
    ACTION,
    CONTINUOUS,
    COST,
    HAND,
    REPLACEMENT,
    OpSpec,
    OpTable,
)

# Timings (8-1-3, 10-2): T_* values index the bits of card_tm and H_TMASK.
T_ON_PLAY = 0  # [On Play] (10-2-6)
T_WHEN_ATTACKING = 1  # [When Attacking] (10-2-5, 7-1-1-3)
T_ON_BLOCK = 2  # [On Block] (10-2-15, 7-1-2-2)
T_ON_KO = 3  # [On K.O.] (10-2-17)
T_ACTIVATE_MAIN = 4  # [Activate: Main] (10-2-2)
T_MAIN = 5  # Event [Main] (10-2-3)
T_COUNTER = 6  # Event [Counter] (10-2-4, 7-1-3-2-2)
T_TRIGGER = 7  # [Trigger] (10-1-5)
T_END_OF_YOUR_TURN = 8  # [End of Your Turn] (10-2-7)
T_END_OF_OPP_TURN = 9  # [End of Your Opponent's Turn] (10-2-8)
T_ON_OPP_ATTACK = 10  # [On Your Opponent's Attack] (10-2-16)
T_YOUR_TURN = 11  # [Your Turn] continuous (10-2-11)
T_OPP_TURN = 12  # [Opponent's Turn] continuous (10-2-12)
T_CONTINUOUS = 13  # continuous, no timing tag (8-1-3-3)
T_START_OF_GAME = 14  # "at the start of the game" (5-2-1-5-1)
T_START_OF_TURN = 15  # "at the start of your turn" (6-2-2)
T_REPLACE_KO = 16  # "would be K.O.'d ... instead" (8-1-3-4)
T_WHEN_KOD_OTHER = 17  # "when your opponent's Character is K.O.'d" (8-1-3-1)
T_END_OF_BATTLE = 18  # "at the end of the battle" (7-1-5)
T_REPLACE_REMOVE = 19  # "would be removed from the field by your opponent's effect ... instead"
T_DON_RETURNED = 20  # "when a DON!! card on your field is returned to your DON!! deck"
T_BECOMES_RESTED = 21  # "when this Character becomes rested" (8-1-3-1): active to rested
T_REPLACE_REST = 22  # "would be rested by your opponent's Character's effect ... instead"
T_WHEN_KOD_ANY = 23  # "when a Character is K.O.'d" (either player's, 8-1-3-1)
T_OPP_BLOCKER = 24  # "when your opponent activates [Blocker]" (8-1-3-1, 7-1-2)
T_LEADER_ATTACKS = 25  # "when your Leader attacks" (8-1-3-1, 7-1-1-3): the attacker's field
T_LIFE_REMOVED = 26  # "when a card is removed from your or your opponent's Life cards"
T_OPP_LIFE_REMOVED = 27  # "when a card is removed from your opponent's Life cards" (8-1-3-1)
T_YOU_PLAY_CHAR = 28  # "when you play a Character" (8-1-3-1); the last free card_tm bit
TIMINGS = {
    "ON_PLAY": T_ON_PLAY, "WHEN_ATTACKING": T_WHEN_ATTACKING, "ON_BLOCK": T_ON_BLOCK,
    "ON_KO": T_ON_KO, "ACTIVATE_MAIN": T_ACTIVATE_MAIN, "MAIN": T_MAIN, "COUNTER": T_COUNTER,
    "TRIGGER": T_TRIGGER, "END_OF_YOUR_TURN": T_END_OF_YOUR_TURN,
    "END_OF_OPP_TURN": T_END_OF_OPP_TURN, "ON_OPP_ATTACK": T_ON_OPP_ATTACK,
    "YOUR_TURN": T_YOUR_TURN, "OPP_TURN": T_OPP_TURN, "CONTINUOUS": T_CONTINUOUS,
    "START_OF_GAME": T_START_OF_GAME, "START_OF_TURN": T_START_OF_TURN,
    "REPLACE_KO": T_REPLACE_KO, "WHEN_KOD_OTHER": T_WHEN_KOD_OTHER,
    "END_OF_BATTLE": T_END_OF_BATTLE, "REPLACE_REMOVE": T_REPLACE_REMOVE,
    "DON_RETURNED": T_DON_RETURNED, "BECOMES_RESTED": T_BECOMES_RESTED,
    "REPLACE_REST": T_REPLACE_REST, "WHEN_KOD_ANY": T_WHEN_KOD_ANY,
    "OPP_BLOCKER": T_OPP_BLOCKER, "LEADER_ATTACKS": T_LEADER_ATTACKS,
    "LIFE_REMOVED": T_LIFE_REMOVED, "OPP_LIFE_REMOVED": T_OPP_LIFE_REMOVED,
    "YOU_PLAY_CHAR": T_YOU_PLAY_CHAR,
}

# The filter tests fxlayout leaves to the game (FL_FLAGS), and the card_pred bit they read.
FLF_HAS_TRIGGER = L.FLF_GAME_1  # the card has a [Trigger] (PRED_HAS_TRIGGER)
FLF_DON_GIVEN = L.FLF_GAME_2  # the card has DON!! cards given
FLF_NO_DON = L.FLF_GAME_3  # the card has no DON!! card given
PRED_HAS_TRIGGER = L.PRED_GAME  # card_pred bit of a card with trigger text

# Durations of modifiers (6-6, 7-1-5, 6-2-1).
D_BATTLE = 0  # during this battle
D_TURN = 1  # during this turn
D_UNTIL_OPP_END = 2  # until the end of the opponent's next turn
D_UNTIL_YOUR_START = 3  # until the start of your next turn
D_CONTINUOUS = 4  # while the continuous ability applies (recomputed by settle)
DURATIONS = {"BATTLE": D_BATTLE, "TURN": D_TURN, "UNTIL_OPP_END": D_UNTIL_OPP_END,
             "UNTIL_YOUR_START": D_UNTIL_YOUR_START, "CONTINUOUS": D_CONTINUOUS}

# Filter zones.
Z_FIELD_CHAR = 0  # Characters on the field
Z_FIELD_LC = 1  # Leader or Characters
Z_LEADER = 2
Z_HAND = 3
Z_TRASH = 4
Z_LOOK = 5  # the look window on top of the deck
Z_SEL = 6  # the frame's selection register
Z_LIFE = 7
Z_STAGE = 8
Z_DON = 9  # DON!! cards on the field (cost area / given)
Z_LEADER_STAGE = 10  # the Leader and the Stage cards on the field ("Leader or Stage cards")
Z_FIELD_ANY = 11  # the Leader, the Characters and the Stage on the field ("1 of your cards")
ZONES = {"FIELD_CHAR": Z_FIELD_CHAR, "FIELD_LC": Z_FIELD_LC, "LEADER": Z_LEADER,
         "HAND": Z_HAND, "TRASH": Z_TRASH, "LOOK": Z_LOOK, "SEL": Z_SEL, "LIFE": Z_LIFE,
         "STAGE": Z_STAGE, "DON": Z_DON, "LEADER_STAGE": Z_LEADER_STAGE,
         "FIELD_ANY": Z_FIELD_ANY}

# Destinations (PICK, PLAY and the "put" ops).
DEST_HAND, DEST_PLAY, DEST_PLAY_RESTED, DEST_TRASH, DEST_DECK_TOP, DEST_DECK_BOTTOM = range(6)
DEST_LIFE_UP, DEST_LIFE_DOWN = 6, 7
DESTS = {"hand": DEST_HAND, "play": DEST_PLAY, "play_rested": DEST_PLAY_RESTED,
         "trash": DEST_TRASH, "deck_top": DEST_DECK_TOP, "deck_bottom": DEST_DECK_BOTTOM,
         "life_up": DEST_LIFE_UP, "life_down": DEST_LIFE_DOWN}

# Condition kinds (cond rows' CD_KIND).
CK_LEADER_PRED = 0  # the WHO player's Leader matches filter FLT (type, name, colour)
CK_TRASH = 1  # cards in WHO's trash CMP VALUE
CK_LIFE = 2  # WHO's Life CMP VALUE
CK_HAND = 3  # WHO's hand size CMP VALUE
CK_DON_FIELD = 4  # DON!! cards on WHO's field CMP VALUE
CK_DON_ACTIVE = 5  # active DON!! of WHO CMP VALUE
CK_DON_GIVEN_SELF = 6  # [DON!! xN]: DON!! given to the source card >= VALUE (10-2-9)
CK_YOUR_TURN = 7  # it is the controller's turn
CK_OPP_TURN = 8  # it is the opponent's turn
CK_COUNT = 9  # cards matching FLT CMP VALUE
CK_CMP_LIFE_OPP = 10  # controller's Life CMP opponent's Life (VALUE = offset)
CK_CHARS = 11  # WHO's Characters CMP VALUE
CK_DECK = 12  # cards in WHO's deck CMP VALUE
CK_OK = 13  # "if you do": the previous step succeeded
CK_SELF_RESTED = 14  # the source card is rested
CK_OR = 15  # OR of the next VALUE condition rows
CK_LEADER_MULTI = 16  # the WHO player's Leader has two or more colours ("multicolored")
CK_CMP_DON_OPP = 17  # DON!! on the controller's field CMP the opponent's + VALUE (offset)
CK_SELF_POWER = 18  # the source card's current power CMP VALUE
CK_RESTED = 19  # WHO's rested cards (Leader, Characters, Stage, DON!! cards) CMP VALUE
CK_LIFE_TOTAL = 20  # both players' Life cards together CMP VALUE
CK_SELF_PLAYED = 21  # the source card is on the field and was played this turn
CK_DON_GIVEN = 22  # DON!! cards given to WHO's Leader and Characters, in total, CMP VALUE
CK_ONLY = 23  # WHO has Characters and every one matches FLT ("the only Characters ... are")
CK_BATTLING = 24  # the source card is in a battle and the opponent's card in it matches FLT
CK_SELF_COST = 25  # the source card's current cost CMP VALUE
CK_TURNS = 26  # the number of WHO's turns so far (this one included) CMP VALUE
CK_LEADER_ATTACKED = 27  # the opponent's attack being declared targets the controller's Leader
CK_EVENT_COST = 28  # the highest base cost of an Event the controller activated this turn
# The card the timing's event moved (the Character played or K.O.'d) matches FLT on what the
# card alone decides; tested when the ability is queued (interp.enqueue_event), true after.
CK_EVENT_CARD = 29
CONDS = {"LEADER_PRED": CK_LEADER_PRED, "TRASH": CK_TRASH, "LIFE": CK_LIFE, "HAND": CK_HAND,
         "DON_FIELD": CK_DON_FIELD, "DON_ACTIVE": CK_DON_ACTIVE,
         "DON_GIVEN_SELF": CK_DON_GIVEN_SELF, "YOUR_TURN": CK_YOUR_TURN,
         "OPP_TURN": CK_OPP_TURN, "COUNT": CK_COUNT, "CMP_LIFE_OPP": CK_CMP_LIFE_OPP,
         "CHARS": CK_CHARS, "DECK": CK_DECK, "OK": CK_OK, "SELF_RESTED": CK_SELF_RESTED,
         "OR": CK_OR, "LEADER_MULTI": CK_LEADER_MULTI, "CMP_DON_OPP": CK_CMP_DON_OPP,
         "SELF_POWER": CK_SELF_POWER, "RESTED": CK_RESTED,
         "LIFE_TOTAL": CK_LIFE_TOTAL, "SELF_PLAYED": CK_SELF_PLAYED,
         "DON_GIVEN": CK_DON_GIVEN, "ONLY": CK_ONLY, "BATTLING": CK_BATTLING,
         "SELF_COST": CK_SELF_COST, "TURNS": CK_TURNS, "LEADER_ATTACKED": CK_LEADER_ATTACKED,
         "EVENT_COST": CK_EVENT_COST, "EVENT_CARD": CK_EVENT_CARD}

# Counts a filter's cost maximum can be (FL_COST_MAX_BY: "a cost equal to or less than the
# number of your opponent's Life cards"), read when the filter is tested.
BY_NONE, BY_OPP_LIFE, BY_LIFE_TOTAL, BY_DON_FIELD, BY_OPP_DON_FIELD = range(5)
# What OP_POWER_PER counts: the controller's trash, hand, Events in the trash, rested DON!!.
PER_TRASH, PER_HAND, PER_TRASH_EVENTS, PER_DON_RESTED = range(4)

# Questions asked of the strategy (policy.choose / confirm / order).
Q_TARGET = 0  # choose a card for an effect
Q_COST_CARD = 1  # choose a card to pay a cost with
Q_PICK = 2  # choose a card from the look window
Q_ORDER_BOTTOM = 3  # a looked-at card to send to the deck bottom, or none (-1)
Q_MODE = 4  # choose one of several options
Q_CONFIRM = 5  # "you may" / an optional cost / use a [Trigger]
Q_ORDER = 6  # which pending ability resolves next
Q_LIFE_LOOK = 7  # whose top Life card to look at (candidates in Z_LIFE)
# Leave the looked-at Life card on top (-1) or place it at the bottom (0); the intent is 1
# when the card has a [Trigger] (what the player just saw).
Q_LIFE_BOTTOM = 8
# The order of cards placed together, first the one nearest the top of the deck (3-1-7,
# "in any order"): policy.order.
Q_ORDER_FIRST = 9
# How many ("any number"): candidate i is the power i of them give (the strategy's hint).
Q_HOW_MANY = 10
# What a Q_TARGET choice does to the chosen card (the strategy's hint).
# INTENT_REDIRECT: the chosen card becomes the target of the attack (OP_RETARGET).
INTENT_HELP, INTENT_HARM, INTENT_REDIRECT = 0, 1, 2
# Above the intent (intent >> INTENT_OP_SHIFT): for INTENT_HARM the op that will act on the
# chosen card (0: not said); for Q_HOW_MANY the chooser's ref of the card that gains the
# power, plus 1 (0: chosen later).
INTENT_OP_SHIFT = 8
INTENT_MASK = (1 << INTENT_OP_SHIFT) - 1

# Granted keywords use the card table's KW_* bits; prohibitions use these (PROHIBIT op).
PR_NO_ATTACK = 1 << 8
PR_NO_BLOCK = 1 << 9  # cannot activate [Blocker]
PR_NO_KO_BATTLE = 1 << 10
PR_NO_KO_EFFECT = 1 << 11
# "cannot be rested": by no effect and no cost of either player; since declaring an attack
# (7-1-1-1) and a block (10-1-4) rest the card, it can do neither (1-3-2, 1-3-3).
PR_NO_REST = 1 << 12
PR_NO_REMOVE_EFFECT = 1 << 13  # cannot be removed from the field by opponent's effects
PR_NO_ACTIVATE_BLOCKER = PR_NO_BLOCK
PR_NO_ATTACK_LEADER = 1 << 14
PR_NEGATED = 1 << 15  # the card's effects are negated
PR_NO_REFRESH = 1 << 16  # does not become active in its owner's next Refresh Phase (6-2)
GR_ATTACK_ACTIVE = 1 << 17  # a permission (OP_GRANT): "can also attack active Characters"
# Moves due "at the end of this turn" (6-6-1-2), granted for the turn (OP_GRANT, D_TURN):
# the card is trashed, returned to its owner's hand or placed at the bottom of their deck.
EOT_TRASH = 1 << 18
EOT_HAND = 1 << 19
EOT_BOTTOM = 1 << 20
EOT_MOVES = EOT_TRASH | EOT_HAND | EOT_BOTTOM
# "your opponent cannot attack any card other than the Character [NAME]" (a continuous
# PROHIBIT on the named Characters): while a player's card carries it, the opponent may
# declare attacks only on that player's cards that carry it (layout G_ONLY_TGT).
PR_ONLY_TARGET = 1 << 21
# Prohibitions that hurt the card they are put on (the strategy's target hint).
PR_HARMFUL = (PR_NO_ATTACK | PR_NO_BLOCK | PR_NO_ATTACK_LEADER | PR_NEGATED | PR_NO_REFRESH
              | PR_NO_REST)

# Opcodes: group = op >> 4.
# Flow (0x00): the core's flow opcodes (simcore.effects.flow); "If you do" reads 4-10-1,
# "you may" 8-1-2, "choose one" 8-4-4 (the player's choice, Q_MODE).

# Replacement abilities (T_REPLACE_KO, T_REPLACE_REMOVE, 8-1-3-4) start with this row: the
# card about to be K.O.'d / removed must match filter a (FLF_SELF_ONLY: the source card);
# the rows after it are done instead (a MAY row for "you may ... instead").
OP_REPL_TARGET = 0x08
# What is about to K.O., remove or rest a card (REPL_TARGET b: a mask of the causes a
# replacement answers, 0 = any): a battle, the controller's own effect, the opponent's effect,
# and with it CAUSE_OPP_CHAR when that effect is a Character's.
CAUSE_BATTLE, CAUSE_OWN_EFFECT, CAUSE_OPP_EFFECT, CAUSE_OPP_CHAR = 1, 2, 4, 8
# Selection (0x10): set the frame's `sel` register.
OP_SEL = 0x10  # a=filter row, b=count, c: +1 "up to" (8-4-4-1), +16 * (N + 1) "with a total
#               cost of N or less" (current costs, shared by the cards chosen)
OP_SEL_ALL = 0x11  # a=filter row
OP_SEL_SELF = 0x12  # the source card
OP_SEL_LEADER = 0x13  # a=OWN_SELF/OWN_OPP
OP_SEL_BATTLE = 0x14  # a=0 own card in battle, 1 opponent's card in battle
# On the selection (0x20).
OP_KO = 0x20  # K.O. (10-2-1; 10-2-17 queues [On K.O.]; replacement first, 8-1-3-4)
OP_TRASH = 0x21  # to the owner's trash (not a K.O.)
OP_TO_HAND = 0x22  # return to the owner's hand
OP_TO_DECK = 0x23  # a=0 top, 1 bottom of the owner's deck
OP_TO_LIFE = 0x24  # a=0 face down, 1 face up; b=0 the top of the owner's Life, 2 either
OP_REST = 0x25
OP_SET_ACTIVE = 0x26
OP_POWER = 0x27  # a=amount (X allowed), b=D_* duration
OP_COST = 0x28  # a=amount, b=D_* duration (2-7-6)
OP_SET_BASE = 0x29  # a=base power, b=D_* duration (4-9-2-1)
OP_GRANT = 0x2A  # a=KW_* bits, b=D_* duration
OP_PROHIBIT = 0x2B  # a=PR_* bits, b=D_* duration
OP_GIVE_DON = 0x2C  # a=count, b=0 from active / 1 from rested DON!! (6-5-5); c=OWN_OPP:
# the opponent's DON!! to the opponent's selected cards
OP_PLAY = 0x2D  # play the selected cards, a=1 rested (no cost paid)
OP_NEGATE = 0x2E  # b=D_* duration: the selection's effects are negated
# a=power per step, b=cards per step, c=PER_*: +a power for every b counted cards, while a
# continuous ability applies (the count is read each time the abilities are settled).
OP_POWER_PER = 0x2F
# Player and zones (0x30, 0x40): a=who (OWN_SELF/OWN_OPP) unless stated.
OP_DRAW = 0x30  # a=count
OP_TRASH_HAND = 0x31  # a=count, b=filter row: the controller trashes from hand
OP_OPP_TRASH_HAND = 0x32  # a=count: the opponent chooses and trashes from their hand
OP_MILL = 0x33  # a=count: top of the controller's deck to the trash
OP_LOOK = 0x34  # a=count: open the look window on the top of the controller's deck
OP_PICK = 0x35  # a=filter row, b=max, c=DEST_*: pick from the look window (reveal)
OP_REST_TO = 0x36  # the rest of the look window: a=0 bottom, 2 trash, 3 top or bottom
OP_SCRY = 0x37  # a=count: look, then each to top or bottom
OP_REVEAL_TOP = 0x38  # a=filter row: reveal the top card; ok := it matches
OP_SHUFFLE = 0x39  # shuffle the controller's deck
OP_ADD_LIFE = 0x3A  # a=count, b=0 face down / 1 face up: top of deck to top of Life
OP_LIFE_TO_HAND = 0x3B  # a=count, b=0 top / 1 bottom / 2 either (the player's choice), c=who
OP_TRASH_LIFE = 0x3C  # a=count, b=0 top / 1 bottom / 2 either, c=who
OP_DAMAGE = 0x3D  # a=count, b=who (OWN_OPP / OWN_SELF): effect damage to a Leader (4-6-2)
OP_HAND_TO_DECK = 0x3E  # a=count, b=0 top / 1 bottom / 3 either, c=whose hand (its owner
#                        chooses the cards, and with b=3 each one's end)
OP_PLAY_SELF = 0x3F  # play the source card ([Trigger] "play this card", 10-1-5-3)
OP_PLAY_FROM = 0x40  # a=filter row (zone hand/trash/look), b=count, c: +1 rested, +2 the
#                      Characters it plays become the selection ("played by this effect"),
#                      +16 * (N + 1) "a total cost of N or less" (printed costs, all picks)
OP_TRASH_TO_HAND = 0x41  # a=filter row, b=count: add from trash to hand (c=1: to the top of
#                         the Life cards face-up, 3-10-2-1)
OP_SEL_ADD = 0x42  # a=filter row, b=count: append to sel (a second target)
# "Choose a cost and reveal 1 card from the top of your opponent's deck": the controller
# names a cost (Q_MODE), the top card of the opponent's deck is revealed and stays there;
# ok := its cost equals the named one ("If the revealed card has the chosen cost", CK_OK).
OP_GUESS_COST_OPP = 0x43
OP_LOOK_OPP = 0x44  # a=count: look at the top of the opponent's deck (no card moves)
OP_HAND_TO_LIFE = 0x45  # a=count, b=1 "up to": hand cards to the top of the Life, face down
OP_BAN_PLAY = 0x46  # a=lowest base cost: the controller cannot play such Characters this turn;
# b=1: no card at all from the hand (Characters, Events, Stages); b=2: the controller cannot add
# Life cards to their hand by their own effects this turn (costs included); b=3: the controller
# cannot set DON!! cards as active using Character effects this turn
OP_TRASH_TO_DECK = 0x47  # a=count, b=filter row (-1 any), c=whose trash (its owner chooses)
# a=count (1), b=OWN_*: whose top Life card(s) ("your or your opponent's": OWN_ANY, Q_LIFE_LOOK);
# the controller looks at it; with c=1 leaves it on top or places it at the bottom (Q_LIFE_BOTTOM)
OP_LIFE_SCRY = 0x48
# a=D_* duration: the source Character's base power becomes the current power of the first
# selected card (its power when this resolves; nothing when none was selected)
OP_SET_BASE_AS = 0x49
OP_WIN = 0x4B  # the controller wins the game (1-2-5)
OP_SELF_TO_HAND = 0x4A  # [Trigger] "add this card to your hand": the source card (10-1-5-3)
# DON!! (0x50).
OP_DON_ADD = 0x50  # a=count, b=0 active / 1 rested: from the DON!! deck (6-4)
OP_DON_MINUS = 0x51  # a=count: return DON!! from the field to the DON!! deck (10-2-10); b=1:
#                    at the end of this turn, until as many as the opponent's (6-6-1-2)
OP_DON_REST = 0x52  # a=count, c=who
OP_DON_ACTIVE = 0x53  # a=count: set rested DON!! active; b=1 at the end of this turn
OP_DON_RETURN_GIVEN = 0x54  # return the DON!! given to the selection to the cost area
OP_OPP_DON_MINUS = 0x55  # a=count: the opponent returns DON!! from their field (they choose)
OP_DON_LOCK = 0x56  # a=count, c=who: that many of the player's rested DON!! cards will not
#                    become active in their next Refresh Phase (as many as are rested)
OP_DON_DECK = 0x57  # a=count: "your DON!! deck consists of N cards" (at the start of the game)
# Costs (0x60): run before the body; can_pay checks them all first (8-3-1-3).
OP_C_REST_DON = 0x60  # a=count: rest active DON!! (① etc., 8-3-1-5)
OP_C_DON_MINUS = 0x61  # a=count, b=1 active DON!! cards only: DON!! -N (8-3-1-6)
OP_C_TRASH_HAND = 0x62  # a=count, b=filter row (-1 any)
OP_C_REST_SELF = 0x63
OP_C_TRASH_SELF = 0x64
OP_C_RETURN_OWN = 0x65  # a=filter row: return one of your Characters to hand
OP_C_KO_OWN = 0x66  # a=filter row: K.O. one of your Characters
OP_C_HAND_TO_DECK = 0x67  # a=count, b=0 top / 1 bottom
OP_C_LIFE_TO_HAND = 0x68  # a=count, b=0 top / 1 bottom / 2 either
OP_C_TRASH_TO_DECK = 0x69  # a=count, b=filter row
OP_C_REST_OWN = 0x6A  # a=filter row, b=count (0 or 1: one): rest that many of your cards
OP_C_TRASH_LIFE = 0x6B  # a=count, b=0 top / 2 either
OP_C_REVEAL_HAND = 0x6C  # a=count, b=filter row: reveal matching cards of the hand (they stay)
OP_C_LIFE_FACE_UP = 0x6D  # a=count: turn face-down cards from the top of your Life face up
OP_C_MILL = 0x6E  # a=count: trash cards from the top of your deck
OP_C_RETURN_SELF = 0x6F  # a=0 to the owner's hand, 1 to the bottom of the owner's deck
# Costs, continued (0x70).
OP_C_LEADER_MINUS = 0x70  # a=amount: give your active Leader -a power during this turn
OP_C_LIFE_FACE_DOWN = 0x71  # a=count: turn face-up cards from the top of your Life face down
OP_C_TRASH_OWN = 0x72  # a=filter row: trash one of your Characters (not a K.O.)
OP_C_BOTTOM_OWN = 0x73  # a=filter row: one of your Characters to the bottom of your deck
OP_C_GIVE_DON = 0x74  # a=count, b=filter row: give a of your active DON!! cards to one of your
#                       Leader or Characters (6-5-5)
OP_C_REST_OWN_OR_DON = 0x75  # a=filter row, b=count: rest one of your cards or b DON!! cards
#                             (a filter of hand cards: trash one of them from the hand)
OP_C_TRASH_OWN_OR_HAND = 0x76  # a=filter row, b=count: trash one of your Characters or b cards
#                               from your hand
OP_ACTIVATE_EVENT = 0x78  # a=filter row of hand Events, b=count: p activates up to b of them
#                          from the hand (10-2-3-1-1): trashed, their [Main] queued (8-6-3)
OP_HAND_COUNTER = 0x77  # a=value, b=filter row of hand cards (-1: this card): their counter
#                        becomes +a while the ability applies (7-1-3-2-1, 8-1-3-3)
OP_ANY_NUMBER = 0x79  # a=ANY_* kind, b=filter row of hand cards (-1: any): "you may rest /
#                      trash any number of ...": the controller chooses how many (Q_HOW_MANY),
#                      pays them; the number goes to the X register (8-4-4, 1-3-2-2)
OP_POWER_X = 0x7A  # a=amount for each one, b=D_* duration: OP_POWER of a times the X register
#                   ("for every card trashed", "for every DON!! card rested this way")
OP_HAND_COST = 0x7B  # a=amount, b=filter row of hand cards: the cost of playing them from the
#                     hand changes by a while the ability applies (2-7-6, 8-1-3-3)
OP_NEXT_PLAY_CUT = 0x7D  # a=amount, b=filter row of hand cards: the next one of them the
#                         controller plays from the hand this turn costs a less (2-7-6)
OP_COUNT_X = 0x7E  # a=filter row, b=1 to add: the X register becomes (or gains) the number of
#                   cards matching the filter ("for every {T} type card on your field")
OP_REPEAT_X = 0x7F  # a=rows: run the next a rows X times, none when X is 0
OP_RETARGET = 0x7C  # the attack's target becomes the first selected card, one of the
#                    controller's own Leader or Characters, during a battle (7-1-1-2)
# What OP_ANY_NUMBER pays: active DON!! cards rested, cards trashed from the hand.
ANY_REST_DON, ANY_TRASH_HAND = 0, 1

# X register sources (OP_SET_X a=...).
XS_CONST, XS_SEL_N, XS_LIFE, XS_HAND, XS_DON_FIELD, XS_TRASH = range(6)

# The opcode table (simcore.effects.optable): name, argument names, rule numbers, the places
# an opcode may stand and, for an action, the interpreter's handler group (interp.act_*;
# FLOW is run_ability's own loop). The assembler, the disassembler, `cards explain`, the
# packer's checks and the interpreter's dispatch all read it.
A, C, N, R, H = (frozenset({p}) for p in (ACTION, COST, CONTINUOUS, REPLACEMENT, HAND))
_NOT_RUN = frozenset()  # compiled, not run yet: an ability using it stays unmodelled
ACTION_GROUPS = (FLOW, SELECT, SELECTION, ZONES, PLAYER) = (
    "flow", "select", "selection", "zones", "player")
GR_FLOW, GR_SELECT, GR_SELECTION, GR_ZONES, GR_PLAYER = range(len(ACTION_GROUPS))
OPS = OpTable({
    OP_END: OpSpec(*FLOW_OPS[OP_END], ("8-4-1-5", "1-3-7"), A, FLOW),
    OP_SKIP_UNLESS: OpSpec(
        *FLOW_OPS[OP_SKIP_UNLESS], ("8-3-2", "8-3-3", "8-1-3-3-2"), A|N|R|H, FLOW),
    OP_IF_DO: OpSpec(*FLOW_OPS[OP_IF_DO], ("4-10-1", "8-3-3"), A, FLOW),
    OP_MAY: OpSpec(*FLOW_OPS[OP_MAY], ("8-1-2", "8-3-1-4", "8-1-3-4-1"), A|R, FLOW),
    OP_CHOOSE_ONE: OpSpec(*FLOW_OPS[OP_CHOOSE_ONE], ("8-4-4",), A, FLOW),
    OP_OPTION: OpSpec(*FLOW_OPS[OP_OPTION], ("8-4-4",), A, FLOW),
    OP_SET_X: OpSpec(*FLOW_OPS[OP_SET_X], ("3-1-4",), _NOT_RUN),
    OP_JUMP: OpSpec(*FLOW_OPS[OP_JUMP], ("1-3-7", "8-3-3"), _NOT_RUN),
    OP_REPL_TARGET: OpSpec(
        "REPL_TARGET", ("flt", "causes"), ("8-1-3-4", "8-1-3-4-4", "8-1-3-4-5"), R),
    OP_SEL: OpSpec("SEL", ("flt", "n", "upto"), ("8-4-4-1", "4-8-1", "8-4-4"), A|R, SELECT),
    OP_SEL_ALL: OpSpec("SEL_ALL", ("flt",), ("8-1-2", "2-2-4-1"), A|N, SELECT),
    OP_SEL_SELF: OpSpec("SEL_SELF", (), ("8-4-4-3",), A|N|R|H, SELECT),
    OP_SEL_LEADER: OpSpec("SEL_LEADER", ("who",), ("2-2-3-1", "3-6-1"), A|N, SELECT),
    OP_SEL_BATTLE: OpSpec("SEL_BATTLE", ("side",), ("7-1-1-1", "7-1-1-2", "10-1-4-1"), _NOT_RUN),
    OP_KO: OpSpec("KO", (), ("10-2-1-2", "10-2-17-1", "8-1-3-4"), A|R, SELECTION),
    OP_TRASH: OpSpec("TRASH", (), ("10-2-1-3", "3-5-2", "3-1-6"), A|R, SELECTION),
    OP_TO_HAND: OpSpec("TO_HAND", (), ("3-1-6", "4-11-2", "6-5-5-4"), A|R, SELECTION),
    OP_TO_DECK: OpSpec("TO_DECK", ("pos",), ("3-1-6", "3-1-7", "3-1-8"), A|R, SELECTION),
    OP_TO_LIFE: OpSpec("TO_LIFE", ("face", "pos"), ("3-10-2", "3-10-2-1", "3-1-6"), A, SELECTION),
    OP_REST: OpSpec("REST", (), ("4-4-1-2", "1-3-2-1", "1-3-8"), A|R, SELECTION),
    OP_SET_ACTIVE: OpSpec("SET_ACTIVE", (), ("4-4-1-1", "1-3-2-1", "1-3-8"), A, SELECTION),
    OP_POWER: OpSpec("POWER", ("n", "dur"), ("2-6-3", "8-1-4-2", "1-3-6-1"), A|N|R, SELECTION),
    OP_COST: OpSpec("COST", ("n", "dur"), ("2-7-6", "1-3-6-2", "8-1-4-2"), A|N|H, SELECTION),
    OP_SET_BASE: OpSpec("SET_BASE", ("n", "dur"), ("4-9-2", "4-9-2-1"), A|N, SELECTION),
    OP_GRANT: OpSpec("GRANT", ("kw", "dur"), ("10-1", "8-2-4", "6-6-1-2"), A|N, SELECTION),
    OP_PROHIBIT: OpSpec(
        "PROHIBIT", ("flags", "dur"), ("1-3-3", "10-2-1-3", "8-1-4-2"), A|N, SELECTION),
    OP_GIVE_DON: OpSpec(
        "GIVE_DON", ("n", "rested", "who"), ("6-5-5-1", "6-5-5-2", "4-4-2"), A, SELECTION),
    OP_PLAY: OpSpec("PLAY", ("rested",), ("3-7-3", "3-7-5", "3-7-6-1"), _NOT_RUN),
    OP_NEGATE: OpSpec("NEGATE", ("", "dur"), ("8-2-1-1", "8-2-2", "8-2-3"), A|N, SELECTION),
    OP_POWER_PER: OpSpec("POWER_PER", ("n", "per", "count"), ("2-6-3", "8-1-3-3", "8-1-3-3-5"), N),
    OP_DRAW: OpSpec("DRAW", ("n",), ("4-5-1", "4-5-3"), A, ZONES),
    OP_TRASH_HAND: OpSpec("TRASH_HAND", ("n", "flt"), ("10-2-14-1", "8-4-4-1"), A|R, ZONES),
    OP_OPP_TRASH_HAND: OpSpec("OPP_TRASH_HAND", ("n",), ("10-2-14-1", "8-4-4-1"), A, ZONES),
    OP_MILL: OpSpec("MILL", ("n",), ("3-2-3", "3-5-2"), A, ZONES),
    OP_LOOK: OpSpec("LOOK", ("n",), ("11-3-1", "11-3-2", "3-2-2"), A, ZONES),
    OP_PICK: OpSpec("PICK", ("flt", "max", "dest"), ("8-4-4-4", "8-4-4-1", "11-2-1"), A, ZONES),
    OP_REST_TO: OpSpec("REST_TO", ("pos",), ("3-1-7", "3-1-8", "11-3-3"), A, ZONES),
    OP_SCRY: OpSpec("SCRY", ("n",), ("11-3-1", "3-1-7", "3-1-8"), A, ZONES),
    OP_REVEAL_TOP: OpSpec("REVEAL_TOP", ("flt",), ("11-2-2", "3-2-2"), A, ZONES),
    OP_SHUFFLE: OpSpec("SHUFFLE", (), ("3-2-4",), _NOT_RUN),
    OP_ADD_LIFE: OpSpec("ADD_LIFE", ("n", "face"), ("3-10-1", "3-10-2", "3-10-2-1"), A, ZONES),
    OP_LIFE_TO_HAND: OpSpec("LIFE_TO_HAND", ("n", "pos", "who"), ("3-10-2", "4-11-2"), A|R, ZONES),
    OP_TRASH_LIFE: OpSpec(
        "TRASH_LIFE", ("n", "pos", "who"), ("3-10-2", "4-11-2", "3-5-2"), A, ZONES),
    OP_DAMAGE: OpSpec("DAMAGE", ("n", "who"), ("4-6-2", "4-6-3", "9-2-1-1"), A, ZONES),
    OP_HAND_TO_DECK: OpSpec("HAND_TO_DECK", ("n", "pos", "who"), ("3-1-7", "3-2-2"), A|R, ZONES),
    OP_PLAY_SELF: OpSpec("PLAY_SELF", (), ("10-1-5-3", "3-7-3"), A, ZONES),
    OP_PLAY_FROM: OpSpec(
        "PLAY_FROM", ("flt", "n", "rested"), ("3-7-3", "3-7-5", "8-4-4-1"), A, ZONES),
    OP_TRASH_TO_HAND: OpSpec(
        "TRASH_TO_HAND", ("flt", "n", "life_up"), ("3-5-2", "8-4-4-1", "3-10-2-1"), A, ZONES),
    OP_SEL_ADD: OpSpec("SEL_ADD", ("flt", "n", "upto"), ("8-4-4-1", "4-8-1"), A, SELECT),
    OP_GUESS_COST_OPP: OpSpec("GUESS_COST_OPP", (), ("1-3-5", "11-2-2"), A, ZONES),
    OP_LOOK_OPP: OpSpec("LOOK_OPP", ("n",), ("11-3-1", "11-3-2", "11-3-3"), A, ZONES),
    OP_HAND_TO_LIFE: OpSpec("HAND_TO_LIFE", ("n", "upto"), ("3-10-2", "4-8-1"), A, ZONES),
    OP_BAN_PLAY: OpSpec("BAN_PLAY", ("min_cost", "kind"), ("1-3-3", "4-7-2", "6-6-1-3"), A, PLAYER),
    OP_TRASH_TO_DECK: OpSpec("TRASH_TO_DECK", ("n", "flt", "who"), ("3-1-7", "3-1-8"), A|R, ZONES),
    OP_LIFE_SCRY: OpSpec(
        "LIFE_SCRY", ("n", "who", "move"), ("3-10-3", "11-3-1", "3-10-2"), A, ZONES),
    OP_SET_BASE_AS: OpSpec("SET_BASE_AS", ("dur",), ("4-9-2", "4-9-2-1"), A, SELECTION),
    OP_SELF_TO_HAND: OpSpec("SELF_TO_HAND", (), ("10-1-5-3",), A, ZONES),
    OP_WIN: OpSpec("WIN", (), ("1-2-5",), A, PLAYER),
    OP_DON_ADD: OpSpec("DON_ADD", ("n", "rested"), ("3-9-3", "3-3-3"), A, PLAYER),
    OP_DON_MINUS: OpSpec("DON_MINUS", ("n", "eot"), ("10-2-10-1", "6-6-1-2"), A|R, PLAYER),
    OP_DON_REST: OpSpec("DON_REST", ("n", "", "who"), ("4-4-1-2", "4-4-2"), A|R, PLAYER),
    OP_DON_ACTIVE: OpSpec("DON_ACTIVE", ("n", "eot"), ("4-4-1-1", "4-4-2", "6-6-1-2"), A, PLAYER),
    OP_DON_RETURN_GIVEN: OpSpec("DON_RETURN_GIVEN", (), ("6-2-3", "6-5-5-4"), _NOT_RUN),
    OP_OPP_DON_MINUS: OpSpec("OPP_DON_MINUS", ("n",), ("10-2-10-1",), A, PLAYER),
    OP_DON_LOCK: OpSpec("DON_LOCK", ("n", "", "who"), ("6-2-4", "1-3-3"), A, PLAYER),
    OP_DON_DECK: OpSpec("DON_DECK", ("n",), ("5-1-2", "5-1-2-4", "5-2-1-5-1"), A, PLAYER),
    OP_C_REST_DON: OpSpec("C_REST_DON", ("n",), ("8-3-1-5", "3-9-2"), C),
    OP_C_DON_MINUS: OpSpec("C_DON_MINUS", ("n", "active"), ("8-3-1-6", "10-2-10-1"), C),
    OP_C_TRASH_HAND: OpSpec("C_TRASH_HAND", ("n", "flt"), ("8-3-1", "10-2-14-1"), C),
    OP_C_REST_SELF: OpSpec("C_REST_SELF", (), ("8-3-1", "4-4-1-2"), C),
    OP_C_TRASH_SELF: OpSpec("C_TRASH_SELF", (), ("8-3-1", "10-2-1-3"), C),
    OP_C_RETURN_OWN: OpSpec("C_RETURN_OWN", ("flt",), ("8-3-1", "3-1-6"), C),
    OP_C_KO_OWN: OpSpec("C_KO_OWN", ("flt",), ("8-3-1", "10-2-1-2"), C),
    OP_C_HAND_TO_DECK: OpSpec("C_HAND_TO_DECK", ("n", "pos"), ("8-3-1", "3-1-7"), C),
    OP_C_LIFE_TO_HAND: OpSpec("C_LIFE_TO_HAND", ("n", "pos"), ("8-3-1", "3-10-2"), C),
    OP_C_TRASH_TO_DECK: OpSpec("C_TRASH_TO_DECK", ("n", "flt"), ("8-3-1", "3-1-7", "3-1-8"), C),
    OP_C_REST_OWN: OpSpec("C_REST_OWN", ("flt", "n"), ("8-3-1", "4-4-1-2"), C),
    OP_C_TRASH_LIFE: OpSpec("C_TRASH_LIFE", ("n", "pos"), ("8-3-1", "3-10-2"), C),
    OP_C_REVEAL_HAND: OpSpec("C_REVEAL_HAND", ("n", "flt"), ("8-3-1", "11-2-2"), C),
    OP_C_LIFE_FACE_UP: OpSpec("C_LIFE_FACE_UP", ("n",), ("8-3-1", "3-10-2", "3-10-2-1"), C),
    OP_C_MILL: OpSpec("C_MILL", ("n",), ("8-3-1", "3-2-3", "3-5-2"), C),
    OP_C_RETURN_SELF: OpSpec("C_RETURN_SELF", ("pos",), ("8-3-1", "3-1-6"), C),
    OP_C_LEADER_MINUS: OpSpec("C_LEADER_MINUS", ("n",), ("8-3-1", "2-6-3", "1-3-6-1"), C),
    OP_C_LIFE_FACE_DOWN: OpSpec("C_LIFE_FACE_DOWN", ("n",), ("8-3-1", "3-10-2"), C),
    OP_C_TRASH_OWN: OpSpec("C_TRASH_OWN", ("flt",), ("8-3-1", "10-2-1-3"), C),
    OP_C_BOTTOM_OWN: OpSpec("C_BOTTOM_OWN", ("flt",), ("8-3-1", "3-1-6"), C),
    OP_C_GIVE_DON: OpSpec("C_GIVE_DON", ("n", "flt"), ("8-3-1", "6-5-5-1"), C),
    OP_C_REST_OWN_OR_DON: OpSpec(
        "C_REST_OWN_OR_DON", ("flt", "n"), ("8-3-1", "4-4-1-2", "8-3-1-5"), C),
    OP_C_TRASH_OWN_OR_HAND: OpSpec(
        "C_TRASH_OWN_OR_HAND", ("flt", "n"), ("8-3-1", "10-2-1-3", "10-2-14-1"), C),
    OP_HAND_COUNTER: OpSpec(
        "HAND_COUNTER", ("n", "flt", "bare"), ("2-10-1", "7-1-3-2-1", "8-1-3-3"), H),
    OP_ACTIVATE_EVENT: OpSpec(
        "ACTIVATE_EVENT", ("flt", "n"), ("10-2-3-1-1", "8-5-2", "8-6-3"), A, PLAYER),
    OP_ANY_NUMBER: OpSpec("ANY_NUMBER", ("kind", "flt"), ("1-3-5", "8-4-4", "1-3-2-2"), A, PLAYER),
    OP_POWER_X: OpSpec("POWER_X", ("n", "dur"), ("2-6-3", "1-3-2-2"), A, SELECTION),
    OP_HAND_COST: OpSpec("HAND_COST", ("delta", "flt"), ("2-7-6", "8-1-3-3", "1-3-6-2"), H),
    OP_RETARGET: OpSpec("RETARGET", (), ("7-1-1-2", "10-1-4-1"), A, SELECTION),
    OP_NEXT_PLAY_CUT: OpSpec(
        "NEXT_PLAY_CUT", ("n", "flt"), ("2-7-6", "6-5-3-1", "1-3-6-2"), A, PLAYER),
    OP_COUNT_X: OpSpec("COUNT_X", ("flt", "add"), ("3-1-4",), A, SELECT),
    OP_REPEAT_X: OpSpec("REPEAT_X", ("rows",), ("1-3-2-2",), A, FLOW),
}, ACTION_GROUPS)
OP_BY_NAME = OPS.by_name
