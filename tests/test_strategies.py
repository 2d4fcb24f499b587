"""Strategy families, presets, plugins and the strength ladder."""

import subprocess
import sys
from importlib.metadata import EntryPoint

import numpy as np
import pytest

import tcgsim.strategies.registry as registry
from tcgsim.experiments.ladder import elo_intervals, elo_ratings, run_ladder
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.registry import get_game
from tcgsim.strategies.registry import Preset, families, presets, resolve

GAME = get_game("onepiece")
TABLE = GAME.load_cards(GAME.card_files())
DECKS = {k: GAME.resolve_deck(p, TABLE) for k, p in GAME.sample_decks().items()}
FAMILIES = [n for n, f in families("onepiece").items() if not f.search]


def test_four_heuristic_families_and_the_search_player():
    assert FAMILIES == ["random", "default", "aggro", "control"]
    assert [n for n, f in families("onepiece").items() if f.search] == ["search"]


@pytest.mark.parametrize("fam_a", FAMILIES)
@pytest.mark.parametrize("fam_b", FAMILIES)
def test_every_family_pairing_keeps_the_invariants(fam_a, fam_b):
    """1,500 games per pairing in debug mode (invariants after every action), decks rotated."""
    a = resolve("onepiece", fam_a)
    b = resolve("onepiece", fam_b)
    names = list(DECKS)
    for i, (da, db) in enumerate(zip(names, names[1:] + names[:1], strict=True)):
        rows = GAME.run_batch(TABLE, DECKS[da], DECKS[db], 11 + i, 0, 500,
                              np.array([a[0], b[0]]), np.stack([a[1], b[1]]), 0, 100, True)
        assert (rows[:, 5] == 0).all()
        assert set(np.unique(rows[:, 2])) <= {-1, 0, 1}


def test_ladder_default_beats_random_and_ratings_order():
    """Issue expectation: the default beats `random` in at least 95 % of games."""
    lad = run_ladder(GAME, TABLE, 200, 5)
    assert lad.rate("default", "random") >= 0.95
    assert lad.rate("aggro", "random") >= 0.95 and lad.rate("control", "random") >= 0.95
    assert max(lad.elo, key=lad.elo.get) == "default"
    assert lad.elo["random"] == 0
    for a in FAMILIES:
        for b in FAMILIES:
            if a != b:
                assert lad.score[a, b] + lad.score[b, a] == lad.games[a, b]


def test_elo_of_a_known_result():
    """75 % against an opponent is 191 Elo points (400 log10 3), up to the half-game prior."""
    r = elo_ratings(["x", "y"], {("x", "y"): 7500.0, ("y", "x"): 2500.0},
                    {("x", "y"): 10000, ("y", "x"): 10000}, "y")
    assert r["y"] == 0
    assert abs(r["x"] - 400 * np.log10(3)) < 0.5


def test_elo_interval_of_a_known_result():
    """The rating's 95 % interval: 1.96 standard errors, (400 / ln 10) / sqrt(n e (1 - e))
    with e = 0.75 over 10,000 games (plus the half-game prior on each side)."""
    score = {("x", "y"): 7500.0, ("y", "x"): 2500.0}
    games = {("x", "y"): 10000, ("y", "x"): 10000}
    r = elo_ratings(["x", "y"], score, games, "y")
    ci = elo_intervals(["x", "y"], games, r, "y")
    half = 1.959964 * 400 / np.log(10) / np.sqrt(10001 * 0.75 * 0.25)
    assert ci["y"] == (0.0, 0.0)
    assert ci["x"][0] == pytest.approx(r["x"] - half, abs=0.05)
    assert ci["x"][1] == pytest.approx(r["x"] + half, abs=0.05)


def _ladder_of(strategy: str) -> None:
    r = _cli("ladder", "-s", "default", "-s", strategy, "--deck", "red-luffy",
             "--deck", "green-kid", "-n", 2)
    assert r.returncode == 0, r.stderr
    rows = r.stdout.strip().splitlines()
    assert rows[0].startswith("| family | Elo | 95 % |") and len(rows) == 4
    assert {row.split("|")[1].strip() for row in rows[2:]} == {"default", strategy}
    assert any(" to " in row.split("|")[3] for row in rows[2:])  # the non-anchor's interval


@pytest.mark.thorough  # compiles the search player's runner (about 50 s)
def test_cli_ladder_rates_the_search_player():
    _ladder_of("search:playouts=2")


def test_cli_ladder_of_named_strategies_on_named_decks():
    """`--strategy` and `--deck` choose what is rated; each
    row has its Elo interval; one strategy alone is a one-line error."""
    _ladder_of("aggro")
    r = _cli("ladder", "-s", "default", "--deck", "red-luffy", "-n", 2)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "name at least two different strategies" in r.stderr


