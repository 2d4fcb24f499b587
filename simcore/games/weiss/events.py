"""Replay log records: the engine appends (code, player, a, b, c) rows when a log is given."""

from tcgsim.simcore.games.weiss.layout import G_LOGN
from tcgsim.simcore.jit import kernel

LOG_WIDTH = 5

E_FIRST = 1  # p goes first
E_MULLIGAN = 2  # a = cards put into the waiting room
E_TURN = 3  # a = game turn
E_DRAW = 4  # a = card
E_CLOCK = 5  # a = card clocked
E_PLAY = 6  # a = card, b = slot
E_EVENT = 7  # a = event card, b = effect, c = value
E_MOVE = 8  # a = slot, b = slot
E_CLIMAX = 9  # a = climax card
E_ATTACK = 10  # a = attacker card, b = kind (0 frontal, 1 side, 2 direct), c = soul change
E_TRIGGER = 11  # a = trigger-check card
E_ICON = 12  # a = icon, b = card affected (or -1)
E_COUNTER = 13  # a = card, b = power added
E_DAMAGE = 14  # a = amount, b = 1 cancelled / 0 taken, c = cards revealed
E_REVERSE = 15  # a = card reversed
E_ENCORE = 16  # a = card, b = 0 declined / 1 paid [3] / 2 keyword
E_LEVEL_UP = 17  # a = card chosen, b = new level
E_REFRESH = 18  # a = cards shuffled in
E_PENALTY = 19  # a = card put into the clock by the refresh penalty
E_DISCARD = 20  # a = card discarded at the hand limit
E_BRAIN = 21  # a = card, b = climaxes revealed
E_SHOT = 22  # the Shot deals 1 damage
E_END = 23  # p = winner (-1 draw), a = reason
E_WR = 24  # a = card to the waiting room from the stage


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
