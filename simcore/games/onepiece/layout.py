"""Offsets of the ONE PIECE game state: one int32 array, two player blocks then globals.

Players are indexed by deck (0 = deck A, 1 = deck B); G_FIRST says who went first. Field
cards are addressed by a slot ref: 0..4 the Character slots, 5 the Leader.
"""

from tcgsim.simcore.effects.pending import QW as PENDING_ROW

DECK_CAP = 50
HAND_CAP = 50
LIFE_CAP = 16
TRASH_CAP = 50
NCHAR = 5
LEADER_REF = 5
NREF = 6
DON_TOTAL = 10
EMPTY = -1

# Per-player block (add pbase(p)).
DECK = 0  # deck[0..N_DECK-1], top = deck[N_DECK-1]
HAND = DECK + DECK_CAP
LIFE = HAND + HAND_CAP  # life[0..N_LIFE-1], top = life[N_LIFE-1]
TRASH = LIFE + LIFE_CAP
F_CARD = TRASH + TRASH_CAP  # [NREF] card index or EMPTY
F_RESTED = F_CARD + NREF
F_DON = F_RESTED + NREF  # DON given
F_SICK = F_DON + NREF  # played this turn
F_TPOW = F_SICK + NREF  # power modifier "during this turn"
F_BPOW = F_TPOW + NREF  # power modifier "during this battle"
F_USED = F_BPOW + NREF  # a bit per ability of the card used this turn ([Once Per Turn], 10-2-13)
F_TCOST = F_USED + NREF  # cost modifier "during this turn" (2-7-6)
F_TKW = F_TCOST + NREF  # keywords granted and prohibitions (effects PR_* bits) "during this turn"
# What continuous abilities give now (8-1-3-3), recomputed by effects/interp.settle.
F_CPOW = F_TKW + NREF
F_CCOST = F_CPOW + NREF
F_CKW = F_CCOST + NREF
F_BKW = F_CKW + NREF  # keywords and prohibitions "during this battle"
# Modifiers "until the end of your opponent's next turn": power, cost, keywords and
# prohibitions, and the turn number at whose end they expire (0: none).
F_NPOW = F_BKW + NREF
F_NCOST = F_NPOW + NREF
F_NKW = F_NCOST + NREF
F_NEXP = F_NKW + NREF
# Base power set by effects (4-9-2-1), one field per duration as the modifiers above: during
# this turn, this battle, until the end of the opponent's next turn (expiring with F_NEXP),
# and continuous. Each holds BASE_BIAS + the highest set value less the printed power, or 0
# when no such effect applies; the highest of the four replaces the printed power.
F_TBASE = F_NEXP + NREF
F_BBASE = F_TBASE + NREF
F_NBASE = F_BBASE + NREF
F_CBASE = F_NBASE + NREF
BASE_BIAS = 1 << 20
# What the rules read (kept by zones.sum_modifiers): F_CPOW + F_NPOW + the set base power's
# difference from the printed one, and the OR of the four keyword and prohibition fields.
F_XPOW = F_CBASE + NREF
F_XKW = F_XPOW + NREF
STAGE = F_XKW + NREF
# The per-slot fields a card takes with it: cleared when a Character leaves the area and
# when one is placed (a new per-slot field is added here and nowhere else).
SLOT_FIELDS = (F_RESTED, F_DON, F_SICK, F_TPOW, F_BPOW, F_USED, F_TCOST, F_TKW, F_CPOW, F_CCOST,
               F_CKW, F_BKW, F_NPOW, F_NCOST, F_NKW, F_NEXP, F_TBASE, F_BBASE, F_NBASE,
               F_CBASE, F_XPOW, F_XKW)
STAGE_RESTED = STAGE + 1
N_DECK = STAGE + 2
N_HAND = N_DECK + 1
N_LIFE = N_DECK + 2
N_TRASH = N_DECK + 3
N_CHARS = N_DECK + 4
DON_DECK = N_DECK + 5
DON_ACTIVE = N_DECK + 6
DON_RESTED = N_DECK + 7
LIMBO = N_DECK + 8  # a used Trigger card while it resolves (10-1-5-3), else EMPTY
LOST = N_DECK + 9  # a defeat condition was met (9-2-1)
STAGE_USED = N_DECK + 10  # F_USED of the Stage
# Per-player statistics.
S_MULLIGAN = N_DECK + 11
S_DAMAGE = N_DECK + 12  # Life cards lost to damage
S_COUNTERS = N_DECK + 13  # counter cards used
S_TRIGGERS = N_DECK + 14  # Triggers activated
S_BLOCKS = N_DECK + 15
S_KOS = N_DECK + 16  # own Characters K.O.'d
S_PLAYED = N_DECK + 17  # cards played from hand
# DON!! cards to set active "at the end of this turn" (6-6-1-2), from the player's effects.
EOT_DON_ACTIVE = N_DECK + 18
# Face-up Life cards (3-10-2-1): bit i is set when LIFE[i] (0 = the bottom) is face up.
LIFE_UP = N_DECK + 19
# "You cannot play Character cards (with a base cost of N or more) during this turn": 0 when
# no such effect applies, else 1 + the lowest base cost it bans (1 bans all), plus
# BAN_FROM_HAND for "you cannot play cards from your hand", plus BAN_LIFE_TO_HAND for "you
# cannot add Life cards to your hand using your own effects", plus BAN_DON_ACTIVE_CHAR for
# "you cannot set DON!! cards as active using Character effects"; cleared in the End Phase
# (legal.play_banned; effects/interp and query for the others).
PLAY_BAN = N_DECK + 20
BAN_FROM_HAND = 1 << 8
BAN_LIFE_TO_HAND = 1 << 9
BAN_DON_ACTIVE_CHAR = 1 << 10
# Rested DON!! cards that "will not become active in your opponent's next Refresh Phase": so
# many of the player's rested DON!! stay rested in their next Refresh Phase (6-2-3), which
# clears the count.
DON_LOCK = N_DECK + 21
# Cost modifier of each hand card from its own abilities ("give this card in your hand -N
# cost"), kept in step with HAND by take_from_hand and recomputed by effects/interp.settle.
HAND_COST = N_DECK + 22
# DON!! cards the player owns: DON_TOTAL, or what "your DON!! deck consists of N cards" says.
DON_OWN = HAND_COST + HAND_CAP
# Counter of each hand card while an ability changes it ("this card in your hand has a
# +2000 Counter"), 0 for its printed one; kept and recomputed like HAND_COST.
HAND_CTR = DON_OWN + 1
# "The next time you play <card> from your hand during this turn, the cost will be reduced
# by N": N (0: none) and the filter row of the cards it applies to; the first such card
# played from the hand, or the end of the turn, clears it.
NEXT_CUT = HAND_CTR + HAND_CAP
NEXT_FLT = NEXT_CUT + 1
# 1 + the highest base cost of the Events the player activated this turn (0: none), for
# "If you have activated an Event with a base cost of 3 or more during this turn".
EV_COST = NEXT_FLT + 1
# 1 when the player's effect returns DON!! cards "at the end of this turn ... until you have
# the same number of DON!! cards on your field as your opponent" (6-6-1-2), else 0.
EOT_DON_MATCH = EV_COST + 1
PSIZE = EOT_DON_MATCH + 1

