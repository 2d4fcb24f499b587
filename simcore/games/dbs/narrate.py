"""Turn a game's log into lines a player reads: turns, charges, plays, attacks, combos,
damage."""

import numpy as np

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.games.dbs import cards as C
from tcgsim.simcore.games.dbs import events as E
from tcgsim.simcore.games.dbs.layout import DRAW, G_LOGN, REASONS


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
            lines.append(f"{pl} returns {a} card(s) and redraws.")
        elif code == E.E_LIFE:
            lines.append(f"{pl} places {a} Life cards.")
        elif code == E.E_TURN:
            lines.append(f"\nTurn {a} - {pl}")
        elif code == E.E_DRAW:
            lines.append(f"  {pl} draws {card(a)}.")
        elif code == E.E_CHARGE:
            lines.append(f"  {pl} puts {card(a)} into the Energy Area"
                         f"{' (Rest)' if b else ''}.")
        elif code == E.E_PLAY:
            how = ["plays", "plays the Unison", "places the Field", "activates",
                   "plays by Over Realm"][b]
            extra = f" with {c} markers" if b == 1 else ""
            lines.append(f"  {pl} {how} {card(a)}{extra}.")
        elif code == E.E_NEGATED_PLAY:
            lines.append(f"    The play of {card(a)} is negated by {card(b)}.")
        elif code == E.E_ATTACK:
            lines.append(f"  {pl} attacks {card(b)} with {card(a)}.")
        elif code == E.E_COUNTER_ATTACK:
            lines.append(f"    {pl} negates the attack with {card(a)}.")
        elif code == E.E_BLOCK:
            lines.append(f"    {pl} blocks with {card(a)}.")
        elif code == E.E_COMBO:
            src = " from the Battle Area" if c else ""
            lines.append(f"    {pl} combos with {card(a)}{src} (+{b}).")
        elif code == E.E_EXTRA:
            lines.append(f"    {pl} activates {card(a)}.")
        elif code == E.E_POWER:
            result = "succeeds" if a >= b else "fails"
            lines.append(f"    Attack {a} against guard {b}: the attack {result}.")
        elif code == E.E_DAMAGE:
            fate = "to the Drop (Critical)" if b else "to hand"
            lines.append(f"    {pl} takes 1 damage: {card(a)} {fate}.")
        elif code == E.E_KO:
            lines.append(f"    {pl}'s {card(a)} is KO'd.")
        elif code == E.E_EFFECT:
            lines.append(f"    {card(a)}: {C.EFFECT_NAMES.get(b, '?')} {c}.")
        elif code == E.E_AWAKEN:
            lines.append(f"    {pl} awakens {card(a)}.")
        elif code == E.E_MARKERS:
            lines.append(f"    {pl}'s Unison {card(a)} loses {b} marker(s), {c} left.")
        elif code == E.E_TO_DROP:
            lines.append(f"    {pl}'s {card(a)} goes to the Drop Area.")
        elif code == E.E_WARP:
            lines.append(f"    {pl} sends {a} card(s) to the Warp.")
        elif code == E.E_REVENGE:
            lines.append(f"    Revenge: {pl}'s {card(a)} is KO'd.")
        elif code == E.E_UNTAP:
            lines.append(f"    {pl}'s {card(a)} switches to Active (Dual Attack).")
        elif code == E.E_OFFERING:
            what = "puts a Life card in the Drop" if b else "declines; the owner draws 2"
            lines.append(f"    Offering: {pl} {what}.")
        elif code == E.E_DISCARD:
            lines.append(f"    {pl} discards {card(a)}.")
        elif code == E.E_STACK:
            lines.append(f"  {pl} stacks {card(a)} under the Unison ({b} markers).")
        elif code == E.E_BATTLE_SKIP:
            lines.append("    The attack is negated or a card left: no damage.")
        elif code == E.E_NO_DAMAGE:
            pass
        elif code == E.E_END:
            reason = REASONS.get(a, "?")
            if p == DRAW:
                lines.append(f"\nThe game is a draw ({reason}).")
            else:
                lines.append(f"\n{who[p]} wins ({reason}).")
    return lines
