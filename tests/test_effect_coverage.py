"""Coverage of card text on the public ONE PIECE tournament lists, against floors that only
go up (tests/data/coverage_floor.toml)."""

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.carddata import require

FLOORS = tomllib.loads((Path(__file__).parent / "data" / "coverage_floor.toml").read_text())


def tcgsim(*args):
    return subprocess.run([sys.executable, "-m", "tcgsim", *map(str, args)],
                          capture_output=True, text=True)


@pytest.fixture(scope="module")
def onepiece_store(tmp_path_factory):
    """Both public ONE PIECE databases imported (the second adds OP-17 and EB-04)."""
    store = tmp_path_factory.mktemp("op_store")
    for src in (("optcg", "english"), ("optcg", "limitless")):
        r = tcgsim("cards", "import", require(*src), "--game", "onepiece", "--store", store)
        assert r.returncode == 0, r.stderr
    return store


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
    assert figs["mean"]["modelled_share"] >= floor["mean_modelled"]
    assert figs["mean"]["strict_share"] >= floor["mean_strict"]
    assert figs["mean"]["card_share"] >= floor["mean_by_card"]
    assert min(d["modelled_share"] for d in figs["decks"]) >= floor["lowest_modelled"]
    copies = [u["copies"] for u in figs["unmatched"]]
    assert len(copies) == 10 and copies == sorted(copies, reverse=True)
    assert not any(ch.isdigit() for u in figs["unmatched"] for ch in u["shape"])


def test_coverage_text_report_and_errors(onepiece_store, tmp_path):
    deck = require("decklists", "optcg_blue_doflamingo_a.txt")
    r = tcgsim("cards", "coverage", deck, "--store", onepiece_store, "--top", "3")
    assert r.returncode == 0, r.stderr
    assert "mean over 1 decks" in r.stdout and "most frequent unmodelled clause shapes" in r.stdout
    r = tcgsim("cards", "coverage", "--corpus", tmp_path / "none", "--store", onepiece_store)
    assert r.returncode == 2 and "no such folder" in r.stderr
    r = tcgsim("cards", "coverage", deck, "--store", tmp_path / "empty")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
