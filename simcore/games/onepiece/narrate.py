"""Turn a game's log into lines a player reads: turns, plays, attacks, counters, damage."""

import numpy as np

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.layout import DRAW, G_LOGN, LEADER_REF, REASONS
from tcgsim.simcore.games.onepiece.legal import Z_HAND, Z_LOOK, Z_TRASH


def move_destination(op: int, pos: int) -> str:
    """Where an effect's move (an E_FX_MOVE entry: the opcode and its position argument)
    put the card."""
    if op in (oc.OP_TO_HAND, oc.OP_LIFE_TO_HAND):
        return "hand"
    if op in (oc.OP_TRASH, oc.OP_KO, oc.OP_TRASH_LIFE):
        return "trash"
    if op in (oc.OP_TO_LIFE, oc.OP_HAND_TO_LIFE):
        return "top of the Life cards"
    if op == oc.OP_LIFE_SCRY:
        return "bottom of the Life cards"
    return "deck bottom" if pos == 1 else "deck top"


PICK_SOURCES = {Z_LOOK: "the top of the deck", Z_TRASH: "the trash", Z_HAND: "the hand"}


def pick_phrase(dest: int, source: int, name: str) -> str:
    """What an effect did with a card it took (an E_FX_PICK entry: DEST_*, Z_*)."""
    src = PICK_SOURCES.get(source, "?")
    if dest == oc.DEST_HAND:
        return f"adds {name} to hand from {src}"
    if dest in (oc.DEST_PLAY, oc.DEST_PLAY_RESTED):
        rested = " rested" if dest == oc.DEST_PLAY_RESTED else ""
        return f"plays {name}{rested} from {src}"
    if dest == oc.DEST_TRASH:
        return f"trashes {name} from {src}"
    if dest in (oc.DEST_LIFE_UP, oc.DEST_LIFE_DOWN):
        return f"adds {name} from {src} to the top of the Life cards"
    return f"moves {name} from {src}"


def describe(table: CardTable, names: tuple[str, str], lg: np.ndarray, st: np.ndarray) -> list[str]:
    """One line per logged event, indented under its turn."""
    who = [f"A ({names[0]})", f"B ({names[1]})"]

    def card(i: int) -> str:
        return table.label(int(i))

    def ability(i: int, k: int) -> str:
        """The text of ability k of card i, as the compiler cut it."""
        from tcgsim.simcore.games.onepiece.effects.pack import compile_card

        text = table.text.get(table.codes[int(i)])
        abilities = compile_card(text[0], text[1]) if text is not None else ()
        return abilities[k].source if 0 <= k < len(abilities) else "?"

    lines: list[str] = []
    for code, p, a, b, c in lg[: st[G_LOGN]].tolist():
        pl = who[p] if p in (0, 1) else ""
        if code == E.E_FIRST:
            lines.append(f"{pl} goes first.")
        elif code == E.E_MULLIGAN:
            lines.append(f"{pl} redraws the opening hand (mulligan).")
        elif code == E.E_LIFE:
            lines.append(f"{pl} places {a} Life cards.")
        elif code == E.E_TURN:
            lines.append(f"\nTurn {a} - {pl}")
        elif code == E.E_DRAW:
            lines.append(f"  {pl} draws {card(a)}.")
        elif code == E.E_DON:
            lines.append(f"  {pl} adds {a} DON!! ({b} in the cost area).")
        elif code == E.E_PLAY:
            where = "" if b < 0 else (" as Stage" if b > LEADER_REF else "")
            lines.append(f"  {pl} plays {card(a)}{where}.")
        elif code == E.E_TRASH_SPACE:
            lines.append(f"  {pl} trashes {card(a)} to make room (5 Characters max).")
        elif code == E.E_STAGE_OUT:
            lines.append(f"  {pl} trashes the old Stage {card(a)}.")
        elif code == E.E_GIVE_DON:
            given = "a DON!!" if c <= 1 else f"{c} DON!!"
            lines.append(f"  {pl} gives {given} to {card(a)} (now {b}).")
        elif code == E.E_ATTACK:
            lines.append(f"  {pl} attacks {card(b)} with {card(a)}.")
        elif code == E.E_BLOCK:
            lines.append(f"    {pl} blocks with {card(a)}.")
        elif code == E.E_COUNTER:
            boost = f" (+{b} to {card(c)})" if b > 0 else ""
            lines.append(f"    {pl} counters with {card(a)}{boost}.")
        elif code == E.E_POWER:
            result = "hits" if a >= b else "fails"
            lines.append(f"    Power {a} against {b}: the attack {result}.")
        elif code == E.E_DAMAGE:
            fate = ["goes to hand", "is trashed (Banish)", "is revealed: Trigger!"][b]
            lines.append(f"    {pl} loses a Life card: {card(a)} {fate}.")
        elif code == E.E_KO:
            lines.append(f"    {pl}'s {card(a)} is K.O.'d.")
        elif code == E.E_EFFECT:
            lines.append(f"    {card(a)}: {C.EFFECT_NAMES.get(b, '?')} {c}.")
        elif code == E.E_TARGET:
            lines.append(f"      targets {pl}'s {card(a)}.")
        elif code == E.E_ADD_LIFE:
            lines.append(f"    {pl} adds a card to Life.")
        elif code == E.E_ABILITY:
            lines.append(f"    {card(a)} resolves: {ability(a, c)}")
        elif code == E.E_FX_TRASH_HAND:
            lines.append(f"      {pl} trashes {card(a)} from hand.")
        elif code == E.E_FX_MOVE:
            lines.append(f"      {pl}'s {card(a)} goes to the {move_destination(b, c)}.")
        elif code == E.E_FX_PICK:
            lines.append(f"      {pl} {pick_phrase(b, c, card(a))}.")
        elif code == E.E_FX_COUNT:
            what = "DON!! cards to rest" if b == oc.ANY_REST_DON else "cards to trash"
            lines.append(f"      {pl} chooses {a} {what} (any number).")
        elif code == E.E_PAY:
            paid = f"rests {c} DON!!" if b == oc.OP_C_REST_DON \
                else f"returns {c} DON!! (DON!! -{c})"
            lines.append(f"      {pl} {paid} for {card(a)}.")
        elif code == E.E_DON_BACK:
            lines.append(f"    {pl} returns {a} DON!! to the DON!! deck at the end of the turn"
                         f" ({b} left on the field).")
        elif code == E.E_RETARGET:
            lines.append(f"      The attack now targets {pl}'s {card(a)}.")
        elif code == E.E_BATTLE_SKIP:
            lines.append("    The attacker or target left the field: the battle ends.")
        elif code == E.E_NO_DAMAGE:
            pass
        elif code == E.E_END:
            reason = REASONS.get(a, "?")
            if p == DRAW:
                lines.append(f"\nThe game is a draw ({reason}).")
            else:
                lines.append(f"\n{who[p]} wins ({reason}).")
    return lines
