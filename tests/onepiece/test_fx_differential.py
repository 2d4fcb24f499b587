"""The effect engine's refactors change no game: the built-in sample decks give the same
result rows, bit for bit, as recorded before them (EFFECTS.md, section 6: the differential
migration test). The golden digests were taken on the engine with the inline effect codes;
a change that alters a game changes a digest and must say why."""

import hashlib

import numpy as np
import pytest

from tcgsim.experiments.match import load_match
from tcgsim.simcore.runner import run_games

# (deck A, deck B, strategy) -> sha256 of the int32 result rows of 2,000 games, seed 20261124.
GOLDEN = {
    ("red-luffy", "green-kid", "default"):
        "f2fe0b6499eb3a0af72923e11864a7a3b2cedc09f099bce499911b3b0a73c89a",
    ("green-kid", "blue-crocodile", "default"):
        "4b1104939cb61bf4283d83a44f83721d4b8c203c3c46b7267de13c90e46394d4",
    ("blue-crocodile", "red-luffy", "random"):
        "c1ddb00f640154be63b15caab550a1871eab0ed9de462791d37f0679cdb462eb",
}


def rows_digest(deck_a: str, deck_b: str, strategy: str) -> str:
    game, table, a, b = load_match("onepiece", deck_a, deck_b, strategy, strategy)
    rows = run_games(game, table, a, b, 20261124, 2000).rows
    return hashlib.sha256(np.ascontiguousarray(rows, dtype=np.int32).tobytes()).hexdigest()


@pytest.mark.parametrize("pairing", list(GOLDEN))
def test_sample_decks_play_the_same_games(pairing):
    assert rows_digest(*pairing) == GOLDEN[pairing]
