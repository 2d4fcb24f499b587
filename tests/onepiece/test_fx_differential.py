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
# The `default` digests were taken anew when its play changed (targets by current cost,
# lethal-aware counters, DON!! -N kept for what changes the board, and last the mulligan
# that keeps a hand no worse than the deck's average: docs/strategies.md; with
# `mulligan_avg=0` the games are those of the digests before it, checked below); `random`
# plays the games it always played.
GOLDEN = {
    ("red-luffy", "green-kid", "default"):
        "3db0e2214856614ba5ad09818a4acef5090751295c29483d74bd492fa9e7bc30",
    ("green-kid", "blue-crocodile", "default"):
        "87836307a565f78c20e467132dda192cb14b2b25044723a39f45c271c35fb604",
    ("red-luffy", "green-kid", "default:mulligan_avg=0"):
        "e2065896b77d5cbe43f7328a0493a7218b365a7d598175cc682f61809763a307",
    ("green-kid", "blue-crocodile", "default:mulligan_avg=0"):
        "be6a6ccbc2316f841ba70d20f6124c8cf3276e97ce51172833e4dfa9f4b7f6db",
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
