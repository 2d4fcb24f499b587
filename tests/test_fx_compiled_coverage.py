"""Compiler coverage on the real ONE PIECE lists in ../shared (EFFECTS.md §6): the mean
shares of abilities and cards the compiler turns into programs (not yet run by the engine)
must not fall below tests/data/coverage_floor.toml [onepiece_compiled]."""

import json
import tomllib
from pathlib import Path

from tests.carddata import require
from tests.test_effect_coverage import check_mean_floor, tcgsim

FLOORS = tomllib.loads((Path(__file__).parent / "data" / "coverage_floor.toml").read_text())


def test_onepiece_compiled_coverage_meets_its_floors(onepiece_store):
    corpus = require("decklists", "onepiece")
    r = tcgsim("cards", "compiled", "--corpus", corpus, "--store", onepiece_store, "--json",
               "--top", "5")
    assert r.returncode == 0, r.stderr
    figs = json.loads(r.stdout)
    assert figs["game"] == "onepiece" and len(figs["decks"]) == 27
    for d in figs["decks"]:
        assert d["unknown_cards"] == 0, d["deck"]
        assert d["strict"] + d["approximate"] + d["unmodelled"] == d["abilities"] > 0
        assert d["cards_strict"] <= d["cards_modelled"] <= d["cards"]
    floor = FLOORS["onepiece_compiled"]
    m = figs["mean"]
    check_mean_floor("compiled strict share", m["strict_share"], floor["mean_strict"])
    check_mean_floor("compiled modelled share", m["modelled_share"], floor["mean_modelled"])
    check_mean_floor("compiled strict share by card", m["card_strict_share"],
                     floor["mean_card_strict"])
    check_mean_floor("compiled share by card", m["card_share"], floor["mean_by_card"])
    assert min(d["modelled_share"] for d in figs["decks"]) >= floor["lowest_modelled"]
    assert len(figs["unmatched"]) == 5


def test_compiled_text_report_says_what_it_counts(onepiece_store):
    deck = require("decklists", "optcg_blue_doflamingo_a.txt")
    r = tcgsim("cards", "compiled", deck, "--store", onepiece_store, "--top", "3")
    assert r.returncode == 0, r.stderr
    assert "whether the engine runs it or not" in r.stdout
    assert "mean over 1 decks" in r.stdout


def test_compilation_is_deterministic():
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text
    from tcgsim.simcore.games.onepiece.importer import read_database

    df, _ = read_database(require("optcg", "english"))
    sample = df.head(300).iter_rows(named=True)
    for r in sample:
        a = compile_text(r["text"], r["trigger_text"])
        b = compile_text(r["text"], r["trigger_text"])
        assert a == b, r["code"]
