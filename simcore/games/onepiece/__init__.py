"""ONE PIECE Card Game (DON!! edition, seed 003; ENERGIO!! edition as a ruleset)."""

from pathlib import Path

import numpy as np

from tcgsim.simcore.decks import Deck
from tcgsim.simcore.game import Game
from tcgsim.simcore.gamekit import Runner
from tcgsim.simcore.games.onepiece.cards import load_cards
from tcgsim.simcore.games.onepiece.deckrules import resolve_deck
from tcgsim.simcore.games.onepiece.effects.facet import FACET
from tcgsim.simcore.games.onepiece.effects.pack import compiler_digest
from tcgsim.simcore.games.onepiece.effects.status import deck_coverage
from tcgsim.simcore.games.onepiece.importer import read_database, store_entries, text_damaged
from tcgsim.simcore.games.onepiece.layout import REASONS, RULESETS
from tcgsim.simcore.games.onepiece.tuning import TUNING


def _decks(deck_a: Deck, deck_b: Deck) -> tuple[np.ndarray, np.ndarray]:
    """(2, 50) int32 deck cards and the two Leaders."""
    return (np.stack([deck_a.cards, deck_b.cards]).astype(np.int32),
            np.array([deck_a.leader, deck_b.leader], dtype=np.int32))


def _effects(table, deck_a: Deck, deck_b: Deck, mode: str) -> tuple[np.ndarray, np.ndarray]:
    """The pair's card table and compiled effect tables (effects/pack.py)."""
    from tcgsim.simcore.games.onepiece.effects.pack import pair_tables

    cards = np.concatenate([deck_a.cards, deck_b.cards, [deck_a.leader, deck_b.leader]])
    return pair_tables(table, cards, mode)


def _abilities(table, card: int) -> list[tuple[int, str, int, int]]:
    """(index, text, timing, once-per-turn slot) of the card's triggered and activated
    abilities, in the engine's order (effects/pack.compile_card); continuous ones, which
    never "resolve", are left out. The text starts with the ability's status when it is not
    strict; two timings of one text share a slot (the log names an ability by slot and
    timing)."""
    from tcgsim.simcore.effects.ir import STRICT
    from tcgsim.simcore.games.onepiece.effects.opcodes import (
        T_CONTINUOUS,
        T_OPP_TURN,
        T_YOUR_TURN,
    )
    from tcgsim.simcore.games.onepiece.effects.pack import compile_card

    text = table.text.get(table.codes[int(card)])
    if text is None:
        return []
    return [(k, a.source if a.status == STRICT else f"({a.status}) {a.source}", a.timing,
             a.once_with if a.once_with >= 0 else k)
            for k, a in enumerate(compile_card(text[0], text[1]))
            if a.timing not in (T_CONTINUOUS, T_YOUR_TURN, T_OPP_TURN)]


RUNNER = Runner("tcgsim.simcore.games.onepiece", _decks, log_rows=20000, title="ONE PIECE",
                effects=_effects, search_family=4)  # strategies.onepiece.policy.SEARCH

GAME = Game(
    name="onepiece",
    title="ONE PIECE Card Game",
    data_dir=Path(__file__).parent / "data",
    load_cards=load_cards,
    resolve_deck=resolve_deck,
    columns=RUNNER.columns(),
    reasons=REASONS,
    rulesets=RULESETS,
    default_turn_cap=100,
    run_batch=RUNNER.run_batch,
    searching=RUNNER.searching,
    replay=RUNNER.replay,
    diagnose=RUNNER.diagnose,
    abilities=_abilities,
    import_cards=read_database,
    text_damaged=text_damaged,
    store_entries=store_entries,
    coverage=deck_coverage,
    effects=FACET,
    code_pattern=r"^(OP|ST|EB|PRB)\d+-\d+$|^P-\d+$",
    tuning=TUNING,
    effects_version=compiler_digest,
)
