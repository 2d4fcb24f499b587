"""Weiss Schwarz (2023 comprehensive manual, seed 002; 2017 English rules, seed 004, as a
ruleset)."""

from pathlib import Path

import numpy as np

from tcgsim.simcore.coverage import deck_coverage
from tcgsim.simcore.decks import Deck
from tcgsim.simcore.effects.facet import builtin_facet
from tcgsim.simcore.game import Game
from tcgsim.simcore.gamekit import Runner
from tcgsim.simcore.games.weiss.cards import load_cards
from tcgsim.simcore.games.weiss.deckrules import resolve_deck
from tcgsim.simcore.games.weiss.importer import read_database, store_entries
from tcgsim.simcore.games.weiss.layout import REASONS, RULESETS
from tcgsim.simcore.games.weiss.tuning import TUNING


def _decks(deck_a: Deck, deck_b: Deck) -> tuple[np.ndarray]:
    """(2, 50) int32 deck cards (Weiß Schwarz has no Leader)."""
    return (np.stack([deck_a.cards, deck_b.cards]).astype(np.int32),)


RUNNER = Runner("tcgsim.simcore.games.weiss", _decks, title="Weiß Schwarz")

GAME = Game(
    name="weiss",
    title="Weiß Schwarz",
    data_dir=Path(__file__).parent / "data",
    load_cards=load_cards,
    resolve_deck=resolve_deck,
    columns=RUNNER.columns(),
    reasons=REASONS,
    rulesets=RULESETS,
    default_turn_cap=60,
    run_batch=RUNNER.run_batch,
    replay=RUNNER.replay,
    import_cards=read_database,
    store_entries=store_entries,
    coverage=deck_coverage,
    effects=builtin_facet(("text",)),
    tuning=TUNING,
    code_pattern=r"^[A-Z0-9]+/[A-Z]+\d+-[A-Z]*\d+[A-Z]*$",
)
