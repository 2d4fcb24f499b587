"""Weiss Schwarz deck construction (5.1.2): exactly 50 cards, <= 4 per card name,
<= 8 climaxes."""

import difflib
from pathlib import Path

import numpy as np

from simcore.cards import CardTable
from simcore.decks import Deck, read_decklist
from simcore.errors import InputError
from simcore.games.weiss import cards as C

DECK_SIZE = 50
MAX_COPIES = 4
MAX_CLIMAX = 8
IGNORE = ("characters", "character", "events", "event", "climaxes", "climax", "deck", "// ")


def resolve_deck(path: Path, table: CardTable) -> Deck:
    """Read and validate a Weiss Schwarz decklist; errors name the file, line and rule."""
    name, lines = read_decklist(path, IGNORE)
    cards: list[int] = []
    per_name: dict[str, int] = {}
    climaxes = 0
    for ln in lines:
        idx = table.index.get(ln.code)
        if idx is None:
            close = difflib.get_close_matches(ln.code, table.codes, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise InputError(f"{path}:{ln.line}: unknown card code {ln.code}{hint}")
        cname = table.names[idx]
        per_name[cname] = per_name.get(cname, 0) + ln.count
        if per_name[cname] > MAX_COPIES:
            raise InputError(
                f"{path}:{ln.line}: {per_name[cname]} cards named {cname!r}; at most "
                f"{MAX_COPIES} per card name (rule 5.1.2.2)"
            )
        if table.table[idx, C.TYPE] == C.CLIMAX:
            climaxes += ln.count
            if climaxes > MAX_CLIMAX:
                raise InputError(f"{path}:{ln.line}: {climaxes} climaxes; at most "
                                 f"{MAX_CLIMAX} (rule 5.1.2.3)")
        cards.extend([idx] * ln.count)
    if len(cards) != DECK_SIZE:
        raise InputError(
            f"{path}: deck has {len(cards)} cards; it must have exactly {DECK_SIZE} "
            "(rule 5.1.2.1)"
        )
    return Deck(name, str(path), -1, np.array(cards, dtype=np.int32))
