"""Weiss Schwarz deck construction (5.1.2): exactly 50 cards, <= 4 per card name,
<= 8 climaxes."""

import difflib
from pathlib import Path

import numpy as np

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.decks import Deck, read_decklist
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss.importer import english_code

DECK_SIZE = 50
MAX_COPIES = 4
MAX_CLIMAX = 8
IGNORE = ("characters", "character", "events", "event", "climaxes", "climax", "deck", "// ")


def resolve_deck(path: Path, table: CardTable) -> Deck:
    """Read and validate a Weiss Schwarz decklist; errors name the file, line and rule.
    Copies are summed per code over repeated lines (one code per copy is common); a
    Japanese-numbered code ('HOL/W104-018') is read as its English printing
    ('HOL/W104-E018') when the card table has that but not the code itself."""
    name, lines = read_decklist(path, IGNORE)
    cards: list[int] = []
    per_name: dict[str, int] = {}
    climaxes = 0
    notes: list[str] = []
    mapped: set[str] = set()
    for ln in lines:
        idx = table.index.get(ln.code)
        if idx is None:  # a Japanese-numbered code whose English printing is known
            en = english_code(ln.code, table.index)
            idx = table.index[en] if en else None
            if en and en not in mapped:
                mapped.add(en)
                notes.append(f"{path}:{ln.line}: {ln.code} read as {en} (English printing)")
        if idx is None:
            close = difflib.get_close_matches(ln.code, table.codes, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise InputError(f"{path}:{ln.line}: unknown card code {ln.code}{hint}")
        cname = table.names[idx]
        per_name[cname] = per_name.get(cname, 0) + ln.count
        if per_name[cname] > MAX_COPIES and table.codes[idx] not in table.any_copies:  # 5.1.2.4
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
    return Deck(name, str(path), -1, np.array(cards, dtype=np.int32), notes)
