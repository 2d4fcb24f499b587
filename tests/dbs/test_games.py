"""Dragon Ball Super over many games: invariants in debug mode, determinism across threads and
batch splits, and the CLI's handling of sample decks and bad input."""

import itertools
import re
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest

from tcgsim.experiments.match import load_match
from tcgsim.simcore.games.dbs import GAME, engine
from tcgsim.simcore.games.dbs import layout as L
from tcgsim.simcore.games.dbs.batch import COLUMNS
from tcgsim.simcore.runner import run_games

DECKS = sorted(GAME.sample_decks())
COL = {c: i for i, c in enumerate(COLUMNS)}
KNOWN = {L.R_LIFE, L.R_DECK_OUT, L.R_BOTH_LOST, L.R_TURN_CAP, L.R_VICTORY}
_EXE = Path(sys.executable).with_name("tcgsim")
TCGSIM = [str(_EXE)] if _EXE.exists() else [sys.executable, "-m", "tcgsim"]


def col(rows, name):
    return rows[:, COL[name]]


@pytest.mark.parametrize("strats", [("random", "random"), ("default", "random"),
                                    ("default", "default")])
def test_invariants_over_thousands_of_debug_games(strats):
    """Every ordered pair of sample decks, 1000 games each in debug mode (card conservation,
    energy counts, Combo Area empty outside battles, loser met a loss condition): no error;
    every row is a finished game with a known reason; draws only for a reason."""
    for da, db in itertools.product(DECKS, DECKS):
        g, table, a, b = load_match("dbs", da, db, *strats)
        rows = run_games(g, table, a, b, 11, 1000, debug=True).rows
        err = col(rows, "error")
        assert not err.any(), (da, db, engine.ERRORS.get(int(err[err != 0][0])))
        reason, winner = col(rows, "reason"), col(rows, "winner")
        assert set(np.unique(reason)) <= KNOWN
        draw = (reason == L.R_BOTH_LOST) | (reason == L.R_TURN_CAP)
        np.testing.assert_array_equal(winner == L.DRAW, draw)
        np.testing.assert_array_equal(col(rows, "first"), col(rows, "game") & 1)
        assert np.all(col(rows, "turns") >= 2)
        # the loser by Life ended at 0 Life
        lost_life = (reason == L.R_LIFE)
        loser_life = np.where(winner == 0, col(rows, "life_left_b"), col(rows, "life_left_a"))
        assert np.all(loser_life[lost_life] == 0)


def test_turn_cap_draw_reason():
    """11-1-2: a low turn cap ends unfinished games as draws with reason "turn cap"."""
    g, table, a, b = load_match("dbs", "red-hit", "blue-goku", "random", "random")
    rows = run_games(g, table, a, b, 3, 200, turn_cap=4, debug=True).rows
    assert np.all(col(rows, "reason") == L.R_TURN_CAP)
    assert np.all(col(rows, "winner") == L.DRAW) and np.all(col(rows, "turns") == 4)


def test_determinism_threads_and_batches():
    """A game's row depends only on (seed, index, decks, strategies): 1 or 2 threads, any
    batch split and start offset give the same rows; games 2k/2k+1 swap the first player."""
    g, table, a, b = load_match("dbs", "black-mira", "red-hit", "default", "random")
    before = numba.get_num_threads()
    try:
        one = run_games(g, table, a, b, 99, 2000, threads=1).rows
        if numba.config.NUMBA_NUM_THREADS >= 2:
            two = run_games(g, table, a, b, 99, 2000, threads=2).rows
            np.testing.assert_array_equal(one, two)
    finally:
        numba.set_num_threads(before)
    for bs in (2, 7, 128, 999):
        np.testing.assert_array_equal(one, run_games(g, table, a, b, 99, 2000,
                                                     batch_size=bs).rows)
    tail = run_games(g, table, a, b, 99, 500, start=1500).rows
    np.testing.assert_array_equal(one[1500:], tail)
    other = run_games(g, table, a, b, 100, 2000).rows
    assert not np.array_equal(one, other)


def tcgsim(*args):
    return subprocess.run(TCGSIM + [str(x) for x in args], capture_output=True, text=True,
                          timeout=600)


def test_cli_decks_simulate_replay():
    """`tcgsim decks --game dbs` lists the 3 sample decks; simulate and replay run them."""
    r = tcgsim("decks", "--game", "dbs")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Dragon Ball Super Card Game (Masters) (--game dbs):"
    assert [s.split()[0] for s in lines[1:]] == ["black-mira", "blue-goku", "red-hit"]
    r = tcgsim("simulate", "--game", "dbs", "red-hit", "black-mira", "-n", "200")
    assert r.returncode == 0, r.stderr
    assert "win rate of Red Hit (BT1)" in r.stdout
    r = tcgsim("replay", "--game", "dbs", "red-hit", "blue-goku", "--index", "3")
    assert r.returncode == 0, r.stderr
    assert "Turn 1 - " in r.stdout
    assert re.fullmatch(r"(A|B) \(.+\) wins \(.+\)\.|The game is a draw.*",
                        r.stdout.strip().splitlines()[-1])
    r = tcgsim("strategies", "--game", "dbs")
    assert "energy_target" in r.stdout
    r = tcgsim("simulate", "--help")
    assert "dbs" in r.stdout


@pytest.mark.parametrize("text,needle", [
    ("1xBT1-003\n4xBT1-007\n", "it must have 50 to 60"),
    ("1xBT1-003\n4xBT1-999\n", "unknown card code BT1-999"),
    ("1xBT1-003\n5xBT1-007\n" + "4xBT1-014\n" * 12, "at most 4 per card number"),
    ("".join(f"4xBT1-0{n}\n" for n in ("07", "14", "19", "23", "06", "12", "21", "05", "09",
                                         "13", "08", "22", "04")), "no Leader card"),
    ("this is not a card\n", "cannot read"),
])
def test_cli_bad_decks_one_line_exit_2(tmp_path, text, needle):
    """Illegal decks and unknown cards: one line on stderr, exit status 2, nothing on stdout."""
    deck = tmp_path / "bad.txt"
    deck.write_text(text)
    r = tcgsim("simulate", "--game", "dbs", deck, "red-hit", "-n", "10")
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tcgsim: error:") and needle in lines[0]


def test_cli_bad_card_file_one_line_exit_2(tmp_path):
    """A card pool entry with an unknown keyword: one line naming file and key, exit 2."""
    pool = tmp_path / "pool.toml"
    pool.write_text('[cards."X-1"]\ntype = "battle"\ncolors = ["red"]\npower = 5000\n'
                    'keywords = ["flying"]\n')
    r = tcgsim("simulate", "--game", "dbs", "red-hit", "blue-goku", "--cards", pool, "-n", "10")
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "cards.X-1.keywords" in lines[0] and "flying" in lines[0]
