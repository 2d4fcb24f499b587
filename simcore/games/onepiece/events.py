"""Replay log records: the engine appends (code, player, a, b, c) rows when a log is given."""

from tcgsim.simcore.games.onepiece.layout import G_LOGN
from tcgsim.simcore.jit import kernel

LOG_WIDTH = 5

E_FIRST = 1  # p goes first
E_MULLIGAN = 2  # p redraws
E_LIFE = 3  # p placed a Life cards
E_TURN = 4  # a = game turn
E_DRAW = 5  # a = card
E_DON = 6  # a = DON added, b = cost-area total
E_PLAY = 7  # a = card, b = slot
E_TRASH_SPACE = 8  # a = card trashed to make room (3-7-6-1)
E_STAGE_OUT = 9  # a = old Stage trashed (3-8-5-1)
E_GIVE_DON = 10  # a = card receiving, b = DON now on it, c = DON given now
E_ATTACK = 11  # a = attacker card, b = target card (of the opponent), c = 1 if target Leader
E_BLOCK = 12  # a = blocker card
E_COUNTER = 13  # a = card, b = power added, c = card boosted
E_POWER = 14  # a = attacker power, b = target power
E_DAMAGE = 15  # a = Life card, b = 0 to hand, 1 trashed (Banish), 2 Trigger used
E_KO = 16  # a = card K.O.'d
E_EFFECT = 17  # a = source card, b = effect, c = value
E_TARGET = 18  # a = card chosen by an effect
E_ADD_LIFE = 19  # a = card added to Life
E_LOSE = 20  # a = end reason
E_END = 21  # p = winner (-1 draw), a = reason
E_NO_DAMAGE = 22  # battle lost by the attacker
E_BATTLE_SKIP = 23  # attacker or target left the field (7-1-1-4)
E_ABILITY = 24  # a compiled ability resolves: a = source card, b = timing, c = its index
#                on the card (effects/pack.compile_card)
E_FX_TRASH_HAND = 25  # a = card trashed from hand by an effect or a cost
E_FX_MOVE = 26  # a = card moved by an effect, b = opcode (to hand / deck), c = deck end
E_FX_PICK = 27  # a = card an effect took, b = where to (DEST_*), c = from (Z_LOOK/TRASH/HAND)
E_FX_COUNT = 28  # a = how many p chose to pay ("any number"), b = what (oc.ANY_*)
E_RETARGET = 29  # an effect made p's card a the target of the attack, b = its ref
E_PAY = 30  # p pays DON!! for an ability of card a: b = the cost op (rest ①, DON!! -N), c = count
E_DON_BACK = 31  # a = DON!! returned "at the end of this turn" (6-6-1-2), b = left on the field


@kernel
def log(st, lg, code, p, a, b, c):
    """Append one record when logging (lg has rows); otherwise do nothing."""
    n = st[G_LOGN]
    if n < lg.shape[0]:
        lg[n, 0] = code
        lg[n, 1] = p
        lg[n, 2] = a
        lg[n, 3] = b
        lg[n, 4] = c
        st[G_LOGN] = n + 1