def test_presets_and_overrides():
    fam, prm = resolve("onepiece", "cautious")
    assert fam == families("onepiece")["default"].fam_id
    names = [p for p, _, _ in families("onepiece")["default"].params]
    assert prm[names.index("counter_life")] == 3
    fam, prm = resolve("onepiece", "control", ["counter_reserve=1"])
    assert prm[names.index("counter_reserve")] == 1
    fam, prm = resolve("onepiece", "control:counter_reserve=3", ["block_life=1"])
    assert prm[names.index("counter_reserve")] == 3 and prm[names.index("block_life")] == 1


@pytest.mark.parametrize("spec, extra, message", [
    ("nope", [], "unknown strategy 'nope' for onepiece"),
    ("default", ["nope=1"], "unknown parameter 'nope'"),
    ("default", ["block_life=x"], "block_life must be a number"),
    ("default", ["block_life=11"], "block_life = 11 is outside 0..10"),
    ("default", ["block_life"], "expected key=value"),
    ("default:counter_life=-1", [], "counter_life = -1 is outside 0..10"),
])
def test_bad_strategy_input(spec, extra, message):
    with pytest.raises(InputError, match=message):
        resolve("onepiece", spec, extra)


def test_plugin_presets_from_entry_points(monkeypatch):
    """A preset registered under the `tcgsim.strategies` entry point group is usable."""
    plugin = {"onepiece": {"turtle": Preset("control", {"block_life": 5}, "blocks a lot")}}

    class FakeEP(EntryPoint):
        def load(self):
            return lambda: plugin

    ep = FakeEP("demo", "demo:presets", registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [ep])
    assert "turtle" in presets("onepiece")
    fam, prm = resolve("onepiece", "turtle")
    assert fam == families("onepiece")["control"].fam_id and prm[4] == 5


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "tcgsim", *map(str, args)],
                          capture_output=True, text=True)


def test_cli_param_options_and_errors():
    r = _cli("simulate", "red-luffy", "green-kid", "-n", 200, "--strategy-a", "control",
             "--param-a", "counter_reserve=1")
    assert r.returncode == 0, r.stderr
    r = _cli("simulate", "red-luffy", "green-kid", "-n", 200, "--param-b", "warp=9")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert r.stderr.startswith("tcgsim: error: strategy default: unknown parameter 'warp'")


def test_cli_ladder_prints_a_table():
    r = _cli("ladder", "--game", "onepiece", "-n", 50)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("| family | Elo |")
    assert len(r.stdout.strip().splitlines()) == 2 + len(FAMILIES)


def test_cli_tune_strategy_smoke():
    r = _cli("tune-strategy", "--family", "aggro", "--field", "control", "-n", 20)
    assert r.returncode == 0, r.stderr
    assert "score against the field on fresh games" in r.stdout


def test_cli_tune_strategy_on_chosen_decks(tmp_path):
    """--deck chooses the decks the candidates play (every ordered pair): one deck plays only
    its mirror, so the search runs on it alone; a bad deck is one line, status 2."""
    r = _cli("tune-strategy", "--family", "aggro", "--field", "control", "-n", 4,
             "--rounds", 1, "--deck", "red-luffy")
    assert r.returncode == 0, r.stderr
    assert "score against the field on fresh games" in r.stdout
    bad = tmp_path / "bad.txt"
    bad.write_text("4xST01-999\n")
    r = _cli("tune-strategy", "--deck", str(bad), "-n", 4)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1
    assert r.stderr.startswith("tcgsim: error: ")


def test_tune_keeps_the_best_so_far_on_ctrl_c(monkeypatch):
    """A KeyboardInterrupt during the coordinate search returns the best values found
    before it, flagged interrupted (the CLI prints them and exits 130)."""
    from tcgsim.experiments import strategy_tuning as T

    calls = []

    def score(game, table, spec, field, n_games, seed, threads, games=None, decks=None):
        calls.append(spec)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return 0.5 + 0.1 * (len(calls) - 1)  # the 2nd candidate (first step) improves

    monkeypatch.setattr(T, "field_score", score)
    t = T.tune(GAME, TABLE, "default", ["aggro"], 10, 1)
    assert t.interrupted and t.start_score == 0.5 and abs(t.best_score - 0.6) < 1e-12
    first = next(iter(t.start))
    assert t.best != t.start and t.best[first] != t.start[first]
    assert {k: v for k, v in t.best.items() if k != first} == {
        k: v for k, v in t.start.items() if k != first}
