"""Golden games: a few fixed games of each engine, replayed as text and compared line by
line with tests/data/golden_games/, so that any change in how a game is played shows here
as the first line that differs. After an intended change of play, regenerate them with
`python -m pytest --update-golden tests/test_golden_games.py` and read the diff."""

import hashlib
from pathlib import Path

import numpy as np
import pytest

from tests.carddata import require

GOLDEN = Path(__file__).parent / "data" / "golden_games"
SEED = 1
# (file stem, game, deck A, deck B, needs the card store): the sample decks of each game,
# and a pair of real ONE PIECE lists whose card text plays.
MATCHES = [("onepiece-sample", "onepiece", "red-luffy", "green-kid", False),
           ("onepiece-real", "onepiece", "OP09-001_2026-06-13_doffy.txt",
            "OP01-060_2023-01-14_davide.txt", True),
           ("weiss-sample", "weiss", "sunrise", "tide", False),
           ("dbs-sample", "dbs", "red-hit", "blue-goku", False)]
INDEXES = (0, 1)  # deck A goes first in game 0, deck B in game 1
RESOLVES = "resolves: "


def without_card_text(text: str) -> str:
    """The replay with each printed ability text (the publisher's, which the repository does
    not hold) replaced by a digest of it: a change of which ability resolves still shows."""
    out = []
    for line in text.splitlines():
        head, sep, printed = line.partition(RESOLVES)
        if sep:
            line = f"{head}{sep}text {hashlib.sha256(printed.encode()).hexdigest()[:12]}"
        out.append(line)
    return "\n".join(out) + "\n"


def replay_text(game: str, a: str, b: str, index: int, store) -> str:
    from tcgsim.experiments.match import load_match

    g, table, sa, sb = load_match(game, a, b, "default", "default", (), store)
    fams = np.array([sa.fam, sb.fam], dtype=np.int64)
    params = np.stack([sa.params, sb.params])
    lines = g.replay(table, sa.deck, sb.deck, SEED, index, fams, params, 0,
                     g.default_turn_cap)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("index", INDEXES)
@pytest.mark.parametrize("stem,game,a,b,real", MATCHES, ids=[m[0] for m in MATCHES])
def test_golden_game(request, stem, game, a, b, real, index):
    store = None
    if real:
        store = request.getfixturevalue("onepiece_store")
        a, b = (str(require("decklists", "onepiece", n)) for n in (a, b))
    got = replay_text(game, a, b, index, store)
    if real:
        got = without_card_text(got)
    path = GOLDEN / f"{stem}-seed{SEED}-game{index}.txt"
    if request.config.getoption("--update-golden"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got)
        return
    assert path.exists(), f"{path.name} is missing: run pytest --update-golden {__file__}"
    want = path.read_text()
    for n, (w, g_) in enumerate(zip(want.splitlines(), got.splitlines(), strict=False), 1):
        assert g_ == w, f"{path.name}:{n} differs:\n  golden: {w}\n  now:    {g_}"
    assert got.count("\n") == want.count("\n"), (
        f"{path.name}: {want.count(chr(10))} lines golden, {got.count(chr(10))} now")
    assert "wins" in got or "draw" in got.lower()
