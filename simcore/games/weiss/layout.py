"""Offsets of the Weiss Schwarz game state: one int32 array, two player blocks then globals.

Players are indexed by deck (0 = deck A, 1 = deck B); G_FIRST says who went first. Stacks
(deck, waiting room, clock, level, stock) keep their top card at the end. Stage slots:
0 = front left, 1 = front centre, 2 = front right, 3 = back left, 4 = back right (M 3.6.4).
"""

DECK_CAP = 50
HAND_CAP = 50
WR_CAP = 50
CLOCK_CAP = 50
LEVEL_CAP = 16
STOCK_CAP = 50
RES_CAP = 50
NSLOT = 5
NFRONT = 3
EMPTY = -1

# Character states (4.6).
STAND, REST, REVERSE = 0, 1, 2

# Per-player block (add p * PSIZE).
DECK = 0  # deck[0..N_DECK-1], top = deck[N_DECK-1]
HAND = DECK + DECK_CAP
WR = HAND + HAND_CAP  # waiting room, top = last
CLOCK = WR + WR_CAP  # clock[0] is the bottom (oldest) card
LEVEL = CLOCK + CLOCK_CAP
STOCK = LEVEL + LEVEL_CAP  # top = last
RES = STOCK + STOCK_CAP  # resolution zone: damage and Brainstorm reveals, in order
S_CARD = RES + RES_CAP  # [NSLOT] card or EMPTY
S_STATE = S_CARD + NSLOT  # STAND / REST / REVERSE
S_POW = S_STATE + NSLOT  # power modifier until end of turn
S_SOUL = S_POW + NSLOT  # soul modifier until end of turn (direct +1, side -L, Soul icon)
N_DECK = S_SOUL + NSLOT
N_HAND = N_DECK + 1
N_WR = N_DECK + 2
N_CLOCK = N_DECK + 3
N_LEVEL = N_DECK + 4
N_STOCK = N_DECK + 5
N_RES = N_DECK + 6
CX = N_DECK + 7  # card in the climax zone or EMPTY
LIMBO = N_DECK + 8  # trigger-check card or event in the resolution zone, else EMPTY
IN_DAMAGE = N_DECK + 9  # a damage process is under way (9.2.2.1)
RP = N_DECK + 10  # Refresh Point (2017 ruleset, E 9.9)
LOST = N_DECK + 11  # loss reason met, 0 if none
# Per-player statistics.
S_MULLIGAN = N_DECK + 12  # cards mulliganed
S_DAMAGE = N_DECK + 13  # damage points that reached the clock
S_CANCELS = N_DECK + 14  # damage instances cancelled
S_REFRESH = N_DECK + 15  # refreshes
S_ATTACKS = N_DECK + 16
S_CLIMAX = N_DECK + 17  # climaxes played
S_ENCORES = N_DECK + 18
S_PLAYED = N_DECK + 19  # characters and events played from hand
S_COUNTERS = N_DECK + 20  # counter-step actions
S_CLOCKED = N_DECK + 21  # cards put into the clock in the clock phase
PSIZE = N_DECK + 22

# Globals.
G = 2 * PSIZE
G_TURN = G  # turns played, 1 = the first player's first turn
G_ACTIVE = G + 1
G_FIRST = G + 2
G_WINNER = G + 3  # 0, 1, DRAW, or NONE while the game runs
G_REASON = G + 4
G_OVER = G + 5
G_ERROR = G + 6
G_LOGN = G + 7
G_ACTIONS = G + 8
G_RULESET = G + 9
G_TURN_CAP = G + 10
G_ATT = G + 11  # attacking slot during an attack, else EMPTY
G_ATT_CARD = G + 12
G_DEF_CARD = G + 13  # defending card of a frontal attack, else EMPTY
G_SHOT = G + 14  # 1 while a Shot waits for the attacker's next damage (4.12.2.7)
G_PAYING = G + 15  # 1 while a cost is being paid (interrupts wait, 9.2.3/9.3.3)
G_ATTACKS = G + 16  # attack sub-phases completed this turn
SIZE = G + 17

NONE = -2
DRAW = -1

# End reasons.
R_NONE, R_LEVEL, R_DECK_OUT, R_BOTH_LOST, R_TURN_CAP, R_ERROR = 0, 1, 2, 3, 4, 5
REASONS = {
    R_NONE: "unfinished",
    R_LEVEL: "level 4",
    R_DECK_OUT: "deck and waiting room empty",
    R_BOTH_LOST: "both lost",
    R_TURN_CAP: "turn cap",
    R_ERROR: "invariant error",
}

# Rulesets: the 2023 manual (seed 002, immediate refresh penalty) and the 2017 English rules
# (seed 004, refresh point).
M2023 = 0
E2017 = 1
RULESETS = {"2023": M2023, "2017": E2017}
