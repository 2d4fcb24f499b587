"""Dragon Ball Super deck construction (5-1): 1 Leader, 50-60 Battle/Extra/Unison cards,
<= 4 per card number, [Dragon Ball] any copies but <= 7 in all, [Super Combo] <= 4 in all,
[Ultimate] <= 1. No colour restriction (none in the rules text)."""

import difflib
from pathlib import Path

import numpy as np

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.decks import Deck, read_decklist
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.dbs import cards as C
from tcgsim.simcore.games.dbs.importer import FUSION_WORLD_CODE, rules_id
from tcgsim.simcore.games.dbs.layout import CARD_CAP

MIN_DECK, MAX_DECK = 50, 60
MAX_COPIES = 4
MAX_DRAGON_BALL = 7
MAX_SUPER_COMBO = 4
MAX_ULTIMATE = 1
IGNORE = ("leader", "battle", "extra", "unison", "deck", "main deck", "// ", "leader card",
          "battle cards", "extra cards", "unison cards")


def resolve_deck(path: Path, table: CardTable) -> Deck:
    """Read and validate a decklist; errors name the file, line and rule."""
    name, lines = read_decklist(path, IGNORE)
    for ln in lines:
        if FUSION_WORLD_CODE.match(rules_id(ln.code)):
            raise InputError(f"{path}:{ln.line}: {ln.code} is a Fusion World card; the engine "
                             "simulates the Dragon Ball Super Masters rules, not Fusion World")
    leader = -1
    cards: list[int] = []
    copies: dict[str, int] = {}
    totals = {"dragon": 0, "super": 0, "ultimate": 0}
    for ln in lines:
        ln.code = rules_id(ln.code)  # an alternate art (BT1-031_SPR) is the same card
        idx = table.index.get(ln.code)
        if idx is None and ln.code in table.left_out:
            raise InputError(f"{path}:{ln.line}: {ln.code} is {table.left_out[ln.code]}, "
                             "which the Masters rules v1.23 do not cover; it was left out at "
                             "import (docs/rules-coverage.md)")
        if idx is None:
            close = difflib.get_close_matches(ln.code, table.codes, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise InputError(f"{path}:{ln.line}: unknown card code {ln.code}{hint}")
        kind = table.table[idx, C.TYPE]
        if kind == C.LEADER:
            if leader >= 0 or ln.count != 1:
                raise InputError(f"{path}:{ln.line}: a deck has exactly 1 Leader (rule 5-1-2)")
            leader = idx
            continue
        kw = int(table.table[idx, C.KEYWORDS])
        copies[ln.code] = copies.get(ln.code, 0) + ln.count
        if kw & C.KW_DRAGON_BALL:
            totals["dragon"] += ln.count
            if totals["dragon"] > MAX_DRAGON_BALL:
                raise InputError(f"{path}:{ln.line}: {totals['dragon']} [Dragon Ball] cards; "
                                 f"at most {MAX_DRAGON_BALL} in all (rule 10-31)")
        elif copies[ln.code] > MAX_COPIES and ln.code not in table.any_copies:  # 5-1-3-2
            raise InputError(
                f"{path}:{ln.line}: {copies[ln.code]} copies of {ln.code}; "
                f"at most {MAX_COPIES} per card number (rule 5-1-3-1)"
            )
        if kw & C.KW_SUPER_COMBO:
            totals["super"] += ln.count
            if totals["super"] > MAX_SUPER_COMBO:
                raise InputError(f"{path}:{ln.line}: {totals['super']} [Super Combo] cards; "
                                 f"at most {MAX_SUPER_COMBO} in all (rule 10-17)")
        if kw & C.KW_ULTIMATE:
            totals["ultimate"] += ln.count
            if totals["ultimate"] > MAX_ULTIMATE:
                raise InputError(f"{path}:{ln.line}: {totals['ultimate']} [Ultimate] cards; "
                                 f"at most {MAX_ULTIMATE} in a deck (rule 10-14)")
        cards.extend([idx] * ln.count)
    if leader < 0:
        raise InputError(f"{path}: no Leader card; a deck has exactly 1 Leader (rule 5-1-2)")
    if not MIN_DECK <= len(cards) <= MAX_DECK:
        raise InputError(f"{path}: deck has {len(cards)} cards; it must have {MIN_DECK} to "
                         f"{MAX_DECK}, the Leader not counted (rule 5-1-3)")
    assert MAX_DECK == CARD_CAP
    return Deck(name, str(path), leader, np.array(cards, dtype=np.int32))