# Globals.
G = 2 * PSIZE
G_TURN = G  # game turn, 1 = the first player's first turn
G_ACTIVE = G + 1  # turn player
G_FIRST = G + 2
G_WINNER = G + 3  # 0, 1, DRAW, or NONE while the game runs
G_REASON = G + 4
G_OVER = G + 5
G_ATT = G + 6  # attacker ref during a battle, else EMPTY
G_TGT = G + 7  # target ref (of the non-turn player) during a battle
G_ATT_CARD = G + 8  # card ids when the battle started, to see if either moved (7-1-1-4)
G_TGT_CARD = G + 9
G_ERROR = G + 10  # invariant violation code (debug mode), 0 if none
G_LOGN = G + 11  # entries written to the log
G_ACTIONS = G + 12  # actions this turn (runaway-strategy guard)
G_RULESET = G + 13
G_TURN_CAP = G + 14
# Card effects (effects/interp.py): the selection register of the ability resolving
# (SEL_CAP refs, each owner << 14 | zone << 8 | index), "if you do" and X registers, the
# look window on top of a deck, the pending queue (8-6) and a step guard.
SEL_CAP = 8
QCAP = 16
QW = PENDING_ROW  # queue row: ability row, controller, source card, source ref (-1: off field)
G_SEL_N = G + 15
G_SEL = G + 16
G_OK = G_SEL + SEL_CAP
G_X = G_OK + 1
G_LOOK_N = G_X + 1  # cards in the look window (the top of the resolving player's deck)
G_Q_N = G_LOOK_N + 1
G_Q = G_Q_N + 1
G_FX_STEPS = G_Q + QCAP * QW  # code rows run this turn (runaway guard)
# Work the continuous abilities may skip (effects/interp; note_decks sets the deck bits at
# the start of a game): bit p, p's deck has no hand-cost ability (settle_hand skips p);
# bit 2 + p, no card with a continuous ability on the field (settle_field skips p's
# sources); FX_CONT_SET, some continuous field (F_CPOW, F_CCOST, F_CKW) may be non-zero.
G_FX_SKIP = G_FX_STEPS + 1
FX_NO_HAND = 1  # << p
FX_NO_CONT = 4  # << p
FX_CONT_SET = 16
# FX_CONT_OK: the continuous fields are up to date as far as which cards are on the field and
# whose turn it is go (fx CONT_KEPT); cleared when a card enters or leaves the field (zones) and
# when the turn passes (engine.end_phase). The other state they read (fx memo offsets) is
# compared with its snapshot at G_MEMO, taken when they were last recomputed.
FX_CONT_OK = 32
MEMO_CAP = 96  # snapshot ints; a pair whose memo offsets need more is recomputed every time
# The timings (bits oc.T_*) no ability of the cards of a player's deck and Leader has (set
# by note_decks; 0 skips nothing): p's cards all come from p's deck, so an ability of such a
# timing never fires for p.
G_FX_NO_TM = G_FX_SKIP + 1  # + p
# + p: the refs of p's Characters that carry oc.PR_ONLY_TARGET (bit r), the only cards p's
# opponent may attack while it is not 0; set where settle_field recomputes the continuous
# fields.
G_ONLY_TGT = G_FX_NO_TM + 2
G_MEMO = G_ONLY_TGT + 2
SIZE = G_MEMO + MEMO_CAP

# Winner values.
NONE = -2
DRAW = -1

# End reasons.
R_NONE, R_LIFE, R_DECK_OUT, R_BOTH_LOST, R_TURN_CAP, R_ERROR, R_EFFECT = 0, 1, 2, 3, 4, 5, 6
REASONS = {
    R_NONE: "unfinished",
    R_LIFE: "damage at 0 Life",
    R_DECK_OUT: "deck out",
    R_BOTH_LOST: "both lost",
    R_TURN_CAP: "turn cap",
    R_ERROR: "invariant error",
    R_EFFECT: "card effect",  # "you win the game" (1-2-5)
}

# Rulesets.
DON_EDITION = 0  # seed 003, the default
ENERGIO_EDITION = 1  # seed 000
RULESETS = {"don": DON_EDITION, "energio": ENERGIO_EDITION}


def pbase(p: int) -> int:
    return p * PSIZE
