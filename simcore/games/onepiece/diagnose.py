"""What one ONE PIECE game's log says about how each seat played its deck: every ability
resolved and the DON!! paid for it, DON!! by purpose and cards played per turn, damage dealt
and taken, and how the game ended. reports.diagnostics adds many games up."""

from __future__ import annotations

import numpy as np

from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.layout import G_LOGN, N_LIFE, PSIZE

# Columns of the records game_records returns.
# "ability" is the ability's once-per-turn slot as logged (E_ABILITY); with its timing it
# names the ability (reports.diagnostics maps it to its index on the card).
ABILITY_COLUMNS = ("game", "seat", "card", "ability", "timing", "own_turn", "rested",
                   "returned")
TURN_COLUMNS = ("game", "seat", "own_turn", "don_field", "don_added", "don_given",
                "don_rested", "don_returned", "plays", "dealt", "taken")
END_COLUMNS = ("game", "winner", "reason", "turns", "life_a", "life_b")


def game_records(game: int, lg: np.ndarray, st: np.ndarray) -> dict[str, list[tuple]]:
    """Records of one game from its log: "abilities" (one per ability resolved), "turns"
    (one per seat and own turn), "ends" (one per game). A seat's own turn k is its k-th
    turn; what happens in the opponent's turn (counters, [On Your Opponent's Attack], damage
    taken) counts in the seat's last own turn (0 before its first)."""
    own = [0, 0]
    cur = -1
    turns: dict[tuple[int, int], list[int]] = {}  # DON!! field, added, given, rested,
    #                                               returned, plays, dealt, taken
    pending = [[0, 0], [0, 0]]  # DON!! rested / returned for the next ability, per seat
    abilities: list[tuple] = []
    winner, reason, game_turns = -2, -1, 0

    def row(seat: int) -> list[int]:
        key = (seat, own[seat])
        if key not in turns:
            turns[key] = [0] * (len(TURN_COLUMNS) - 3)
        return turns[key]

    for code, p, a, b, c in lg[: st[G_LOGN]].tolist():
        if code == E.E_TURN:
            cur = p
            own[p] += 1
            game_turns = a
            row(p)
        elif code == E.E_DON:
            r = row(p)
            r[0], r[1] = b, a
        elif code == E.E_GIVE_DON:
            row(p)[2] += c
        elif code == E.E_PAY:
            r = row(p)
            k = 0 if b == oc.OP_C_REST_DON else 1
            r[3 + k] += c
            pending[p][k] += c
        elif code == E.E_ABILITY:
            abilities.append((game, p, a, c, b, own[p], pending[p][0], pending[p][1]))
            pending[p] = [0, 0]
        elif code == E.E_PLAY and p in (0, 1):
            row(p)[5] += 1
        elif code == E.E_DAMAGE:
            row(p)[7] += 1
            if cur in (0, 1) and cur != p:
                row(cur)[6] += 1
        elif code == E.E_END:
            winner, reason = p, a
    out_turns = [(game, s, t, *v) for (s, t), v in sorted(turns.items())]
    ends = [(game, winner, reason, game_turns, int(st[N_LIFE]), int(st[PSIZE + N_LIFE]))]
    return {"abilities": abilities, "turns": out_turns, "ends": ends}
