"""Coverage of card text on the public ONE PIECE tournament lists, against floors that only
go up: the means (tests/data/coverage_floor.toml) and each list's counts
(tests/data/coverage_floor_lists.toml). A floor left under a gain fails too, so it is
raised in the change that raised coverage."""

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.carddata import require

DATA = Path(__file__).parent / "data"
FLOORS = tomllib.loads((DATA / "coverage_floor.toml").read_text())
LIST_FLOORS = tomllib.loads((DATA / "coverage_floor_lists.toml").read_text())
SLACK = 0.005  # a mean floor sits at most this far under today's figure


def check_mean_floor(name: str, measured: float, floor: float) -> None:
    """measured is at its floor: not under it (a loss), not more than SLACK over it (a gain
    whose floor was not raised)."""
    assert measured >= floor, f"{name} fell to {measured:.4f}, under its floor {floor}"
    assert measured - floor <= SLACK, (
        f"{name} rose to {measured:.4f}: raise its floor ({floor}) in "
        "tests/data/coverage_floor.toml")


def check_list_floors(key: str, decks: list[dict]) -> None:
    """Each public list's ability counts equal its floor in coverage_floor_lists.toml."""
    floors = LIST_FLOORS[key]
    assert sorted(floors) == sorted(d["deck"] for d in decks)
    for d in decks:
        f = floors[d["deck"]]
        got = {"abilities": d["abilities"], "strict": d["strict"],
               "modelled": d["strict"] + d["approximate"]}
        for k in ("strict", "modelled"):
            assert got[k] >= f[k], f"{d['deck']}: {k} abilities fell to {got[k]} from {f[k]}"
        assert got == f, (f"{d['deck']}: {got} is above its floor {f}: raise it in "
                          "tests/data/coverage_floor_lists.toml")


def tcgsim(*args):
    return subprocess.run([sys.executable, "-m", "tcgsim", *map(str, args)],
                          capture_output=True, text=True)


@pytest.mark.parametrize("effects,floor_key", [("approx", "onepiece"),
                                               ("none", "onepiece_builtin")])
def test_onepiece_corpus_coverage_meets_its_floors(onepiece_store, effects, floor_key):
    corpus = require("decklists", "onepiece")
    r = tcgsim("cards", "coverage", "--corpus", corpus, "--store", onepiece_store, "--json",
               "--top", "10", "--effects", effects)
    assert r.returncode == 0, r.stderr
    figs = json.loads(r.stdout)
    assert figs["game"] == "onepiece" and len(figs["decks"]) == 27
    for d in figs["decks"]:
        assert d["unknown_cards"] == 0, d["deck"]  # every card's text is known
        assert d["strict"] + d["approximate"] + d["unmodelled"] == d["abilities"] > 0
    floor = FLOORS[floor_key]
    check_mean_floor("mean modelled share", figs["mean"]["modelled_share"],
                     floor["mean_modelled"])
    check_mean_floor("mean strict share", figs["mean"]["strict_share"], floor["mean_strict"])
    check_mean_floor("mean share by card", figs["mean"]["card_share"], floor["mean_by_card"])
    check_list_floors(floor_key, figs["decks"])
    copies = [u["copies"] for u in figs["unmatched"]]
    assert len(copies) == 10 and copies == sorted(copies, reverse=True)
    assert not any(ch.isdigit() for u in figs["unmatched"] for ch in u["shape"])


def test_the_floor_checks_fail_on_a_loss_and_on_a_gain_left_unraised():
    """The checks themselves: a loss in one list fails even when the mean holds; a gain
    whose floor was not raised fails; the floor itself passes."""
    check_mean_floor("x", 0.950, 0.949)
    with pytest.raises(AssertionError, match="fell"):
        check_mean_floor("x", 0.948, 0.949)
    with pytest.raises(AssertionError, match="raise its floor"):
        check_mean_floor("x", 0.960, 0.949)
    f = next(iter(LIST_FLOORS["onepiece"].values()))
    decks = [{"deck": n, "abilities": v["abilities"], "strict": v["strict"],
              "approximate": v["modelled"] - v["strict"]}
             for n, v in LIST_FLOORS["onepiece"].items()]
    check_list_floors("onepiece", decks)
    extra = f["modelled"] - f["strict"] + 1
    decks[0] = {**decks[0], "strict": f["strict"] - 1, "approximate": extra}
    with pytest.raises(AssertionError, match="strict abilities fell"):
        check_list_floors("onepiece", decks)
    decks[0] = {**decks[0], "strict": f["strict"], "approximate": extra}
    with pytest.raises(AssertionError, match="raise it"):
        check_list_floors("onepiece", decks)


def test_coverage_text_report_and_errors(onepiece_store, tmp_path):
    deck = require("decklists", "optcg_blue_doflamingo_a.txt")
    r = tcgsim("cards", "coverage", deck, "--store", onepiece_store, "--top", "3")
    assert r.returncode == 0, r.stderr
    assert "mean over 1 decks" in r.stdout and "most frequent unmodelled clause shapes" in r.stdout
    r = tcgsim("cards", "coverage", "--corpus", tmp_path / "none", "--store", onepiece_store)
    assert r.returncode == 2 and "no such folder" in r.stderr
    r = tcgsim("cards", "coverage", deck, "--store", tmp_path / "empty")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
