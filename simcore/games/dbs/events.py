"""Replay log records: the engine appends (code, player, a, b, c) rows when a log is given."""

from tcgsim.simcore.games.dbs.layout import G_LOGN
from tcgsim.simcore.jit import kernel

LOG_WIDTH = 5

E_FIRST = 1  # p goes first
E_MULLIGAN = 2  # a = cards returned and redrawn
E_LIFE = 3  # a = Life cards placed
E_TURN = 4  # a = game turn
E_DRAW = 5  # a = card
E_CHARGE = 6  # a = card put into the Energy Area, b = 1 if it entered rested
E_PLAY = 7  # a = card, b = 0 Battle Area, 1 Unison (c = markers), 2 Field, 3 Extra, 4 Realm
E_NEGATED_PLAY = 8  # a = card whose play was negated, b = the [Counter: Play] card
E_ATTACK = 9  # a = attacker card, b = guard card, c = 1 Leader, 2 Unison, 0 Battle Card
E_COUNTER_ATTACK = 10  # a = the [Counter: Attack] card
E_BLOCK = 11  # a = blocker card
E_COMBO = 12  # a = card, b = combo power, c = 1 from the Battle Area
E_EXTRA = 13  # a = Extra card activated in a battle
E_POWER = 14  # a = attack power, b = guard power (combo power included)
E_DAMAGE = 15  # a = Life card, b = 0 to hand, 1 to the Drop ([Critical])
E_KO = 16  # a = card KO'd
E_EFFECT = 17  # a = source card, b = effect, c = value
E_AWAKEN = 18  # a = Leader card
E_MARKERS = 19  # a = Unison card, b = markers removed, c = markers left
E_TO_DROP = 20  # a = card put in the Drop by a rule (old Field/Unison, 0 markers)
E_WARP = 21  # a = cards sent to the Warp
E_REVENGE = 22  # a = attacker card KO'd by [Revenge]
E_UNTAP = 23  # a = [Dual Attack] card switched to Active
E_OFFERING = 24  # b = 1 if the opponent put a Life card in the Drop, 0 if the owner drew 2
E_DISCARD = 25  # a = card discarded ([Villainous])
E_STACK = 26  # a = Unison card stacked, b = markers now
E_END = 27  # p = winner (-1 draw), a = reason
E_NO_DAMAGE = 28  # the attack failed
E_BATTLE_SKIP = 29  # attack negated or a card left: no damage (7-1-4)


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
