"""Dragon Ball Super strategy families, presets and the strength ladder: every pairing keeps
the invariants over thousands of debug-mode games, the default beats `random`, bad strategy
input is one line and exit status 2."""

import subprocess
import sys

import numpy as np
import pytest

from experiments.ladder import run_ladder
from simcore.errors import InputError
from simcore.games.dbs import layout as L
from simcore.games.registry import get_game
from strategies.registry import families, presets, resolve

GAME = get_game("dbs")
TABLE = GAME.load_cards(GAME.card_files())
DECKS = {k: GAME.resolve_deck(p, TABLE) for k, p in GAME.sample_decks().items()}
FAMILIES = list(families("dbs"))
KNOWN = {L.R_LIFE, L.R_DECK_OUT, L.R_BOTH_LOST, L.R_TURN_CAP, L.R_VICTORY}


def test_four_families_with_ranges_for_every_parameter():
    assert FAMILIES == ["random", "default", "aggro", "control"]
    layout = [p for p, _, _ in families("dbs")["default"].params]
    for name in ("default", "aggro", "control"):
        fam = families("dbs")[name]
        assert [p for p, _, _ in fam.params] == layout  # one shared parameter layout
        for pname, default, _ in fam.params:
            lo, hi = fam.ranges[pname]
            assert lo <= default <= hi


@pytest.mark.parametrize("fam_a", FAMILIES)
@pytest.mark.parametrize("fam_b", FAMILIES)
def test_every_family_pairing_keeps_the_invariants(fam_a, fam_b):
    """3,000 games per pairing in debug mode (invariants after every action), three deck
    pairs in turn: no error, every game ends for a known reason."""
    a = resolve("dbs", fam_a)
    b = resolve("dbs", fam_b)
    names = list(DECKS)
    for i, (da, db) in enumerate(zip(names, names[1:] + names[:1], strict=True)):
        rows = GAME.run_batch(TABLE, DECKS[da], DECKS[db], 21 + i, 0, 1000,
                              np.array([a[0], b[0]]), np.stack([a[1], b[1]]), L.V123, 60, True)
        assert (rows[:, 5] == 0).all()
        assert set(np.unique(rows[:, 3])) <= KNOWN
        assert set(np.unique(rows[:, 2])) <= {-1, 0, 1}


def test_ladder_default_beats_random():
    """Issue expectation: the default beats `random` in at least 95 % of games; every
    heuristic family beats `random`; scores of a pairing add up to its games."""
    lad = run_ladder(GAME, TABLE, 100, 5)
    assert lad.rate("default", "random") >= 0.95
    assert lad.rate("aggro", "random") >= 0.9 and lad.rate("control", "random") >= 0.9
    assert lad.elo["random"] == 0
    for a in FAMILIES:
        for b in FAMILIES:
            if a != b:
                assert lad.score[a, b] + lad.score[b, a] == lad.games[a, b]


def test_presets_and_overrides():
    names = [p for p, _, _ in families("dbs")["default"].params]
    fam, prm = resolve("dbs", "wall")
    assert fam == families("dbs")["control"].fam_id
    assert prm[names.index("block_life")] == 8 and prm[names.index("reserve")] == 3
    assert presets("dbs")["rush"].family == "aggro"
    fam, prm = resolve("dbs", "aggro", ["counter_cost=2"])
    assert fam == families("dbs")["aggro"].fam_id and prm[names.index("counter_cost")] == 2
    fam, prm = resolve("dbs", "control:expose_slack=-5000", ["ko_min_cost=3"])
    assert prm[names.index("expose_slack")] == -5000 and prm[names.index("ko_min_cost")] == 3


@pytest.mark.parametrize("spec, extra, message", [
    ("nope", [], "unknown strategy 'nope' for dbs"),
    ("aggro", ["nope=1"], "unknown parameter 'nope'"),
    ("control", ["reserve=x"], "reserve must be a number"),
    ("default", ["threat_life=9"], "threat_life = 9 is outside 0..8"),
    ("default:expose_slack=-40000", [], "expose_slack = -40000 is outside -30000..30000"),
    ("random", ["reserve=3"], "unknown parameter 'reserve'"),
])
def test_bad_strategy_input(spec, extra, message):
    with pytest.raises(InputError, match=message):
        resolve("dbs", spec, extra)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "experiments.cli", *map(str, args)],
                          capture_output=True, text=True)


def test_cli_strategy_options_and_one_line_errors():
    r = _cli("simulate", "--game", "dbs", "red-hit", "blue-goku", "-n", 200, "--strategy-a",
             "control", "--param-a", "reserve=0", "--strategy-b", "rush")
    assert r.returncode == 0, r.stderr
    for args, start in [
        (("--strategy-a", "berserk"), "tcgsim: error: unknown strategy 'berserk' for dbs"),
        (("--strategy-b", "aggro", "--param-b", "warp=9"),
         "tcgsim: error: strategy aggro: unknown parameter 'warp'"),
        (("--param-a", "save_cost=13"),
         "tcgsim: error: strategy default: save_cost = 13 is outside 0..12"),
    ]:
        r = _cli("simulate", "--game", "dbs", "red-hit", "blue-goku", "-n", 20, *args)
        assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
        assert r.stderr.startswith(start), r.stderr


def test_cli_strategies_lists_dbs_families_and_presets():
    r = _cli("strategies", "--game", "dbs")
    assert r.returncode == 0, r.stderr
    for word in ("aggro:", "control:", "expose_slack", "-30000..30000", "wall:", "rush:"):
        assert word in r.stdout


def test_cli_ladder_and_tune_strategy():
    r = _cli("ladder", "--game", "dbs", "-n", 20)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("| family | Elo |")
    assert len(r.stdout.strip().splitlines()) == 2 + len(FAMILIES)
    r = _cli("tune-strategy", "--game", "dbs", "--family", "aggro", "--field", "control",
             "-n", 10)
    assert r.returncode == 0, r.stderr
    assert "score against the field on fresh games" in r.stdout
    r = _cli("tune-strategy", "--game", "dbs", "--field", "bogus", "-n", 10)
    assert r.returncode == 2 and "unknown strategy 'bogus'" in r.stderr
