"""Offsets of the Dragon Ball Super (Masters) game state: one int32 array, two player blocks
then globals.

Players are indexed by deck (0 = deck A, 1 = deck B); G_FIRST says who went first. Cards in
play are addressed by a ref: 0..N_BATTLE-1 the Battle Area (a packed list), LEADER_REF the
Leader, UNISON_REF the Unison Card.
"""

CARD_CAP = 60  # deck size is 50..60 (5-1-3): every zone fits every card
LIFE_CAP = 16
LIMIT_SLOTS = 8  # card numbers with a [Limit X] skill used this turn (10-48)
LEADER_REF = 60
UNISON_REF = 61
EMPTY = -1
NCOLOR = 5

# Per-player block (add pbase(p)).
DECK = 0  # deck[0..N_DECK-1], top = deck[N_DECK-1]
HAND = DECK + CARD_CAP
LIFE = HAND + CARD_CAP  # life[0..N_LIFE-1]; the top is taken (a hidden pick is random)
DROP = LIFE + LIFE_CAP  # in arrival order, newest last
WARP = DROP + CARD_CAP
EN_CARD = WARP + CARD_CAP  # Energy Area (3-8)
EN_REST = EN_CARD + CARD_CAP
B_CARD = EN_REST + CARD_CAP  # Battle Area (3-6), packed 0..N_BATTLE-1
B_REST = B_CARD + CARD_CAP
B_ATK = B_REST + CARD_CAP  # attacks declared this turn ([Dual Attack], 10-8)
B_FLAG = B_ATK + CARD_CAP  # F_* bits
B_BPOW = B_FLAG + CARD_CAP  # power modifier "during this battle"
COMBO = B_BPOW + CARD_CAP  # Combo Area (3-7)
LIMIT_CARD = COMBO + CARD_CAP
LIMIT_USED = LIMIT_CARD + LIMIT_SLOTS
EN_CC = LIMIT_USED + LIMIT_SLOTS  # active energy cards having colour c (5 counts)
N_DECK = EN_CC + NCOLOR
N_HAND = N_DECK + 1
N_LIFE = N_DECK + 2
N_DROP = N_DECK + 3
N_WARP = N_DECK + 4
N_EN = N_DECK + 5
EN_ACTIVE = N_DECK + 6
N_BATTLE = N_DECK + 7
N_COMBO = N_DECK + 8
COMBO_POW = N_DECK + 9  # total combo power of this player's combos in the current battle
L_REST = N_DECK + 10
L_BPOW = N_DECK + 11
AWAKENED = N_DECK + 12  # the Leader shows its back side (9-9)
U_CARD = N_DECK + 13  # Unison Area (3-11): at most 1 card
U_REST = N_DECK + 14
U_MARK = N_DECK + 15  # markers (4-12)
U_UNDER = N_DECK + 16  # same-number cards stacked under it (6-3-1-2-3-3)
U_BPOW = N_DECK + 17
U_STACKED = N_DECK + 18  # stacked this turn
FIELD = N_DECK + 19  # the [Field] Extra in the Battle Area (3-6-6), or EMPTY
REALM_USED = N_DECK + 20  # [Over Realm] uses this turn (10-15-5)
LIMIT_N = N_DECK + 21
DECK_SIZE = N_DECK + 22  # cards in the deck at the start (50..60)
LOST = N_DECK + 23  # a loss condition was met (reason code)
# Per-player statistics.
S_MULLIGAN = N_DECK + 24  # cards returned in the redraw
S_DAMAGE = N_DECK + 25  # Life cards lost to damage
S_COMBOS = N_DECK + 26
S_BLOCKS = N_DECK + 27
S_KOS = N_DECK + 28  # own Battle Cards K.O.'d
S_PLAYED = N_DECK + 29  # Battle, Unison and [Field] cards played
S_AWAKEN_TURN = N_DECK + 30  # game turn of the awakening, 0 if never
S_ENERGY = N_DECK + 31  # cards charged as energy
L_CARD = N_DECK + 32  # the Leader (3-5: it never leaves)
PSIZE = N_DECK + 33

# Battle-card flags.
F_HERO_USED = 1  # [Heroic]/[Villainous] negated for the turn (10-38, 10-39)
F_REALM = 2  # played by [Over Realm] this turn: to the Warp at end of turn (10-15-4)

# Globals.
G = 2 * PSIZE
G_TURN = G  # game turn, 1 = the first player's first turn
G_ACTIVE = G + 1  # turn player
G_FIRST = G + 2
G_WINNER = G + 3  # 0, 1, DRAW, or NONE while the game runs
G_REASON = G + 4
G_OVER = G + 5
G_ATT = G + 6  # attack card ref during a battle, else EMPTY
G_GUARD = G + 7  # guard card ref (of the non-turn player) during a battle
G_ATT_CARD = G + 8  # card ids, to see whether either left its area (7-1-4)
G_GUARD_CARD = G + 9
G_REVENGE = G + 10  # the guard card had [Revenge] when it became the guard (10-9)
G_NEGATED = G + 11  # the attack was negated by a [Counter: Attack] (7-1-4)
G_ERROR = G + 12  # invariant violation code (debug mode), 0 if none
G_LOGN = G + 13  # entries written to the log
G_ACTIONS = G + 14  # actions this turn (runaway-strategy guard)
G_RULESET = G + 15
G_TURN_CAP = G + 16
G_BATTLE = G + 17  # 1 while a battle is in progress (7-1 .. 7-4)
SIZE = G + 18

# Winner values.
NONE = -2
DRAW = -1

# End reasons.
R_NONE, R_LIFE, R_DECK_OUT, R_BOTH_LOST, R_TURN_CAP, R_ERROR, R_VICTORY = 0, 1, 2, 3, 4, 5, 6
REASONS = {
    R_NONE: "unfinished",
    R_LIFE: "0 Life",
    R_DECK_OUT: "deck out",
    R_BOTH_LOST: "both lost",
    R_TURN_CAP: "turn cap",
    R_ERROR: "invariant error",
    R_VICTORY: "Victory Strike",
}

# Rulesets.
V123 = 0
RULESETS = {"v1.23": V123}


def pbase(p: int) -> int:
    return p * PSIZE
