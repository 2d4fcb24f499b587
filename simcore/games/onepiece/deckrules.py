"""ONE PIECE deck construction (5-1-2): 1 Leader, 50 cards, <= 4 per number, Leader colours."""

import difflib
from pathlib import Path

import numpy as np

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.decks import Deck, read_decklist
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.onepiece import cards as C

DECK_SIZE = 50
MAX_COPIES = 4
HEADERS = ("leader", "leaders", "character", "characters", "event", "events", "stage",
           "stages", "deck", "main deck", "don", "don!!")
SKIP = ("don!!", "don!! card")


def _color_names(bits: int) -> str:
    return "/".join(n for n, b in C.COLOR_BITS.items() if bits & b)


def resolve_deck(path: Path, table: CardTable) -> Deck:
    """Read and validate a ONE PIECE decklist; errors name the file, line and rule."""
    name, lines = read_decklist(path, HEADERS, SKIP)
    leader = -1
    leader_line = 0
    cards: list[int] = []
    copies: dict[str, int] = {}
    for ln in lines:
        idx = table.index.get(ln.code)
        if idx is None:
            close = difflib.get_close_matches(ln.code, table.codes, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise InputError(f"{path}:{ln.line}: unknown card code {ln.code}{hint}")
        cat = table.table[idx, C.CATEGORY]
        if cat == C.LEADER:
            if leader >= 0 or ln.count != 1:
                raise InputError(f"{path}:{ln.line}: a deck has exactly 1 Leader (rule 5-1-2)")
            leader, leader_line = idx, ln.line
            continue
        copies[ln.code] = copies.get(ln.code, 0) + ln.count
        if copies[ln.code] > MAX_COPIES and ln.code not in table.any_copies:  # 5-1-2-4
            raise InputError(
                f"{path}:{ln.line}: {copies[ln.code]} copies of {ln.code}; "
                f"at most {MAX_COPIES} per card number (rule 2-14-2, 5-1-2-3)"
            )
        cards.extend([idx] * ln.count)
    if leader < 0:
        raise InputError(f"{path}: no Leader card; a deck has exactly 1 Leader (rule 5-1-2)")
    if len(cards) != DECK_SIZE:
        raise InputError(
            f"{path}: deck has {len(cards)} cards; it must have exactly {DECK_SIZE} (rule 5-1-2)"
        )
    lcol = int(table.table[leader, C.COLORS])
    for ln in lines:
        idx = table.index[ln.code]
        if idx == leader:
            continue
        col = int(table.table[idx, C.COLORS])
        if col & ~lcol:
            raise InputError(
                f"{path}:{ln.line}: {ln.code} is {_color_names(col)}, not a colour of the Leader "
                f"{table.codes[leader]} ({_color_names(lcol)}) (rule 5-1-2-2)"
            )
    del leader_line
    return Deck(name, str(path), leader, np.array(cards, dtype=np.int32))
