"""Turn a Weiss Schwarz game's log into lines a player reads."""

import numpy as np

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss import events as E
from tcgsim.simcore.games.weiss.layout import DRAW, G_LOGN, REASONS

SLOTS = ["front left", "front centre", "front right", "back left", "back right"]
KINDS = ["frontal", "side", "direct"]


def describe(table: CardTable, names: tuple[str, str], lg: np.ndarray, st: np.ndarray) -> list[str]:
    """One line per logged event, indented under its turn."""
    who = [f"A ({names[0]})", f"B ({names[1]})"]

    def card(i: int) -> str:
        return table.label(int(i))

    lines: list[str] = []
    for code, p, a, b, c in lg[: st[G_LOGN]].tolist():
        pl = who[p] if p in (0, 1) else ""
        if code == E.E_FIRST:
            lines.append(f"{pl} goes first.")
        elif code == E.E_MULLIGAN:
            lines.append(f"{pl} mulligans {a} card(s) to the waiting room.")
        elif code == E.E_TURN:
            lines.append(f"\nTurn {a} - {pl}")
        elif code == E.E_DRAW:
            lines.append(f"  {pl} draws {card(a)}.")
        elif code == E.E_CLOCK:
            lines.append(f"  {pl} clocks {card(a)} and draws 2.")
        elif code == E.E_PLAY:
            lines.append(f"  {pl} plays {card(a)} to the {SLOTS[b]}.")
        elif code == E.E_EVENT:
            lines.append(f"  {pl} plays the event {card(a)}: {C.EVENT_NAMES.get(b, '?')} {c}.")
        elif code == E.E_MOVE:
            lines.append(f"  {pl} swaps the {SLOTS[a]} and the {SLOTS[b]}.")
        elif code == E.E_CLIMAX:
            lines.append(f"  {pl} plays the climax {card(a)}.")
        elif code == E.E_ATTACK:
            change = f" (soul {c:+d})" if c else ""
            lines.append(f"  {pl} attacks with {card(a)}: {KINDS[b]} attack{change}.")
        elif code == E.E_TRIGGER:
            lines.append(f"    Trigger check: {card(a)}.")
        elif code == E.E_ICON:
            if c == 0:
                lines.append(f"      {C.ICON_NAMES.get(a, '?')} trigger.")
            else:
                lines.append(f"      {C.ICON_NAMES.get(a, '?')}: {card(b)}.")
        elif code == E.E_COUNTER:
            lines.append(f"    {pl} counters with {card(a)} (+{b} power).")
        elif code == E.E_DAMAGE:
            res = "cancelled" if b == 1 else "taken"
            lines.append(f"    {pl} is dealt {a} damage: {res} after {c} card(s).")
        elif code == E.E_SHOT:
            lines.append("    Shot: 1 more damage.")
        elif code == E.E_REVERSE:
            lines.append(f"    {pl}'s {card(a)} is Reversed ({b} vs {c}).")
        elif code == E.E_WR:
            lines.append(f"    {pl}'s {card(a)} goes to the waiting room.")
        elif code == E.E_ENCORE:
            how = ["declines Encore for", "encores [3]", "encores (keyword)"][b]
            lines.append(f"    {pl} {how} {card(a)}.")
        elif code == E.E_LEVEL_UP:
            lines.append(f"    {pl} levels up to {b} with {card(a)}.")
        elif code == E.E_REFRESH:
            lines.append(f"    {pl} refreshes ({a} cards shuffled into the deck).")
        elif code == E.E_PENALTY:
            lines.append(f"    {pl}: refresh penalty, {card(a)} to the clock.")
        elif code == E.E_DISCARD:
            lines.append(f"  {pl} discards {card(a)} (hand limit).")
        elif code == E.E_BRAIN:
            lines.append(f"  {pl} uses Brainstorm of {card(a)}: {b} climax(es).")
        elif code == E.E_END:
            reason = REASONS.get(a, "?")
            if p == DRAW:
                lines.append(f"\nThe game is a draw ({reason}).")
            else:
                lines.append(f"\n{who[p]} wins ({reason}).")
    return lines
