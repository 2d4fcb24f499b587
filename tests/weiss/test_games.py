"""Whole Weiss Schwarz games: invariants over thousands of random-strategy games in debug
mode (each card in one zone, counts in range, no climax in the clock through a cancel, the
loser met a real loss condition), determinism, replay, and bad decks through the CLI."""

import re
import subprocess
import sys

import numba
import numpy as np
import pytest

from tcgsim.experiments.match import load_match
from tcgsim.simcore.games.weiss import GAME
from tcgsim.simcore.games.weiss import layout as L
from tcgsim.simcore.games.weiss.batch import COLUMNS
from tcgsim.simcore.runner import run_games

COL = {c: i for i, c in enumerate(COLUMNS)}
KNOWN = {L.R_LEVEL, L.R_DECK_OUT, L.R_BOTH_LOST, L.R_TURN_CAP}


@pytest.mark.parametrize("ruleset", [L.M2023, L.E2017])
@pytest.mark.parametrize("decks,strats", [
    (("sunrise", "tide"), ("random", "random")),
    (("ember", "sunrise"), ("random", "default")),
    (("tide", "ember"), ("default", "default")),
])
def test_invariants_in_debug_mode(decks, strats, ruleset):
    """3000 games per case with check_invariants after every action: no error, every game
    finished for a known reason, the winner's opponent met it (check_loss in debug mode)."""
    g, t, a, b = load_match("weiss", *decks, *strats)
    rows = run_games(g, t, a, b, 99, 3000, ruleset=ruleset, debug=True).rows
    assert (rows[:, COL["error"]] == 0).all()
    assert set(np.unique(rows[:, COL["reason"]])) <= KNOWN
    for s in ("a", "b"):
        for stat in ("level", "clock", "damage_taken", "cancels", "refreshes", "encores"):
            assert (rows[:, COL[f"{stat}_{s}"]] >= 0).all()
        assert (rows[:, COL[f"clock_{s}"]] <= 6).all()  # 7 clock cards level up (9.3)
    won = rows[:, COL["winner"]]
    lvl = rows[:, COL["reason"]] == L.R_LEVEL
    loser_level = np.where(won == 0, rows[:, COL["level_b"]], rows[:, COL["level_a"]])
    assert (loser_level[lvl & (won >= 0)] >= 4).all()


def test_turn_cap_is_a_draw_with_its_reason():
    g, t, a, b = load_match("weiss", "sunrise", "tide", "default", "default")
    rows = run_games(g, t, a, b, 5, 20, turn_cap=3).rows
    assert (rows[:, COL["winner"]] == -1).all() and (rows[:, COL["reason"]] == L.R_TURN_CAP).all()
    assert (rows[:, COL["turns"]] == 3).all()


def test_determinism_threads_and_batches():
    """Same seed, same rows with 1 and 2 threads and with different batch splits."""
    m = load_match("weiss", "ember", "tide", "random", "default")
    g, t, a, b = m
    before = numba.get_num_threads()
    try:
        r1 = run_games(g, t, a, b, 42, 1000, threads=1).rows
        if numba.config.NUMBA_NUM_THREADS >= 2:
            r2 = run_games(g, t, a, b, 42, 1000, threads=2).rows
            np.testing.assert_array_equal(r1, r2)
    finally:
        numba.set_num_threads(before)
    r3 = run_games(g, t, a, b, 42, 1000, batch_size=200).rows
    np.testing.assert_array_equal(r1, r3)
    r4 = run_games(g, t, a, b, 42, 400, start=600).rows
    np.testing.assert_array_equal(r1[600:], r4)


def test_paired_games_swap_first_player():
    g, t, a, b = load_match("weiss", "ember", "tide", "default", "default")
    rows = run_games(g, t, a, b, 3, 10).rows
    assert list(rows[:, COL["first"]]) == [0, 1] * 5


def test_decks_are_legal_and_listed():
    table = GAME.load_cards(GAME.card_files())
    for path in GAME.sample_decks().values():
        assert len(GAME.resolve_deck(path, table).cards) == 50
    assert set(GAME.sample_decks()) == {"sunrise", "tide", "ember"}


def cli(*args):
    return subprocess.run([sys.executable, "-m", "tcgsim", *args],
                          capture_output=True, text=True)


def test_replay_prints_a_game():
    r = cli("replay", "--game", "weiss", "sunrise", "tide", "--index", "1")
    assert r.returncode == 0, r.stderr
    assert "Turn 1" in r.stdout
    assert re.fullmatch(r"(A|B) \(.+\) wins \(.+\)\.|The game is a draw.*",
                        r.stdout.strip().splitlines()[-1])


BASE = open(GAME.sample_decks()["sunrise"]).read()


@pytest.mark.parametrize("edit,message", [
    (lambda s: s.replace("4xSUN/W01-041", "5xSUN/W01-041").replace("4xSUN/W01-005",
                                                                    "3xSUN/W01-005"),
     "at most 4 per card name (rule 5.1.2.2)"),
    (lambda s: s + "1xSUN/W01-005\n", "at most 4 per card name"),
    (lambda s: s.replace("4xSUN/W01-002", "3xSUN/W01-002"), "deck has 49 cards"),
    (lambda s: s.replace("4xSUN/W01-002\n", "4xSUN/W01-002\n1xTDE/W01-002\n"),
     "deck has 51 cards"),
    (lambda s: s.replace("4xSUN/W01-002", "3xSUN/W01-002") + "1xTDE/W01-041\n",
     "9 climaxes; at most 8 (rule 5.1.2.3)"),
])
def test_5_1_2_bad_decks_are_one_line_exit_2(tmp_path, edit, message):
    """Edge 1: 9 climaxes, 49/51 cards, a 5th copy of a name: one line, exit status 2."""
    deck = tmp_path / "bad.txt"
    deck.write_text(edit(BASE))
    r = cli("simulate", "--game", "weiss", str(deck), "tide", "-n", "2")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and message in r.stderr, r.stderr


def test_zero_climaxes_is_legal(tmp_path):
    """5.1.2.3: there is no minimum."""
    deck = tmp_path / "nocx.txt"
    deck.write_text(BASE.replace("4xSUN/W01-041\n4xSUN/W01-042\n",
                                 "4xTDE/W01-002\n4xTDE/W01-005\n"))
    table = GAME.load_cards(GAME.card_files())
    assert len(GAME.resolve_deck(deck, table).cards) == 50
