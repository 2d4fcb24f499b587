"""Layout of the compiled effect tables `fx`: one flat int32 array per deck pair.

The same layout serves every game; each game's `effects/opcodes.py` gives the meaning of the
numbers stored in it (timings, opcodes, filter zones, condition kinds). Kernels read it
through these offsets only, so the compiler (pack.py) and the interpreters agree by
construction."""

# Header: HDR_SIZE ints at the start of fx.
H_VERSION = 0  # compiler version (low 31 bits of its digest)
H_MODE = 1  # effects mode: MODE_NONE / MODE_STRICT / MODE_APPROX
H_NCARDS = 2  # rows of the card table (card ids are global)
H_NAB = 3  # abilities
H_NCODE = 4  # code rows
H_NFLT = 5  # filter rows
H_NCOND = 6  # condition rows
H_CARD_AB = 7  # offset of card_ab (ncards + 1 ints, CSR into the ability rows)
H_CARD_TM = 8  # offset of card_tm (ncards ints: a bit per timing the card has)
H_CARD_PRED = 9  # offset of card_pred (ncards ints: a bit per predicate the card satisfies)
H_AB = 10  # offset of the ability rows (n_ab x AB_W)
H_CODE = 11  # offset of the code rows (n_code x CODE_W)
H_FLT = 12  # offset of the filter rows (n_flt x FLT_W)
H_COND = 13  # offset of the condition rows (n_cond x COND_W)
H_TMASK = 14  # bit per timing present in this pair (the fast "nothing to do" test)
H_FLAGS = 15  # HAS_CONT | HAS_REPL | HAS_HAND
H_FSTAT = 16  # offset of the filters' static bitsets (n_flt x H_FWORDS ints)
H_FWORDS = 17  # ints per filter bitset: bit `card` is set when the card passes the tests
#                that depend on the card alone (category, colour, predicates), so a filter
#                match reads one bit instead of the card's rows
H_MEMO = 18  # offset of the memo offsets (H_NMEMO ints, with CONT_KEPT): the game-state
#              ints the continuous results depend on besides which cards are where
H_NMEMO = 19
H_CARD_NAME = 20  # offset of card_name (ncards ints: an id per card name, equal ids for one
#                   name, -1 for a card of neither deck; "with different card names"; two
#                   decks and their Leaders have at most 102 names, the kernels read 128)
HDR_SIZE = 21

HAS_CONT = 1  # some ability is continuous: settle() has work
HAS_REPL = 2  # some ability is a replacement effect
HAS_HAND = 4  # some ability changes cards in the hand (ABF_FROM_HAND, ABF_HAND_MOD)
CONT_KEPT = 8  # the results of the continuous abilities on the field depend only on which
#                cards are where, whose turn it is and the state ints of the memo offsets:
#                settle() need not run again while none of those changed
ATTACK_LIMIT = 16  # some continuous ability limits which cards the opponent may attack
CONT_CHAIN = 32  # some continuous ability reads what continuous abilities change (a cost,
#                  power or keyword): settle() repeats until nothing changes
TM_FROM_HAND = 30  # card_tm bit of a card with an ability that applies in the hand
TM_HAND_MOD = 29  # card_tm bit of a card whose ability on the field changes hand cards

MODE_NONE, MODE_STRICT, MODE_APPROX = 0, 1, 2
MODES = {"none": MODE_NONE, "strict": MODE_STRICT, "approx": MODE_APPROX}

# Ability rows.
AB_CARD = 0  # card id
AB_TIMING = 1  # T_* of the game
AB_FLAGS = 2  # ABF_* bits
AB_SLOT = 3  # index of the ability within its card, 0..7 (its once-per-turn bit)
AB_COND0 = 4  # first condition row (AND of NCOND rows)
AB_NCOND = 5
AB_COST0 = 6  # first code row of the cost
AB_NCOST = 7
AB_PC = 8  # first code row of the body
AB_NCODE = 9
AB_LIMIT = 10  # a game's use limit of the ability (uses per game), 0 if none
AB_HINT = 11  # the compiler's value estimate, for strategies
AB_W = 12

ABF_ONCE = 1  # [Once Per Turn]
ABF_OPTIONAL_COST = 2  # an optional cost: the player confirms before paying
ABF_APPROX = 4  # the program is an approximation (runs only in MODE_APPROX)
ABF_GAME = 8  # an ability flag whose meaning the game declares
ABF_FROM_HAND = 16  # activates from the hand
ABF_FROM_TRASH = 32  # activates from the trash
ABF_HAND_MOD = 64  # a continuous ability on the field that changes its owner's hand cards

# Code rows: op, a, b, c.
CODE_OP, CODE_A, CODE_B, CODE_C = 0, 1, 2, 3
CODE_W = 4
X = -1  # an amount of -1 means "X": the frame's dynamic value register

# Filter rows.
FL_ZONE = 0  # Z_* of the game
FL_OWNER = 1  # OWN_*
FL_CAT = 2  # category bit mask (0 = any)
FL_COLOR = 3  # colour bit mask (0 = any)
FL_PRED_ALL = 4  # the card must satisfy every predicate bit here
FL_PRED_NONE = 5  # ... and none of these
FL_COST_MIN = 6  # -1 = no bound; current values unless FLF_BASE
FL_COST_MAX = 7
FL_POW_MIN = 8
FL_POW_MAX = 9
FL_STATE = 10  # ST_ANY / ST_ACTIVE / ST_RESTED
FL_FLAGS = 11  # FLF_* bits
FL_COST_MAX_BY = 12  # a count of the game's (0 = none): the cost maximum is its current value
FLT_W = 13

OWN_SELF, OWN_OPP, OWN_ANY = 0, 1, 2
ST_ANY, ST_ACTIVE, ST_RESTED = 0, 1, 2
FLF_EXCLUDE_SELF = 1  # "other than this card"
FLF_BASE = 2  # bounds on printed cost/power
# Three filter tests whose meaning each game declares (its effects/opcodes.py names them).
FLF_GAME_1 = 4
FLF_GAME_2 = 8
FLF_GAME_3 = 16
FLF_SELF_ONLY = 32  # the source card itself
FLF_PLAYABLE = 64  # a card to be played: no effect forbids playing it now
FLF_DYNAMIC = 128  # set by the packer: the filter tests more than the owner and the static
#                    bitset (bounds, state, the game's tests, the source card, a ban)
FLF_DIFF_NAMES = 256  # "with different card names": the cards chosen or counted together
#                       each have a name of their own (read by the op or condition, not the
#                       match of one card)
PRED_GAME = 1 << 30  # a card_pred bit the game's packer sets (for FLF_GAME_1)

# Condition rows.
CD_KIND = 0  # CK_* of the game
CD_WHO = 1  # OWN_SELF / OWN_OPP
CD_CMP = 2  # CMP_*
CD_VALUE = 3
CD_FLT = 4  # filter row for counting kinds, -1 if none
CD_NEG = 5  # 1: the condition is negated
COND_W = 6

CMP_GE, CMP_LE, CMP_EQ = 0, 1, 2
